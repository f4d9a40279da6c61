// Package report renders decisions for people: a text report for the
// terminal (replay, check) and, later, HTML.
package report

import (
	"fmt"
	"io"
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
	}
	if d.Type == guard.TypeCompaction && d.Allowed != nil && !*d.Allowed {
		for _, it := range d.Items {
			fate := "seen"
			if it.Preserved != nil {
				if *it.Preserved {
					continue
				}
				fate = it.Fate
			}
			mk := ""
			if it.MustKeep {
				mk = " (must keep)"
			}
			fmt.Fprintf(w, "      %-8s %-18s [%s] %s%s\n", fate, it.Category, it.Span, clip(it.Text, 110), mk)
			if it.Note != "" {
				fmt.Fprintf(w, "               note: %s\n", it.Note)
			}
		}
		if d.Repair != "" {
			fmt.Fprintf(w, "      repair:\n")
			for _, l := range strings.Split(strings.TrimRight(d.Repair, "\n"), "\n") {
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

// WriteReplay writes a replay's report: a header, each decision, totals.
func WriteReplay(w io.Writer, r *replay.Result) {
	fmt.Fprintf(w, "== %s (session %s): %d spans, %d tokens appended\n", r.File, r.Session, r.Spans, r.Tokens)
	for _, d := range r.Decisions {
		WriteDecision(w, d)
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
