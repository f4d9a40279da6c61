package api_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/client"
	"github.com/compactguard/compactguard/host/api"
	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/internal/invcheck"
)

// getRecords calls GET /v1/sessions/{id}/records with a bearer token and
// returns the raw body and the status.
func getRecords(t *testing.T, base, token, id string) ([]byte, int) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+"/v1/sessions/"+url.PathEscape(id)+"/records", nil)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return body, resp.StatusCode
}

// TestRecords serves the ledger of a session with a covered span, and
// checks it with the independent checker's own hash scheme.
func TestRecords(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.session(t, e.acme, "led")
	// s4 is byte-identical to s3: a summary-less compaction of it is a
	// lossless dedup, which covers it.
	d, err := e.acme.Compact(ctx, "led", client.CompactionRequest{Covers: []string{"s4"}})
	if err != nil || d.Allowed == nil || !*d.Allowed {
		t.Fatalf("dedup compaction: %+v %v", d, err)
	}
	body, status := getRecords(t, e.url, tokenAcme, "led")
	if status != http.StatusOK {
		t.Fatalf("GET records: %d %s", status, body)
	}
	var got wire.Ledger
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	if !got.ChainOK || got.Tenant != "acme" || got.Session != "led" || len(got.Records) != len(baseSpans) {
		t.Fatalf("ledger: ok=%v %q tenant %q session %q, %d records", got.ChainOK, got.ChainError, got.Tenant, got.Session, len(got.Records))
	}
	for i, r := range got.Records {
		want := ""
		if r.Span.ID == "s4" {
			want = "summary-1"
		}
		if r.Seq != int64(i+1) || r.Span.ID != baseSpans[i].ID || r.Span.Text != baseSpans[i].Text || r.Tokens == 0 || r.CoveredBy != want {
			t.Errorf("record %d: %+v, want span %s covered by %q", i, r, baseSpans[i].ID, want)
		}
	}
	if st, err := e.acme.Session(ctx, "led"); err != nil || st.Covered != 1 {
		t.Errorf("session state: covered %d, %v; want 1", st.Covered, err)
	}
	// The checker verifies the chain itself, from the session's genesis.
	var recs []invcheck.LedgerRecord
	var raw struct {
		Records json.RawMessage `json:"records"`
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw.Records, &recs); err != nil {
		t.Fatal(err)
	}
	if err := invcheck.VerifyLedgerChain(invcheck.GenesisHash("acme", "led"), recs); err != nil {
		t.Errorf("the checker does not verify the served ledger: %v", err)
	}
	if err := invcheck.VerifyLedgerChain(invcheck.GenesisHash("globex", "led"), recs); err == nil {
		t.Errorf("the served ledger verifies as another tenant's")
	}
	// And through the fetcher cgload uses, with the audit trail.
	tr, err := invcheck.HTTPFetcher(http.DefaultClient, e.url, tokenAcme)(ctx, "led")
	if err != nil {
		t.Fatal(err)
	}
	if tr.Tenant != "acme" || len(tr.Records) != len(baseSpans) {
		t.Fatalf("fetched trail: tenant %q, %d records", tr.Tenant, len(tr.Records))
	}
	if err := invcheck.VerifyDecisionChain(invcheck.GenesisHash("acme", "led"), tr.Decisions); err != nil {
		t.Errorf("the checker does not verify the served audit trail: %v", err)
	}

	cases := []struct {
		name, token, id string
		want            int
	}{
		{"another tenant's session", tokenGlobex, "led", http.StatusNotFound},
		{"no token", "", "led", http.StatusUnauthorized},
		{"missing session", tokenAcme, "nope", http.StatusNotFound},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if body, status := getRecords(t, e.url, c.token, c.id); status != c.want {
				t.Errorf("status %d (%s), want %d", status, body, c.want)
			}
		})
	}
}

// tamperStore serves every ledger with the first record's text changed,
// as an edit of the database behind the host's back would.
type tamperStore struct{ ledger.Store }

type tamperTx struct{ ledger.Tx }

func (t tamperTx) Records() ([]ledger.Record, error) {
	recs, err := t.Tx.Records()
	if err == nil && len(recs) > 0 {
		recs[0].Span.Text = strings.Replace(recs[0].Span.Text, "Do not run", "Run", 1)
	}
	return recs, err
}

func (s tamperStore) View(ctx context.Context, tenant, id string, fn func(ledger.Tx) error) error {
	return s.Store.View(ctx, tenant, id, func(tx ledger.Tx) error { return fn(tamperTx{tx}) })
}

// TestRecordsTampered: a record edited in the store is served as stored,
// with chain_ok false, and the checker finds the break on its own.
func TestRecordsTampered(t *testing.T) {
	e := newEnv(t, func(o *api.Options) { o.Store = tamperStore{o.Store} })
	e.session(t, e.acme, "bad")
	body, status := getRecords(t, e.url, tokenAcme, "bad")
	var got wire.Ledger
	if status != http.StatusOK || json.Unmarshal(body, &got) != nil {
		t.Fatalf("GET records: %d %s", status, body)
	}
	if got.ChainOK || !strings.Contains(got.ChainError, "record 1") {
		t.Errorf("tampered ledger: chain_ok %v, error %q", got.ChainOK, got.ChainError)
	}
	tr, err := invcheck.HTTPFetcher(http.DefaultClient, e.url, tokenAcme)(context.Background(), "bad")
	if err != nil {
		t.Fatal(err)
	}
	if err := invcheck.VerifyLedgerChain(invcheck.GenesisHash("acme", "bad"), tr.Records); err == nil {
		t.Errorf("the checker verified a tampered ledger")
	}
}
