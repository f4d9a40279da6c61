package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/api/wire"
)

// TestStrictInputUTF8: over HTTP, a string that is not UTF-8 (or escapes
// half a surrogate pair) is 400 naming its field on every endpoint that
// takes text, and nothing is written; encoding/json alone would have
// pinned U+FFFD in its place. A body declared in another charset is 415.
func TestStrictInputUTF8(t *testing.T) {
	e := newEnv(t)
	e.session(t, e.acme, "s")
	const ct = "application/json"
	cases := []struct {
		name, method, path, token, ct, body string
		status                              int
		field                               string
	}{
		{"span text", "POST", "/v1/sessions/s/spans", tokenAcme, ct, "{\"spans\":[{\"id\":\"n1\",\"kind\":\"user\",\"text\":\"ok\"},{\"id\":\"n2\",\"kind\":\"user\",\"text\":\"caf\xe9\"}]}", 400, "spans[1].text"},
		{"span id", "POST", "/v1/sessions/s/spans", tokenAcme, ct, "{\"spans\":[{\"id\":\"n\xff\",\"kind\":\"user\",\"text\":\"t\"}]}", 400, "spans[0].id"},
		{"span meta value", "POST", "/v1/sessions/s/spans", tokenAcme, ct, "{\"spans\":[{\"id\":\"n\",\"kind\":\"tool_result\",\"text\":\"t\",\"meta\":{\"path\":\"a\xc0\xafb\"}}]}", 400, "spans[0].meta.path"},
		{"span meta key", "POST", "/v1/sessions/s/spans", tokenAcme, ct, "{\"spans\":[{\"id\":\"n\",\"kind\":\"tool_result\",\"text\":\"t\",\"meta\":{\"p\xffth\":\"a\"}}]}", 400, "spans[0].meta"},
		{"lone surrogate escape in text", "POST", "/v1/sessions/s/spans", tokenAcme, ct, `{"spans":[{"id":"n","kind":"user","text":"x\ud800y"}]}`, 400, "spans[0].text"},
		{"surrogate as UTF-8 bytes", "POST", "/v1/sessions/s/spans", tokenAcme, ct, "{\"spans\":[{\"id\":\"n\",\"kind\":\"user\",\"text\":\"\xed\xa0\x80\"}]}", 400, "spans[0].text"},
		{"compaction summary", "POST", "/v1/sessions/s/compactions", tokenAcme, ct, "{\"covers\":[\"s3\",\"s4\"],\"summary\":\"schema \xff\"}", 400, "summary"},
		{"compaction cover", "POST", "/v1/sessions/s/compactions", tokenAcme, ct, "{\"covers\":[\"s3\",\"s\xff\"],\"summary\":\"x\"}", 400, "covers[1]"},
		{"compaction original", "POST", "/v1/sessions/s/compactions", tokenAcme, ct, "{\"covers\":[\"x1\"],\"summary\":\"x\",\"originals\":[{\"id\":\"x1\",\"kind\":\"user\",\"text\":\"\x80\"}]}", 400, "originals[0].text"},
		{"selection summary", "POST", "/v1/sessions/s/selections", tokenAcme, ct, `{"summary":"\udc00"}`, 400, "summary"},
		{"policy_hcl", "POST", "/v1/sessions/s/policy-edits", tokenAcme, ct, "{\"policy_hcl\":\"policy \\\"p\xff\\\" {}\"}", 400, "policy_hcl"},
		{"session id", "POST", "/v1/sessions", tokenAcme, ct, "{\"id\":\"s\xff\"}", 400, "id"},
		{"latin-1 charset", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json; charset=iso-8859-1", `{"spans":[{"id":"n","kind":"user","text":"t"}]}`, 415, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := e.snap(t, "s")
			status, body, _ := raw(t, e, tc.method, tc.path, tc.token, tc.ct, []byte(tc.body))
			if status != tc.status {
				t.Fatalf("status %d, want %d: %v", status, tc.status, body)
			}
			if got, _ := body["field"].(string); got != tc.field {
				t.Errorf("field %q, want %q (%v)", got, tc.field, body["error"])
			}
			if msg, _ := body["error"].(string); tc.status == 400 && !strings.Contains(msg, "UTF-8") {
				t.Errorf("message %q does not say UTF-8", msg)
			}
			if after := e.snap(t, "s"); after != before {
				t.Errorf("something was written: %+v -> %+v", before, after)
			}
		})
	}
	if st, _, _ := raw(t, e, "POST", "/v1/sessions", tokenAcme, ct, []byte("{\"id\":\"s\xff\"}")); st != 400 {
		t.Fatalf("repeat create: %d", st)
	}
	if infos, err := e.acme.Sessions(context.Background()); err != nil || len(infos.Sessions) != 1 {
		t.Errorf("sessions after refused creates: %+v, %v", infos, err)
	}
}

// TestStrictInputKeepsWhatWasSent: well-formed text, however it is
// spelled (raw multibyte, an escaped surrogate pair, an escaped backslash
// before "ud800", charset=utf-8), passes and is pinned as sent.
func TestStrictInputKeepsWhatWasSent(t *testing.T) {
	e := newEnv(t)
	if _, err := e.acme.CreateSession(context.Background(), "u"); err != nil {
		t.Fatal(err)
	}
	body := `{"spans":[{"id":"a","kind":"user","text":"déjà vu — 東京"},{"id":"b","kind":"user","text":"\ud83d\ude00 ok"},{"id":"c","kind":"user","text":"C:\\ud800"}]}`
	status, out, _ := raw(t, e, "POST", "/v1/sessions/u/spans", tokenAcme, "application/json; charset=UTF-8", []byte(body))
	if status != http.StatusOK {
		t.Fatalf("status %d: %v", status, out)
	}
	rawLedger, code := getRecords(t, e.url, tokenAcme, "u")
	var led wire.Ledger
	if err := json.Unmarshal(rawLedger, &led); code != http.StatusOK || err != nil {
		t.Fatalf("records: %d %v", code, err)
	}
	want := map[string]string{"a": "déjà vu — 東京", "b": "😀 ok", "c": `C:\ud800`}
	for _, r := range led.Records {
		if r.Span.Text != want[r.Span.ID] {
			t.Errorf("span %s pinned as %q, want %q", r.Span.ID, r.Span.Text, want[r.Span.ID])
		}
	}
	if len(led.Records) != 3 {
		t.Errorf("%d records", len(led.Records))
	}
}

// TestStrictInputRequestID: every endpoint that takes a request_id refuses
// one over 128 bytes or outside ASCII letters, digits and -._~ with 400
// naming request_id, writing nothing, whoever asks; the limit itself and a
// UUID pass. A budget above 2^30 tokens is 400 naming tokens.
func TestStrictInputRequestID(t *testing.T) {
	e := newEnv(t)
	e.session(t, e.acme, "s")
	endpoints := []struct {
		name, method, path, token, body string // body has %ID% for the id
		ok                              int
	}{
		{"compaction", "POST", "/v1/sessions/s/compactions", tokenAcme, `{"covers":["gone"],"summary":"x","originals":[],"request_id":"%ID%"}`, 200}, // refused unpinned, repeatably
		{"selection", "POST", "/v1/sessions/s/selections", tokenAcme, `{"summary":"x","request_id":"%ID%"}`, 200},
		{"phase signal", "POST", "/v1/sessions/s/phase-signals", tokenAcme, `{"request_id":"%ID%"}`, 200},
		{"policy edit", "POST", "/v1/sessions/s/policy-edits", tokenAcme, `{"policy":"explore","request_id":"%ID%"}`, 200},
		{"budget by the authority", "PUT", "/v1/sessions/s/budget", authSecret, `{"tokens":40000,"request_id":"%ID%"}`, 200},
		{"budget by a tenant", "PUT", "/v1/sessions/s/budget", tokenAcme, `{"tokens":40000,"request_id":"%ID%"}`, 403},
	}
	bad := []struct{ name, id string }{
		{"129 bytes", strings.Repeat("r", 129)},
		{"10 KB", strings.Repeat("r", 10<<10)},
		{"NUL", `r\u0000x`},
		{"newline", `r\nx`},
		{"space", "r x"},
		{"colon", "tenant:r"},
		{"slash", "r/x"},
		{"non-ASCII", "réq"},
	}
	for _, ep := range endpoints {
		for _, b := range bad {
			t.Run(ep.name+"/"+b.name, func(t *testing.T) {
				before := e.snap(t, "s")
				status, out, _ := raw(t, e, ep.method, ep.path, ep.token, "application/json", []byte(strings.ReplaceAll(ep.body, "%ID%", b.id)))
				if status != http.StatusBadRequest || out["field"] != "request_id" {
					t.Fatalf("status %d, %v; want 400 naming request_id", status, out)
				}
				if after := e.snap(t, "s"); after != before {
					t.Errorf("something was written: %+v -> %+v", before, after)
				}
			})
		}
	}
	for i, ep := range endpoints {
		for j, id := range []string{strings.Repeat("k", 127) + string(rune('a'+i)), "0f8fad5b-d9cb-469f-a165-70867728950" + string(rune('a'+i))} {
			status, out, _ := raw(t, e, ep.method, ep.path, ep.token, "application/json", []byte(strings.ReplaceAll(ep.body, "%ID%", id)))
			if status != ep.ok {
				t.Errorf("%s with good id %d: status %d, %v; want %d", ep.name, j, status, out, ep.ok)
			}
		}
	}
	for _, tokens := range []string{"1073741825", "4611686018427387904"} {
		status, out, _ := raw(t, e, "PUT", "/v1/sessions/s/budget", authSecret, "application/json", []byte(`{"tokens":`+tokens+`}`))
		if status != http.StatusBadRequest || out["field"] != "tokens" || !strings.Contains(out["error"].(string), "1073741824") {
			t.Errorf("budget %s: status %d, %v; want 400 naming tokens and the bound", tokens, status, out)
		}
	}
}
