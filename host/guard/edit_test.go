package guard

import (
	"fmt"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/policy"

	"github.com/compactguard/compactguard/sdk"
)

// reads appends n tool results of about 100 tokens each.
func reads(n int, from int) []sdk.Span {
	var out []sdk.Span
	for i := 0; i < n; i++ {
		out = append(out, span(fmt.Sprintf("r%d", from+i), "tool_result", strings.Repeat(fmt.Sprintf("line %d of the file ", i), 20)))
	}
	return out
}

func TestPolicyEdits(t *testing.T) {
	type step struct {
		do     string // "signal", "append", "edit:NAME", "hcl:TEXT", "budget:N:CRED", "compact"
		signal string
		reason string
	}
	tests := []struct {
		name  string
		steps []step
		final string // active policy at the end
	}{
		{"structural over budget then verified after raise", []step{
			{do: "signal", reason: ReasonFrozen},
			{do: "edit:wide", reason: ReasonOverBudget},
			{do: "budget:100000:wrong", reason: ReasonUnauthorized},
			{do: "budget:100000:s3cret", reason: ReasonBudgetChanged},
			{do: "edit:wide", reason: ReasonBoundVerified},
		}, "wide@2"},
		{"score only", []step{
			{do: "signal", reason: ReasonFrozen},
			{do: "edit:explore_rescored", reason: ReasonScoreOnlyEdit},
		}, "explore_rescored@2"},
		{"unbounded scores", []step{
			{do: "signal", reason: ReasonFrozen},
			{do: "hcl:" + policyHCL("explore", "10", "span.tokens", ""), reason: ReasonUnboundedScores},
		}, "explore@1"},
		// A top_k that follows the context is structural: the caps still
		// bound it, and the union bound is checked on the current view.
		{"top_k not constant is structural", []step{
			{do: "signal", reason: ReasonFrozen},
			{do: "hcl:" + policyHCL("explore", "context.turn", "1 - span.recency", ""), reason: ReasonBoundVerified},
		}, "explore@2"},
		{"stale signal", []step{
			{do: "signal", reason: ReasonFrozen},
			{do: "append"},
			{do: "edit:explore_rescored", reason: ReasonStalePhaseSignal},
		}, "explore@1"},
		{"no signal", []step{
			{do: "edit:explore_rescored", reason: ReasonStalePhaseSignal},
		}, "explore@1"},
		{"cites an old signal by id", []step{
			{do: "signal", reason: ReasonFrozen},
			{do: "append"},
			{do: "signal", reason: ReasonFrozen},
			{do: "edit:explore_rescored", signal: "1", reason: ReasonStalePhaseSignal},
			{do: "edit:explore_rescored", signal: "2", reason: ReasonScoreOnlyEdit},
		}, "explore_rescored@2"},
		{"carries a budget", []step{
			{do: "signal", reason: ReasonFrozen},
			{do: "hcl:" + policyHCL("roomy", "10", "span.recency", "budget = 64000"), reason: ReasonBudgetRequiresAuthority},
		}, "explore@1"},
		{"invalid hcl", []step{
			{do: "signal", reason: ReasonFrozen},
			{do: `hcl:policy "x" { top_k = `, reason: ReasonInvalidPolicy},
		}, "explore@1"},
		// A signal that let the phase stand does not reset the rule: the
		// compaction after it still cannot tip the phase, however often
		// the controller asks.
		{"compaction after a standing signal", []step{
			{do: "signal:synthesis", reason: ReasonFrozen},
			{do: "append"},
			{do: "signal:synthesis", reason: ReasonFrozen},
			{do: "compact"},
			{do: "signal:exploration", reason: ReasonSignalFromCompaction},
			{do: "signal:exploration", reason: ReasonSignalFromCompaction},
			{do: "append"},
			{do: "signal:exploration", reason: ReasonFrozen},
		}, "explore@1"},
		{"signal from compaction output", []step{
			{do: "signal:synthesis", reason: ReasonFrozen},
			{do: "compact"},
			{do: "signal:exploration", reason: ReasonSignalFromCompaction},
			{do: "edit:explore_rescored", reason: ReasonSignalFromCompaction},
			{do: "append"},
			{do: "signal:exploration", reason: ReasonFrozen},
			{do: "edit:explore_rescored", reason: ReasonScoreOnlyEdit},
		}, "explore_rescored@2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.session(t, "s", append([]sdk.Span{span("u1", "user", "Refactor the parser.")}, reads(20, 0)...)...)
			next := 100
			for i, st := range tt.steps {
				var d *Decision
				var err error
				switch {
				case st.do == "signal":
					d, err = f.g.PhaseSignal(f.ctx, tenant, "s", "")
				case st.do == "signal:synthesis":
					f.pol.scores = map[string]float64{"exploration": 0.1, "synthesis": 0.9}
					d, err = f.g.PhaseSignal(f.ctx, tenant, "s", "")
				case st.do == "signal:exploration":
					f.pol.scores = map[string]float64{"exploration": 0.9, "synthesis": 0.1}
					d, err = f.g.PhaseSignal(f.ctx, tenant, "s", "")
				case st.do == "append":
					_, err = f.g.Append(f.ctx, tenant, "s", reads(1, next))
					next++
				case st.do == "compact":
					d, err = f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: []string{"r0", "r1"}, Summary: "read two files"})
				case strings.HasPrefix(st.do, "edit:"):
					d, err = f.g.EditPolicy(f.ctx, tenant, "s", EditRequest{Policy: strings.TrimPrefix(st.do, "edit:"), Signal: st.signal})
				case strings.HasPrefix(st.do, "hcl:"):
					d, err = f.g.EditPolicy(f.ctx, tenant, "s", EditRequest{PolicyHCL: strings.TrimPrefix(st.do, "hcl:"), Signal: st.signal})
				case strings.HasPrefix(st.do, "budget:"):
					var n int
					var cred string
					fmt.Sscanf(strings.ReplaceAll(strings.TrimPrefix(st.do, "budget:"), ":", " "), "%d %s", &n, &cred)
					d, err = f.g.ChangeBudget(f.ctx, tenant, "s", BudgetRequest{Tokens: n, Authority: "admin", Credential: cred})
				}
				if err != nil {
					t.Fatalf("step %d (%s): %v", i, st.do, err)
				}
				if st.reason != "" && (d == nil || d.Reason != st.reason) {
					t.Fatalf("step %d (%s): got %s (%s), want %s", i, st.do, d.Reason, d.Message, st.reason)
				}
			}
			state, _ := f.g.State(f.ctx, tenant, "s")
			if got := fmt.Sprintf("%s@%d", state.Policy, state.PolicyVersion); got != tt.final {
				t.Errorf("active policy %s, want %s", got, tt.final)
			}
		})
	}
}

func TestOverBudgetDecisionFields(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", reads(20, 0)...)
	if _, err := f.g.PhaseSignal(f.ctx, tenant, "s", ""); err != nil {
		t.Fatal(err)
	}
	d, err := f.g.EditPolicy(f.ctx, tenant, "s", EditRequest{Policy: "wide"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Reason != ReasonOverBudget || d.EditKind != "structural" || *d.WorstCaseTokens <= 1000 ||
		*d.BudgetTokens != 1000 || *d.ExcessTokens != *d.WorstCaseTokens-1000 || d.ActivePolicy != "explore@1" {
		t.Fatalf("decision %+v", d)
	}
	st, _ := f.g.State(f.ctx, tenant, "s")
	if len(st.Proposals) != 1 || st.Proposals[0].Name != "wide" {
		t.Fatalf("rejected proposal not kept: %+v", st.Proposals)
	}
}

func TestPhaseHysteresis(t *testing.T) {
	enter, exit := 0.7, 0.5
	phases := []Phase{{Name: "exploration", Policy: "e"}, {Name: "synthesis", Policy: "s", EnterAbove: &enter, ExitBelow: &exit}}
	tests := []struct {
		cur    string
		scores map[string]float64
		want   string
	}{
		{"exploration", map[string]float64{"exploration": 0.4, "synthesis": 0.65}, "exploration"},
		{"exploration", map[string]float64{"exploration": 0.4, "synthesis": 0.75}, "synthesis"},
		{"synthesis", map[string]float64{"exploration": 0.6, "synthesis": 0.55}, "synthesis"},
		{"synthesis", map[string]float64{"exploration": 0.6, "synthesis": 0.45}, "exploration"},
		{"exploration", map[string]float64{"exploration": 0.8, "synthesis": 0.75}, "exploration"},
	}
	for _, tt := range tests {
		if got := nextPhase(phases, tt.cur, tt.scores); got != tt.want {
			t.Errorf("nextPhase(%s, %v) = %s, want %s", tt.cur, tt.scores, got, tt.want)
		}
	}
}

func TestSelectionNeverOverBudget(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", reads(20, 0)...)
	d, err := f.g.Select(f.ctx, tenant, "s", SelectionRequest{Summary: "read twenty files"})
	if err != nil {
		t.Fatal(err)
	}
	if !*d.Allowed {
		t.Fatalf("selection refused: %s %s", d.Reason, d.Message)
	}
	st, _ := f.g.State(f.ctx, tenant, "s")
	if st.LiveTokens > st.Budget {
		t.Fatalf("live view %d over budget %d", st.LiveTokens, st.Budget)
	}
	// A budget cut below what is retained: the next selection is refused, not clipped.
	if _, err := f.g.ChangeBudget(f.ctx, tenant, "s", BudgetRequest{Tokens: 50, Authority: "admin", Credential: "s3cret"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.g.Append(f.ctx, tenant, "s", reads(3, 50)); err != nil {
		t.Fatal(err)
	}
	d, err = f.g.Select(f.ctx, tenant, "s", SelectionRequest{Summary: "more"})
	if err != nil {
		t.Fatal(err)
	}
	if *d.Allowed || d.Reason != ReasonOverBudget {
		t.Fatalf("got %s, want an explicit over_budget refusal", d.Reason)
	}
}

// policyHCL writes a one-category policy over tool results.
func policyHCL(name, topK, score, extra string) string {
	return fmt.Sprintf(`policy %q {
  %s
  top_k = %s
  category "reads" {
    match = span.kind == "tool_result"
    cap   = 200
    score = %s
  }
}
`, name, extra, topK, score)
}

// TestBadPolicyFromPluginNamesThePlugin: a plugin's unparseable proposal
// is refused with diagnostics that name the plugin, and nothing applies.
func TestBadPolicyFromPluginNamesThePlugin(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", reads(3, 0)...)
	f.pol.hcl = "policy \"x\" {\n  top_k = \n}\n"
	if _, err := f.g.PhaseSignal(f.ctx, tenant, "s", ""); err != nil {
		t.Fatal(err)
	}
	d, err := f.g.EditPolicy(f.ctx, tenant, "s", EditRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Reason != ReasonInvalidPolicy || len(d.Diagnostics) == 0 || !strings.Contains(d.Diagnostics[0], "plugin policy.policy:2:") {
		t.Fatalf("got %s %v", d.Reason, d.Diagnostics)
	}
	st, _ := f.g.State(f.ctx, tenant, "s")
	if st.Policy != "explore" || st.PolicyVersion != 1 {
		t.Fatalf("a bad proposal changed the active policy to %s@%d", st.Policy, st.PolicyVersion)
	}
}

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
