package policy

import (
	"strings"
	"testing"
)

// TestPathologicalPolicyTextIsRefusedBeforeParsing pins the pre-scan: each
// of these overflowed the HCL parser's stack (a fatal error) or ran for
// minutes; now each is one diagnostic naming the limit, and the parser
// never sees it.
func TestPathologicalPolicyTextIsRefusedBeforeParsing(t *testing.T) {
	wrap := func(expr string) string {
		return "policy \"p\" {\n  top_k = 3\n  category \"c\" {\n    match = " + expr + "\n    cap = 100\n    score = 1\n  }\n}\n"
	}
	tests := []struct {
		name, src, summary string
	}{
		{"100,000 nested parentheses", wrap(strings.Repeat("(", 100000) + "true" + strings.Repeat(")", 100000)), "Policy text too large"},
		{"10,000 nested parentheses", wrap(strings.Repeat("(", 10000) + "true" + strings.Repeat(")", 10000)), "Policy nested too deeply"},
		{"a million !", wrap(strings.Repeat("!", 1000000) + "true"), "Policy text too large"},
		{"a thousand !", wrap(strings.Repeat("!", 1000) + "true"), "Too many unary operators in a row"},
		{"50,000 nested conditionals", wrap(strings.Repeat("true ? ", 50000) + "true" + strings.Repeat(" : false", 50000)), "Policy text too large"},
		{"5,000 nested conditionals", wrap(strings.Repeat("true?", 5000) + "true" + strings.Repeat(":false", 5000)), "Policy nested too deeply"},
		{"a million-element list", wrap("contains([" + strings.Repeat("1,", 1000000) + "1], 1)"), "Policy text too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := Parse([]byte(tt.src), "policy_hcl")
			if !diags.HasErrors() || diags[0].Summary != tt.summary || diags[0].Subject == nil || diags[0].Subject.Filename != "policy_hcl" {
				t.Fatalf("diagnostics %v, want %q naming policy_hcl", diags, tt.summary)
			}
		})
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
