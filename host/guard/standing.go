package guard

import "github.com/compactguard/compactguard/sdk"

// standingItems is the part of invariant 1 that says which extracted items
// a compaction must keep, by where they stand in the session rather than by
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
// spans are the root originals the items cite.
func standingItems(items []sdk.Item, spans map[string]sdk.Span) []sdk.Item {
	type key struct{ cat, text string }
	delegations := map[key]map[string]bool{} // rule -> delegation spans stating it
	for _, it := range items {
		if sdk.SpanSource(spans[it.Span]) != sdk.SourceDelegation {
			continue
		}
		k := key{it.Category, fold(it.Text)}
		if delegations[k] == nil {
			delegations[k] = map[string]bool{}
		}
		delegations[k][it.Span] = true
	}
	seen := map[key]bool{}
	out := items[:0:0]
	for _, it := range items {
		k := key{it.Category, fold(it.Text)}
		if seen[k] {
			continue
		}
		if sdk.SpanSource(spans[it.Span]) == sdk.SourceDelegation && len(delegations[k]) < 2 {
			continue
		}
		seen[k] = true
		out = append(out, it)
	}
	return out
}
