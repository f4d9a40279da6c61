package framejudge_test

import (
	"context"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// BenchmarkJudgeLongCandidate judges two items against a candidate of
// about 8 MB whose every sentence names them: the worst case for pairing,
// which the sdktest kit's large-input check meets.
func BenchmarkJudgeLongCandidate(b *testing.B) {
	j := newJudge(b)
	cand := strings.Repeat("Deployed v1.2.3 to us-east-1 at 17:00; never run DROP TABLE on legacy_orders, keep at most 3 workers. ", 80000)
	items := []sdk.Item{
		{Category: sdk.CategoryProhibition, Text: "Do not run DROP TABLE on legacy_orders.", Span: "s1"},
		{Category: sdk.CategoryNumericCommitment, Text: "Keep at most 3 workers.", Span: "s1"},
	}
	b.SetBytes(int64(len(cand)))
	for b.Loop() {
		if _, err := j.Judge(context.Background(), cand, items, nil); err != nil {
			b.Fatal(err)
		}
	}
}
