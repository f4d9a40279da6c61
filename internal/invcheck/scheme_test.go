package invcheck_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/internal/invcheck"
	"github.com/compactguard/compactguard/sdk"
)

// roundTrip sends v through JSON into out, as the API delivers records.
func roundTrip(t *testing.T, v, out any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
}

// TestSchemeMatchesLedger checks the checker's re-implementation of the
// hash scheme against host/ledger's, on records the ledger seals. Only
// this test imports host/ledger: the checker itself does not.
func TestSchemeMatchesLedger(t *testing.T) {
	info := ledger.SessionInfo{ID: "sess|1", Tenant: "acme:eu"}
	if got, want := invcheck.GenesisHash(info.Tenant, info.ID), ledger.GenesisHash(info.Tenant, info.ID); got != want {
		t.Fatalf("genesis: checker %s, ledger %s", got, want)
	}
	at := time.Date(2025, 6, 1, 12, 0, 0, 987654321, time.UTC)
	spans := []sdk.Span{
		{ID: "s1", Kind: "user", Text: "Do not run DROP TABLE on legacy_orders.", Meta: map[string]string{"z": "1", "a": "ü"}},
		{ID: "s2", Kind: "tool_result", Text: "", Meta: nil},
		{ID: "sum-1", Kind: "summary", Text: "kept", Covers: []string{"s1", "s2"}},
	}
	var recs []invcheck.LedgerRecord
	var prev *ledger.Record
	for i, s := range spans {
		r := ledger.Record{Span: s, Tokens: 7 * i, Time: at.Add(time.Duration(i) * time.Millisecond)}
		ledger.SealRecord(&r, info, prev)
		prev = &r
		var lr invcheck.LedgerRecord
		roundTrip(t, r, &lr) // ledger.Record's JSON is the records route's shape
		if got := invcheck.ContentHash(lr.Span); got != r.ContentHash {
			t.Fatalf("content hash of %s: checker %s, ledger %s", s.ID, got, r.ContentHash)
		}
		recs = append(recs, lr)
	}
	genesis := invcheck.GenesisHash(info.Tenant, info.ID)
	if err := invcheck.VerifyLedgerChain(genesis, recs); err != nil {
		t.Fatal(err)
	}
	if err := invcheck.VerifyLedgerChain(invcheck.GenesisHash(info.Tenant, "sess|2"), recs); err == nil {
		t.Fatal("a ledger verified as another session's")
	}
	recs[1].Span.Text = "tampered"
	if err := invcheck.VerifyLedgerChain(genesis, recs); err == nil {
		t.Fatal("a tampered ledger record verified")
	}

	var decs []invcheck.TrailRecord
	var dprev *ledger.DecisionRecord
	for i, c := range []struct{ typ, req, body string }{
		{"budget", "", `{"seq":1,"type":"budget"}`},
		{"compaction", "req-ü|2", `{"seq":2,"type":"compaction","allowed":false,"message":"≥ \u003cb\u003e \u0026"}`},
	} {
		d := ledger.DecisionRecord{Type: c.typ, RequestID: c.req, Body: json.RawMessage(c.body), Time: at.Add(time.Duration(i) * time.Second)}
		ledger.SealDecision(&d, info, dprev)
		dprev = &d
		// Through JSON, as the API sends it. (Bodies are json.Marshal output,
		// so <, > and & arrive escaped; encoding/json would re-escape raw
		// ones inside a RawMessage and the hash would no longer match.)
		var tr invcheck.TrailRecord
		roundTrip(t, d, &tr)
		if tr.Seq != int64(i+1) {
			t.Fatalf("seq %d", tr.Seq)
		}
		decs = append(decs, tr)
	}
	if err := invcheck.VerifyDecisionChain(genesis, decs); err != nil {
		t.Fatal(err)
	}
	decs[1].RequestID = "req-other"
	if err := invcheck.VerifyDecisionChain(genesis, decs); err == nil {
		t.Fatal("an edited request_id verified")
	}
}

// TestIndependent keeps the checker independent of the guard: besides the
// standard library it may import only the tokenizer (and what that needs),
// never a package of this module.
func TestIndependent(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		switch {
		case p == "github.com/compactguard/compactguard/internal/invcheck":
		case strings.HasPrefix(p, "github.com/compactguard/compactguard"):
			t.Errorf("invcheck depends on %s: it must share no code with the guard", p)
		case strings.HasPrefix(p, "github.com/tiktoken-go/tokenizer"), strings.HasPrefix(p, "github.com/dlclark/regexp2"):
		default:
			t.Errorf("invcheck depends on %s: only the standard library and the tokenizer are allowed", p)
		}
	}
}
