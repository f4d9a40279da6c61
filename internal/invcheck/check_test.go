package invcheck

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// trailBuilder writes a hand-made session: the generator's events and the
// audit trail the server would have kept, sealed with the documented chain.
type trailBuilder struct {
	t     *testing.T
	sl    SessionLog
	trail Trail
	req   int
}

func newTrail(t *testing.T, budget int) *trailBuilder {
	b := &trailBuilder{t: t, sl: SessionLog{ID: "s"}, trail: Trail{ChainOK: true, Tenant: "t", Records: []LedgerRecord{}}}
	b.event(Event{Op: OpCreate, Status: 201, Response: mustJSON(t, map[string]any{"tenant": "t", "budget": budget, "version": 0})})
	return b
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (b *trailBuilder) event(e Event) {
	e.Session, e.Index = b.sl.ID, len(b.sl.Events)
	b.sl.Events = append(b.sl.Events, e)
}

// appendSpans logs an acknowledged append (without version and token
// counts: the checker compares them only when the server sends them).
func (b *trailBuilder) appendSpans(planted []Planted, spans ...Span) {
	b.event(Event{Op: OpAppend, Status: 200, Request: mustJSON(b.t, map[string]any{"spans": spans}),
		Response: mustJSON(b.t, map[string]any{"appended": len(spans)}), Planted: planted})
	for _, sp := range spans {
		b.pin(sp)
	}
}

// at is the time every fixture record is sealed at.
var at = time.Date(2025, 6, 1, 12, 0, 0, 1, time.UTC)

// pin appends a span to the ledger, sealed with the documented chain.
func (b *trailBuilder) pin(sp Span) {
	prev := GenesisHash("t", b.sl.ID)
	if n := len(b.trail.Records); n > 0 {
		prev = b.trail.Records[n-1].Hash
	}
	r := LedgerRecord{Seq: int64(len(b.trail.Records) + 1), Span: sp, Tokens: len(sp.Text), ContentHash: ContentHash(sp), Prev: prev, Time: at}
	r.Hash = RecordLink(r.Prev, r.Seq, r.Time, r.Tokens, r.ContentHash)
	b.trail.Records = append(b.trail.Records, r)
}

// cover marks ledger records as covered by a summary.
func (b *trailBuilder) cover(ids []string, by string) {
	for _, id := range ids {
		for i := range b.trail.Records {
			if b.trail.Records[i].Span.ID == id {
				b.trail.Records[i].CoveredBy = by
			}
		}
	}
}

// seal appends a decision body to the trail and returns its record.
func (b *trailBuilder) seal(reqID, typ string, body json.RawMessage) TrailRecord {
	prev := GenesisHash("t", b.sl.ID)
	if n := len(b.trail.Decisions); n > 0 {
		prev = b.trail.Decisions[n-1].Hash
	}
	seq := int64(len(b.trail.Decisions) + 1)
	r := TrailRecord{Seq: seq, Type: typ, RequestID: reqID, Body: body, Prev: prev, Time: at, Hash: DecisionLink(prev, seq, at, typ, reqID, body)}
	b.trail.Decisions = append(b.trail.Decisions, r)
	return r
}

// decide logs a decision request answered 200 with dec, recorded in the
// trail; edit adjusts the event before it is logged.
func (b *trailBuilder) decide(op string, req map[string]any, dec map[string]any, edit func(*Event)) {
	b.req++
	rid := fmt.Sprintf("r%d", b.req)
	req["request_id"] = rid
	dec["seq"] = len(b.trail.Decisions) + 1
	dec["type"] = op
	body := mustJSON(b.t, dec)
	recorded := rid
	if op == OpBudget {
		recorded = "authority:" + rid // as the API records the authority's ids
	}
	b.seal(recorded, op, body)
	if op == OpCompaction && dec["allowed"] == true {
		by, _ := dec["summary_id"].(string)
		covers, _ := req["covers"].([]string)
		if sum, _ := req["summary"].(string); sum != "" {
			b.cover(covers, by)
			b.pin(Span{ID: by, Kind: "summary", Text: sum, Covers: covers})
		} else {
			b.cover(covers, "dedup")
		}
	}
	e := Event{Op: op, RequestID: rid, Status: 200, Request: mustJSON(b.t, req), Response: body}
	if edit != nil {
		edit(&e)
	}
	b.event(e)
}

func (b *trailBuilder) check() []Violation {
	b.t.Helper()
	c, err := New(Options{})
	if err != nil {
		b.t.Fatal(err)
	}
	r := NewReport()
	c.CheckSession(r, b.sl, &b.trail)
	return r.Violations
}

const rule = "Do not run DROP TABLE on legacy_orders_7."

// base is a clean session: a pinned span with a planted prohibition, a
// faithful allowed compaction of it, a phase signal after an append, an
// accepted edit on that signal, and an authorised budget change.
func base(t *testing.T) *trailBuilder {
	b := newTrail(t, 48000)
	b.appendSpans([]Planted{{Span: "a", Category: "prohibition", Text: rule}},
		Span{ID: "a", Kind: "user", Text: "Note. " + rule}, Span{ID: "b", Kind: "assistant", Text: "ok"})
	b.decide(OpCompaction, map[string]any{"covers": []string{"a"}, "summary": "Kept: " + rule},
		map[string]any{"allowed": true, "reason": "anchored_score_passed", "reference_pinned": true, "summary_id": "summary-1",
			"items": []map[string]any{{"category": "prohibition", "text": rule, "span": "a", "must_keep": true, "preserved": true}}}, nil)
	b.appendSpans(nil, Span{ID: "c", Kind: "tool_result", Text: "total 3"})
	b.decide(OpPhaseSignal, map[string]any{}, map[string]any{"accepted": true, "reason": "frozen", "signal": 1, "version": 3, "phase": "synthesis", "phase_changed": true}, nil)
	b.decide(OpPolicyEdit, map[string]any{"policy": "synthesize", "signal": "latest"},
		map[string]any{"accepted": true, "reason": "bound_verified", "edit_kind": "structural", "worst_case_tokens": 100, "budget_tokens": 48000, "signal": 1}, nil)
	b.decide(OpBudget, map[string]any{"tokens": 30000}, map[string]any{"accepted": true, "reason": "budget_changed", "budget_tokens": 30000},
		func(e *Event) { e.Credential = CredAuthority })
	return b
}

func TestCleanSessionHasNoViolations(t *testing.T) {
	if v := base(t).check(); len(v) != 0 {
		t.Fatalf("clean session: %v", v)
	}
}

// TestCatchesEachViolation feeds the checker hand-made violating trails:
// each must be reported under its invariant, so the load test's "0
// violations" cannot be a checker that never fails.
func TestCatchesEachViolation(t *testing.T) {
	prohibitionItem := func(preserved bool) map[string]any {
		return map[string]any{"category": "prohibition", "text": rule, "span": "a", "must_keep": true, "preserved": preserved}
	}
	cases := []struct {
		name  string
		inv   int
		build func(b *trailBuilder)
	}{
		{"allowed unpinned with items", InvUnpinned, func(b *trailBuilder) {
			b.decide(OpCompaction, map[string]any{"covers": []string{"x"}, "summary": "s", "originals": []Span{{ID: "x", Kind: "user", Text: "Do not touch prod-eu-1."}}},
				map[string]any{"allowed": true, "reason": "no_decision_relevant_items", "reference_pinned": false, "summary_id": "summary-2",
					"items": []map[string]any{{"category": "prohibition", "text": "Do not touch prod-eu-1.", "span": "x", "must_keep": true}}},
				func(e *Event) {
					e.Planted = []Planted{{Span: "x", Category: "prohibition", Text: "Do not touch prod-eu-1."}}
				})
		}},
		{"allowed with unknown originals, claimed pinned", InvUnpinned, func(b *trailBuilder) {
			b.decide(OpCompaction, map[string]any{"covers": []string{"ghost"}, "summary": "s", "originals": []Span{}},
				map[string]any{"allowed": true, "reason": "no_decision_relevant_items", "reference_pinned": true, "summary_id": "summary-2"}, nil)
		}},
		{"allowed with a refusal reason", InvUnpinned, func(b *trailBuilder) {
			b.decide(OpCompaction, map[string]any{"covers": []string{"b"}, "summary": "ok"},
				map[string]any{"allowed": true, "reason": "must_keep_item_missing", "reference_pinned": true, "summary_id": "summary-2"}, nil)
		}},
		{"must-keep item not preserved", InvLostItem, func(b *trailBuilder) {
			b.appendSpans([]Planted{{Span: "a2", Category: "prohibition", Text: rule}}, Span{ID: "a2", Kind: "user", Text: rule + " again"})
			b.decide(OpCompaction, map[string]any{"covers": []string{"a2"}, "summary": "nothing"},
				map[string]any{"allowed": true, "reason": "anchored_score_passed", "reference_pinned": true, "summary_id": "summary-2",
					"items": []map[string]any{{"category": "prohibition", "text": rule, "span": "a2", "must_keep": true, "preserved": false}}}, nil)
		}},
		{"lossy summary allowed", InvLostItem, func(b *trailBuilder) {
			b.decide(OpCompaction, map[string]any{"covers": []string{"summary-1"}, "summary": "Kept: " + rule},
				map[string]any{"allowed": true, "reason": "anchored_score_passed", "reference_pinned": true, "summary_id": "summary-2",
					"items": []map[string]any{prohibitionItem(true)}},
				func(e *Event) { e.Variant, e.Omitted = VariantLossy, []string{rule} })
		}},
		{"planted prohibition lost under a summary of a summary", InvLostItem, func(b *trailBuilder) {
			// The extractor "found nothing": the checker still knows what it planted.
			b.decide(OpCompaction, map[string]any{"covers": []string{"summary-1", "b"}, "summary": "All fine."},
				map[string]any{"allowed": true, "reason": "no_decision_relevant_items", "reference_pinned": true, "summary_id": "summary-2"}, nil)
		}},
		{"dedup that removes a unique span", InvLostItem, func(b *trailBuilder) {
			b.decide(OpCompaction, map[string]any{"covers": []string{"b"}, "summary": ""},
				map[string]any{"allowed": true, "reason": "lossless_dedup", "reference_pinned": true}, nil)
		}},
		{"accepted edit over budget", InvOverBudget, func(b *trailBuilder) {
			b.appendSpans(nil, Span{ID: "d", Kind: "user", Text: "go"})
			b.decide(OpPhaseSignal, map[string]any{}, map[string]any{"accepted": true, "reason": "frozen", "signal": 2, "version": 4, "phase_changed": false}, nil)
			b.decide(OpPolicyEdit, map[string]any{"policy_hcl": "..."},
				map[string]any{"accepted": true, "reason": "bound_verified", "edit_kind": "structural", "worst_case_tokens": 61000, "budget_tokens": 30000}, nil)
		}},
		{"accepted edit whose own bound exceeds the budget", InvOverBudget, func(b *trailBuilder) {
			b.decide(OpBudget, map[string]any{"tokens": 5}, map[string]any{"accepted": true, "reason": "budget_changed", "budget_tokens": 5},
				func(e *Event) { e.Credential = CredAuthority })
			b.appendSpans(nil, Span{ID: "d", Kind: "tool_result", Text: strings.Repeat("tokens and more tokens ", 20)})
			b.decide(OpPhaseSignal, map[string]any{}, map[string]any{"accepted": true, "reason": "frozen", "signal": 2, "version": 4, "phase_changed": false}, nil)
			b.decide(OpPolicyEdit, map[string]any{"policy_hcl": "..."},
				map[string]any{"accepted": true, "reason": "bound_verified", "edit_kind": "structural", "worst_case_tokens": 4, "budget_tokens": 5},
				func(e *Event) { e.MatchAll = &MatchAll{Cap: 1 << 30, TopK: 100} })
		}},
		{"edit judged against the wrong budget", InvOverBudget, func(b *trailBuilder) {
			b.appendSpans(nil, Span{ID: "d", Kind: "user", Text: "go"})
			b.decide(OpPhaseSignal, map[string]any{}, map[string]any{"accepted": true, "reason": "frozen", "signal": 2, "version": 4, "phase_changed": false}, nil)
			b.decide(OpPolicyEdit, map[string]any{"policy": "x"},
				map[string]any{"accepted": true, "reason": "bound_verified", "edit_kind": "structural", "worst_case_tokens": 40000, "budget_tokens": 48000}, nil)
		}},
		{"budget changed with the tenant token", InvAuthority, func(b *trailBuilder) {
			b.decide(OpBudget, map[string]any{"tokens": 99999}, map[string]any{"accepted": true, "reason": "budget_changed", "budget_tokens": 99999},
				func(e *Event) { e.Credential = CredTenant })
		}},
		{"wrong credential answered and recorded", InvAuthority, func(b *trailBuilder) {
			b.decide(OpBudget, map[string]any{"tokens": 10}, map[string]any{"accepted": false, "reason": "unauthorized"},
				func(e *Event) { e.Credential = CredWrong })
		}},
		{"policy edit carrying a budget accepted", InvAuthority, func(b *trailBuilder) {
			b.appendSpans(nil, Span{ID: "d", Kind: "user", Text: "go"})
			b.decide(OpPhaseSignal, map[string]any{}, map[string]any{"accepted": true, "reason": "frozen", "signal": 2, "version": 4, "phase_changed": false}, nil)
			b.decide(OpPolicyEdit, map[string]any{"policy_hcl": "policy \"p\" { budget = 1 }"},
				map[string]any{"accepted": true, "reason": "score_only_edit", "edit_kind": "score_only"},
				func(e *Event) { e.CarriesBudget = true })
		}},
		{"phase changed by compaction output", InvPhase, func(b *trailBuilder) {
			b.decide(OpCompaction, map[string]any{"covers": []string{"c"}, "summary": "Now I'll implement the plan."},
				map[string]any{"allowed": true, "reason": "no_decision_relevant_items", "reference_pinned": true, "summary_id": "summary-2"}, nil)
			b.decide(OpPhaseSignal, map[string]any{}, map[string]any{"accepted": true, "reason": "frozen", "signal": 2, "version": 4, "phase": "repair", "phase_changed": true}, nil)
		}},
		{"edit on a stale signal", InvPhase, func(b *trailBuilder) {
			b.appendSpans(nil, Span{ID: "d", Kind: "user", Text: "go"})
			b.decide(OpPolicyEdit, map[string]any{"policy": "explore"},
				map[string]any{"accepted": true, "reason": "bound_verified", "edit_kind": "structural", "worst_case_tokens": 10, "budget_tokens": 30000}, nil)
		}},
		{"tampered trail body", InvChain, func(b *trailBuilder) {
			b.trail.Decisions[0].Body = json.RawMessage(strings.Replace(string(b.trail.Decisions[0].Body), `"anchored_score_passed"`, `"no_decision_relevant_items"`, 1))
		}},
		{"tampered ledger record", InvChain, func(b *trailBuilder) {
			b.trail.Records[0].Tokens = 1
		}},
		{"trail of another session", InvChain, func(b *trailBuilder) {
			b.sl.ID = "s-other"
			for i := range b.sl.Events {
				b.sl.Events[i].Session = "s-other"
			}
		}},
		{"ledger served under another tenant", InvChain, func(b *trailBuilder) {
			b.trail.Tenant = "u"
		}},
		{"covered span served as live", InvModel, func(b *trailBuilder) {
			b.trail.Records[0].CoveredBy = ""
		}},
		{"server reports a broken chain", InvChain, func(b *trailBuilder) {
			b.trail.ChainOK, b.trail.ChainError = false, "ledger record 2 does not verify"
		}},
		{"acknowledged decision missing from the trail", InvAcknowledged, func(b *trailBuilder) {
			b.trail.Decisions = b.trail.Decisions[:len(b.trail.Decisions)-1]
		}},
		{"acknowledged body differs from the trail", InvAcknowledged, func(b *trailBuilder) {
			e := &b.sl.Events[len(b.sl.Events)-1]
			e.Response = json.RawMessage(strings.Replace(string(e.Response), "30000", "30001", 1))
		}},
		{"decision nobody asked for", InvAcknowledged, func(b *trailBuilder) {
			b.seal("", OpBudget, mustJSON(t, map[string]any{"seq": len(b.trail.Decisions) + 1, "type": "budget", "accepted": true, "reason": "budget_changed", "budget_tokens": 1}))
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := base(t)
			tc.build(b)
			vs := b.check()
			for _, v := range vs {
				t.Log(v)
			}
			found := false
			for _, v := range vs {
				if v.Invariant == tc.inv {
					found = true
				}
				if v.Invariant == InvModel && tc.inv != InvModel {
					t.Errorf("the fixture disagrees with the checker's reconstruction: %v", v)
				}
			}
			if !found {
				t.Fatalf("want a violation of invariant %d, got %v", tc.inv, vs)
			}
		})
	}
}

func TestVerifyChains(t *testing.T) {
	genesis := GenesisHash("t", "s")
	cases := []struct {
		name string
		edit func(b *trailBuilder)
		// genesis to verify against, when not the session's own
		genesis string
	}{
		{"broken decision prev link", func(b *trailBuilder) { b.trail.Decisions[1].Prev = b.trail.Decisions[0].Prev }, ""},
		{"decision request_id edited", func(b *trailBuilder) { b.trail.Decisions[1].RequestID = "forged" }, ""},
		{"decision time edited", func(b *trailBuilder) { b.trail.Decisions[2].Time = at.Add(time.Nanosecond) }, ""},
		{"decision type edited", func(b *trailBuilder) { b.trail.Decisions[0].Type = OpBudget }, ""},
		{"record tokens edited", func(b *trailBuilder) { b.trail.Records[0].Tokens++ }, ""},
		{"record time edited", func(b *trailBuilder) { b.trail.Records[1].Time = at.Add(time.Hour) }, ""},
		{"record text edited", func(b *trailBuilder) { b.trail.Records[0].Span.Text = "changed" }, ""},
		{"verified as another session's", nil, GenesisHash("t", "other")},
		{"verified as another tenant's", nil, GenesisHash("u", "s")},
	}
	b := base(t)
	if err := VerifyDecisionChain(genesis, b.trail.Decisions); err != nil {
		t.Fatal(err)
	}
	if err := VerifyLedgerChain(genesis, b.trail.Records); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := base(t)
			g := genesis
			if c.genesis != "" {
				g = c.genesis
			}
			if c.edit != nil {
				c.edit(b)
			}
			if VerifyDecisionChain(g, b.trail.Decisions) == nil && VerifyLedgerChain(g, b.trail.Records) == nil {
				t.Fatal("the chains verified")
			}
		})
	}
}
