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

func TestItemTerms(t *testing.T) {
	tests := []struct {
		item     sdk.Item
		evidence string
		want     bool
	}{
		{sdk.Item{Text: "Do not run DROP TABLE on legacy_orders."}, "a", false},
		{sdk.Item{Text: "Do not run DROP TABLE on legacy_orders."}, "never touch legacy_orders", true},
		{sdk.Item{Text: "Keep it at 5 retries."}, "at most 5 tries", true},
		{sdk.Item{Text: "Keep it at 5 retries.", KeyTerms: []string{"5 retries"}}, "the", false},
		{sdk.Item{Text: "Use the gateway.", KeyTerms: []string{"API-GW"}}, "api-gw stays", true},
		{sdk.Item{Text: "预算不得超过四万八千"}, "预算上限", true},
		{sdk.Item{Text: "预算不得超过四万八千"}, "的", false},
		{sdk.Item{Text: "do not"}, "do", false},
		{sdk.Item{Text: "do not"}, "we do not", true},
		// Stems: a long word's first five letters, two Hangul syllables.
		{sdk.Item{Text: "Maximaal 4 vaccinatieafspraken per uur."}, "max. vier vaccinaties per uur", true},
		{sdk.Item{Text: "Maximaal 4 vaccinatieafspraken per uur."}, "vier per uur", false},
		{sdk.Item{Text: "이 종목의 주문은 승인하지 마세요."}, "주문 승인 불가", true},
		{sdk.Item{Text: "이 종목의 주문은 승인하지 마세요."}, "승", false},
		{sdk.Item{Text: "Never touch route tables."}, "routing", false},         // words under seven letters have no stem
		{sdk.Item{Text: "Never restart production."}, "the product page", true}, // a stem ties the topic, not the meaning
		// A number regrouped by the summary is the same term; a decimal is not a group.
		{sdk.Item{Text: "Запас на базе — не менее 4000 л"}, "reserve at base ≥ 4,000 L", true},
		{sdk.Item{Text: "Запас на базе — не менее 4000 л"}, "reserve ≥ 4 000 L", true},
		{sdk.Item{Text: "Запас не менее 45 л"}, "reserve 4.5 L", false},
	}
	for _, tt := range tests {
		if got := citesItem(fold(tt.evidence), tt.item); got != tt.want {
			t.Errorf("citesItem(%q, %q) = %v, want %v (terms %q)", tt.evidence, tt.item.Text, got, tt.want, itemTerms(tt.item))
		}
	}
}
