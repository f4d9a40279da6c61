package guard

import (
	"context"
	"fmt"

	"github.com/compactguard/compactguard/host/ledger"
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
	summaryTokens, err := g.tok.Count(req.Summary)
	if err != nil {
		return nil, fmt.Errorf("counting summary tokens: %w", err)
	}
	var d *Decision
	err = g.store.Update(ctx, tenant, session, func(tx ledger.Tx) error {
		if prev, err := tx.DecisionByRequest(req.RequestID); err != nil {
			return err
		} else if prev != nil {
			d = &Decision{}
			return jsonUnmarshal(prev.Body, d)
		}
		st, err := tx.State()
		if err != nil {
			return err
		}
		active, err := g.activePolicy(st)
		if err != nil {
			return err
		}
		view, err := liveView(tx)
		if err != nil {
			return err
		}
		pv, pc := policyView(view, st)
		sel, serr := active.Select(pv, pc)
		if serr != nil {
			d = &Decision{Type: TypeCompaction, Allowed: ptr(false), Reason: ReasonUnboundedScores,
				ActivePolicy: fmt.Sprintf("%s@%d", st.Policy, st.PolicyVersion),
				Message:      fmt.Sprintf("the active policy cannot select on the current view: %v; nothing removed", serr)}
			if err := record(tx, d, req.RequestID); err != nil {
				return err
			}
			return nil
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
			return inputErr("", "nothing to compact: the active policy %s@%d retains the whole live view", st.Policy, st.PolicyVersion)
		}
		after := sel.Tokens + summaryTokens
		if after > st.Budget {
			d = &Decision{Type: TypeCompaction, Allowed: ptr(false), Reason: ReasonOverBudget, Covers: covers,
				ActivePolicy:    fmt.Sprintf("%s@%d", st.Policy, st.PolicyVersion),
				WorstCaseTokens: ptr(after), BudgetTokens: ptr(st.Budget), ExcessTokens: ptr(after - st.Budget),
				Message: fmt.Sprintf("selection refused, not truncated: the retained spans (%d tokens) plus the summary (%d) would be %d tokens, over the budget %d", sel.Tokens, summaryTokens, after, st.Budget)}
			return record(tx, d, req.RequestID)
		}
		d, err = g.compactIn(ctx, tx, &st, CompactionRequest{ID: req.ID, Covers: covers, Summary: req.Summary, SelfScore: req.SelfScore, RequestID: req.RequestID})
		return err
	})
	if err != nil {
		return nil, err
	}
	g.logDecision(session, d)
	return d, nil
}
