package guard

import (
	"slices"

	"github.com/compactguard/compactguard/sdk"
)

// standing is the part of invariant 1 that says which extracted items a
// compaction must keep, by where they stand in the session rather than by
// their words:
//
//   - A rule stated twice is one rule: an item whose category and text
//     repeat an earlier item's (a prompt template the agent sends to every
//     subagent) is dropped, the first occurrence kept.
//
//   - A delegation's rules bind the subagent it briefs. Only a rule the
//     agent gives in more than one delegation is the agent's standing rule
//     for its subagents ("Do NOT commit. The coordinator commits."), which
//     it must keep to brief the next one; a rule written for one task
//     ("do not modify anything" to a research subagent) ends with it.
//
//   - A working-state slot has one value: of the items reporting the same
//     slot (the branch the agent is on, the test baseline), only the
//     latest value stands, and it stands once, as first reported since it
//     last changed ("git checkout feat/x" stands for the "On branch feat/x"
//     outputs after it). An earlier branch is history, not where the agent
//     resumes.
//
// It returns the indexes of the n items to keep, in order; at(i) describes
// item i. The compaction judgement applies it to the root originals a
// compaction covers, Guard.Items to those of the whole live view: a rule
// the agent gave in two delegations is standing in the live view, and also
// in a compaction that covers both; one that covers a single one of them
// judges that brief as one task's.
func standing(n int, at func(i int) standingOf) []int {
	type key struct{ cat, text string }
	briefs := map[key]map[string]bool{} // rule -> delegation spans giving it
	slots := map[string][]int{}         // slot -> its items
	for i := 0; i < n; i++ {
		s := at(i)
		if s.slot != "" {
			slots[s.slot] = append(slots[s.slot], i)
		}
		if !s.delegation {
			continue
		}
		k := key{s.cat, sdk.Fold(s.text)}
		if briefs[k] == nil {
			briefs[k] = map[string]bool{}
		}
		briefs[k][s.span] = true
	}
	current := map[string]int{} // slot -> the item that stands for it
	for slot, items := range slots {
		current[slot] = currentValue(items, at)
	}
	seen := map[key]bool{}
	var keep []int
	for i := 0; i < n; i++ {
		s := at(i)
		k := key{s.cat, sdk.Fold(s.text)}
		if seen[k] || s.delegation && len(briefs[k]) < 2 || s.slot != "" && current[s.slot] != i {
			continue
		}
		seen[k] = true
		keep = append(keep, i)
	}
	return keep
}

// currentValue picks, of one slot's items, the one that stands: the first
// report of the slot's latest value since the value last changed.
func currentValue(items []int, at func(i int) standingOf) int {
	items = slices.Clone(items)
	slices.SortStableFunc(items, func(a, b int) int { return at(a).pos - at(b).pos })
	last := len(items) - 1
	value := sdk.Fold(at(items[last]).value)
	for last > 0 && sdk.Fold(at(items[last-1]).value) == value {
		last--
	}
	return items[last]
}

// standingOf is what standing needs to know of one item: its category and
// text, its span, whether that span is a delegation, the working-state slot
// it reports with the slot's value (its first key term), and its span's
// position in the session (for slots).
type standingOf struct {
	cat, text, span string
	delegation      bool
	slot, value     string
	pos             int
}

// slotKey is the slot an item's set-aside is judged in: working state is
// an entity, so a rule that names a slot is never set aside by it, and an
// extractor's slot is its own, so one plugin cannot set aside another's
// items by naming the same slot (a plugin adds items, never removes
// another's). "" for an item that reports no slot.
func slotKey(category, extractor, slot string) string {
	if slot == "" || category != sdk.CategoryEntity {
		return ""
	}
	return extractor + "\x00" + slot
}

// slotValue is the value a working-state item reports: its first key term,
// or its text.
func slotValue(terms []string, text string) string {
	if len(terms) > 0 {
		return terms[0]
	}
	return text
}

// standingItems applies standing to extracted items; spans are the root
// originals they cite, pos their places in the session.
func standingItems(items []sdk.Item, spans map[string]sdk.Span, pos map[string]int) []sdk.Item {
	items = activeItems(items)
	keep := standing(len(items), func(i int) standingOf {
		it := items[i]
		s := standingOf{cat: it.Category, text: it.Text, span: it.Span, pos: pos[it.Span],
			delegation: sdk.SpanSource(spans[it.Span]) == sdk.SourceDelegation}
		if it.Frame != nil {
			s.slot, s.value = slotKey(it.Category, it.Extractor, it.Frame.Slot), slotValue(it.KeyTerms, it.Text)
		}
		return s
	})
	out := make([]sdk.Item, len(keep))
	for j, i := range keep {
		out[j] = items[i]
	}
	return out
}

// standingDecisionItems applies standing to decision items, whose source
// is already resolved, in the session's order.
func standingDecisionItems(items []DecisionItem) []DecisionItem {
	keep := standing(len(items), func(i int) standingOf {
		it := items[i]
		s := standingOf{cat: it.Category, text: it.Text, span: it.Span, pos: i,
			delegation: it.Source == sdk.SourceDelegation}
		s.slot, s.value = slotKey(it.Category, it.Extractor, it.Slot), slotValue(it.KeyTerms, it.Text)
		return s
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
