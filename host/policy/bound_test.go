package policy

import (
	"errors"
	"fmt"
	"sort"
	"testing"
)

// seedPolicy is the synthesis-phase rewrite of the recorded incident:
// four categories, each capped at 20000 tokens.
const seedPolicy = `policy "synthesize" {
  top_k = 100
  category "file_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 20000
    score = span.recency
  }
  category "test_failures" {
    match = span.kind == "tool_result" && regex("--- FAIL|panic:", span.text)
    cap   = 20000
    score = span.recency
  }
  category "reasoning" {
    match = span.kind == "reasoning"
    cap   = 20000
    score = span.recency
  }
  category "plans" {
    match = span.kind == "assistant" && contains(lower(span.text), "plan")
    cap   = 20000
    score = span.recency
  }
}
`

// seedView has 18500 tokens of file reads, 16000 of test failures, 14500
// of reasoning and 12000 of plans: each under its 20000 cap, 61000 in all.
func seedView() []Span {
	var view []Span
	add := func(n, tokens int, kind, text string, meta map[string]string) {
		for i := 0; i < n; i++ {
			view = append(view, Span{ID: fmt.Sprintf("s%d", len(view)), Kind: kind, Text: text, Tokens: tokens, Meta: meta})
		}
	}
	add(37, 500, "tool_result", "package main ...", map[string]string{"tool": "read"})
	add(32, 500, "tool_result", "--- FAIL: TestX", map[string]string{"tool": "bash"})
	add(29, 500, "reasoning", "thinking", nil)
	add(24, 500, "assistant", "The Plan is ...", nil)
	add(10, 700, "user", "unrelated", nil)
	for i := range view {
		view[i].Turn = i
		view[i].Recency = float64(i) / float64(len(view)-1)
	}
	return view
}

func TestWorstCaseSeedIncident(t *testing.T) {
	p := mustParse(t, seedPolicy)
	b, err := p.WorstCase(seedView(), Context{Turn: 140, LiveTokens: 68000})
	if err != nil {
		t.Fatal(err)
	}
	if b.WorstCase != 61000 {
		t.Errorf("WorstCase = %d, want 61000", b.WorstCase)
	}
	want := []CategoryBound{
		{Name: "file_reads", Cap: 20000, MatchedSpans: 37, MatchedTokens: 18500, TopKTokens: 18500, CountedTokens: 18500},
		{Name: "test_failures", Cap: 20000, MatchedSpans: 32, MatchedTokens: 16000, TopKTokens: 16000, CountedTokens: 16000},
		{Name: "reasoning", Cap: 20000, MatchedSpans: 29, MatchedTokens: 14500, TopKTokens: 14500, CountedTokens: 14500},
		{Name: "plans", Cap: 20000, MatchedSpans: 24, MatchedTokens: 12000, TopKTokens: 12000, CountedTokens: 12000},
	}
	for i, w := range want {
		if b.PerCategory[i] != w {
			t.Errorf("category %d = %+v, want %+v", i, b.PerCategory[i], w)
		}
		if b.PerCategory[i].CountedTokens > b.PerCategory[i].Cap {
			t.Errorf("category %s over its cap", w.Name)
		}
	}
	// Every category is under its cap, yet the union is over a 48000
	// budget: the per-category check the incident relied on passes, the
	// union bound does not.
	if b.WorstCase <= 48000 {
		t.Error("the seed incident's policy fits a 48000 budget")
	}
}

func TestWorstCaseArithmetic(t *testing.T) {
	view := []Span{
		{ID: "a", Kind: "user", Tokens: 100},
		{ID: "b", Kind: "user", Tokens: 300},
		{ID: "c", Kind: "tool_result", Tokens: 50, Tags: []string{"x"}},
		{ID: "d", Kind: "tool_result", Tokens: 200},
		{ID: "e", Kind: "user", Tokens: 0},
	}
	tests := []struct {
		name   string
		policy string
		want   int
		per    []int
	}{
		{"top_k picks the largest", policyWith(`top_k = 2
  category "u" {
    match = span.kind == "user"
    cap   = 10000
    score = 1
  }`), 400, []int{400}},
		{"cap binds", policyWith(`top_k = 3
  category "u" {
    match = span.kind == "user"
    cap   = 250
    score = 1
  }`), 250, []int{250}},
		{"overlap counts twice", policyWith(`top_k = 10
  category "all" {
    match = true
    cap   = 10000
    score = 1
  }
  category "tools" {
    match = span.kind == "tool_result"
    cap   = 10000
    score = 1
  }`), 650 + 250, []int{650, 250}},
		{"no match", policyWith(`top_k = 10
  category "none" {
    match = span.kind == "summary"
    cap   = 10
    score = 1
  }`), 0, []int{0}},
		{"tags and top_k 1", policyWith(`top_k = 1
  category "tagged" {
    match = contains(span.tags, "x") || span.tokens >= 200
    cap   = 10000
    score = 1
  }`), 300, []int{300}},
		{"top_k from context", policyWith(`top_k = context.turn
  category "all" {
    match = true
    cap   = 10000
    score = 1
  }`), 300 + 200 + 100, []int{600}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.policy)
			b, err := p.WorstCase(view, Context{Turn: 3})
			if err != nil {
				t.Fatal(err)
			}
			if b.WorstCase != tt.want {
				t.Errorf("WorstCase = %d, want %d (%+v)", b.WorstCase, tt.want, b)
			}
			for i, w := range tt.per {
				if b.PerCategory[i].CountedTokens != w {
					t.Errorf("category %s counted %d, want %d", b.PerCategory[i].Name, b.PerCategory[i].CountedTokens, w)
				}
			}
		})
	}
}

func TestWorstCaseFailsClosed(t *testing.T) {
	tests := []struct {
		name string
		src  string
		view []Span
		want error
	}{
		{"match fails on a span", policyWith(`top_k = 1
  category "c" {
    match = span.tags[0] == "x"
    cap   = 10
    score = 1
  }`), []Span{{ID: "a", Tags: []string{"x"}}, {ID: "b"}}, ErrEvaluation},
		{"match null", policyWith(`top_k = 1
  category "c" {
    match = span.kind == "x" ? null : true
    cap   = 10
    score = 1
  }`), []Span{{ID: "a", Kind: "x"}}, ErrEvaluation},
		{"match not a bool per span", policyWith(`top_k = 1
  category "c" {
    match = [true, "yes"][span.turn]
    cap   = 10
    score = 1
  }`), []Span{{ID: "a", Turn: 0}, {ID: "b", Turn: 1}}, ErrEvaluation},
		{"regex computed from span", policyWith(`top_k = 1
  category "c" {
    match = regex(span.text, "abc")
    cap   = 10
    score = 1
  }`), []Span{{ID: "a", Text: "a"}, {ID: "b", Text: "("}}, ErrEvaluation},
		{"negative tokens", policyWith(`top_k = 1
  category "c" {
    match = true
    cap   = 10
    score = 1
  }`), []Span{{ID: "a", Tokens: -5}}, ErrInvalidView},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.src)
			_, err := p.WorstCase(tt.view, Context{})
			if !errors.Is(err, tt.want) {
				t.Fatalf("WorstCase error = %v, want %v", err, tt.want)
			}
			if _, err := p.Select(tt.view, Context{}); !errors.Is(err, tt.want) {
				t.Errorf("Select error = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestMissingMetaKeyIsEmpty(t *testing.T) {
	p := mustParse(t, policyWith(`top_k = 10
  category "reads" {
    match = span.meta.tool == "read" || span.meta["path"] != ""
    cap   = 1000
    score = 1
  }
  category "no_tool" {
    match = span.meta.tool == ""
    cap   = 1000
    score = 1
  }`))
	view := []Span{
		{ID: "a", Tokens: 1, Meta: map[string]string{"tool": "read"}},
		{ID: "b", Tokens: 2},
		{ID: "c", Tokens: 4, Meta: map[string]string{"path": "x.go"}},
	}
	b, err := p.WorstCase(view, Context{})
	if err != nil {
		t.Fatal(err)
	}
	if b.PerCategory[0].CountedTokens != 5 || b.PerCategory[1].CountedTokens != 6 {
		t.Errorf("bound %+v", b.PerCategory)
	}
}

func TestMinHeapKeepsLargest(t *testing.T) {
	for _, k := range []int{1, 2, 3, 7, 50} {
		var h minHeap
		vals := []int{5, 1, 9, 3, 3, 8, 0, 12, 7, 7, 2, 11, 4}
		for _, v := range vals {
			h.pushBounded(v, k)
		}
		sorted := append([]int(nil), vals...)
		sort.Sort(sort.Reverse(sort.IntSlice(sorted)))
		want := 0
		for _, v := range sorted[:min(k, len(sorted))] {
			want += v
		}
		got := 0
		for _, v := range h {
			got += v
		}
		if got != want {
			t.Errorf("k=%d: heap sums %d, want %d", k, got, want)
		}
	}
}
