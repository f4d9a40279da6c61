package policy

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestSelect(t *testing.T) {
	view := []Span{
		{ID: "a", Kind: "user", Tokens: 100, Recency: 0.1, Turn: 1},
		{ID: "b", Kind: "user", Tokens: 300, Recency: 0.2, Turn: 2},
		{ID: "c", Kind: "tool_result", Tokens: 50, Recency: 0.3, Turn: 3},
		{ID: "d", Kind: "tool_result", Tokens: 200, Recency: 0.4, Turn: 4},
		{ID: "e", Kind: "user", Tokens: 60, Recency: 0.5, Turn: 5},
	}
	tests := []struct {
		name     string
		policy   string
		retained []string
		tokens   int
		per      map[string]int
	}{
		{"top_k by recency", policyWith(`top_k = 2
  category "u" {
    match = span.kind == "user"
    cap   = 10000
    score = span.recency
  }`), []string{"b", "e"}, 360, map[string]int{"u": 360}},
		{"cap skips a span that would exceed it", policyWith(`top_k = 3
  category "u" {
    match = span.kind == "user"
    cap   = 200
    score = span.recency
  }`), []string{"a", "e"}, 160, map[string]int{"u": 160}},
		{"ties broken by recency", policyWith(`top_k = 1
  category "u" {
    match = span.kind == "user"
    cap   = 10000
    score = 0.5
  }`), []string{"e"}, 60, map[string]int{"u": 60}},
		{"score orders before recency", policyWith(`top_k = 1
  category "u" {
    match = span.kind == "user"
    cap   = 10000
    score = span.id == "a" ? 1 : 0
  }`), []string{"a"}, 100, map[string]int{"u": 100}},
		{"overlap counted once", policyWith(`top_k = 5
  category "all" {
    match = true
    cap   = 10000
    score = 1
  }
  category "tools" {
    match = span.kind == "tool_result"
    cap   = 10000
    score = 1
  }`), []string{"a", "b", "c", "d", "e"}, 710, map[string]int{"all": 710, "tools": 250}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.policy)
			sel, err := p.Select(view, Context{})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(sel.Retained, tt.retained) || sel.Tokens != tt.tokens || !reflect.DeepEqual(sel.PerCategory, tt.per) {
				t.Errorf("Select = %+v, want retained %v tokens %d per %v", sel, tt.retained, tt.tokens, tt.per)
			}
			b, err := p.WorstCase(view, Context{})
			if err != nil {
				t.Fatal(err)
			}
			if sel.Tokens > b.WorstCase {
				t.Errorf("Select retained %d > WorstCase %d", sel.Tokens, b.WorstCase)
			}
		})
	}
}

func TestSelectSeedIncidentOverBudget(t *testing.T) {
	p := mustParse(t, seedPolicy)
	sel, err := p.Select(seedView(), Context{})
	if err != nil {
		t.Fatal(err)
	}
	// Selection keeps what the bound says it can: no category is clipped,
	// which is why the bound must be checked before the edit, not after.
	if sel.Tokens != 61000 {
		t.Errorf("Select retained %d, want 61000", sel.Tokens)
	}
}

func TestSelectDuplicateIDs(t *testing.T) {
	p := mustParse(t, policyWith(`top_k = 2
  category "u" {
    match = true
    cap   = 100
    score = 1
  }`))
	_, err := p.Select([]Span{{ID: "a"}, {ID: "a"}}, Context{})
	if !errors.Is(err, ErrInvalidView) {
		t.Errorf("duplicate ids: %v", err)
	}
}

func TestCheckScores(t *testing.T) {
	view := []Span{
		{ID: "s1", Kind: "user", Tokens: 10, Recency: 0, Turn: 0},
		{ID: "s2", Kind: "tool_result", Tokens: 10, Recency: 1, Turn: 1, Meta: map[string]string{"n": "3"}},
	}
	tests := []struct {
		name  string
		topK  string
		score string
		want  error
		parts []string // the error names these
	}{
		{"valid", "5", "span.recency", nil, nil},
		{"valid computed", "5", "min(1, max(0, span.tokens / 100))", nil, nil},
		{"above one", "5", `span.kind == "tool_result" ? 1.7 : 0.5`, ErrInvalidScore, []string{`category "c"`, `span "s2"`, "1.7"}},
		{"constant above one", "5", "1.7", ErrInvalidScore, []string{`span "s1"`, "1.7"}},
		{"negative", "5", "span.recency - 0.5", ErrInvalidScore, []string{`span "s1"`, "-0.5"}},
		{"NaN", "5", "span.recency / 0", ErrInvalidScore, []string{`span "s1"`, "zero by zero"}},
		{"infinite", "5", "(span.recency + 1) / 0", ErrInvalidScore, []string{`span "s1"`, "+Inf"}},
		{"unbounded evidence count", "5", "span.tokens", ErrInvalidScore, []string{`span "s1"`, "10"}},
		{"string score", "5", `[0.5, "high"][span.turn]`, ErrInvalidScore, []string{`span "s2"`, `"high"`, "string"}},
		{"null score", "5", `span.turn == 1 ? null : 0.5`, ErrInvalidScore, []string{`span "s2"`, "null"}},
		{"score that fails", "5", `span.tags[0] == "x" ? 1 : 0`, ErrInvalidScore, []string{`span "s1"`}},
		{"top_k from context", "context.turn + 1", "0.5", ErrTopKNotConstant, []string{"top_k", "context.turn + 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, policyWith("top_k = "+tt.topK+`
  category "c" {
    match = true
    cap   = 100
    score = `+tt.score+`
  }`))
			err := p.CheckScores(view, Context{Turn: 7})
			if !errors.Is(err, tt.want) {
				t.Fatalf("CheckScores = %v, want %v", err, tt.want)
			}
			for _, part := range tt.parts {
				if !strings.Contains(err.Error(), part) {
					t.Errorf("error %q does not name %q", err, part)
				}
			}
			if tt.want == ErrInvalidScore {
				if _, err := p.Select(view, Context{}); !errors.Is(err, ErrInvalidScore) {
					t.Errorf("Select did not validate the score: %v", err)
				}
			}
		})
	}
}

// A score is only checked where the category matches: an out-of-range
// score on a span nothing selects does not make an edit unbounded.
func TestCheckScoresOnlyOnMatches(t *testing.T) {
	p := mustParse(t, policyWith(`top_k = 2
  category "c" {
    match = span.kind == "user"
    cap   = 100
    score = span.kind == "user" ? 0.5 : 9
  }`))
	if err := p.CheckScores([]Span{{ID: "a", Kind: "user"}, {ID: "b", Kind: "tool_result"}}, Context{}); err != nil {
		t.Error(err)
	}
}
