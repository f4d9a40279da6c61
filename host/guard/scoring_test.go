package guard

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// verdictScorer answers each item with the verdict its index maps to
// (lost when absent), quoting quote[i] for a kept one; err and diags make
// it fail.
type verdictScorer struct {
	info
	fates  map[int]string
	quotes map[int]string
	score  float64
	err    error
	diags  sdk.Diagnostics
	calls  int
}

func (s *verdictScorer) Score(_ context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	s.calls++
	if s.err != nil {
		return nil, s.err
	}
	resp := &sdk.ScoreResponse{Score: s.score, Diagnostics: s.diags}
	for i := range req.Items {
		f := s.fates[i]
		if f == "" {
			f = sdk.FateLost
		}
		is := sdk.ItemScore{Index: i, Fate: f, Note: "model says " + f}
		if f == sdk.FateKept {
			is.Preserved, is.Score, is.Evidence, is.Note = true, 1, s.quotes[i], ""
		}
		resp.Items = append(resp.Items, is)
	}
	return resp, nil
}

func (s *verdictScorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: 0.5}, nil
}

// The migration's items, as cueExtractor reads them: 0 the prohibition,
// 1 the batch size.
const (
	prohibition = "Important: do not run DROP TABLE on legacy_orders."
	batchRule   = "Use batches of 5000 rows."
)

func twoScorers(f *fixture, model *verdictScorer) {
	f.g.scorers = []plugin[sdk.Scorer]{
		{kind: sdk.KindScorer, name: "sub", impl: f.sc},
		{kind: sdk.KindScorer, name: "model", impl: model},
	}
}

func TestStrictestScorerWins(t *testing.T) {
	tests := []struct {
		name    string
		model   *verdictScorer
		allowed bool
		reason  string
		// fate0 and verdict0 are item 0's combined fate and the model's
		// verdict on it; note0 must be in item 0's note.
		fate0, verdict0, note0 string
		anchored               float64
	}{
		{"both keep", &verdictScorer{fates: map[int]string{0: "kept", 1: "kept"}, quotes: map[int]string{0: prohibition, 1: batchRule}, score: 1},
			true, ReasonAnchoredScorePassed, sdk.FateKept, sdk.FateKept, "", 1},
		{"the model weakens one", &verdictScorer{fates: map[int]string{0: "weakened", 1: "kept"}, quotes: map[int]string{1: batchRule}, score: 0.9},
			false, ReasonMustKeepItemMissing, sdk.FateWeakened, sdk.FateWeakened, "model: model says weakened", 0.5},
		{"the model inverts one", &verdictScorer{fates: map[int]string{0: "inverted", 1: "kept"}, quotes: map[int]string{1: batchRule}, score: 0.5},
			false, ReasonMustKeepItemMissing, sdk.FateInverted, sdk.FateInverted, "model: model says inverted", 0.5},
		{"the model's quote is not in the candidate", &verdictScorer{fates: map[int]string{0: "kept", 1: "kept"}, quotes: map[int]string{0: "do not ever run DROP TABLE", 1: batchRule}, score: 1},
			false, ReasonMustKeepItemMissing, sdk.FateLost, sdk.FateLost, "model: the evidence the scorer cited is not in the candidate", 0.5},
		{"the model's quote lacks the item's terms", &verdictScorer{fates: map[int]string{0: "kept", 1: "kept"}, quotes: map[int]string{0: "The user", 1: batchRule}, score: 1},
			false, ReasonMustKeepItemMissing, sdk.FateLost, sdk.FateLost, "model: the evidence the scorer cited shares no term with the item", 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			twoScorers(f, tt.model)
			f.session(t, "s", migration...)
			d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: faithful})
			if err != nil {
				t.Fatal(err)
			}
			if *d.Allowed != tt.allowed || d.Reason != tt.reason {
				t.Fatalf("allowed %v %s (%s), want %v %s", *d.Allowed, d.Reason, d.Message, tt.allowed, tt.reason)
			}
			if len(d.Items) != 2 {
				t.Fatalf("%d items, want 2", len(d.Items))
			}
			it := d.Items[0]
			if it.Fate != tt.fate0 || it.Verdicts["model"].Fate != tt.verdict0 || it.Verdicts["sub"].Fate != sdk.FateKept {
				t.Errorf("item 0: fate %s, verdicts %+v; want fate %s, model %s, sub kept", it.Fate, it.Verdicts, tt.fate0, tt.verdict0)
			}
			if !strings.Contains(it.Note, tt.note0) {
				t.Errorf("item 0 note %q lacks %q", it.Note, tt.note0)
			}
			if tt.allowed != *it.Preserved {
				t.Errorf("item 0 preserved %v", *it.Preserved)
			}
			if *it.Preserved && it.Evidence == "" || !*it.Preserved && it.Evidence != "" {
				t.Errorf("item 0 preserved %v with evidence %q", *it.Preserved, it.Evidence)
			}
			if *d.AnchoredScore != tt.anchored {
				t.Errorf("anchored %v, want %v", *d.AnchoredScore, tt.anchored)
			}
			if d.SelfScoreSource != "scorer" || *d.SelfScore != 0.93 {
				t.Errorf("self score %v from %s: the first scorer gives it", *d.SelfScore, d.SelfScoreSource)
			}
		})
	}
}

func TestOneScorerAddsNoVerdicts(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", migration...)
	d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: careless})
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range d.Items {
		if it.Verdicts != nil {
			t.Errorf("item %q has verdicts %+v with one scorer", it.Text, it.Verdicts)
		}
	}
}

func TestAnyScorerFailingFailsClosed(t *testing.T) {
	tests := []struct {
		name   string
		model  *verdictScorer
		reason string
	}{
		{"an error", &verdictScorer{err: errors.New("connection refused")}, ReasonPluginFailure},
		{"an error diagnostic", &verdictScorer{diags: sdk.Diagnostics{sdk.Errorf("", "endpoint timed out")}}, ReasonPluginFailure},
		{"invalid output, as the plugin says", &verdictScorer{diags: sdk.Diagnostics{{Severity: sdk.SeverityError, Summary: "model answer outside the schema", Code: sdk.CodeInvalidOutput}}}, ReasonInvalidPluginOutput},
		{"a score out of range", &verdictScorer{score: 1.5}, ReasonInvalidPluginOutput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			twoScorers(f, tt.model)
			f.session(t, "s", migration...)
			d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: faithful})
			if err != nil {
				t.Fatal(err)
			}
			if *d.Allowed || d.Reason != tt.reason || d.Plugin != "scorer.model" {
				t.Fatalf("allowed %v %s by %q, want a refusal %s by scorer.model", *d.Allowed, d.Reason, d.Plugin, tt.reason)
			}
			for _, it := range d.Items {
				if it.Preserved != nil || it.Verdicts != nil {
					t.Errorf("item %q scored in a failed decision", it.Text)
				}
			}
		})
	}
}

// TestDeferredCallsAreKeptApartPerScorer: plugin calls are made outside
// the store lock (calls.go) and their answers recorded by request; two
// scorers asked the same request each get their own answer back, never
// the other's.
func TestDeferredCallsAreKeptApartPerScorer(t *testing.T) {
	f := newFixture(t)
	model := &verdictScorer{fates: map[int]string{0: "weakened", 1: "kept"}, quotes: map[int]string{1: batchRule}, score: 0.5}
	twoScorers(f, model)
	f.session(t, "s", migration...)
	d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: faithful})
	if err != nil {
		t.Fatal(err)
	}
	if model.calls != 1 {
		t.Errorf("the model was called %d times, want 1 (deferred once, its answer reused)", model.calls)
	}
	if v := d.Items[0].Verdicts; v["sub"].Fate != sdk.FateKept || v["model"].Fate != sdk.FateWeakened {
		t.Errorf("verdicts %+v: each scorer must get its own answer back", v)
	}
}

// quoteScorer calls every item preserved with score 1, citing the same
// quote for each: a lying scorer when the quote has nothing to do with
// the item.
type quoteScorer struct {
	info
	quote string
}

func (s *quoteScorer) Score(_ context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	resp := &sdk.ScoreResponse{Score: 1}
	for i := range req.Items {
		resp.Items = append(resp.Items, sdk.ItemScore{Index: i, Preserved: true, Score: 1, Evidence: s.quote, Fate: sdk.FateKept})
	}
	return resp, nil
}

func (s *quoteScorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: 0.9}, nil
}

// Evidence must be in the candidate and about the item: a tiny quote that
// is in every candidate ("a", "the") cannot make a dropped prohibition
// count as preserved.
func TestEvidenceMustShareATermWithTheItem(t *testing.T) {
	tests := []struct {
		name      string
		candidate string
		quote     string
		allowed   bool
	}{
		{"one letter", careless, "a", false},
		{"stop word", careless, "the", false},
		{"unrelated sentence", careless, "Batch 01 is done", false},
		{"another item's words", faithful, "do not run DROP TABLE on legacy_orders", false},
		{"re-wrapped and recased", faithful, "DO NOT run drop\ntable on LEGACY_ORDERS. Use batches of 5000 rows", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			// Each case quotes one thing for every item: a quote of the
			// prohibition alone is no evidence for the numeric item
			// ("Use batches of 5000 rows").
			f.g.scorers = []plugin[sdk.Scorer]{{kind: sdk.KindScorer, name: "scorer", impl: &quoteScorer{info: info{sdk.KindScorer}, quote: tt.quote}}}
			f.session(t, "s", migration...)
			d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: tt.candidate})
			if err != nil {
				t.Fatal(err)
			}
			if *d.Allowed != tt.allowed {
				t.Fatalf("allowed=%v (%s: %s), want %v", *d.Allowed, d.Reason, d.Message, tt.allowed)
			}
			if !tt.allowed && d.Reason != ReasonMustKeepItemMissing {
				t.Fatalf("reason %s", d.Reason)
			}
		})
	}
}
