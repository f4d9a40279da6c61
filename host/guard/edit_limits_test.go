package guard

import (
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/policy"
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

// TestPolicyEvaluationPastEvalTimeout: an evaluation that passes
// eval_timeout refuses the edit invalid_policy naming the limit (a
// negative timeout has passed before the first span, so the test does not
// depend on the machine's speed); a selection under the active policy is
// refused unbounded_scores naming it too; and nothing changed.
func TestPolicyEvaluationPastEvalTimeout(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", migration...)
	if _, err := f.g.PhaseSignal(f.ctx, tenant, "s", ""); err != nil {
		t.Fatal(err)
	}
	lim := policy.DefaultLimits()
	lim.EvalTimeout = -1
	f.g.set.PolicyLimits = lim
	hcl := "policy \"p\" {\n  top_k = 3\n  category \"c\" {\n    match = span.kind == \"user\"\n    cap = 100\n    score = 1\n  }\n}\n"
	d, err := f.g.EditPolicy(f.ctx, tenant, "s", EditRequest{PolicyHCL: hcl, Signal: "latest"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Reason != ReasonInvalidPolicy || !strings.Contains(strings.Join(d.Diagnostics, " "), "eval_timeout") {
		t.Fatalf("edit: got %s %q %v, want invalid_policy naming eval_timeout", d.Reason, d.Message, d.Diagnostics)
	}
	d, err = f.g.Select(f.ctx, tenant, "s", SelectionRequest{Summary: "older output trimmed"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Reason != ReasonUnboundedScores || !strings.Contains(d.Message, "eval_timeout") {
		t.Fatalf("selection: got %s %q, want unbounded_scores naming eval_timeout", d.Reason, d.Message)
	}
	st, err := f.g.State(f.ctx, tenant, "s")
	if err != nil {
		t.Fatalf("the guard stopped answering: %v", err)
	}
	if st.Policy != "explore" {
		t.Fatalf("active policy %q, want explore unchanged", st.Policy)
	}
}

// TestPathologicalPluginProposalIsAnInvalidPolicy: a policy plugin's
// proposal goes through the same pre-scan as a tenant's text: each shape
// that overflowed the parser's stack, and one too costly to evaluate, is
// refused invalid_policy naming its limit, and the guard keeps answering.
func TestPathologicalPluginProposalIsAnInvalidPolicy(t *testing.T) {
	wrap := func(expr string) string {
		return "policy \"p\" {\n  top_k = 3\n  category \"c\" {\n    match = " + expr + "\n    cap = 100\n    score = 1\n  }\n}\n"
	}
	for _, tc := range []struct{ name, hcl, limit string }{
		{"100,000 parentheses", wrap(strings.Repeat("(", 100000) + "true" + strings.Repeat(")", 100000)), "max_bytes"},
		{"5,000 parentheses", wrap(strings.Repeat("(", 5000) + "true" + strings.Repeat(")", 5000)), "max_depth"},
		{"a thousand !", wrap(strings.Repeat("!", 1000) + "true"), "max_unary_run"},
		{"a for within a for", wrap("length([for a in span.meta : [for b in span.meta : a]]) > 0"), "max_span_steps"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.pol.hcl = tc.hcl
			f.session(t, "s", migration...)
			if _, err := f.g.PhaseSignal(f.ctx, tenant, "s", ""); err != nil {
				t.Fatal(err)
			}
			d, err := f.g.EditPolicy(f.ctx, tenant, "s", EditRequest{Signal: "latest"})
			if err != nil {
				t.Fatal(err)
			}
			if d.Reason != ReasonInvalidPolicy || !strings.Contains(strings.Join(d.Diagnostics, " "), "("+tc.limit+")") {
				t.Fatalf("got %s %q %v, want invalid_policy naming %s", d.Reason, d.Message, d.Diagnostics, tc.limit)
			}
			if _, err := f.g.State(f.ctx, tenant, "s"); err != nil {
				t.Fatalf("the guard stopped answering: %v", err)
			}
		})
	}
}
