package api_test

import (
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/api"
)

// validBodies holds, per request schema of the OpenAPI document, a body
// that the server accepts, the route it goes to and the token to send.
// TestRequiredFieldsMatchOpenAPI removes each field the schema requires
// from it in turn.
var validBodies = map[string]struct {
	method, path, token, body string
}{
	"AppendRequest":     {"POST", "/v1/sessions/s/spans", tokenAcme, `{"spans":[{"id":"n1","kind":"user","text":"Keep the batch size at 500 rows."}]}`},
	"CompactionRequest": {"POST", "/v1/sessions/s/compactions", tokenAcme, `{"covers":["s3","x1"],"summary":"schema read twice","originals":[{"id":"x1","kind":"user","text":"hello"}]}`},
	"SelectionRequest":  {"POST", "/v1/sessions/s/selections", tokenAcme, `{"summary":"older reads dropped"}`},
	"BudgetRequest":     {"PUT", "/v1/sessions/s/budget", authSecret, `{"tokens":64000}`},
}

// requiredPaths lists the fields a schema requires, at any depth, in the
// API's field notation ("spans[0].text"), for a body whose arrays hold one
// element.
func requiredPaths(t *testing.T, schemas map[string]any, schema map[string]any, prefix string, depth int) []string {
	t.Helper()
	if ref, ok := schema["$ref"].(string); ok {
		schema = schemas[strings.TrimPrefix(ref, "#/components/schemas/")].(map[string]any)
	}
	if depth > 4 {
		return nil
	}
	var out []string
	if req, ok := schema["required"].([]any); ok {
		for _, r := range req {
			out = append(out, prefix+r.(string))
		}
	}
	props, _ := schema["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := props[n].(map[string]any)
		if items, ok := p["items"].(map[string]any); ok {
			out = append(out, requiredPaths(t, schemas, items, prefix+n+"[0].", depth+1)...)
		}
	}
	return out
}

// without removes the field at path ("a", "a[0].b") from a decoded body,
// or sets it to null; it reports whether the field was there.
func without(body map[string]any, path string, null bool) bool {
	parts := strings.Split(path, ".")
	cur := body
	for _, p := range parts[:len(parts)-1] {
		name, _, _ := strings.Cut(p, "[")
		arr, ok := cur[name].([]any)
		if !ok || len(arr) == 0 {
			return false
		}
		cur = arr[0].(map[string]any)
	}
	last := parts[len(parts)-1]
	if _, ok := cur[last]; !ok {
		return false
	}
	if null {
		cur[last] = nil
	} else {
		delete(cur, last)
	}
	return true
}

// TestRequiredFieldsMatchOpenAPI: for every request body of the OpenAPI
// document, each field its schema requires (nested ones included), sent
// missing or null, is 400 naming that field and writes nothing; the body
// with every field present is accepted. The document and the handlers
// are held to each other: a schema with a required field and no body
// here fails the test.
func TestRequiredFieldsMatchOpenAPI(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	requestSchemas := map[string]bool{}
	for _, ops := range doc["paths"].(map[string]any) {
		for _, op := range ops.(map[string]any) {
			rb, ok := op.(map[string]any)["requestBody"].(map[string]any)
			if !ok {
				continue
			}
			ref := rb["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)["$ref"].(string)
			requestSchemas[strings.TrimPrefix(ref, "#/components/schemas/")] = true
		}
	}
	for name := range requestSchemas {
		paths := requiredPaths(t, schemas, schemas[name].(map[string]any), "", 0)
		if _, ok := validBodies[name]; !ok && len(paths) > 0 {
			t.Errorf("%s requires %v but the test has no body for it", name, paths)
		}
	}
	names := make([]string, 0, len(validBodies))
	for n := range validBodies {
		names = append(names, n)
	}
	sort.Strings(names)
	e := newEnv(t)
	e.session(t, e.acme, "s")
	for _, name := range names {
		vb := validBodies[name]
		paths := requiredPaths(t, schemas, schemas[name].(map[string]any), "", 0)
		if len(paths) == 0 {
			t.Errorf("%s: the schema requires nothing", name)
		}
		for _, path := range paths {
			for _, null := range []bool{false, true} {
				var body map[string]any
				if err := json.Unmarshal([]byte(vb.body), &body); err != nil {
					t.Fatal(err)
				}
				if !without(body, path, null) {
					t.Fatalf("%s: the valid body has no %s", name, path)
				}
				b, _ := json.Marshal(body)
				before := e.snap(t, "s")
				status, out, _ := raw(t, e, vb.method, vb.path, vb.token, "application/json", b)
				if status != http.StatusBadRequest {
					t.Errorf("%s without %s (null %v): status %d, want 400: %v", name, path, null, status, out)
					continue
				}
				if got, _ := out["field"].(string); got != path {
					t.Errorf("%s without %s: field %q (%v)", name, path, got, out["error"])
				}
				if msg, _ := out["error"].(string); !strings.Contains(msg, path+": required") {
					t.Errorf("%s without %s: message %q does not name it as required", name, path, msg)
				}
				if after := e.snap(t, "s"); after != before {
					t.Errorf("%s without %s: something was written: %+v -> %+v", name, path, before, after)
				}
			}
		}
		status, out, _ := raw(t, e, vb.method, vb.path, vb.token, "application/json", []byte(vb.body))
		if status != http.StatusOK {
			t.Errorf("%s with every field: status %d: %v", name, status, out)
		}
	}
}

// TestCompactionSummaryRequired: a compaction without "summary" is 400
// naming it and leaves the session and its trail as they were; an empty
// summary (a pure de-duplication) is still judged, 200 with a decision.
func TestCompactionSummaryRequired(t *testing.T) {
	e := newEnv(t)
	e.session(t, e.acme, "s")
	before := e.snap(t, "s")
	status, out, _ := raw(t, e, "POST", "/v1/sessions/s/compactions", tokenAcme, "application/json", []byte(`{"covers":["s3","s4"]}`))
	if status != http.StatusBadRequest || out["field"] != "summary" {
		t.Fatalf("no summary: status %d, %v; want 400 naming summary", status, out)
	}
	if after := e.snap(t, "s"); after != before {
		t.Fatalf("a refused request wrote: %+v -> %+v", before, after)
	}
	status, out, _ = raw(t, e, "POST", "/v1/sessions/s/compactions", tokenAcme, "application/json", []byte(`{"covers":["s4"],"summary":""}`))
	if status != http.StatusOK {
		t.Fatalf(`"summary": "": status %d, %v; want 200`, status, out)
	}
	if out["type"] != "compaction" || out["reason"] == nil {
		t.Errorf(`"summary": "" answered %v, want a compaction decision`, out)
	}
	if after := e.snap(t, "s"); after.decisions != before.decisions+1 {
		t.Errorf("the judged compaction is not in the trail: %+v -> %+v", before, after)
	}
}

// TestUnknownFieldSuggestion: an unknown field near a known one is 400
// naming it with the known name as a hint; one near nothing gets no hint.
func TestUnknownFieldSuggestion(t *testing.T) {
	e := newEnv(t)
	e.session(t, e.acme, "s")
	cases := []struct {
		path, body, field, hint string
	}{
		{"/v1/sessions/s/compactions", `{"covers":["s4"],"sumary":"x"}`, "sumary", `did you mean "summary"?`},
		{"/v1/sessions/s/compactions", `{"covers":["s4"],"summary":"x","self-score":0.9}`, "self-score", `did you mean "self_score"?`},
		{"/v1/sessions/s/spans", `{"spans":[{"id":"a","knd":"user","text":"t"}]}`, "knd", `did you mean "kind"?`},
		{"/v1/sessions/s/spans", `{"spans":[],"zzzzzzzz":1}`, "zzzzzzzz", ""},
	}
	for _, tc := range cases {
		t.Run(tc.field, func(t *testing.T) {
			status, out, _ := raw(t, e, "POST", tc.path, tokenAcme, "application/json", []byte(tc.body))
			if status != http.StatusBadRequest || out["field"] != tc.field {
				t.Fatalf("status %d, %v", status, out)
			}
			msg, _ := out["error"].(string)
			if tc.hint != "" && !strings.Contains(msg, tc.hint) {
				t.Errorf("message %q lacks %q", msg, tc.hint)
			}
			if tc.hint == "" && strings.Contains(msg, "did you mean") {
				t.Errorf("message %q suggests a name for a field near none", msg)
			}
		})
	}
}
