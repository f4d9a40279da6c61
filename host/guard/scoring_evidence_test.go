package guard

import (
	"context"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

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
			f.g.scorers = []*namedScorer{{name: "scorer", Scorer: &quoteScorer{info: info{sdk.KindScorer}, quote: tt.quote}}}
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
