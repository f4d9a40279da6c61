package policy

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchPolicy is a four-category policy of the shape the seed incident's
// synthesis rewrite had, with regex and contains predicates.
const benchPolicy = `
policy "synthesize" {
  top_k = 200
  category "file_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 20000
    score = span.recency
  }
  category "test_failures" {
    match = span.kind == "tool_result" && regex("FAIL|panic:|--- FAIL", span.text)
    cap   = 20000
    score = max(span.recency, 0.5)
  }
  category "prohibitions" {
    match = contains(lower(span.text), "do not") || contains(span.tags, "constraint")
    cap   = 20000
    score = 1
  }
  category "recent_reasoning" {
    match = span.kind == "reasoning" && span.age < 20 && startswith(span.text, "Plan")
    cap   = 20000
    score = span.recency
  }
}
`

// benchView builds n spans of about 100 tokens each (~400 bytes of text).
func benchView(n int) []Span {
	r := rand.New(rand.NewPCG(1, 2))
	kinds := []string{"user", "assistant", "tool_call", "tool_result", "reasoning"}
	tools := []string{"read", "bash", "grep", "edit"}
	words := []string{"the", "build", "FAIL", "ok", "do not", "run", "Plan", "table", "legacy_orders", "panic:", "value", "check"}
	view := make([]Span, n)
	for i := range view {
		var b strings.Builder
		for b.Len() < 400 {
			b.WriteString(words[r.IntN(len(words))])
			b.WriteByte(' ')
		}
		s := Span{
			ID:      fmt.Sprintf("s%d", i),
			Kind:    kinds[r.IntN(len(kinds))],
			Text:    b.String(),
			Tokens:  50 + r.IntN(101),
			Turn:    i / 10,
			Age:     (n - i) / 10,
			Recency: float64(i) / float64(n),
			Meta:    map[string]string{"tool": tools[r.IntN(len(tools))]},
		}
		if r.IntN(10) == 0 {
			s.Tags = []string{"constraint"}
		}
		view[i] = s
	}
	return view
}

func BenchmarkWorstCase10kSpans(b *testing.B) {
	p, diags := Parse([]byte(benchPolicy), "bench.hcl")
	if diags.HasErrors() {
		b.Fatal(diags)
	}
	view := benchView(10000)
	total := 0
	for _, s := range view {
		total += s.Tokens
	}
	var bound Bound
	for b.Loop() {
		var err error
		if bound, err = p.WorstCase(view, Context{Turn: 1000, LiveTokens: total}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(total), "view-tokens")
	b.ReportMetric(float64(bound.WorstCase), "worst-case-tokens")
}
