package guard

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/sdk"
)

// The reasons a policy edit decision gives (invariant 2). A selection
// (selection.go) refuses with over_budget and unbounded_scores too: it
// applies the active policy under the same budget. The signal an edit
// cites is judged by invariant 3 (phase.go), a budget it carries by
// invariant 4 (budget.go).
const (
	ReasonScoreOnlyEdit   = "score_only_edit"
	ReasonBoundVerified   = "bound_verified"
	ReasonOverBudget      = "over_budget"
	ReasonUnboundedScores = "unbounded_scores"
	ReasonInvalidPolicy   = "invalid_policy"
)

// EditRequest proposes a new retention policy. Exactly one of Policy (a
// policy configured in policies.hcl) and PolicyHCL (a policy block in HCL)
// may be set; with neither, the policy plugin is asked for a proposal for
// the cited signal's phase.
type EditRequest struct {
	Policy    string
	PolicyHCL string
	// Signal cites the frozen phase signal that justifies the edit: its id
	// ("3") or "latest" (the default).
	Signal string
	// Source labels who proposed the edit, for messages (e.g. "controller").
	Source    string
	RequestID string
}

// EditPolicy decides on a policy edit (invariant 2, with the signal rules
// of invariant 3 and the budget rule of invariant 4). An accepted edit
// becomes the active policy; a rejected one is kept as a proposal and the
// last verified policy stays active. Nothing is ever clipped to fit.
func (g *Guard) EditPolicy(ctx context.Context, tenant, session string, req EditRequest) (*Decision, error) {
	if req.Policy != "" && req.PolicyHCL != "" {
		return nil, inputErr("policy", "give either policy or policy_hcl, not both")
	}
	if req.Policy != "" && g.set.Policies[req.Policy] == nil {
		return nil, inputErr("policy", "no policy %q in the configuration (known: %s)", req.Policy, strings.Join(g.policyNames(), ", "))
	}
	if req.Signal != "" && req.Signal != "latest" {
		if n, err := strconv.Atoi(req.Signal); err != nil || n < 1 {
			return nil, inputErr("signal", "must be \"latest\" or a signal id (a positive integer), got %q", req.Signal)
		}
	}
	digest := requestDigest(TypePolicyEdit, struct{ Policy, PolicyHCL, Signal string }{req.Policy, req.PolicyHCL, orLatest(req.Signal)})
	return g.decide(ctx, tenant, session, req.RequestID, digest, func(ctx context.Context, tx ledger.Tx, st *ledger.State) (*Decision, error) {
		d, err := g.decideEdit(ctx, tx, st, req)
		if err != nil || *d.Accepted || d.ProposedPolicy == "" {
			return d, err
		}
		// A rejected proposal is kept beside the decision that rejected it
		// (the next seq: decide records d right after this).
		last, err := tx.LastDecisionSeq()
		if err != nil {
			return nil, err
		}
		st.Proposals = append(st.Proposals, ledger.Proposal{Name: d.ProposedPolicy, Source: d.proposalSource, Reason: d.Reason, Seq: last + 1})
		if len(st.Proposals) > 50 {
			st.Proposals = st.Proposals[len(st.Proposals)-50:]
		}
		return d, nil
	})
}

func (g *Guard) policyNames() []string {
	var out []string
	for _, p := range g.set.Phases {
		out = append(out, p.Policy)
	}
	for n := range g.set.Policies {
		out = append(out, n)
	}
	return uniqSorted(out)
}

func (g *Guard) decideEdit(ctx context.Context, tx ledger.Tx, st *ledger.State, req EditRequest) (*Decision, error) {
	d := &Decision{Type: TypePolicyEdit, ActivePolicy: fmt.Sprintf("%s@%d", st.Policy, st.PolicyVersion)}
	reject := func(reason, msg string) (*Decision, error) {
		d.Accepted, d.Reason, d.Message = ptr(false), reason, msg
		return d, nil
	}

	// The signal comes first: an edit justified by nothing current is
	// stale whatever it proposes.
	sig := citedSignal(st.Signals, req.Signal)
	if sig != nil {
		d.Signal, d.Phase = sig.ID, sig.Phase
	}

	// The proposal: a configured policy, HCL text, or the policy plugin's.
	var prop *policy.Policy
	var diags hcl.Diagnostics
	switch {
	case req.Policy != "":
		prop = g.set.Policies[req.Policy]
	case req.PolicyHCL != "":
		var err error
		prop, diags, err = g.parsePolicy(ctx, []byte(req.PolicyHCL), "policy_hcl", g.policyLimits())
		if err != nil {
			return nil, err
		}
		d.proposalSource = req.PolicyHCL
	default:
		if g.policy == nil {
			return nil, &InputError{Field: "policy", Msg: "no policy given and " + ErrNoPolicyPlugin.Error()}
		}
		if refuseUnsignalled(d, sig) {
			return d, nil
		}
		var err error
		prop, diags, err = g.askProposal(ctx, st, sig)
		if err != nil {
			dd, perr := g.pluginRefusal(d, err)
			if perr != nil {
				return nil, perr
			}
			dd.Allowed, dd.Accepted = nil, ptr(false)
			return dd, nil
		}
		if prop != nil && d.proposalSource == "" && g.set.Policies[prop.Name] != prop {
			d.proposalSource = string(prop.Source)
		}
	}
	if prop != nil {
		d.ProposedPolicy = prop.Name
		if g.refuseBudgetEdit(d, prop) {
			return d, nil
		}
	}
	if diags.HasErrors() || prop == nil {
		for _, dg := range diags {
			d.Diagnostics = append(d.Diagnostics, diagString(dg))
		}
		return reject(ReasonInvalidPolicy, "the proposed policy does not parse: nothing applied")
	}

	if refuseSignal(d, sig, req.Signal, st.Version) {
		return d, nil
	}

	active, view, err := g.activeOnView(ctx, tx, *st)
	if err != nil {
		return nil, err
	}
	kind := policy.Classify(active, prop)
	d.EditKind = string(kind)
	d.BudgetTokens = ptr(st.Budget)
	// Evaluated outside the store update (evalPolicy, view.go), each evaluation
	// bounded by eval_timeout: past it the proposal is refused
	// invalid_policy, naming the limit.
	ev, err := g.evalEdit(ctx, prop, kind, view, *st)
	if err != nil {
		return nil, err
	}
	tooSlow := func(err error) (bool, *Decision, error) {
		msg, hard, ok := g.evalDeadline(ctx, fmt.Sprintf("policy %q", prop.Name), err)
		if !ok {
			return false, nil, nil
		}
		if hard != nil {
			return true, nil, hard
		}
		d.Diagnostics = append(d.Diagnostics, msg)
		dd, _ := reject(ReasonInvalidPolicy, "the proposed policy is too costly to evaluate: "+msg+"; nothing applied")
		return true, dd, nil
	}

	if kind != policy.EditStructural {
		if err := ev.scoresErr; err != nil {
			if ok, dd, hard := tooSlow(err); ok {
				return dd, hard
			}
			return reject(ReasonUnboundedScores, fmt.Sprintf("score-only edit rejected: %v", err))
		}
		g.accept(st, prop, d)
		d.Reason = ReasonScoreOnlyEdit
		d.Message = fmt.Sprintf("score-only edit accepted on phase fit: %s is active", d.ActivePolicy)
		return d, nil
	}
	bound, err := ev.bound, ev.boundErr
	if err != nil {
		if ok, dd, hard := tooSlow(err); ok {
			return dd, hard
		}
		return reject(ReasonUnboundedScores, fmt.Sprintf("the bound of %q cannot be derived on the current view: %v", prop.Name, err))
	}
	d.WorstCaseTokens = ptr(bound.WorstCase)
	if bound.WorstCase > st.Budget {
		d.ExcessTokens = ptr(bound.WorstCase - st.Budget)
		return reject(ReasonOverBudget, fmt.Sprintf("structural edit rejected, not clipped: %q could retain %d tokens on the current view (union over %d categories), budget %d, excess %d; %s stays active", prop.Name, bound.WorstCase, len(bound.PerCategory), st.Budget, bound.WorstCase-st.Budget, d.ActivePolicy))
	}
	if err := ev.scoresErr; err != nil && !errors.Is(err, policy.ErrTopKNotConstant) {
		if ok, dd, hard := tooSlow(err); ok {
			return dd, hard
		}
		return reject(ReasonUnboundedScores, fmt.Sprintf("structural edit rejected: %v", err))
	}
	g.accept(st, prop, d)
	d.Reason = ReasonBoundVerified
	d.Message = fmt.Sprintf("bound verified: worst case %d ≤ budget %d; %s is active", bound.WorstCase, st.Budget, d.ActivePolicy)
	return d, nil
}

func (g *Guard) accept(st *ledger.State, p *policy.Policy, d *Decision) {
	st.Policy, st.PolicyVersion = p.Name, st.PolicyVersion+1
	st.PolicySource = ""
	if g.set.Policies[p.Name] != p {
		st.PolicySource = string(p.Source)
	}
	d.Accepted = ptr(true)
	d.ActivePolicy = fmt.Sprintf("%s@%d", st.Policy, st.PolicyVersion)
}

func (g *Guard) askProposal(ctx context.Context, st *ledger.State, sig *ledger.Signal) (*policy.Policy, hcl.Diagnostics, error) {
	name := g.policy.label()
	resp, err := ask(ctx, g, *g.policy, "ProposePolicy", sdk.Policy.ProposePolicy, &sdk.ProposePolicyRequest{
		Phase: sig.Phase, Scores: sig.Scores, ActivePolicy: st.Policy,
		Phases: g.phaseInfos(), Policies: g.policyNames(),
	})
	if err != nil {
		return nil, nil, err
	}
	if err := resp.Diagnostics.Err(); err != nil {
		return nil, nil, &pluginError{plugin: name, err: err}
	}
	switch {
	case resp.PolicyHCL != "":
		return g.parsePolicy(ctx, []byte(resp.PolicyHCL), "plugin "+name, g.policyLimits())
	case resp.PolicyName != "":
		if p := g.set.Policies[resp.PolicyName]; p != nil {
			return p, nil, nil
		}
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: fmt.Sprintf("plugin %s proposed unknown policy %q", name, resp.PolicyName)}}, nil
	}
	return nil, nil, &outputError{plugin: name, msg: "proposal names no policy and carries no HCL"}
}

func diagString(d *hcl.Diagnostic) string {
	msg := d.Summary
	if d.Detail != "" {
		msg += ": " + d.Detail
	}
	if d.Subject != nil {
		return fmt.Sprintf("%s:%d:%d: %s", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column, msg)
	}
	return msg
}

// editEval is what a policy edit evaluates: the scores check and, for a
// structural edit, the worst case.
type editEval struct {
	scoresErr error
	bound     policy.Bound
	boundErr  error
}

// evalEdit evaluates a proposed policy for an edit of the given kind.
func (g *Guard) evalEdit(ctx context.Context, prop *policy.Policy, kind policy.EditKind, view []ledger.Record, st ledger.State) (editEval, error) {
	return evalPolicy(ctx, g, "edit/"+string(kind), prop, view, st, func(ectx context.Context, pv []policy.Span, pc policy.Context) editEval {
		var ev editEval
		if kind == policy.EditStructural {
			ev.bound, ev.boundErr = prop.WorstCaseContext(ectx, pv, pc)
			if ev.boundErr != nil {
				return ev
			}
		}
		ev.scoresErr = prop.CheckScoresContext(ectx, pv, pc)
		return ev
	})
}

func uniqSorted(xs []string) []string {
	out := uniq(xs)
	sort.Strings(out)
	return out
}
