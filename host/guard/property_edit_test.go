package guard

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

var (
	matchPool = []string{
		`span.kind == "tool_result"`,
		`span.kind == "user" || span.kind == "assistant"`,
		`contains(span.text, "error")`,
		`span.age < 5`,
		`true`,
	}
	scorePool = []string{`span.recency`, `1 - span.recency`, `0.5`, `span.tokens`, `2`, `-0.1`}
)

// TestPropertyEditsNeverOverBudget: for random policies (proposed by a
// policy plugin that may lie: scores above 1, a budget in the policy) and
// random views, an accepted edit's actual retained tokens at application
// are within its worst-case bound and the budget, and the budget never
// moves.
func TestPropertyEditsNeverOverBudget(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		f := newFixture(t)
		budget := rapid.IntRange(200, 5000).Draw(rt, "budget")
		f.g.set.Budget = budget
		f.session(t, "s")
		n := rapid.IntRange(1, 40).Draw(rt, "spans")
		var spans []sdk.Span
		for i := 0; i < n; i++ {
			words := rapid.IntRange(1, 120).Draw(rt, "words")
			txt := strings.Repeat(rapid.SampledFrom([]string{"read ", "error ", "ok "}).Draw(rt, "word"), words)
			spans = append(spans, span(fmt.Sprintf("x%d", i), rapid.SampledFrom([]string{"user", "assistant", "tool_result"}).Draw(rt, "kind"), txt))
		}
		if _, err := f.g.Append(f.ctx, tenant, "s", spans); err != nil {
			rt.Fatal(err)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "policy \"p\" {\n")
		if rapid.Float64Range(0, 1).Draw(rt, "lie-budget") < 0.2 {
			fmt.Fprintf(&b, "  budget = %d\n", budget*10)
		}
		fmt.Fprintf(&b, "  top_k = %d\n", rapid.IntRange(1, 20).Draw(rt, "topk"))
		cats := rapid.IntRange(1, 4).Draw(rt, "cats")
		for c := 0; c < cats; c++ {
			fmt.Fprintf(&b, "  category \"c%d\" {\n    match = %s\n    cap = %d\n    score = %s\n  }\n", c,
				rapid.SampledFrom(matchPool).Draw(rt, "match"), rapid.IntRange(1, 3000).Draw(rt, "cap"), rapid.SampledFrom(scorePool).Draw(rt, "score"))
		}
		b.WriteString("}\n")
		f.pol.hcl = b.String()
		if _, err := f.g.PhaseSignal(f.ctx, tenant, "s", ""); err != nil {
			rt.Fatal(err)
		}
		d, err := f.g.EditPolicy(f.ctx, tenant, "s", EditRequest{}) // the plugin proposes
		if err != nil {
			rt.Fatal(err)
		}
		st, _ := f.g.State(f.ctx, tenant, "s")
		if st.Budget != budget {
			rt.Fatalf("budget moved from %d to %d", budget, st.Budget)
		}
		if !*d.Accepted {
			return
		}
		if strings.Contains(f.pol.hcl, "budget =") {
			rt.Fatal("a proposal carrying a budget was accepted")
		}
		active, err := f.g.activePolicy(context.Background(), st)
		if err != nil {
			rt.Fatal(err)
		}
		var view []ledger.Record
		if err := f.g.Store().View(f.ctx, tenant, "s", func(tx ledger.Tx) error {
			view, err = liveView(tx)
			return err
		}); err != nil {
			rt.Fatal(err)
		}
		pv, pc := policyView(view, st)
		sel, err := active.Select(pv, pc)
		if err != nil {
			rt.Fatalf("accepted policy cannot select: %v", err)
		}
		bound, err := active.WorstCase(pv, pc)
		if err != nil {
			rt.Fatal(err)
		}
		if sel.Tokens > bound.WorstCase || (d.EditKind == "structural" && bound.WorstCase > budget) {
			rt.Fatalf("retained %d, bound %d, budget %d (%s)", sel.Tokens, bound.WorstCase, budget, d.EditKind)
		}
	})
}
