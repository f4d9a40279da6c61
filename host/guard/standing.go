package guard

import "github.com/compactguard/compactguard/sdk"

// standing is the part of invariant 1 that says which extracted items a
// compaction must keep, by where they stand in the session rather than by
// their words:
//   - A rule stated twice is one rule: an item whose category and text
//     repeat an earlier item's (a prompt template the agent sends to every
//     subagent) is dropped, the first occurrence kept.
//   - A delegation's rules bind the subagent it briefs. Only a rule the
//     agent gives in more than one delegation is the agent's standing rule
//     for its subagents ("Do NOT commit. The coordinator commits."), which
//     it must keep to brief the next one; a rule written for one task
//     ("do not modify anything" to a research subagent) ends with it.
//
// It returns the indexes of the n items to keep, in order; at(i) gives
// item i's category, text, span and whether that span is a delegation.
// The compaction judgement applies it to the root originals a compaction
// covers, Guard.Items to those of the whole live view: a rule the agent
// gave in two delegations is standing in the live view, and also in a
// compaction that covers both; one that covers a single one of them
// judges that brief as one task's.
func standing(n int, at func(i int) (cat, text, span string, delegation bool)) []int {
	type key struct{ cat, text string }
	briefs := map[key]map[string]bool{} // rule -> delegation spans giving it
	for i := 0; i < n; i++ {
		cat, text, span, delegation := at(i)
		if !delegation {
			continue
		}
		k := key{cat, fold(text)}
		if briefs[k] == nil {
			briefs[k] = map[string]bool{}
		}
		briefs[k][span] = true
	}
	seen := map[key]bool{}
	var keep []int
	for i := 0; i < n; i++ {
		cat, text, _, delegation := at(i)
		k := key{cat, fold(text)}
		if seen[k] || delegation && len(briefs[k]) < 2 {
			continue
		}
		seen[k] = true
		keep = append(keep, i)
	}
	return keep
}

// standingItems applies standing to extracted items; spans are the root
// originals they cite.
func standingItems(items []sdk.Item, spans map[string]sdk.Span) []sdk.Item {
	items = activeItems(items)
	keep := standing(len(items), func(i int) (string, string, string, bool) {
		it := items[i]
		return it.Category, it.Text, it.Span, sdk.SpanSource(spans[it.Span]) == sdk.SourceDelegation
	})
	out := make([]sdk.Item, len(keep))
	for j, i := range keep {
		out[j] = items[i]
	}
	return out
}

// standingDecisionItems applies standing to decision items, whose source
// is already resolved.
func standingDecisionItems(items []DecisionItem) []DecisionItem {
	keep := standing(len(items), func(i int) (string, string, string, bool) {
		it := items[i]
		return it.Category, it.Text, it.Span, it.Source == sdk.SourceDelegation
	})
	out := make([]DecisionItem, len(keep))
	for j, i := range keep {
		out[j] = items[i]
	}
	return out
}

// activeItems drops the items whose frame a later message lifted or
// superseded: the rule no longer holds, so a compaction that drops it
// loses nothing (a summary may keep the new state instead).
func activeItems(items []sdk.Item) []sdk.Item {
	out := items[:0:0]
	for _, it := range items {
		if it.Frame != nil && (it.Frame.Status == sdk.StatusLifted || it.Frame.Status == sdk.StatusSuperseded) {
			continue
		}
		out = append(out, it)
	}
	return out
}
