// Package report renders decisions for people: a text report for the
// terminal (replay, check) and, later, HTML.
package report

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/replay"
)

// Verdict is the one-word outcome of a decision.
func Verdict(d *guard.Decision) string {
	switch {
	case d.Allowed != nil && *d.Allowed:
		return "ALLOWED"
	case d.Allowed != nil:
		return "REFUSED"
	case d.Accepted != nil && *d.Accepted:
		return "ACCEPTED"
	default:
		return "REJECTED"
	}
}

// WriteDecision writes one decision as a few readable lines.
func WriteDecision(w io.Writer, d *guard.Decision) {
	fmt.Fprintf(w, "#%-4d %-12s %-8s %s\n", d.Seq, d.Type, Verdict(d), d.Reason)
	if d.Message != "" {
		fmt.Fprintf(w, "      %s\n", d.Message)
	}
	if d.AnchoredScore != nil {
		fmt.Fprintf(w, "      anchored %.2f   self %.2f (%s)   gap %+.2f\n", *d.AnchoredScore, deref(d.SelfScore), d.SelfScoreSource, deref(d.Gap))
		fmt.Fprintf(w, "      items: %s\n", itemTally(d.Items))
	}
	if d.Type == guard.TypeCompaction && d.Allowed != nil && !*d.Allowed {
		writeItems(w, d.Items, maxItems, false)
		if d.Repair != "" {
			lines := strings.Split(strings.TrimRight(d.Repair, "\n"), "\n")
			fmt.Fprintf(w, "      repair (%d lines; the full block is in --json):\n", len(lines))
			for i, l := range lines {
				if i == maxItems {
					fmt.Fprintf(w, "        … and %d more lines\n", len(lines)-i)
					break
				}
				fmt.Fprintf(w, "        %s\n", clip(l, 140))
			}
		}
	}
	if d.Type == guard.TypePolicyEdit {
		if d.WorstCaseTokens != nil {
			fmt.Fprintf(w, "      %s edit %q: worst case %d tokens vs budget %d", d.EditKind, d.ProposedPolicy, *d.WorstCaseTokens, deref(d.BudgetTokens))
			if d.ExcessTokens != nil {
				fmt.Fprintf(w, " (excess %d)", *d.ExcessTokens)
			}
			fmt.Fprintln(w)
		}
		for _, dg := range d.Diagnostics {
			fmt.Fprintf(w, "      %s\n", dg)
		}
	}
	if d.Type == guard.TypePhaseSignal && len(d.Scores) > 0 {
		names := make([]string, 0, len(d.Scores))
		for n := range d.Scores {
			names = append(names, n)
		}
		sort.Strings(names)
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = fmt.Sprintf("%s %.2f", n, d.Scores[n])
		}
		fmt.Fprintf(w, "      scores: %s\n", strings.Join(parts, ", "))
	}
	for _, warn := range d.Warnings {
		fmt.Fprintf(w, "      WARNING %s\n", warn)
	}
}

// briefItems bounds the items a refusal lists in the brief report.
const briefItems = 3

// WriteDecisionBrief writes one decision in as few lines as show what
// happened: one line for each decision, with its scores or its bound,
// and for a refusal also its message, the first items it lost (one line
// each), how long the repair block is, and every warning.
func WriteDecisionBrief(w io.Writer, d *guard.Decision) {
	line := fmt.Sprintf("#%-4d %-12s %-8s %-30s", d.Seq, d.Type, Verdict(d), d.Reason)
	switch {
	case d.AnchoredScore != nil:
		line += fmt.Sprintf(" anchored %.2f   self %.2f   gap %+.2f", *d.AnchoredScore, deref(d.SelfScore), deref(d.Gap))
	case d.WorstCaseTokens != nil:
		line += fmt.Sprintf(" %q: worst case %d tokens vs budget %d", d.ProposedPolicy, *d.WorstCaseTokens, deref(d.BudgetTokens))
		if d.ExcessTokens != nil {
			line += fmt.Sprintf(" (excess %d)", *d.ExcessTokens)
		}
	}
	refused := d.Allowed != nil && !*d.Allowed || d.Accepted != nil && !*d.Accepted
	if !refused && d.AnchoredScore == nil && d.WorstCaseTokens == nil && d.Message != "" {
		// A phase change, a budget change, a de-duplication: the message
		// says which, and fits on the line.
		line += " " + clip(d.Message, 100)
	}
	fmt.Fprintln(w, strings.TrimRight(line, " "))
	if refused && d.Message != "" && d.WorstCaseTokens == nil {
		fmt.Fprintf(w, "      %s\n", d.Message)
	}
	if d.Type == guard.TypeCompaction && refused {
		writeItems(w, d.Items, briefItems, true)
		if d.Repair != "" {
			n := len(strings.Split(strings.TrimRight(d.Repair, "\n"), "\n"))
			fmt.Fprintf(w, "      repair: %s restoring what was lost, verbatim (--json has the block)\n", plural(n, "line", "lines"))
		}
	}
	for _, warn := range d.Warnings {
		fmt.Fprintf(w, "      WARNING %s\n", clip(warn, 150))
	}
}

// WriteReplay writes a replay's report: a header, each decision, totals.
func WriteReplay(w io.Writer, r *replay.Result) {
	writeReplay(w, r, WriteDecision)
}

// WriteReplayBrief is WriteReplay with each decision as WriteDecisionBrief
// writes it: the report `make demo` shows.
func WriteReplayBrief(w io.Writer, r *replay.Result) {
	writeReplay(w, r, WriteDecisionBrief)
}

// replayHeader names the file and, when it differs from the file's own
// name, the session the replay recorded it as.
func replayHeader(r *replay.Result) string {
	base := filepath.Base(r.File)
	if r.Session == "" || r.Session == strings.TrimSuffix(base, filepath.Ext(base)) {
		return r.File
	}
	return fmt.Sprintf("%s (session %q)", r.File, r.Session)
}

func writeReplay(w io.Writer, r *replay.Result, decision func(io.Writer, *guard.Decision)) {
	fmt.Fprintf(w, "== %s: %d spans, %d tokens appended\n", replayHeader(r), r.Spans, r.Tokens)
	for _, d := range r.Decisions {
		decision(w, d)
	}
	counts := map[string]int{}
	var order []string
	for _, d := range r.Decisions {
		k := d.Type + " " + strings.ToLower(Verdict(d))
		if counts[k] == 0 {
			order = append(order, k)
		}
		counts[k]++
	}
	parts := make([]string, len(order))
	for i, k := range order {
		parts[i] = fmt.Sprintf("%d %s", counts[k], k)
	}
	fmt.Fprintf(w, "== totals: %s\n", strings.Join(parts, ", "))
	fmt.Fprintf(w, "== final: live view %d tokens, budget %d, policy %s@%d, phase %s, phase changes %d\n",
		r.State.LiveTokens, r.State.Budget, r.State.Policy, r.State.PolicyVersion, r.State.Phase, r.State.PhaseChanges)
	if over := r.State.LiveTokens - r.State.Budget; over > 0 {
		fmt.Fprintf(w, "== note: the live view is %d tokens over the budget; compactguard never truncates it: the orchestrator must compact before the next model call\n", over)
	}
}

func deref[T int | float64](p *T) T {
	if p == nil {
		return 0
	}
	return *p
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// maxItems bounds the items listed per decision in the text report; the
// JSON decision carries all of them.
const maxItems = 12

// writeItems lists the items a refused compaction did not keep (or, when
// it was not scored, the items it could see), grouping identical ones so a
// rule repeated across spans reads as one line. Each line says where the
// item came from (groupPlace): file:line and source for a span imported
// from a transcript, the span id for one appended over the API.
//
// At most limit groups are listed; brief puts an item's note on its line
// and leaves out the per-scorer verdicts.
func writeItems(w io.Writer, items []guard.DecisionItem, limit int, brief bool) {
	type group struct {
		fate  string
		items []guard.DecisionItem
		place string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, it := range items {
		fate := "seen"
		if it.Preserved != nil {
			if *it.Preserved {
				continue
			}
			fate = it.Fate
		}
		key := fate + "\x00" + it.Category + "\x00" + strings.Join(strings.Fields(it.Text), " ")
		if g, ok := byKey[key]; ok {
			g.items = append(g.items, it)
			continue
		}
		g := &group{fate: fate, items: []guard.DecisionItem{it}}
		byKey[key] = g
		groups = append(groups, g)
	}
	// Must-keep items first: they are the ones that refuse on their own.
	sort.SliceStable(groups, func(i, j int) bool { return groups[i].items[0].MustKeep && !groups[j].items[0].MustKeep })
	more := 0
	if len(groups) > limit {
		more, groups = len(groups)-limit, groups[:limit]
	}
	// The category and place columns are as wide as this decision's lines
	// need (a place at most maxPlaceWidth: a longer one pushes its text
	// right rather than every line's), so the texts start in one column.
	// fmt pads to a width in runes, so "…" and "×" count as one.
	catW, placeW := 0, 0
	for _, g := range groups {
		g.place = groupPlace(g.items)
		catW = max(catW, len([]rune(g.items[0].Category)))
		if n := len([]rune(g.place)); n <= maxPlaceWidth {
			placeW = max(placeW, n)
		}
	}
	for _, g := range groups {
		it := g.items[0]
		mk := ""
		if it.MustKeep {
			mk = " (must keep)"
		}
		if brief {
			note := ""
			if it.Note != "" {
				note = ": " + it.Note
			}
			fmt.Fprintf(w, "      %-8s %-*s  %-*s  %s%s%s\n", g.fate, catW, it.Category, placeW, g.place, clip(it.Text, 80), mk, note)
			continue
		}
		fmt.Fprintf(w, "      %-8s %-*s  %-*s  %s%s\n", g.fate, catW, it.Category, placeW, g.place, clip(it.Text, 110), mk)
		if it.Note != "" {
			fmt.Fprintf(w, "               note: %s\n", clip(it.Note, 150))
		}
		if len(it.Verdicts) > 0 {
			// Several scorers: each one's verdict, so a reader sees which
			// one refused (the strictest wins).
			names := make([]string, 0, len(it.Verdicts))
			for name := range it.Verdicts {
				names = append(names, name)
			}
			sort.Strings(names)
			parts := make([]string, len(names))
			for i, name := range names {
				parts[i] = name + " " + it.Verdicts[name].Fate
			}
			fmt.Fprintf(w, "               verdicts: %s\n", strings.Join(parts, ", "))
		}
	}
	if more > 0 {
		fmt.Fprintf(w, "      … and %s (--json lists them all)\n", plural(more, "more item", "more items"))
	}
}

// maxPlaceWidth is the widest place column the text report aligns to.
const maxPlaceWidth = 44

// shortID shortens a transcript uuid span id ("3fbda60d-...#2" →
// "3fbda60d#2") and leaves short ids alone.
func shortID(id string) string {
	base, suffix, _ := strings.Cut(id, "#")
	if len(base) > 12 && strings.Count(base, "-") >= 4 {
		base = base[:8]
	}
	if suffix != "" {
		return base + "#" + suffix
	}
	return base
}

// itemTally says how many items the candidate kept and lost, by category:
// "kept 3 of 5 (entity 2, failed_attempt 1); not kept: failed_attempt 2".
func itemTally(items []guard.DecisionItem) string {
	kept, lost := map[string]int{}, map[string]int{}
	nk := 0
	for _, it := range items {
		if it.Preserved != nil && *it.Preserved {
			kept[it.Category]++
			nk++
		} else {
			lost[it.Category]++
		}
	}
	list := func(m map[string]int) string {
		cats := make([]string, 0, len(m))
		for c := range m {
			cats = append(cats, c)
		}
		sort.Strings(cats)
		parts := make([]string, len(cats))
		for i, c := range cats {
			parts[i] = fmt.Sprintf("%s %d", c, m[c])
		}
		return strings.Join(parts, ", ")
	}
	out := fmt.Sprintf("kept %d of %d", nk, len(items))
	if nk > 0 {
		out += " (" + list(kept) + ")"
	}
	if len(lost) > 0 {
		out += "; not kept: " + list(lost)
	}
	return out
}
