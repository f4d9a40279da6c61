package policy

import (
	"errors"
	"strings"
	"testing"
)

// fuzzView is the small fixed view FuzzParse evaluates accepted policies
// on: one span of every kind a policy usually matches, with meta the
// reference policies read, tokens that make caps bite, and one span with
// empty text and no meta.
var fuzzView = []Span{
	{ID: "s1", Kind: "system", Text: "You are a migration agent. Do not run DROP TABLE on legacy_orders.", Tokens: 16, Turn: 0, Age: 9, Recency: 0.1},
	{ID: "s2", Kind: "user", Text: "Migrate orders; budget 48000 tokens, deadline Friday.", Tokens: 12, Turn: 1, Age: 8, Recency: 0.2},
	{ID: "s3", Kind: "tool_call", Text: "read internal/migrate/lag.go", Tokens: 7, Turn: 2, Age: 7, Recency: 0.3, Meta: map[string]string{"tool": "read", "path": "internal/migrate/lag.go"}},
	{ID: "s4", Kind: "tool_result", Text: "package migrate\n\nfunc Lag() int { return 0 }", Tokens: 4000, Turn: 2, Age: 7, Recency: 0.4, Meta: map[string]string{"tool": "read"}},
	{ID: "s5", Kind: "tool_result", Text: "--- FAIL: TestLag (0.01s)\npanic: boom", Tokens: 900, Turn: 3, Age: 6, Recency: 0.5, Meta: map[string]string{"tool": "bash", "exit_code": "1"}},
	{ID: "s6", Kind: "tool_call", Text: "edit lag.go", Tokens: 5, Turn: 4, Age: 5, Recency: 0.6, Meta: map[string]string{"tool": "edit"}, Tags: []string{"edit"}},
	{ID: "s7", Kind: "assistant", Text: "The design: copy in batches of 5000 rows, verify counts, then switch reads.", Tokens: 250, Turn: 5, Age: 4, Recency: 0.8},
	{ID: "s8", Kind: "reasoning", Text: "", Tokens: 0, Turn: 6, Age: 0, Recency: 1},
}

var fuzzContext = Context{Turn: 9, LiveTokens: 5190}

// FuzzParse feeds arbitrary bytes to Parse as a proposed policy. Parse must
// never panic; and for a policy it accepts, on a small fixed view:
// WorstCase, Select and CheckScores never panic; what Select retains never
// exceeds WorstCase (the bound invariant 2 rests on), and no category
// retains more than its cap; a view Select can judge, WorstCase can bound,
// and a policy CheckScores passes, Select can apply; Classify(p, p) is
// EditNone; and the policy's Source parses back to the same policy.
//
// Short pass: go test -run '^$' -fuzz '^FuzzParse$' -fuzztime 5s ./host/policy/
func FuzzParse(f *testing.F) {
	// Deep nesting and unary runs: the pre-scan must refuse them without
	// the parser recursing (they overflowed its stack).
	f.Add([]byte(`policy "p" { top_k = 1 category "c" { match = ` + strings.Repeat("(", 5000) + `true` + strings.Repeat(")", 5000) + ` cap = 1 score = 1 } }`))
	f.Add([]byte(`policy "p" { top_k = 1 category "c" { match = ` + strings.Repeat("!", 5000) + `true cap = 1 score = 1 } }`))
	f.Add([]byte(`policy "p" { top_k = 1 category "c" { match = ` + strings.Repeat("true?", 2000) + `true` + strings.Repeat(":false", 2000) + ` cap = 1 score = 1 } }`))
	// Nesting the parser sees inside strings: interpolations, heredocs,
	// template directives, strings within interpolations.
	f.Add([]byte(`policy "p" { top_k = 1 category "c" { match = "${` + strings.Repeat("(", 3000) + `true` + strings.Repeat(")", 3000) + `}" == "true" cap = 1 score = 1 } }`))
	f.Add([]byte("policy \"p\" {\n top_k = 1\n category \"c\" {\n match = <<EOT\n${" + strings.Repeat("[", 3000) + "1" + strings.Repeat("]", 3000) + "}\nEOT\n cap = 1\n score = 1\n }\n}\n"))
	f.Add([]byte(`policy "p" { top_k = 1 category "c" { match = "` + strings.Repeat("%{if true}", 1000) + `x` + strings.Repeat("%{endif}", 1000) + `" == "x" cap = 1 score = 1 } }`))
	f.Add([]byte(`policy "p" { top_k = 1 category "c" { match = ` + strings.Repeat(`"${`, 1000) + `1` + strings.Repeat(`}"`, 1000) + ` == "1" cap = 1 score = 1 } }`))
	// Cost: a nested for expression and a long list.
	f.Add([]byte(`policy "p" { top_k = 1 category "c" { match = length([for a in span.meta : [for b in span.meta : a]]) > 0 cap = 1 score = 1 } }`))
	f.Add([]byte(`policy "p" { top_k = 1 category "c" { match = contains([` + strings.Repeat("1,", 3000) + `1], span.tokens) cap = 1 score = 1 } }`))
	f.Add([]byte(`policy "p" {
  top_k = 2
  category "c" {
    match = span.kind == "user"
    cap   = 100
    score = span.recency
  }
}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		p, diags := Parse(src, "fuzz.hcl")
		if diags.HasErrors() {
			if p != nil {
				// A policy returned with errors must refuse to evaluate.
				if _, err := p.WorstCase(fuzzView, fuzzContext); !errors.Is(err, ErrNotCompiled) {
					t.Fatalf("policy with error diagnostics evaluated: %v", err)
				}
			}
			return
		}
		if p == nil {
			t.Fatal("Parse returned no policy and no error")
		}
		checkAccepted(t, p)
	})
}

// checkAccepted asserts the evaluation contract of an accepted policy.
func checkAccepted(t *testing.T, p *Policy) {
	t.Helper()
	if Classify(p, p) != EditNone {
		t.Fatalf("Classify(p, p) = %s", Classify(p, p))
	}
	for _, c := range p.Categories {
		if c.Cap <= 0 {
			t.Fatalf("accepted category %q with cap %d", c.Name, c.Cap)
		}
	}
	again, diags := Parse(p.Source, "source.hcl")
	if diags.HasErrors() {
		t.Fatalf("Source does not parse back: %s\nsource:\n%s", diags.Error(), p.Source)
	}
	if k := Classify(p, again); k != EditNone {
		t.Fatalf("Source parses back as a %s edit\nsource:\n%s", k, p.Source)
	}

	bound, wcErr := p.WorstCase(fuzzView, fuzzContext)
	sel, selErr := p.Select(fuzzView, fuzzContext)
	csErr := p.CheckScores(fuzzView, fuzzContext)
	if selErr == nil {
		if wcErr != nil {
			t.Fatalf("Select succeeded but WorstCase failed: %v", wcErr)
		}
		if sel.Tokens > bound.WorstCase {
			t.Fatalf("Select retained %d tokens, above WorstCase %d", sel.Tokens, bound.WorstCase)
		}
		for _, c := range p.Categories {
			if sel.PerCategory[c.Name] > c.Cap {
				t.Fatalf("category %q retained %d tokens, above its cap %d", c.Name, sel.PerCategory[c.Name], c.Cap)
			}
		}
		if len(sel.Retained) > len(fuzzView) {
			t.Fatalf("Select retained %d of %d spans", len(sel.Retained), len(fuzzView))
		}
	}
	if wcErr == nil && bound.WorstCase > p.SumOfCaps() {
		t.Fatalf("WorstCase %d above the sum of caps %d", bound.WorstCase, p.SumOfCaps())
	}
	if csErr == nil && selErr != nil {
		t.Fatalf("CheckScores passed but Select failed: %v", selErr)
	}
	for _, err := range []error{wcErr, selErr, csErr} {
		if err == nil {
			continue
		}
		// Every failure is one of the documented kinds, never a bare error.
		if !errors.Is(err, ErrEvaluation) && !errors.Is(err, ErrInvalidScore) &&
			!errors.Is(err, ErrTopKNotConstant) && !errors.Is(err, ErrInvalidView) {
			t.Fatalf("evaluation failed with an undocumented error: %v", err)
		}
	}
}
