package phase

import (
	"fmt"
	"math"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// view builds a span list from short codes, for readable tables:
// "R" read call+result, "G" grep call+result, "E" edit call+result of the
// path the matching "R" read (or "e" of a path never read), "T" passing test run,
// "F" failing test run, "B" failing build, and "say:TEXT" an assistant span.
func view(codes ...string) []sdk.Span {
	var out []sdk.Span
	add := func(kind, text string, meta map[string]string) {
		out = append(out, sdk.Span{ID: fmt.Sprintf("s%d", len(out)+1), Kind: kind, Text: text, Meta: meta})
	}
	seen := map[string]int{}
	for _, c := range codes {
		// The n-th read and the n-th edit touch the same path.
		path := fmt.Sprintf("pkg/f%d.go", seen[c]%5)
		seen[c]++
		switch {
		case c == "R":
			m := map[string]string{"tool": "read", "path": path}
			add("tool_call", "read "+path, m)
			add("tool_result", "package pkg\n\nfunc F() {}\n", m)
		case c == "G":
			add("tool_call", `grep -rn "F(" .`, map[string]string{"tool": "grep"})
			add("tool_result", "./pkg/f.go:3: func F() {}", map[string]string{"tool": "grep"})
		case c == "E" || c == "e":
			if c == "e" {
				path = "other/never_read.go"
			}
			m := map[string]string{"tool": "edit", "path": path}
			add("tool_call", "edit "+path, m)
			add("tool_result", "updated", m)
		case c == "T":
			add("tool_call", "go test ./...", map[string]string{"tool": "bash"})
			add("tool_result", "ok  \tpkg\t0.01s", map[string]string{"tool": "bash", "exit_code": "0"})
		case c == "F":
			add("tool_call", "go test ./...", map[string]string{"tool": "bash"})
			add("tool_result", "--- FAIL: TestF (0.00s)\nFAIL", map[string]string{"tool": "bash", "exit_code": "1"})
		case c == "B":
			add("tool_call", "go build ./...", map[string]string{"tool": "bash"})
			add("tool_result", "undefined: F", map[string]string{"tool": "bash", "exit_code": "2"})
		case len(c) > 4 && c[:4] == "say:":
			add("assistant", c[4:], nil)
		default:
			panic("unknown code " + c)
		}
	}
	return out
}

func repeat(n int, codes ...string) []string {
	var out []string
	for range n {
		out = append(out, codes...)
	}
	return out
}

func TestClassifyTopPhase(t *testing.T) {
	tests := []struct {
		name string
		view []sdk.Span
		want string
		min  float64 // the winning score must exceed this
	}{
		{"empty view is exploration", nil, Exploration, 0.99},
		{"read-heavy view", view(repeat(8, "say:Let me look at how this works.", "R", "G")...), Exploration, 0.8},
		{"edits after reading", view(append(repeat(5, "R"), repeat(8, "say:Now I'll implement the change.", "E")...)...), Synthesis, 0.7},
		{"edits with test failures", view(append(repeat(4, "R", "E"), repeat(5, "say:The test fails; let me fix it.", "F", "E")...)...), Repair, 0.6},
		{"test runs passing", view(append(repeat(3, "R", "E"), repeat(6, "say:Let me run the tests to verify.", "T")...)...), Verification, 0.6},
		{"failing builds push repair", view(append(repeat(3, "E"), repeat(6, "B", "F")...)...), Repair, 0.6},
	}
	c := New(DefaultWindow)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := c.Classify(tt.view)
			if got := s.Top(); got != tt.want {
				t.Fatalf("top phase = %s, want %s (scores %+v)", got, tt.want, s)
			}
			if v, _ := s.Get(tt.want); v <= tt.min {
				t.Errorf("%s score = %.3f, want > %.2f (scores %+v)", tt.want, v, tt.min, s)
			}
			sum := s.Exploration + s.Synthesis + s.Verification + s.Repair
			for _, v := range []float64{s.Exploration, s.Synthesis, s.Verification, s.Repair} {
				if v < 0 || v > 1 || math.IsNaN(v) {
					t.Errorf("score %v out of [0,1]", v)
				}
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Errorf("scores sum to %v, want 1", sum)
			}
		})
	}
}

func TestInformedEditsOutscoreBlindEdits(t *testing.T) {
	c := New(DefaultWindow)
	informed := c.Features(view("R", "R", "E", "E"))
	blind := c.Features(view("R", "R", "e", "e"))
	if informed.InformedEdits == 0 || blind.InformedEdits != 0 {
		t.Fatalf("informed edits: %v (want > 0), blind: %v (want 0)", informed.InformedEdits, blind.InformedEdits)
	}
	if a, b := c.Score(informed).Synthesis, c.Score(blind).Synthesis; a <= b {
		t.Errorf("synthesis with edits after reads = %.3f, want > %.3f without", a, b)
	}
}

func TestWindowIgnoresOldSpans(t *testing.T) {
	// 40 old failures, then 20 spans of reads: with a window of 20 only the
	// reads are seen.
	v := view(append(repeat(20, "F"), repeat(10, "R")...)...)
	if s := New(20).Classify(v); s.Repair != 0 || s.Top() != Exploration {
		t.Errorf("window 20 scores %+v, want only exploration", s)
	}
	if s := New(60).Classify(v); s.Repair == 0 {
		t.Errorf("window 60 scores %+v, want some repair", s)
	}
}

func TestClassifyIsDeterministic(t *testing.T) {
	v := view(append(repeat(6, "say:Let me check where this is.", "R", "G"), repeat(6, "say:Plan: implement it.", "E", "F", "T")...)...)
	c := New(DefaultWindow)
	first := c.Classify(v)
	for i := range 50 {
		// A fresh classifier and copied meta maps (new map iteration order).
		cp := make([]sdk.Span, len(v))
		for j, s := range v {
			cp[j] = s
			cp[j].Meta = map[string]string{}
			for k, val := range s.Meta {
				cp[j].Meta[k] = val
			}
		}
		if got := New(DefaultWindow).Classify(cp); got != first {
			t.Fatalf("run %d: %+v, want %+v", i, got, first)
		}
	}
}

func TestCanonical(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"exploration", Exploration, true},
		{"Explore", Exploration, true},
		{"synthesize", Synthesis, true},
		{"verify", Verification, true},
		{"debug", Repair, true},
		{"deployment", "", false},
	}
	for _, tt := range tests {
		got, ok := Canonical(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Canonical(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
