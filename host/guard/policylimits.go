package guard

import (
	"context"
	"errors"
	"fmt"

	"github.com/compactguard/compactguard/host/policy"
)

// policyLimits are the limits on policy text a tenant or the policy
// plugin proposes, and on evaluating any policy (Settings.PolicyLimits).
func (g *Guard) policyLimits() policy.Limits {
	if g.set.PolicyLimits == (policy.Limits{}) {
		return policy.DefaultLimits()
	}
	return g.set.PolicyLimits
}

// storedPolicyLimits are the limits a session's active policy is re-read
// under: the configured ones, each raised to at least its default. The
// text passed the limits when it was accepted; an operator who lowers a
// limit below its default must not strand the sessions whose active
// policy was accepted before, while text written into the store behind
// the guard's back still cannot reach the parser unbounded.
func (g *Guard) storedPolicyLimits() policy.Limits {
	l, d := g.policyLimits(), policy.DefaultLimits()
	l.MaxBytes, l.MaxDepth, l.MaxUnaryRun = max(l.MaxBytes, d.MaxBytes), max(l.MaxDepth, d.MaxDepth), max(l.MaxUnaryRun, d.MaxUnaryRun)
	l.MaxConditionals, l.MaxExpressions = max(l.MaxConditionals, d.MaxConditionals), max(l.MaxExpressions, d.MaxExpressions)
	l.MaxCollection, l.MaxSpanSteps = max(l.MaxCollection, d.MaxCollection), max(l.MaxSpanSteps, d.MaxSpanSteps)
	return l
}

// evalContext bounds one evaluation of a policy on a view by
// eval_timeout, inside the request's own deadline. A zero EvalTimeout is
// no limit of its own; a negative one has already passed.
func (g *Guard) evalContext(ctx context.Context) (context.Context, context.CancelFunc) {
	t := g.policyLimits().EvalTimeout
	if t == 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, t)
}

// evalDeadline tells an evaluation stopped by eval_timeout (a refusal:
// the message names the limit) from one stopped because the request
// itself ended (an error: nothing is decided, as for any timeout). ok is
// false when err is no deadline at all.
func (g *Guard) evalDeadline(ctx context.Context, what string, err error) (msg string, hard error, ok bool) {
	if !errors.Is(err, policy.ErrDeadline) {
		return "", nil, false
	}
	if cerr := ctx.Err(); cerr != nil {
		return "", fmt.Errorf("evaluating %s: %w", what, cerr), true
	}
	return fmt.Sprintf("evaluating %s on the current view took longer than %s, the limit on one evaluation (guard.policy_limits.eval_timeout)", what, g.policyLimits().EvalTimeout), nil, true
}
