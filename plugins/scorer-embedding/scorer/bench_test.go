package scorer

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// benchInput builds a candidate of about 40k tokens (~160k characters of
// agent-log prose with numbers and names) and 40 items of all categories.
func benchInput() (string, []sdk.Item) {
	var b strings.Builder
	for i := 0; b.Len() < 160_000; i++ {
		fmt.Fprintf(&b, "Step %d: copied batch %d of orders_v%d into shard-%d in %d.%ds; row counts matched at %d,000 rows. ", i, i, i%7, i%13, i%60, i%10, i%90+1)
		fmt.Fprintf(&b, "The worker w-%d on us-east-%d retried twice after a timeout and then succeeded; latency p99 was %d ms. ", i, i%3+1, 100+i%400)
		if i%25 == 0 {
			fmt.Fprintf(&b, "Rule %d: never run DROP TABLE on legacy_table_%d; the budget stays capped at $%d.\n", i, i, 200+i)
		}
	}
	var items []sdk.Item
	for k := 0; k < 40; k++ {
		n := k * 25
		switch k % 4 {
		case 0:
			items = append(items, sdk.Item{Category: sdk.CategoryProhibition, Text: fmt.Sprintf("Do not run DROP TABLE on legacy_table_%d.", n), KeyTerms: []string{"DROP TABLE", fmt.Sprintf("legacy_table_%d", n)}})
		case 1:
			items = append(items, sdk.Item{Category: sdk.CategoryNumericCommitment, Text: fmt.Sprintf("The budget is capped at $%d.", 200+n), KeyTerms: []string{fmt.Sprintf("$%d", 200+n)}})
		case 2:
			items = append(items, sdk.Item{Category: sdk.CategoryEntity, Text: fmt.Sprintf("Batches go to shard-%d.", n%13), KeyTerms: []string{fmt.Sprintf("shard-%d", n%13)}})
		default:
			items = append(items, sdk.Item{Category: sdk.CategoryFailedAttempt, Text: fmt.Sprintf("Worker w-%d hit a timeout on us-east-%d.", n, n%3+1)})
		}
	}
	return b.String(), items
}

// BenchmarkScore40kTokens40Items: go test ./plugins/scorer-embedding/scorer -run '^$' -bench Score40k -benchmem
func BenchmarkScore40kTokens40Items(b *testing.B) {
	cand, items := benchInput()
	s := New()
	ctx := context.Background()
	b.SetBytes(int64(len(cand)))
	b.ResetTimer()
	for b.Loop() {
		r, err := s.Score(ctx, &sdk.ScoreRequest{Candidate: cand, Items: items})
		if err != nil || len(r.Items) != len(items) {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreSummary is the common case: a summary of about 5 KB and
// 40 items.
func BenchmarkScoreSummary5KB40Items(b *testing.B) {
	cand, items := benchInput()
	cand = cand[:5000]
	s := New()
	ctx := context.Background()
	b.SetBytes(int64(len(cand)))
	for b.Loop() {
		if _, err := s.Score(ctx, &sdk.ScoreRequest{Candidate: cand, Items: items}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScoreLarge is the conformance kit's large-input check (an
// 8 MiB repetition of a faithful summary, 58 items) at several sizes, to
// show Score growing linearly with the candidate.
func BenchmarkScoreLarge(b *testing.B) {
	many, _ := kitMany(50)
	items := append(kitItems(), many...)
	for _, size := range []int{256 << 10, 1 << 20, 8 << 20} {
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			cand := kitLarge(size)
			s := New()
			ctx := context.Background()
			b.SetBytes(int64(len(cand)))
			for b.Loop() {
				if _, err := s.Score(ctx, &sdk.ScoreRequest{Candidate: cand, Items: items, Originals: kitOriginals()}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
