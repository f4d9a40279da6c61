package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/client"
	"github.com/compactguard/compactguard/host/api"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
)

func ptr[T any](v T) *T { return &v }

func apiErr(t *testing.T, err error) *client.APIError {
	t.Helper()
	var ae *client.APIError
	if !errors.As(err, &ae) {
		t.Fatalf("want *client.APIError, got %v", err)
	}
	return ae
}

// TestRoutesHappyPath drives every route through the Go client.
func TestRoutesHappyPath(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()

	made, err := e.acme.CreateSession(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(made.ID) != 32 || made.Tenant != "acme" || made.Policy != "explore@1" || made.Phase != "exploration" || made.Budget != 48000 {
		t.Fatalf("created session: %+v", made)
	}
	st, err := e.acme.CreateSession(ctx, "sess-1")
	if err != nil || st.ID != "sess-1" {
		t.Fatalf("create sess-1: %+v %v", st, err)
	}
	ar, err := e.acme.Append(ctx, "sess-1", baseSpans)
	if err != nil {
		t.Fatal(err)
	}
	if ar.Appended != 5 || ar.Version != 1 || ar.LiveTokens == 0 || ar.Items == 0 {
		t.Fatalf("append: %+v", ar)
	}
	if again, err := e.acme.Append(ctx, "sess-1", baseSpans[:1]); err != nil || again.Duplicates != 1 || again.Appended != 0 {
		t.Fatalf("re-append: %+v %v", again, err)
	}
	list, err := e.acme.Sessions(ctx)
	if err != nil || len(list.Sessions) != 2 || list.Sessions[1].ID != "sess-1" {
		t.Fatalf("sessions: %+v %v", list, err)
	}
	if other, err := e.globex.Sessions(ctx); err != nil || len(other.Sessions) != 0 {
		t.Fatalf("globex sees %+v %v", other, err)
	}
	st, err = e.acme.Session(ctx, "sess-1")
	if err != nil || st.Version != 1 || st.LiveTokens != ar.LiveTokens || st.Policy != "explore@1" {
		t.Fatalf("state: %+v %v", st, err)
	}
	items, err := e.acme.Items(ctx, "sess-1")
	if err != nil {
		t.Fatal(err)
	}
	var prohibition bool
	for _, it := range items.Items {
		if it.Category == "prohibition" && strings.Contains(it.Text, "DROP TABLE") && it.Span == "s1" && it.MustKeep {
			prohibition = true
		}
	}
	if !prohibition || items.Version != 1 {
		t.Fatalf("items lack the DROP TABLE prohibition: %+v", items)
	}

	// A summary that drops the prohibition is refused: a refusal is a 200 decision.
	d, err := e.acme.Compact(ctx, "sess-1", client.CompactionRequest{
		Covers: []string{"s1", "s2"}, Summary: "The user wants the orders table migrated; I looked at the schema.", SelfScore: ptr(0.93),
	})
	if err != nil {
		t.Fatal(err)
	}
	if d.Type != guard.TypeCompaction || d.Allowed == nil || *d.Allowed || d.Reason != guard.ReasonMustKeepItemMissing || d.Seq != 1 {
		t.Fatalf("dropping summary: %+v", d)
	}
	// One that keeps it verbatim is allowed and becomes a summary span.
	d, err = e.acme.Compact(ctx, "sess-1", client.CompactionRequest{
		ID: "sum1", Covers: []string{"s1", "s2"}, Summary: baseSpans[0].Text + " Reading the schema.", SelfScore: ptr(0.95),
	})
	if err != nil {
		t.Fatal(err)
	}
	if !*d.Allowed || d.Summary != "sum1" || !*d.ReferencePinned {
		t.Fatalf("faithful summary: %+v", d)
	}
	// Items of the live view still show the prohibition through sum1's covers.
	items, err = e.acme.Items(ctx, "sess-1")
	if err != nil || !slices.ContainsFunc(items.Items, func(it guard.DecisionItem) bool { return it.Span == "s1" }) {
		t.Fatalf("items after compaction: %+v %v", items, err)
	}
	// An unpinned compaction with an explicitly empty originals list.
	d, err = e.acme.Compact(ctx, "sess-1", client.CompactionRequest{
		Covers: []string{"s5", "x9"}, Summary: "batch size", Originals: &[]client.Span{},
	})
	if err != nil {
		t.Fatal(err)
	}
	if *d.Allowed || d.Reason != guard.ReasonUnpinnedReference || !slices.Equal(d.UnknownSpans, []string{"x9"}) {
		t.Fatalf("unpinned: %+v", d)
	}

	d, err = e.acme.Select(ctx, "sess-1", client.SelectionRequest{Summary: "Older tool output trimmed.", RequestID: "sel-1"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Type != guard.TypeCompaction || d.Reason == "" {
		t.Fatalf("selection: %+v", d)
	}
	d, err = e.acme.PhaseSignal(ctx, "sess-1", "")
	if err != nil || d.Type != guard.TypePhaseSignal || d.Signal != 1 {
		t.Fatalf("phase signal: %+v %v", d, err)
	}
	d, err = e.acme.EditPolicy(ctx, "sess-1", client.PolicyEditRequest{Policy: "synthesize", Signal: "latest"})
	if err != nil || d.Type != guard.TypePolicyEdit || d.Accepted == nil {
		t.Fatalf("policy edit: %+v %v", d, err)
	}
	d, err = e.auth.ChangeBudget(ctx, "sess-1", client.BudgetRequest{Tokens: 64000})
	if err != nil || !*d.Accepted || d.Reason != guard.ReasonBudgetChanged || *d.BudgetTokens != 64000 || *d.PreviousBudget != 48000 {
		t.Fatalf("budget: %+v %v", d, err)
	}
	if st, _ := e.acme.Session(ctx, "sess-1"); st.Budget != 64000 {
		t.Fatalf("budget not changed: %+v", st)
	}
	tr, err := e.acme.Decisions(ctx, "sess-1")
	if err != nil || !tr.ChainOK || len(tr.Decisions) != 7 {
		t.Fatalf("audit trail: %d decisions, ok=%v, %v", len(tr.Decisions), tr.ChainOK, err)
	}
	wantTypes := []string{"compaction", "compaction", "compaction", "compaction", "phase_signal", "policy_edit", "budget"}
	for i, rec := range tr.Decisions {
		if rec.Seq != int64(i+1) || rec.Type != wantTypes[i] || rec.Hash == "" {
			t.Errorf("decision %d: %+v", i, rec)
		}
	}
	if tr.Decisions[3].RequestID != "sel-1" {
		t.Errorf("request id not kept: %+v", tr.Decisions[3])
	}
	var first guard.Decision
	if err := json.Unmarshal(tr.Decisions[0].Body, &first); err != nil || first.Reason != guard.ReasonMustKeepItemMissing {
		t.Errorf("first recorded decision: %+v %v", first, err)
	}

	if err := e.nobody.Health(ctx); err != nil {
		t.Errorf("healthz: %v", err)
	}
	if err := e.nobody.Ready(ctx); err != nil {
		t.Errorf("readyz: %v", err)
	}
	doc, err := e.nobody.OpenAPI(ctx)
	if err != nil || !bytes.Equal(doc, api.OpenAPI) {
		t.Errorf("openapi: %d bytes, %v", len(doc), err)
	}
}

// raw sends a request without the client, for malformed bodies.
func raw(t *testing.T, e *env, method, path, token, contentType string, body []byte) (int, map[string]any, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, e.url+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return resp.StatusCode, out, resp.Header
}

// TestBadInput: every malformed request is 4xx naming the field, and
// nothing is written (state version, budget and audit trail unchanged).
func TestBadInput(t *testing.T) {
	e := newEnv(t)
	e.session(t, e.acme, "s")
	big := `{"spans":[{"id":"b","kind":"user","text":"` + strings.Repeat("x", 70<<10) + `"}]}`
	cases := []struct {
		name, method, path, token, ct, body string
		status                              int
		field                               string
	}{
		{"malformed json", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json", `{"spans": [`, 400, ""},
		{"unknown top field", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json", `{"spans":[{"id":"n","kind":"user","text":"t"}],"extra":1}`, 400, "extra"},
		{"unknown span field", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json", `{"spans":[{"id":"n","kind":"user","text":"t","tokens":3}]}`, 400, "tokens"},
		{"missing spans", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json", `{}`, 400, "spans"},
		{"empty body", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json", ``, 400, ""},
		{"missing span id", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json", `{"spans":[{"id":"ok","kind":"user","text":"a"},{"kind":"user","text":"t"}]}`, 400, "spans[1].id"},
		{"bad kind", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json", `{"spans":[{"id":"n","kind":"robot","text":"t"}]}`, 400, "spans[0].kind"},
		{"summary kind", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json", `{"spans":[{"id":"n","kind":"summary","text":"t"}]}`, 400, "spans[0].kind"},
		{"changed content", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json", `{"spans":[{"id":"s1","kind":"user","text":"other"}]}`, 400, "spans[0].id"},
		{"wrong type", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json", `{"spans":[{"id":1,"kind":"user","text":"t"}]}`, 400, "spans.id"},
		{"wrong content type", "POST", "/v1/sessions/s/spans", tokenAcme, "text/plain", `{"spans":[{"id":"n","kind":"user","text":"t"}]}`, 415, ""},
		{"too large", "POST", "/v1/sessions/s/spans", tokenAcme, "application/json", big, 413, ""},
		{"compaction no covers", "POST", "/v1/sessions/s/compactions", tokenAcme, "application/json", `{"summary":"x"}`, 400, "covers"},
		{"compaction unknown cover", "POST", "/v1/sessions/s/compactions", tokenAcme, "application/json", `{"covers":["s2","nope"],"summary":"x"}`, 400, "covers[1]"},
		{"compaction self score range", "POST", "/v1/sessions/s/compactions", tokenAcme, "application/json", `{"covers":["s2"],"summary":"x","self_score":1.5}`, 400, "self_score"},
		{"compaction self score type", "POST", "/v1/sessions/s/compactions", tokenAcme, "application/json", `{"covers":["s2"],"summary":"x","self_score":"high"}`, 400, "self_score"},
		{"compaction unknown field", "POST", "/v1/sessions/s/compactions", tokenAcme, "application/json", `{"covers":["s2"],"summary":"x","score":0.9}`, 400, "score"},
		{"compaction original not covered", "POST", "/v1/sessions/s/compactions", tokenAcme, "application/json", `{"covers":["x1"],"summary":"x","originals":[{"id":"x2","kind":"user","text":"t"}]}`, 400, "originals[0].id"},
		{"edit both", "POST", "/v1/sessions/s/policy-edits", tokenAcme, "application/json", `{"policy":"explore","policy_hcl":"policy \"p\" {}"}`, 400, "policy"},
		{"edit unknown policy", "POST", "/v1/sessions/s/policy-edits", tokenAcme, "application/json", `{"policy":"nope"}`, 400, "policy"},
		{"edit bad signal", "POST", "/v1/sessions/s/policy-edits", tokenAcme, "application/json", `{"policy":"explore","signal":"soon"}`, 400, "signal"},
		{"edit signal object", "POST", "/v1/sessions/s/policy-edits", tokenAcme, "application/json", `{"policy":"explore","signal":{}}`, 400, ""},
		{"phase signal unknown field", "POST", "/v1/sessions/s/phase-signals", tokenAcme, "application/json", `{"force":true}`, 400, "force"},
		{"budget zero", "PUT", "/v1/sessions/s/budget", authSecret, "application/json", `{"tokens":0}`, 400, "tokens"},
		{"budget missing", "PUT", "/v1/sessions/s/budget", authSecret, "application/json", `{}`, 400, "tokens"},
		{"budget in body", "PUT", "/v1/sessions/s/budget", authSecret, "application/json", `{"tokens":5,"credential":"x"}`, 400, "credential"},
		{"create unknown field", "POST", "/v1/sessions", tokenAcme, "application/json", `{"id":"n","budget":1}`, 400, "budget"},
		{"create bad id", "POST", "/v1/sessions", tokenAcme, "application/json", "{\"id\":\"a\\nb\"}", 400, "id"},
		{"create existing", "POST", "/v1/sessions", tokenAcme, "application/json", `{"id":"s"}`, 409, "id"},
		{"selection unknown field", "POST", "/v1/sessions/s/selections", tokenAcme, "application/json", `{"summary":"x","covers":["s1"]}`, 400, "covers"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := e.snap(t, "s")
			status, body, _ := raw(t, e, tc.method, tc.path, tc.token, tc.ct, []byte(tc.body))
			if status != tc.status {
				t.Fatalf("status %d, want %d: %v", status, tc.status, body)
			}
			if msg, _ := body["error"].(string); msg == "" {
				t.Errorf("no error message: %v", body)
			}
			if got, _ := body["field"].(string); got != tc.field {
				t.Errorf("field %q, want %q (%v)", got, tc.field, body["error"])
			}
			if after := e.snap(t, "s"); after != before {
				t.Errorf("something was written: %+v -> %+v", before, after)
			}
		})
	}
}

// TestAuth: no token or a wrong one is 401 with a challenge, on every
// session route; the public routes need none. (It fails more often than
// the throttle allows one address: TestFailedAuthThrottled covers that.)
func TestAuth(t *testing.T) {
	e := newEnv(t, func(o *api.Options) { o.AuthFailBurst = -1 })
	e.session(t, e.acme, "s")
	before := e.snap(t, "s")
	for _, p := range e.srv.Patterns() {
		method, path, _ := strings.Cut(p, " ")
		path = strings.ReplaceAll(path, "{id}", "s")
		public := !strings.HasPrefix(path, "/v1/sessions")
		for _, tok := range []string{"", "wrong-token", tokenAcme + "x"} {
			status, _, h := raw(t, e, method, path, tok, "application/json", []byte(`{}`))
			switch {
			case public && status != http.StatusOK:
				t.Errorf("%s with token %q: %d, want 200", p, tok, status)
			case !public && (status != http.StatusUnauthorized || !strings.HasPrefix(h.Get("WWW-Authenticate"), "Bearer")):
				t.Errorf("%s with token %q: %d (WWW-Authenticate %q), want 401", p, tok, status, h.Get("WWW-Authenticate"))
			}
		}
	}
	if after := e.snap(t, "s"); after != before {
		t.Errorf("unauthenticated requests wrote: %+v -> %+v", before, after)
	}
}

// TestCrossTenant: another tenant's session is 404 on every session route
// (never 403), and nothing of it changes.
func TestCrossTenant(t *testing.T) {
	e := newEnv(t)
	e.session(t, e.acme, "s")
	before := e.snap(t, "s")
	ctx := context.Background()
	calls := map[string]func() error{
		"GET /v1/sessions/{id}":       func() error { _, err := e.globex.Session(ctx, "s"); return err },
		"GET /v1/sessions/{id}/items": func() error { _, err := e.globex.Items(ctx, "s"); return err },
		"POST /v1/sessions/{id}/spans": func() error {
			_, err := e.globex.Append(ctx, "s", []client.Span{{ID: "g1", Kind: "user", Text: "hi"}})
			return err
		},
		"POST /v1/sessions/{id}/compactions": func() error {
			_, err := e.globex.Compact(ctx, "s", client.CompactionRequest{Covers: []string{"s2"}, Summary: "x"})
			return err
		},
		"POST /v1/sessions/{id}/selections": func() error {
			_, err := e.globex.Select(ctx, "s", client.SelectionRequest{Summary: "x"})
			return err
		},
		"POST /v1/sessions/{id}/phase-signals": func() error { _, err := e.globex.PhaseSignal(ctx, "s", ""); return err },
		"POST /v1/sessions/{id}/policy-edits": func() error {
			_, err := e.globex.EditPolicy(ctx, "s", client.PolicyEditRequest{Policy: "synthesize"})
			return err
		},
		"PUT /v1/sessions/{id}/budget": func() error {
			_, err := e.globex.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 1})
			return err
		},
		"GET /v1/sessions/{id}/decisions": func() error { _, err := e.globex.Decisions(ctx, "s"); return err },
		"GET /v1/sessions/{id}/records": func() error {
			if body, status := getRecords(t, e.url, tokenGlobex, "s"); status != http.StatusOK {
				return &client.APIError{Status: status, Message: string(body)}
			}
			return nil
		},
	}
	for _, p := range e.srv.Patterns() {
		if !strings.Contains(p, "{id}") {
			continue
		}
		call, ok := calls[p]
		if !ok {
			t.Errorf("no cross-tenant case for %s", p)
			continue
		}
		if st := client.StatusOf(call()); st != http.StatusNotFound {
			t.Errorf("%s as globex: status %d, want 404", p, st)
		}
	}
	// The authority naming the wrong tenant does not find it either.
	wrong := e.auth.WithToken(authSecret, client.WithHeader(api.TenantHeader, "globex"))
	if _, err := wrong.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 9}); client.StatusOf(err) != http.StatusNotFound {
		t.Errorf("authority with the wrong tenant header: %v", err)
	}
	if after := e.snap(t, "s"); after != before {
		t.Errorf("cross-tenant requests wrote: %+v -> %+v", before, after)
	}
}

// TestBudgetAuthority: a tenant token is 403 with the recorded refusal and
// the budget unchanged; the authority's credential changes it, with or
// without the tenant header; an unknown token writes nothing.
func TestBudgetAuthority(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.session(t, e.acme, "s")
	before := e.snap(t, "s")

	_, err := e.acme.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 96000})
	ae := apiErr(t, err)
	if ae.Status != http.StatusForbidden || ae.Decision == nil || ae.Decision.Reason != guard.ReasonUnauthorized || *ae.Decision.Accepted {
		t.Fatalf("tenant token on budget: %+v", ae)
	}
	after := e.snap(t, "s")
	if after.budget != before.budget || after.decisions != before.decisions+1 {
		t.Fatalf("tenant attempt: %+v -> %+v (want budget unchanged, one unauthorized decision)", before, after)
	}

	if _, err := e.nobody.WithToken("guess").ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 96000}); client.StatusOf(err) != http.StatusUnauthorized {
		t.Fatalf("unknown token: %v", err)
	}
	if again := e.snap(t, "s"); again != after {
		t.Fatalf("unknown token wrote: %+v -> %+v", after, again)
	}

	d, err := e.auth.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 96000, RequestID: "b1"})
	if err != nil || !*d.Accepted || d.Reason != guard.ReasonBudgetChanged || d.Authority != "budget-admin" {
		t.Fatalf("authority: %+v %v", d, err)
	}
	withHeader := e.auth.WithToken(authSecret, client.WithHeader(api.TenantHeader, "acme"))
	d, err = withHeader.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 50000})
	if err != nil || *d.BudgetTokens != 50000 || *d.PreviousBudget != 96000 {
		t.Fatalf("authority with tenant header: %+v %v", d, err)
	}
	if st, _ := e.acme.Session(ctx, "s"); st.Budget != 50000 {
		t.Fatalf("budget %d, want 50000", st.Budget)
	}
	// The authority cannot use tenant routes.
	if _, err := e.auth.Session(ctx, "s"); client.StatusOf(err) != http.StatusUnauthorized {
		t.Fatalf("authority on a tenant route: %v", err)
	}
}

// TestIdempotency: a repeated request_id answers the first decision and
// records nothing new, on every deciding route.
func TestIdempotency(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.session(t, e.acme, "s")
	calls := []struct {
		name string
		call func() (*guard.Decision, error)
	}{
		{"compaction", func() (*guard.Decision, error) {
			return e.acme.Compact(ctx, "s", client.CompactionRequest{Covers: []string{"s3", "s4"}, Summary: "schema read twice", RequestID: "c1"})
		}},
		{"phase signal", func() (*guard.Decision, error) { return e.acme.PhaseSignal(ctx, "s", "p1") }},
		{"policy edit", func() (*guard.Decision, error) {
			return e.acme.EditPolicy(ctx, "s", client.PolicyEditRequest{Policy: "synthesize", RequestID: "e1"})
		}},
		{"budget", func() (*guard.Decision, error) {
			return e.auth.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 60000, RequestID: "b1"})
		}},
		{"selection", func() (*guard.Decision, error) {
			return e.acme.Select(ctx, "s", client.SelectionRequest{Summary: "trimmed", RequestID: "sel"})
		}},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			first, err := c.call()
			if err != nil {
				t.Fatal(err)
			}
			before := e.snap(t, "s")
			second, err := c.call()
			if err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(first)
			b, _ := json.Marshal(second)
			if !bytes.Equal(a, b) {
				t.Errorf("repeat answered differently:\n%s\n%s", a, b)
			}
			if after := e.snap(t, "s"); after != before {
				t.Errorf("repeat wrote: %+v -> %+v", before, after)
			}
		})
	}
}

// TestStoreFailure: a store that cannot write answers 503 and never an
// allowed decision; the store error counter moves; readyz fails with Ping.
func TestStoreFailure(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.session(t, e.acme, "s")
	e.store.failUpdate.Store(true)
	calls := map[string]func() (any, error){
		"append": func() (any, error) {
			return e.acme.Append(ctx, "s", []client.Span{{ID: "n", Kind: "user", Text: "more"}})
		},
		"compaction": func() (any, error) {
			return e.acme.Compact(ctx, "s", client.CompactionRequest{Covers: []string{"s3", "s4"}, Summary: "schema read twice"})
		},
		"selection":    func() (any, error) { return e.acme.Select(ctx, "s", client.SelectionRequest{Summary: "x"}) },
		"phase signal": func() (any, error) { return e.acme.PhaseSignal(ctx, "s", "") },
		"policy edit": func() (any, error) {
			return e.acme.EditPolicy(ctx, "s", client.PolicyEditRequest{Policy: "synthesize"})
		},
		"budget": func() (any, error) { return e.auth.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 1000}) },
	}
	names := make([]string, 0, len(calls))
	for n := range calls {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		out, err := calls[n]()
		ae := apiErr(t, err)
		if ae.Status != http.StatusServiceUnavailable || strings.Contains(ae.Message, errDisk.Error()) {
			t.Errorf("%s: %+v (want 503 without internals)", n, ae)
		}
		if d, ok := out.(*guard.Decision); ok && d != nil {
			t.Errorf("%s: answered a decision %+v", n, d)
		}
	}
	e.store.failUpdate.Store(false)
	if s := e.snap(t, "s"); s.decisions != 0 || s.version != 1 {
		t.Errorf("failed requests left %+v", s)
	}
	m, err := e.nobody.Metrics(ctx)
	if err != nil || !strings.Contains(m, "compactguard_store_errors_total 6") {
		t.Errorf("store error counter not at 6: %v\n%s", err, grep(m, "store_errors"))
	}

	if err := e.nobody.Ready(ctx); err != nil {
		t.Fatalf("ready before ping failure: %v", err)
	}
	e.store.failPing.Store(true)
	err = e.nobody.Ready(ctx)
	if ae := apiErr(t, err); ae.Status != http.StatusServiceUnavailable || !strings.Contains(ae.Message, "store") {
		t.Errorf("readyz with a failing store: %+v", ae)
	}
}

// TestReadyzPlugins: readyz waits for every plugin's process.
func TestReadyzPlugins(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if err := e.nobody.Ready(ctx); err != nil {
		t.Fatal(err)
	}
	e.plugins.infos[1].PID = 0
	if ae := apiErr(t, e.nobody.Ready(ctx)); ae.Status != 503 || !strings.Contains(ae.Message, "scorer.embedding") {
		t.Errorf("plugin without process: %+v", ae)
	}
	e.plugins.infos = nil
	if ae := apiErr(t, e.nobody.Ready(ctx)); ae.Status != 503 {
		t.Errorf("no plugins: %+v", ae)
	}
}

func grep(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestMetrics: a decision shows in the counters and histograms; request
// latency is labelled by route pattern; plugin restarts are read live.
func TestMetrics(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.session(t, e.acme, "s")
	if _, err := e.acme.Compact(ctx, "s", client.CompactionRequest{Covers: []string{"s1", "s2"}, Summary: "orders migration", SelfScore: ptr(0.9)}); err != nil {
		t.Fatal(err)
	}
	m, err := e.nobody.Metrics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`compactguard_decisions_total{reason="must_keep_item_missing",type="compaction"} 1`,
		`compactguard_anchored_score_count 1`,
		`compactguard_self_score_count 1`,
		`compactguard_score_gap_count 1`,
		`compactguard_http_request_duration_seconds_count{code="200",route="POST /v1/sessions/{id}/compactions"} 1`,
		`compactguard_http_request_duration_seconds_count{code="201",route="POST /v1/sessions"} 1`,
		`compactguard_plugin_restarts_total{kind="scorer",name="embedding"} 2`,
		`compactguard_plugin_restarts_total{kind="extractor",name="regex"} 0`,
		`compactguard_store_errors_total 0`,
		`compactguard_anchored_score_bucket{le="0.15"}`,
		`compactguard_score_gap_bucket{le="-0.35"}`,
	} {
		if !strings.Contains(m, want) {
			t.Errorf("metrics lack %s\n%s", want, grep(m, "compactguard_"))
		}
	}
	// Bucket bounds are written as set, not as summed floats.
	for _, line := range strings.Split(m, "\n") {
		if i := strings.Index(line, `le="`); i >= 0 && strings.Contains(line[i:], "0000000") {
			t.Errorf("a bucket bound carries float noise: %s", line)
		}
	}
	e.plugins.infos[0].Restarts = 5
	m, _ = e.nobody.Metrics(ctx)
	if !strings.Contains(m, `compactguard_plugin_restarts_total{kind="extractor",name="regex"} 5`) {
		t.Errorf("restarts not read live:\n%s", grep(m, "restarts"))
	}
}

// TestOpenAPIMatchesRoutes: the committed document describes exactly the
// routes registered on the mux.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	e := newEnv(t)
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Errorf("openapi version %q", doc.OpenAPI)
	}
	var documented []string
	for path, ops := range doc.Paths {
		for method := range ops {
			if method == "parameters" {
				continue
			}
			documented = append(documented, strings.ToUpper(method)+" "+path)
		}
	}
	sort.Strings(documented)
	registered := e.srv.Patterns()
	for _, p := range registered {
		if !slices.Contains(documented, p) {
			t.Errorf("route %s is not in openapi.json", p)
		}
	}
	for _, p := range documented {
		if !slices.Contains(registered, p) {
			t.Errorf("openapi.json documents %s, which is not registered", p)
		}
	}
	// Every $ref resolves.
	var all map[string]any
	_ = json.Unmarshal(api.OpenAPI, &all)
	schemas := all["components"].(map[string]any)["schemas"].(map[string]any)
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if ref, ok := x["$ref"].(string); ok {
				name := strings.TrimPrefix(ref, "#/components/schemas/")
				if _, ok := schemas[name]; !ok {
					t.Errorf("dangling $ref %s", ref)
				}
			}
			for _, c := range x {
				walk(c)
			}
		case []any:
			for _, c := range x {
				walk(c)
			}
		}
	}
	walk(all)
}

func TestNewRefusesUnsafeTenants(t *testing.T) {
	cases := []struct {
		name    string
		tenants []api.Tenant
		want    string
	}{
		{"same token", []api.Tenant{{"a", "t1"}, {"b", "t1"}}, "same token"},
		{"token is the authority's", []api.Tenant{{"a", authSecret}}, "budget authority"},
		{"no name", []api.Tenant{{"", "t"}}, "without a name"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _, _ := testOptions(t)
			o.Tenants = tc.tenants
			_, err := api.New(o)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New: %v, want an error about %q", err, tc.want)
			}
		})
	}
}

// TestTenantWithoutToken: a tenant configured without a token gets no
// access, even with an empty bearer.
func TestTenantWithoutToken(t *testing.T) {
	e := newEnv(t, func(o *api.Options) { o.Tenants = append(o.Tenants, api.Tenant{Name: "ghost"}) })
	status, _, _ := raw(t, e, "GET", "/v1/sessions", "", "", nil)
	if status != http.StatusUnauthorized {
		t.Errorf("empty token: %d", status)
	}
	req, _ := http.NewRequest("GET", e.url+"/v1/sessions", nil)
	req.Header.Set("Authorization", "Bearer ")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("\"Bearer \": %d", resp.StatusCode)
	}
}

func TestCheckListen(t *testing.T) {
	cases := []struct {
		addr          string
		tls, insecure bool
		ok            bool
	}{
		{"127.0.0.1:7700", false, false, true},
		{"localhost:7700", false, false, true},
		{"[::1]:7700", false, false, true},
		{"0.0.0.0:7700", false, false, false},
		{":7700", false, false, false},
		{"10.1.2.3:7700", false, false, false},
		{"10.1.2.3:7700", true, false, true},
		{"0.0.0.0:7700", false, true, true},
		{"nonsense", false, false, false},
	}
	for _, tc := range cases {
		err := api.CheckListen(tc.addr, tc.tls, tc.insecure)
		if (err == nil) != tc.ok {
			t.Errorf("CheckListen(%q, tls=%v, insecure=%v) = %v", tc.addr, tc.tls, tc.insecure, err)
		}
		if !tc.ok && tc.addr != "nonsense" && !errors.Is(err, api.ErrInsecureListen) {
			t.Errorf("CheckListen(%q): %v is not ErrInsecureListen", tc.addr, err)
		}
	}
}

// TestTenantCannotTakeAuthorityRequestIDs: a tenant's refused budget
// attempt under a request id does not answer the authority's later
// request with the same id, and the tenant cannot read the authority's
// decision back by naming its id.
func TestTenantCannotTakeAuthorityRequestIDs(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.session(t, e.acme, "s")
	if _, err := e.acme.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 96000, RequestID: "r1"}); client.StatusOf(err) != http.StatusForbidden {
		t.Fatalf("tenant attempt: %v", err)
	}
	d, err := e.auth.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 96000, RequestID: "r1"})
	if err != nil || !*d.Accepted || d.Reason != guard.ReasonBudgetChanged {
		t.Fatalf("authority after a tenant used its id: %+v %v", d, err)
	}
	_, err = e.acme.ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 96000, RequestID: "r1"})
	ae := apiErr(t, err)
	if ae.Status != http.StatusForbidden || ae.Decision == nil || *ae.Decision.Accepted {
		t.Fatalf("tenant repeating the authority's id: %+v", ae)
	}
}

// TestFailedAuthThrottled: an address that keeps presenting wrong tokens
// is answered 429 with Retry-After once its failures are spent, before
// any token is read (a right guess then looks the same as a wrong one);
// health stays open.
func TestFailedAuthThrottled(t *testing.T) {
	// Every path that takes a bearer token shares the throttle: the API
	// and the dashboard.
	for _, path := range []string{"/v1/sessions", "/ui/"} {
		t.Run(path, func(t *testing.T) { testFailedAuthThrottled(t, path) })
	}
}

func testFailedAuthThrottled(t *testing.T, path string) {
	e := newEnv(t)
	get := func(token string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", e.url+path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	if resp := get(tokenAcme); resp.StatusCode != http.StatusOK {
		t.Fatalf("good token: %d", resp.StatusCode)
	}
	for i := range api.AuthFailBurst {
		if resp := get(fmt.Sprintf("guess-%d", i)); resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong token %d: %d, want 401", i, resp.StatusCode)
		}
	}
	for _, tok := range []string{"guess-next", tokenAcme} {
		resp := get(tok)
		if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
			t.Errorf("token %q after %d failures: %d (Retry-After %q), want 429 with Retry-After", tok, api.AuthFailBurst, resp.StatusCode, resp.Header.Get("Retry-After"))
		}
	}
	resp, err := http.Get(e.url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("healthz while throttled: %d", resp.StatusCode)
	}
}

// TestTenantRateLimitAnswers429: a tenant past its bucket is answered 429
// with Retry-After and a body naming the limit, and changes nothing;
// another tenant is served.
func TestTenantRateLimitAnswers429(t *testing.T) {
	e := newEnv(t, func(o *api.Options) {
		o.TenantLimits = api.TenantLimits{MaxInflight: 4, Rate: 0.001, Burst: 2}
	})
	ctx := context.Background()
	if _, err := e.acme.CreateSession(ctx, "s"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.acme.Append(ctx, "s", baseSpans); err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(http.MethodPost, e.url+"/v1/sessions/s/spans", strings.NewReader(`{"spans":[{"id":"late","kind":"user","text":"Late."}]}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+tokenAcme)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var body struct{ Error, Field string }
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || body.Field != "tenant_rate" {
		t.Fatalf("third request in the burst of 2: %d, Retry-After %q, body %+v; want 429 with Retry-After naming tenant_rate", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	if _, err := e.globex.CreateSession(ctx, "g"); err != nil {
		t.Fatalf("another tenant refused: %v", err)
	}
	var st ledger.State
	if err := e.store.View(ctx, "acme", "s", func(tx ledger.Tx) error {
		st, err = tx.State()
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if st.Version != 1 {
		t.Errorf("refused append changed the session: version %d, want 1", st.Version)
	}
}
