package sdktest

import "testing"

// Without the host's parser the kit checks a proposed policy's shape only:
// HCL holding exactly one labelled policy block.
func TestDefaultPolicyParserChecksTheBlockShape(t *testing.T) {
	tests := []struct {
		name, src string
		ok        bool
	}{
		{"one block", `policy "narrow" { top_k = 5 }`, true},
		{"not HCL", `policy "narrow" {`, false},
		{"no label", `policy { top_k = 5 }`, false},
		{"two blocks", "policy \"a\" {}\npolicy \"b\" {}\n", false},
		{"another block", `phase "x" {}`, false},
		{"nothing", ``, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := policyBlock([]byte(tt.src), "proposal.hcl"); (err == nil) != tt.ok {
				t.Errorf("policyBlock(%q) = %v, want ok=%v", tt.src, err, tt.ok)
			}
		})
	}
}
