package guard

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/tokens"
	"github.com/compactguard/compactguard/sdk"
)

// countingStore counts the store updates a request opens.
type countingStore struct {
	ledger.Store
	updates atomic.Int32
}

func (s *countingStore) Update(ctx context.Context, tenant, session string, fn func(ledger.Tx) error) error {
	s.updates.Add(1)
	return s.Store.Update(ctx, tenant, session, fn)
}

// TestLargeCompactionUnknownCoversOffTheWriter pins that a compaction
// covering more spans than one append part, sent without originals, is
// refused for a span id the ledger does not hold from a read snapshot,
// opening no store update (the write transaction every tenant shares),
// with the same error, field and message as a small one refused inside
// the update; and that covers with another problem are still reported
// as resolve reports them.
func TestLargeCompactionUnknownCoversOffTheWriter(t *testing.T) {
	const part = 4
	held := func(n int) []string {
		ids := make([]string, n)
		for i := range ids {
			ids[i] = fmt.Sprintf("s%d", i)
		}
		return ids
	}
	cases := []struct {
		name        string
		covers      []string
		wantField   string
		wantMsg     string
		wantUpdates int32 // store updates the refused request opened
	}{
		{"small, unknown id: refused in the update", append(held(2), "nope"), "covers[2]",
			`unknown span id "nope": append it first, or send it in originals to have the compaction judged as unpinned`, 1},
		{"large, unknown id: refused from a snapshot", append(held(6), "nope"), "covers[6]",
			`unknown span id "nope": append it first, or send it in originals to have the compaction judged as unpinned`, 0},
		{"large, unknown id first: the first one is named", append([]string{"nope", "nada"}, held(6)...), "covers[0]",
			`unknown span id "nope": append it first, or send it in originals to have the compaction judged as unpinned`, 0},
		{"large, repeated id before an unknown one: resolve reports the repeat", append(append(held(6), "s1"), "nope"), "covers[6]",
			`duplicate id "s1"`, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			store := &countingStore{Store: ledger.NewMemory()}
			tok, err := tokens.New("")
			if err != nil {
				t.Fatal(err)
			}
			g, err := New(Options{Lexicon: testLexicon(t),
				Store: store, Tokens: tok, AppendCommitSpans: part,
				Extractors: []Extractor{{Name: "cue", Extractor: &cueExtractor{info: info{sdk.KindExtractor}}}},
				Scorer:     &substringScorer{info: info{sdk.KindScorer}, self: 0.9},
				Settings: Settings{Threshold: 0.8, TrendWindow: 3, Budget: 100000,
					Phases: []Phase{{Name: "exploration", Policy: "explore"}}, Policies: compilePolicies(t, testPolicies)},
			})
			if err != nil {
				t.Fatal(err)
			}
			if err := g.CreateSession(ctx, tenant, "s"); err != nil {
				t.Fatal(err)
			}
			var spans []sdk.Span
			for _, id := range held(6) {
				spans = append(spans, span(id, "assistant", "Copied batch "+id+"."))
			}
			if _, err := g.Append(ctx, tenant, "s", spans); err != nil {
				t.Fatal(err)
			}
			before := store.updates.Load()
			_, err = g.Compact(ctx, tenant, "s", CompactionRequest{Covers: tc.covers, Summary: "Copied the batches.", RequestID: "c1"})
			var ie *InputError
			if !errors.As(err, &ie) || ie.Field != tc.wantField || ie.Msg != tc.wantMsg {
				t.Fatalf("compaction error = %v, want %s: %s", err, tc.wantField, tc.wantMsg)
			}
			if got := store.updates.Load() - before; got != tc.wantUpdates {
				t.Errorf("the refused compaction opened %d store updates, want %d", got, tc.wantUpdates)
			}
		})
	}
}
