package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/client"
	"github.com/compactguard/compactguard/host/api"
	"github.com/compactguard/compactguard/host/config"
)

// spans returns n small spans with ids prefix0..prefix(n-1).
func spans(prefix string, n int) []client.Span {
	out := make([]client.Span, n)
	for i := range out {
		out[i] = client.Span{ID: fmt.Sprint(prefix, i), Kind: "assistant", Text: "ok"}
	}
	return out
}

// postRaw posts body as acme and returns the status and the decoded
// error body.
func postRaw(t *testing.T, url, path string, body []byte) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+tokenAcme)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatalf("%s: the answer is not JSON: %v", path, err)
	}
	return resp.StatusCode, out
}

// TestRequestCaps: a request over api.max_spans_per_batch (an append's
// spans, a compaction's originals) or api.max_body_bytes is 413 with a
// JSON body naming the limit and its value, and writes nothing, even
// when it is otherwise malformed too (the count is checked before the
// body is read again); one at the limit goes through.
func TestRequestCaps(t *testing.T) {
	e := newEnv(t, func(o *api.Options) { o.MaxSpansPerBatch, o.MaxBodyBytes = 5, 4096 })
	ctx := context.Background()
	e.session(t, e.acme, "s")
	before := e.snap(t, "s")
	marshal := func(v any) []byte {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	originals := spans("o", 6)
	cases := []struct {
		name, path   string
		body         []byte
		field, limit string
		max          float64
		messageHas   string
	}{
		{"append over the span cap", "/v1/sessions/s/spans", marshal(map[string]any{"spans": spans("n", 6)}),
			"spans", "api.max_spans_per_batch", 5, "6 spans in one request, at most 5"},
		{"compaction over the span cap", "/v1/sessions/s/compactions",
			marshal(map[string]any{"covers": []string{"s3"}, "summary": "x", "originals": originals}),
			"originals", "api.max_spans_per_batch", 5, "6 spans in one request, at most 5"},
		// The count is checked before the body is read again for UTF-8
		// and required fields: 413, not 400.
		{"append over the span cap, one span without its text", "/v1/sessions/s/spans",
			[]byte(`{"spans":[{"id":"a","kind":"user"},{"id":"b","kind":"user","text":"x"},{"id":"c","kind":"user","text":"x"},{"id":"d","kind":"user","text":"x"},{"id":"e","kind":"user","text":"x"},{"id":"f","kind":"user","text":"x"}]}`),
			"spans", "api.max_spans_per_batch", 5, "6 spans in one request, at most 5"},
		{"append over the span cap, invalid UTF-8 in a text", "/v1/sessions/s/spans",
			[]byte("{\"spans\":[{\"id\":\"a\",\"kind\":\"user\",\"text\":\"\xff\"},{\"id\":\"b\",\"kind\":\"user\",\"text\":\"x\"},{\"id\":\"c\",\"kind\":\"user\",\"text\":\"x\"},{\"id\":\"d\",\"kind\":\"user\",\"text\":\"x\"},{\"id\":\"e\",\"kind\":\"user\",\"text\":\"x\"},{\"id\":\"f\",\"kind\":\"user\",\"text\":\"x\"}]}"),
			"spans", "api.max_spans_per_batch", 5, "6 spans in one request, at most 5"},
		{"compaction over the span cap, without its summary", "/v1/sessions/s/compactions",
			marshal(map[string]any{"covers": []string{"s3"}, "originals": originals}),
			"originals", "api.max_spans_per_batch", 5, "6 spans in one request, at most 5"},
		{"body over the byte cap", "/v1/sessions/s/spans",
			marshal(map[string]any{"spans": []client.Span{{ID: "big", Kind: "user", Text: strings.Repeat("x", 5000)}}}),
			"", "api.max_body_bytes", 4096, "request body over 4096 bytes"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, body := postRaw(t, e.url, tc.path, tc.body)
			if status != http.StatusRequestEntityTooLarge {
				t.Fatalf("status %d (%v), want 413", status, body)
			}
			if body["limit"] != tc.limit || body["max"] != tc.max || (body["field"] != nil || tc.field != "") && body["field"] != tc.field {
				t.Errorf("413 body %v; want limit %q, max %v, field %q", body, tc.limit, tc.max, tc.field)
			}
			if msg, _ := body["error"].(string); !strings.Contains(msg, tc.messageHas) || !strings.Contains(msg, tc.limit) {
				t.Errorf("413 message %q; want it to hold %q and name %s", msg, tc.messageHas, tc.limit)
			}
			if after := e.snap(t, "s"); after != before {
				t.Errorf("a refused request wrote: %+v -> %+v", before, after)
			}
		})
	}

	// The Go client carries the limit.
	_, err := e.acme.Append(ctx, "s", spans("n", 6))
	if ae := apiErr(t, err); ae.Status != http.StatusRequestEntityTooLarge || ae.Limit != "api.max_spans_per_batch" || ae.Max != 5 || ae.Field != "spans" {
		t.Errorf("client error %+v", ae)
	}
	// At the cap it goes through.
	if res, err := e.acme.Append(ctx, "s", spans("n", 5)); err != nil || res.Appended != 5 {
		t.Fatalf("append of 5 spans under a cap of 5: %+v, %v", res, err)
	}
}

// TestRequestCapsDefault: without a setting the span cap is the config
// default.
func TestRequestCapsDefault(t *testing.T) {
	e := newEnv(t, func(o *api.Options) { o.MaxSpansPerBatch, o.MaxBodyBytes = 0, 8<<20 })
	ctx := context.Background()
	if _, err := e.acme.CreateSession(ctx, "s"); err != nil {
		t.Fatal(err)
	}
	_, err := e.acme.Append(ctx, "s", spans("n", config.DefaultMaxSpansPerBatch+1))
	if ae := apiErr(t, err); ae.Status != http.StatusRequestEntityTooLarge || ae.Max != config.DefaultMaxSpansPerBatch {
		t.Errorf("append of %d spans by default: %+v", config.DefaultMaxSpansPerBatch+1, ae)
	}
}
