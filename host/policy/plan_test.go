package policy

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestContainsLowerASCII(t *testing.T) {
	ascii := rapid.StringOfN(rapid.SampledFrom([]rune("aAbBzZ09 -_\x7f")), 0, 20, -1)
	rapid.Check(t, func(t *rapid.T) {
		s, n := ascii.Draw(t, "s"), ascii.Draw(t, "n")
		if got, want := containsLowerASCII(s, n), strings.Contains(strings.ToLower(s), n); got != want {
			t.Fatalf("containsLowerASCII(%q, %q) = %v, want %v", s, n, got, want)
		}
	})
	if containsLowerASCII("CAFE", "café") {
		t.Error("a non-ASCII needle matched ASCII text")
	}
}

func TestASCIIHelpers(t *testing.T) {
	str := rapid.StringOfN(rapid.SampledFrom([]rune("aAzZ@[`{ é\u0301\u00e9")), 0, 40, -1)
	rapid.Check(t, func(t *rapid.T) {
		s := str.Draw(t, "s")
		wantASCII := true
		for _, r := range s {
			if r >= 0x80 {
				wantASCII = false
			}
		}
		if isASCII(s) != wantASCII {
			t.Fatalf("isASCII(%q) = %v", s, !wantASCII)
		}
		if wantASCII {
			if got := asciiCase(s, 'A', 'Z'); got != strings.ToLower(s) {
				t.Fatalf("asciiCase lower(%q) = %q", s, got)
			}
			if got := asciiCase(s, 'a', 'z'); got != strings.ToUpper(s) {
				t.Fatalf("asciiCase upper(%q) = %q", s, got)
			}
		}
	})
}

// TestPlansCoverTheCommonCases pins which expressions run natively, so a
// change that silently sends them back to HCL (ten times slower) fails.
func TestPlansCoverTheCommonCases(t *testing.T) {
	planned := []string{
		`span.kind == "tool_result" && span.meta.tool == "read"`,
		`regex("FAIL|panic:", span.text)`,
		`contains(lower(span.text), "do not") || contains(span.tags, "constraint")`,
		`!startswith(span.text, "Plan") && endswith(upper(span.id), "X")`,
		`span.tokens > 500 && span.recency >= 0.5 && context.turn != 3`,
		`span.age < 20 && span.tokens * 2 > 10`, // the product is an HCL leaf inside a plan
	}
	for _, m := range planned {
		p := mustParse(t, policyWith("top_k = 1\n category \"c\" {\n match = "+m+"\n cap = 1\n score = span.recency\n }"))
		if p.Categories[0].matchPlan == nil {
			t.Errorf("match %s is not planned", m)
		}
		if p.Categories[0].scorePlan == nil {
			t.Errorf("score span.recency is not planned")
		}
	}
	// Numbers a float64 does not hold exactly stay with HCL.
	p := mustParse(t, policyWith("top_k = 1\n category \"c\" {\n match = true\n cap = 1\n score = 0.1\n }"))
	if p.Categories[0].scorePlan != nil {
		t.Error("score 0.1 was planned as a float64")
	}
}
