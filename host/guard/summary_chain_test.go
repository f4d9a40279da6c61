package guard

import (
	"fmt"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

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
