package ledger_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// sealed builds a small session sealed the way every store seals it.
func sealed(info ledger.SessionInfo) ([]ledger.Record, []ledger.DecisionRecord) {
	at := time.Date(2025, 6, 1, 12, 0, 0, 123456789, time.UTC)
	var recs []ledger.Record
	var prev *ledger.Record
	for i, s := range []sdk.Span{
		{ID: "s1", Kind: "user", Text: "do not run DROP TABLE on legacy_orders"},
		{ID: "s2", Kind: "tool_result", Text: "ok", Meta: map[string]string{"tool": "bash"}},
		{ID: "summary-1", Kind: "summary", Text: "kept", Covers: []string{"s1", "s2"}},
	} {
		r := ledger.Record{Span: s, Tokens: 10 + i, Time: at.Add(time.Duration(i) * time.Second)}
		ledger.SealRecord(&r, info, prev)
		recs = append(recs, r)
		prev = &recs[len(recs)-1]
	}
	var decs []ledger.DecisionRecord
	var dprev *ledger.DecisionRecord
	for i, typ := range []string{"compaction", "policy_edit", "budget"} {
		d := ledger.DecisionRecord{Type: typ, RequestID: "req-" + typ, Body: json.RawMessage(`{"seq":` + string(rune('1'+i)) + `,"type":"` + typ + `"}`), Time: at.Add(time.Minute * time.Duration(i))}
		ledger.SealDecision(&d, info, dprev)
		decs = append(decs, d)
		dprev = &decs[len(decs)-1]
	}
	return recs, decs
}

// TestVerifySession checks that the chain covers every field of a record
// and a decision, and binds both chains to their tenant and session.
func TestVerifySession(t *testing.T) {
	info := ledger.SessionInfo{ID: "s-1", Tenant: "acme"}
	other := ledger.SessionInfo{ID: "s-2", Tenant: "acme"}
	recs, decs := sealed(info)
	if err := ledger.VerifySession(info, recs, decs); err != nil {
		t.Fatalf("freshly sealed session: %v", err)
	}
	otherRecs, otherDecs := sealed(other)
	cases := []struct {
		name string
		info ledger.SessionInfo
		edit func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord)
	}{
		{"verified as another session", other, nil},
		{"verified as another tenant's", ledger.SessionInfo{ID: "s-1", Tenant: "globex"}, nil},
		{"decision moved from another session", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			return r, append([]ledger.DecisionRecord{otherDecs[0]}, d[1:]...)
		}},
		{"whole audit trail moved from another session", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			return r, otherDecs
		}},
		{"whole ledger moved from another session", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			return otherRecs, d
		}},
		{"decision request_id edited", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			d[1].RequestID = "req-forged"
			return r, d
		}},
		{"decision request_id removed", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			d[1].RequestID = ""
			return r, d
		}},
		{"decision time edited by 1ns", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			d[2].Time = d[2].Time.Add(time.Nanosecond)
			return r, d
		}},
		{"decision type edited", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			d[0].Type = "budget"
			return r, d
		}},
		{"decision body edited", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			d[0].Body = json.RawMessage(`{"seq":1,"type":"compaction","allowed":true}`)
			return r, d
		}},
		{"decision dropped", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			return r, append([]ledger.DecisionRecord{d[0]}, d[2:]...)
		}},
		{"record time edited", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			r[1].Time = r[1].Time.Add(-time.Hour)
			return r, d
		}},
		{"record tokens edited", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			r[0].Tokens = 1
			return r, d
		}},
		{"record text edited", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			r[0].Span.Text = "run DROP TABLE on legacy_orders"
			return r, d
		}},
		{"record moved from another session", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			return append([]ledger.Record{otherRecs[0]}, r[1:]...), d
		}},
		{"records swapped", info, func(r []ledger.Record, d []ledger.DecisionRecord) ([]ledger.Record, []ledger.DecisionRecord) {
			r[1], r[2] = r[2], r[1]
			r[1].Seq, r[2].Seq = 2, 3
			return r, d
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := append([]ledger.Record(nil), recs...)
			d := append([]ledger.DecisionRecord(nil), decs...)
			if c.edit != nil {
				r, d = c.edit(r, d)
			}
			if err := ledger.VerifySession(c.info, r, d); err == nil {
				t.Fatalf("VerifySession accepted it")
			}
		})
	}
}

// TestGenesis checks that the genesis is length-prefixed: no two
// (tenant, session) pairs share one by moving the separator.
func TestGenesis(t *testing.T) {
	pairs := [][2]string{{"a", "b"}, {"a|b", "c"}, {"a", "b|c"}, {"", "a|b|c"}, {"ab", ""}, {"a", "b"}}
	seen := map[string][2]string{}
	for _, p := range pairs[:len(pairs)-1] {
		g := ledger.GenesisHash(p[0], p[1])
		if q, dup := seen[g]; dup {
			t.Errorf("tenant/session %q and %q share a genesis", p, q)
		}
		seen[g] = p
	}
	if ledger.GenesisHash("a", "b") != (ledger.SessionInfo{Tenant: "a", ID: "b"}).Genesis() {
		t.Errorf("SessionInfo.Genesis differs from GenesisHash")
	}
	// The documented formula, spelled out.
	sum := sha256.Sum256([]byte("compactguard/v1|4:acme|3:s-1"))
	if got, want := ledger.GenesisHash("acme", "s-1"), hex.EncodeToString(sum[:]); got != want {
		t.Errorf("GenesisHash(acme, s-1) = %s, want %s", got, want)
	}
}
