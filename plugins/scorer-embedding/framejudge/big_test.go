package framejudge_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/sdk"
)

func TestDbgBig(t *testing.T) {
	j := newJudge(t)
	cand := strings.Repeat("Deployed v1.2.3 to us-east-1 at 17:00; never run DROP TABLE on legacy_orders, keep at most 3 workers. ", 80000)
	items := []sdk.Item{{Category: sdk.CategoryProhibition, Text: "Do not run DROP TABLE on legacy_orders.", Span: "s1"}, {Category: sdk.CategoryNumericCommitment, Text: "Keep at most 3 workers.", Span: "s1"}}
	start := time.Now()
	_, err := j.Judge(context.Background(), cand, items, nil)
	t.Logf("%d bytes: %v (err %v)", len(cand), time.Since(start), err)
}
