package guard

import (
	"context"
	"fmt"

	"github.com/compactguard/compactguard/host/ledger"
)

// ItemsResult is the decision-relevant set of a session's live view: the
// items of the root originals the live view stands for, as the
// extractors found them when the spans were appended.
type ItemsResult struct {
	// Version is the live view version the items were read on.
	Version int64 `json:"version"`
	// Items are the cached extractions of every root original, in ledger
	// order. MustKeep marks the categories whose loss refuses a compaction
	// on its own.
	Items []DecisionItem `json:"items"`
	// Unextracted lists root originals whose extraction is not cached (an
	// extractor failed at append time): their items are unknown until a
	// compaction covering them extracts them again.
	Unextracted []string `json:"unextracted,omitempty"`
	// Unpinned lists ids a summary covers that the ledger does not hold
	// (caller-supplied originals of an unpinned compaction): their items
	// cannot be shown.
	Unpinned []string `json:"unpinned,omitempty"`
}

// Items returns the decision-relevant set the agent must keep: for every
// span of the live view it follows summaries' covers down to the root
// originals (as a compaction would be judged) and reads each root's cached
// extraction. It is read-only and never calls a plugin, so it is safe
// behind an HTTP GET. It holds the standing rules only, as a compaction
// is judged (see standing).
func (g *Guard) Items(ctx context.Context, tenant, session string) (*ItemsResult, error) {
	res := &ItemsResult{Items: []DecisionItem{}}
	err := g.store.View(ctx, tenant, session, func(tx ledger.Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		res.Version = st.Version
		view, err := liveView(tx)
		if err != nil {
			return err
		}
		// Depth first, in ledger order, with an explicit stack: each id
		// is visited once, so no chain depth can loop or exhaust anything.
		visited := map[string]bool{}
		stack := make([]ledger.Record, 0, len(view))
		for i := len(view) - 1; i >= 0; i-- {
			stack = append(stack, view[i])
		}
		for len(stack) > 0 {
			rec := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if visited[rec.Span.ID] {
				continue
			}
			visited[rec.Span.ID] = true
			if rec.Span.Kind == "summary" {
				subs := make([]ledger.Record, 0, len(rec.Span.Covers))
				for _, c := range rec.Span.Covers {
					sub, err := tx.Record(c)
					if err != nil {
						return fmt.Errorf("reading span %q: %w", c, err)
					}
					if sub == nil {
						res.Unpinned = append(res.Unpinned, c)
						continue
					}
					subs = append(subs, *sub)
				}
				for i := len(subs) - 1; i >= 0; i-- {
					stack = append(stack, subs[i])
				}
				continue
			}
			cached, ok, err := tx.CachedItems(g.cacheKey(rec.Span))
			if err != nil {
				return fmt.Errorf("reading extraction cache: %w", err)
			}
			if !ok {
				res.Unextracted = append(res.Unextracted, rec.Span.ID)
				continue
			}
			for _, it := range cached {
				it.Span = rec.Span.ID
				res.Items = append(res.Items, itemOf(it, g.mustKeep[it.Category], rec.Span))
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	res.Items = standingDecisionItems(res.Items)
	return res, nil
}
