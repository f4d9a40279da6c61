package main

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/compactguard/compactguard/internal/invcheck"
)

// gspan is one span of the generator's model of a session's live view.
type gspan struct {
	ID   string
	Kind string
	Text string
	Meta map[string]string
	// Planted are the sentences planted in this span (for a summary: in
	// the root originals it covers, followed through earlier summaries).
	Planted []invcheck.Planted
	// Unpinned marks a summary whose roots include originals that were
	// only sent inline (or never sent): a compaction covering it is
	// judged unpinned.
	Unpinned bool
}

// writer makes span texts: every planted sentence carries a counter, so
// no two planted sentences of a session are alike and a summary that
// leaves one out provably loses it.
type writer struct {
	rng *rand.Rand
	n   int
	// theme biases appended spans toward one phase of work (0 exploration,
	// 1 synthesis, 2 verification, 3 repair), so phase signals move.
	theme int
}

func (w *writer) next() int { w.n++; return w.n }

var prohibitions = []string{
	"Do not run DROP TABLE on legacy_orders_%d.",
	"Never push to the branch release_%d without a review.",
	"Do not delete the backups in archive_%d.",
	"Do not restart the primary database db_primary_%d during business hours.",
}

// commitment makes a numeric commitment unique to n.
func commitment(n, pick int) string {
	if pick%2 == 0 {
		return fmt.Sprintf("Keep the rate under %d requests per second.", n+1)
	}
	return fmt.Sprintf("The cutover of service_%d must finish by Friday, December %d.", n, 1+n%27)
}

var cues = []string{
	"Let me look at how the handler in %s works and where it is called.",
	"Now I'll implement the plan: refactor %s and add the cache.",
	"Let me run the tests to verify %s; all tests pass would confirm it.",
	"The fix for the failing test in %s: the error is a regression from the last change.",
}

// span makes one span to append, and reports what it planted in it.
func (w *writer) span(id string) gspan {
	n := w.next()
	file := fmt.Sprintf("pkg%d/file_%d.go", n%7, n)
	if w.rng.IntN(2) == 0 {
		return w.themed(id, n, file)
	}
	switch r := w.rng.IntN(100); {
	case r < 22:
		t := fmt.Sprintf(prohibitions[w.rng.IntN(len(prohibitions))], n)
		text := "For this task, keep the following in mind. " + t + " Thanks."
		return gspan{ID: id, Kind: "user", Text: text, Planted: []invcheck.Planted{{Span: id, Category: "prohibition", Text: t}}}
	case r < 32:
		t := commitment(n, w.rng.IntN(2))
		return gspan{ID: id, Kind: "user", Text: "One more constraint. " + t, Planted: []invcheck.Planted{{Span: id, Category: "numeric_commitment", Text: t}}}
	case r < 52:
		return gspan{ID: id, Kind: "assistant", Text: fmt.Sprintf(cues[w.rng.IntN(len(cues))], file)}
	case r < 72:
		var b strings.Builder
		lines := 10 + w.rng.IntN(50)
		for i := range lines {
			fmt.Fprintf(&b, "%4d\tv%d := compute(%d, %q)\n", i+1, i, n*i, file)
		}
		return gspan{ID: id, Kind: "tool_result", Text: b.String(), Meta: map[string]string{"tool": "read", "path": file}}
	case r < 86:
		return gspan{ID: id, Kind: "tool_call", Text: "go test ./" + file[:4] + "/...", Meta: map[string]string{"tool": "bash", "command": "go test ./..."}}
	default:
		if w.rng.IntN(2) == 0 {
			return gspan{ID: id, Kind: "tool_result", Text: fmt.Sprintf("--- FAIL: TestHandler%d (0.0%ds)\n    handler_test.go:%d: got %d, want %d\nFAIL", n, n%10, n%300, n, n+1), Meta: map[string]string{"tool": "bash", "exit_code": "1"}}
		}
		return gspan{ID: id, Kind: "tool_result", Text: fmt.Sprintf("ok  \texample.com/pkg%d\t0.%03ds", n%7, n%1000), Meta: map[string]string{"tool": "bash", "exit_code": "0"}}
	}
}

// themed makes a span typical of the writer's current theme.
func (w *writer) themed(id string, n int, file string) gspan {
	prose := w.rng.IntN(3) == 0
	switch w.theme {
	case 0:
		if prose {
			return gspan{ID: id, Kind: "assistant", Text: fmt.Sprintf(cues[0], file)}
		}
		return gspan{ID: id, Kind: "tool_call", Text: "read " + file, Meta: map[string]string{"tool": "read", "path": fmt.Sprintf("pkg%d/file_%d.go", n%7, n%5)}}
	case 1:
		if prose {
			return gspan{ID: id, Kind: "assistant", Text: fmt.Sprintf(cues[1], file)}
		}
		return gspan{ID: id, Kind: "tool_call", Text: fmt.Sprintf("edit %s: add cache lookup %d", file, n), Meta: map[string]string{"tool": "edit", "path": fmt.Sprintf("pkg%d/file_%d.go", n%7, n%5)}}
	case 2:
		if prose {
			return gspan{ID: id, Kind: "assistant", Text: fmt.Sprintf(cues[2], file)}
		}
		return gspan{ID: id, Kind: "tool_result", Text: fmt.Sprintf("ok  \texample.com/pkg%d\t0.%03ds", n%7, n%1000), Meta: map[string]string{"tool": "bash", "command": "go test ./...", "exit_code": "0"}}
	default:
		if prose {
			return gspan{ID: id, Kind: "assistant", Text: fmt.Sprintf(cues[3], file)}
		}
		return gspan{ID: id, Kind: "tool_result", Text: fmt.Sprintf("--- FAIL: TestHandler%d (0.0%ds)\nFAIL", n, n%10), Meta: map[string]string{"tool": "bash", "command": "go test ./...", "exit_code": "1"}}
	}
}

// inline makes an original sent only with a compaction: half the time it
// carries a planted prohibition (the compaction must then be refused).
func (w *writer) inline(id string) gspan {
	n := w.next()
	if w.rng.IntN(2) == 0 {
		t := fmt.Sprintf(prohibitions[w.rng.IntN(len(prohibitions))], n)
		return gspan{ID: id, Kind: "user", Text: t, Planted: []invcheck.Planted{{Span: id, Category: "prohibition", Text: t}}}
	}
	return gspan{ID: id, Kind: "tool_result", Text: fmt.Sprintf("total %d\n-rw-r--r-- 1 agent agent %d file_%d.go", n%90, n*13, n), Meta: map[string]string{"tool": "ls"}}
}

// summaryCues are, per phase (0 exploration, 1 synthesis, 2 verification,
// 3 repair), the closing sentence a summary carries: compaction output
// that pulls a phase signal toward that phase.
var summaryCues = []string{
	" Next: let me look at where the cache is used, and search for how does the handler work.",
	" Next: now I'll implement the plan, refactor the handler and let me write the cache.",
	" Next: let me run the tests to verify and confirm; all tests pass, green.",
	" Next: fix the failing tests; the error is a regression, a bug that fails.",
}

// summary writes a summary that keeps every planted sentence of planted
// except those in omit, and ends with the cue of phase cue (compaction
// output that a phase signal must not be allowed to act on alone).
func (w *writer) summary(planted []invcheck.Planted, omit map[string]bool, covers, cue int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Summary of %d earlier spans.", covers)
	for _, p := range planted {
		if !omit[p.Text] {
			b.WriteString(" ")
			b.WriteString(p.Text)
		}
	}
	b.WriteString(summaryCues[cue%len(summaryCues)])
	return b.String()
}

// matchAllHCL is a policy whose one category matches every span.
func matchAllHCL(name string, topK, cap int, withBudget bool) string {
	budget := ""
	if withBudget {
		budget = "  budget = 1000000\n"
	}
	return fmt.Sprintf("policy %q {\n  top_k = %d\n%s  category \"everything\" {\n    match = true\n    cap   = %d\n    score = span.recency\n  }\n}\n", name, topK, budget, cap)
}
