package guard

import (
	"strings"
	"testing"
)

// TestPathologicalPolicyHCLIsAnInvalidPolicy: a tenant's policy_hcl that
// would overflow the HCL parser's stack (100,000 nested parentheses) is
// refused invalid_policy with a message naming the limit, and the guard
// keeps answering.
func TestPathologicalPolicyHCLIsAnInvalidPolicy(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", migration...)
	if _, err := f.g.PhaseSignal(f.ctx, tenant, "s", ""); err != nil {
		t.Fatal(err)
	}
	hcl := "policy \"p\" {\n  top_k = 3\n  category \"c\" {\n    match = " + strings.Repeat("(", 10000) + "true" + strings.Repeat(")", 10000) + "\n    cap = 100\n    score = 1\n  }\n}\n"
	d, err := f.g.EditPolicy(f.ctx, tenant, "s", EditRequest{PolicyHCL: hcl, Signal: "latest"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Reason != ReasonInvalidPolicy || !strings.Contains(d.Message+strings.Join(d.Diagnostics, " "), "nested too deeply") {
		t.Fatalf("got %s %q %v, want invalid_policy naming the nesting limit", d.Reason, d.Message, d.Diagnostics)
	}
	if _, err := f.g.State(f.ctx, tenant, "s"); err != nil {
		t.Fatalf("the guard stopped answering: %v", err)
	}
}
