package policy

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// wrapMatch is a one-category policy whose match is expr.
func wrapMatch(expr string) string {
	return "policy \"p\" {\n  top_k = 3\n  category \"c\" {\n    match = " + expr + "\n    cap = 100\n    score = 1\n  }\n}\n"
}

// TestPathologicalPolicyTextIsRefusedBeforeParsing pins the pre-scan: each
// of these overflowed the HCL parser's stack (a fatal error) or ran for
// minutes; now each is one diagnostic naming the limit, and the parser
// never sees it.
func TestPathologicalPolicyTextIsRefusedBeforeParsing(t *testing.T) {
	tests := []struct {
		name, src, summary, limit string
	}{
		{"100,000 nested parentheses", wrapMatch(strings.Repeat("(", 100000) + "true" + strings.Repeat(")", 100000)), "Policy text too large", "max_bytes"},
		{"10,000 nested parentheses", wrapMatch(strings.Repeat("(", 10000) + "true" + strings.Repeat(")", 10000)), "Policy nested too deeply", "max_depth"},
		{"a million !", wrapMatch(strings.Repeat("!", 1000000) + "true"), "Policy text too large", "max_bytes"},
		{"a thousand !", wrapMatch(strings.Repeat("!", 1000) + "true"), "Too many unary operators in a row", "max_unary_run"},
		{"! between comments", wrapMatch(strings.Repeat("! /* x */\n", 100) + "true"), "Too many unary operators in a row", "max_unary_run"},
		{"50,000 nested conditionals", wrapMatch(strings.Repeat("true ? ", 50000) + "true" + strings.Repeat(" : false", 50000)), "Policy text too large", "max_bytes"},
		{"5,000 nested conditionals", wrapMatch(strings.Repeat("true?", 5000) + "true" + strings.Repeat(":false", 5000)), "Policy nested too deeply", "max_depth"},
		{"a chain of 1,000 conditionals", wrapMatch(strings.Repeat("true ? true : ", 1000) + "false"), "Too many conditionals in the policy", "max_conditionals"},
		{"a million-element list", wrapMatch("contains([" + strings.Repeat("1,", 1000000) + "1], 1)"), "Policy text too large", "max_bytes"},
		{"a 10,000-element list", wrapMatch("contains([" + strings.Repeat("1,", 10000) + "1], 1)"), "Policy has too many expressions", "max_expressions"},
		// A string is no hiding place: its interpolations are code, and
		// the parser recurses into them.
		{"parentheses inside an interpolation", wrapMatch(`"${` + strings.Repeat("(", 1000) + "true" + strings.Repeat(")", 1000) + `}" == "true"`), "Policy nested too deeply", "max_depth"},
		{"strings nested in interpolations", wrapMatch(strings.Repeat(`"${`, 100) + "1" + strings.Repeat(`}"`, 100) + ` == "1"`), "Policy nested too deeply", "max_depth"},
		{"parentheses inside a heredoc's interpolation", wrapMatch("<<EOT\n${" + strings.Repeat("(", 1000) + "1" + strings.Repeat(")", 1000) + "}\nEOT\n == \"1\""), "Policy nested too deeply", "max_depth"},
		{"nested template directives", wrapMatch(`"` + strings.Repeat("%{if true}", 300) + "x" + strings.Repeat("%{endif}", 300) + `" == "x"`), "Too many conditionals in the policy", "max_conditionals"},
		{"a quote in a heredoc does not open a string", wrapMatch("<<EOT\n\"\nEOT\n == \"\" && " + strings.Repeat("(", 100) + "true" + strings.Repeat(")", 100)), "Policy nested too deeply", "max_depth"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := Parse([]byte(tt.src), "policy_hcl")
			if !diags.HasErrors() || diags[0].Summary != tt.summary || diags[0].Subject == nil || diags[0].Subject.Filename != "policy_hcl" {
				t.Fatalf("diagnostics %v, want %q naming policy_hcl", diags, tt.summary)
			}
			if !strings.Contains(diags[0].Detail, "("+tt.limit+")") {
				t.Fatalf("detail %q does not name the limit %s", diags[0].Detail, tt.limit)
			}
		})
	}
}

// TestBracketsInStringsAndCommentsNestNothing: the scan reads strings,
// heredocs and comments as the parser does, so a regex full of brackets
// is not nesting.
func TestBracketsInStringsAndCommentsNestNothing(t *testing.T) {
	parens := strings.Repeat("(", 200)
	for _, src := range []string{
		wrapMatch(`startswith(span.text, "` + parens + `")`),
		wrapMatch(`startswith(span.text, "` + strings.Repeat("!", 200) + `")`),
		wrapMatch("startswith(span.text, <<EOT\n" + parens + "\nEOT\n)"),
		"# " + parens + "\n" + wrapMatch("true /* "+parens+" */"),
	} {
		if _, diags := Parse([]byte(src), "policy_hcl"); diags.HasErrors() {
			t.Errorf("refused %q: %v", src[:min(len(src), 120)], diags)
		}
	}
}

// TestPolicyCostIsBoundedAtParse: a policy within the text limits may
// still cost too much per span; the cost is derived when it is parsed.
func TestPolicyCostIsBoundedAtParse(t *testing.T) {
	list := func(n int) string { return "[" + strings.Repeat("1,", n-1) + "1]" }
	tests := []struct {
		name, src, summary, limit string
		lim                       Limits
	}{
		{"nested for over literal lists", wrapMatch("length([for a in " + list(200) + " : [for b in " + list(200) + " : a]]) > 0"), "Policy too costly to evaluate", "max_span_steps", DefaultLimits()},
		{"nested for over span.meta", wrapMatch("length([for a in span.meta : [for b in span.meta : a]]) > 0"), "Policy too costly to evaluate", "max_span_steps", DefaultLimits()},
		{"contains over a long list, many times", wrapMatch(strings.Repeat("contains("+list(800)+", span.tokens) || ", 70) + "false"), "Policy too costly to evaluate", "max_span_steps", Limits{MaxCollection: DefaultMaxCollection, MaxSpanSteps: DefaultMaxSpanSteps}},
		// With the text limits off, the collection and step limits still
		// refuse a long list, before the policy is decoded (decoding a
		// million-element list took a minute).
		{"a 100,000-element list with the text limits off", wrapMatch("contains(" + list(100000) + ", span.tokens)"), "Collection too large", "max_collection", Limits{MaxCollection: DefaultMaxCollection, MaxSpanSteps: DefaultMaxSpanSteps}},
		{"a 100,000-element list with only the step budget", wrapMatch("contains(" + list(100000) + ", span.tokens)"), "Policy too costly to evaluate", "max_span_steps", Limits{MaxSpanSteps: DefaultMaxSpanSteps}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := ParseWithLimits([]byte(tt.src), "policy_hcl", tt.lim)
			if !diags.HasErrors() || diags[0].Summary != tt.summary || !strings.Contains(diags[0].Detail, "("+tt.limit+")") {
				t.Fatalf("diagnostics %v, want %q naming %s", diags, tt.summary, tt.limit)
			}
		})
	}
}

// TestShippedPoliciesPassTheDefaultLimits: every policy block of the
// repository's and the examples' policies.hcl parses as policy text under
// DefaultLimits, far inside each limit, so the defaults refuse no policy
// a person writes.
func TestShippedPoliciesPassTheDefaultLimits(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*/policies.hcl")
	files = append(files, "../../policies.hcl")
	n := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, diags := hclsyntax.ParseConfig(src, path, hcl.InitialPos)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", path, diags)
		}
		for _, blk := range f.Body.(*hclsyntax.Body).Blocks {
			if blk.Type != "policy" {
				continue
			}
			n++
			text := src[blk.DefRange().Start.Byte:blk.Body.SrcRange.End.Byte]
			// A tenth of each limit: a shipped policy is nowhere near one.
			tight := DefaultLimits()
			tight.MaxBytes, tight.MaxExpressions, tight.MaxSpanSteps = tight.MaxBytes/10, tight.MaxExpressions/10, tight.MaxSpanSteps/10
			if _, diags := ParseWithLimits(text, path, tight); diags.HasErrors() {
				t.Errorf("%s: policy %q: %v", path, blk.Labels[0], diags)
			}
		}
	}
	if n < 4 {
		t.Fatalf("found %d policy blocks; the files moved?", n)
	}
}

// TestEvaluationStopsAtTheDeadline: a done context stops WorstCase,
// Select and CheckScores with ErrDeadline, never a partial answer.
func TestEvaluationStopsAtTheDeadline(t *testing.T) {
	p := mustParse(t, wrapMatch(`regex("FAIL", span.text)`))
	view := make([]Span, 5000)
	for i := range view {
		view[i] = Span{ID: "s" + strconv.Itoa(i), Kind: "user", Text: "FAIL", Tokens: 1}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.WorstCaseContext(ctx, view, Context{}); !errors.Is(err, ErrDeadline) {
		t.Errorf("WorstCaseContext: %v, want ErrDeadline", err)
	}
	if _, err := p.SelectContext(ctx, view, Context{}); !errors.Is(err, ErrDeadline) {
		t.Errorf("SelectContext: %v, want ErrDeadline", err)
	}
	if err := p.CheckScoresContext(ctx, view, Context{}); !errors.Is(err, ErrDeadline) {
		t.Errorf("CheckScoresContext: %v, want ErrDeadline", err)
	}
	if b, err := p.WorstCaseContext(context.Background(), view, Context{}); err != nil || b.WorstCase != 3 {
		t.Errorf("with time to spare: %+v, %v", b, err)
	}
}

func TestOrdinaryPolicyTextPassesTheLimits(t *testing.T) {
	src := `# ---------------------------------------------- a comment line --
policy "explore" {
  top_k = 40
  category "recent_reads" {
    match = span.kind == "tool_result" && span.meta.tool != "bash" && !(span.tokens > 4000)
    cap   = 12000
    score = span.recency > 0.5 ? 1 : span.recency // "!!!!!!!!!!!!!!!!!!" in a comment
  }
}
`
	if diags := CheckLimits([]byte(src), "policies.hcl", DefaultLimits()); diags.HasErrors() {
		t.Fatalf("an ordinary policy was refused: %v", diags)
	}
}
