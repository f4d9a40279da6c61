package invcheck_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/internal/invcheck"
	"github.com/compactguard/compactguard/sdk"
)

// TestSchemeMatchesLedger checks the checker's re-implementation of the
// hash scheme against host/ledger's, on records the ledger seals. Only
// this test imports host/ledger: the checker itself does not.
func TestSchemeMatchesLedger(t *testing.T) {
	spans := []sdk.Span{
		{ID: "s1", Kind: "user", Text: "Do not run DROP TABLE on legacy_orders.", Meta: map[string]string{"z": "1", "a": "ü"}},
		{ID: "s2", Kind: "tool_result", Text: "", Meta: nil},
		{ID: "sum-1", Kind: "summary", Text: "kept", Covers: []string{"s1", "s2"}},
	}
	var recs []invcheck.LedgerRecord
	var prev *ledger.Record
	for _, s := range spans {
		r := ledger.Record{Span: s}
		ledger.SealRecord(&r, prev)
		prev = &r
		if got := invcheck.ContentHash(invcheck.Span{ID: s.ID, Kind: s.Kind, Text: s.Text, Meta: s.Meta, Covers: s.Covers}); got != r.ContentHash {
			t.Fatalf("content hash of %s: checker %s, ledger %s", s.ID, got, r.ContentHash)
		}
		recs = append(recs, invcheck.LedgerRecord{Seq: r.Seq, Span: invcheck.Span{ID: s.ID, Kind: s.Kind, Text: s.Text, Meta: s.Meta, Covers: s.Covers}, ContentHash: r.ContentHash, Prev: r.Prev, Hash: r.Hash})
	}
	if err := invcheck.VerifyLedgerChain(recs); err != nil {
		t.Fatal(err)
	}
	recs[1].Span.Text = "tampered"
	if err := invcheck.VerifyLedgerChain(recs); err == nil {
		t.Fatal("a tampered ledger record verified")
	}

	var decs []invcheck.TrailRecord
	var dprev *ledger.DecisionRecord
	for i, body := range []string{`{"seq":1,"type":"budget"}`, `{"seq":2,"type":"compaction","allowed":false,"message":"≥ \u003cb\u003e \u0026"}`} {
		d := ledger.DecisionRecord{Type: "x", Body: json.RawMessage(body)}
		ledger.SealDecision(&d, dprev)
		dprev = &d
		// Through JSON, as the API sends it. (Bodies are json.Marshal output,
		// so <, > and & arrive escaped; encoding/json would re-escape raw
		// ones inside a RawMessage and the hash would no longer match.)
		b, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		var tr invcheck.TrailRecord
		if err := json.Unmarshal(b, &tr); err != nil {
			t.Fatal(err)
		}
		if tr.Seq != int64(i+1) {
			t.Fatalf("seq %d", tr.Seq)
		}
		decs = append(decs, tr)
	}
	if err := invcheck.VerifyDecisionChain(decs); err != nil {
		t.Fatal(err)
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
