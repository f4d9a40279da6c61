package guard

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

var migration = []sdk.Span{
	span("s1", "system", "You are a coding agent."),
	span("s2", "user", "Copy legacy_orders into orders_v2. Important: do not run DROP TABLE on legacy_orders. Use batches of 5000 rows."),
	span("s3", "assistant", "Understood, I will copy in batches."),
	span("s4", "tool_result", "batch 01: copied 5000 rows"),
}

const faithful = "The user wants legacy_orders copied into orders_v2. Important: do not run DROP TABLE on legacy_orders. Use batches of 5000 rows. Batch 01 is done."
const careless = "The user wants legacy_orders copied into orders_v2. Use batches of 5000 rows. Batch 01 is done; after verification the old table can go."

func ids(spans []sdk.Span) []string {
	var out []string
	for _, s := range spans {
		out = append(out, s.ID)
	}
	return out
}

func TestCompactionRule(t *testing.T) {
	self := 0.91
	tests := []struct {
		name       string
		pinned     []sdk.Span // appended before the compaction
		req        CompactionRequest
		allowed    bool
		reason     string
		wantPinned bool
	}{
		{"faithful pinned", migration, CompactionRequest{Covers: ids(migration), Summary: faithful}, true, ReasonAnchoredScorePassed, true},
		{"dropped prohibition", migration, CompactionRequest{Covers: ids(migration), Summary: careless, SelfScore: &self}, false, ReasonMustKeepItemMissing, true},
		{"nothing decision relevant", []sdk.Span{span("a", "user", "hi there"), span("b", "assistant", "hello!")}, CompactionRequest{Covers: []string{"a", "b"}, Summary: "greetings"}, true, ReasonNoDecisionRelevantItems, true},
		{"unpinned with items", nil, CompactionRequest{Covers: ids(migration), Summary: faithful, Originals: migration, HasOriginals: true}, false, ReasonUnpinnedReference, false},
		{"unpinned but shown empty", nil, CompactionRequest{Covers: []string{"a"}, Summary: "x", Originals: []sdk.Span{span("a", "user", "hi there")}, HasOriginals: true}, true, ReasonNoDecisionRelevantItems, false},
		{"unknown content", nil, CompactionRequest{Covers: []string{"x1", "x2"}, Summary: "x", HasOriginals: true}, false, ReasonUnpinnedReference, false},
		{"partly pinned", migration[:2], CompactionRequest{Covers: ids(migration), Summary: faithful, Originals: migration[2:], HasOriginals: true}, false, ReasonUnpinnedReference, false},
		{"pure dedup", []sdk.Span{span("a", "tool_result", "same output"), span("b", "tool_result", "same output"), span("c", "user", "do not delete prod.")}, CompactionRequest{Covers: []string{"b"}, Summary: ""}, true, ReasonLosslessDedup, true},
		{"not dedup: unique text", []sdk.Span{span("a", "tool_result", "x"), span("c", "user", "do not delete prod.")}, CompactionRequest{Covers: []string{"c"}, Summary: ""}, false, ReasonMustKeepItemMissing, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.session(t, "s", tt.pinned...)
			d, err := f.g.Compact(f.ctx, tenant, "s", tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if *d.Allowed != tt.allowed || d.Reason != tt.reason {
				t.Fatalf("got allowed=%v reason=%s (%s), want %v %s", *d.Allowed, d.Reason, d.Message, tt.allowed, tt.reason)
			}
			if *d.ReferencePinned != tt.wantPinned {
				t.Errorf("reference_pinned = %v", *d.ReferencePinned)
			}
			if ds := f.decisions(t, "s"); len(ds) != 1 || ds[0].Seq != d.Seq {
				t.Errorf("audit trail has %d decisions", len(ds))
			}
		})
	}
}

func TestUnpinnedSurfacesItems(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s")
	d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: faithful, Originals: migration, HasOriginals: true, SelfScore: ptr(0.99)})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 2 || !strings.Contains(d.Message, "unpinned reference, 2 decision-relevant items") {
		t.Fatalf("items %d, message %q", len(d.Items), d.Message)
	}
	if d.AnchoredScore != nil {
		t.Error("an unpinned compaction must not be scored")
	}
}

func TestUnknownCoverIsInputError(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", migration...)
	_, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: []string{"s1", "nope"}, Summary: "x"})
	var ie *InputError
	if !errors.As(err, &ie) || ie.Field != "covers[1]" {
		t.Fatalf("want input error on covers[1], got %v", err)
	}
	if ds := f.decisions(t, "s"); len(ds) != 0 {
		t.Fatal("a bad request must write nothing")
	}
}

func TestRepairMakesCandidatePass(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", migration...)
	d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: careless, SelfScore: ptr(0.91)})
	if err != nil {
		t.Fatal(err)
	}
	if d.Reason != ReasonMustKeepItemMissing || d.Repair == "" {
		t.Fatalf("want refusal with repair, got %s", d.Reason)
	}
	if *d.Gap < 0.2 {
		t.Errorf("gap %.2f: the anchored score should sit well below the self score", *d.Gap)
	}
	var lost []DecisionItem
	for _, it := range d.Items {
		if !*it.Preserved {
			lost = append(lost, it)
		}
	}
	if len(lost) != 1 || lost[0].Category != sdk.CategoryProhibition {
		t.Fatalf("lost %+v", lost)
	}
	d2, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: careless + "\n\n" + d.Repair})
	if err != nil {
		t.Fatal(err)
	}
	if !*d2.Allowed {
		t.Fatalf("candidate + repair refused: %s %s", d2.Reason, d2.Message)
	}
}

// TestChainJudgedAgainstRoots: a compaction covering a summary is scored
// against the root originals the summary replaced, never the summary.
func TestChainJudgedAgainstRoots(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", migration...)
	d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{ID: "sum1", Covers: ids(migration), Summary: faithful})
	if err != nil || !*d.Allowed {
		t.Fatalf("first compaction: %v %+v", err, d)
	}
	if _, err := f.g.Append(f.ctx, tenant, "s", []sdk.Span{span("s5", "assistant", "batch 02 done")}); err != nil {
		t.Fatal(err)
	}
	d, err = f.g.Compact(f.ctx, tenant, "s", CompactionRequest{ID: "sum2", Covers: []string{"sum1", "s5"}, Summary: careless})
	if err != nil {
		t.Fatal(err)
	}
	if *d.Allowed {
		t.Fatal("a summary of a summary that drops a root prohibition was allowed")
	}
	for _, o := range f.sc.lastOriginals {
		if o.Kind == "summary" {
			t.Fatalf("scorer was given the intermediate summary %q", o.ID)
		}
	}
	// The scorer sees the root originals its items cite: s2 holds them all.
	if len(f.sc.lastOriginals) != 1 || f.sc.lastOriginals[0].ID != "s2" {
		t.Errorf("scorer saw originals %v, want the cited root s2", ids(f.sc.lastOriginals))
	}
	// Covered spans are gone from the live view.
	if _, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: []string{"s2"}, Summary: "x"}); err == nil {
		t.Fatal("compacting an already covered span should be an input error")
	}
}

func TestExtractionCachedPerText(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", migration...)
	before := f.ex.spans.Load()
	if _, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: faithful}); err != nil {
		t.Fatal(err)
	}
	if f.ex.spans.Load() != before {
		t.Errorf("compaction re-extracted %d spans already extracted at append", f.ex.spans.Load()-before)
	}
	if f.ex.candidates.Load() != 0 {
		t.Errorf("the candidate was read %d times without candidate_frames, want none", f.ex.candidates.Load())
	}
}

// TestCandidateFramesSendsTheCandidateRead: with candidate_frames the
// candidate is read once by the extractors, as the span "candidate", and
// the scorer gets those items with their offsets into the candidate.
func TestCandidateFramesSendsTheCandidateRead(t *testing.T) {
	f := newFixture(t)
	f.g.set.CandidateFrames = true
	f.session(t, "s", migration...)
	if _, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: faithful}); err != nil {
		t.Fatal(err)
	}
	if f.ex.candidates.Load() != 1 {
		t.Fatalf("the candidate was read %d times, want once", f.ex.candidates.Load())
	}
	if len(f.sc.lastCandidate) == 0 {
		t.Fatal("the scorer got no candidate items")
	}
	for _, it := range f.sc.lastCandidate {
		if it.Span != CandidateSpanID || faithful[it.Start:it.End] != it.Text {
			t.Errorf("candidate item %q cites %s[%d:%d]", it.Text, it.Span, it.Start, it.End)
		}
	}
}

func TestAppendConflict(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", migration...)
	res, err := f.g.Append(f.ctx, tenant, "s", []sdk.Span{migration[0]})
	if err != nil || res.Duplicates != 1 || res.Appended != 0 {
		t.Fatalf("identical re-send: %+v %v", res, err)
	}
	_, err = f.g.Append(f.ctx, tenant, "s", []sdk.Span{span("new", "user", "x"), span("s1", "system", "changed")})
	var ie *InputError
	if !errors.As(err, &ie) || ie.Field != "spans[1].id" {
		t.Fatalf("want conflict on spans[1].id, got %v", err)
	}
	st, _ := f.g.State(f.ctx, tenant, "s")
	if st.Version != 1 {
		t.Errorf("a rejected batch changed the view: version %d", st.Version)
	}
}

// hostileScorer misbehaves in the ways a wrong or hostile plugin could.
type hostileScorer struct {
	info
	mode string
}

func (h *hostileScorer) Score(ctx context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	resp := &sdk.ScoreResponse{Score: 1}
	for i := range req.Items {
		resp.Items = append(resp.Items, sdk.ItemScore{Index: i, Preserved: true, Score: 1, Fate: sdk.FateKept})
	}
	switch h.mode {
	case "no-evidence":
	case "fake-evidence":
		for i := range resp.Items {
			resp.Items[i].Evidence = "do not run DROP TABLE on legacy_orders"
		}
	case "nan":
		resp.Score = math.NaN()
	case "1.7":
		resp.Score = 1.7
	case "item-nan":
		resp.Items[0].Score = math.NaN()
	case "silent":
		resp.Items = nil
	case "error":
		return nil, errors.New("connection reset")
	case "diag":
		resp.Diagnostics = sdk.Diagnostics{sdk.Errorf("", "model not loaded")}
	}
	return resp, nil
}

func (h *hostileScorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: 1}, nil
}

func TestHostileScorerNeverAllowsLoss(t *testing.T) {
	tests := []struct{ mode, reason string }{
		{"no-evidence", ReasonMustKeepItemMissing},
		{"fake-evidence", ReasonMustKeepItemMissing},
		{"silent", ReasonMustKeepItemMissing},
		{"nan", ReasonInvalidPluginOutput},
		{"1.7", ReasonInvalidPluginOutput},
		{"item-nan", ReasonInvalidPluginOutput},
		{"error", ReasonPluginFailure},
		{"diag", ReasonPluginFailure},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			f := newFixture(t)
			f.g.scorers = []plugin[sdk.Scorer]{{kind: sdk.KindScorer, name: "scorer", impl: &hostileScorer{info: info{sdk.KindScorer}, mode: tt.mode}}}
			f.session(t, "s", migration...)
			d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: careless})
			if err != nil {
				t.Fatal(err)
			}
			if *d.Allowed || d.Reason != tt.reason {
				t.Fatalf("got allowed=%v %s (%s), want refusal %s", *d.Allowed, d.Reason, d.Message, tt.reason)
			}
		})
	}
}

func TestGapTrendWarns(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s")
	var last *Decision
	for i, self := range []float64{0.5, 0.6, 0.95} {
		id := string(rune('a' + i))
		if _, err := f.g.Append(f.ctx, tenant, "s", []sdk.Span{span(id, "user", "Keep it at 5 replicas. Do not touch prod "+id+".")}); err != nil {
			t.Fatal(err)
		}
		d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: []string{id}, Summary: "Keep it at 5 replicas.", SelfScore: ptr(self)})
		if err != nil {
			t.Fatal(err)
		}
		last = d
	}
	if len(last.Warnings) == 0 || !strings.Contains(strings.Join(last.Warnings, " "), "gap_rising") {
		t.Fatalf("no rising-gap warning: %v", last.Warnings)
	}
}

func TestIdempotentRequest(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", migration...)
	req := CompactionRequest{Covers: ids(migration), Summary: faithful, RequestID: "r1"}
	d1, err := f.g.Compact(f.ctx, tenant, "s", req)
	if err != nil {
		t.Fatal(err)
	}
	d2, err := f.g.Compact(f.ctx, tenant, "s", req)
	if err != nil {
		t.Fatal(err)
	}
	if d1.Seq != d2.Seq || d2.Reason != d1.Reason {
		t.Fatalf("repeat gave a new decision: %d vs %d", d1.Seq, d2.Seq)
	}
	if n := len(f.decisions(t, "s")); n != 1 {
		t.Fatalf("%d decisions recorded", n)
	}
}

// onlyWord extracts one prohibition per span that contains its word.
type onlyWord struct {
	info
	word string
}

func (o *onlyWord) Extract(_ context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	var items []sdk.Item
	for _, s := range req.Spans {
		if i := strings.Index(s.Text, o.word); i >= 0 {
			items = append(items, sdk.Item{Category: sdk.CategoryProhibition, Text: s.Text, Span: s.ID, Start: 0, End: len(s.Text)})
		}
	}
	return &sdk.ExtractResponse{Items: items}, nil
}

// TestExtractorSetChangeReExtracts: spans pinned under one extractor set
// are extracted again when the set changes, so a newly added extractor's
// items are never hidden by the old cache.
func TestExtractorSetChangeReExtracts(t *testing.T) {
	f := newFixture(t)
	f.g.extractors = []plugin[sdk.Extractor]{{kind: sdk.KindExtractor, name: "a", impl: &onlyWord{info: info{sdk.KindExtractor}, word: "zzz"}}}
	f.g.extractorSet = "set-a"
	f.session(t, "s", span("u1", "user", "Never touch the billing ledger"))
	// A second host on the same store, with an extractor that sees the rule.
	g2 := *f.g
	g2.extractors = []plugin[sdk.Extractor]{{kind: sdk.KindExtractor, name: "b", impl: &onlyWord{info: info{sdk.KindExtractor}, word: "billing"}}}
	g2.extractorSet = "set-b"
	d, err := g2.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: []string{"u1"}, Summary: "worked on invoices"})
	if err != nil {
		t.Fatal(err)
	}
	if *d.Allowed {
		t.Fatalf("allowed with %s: the new extractor's item was hidden by the old cache", d.Reason)
	}
}

// An agent that compacts its running summary with each new batch builds
// one more level of summary per compaction. Cycles are impossible (each id
// is visited once), so the chain's depth bounds nothing that needs
// bounding: a long session must stay compactable, and its items readable,
// whatever the number of compactions.
func TestDeepSummaryChainStaysCompactable(t *testing.T) {
	for _, depth := range []int{3, 64, 65, 120} {
		t.Run(fmt.Sprint(depth), func(t *testing.T) {
			f := newFixture(t)
			f.session(t, "s", span("rule", "user", "Important: do not run DROP TABLE on legacy_orders."))
			prev := "rule"
			summary := "Important: do not run DROP TABLE on legacy_orders."
			for i := 1; i <= depth; i++ {
				id := fmt.Sprintf("t%d", i)
				if _, err := f.g.Append(f.ctx, tenant, "s", []sdk.Span{span(id, "assistant", fmt.Sprintf("step %d done", i))}); err != nil {
					t.Fatal(err)
				}
				d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{ID: fmt.Sprintf("sum%d", i), Covers: []string{prev, id}, Summary: summary})
				if err != nil {
					t.Fatalf("compaction %d: %v", i, err)
				}
				if !*d.Allowed {
					t.Fatalf("compaction %d refused: %s", i, d.Message)
				}
				prev = d.Summary
			}
			// The root prohibition still gates the deepest compaction.
			if _, err := f.g.Append(f.ctx, tenant, "s", []sdk.Span{span("last", "assistant", "all done")}); err != nil {
				t.Fatal(err)
			}
			d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: []string{prev, "last"}, Summary: "all done"})
			if err != nil {
				t.Fatal(err)
			}
			if *d.Allowed || d.Reason != ReasonMustKeepItemMissing {
				t.Fatalf("dropping the root prohibition: %s", d.Reason)
			}
			items, err := f.g.Items(f.ctx, tenant, "s")
			if err != nil {
				t.Fatal(err)
			}
			if len(items.Items) != 1 || items.Items[0].Span != "rule" {
				t.Fatalf("items %+v", items.Items)
			}
		})
	}
}
