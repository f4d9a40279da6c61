package guard

import (
	"context"
	"fmt"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/policy"
)

// SelectionRequest asks the host to apply the active policy: keep the
// spans it selects (top_k per category, caps), and replace the rest with
// Summary. The removal is a compaction like any other, judged by
// invariant 1 against the root originals it covers.
type SelectionRequest struct {
	ID        string
	Summary   string
	SelfScore *float64
	RequestID string
}

// Select applies the active policy to the live view. The live view it
// produces is never over budget: if the retained spans plus the summary
// would exceed the budget, the selection is refused explicitly
// (over_budget) and nothing is removed. Nothing is ever truncated to fit.
func (g *Guard) Select(ctx context.Context, tenant, session string, req SelectionRequest) (*Decision, error) {
	if err := checkSummaryFields(req.ID, req.SelfScore); err != nil {
		return nil, err
	}
	summaryTokens, err := g.tok.Count(req.Summary)
	if err != nil {
		return nil, fmt.Errorf("counting summary tokens: %w", err)
	}
	digest := requestDigest("selection", struct {
		ID        string
		Summary   string
		SelfScore *float64
	}{req.ID, req.Summary, req.SelfScore})
	return g.decide(ctx, tenant, session, req.RequestID, digest, func(ctx context.Context, tx ledger.Tx, st *ledger.State) (*Decision, error) {
		active, view, err := g.activeOnView(ctx, tx, *st)
		if err != nil {
			return nil, err
		}
		refuse := func(reason, msg string) *Decision {
			return &Decision{Type: TypeCompaction, Allowed: ptr(false), Reason: reason,
				ActivePolicy: fmt.Sprintf("%s@%d", st.Policy, st.PolicyVersion), Message: msg}
		}
		type selected struct {
			sel policy.Selection
			err error
		}
		r, err := evalPolicy(ctx, g, "select", active, view, *st, func(ectx context.Context, pv []policy.Span, pc policy.Context) selected {
			sel, err := active.SelectContext(ectx, pv, pc)
			return selected{sel, err}
		})
		if err == nil {
			if msg, hard, ok := g.evalDeadline(ctx, fmt.Sprintf("the active policy %s@%d", st.Policy, st.PolicyVersion), r.err); ok {
				if hard != nil {
					return nil, hard
				}
				return refuse(ReasonUnboundedScores, msg+"; nothing removed"), nil
			}
		}
		if err != nil {
			return nil, err
		}
		sel := r.sel
		if err := r.err; err != nil {
			return refuse(ReasonUnboundedScores, fmt.Sprintf("the active policy cannot select on the current view: %v; nothing removed", err)), nil
		}
		keep := map[string]bool{}
		for _, id := range sel.Retained {
			keep[id] = true
		}
		var covers []string
		for _, r := range view {
			if !keep[r.Span.ID] {
				covers = append(covers, r.Span.ID)
			}
		}
		if len(covers) == 0 {
			return nil, inputErr("", "nothing to compact: the active policy %s@%d retains the whole live view", st.Policy, st.PolicyVersion)
		}
		if after := sel.Tokens + summaryTokens; after > st.Budget {
			d := refuse(ReasonOverBudget, fmt.Sprintf("selection refused, not truncated: the retained spans (%d tokens) plus the summary (%d) would be %d tokens, over the budget %d", sel.Tokens, summaryTokens, after, st.Budget))
			d.Covers, d.WorstCaseTokens, d.BudgetTokens, d.ExcessTokens = covers, ptr(after), ptr(st.Budget), ptr(after-st.Budget)
			return d, nil
		}
		return g.compactIn(ctx, tx, st, CompactionRequest{ID: req.ID, Covers: covers, Summary: req.Summary, SelfScore: req.SelfScore, RequestID: req.RequestID})
	})
}
