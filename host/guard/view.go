package guard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/sdk"
	"github.com/hashicorp/hcl/v2"
)

// liveView returns the live view in ledger order: every record not
// covered by a later summary, as the store keeps it (one query; the
// state no longer holds the coverage).
func liveView(tx ledger.Tx) ([]ledger.Record, error) {
	return tx.LiveRecords()
}

// policyView turns the live view into what policy expressions see. Turn is
// the ledger position; Age counts turns since; Recency spreads the view
// over [0,1] with 1 the newest span.
func policyView(view []ledger.Record, st ledger.State) ([]policy.Span, policy.Context) {
	out := make([]policy.Span, len(view))
	if len(view) == 0 {
		return out, policy.Context{LiveTokens: st.LiveTokens}
	}
	first, last := view[0].Seq, view[len(view)-1].Seq
	for i, r := range view {
		rec := 1.0
		if last > first {
			rec = float64(r.Seq-first) / float64(last-first)
		}
		out[i] = policy.Span{
			ID: r.Span.ID, Kind: r.Span.Kind, Text: r.Span.Text,
			Tokens: r.Tokens, Turn: int(r.Seq), Age: int(last - r.Seq),
			Recency: rec, Meta: r.Span.Meta,
		}
	}
	return out, policy.Context{Turn: int(last), LiveTokens: st.LiveTokens}
}

// sdkView is the live view as plugins receive it.
func sdkView(view []ledger.Record) []sdk.Span {
	out := make([]sdk.Span, len(view))
	for i, r := range view {
		s := r.Span
		s.Tokens, s.Turn = r.Tokens, int(r.Seq)
		out[i] = s
	}
	return out
}

// The active policy, as it is applied to the live view. Compiling and
// evaluating policies is outside work (calls.go): a tenant's policy_hcl
// can take seconds to parse and to evaluate over a large live view, and
// the store's write lock is shared by every tenant.

// activeOnView returns the session's active policy and its live view,
// what an edit, a selection and a budget change evaluate.
func (g *Guard) activeOnView(ctx context.Context, tx ledger.Tx, st ledger.State) (*policy.Policy, []ledger.Record, error) {
	p, err := g.activePolicy(ctx, st)
	if err != nil {
		return nil, nil, err
	}
	view, err := liveView(tx)
	if err != nil {
		return nil, nil, err
	}
	return p, view, nil
}

// activePolicy compiles the session's last verified policy (outside the
// store update: parsePolicy).
func (g *Guard) activePolicy(ctx context.Context, st ledger.State) (*policy.Policy, error) {
	if st.PolicySource != "" {
		p, diags, err := g.parsePolicy(ctx, []byte(st.PolicySource), "active policy "+st.Policy, g.storedPolicyLimits())
		if err != nil {
			return nil, err
		}
		if diags.HasErrors() {
			return nil, fmt.Errorf("re-reading the active policy %q: %s", st.Policy, diags.Error())
		}
		return p, nil
	}
	p := g.set.Policies[st.Policy]
	if p == nil {
		return nil, fmt.Errorf("the active policy %q is no longer in the configuration", st.Policy)
	}
	return p, nil
}

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

// parsed is a compiled policy and its diagnostics.
type parsed struct {
	p     *policy.Policy
	diags hcl.Diagnostics
}

// parsePolicy compiles policy HCL under limits (policy.ParseWithLimits)
// outside the store update; the key is the filename, a digest of the text
// and the limits.
func (g *Guard) parsePolicy(ctx context.Context, src []byte, filename string, limits policy.Limits) (*policy.Policy, hcl.Diagnostics, error) {
	sum := sha256.Sum256(src)
	key := fmt.Sprintf("parse:%s\x00%s\x00%+v", filename, hex.EncodeToString(sum[:]), limits)
	r, err := outside(ctx, g, key, func(context.Context) (parsed, error) {
		p, diags := policy.ParseWithLimits(src, filename, limits)
		return parsed{p, diags}, nil
	})
	return r.p, r.diags, err
}

// evalPolicy evaluates p over the live view outside the store update: eval
// gets the view as policies see it. The key names what is evaluated
// (what), the policy (its name and source) and the view (every live
// record's chain link, which covers its seq, tokens and content, and the
// live token count): the commit run reuses the answer only for the view it
// reads itself. eval runs under eval_timeout (evalContext) and its own
// failures, a deadline among them, belong in T; the error is the update's
// (a deferral).
func evalPolicy[T any](ctx context.Context, g *Guard, what string, p *policy.Policy, view []ledger.Record, st ledger.State, eval func(ectx context.Context, pv []policy.Span, pc policy.Context) T) (T, error) {
	h := sha256.New()
	h.Write([]byte(what + "\x00" + p.Name + "\x00"))
	src := sha256.Sum256(p.Source)
	h.Write(src[:])
	h.Write(strconv.AppendInt(nil, int64(st.LiveTokens), 10))
	for _, r := range view {
		h.Write([]byte{'|'})
		h.Write([]byte(r.Hash))
	}
	pv, pc := policyView(view, st)
	return outside(ctx, g, "eval:"+hex.EncodeToString(h.Sum(nil)), func(ctx context.Context) (T, error) {
		ectx, cancel := g.evalContext(ctx)
		defer cancel()
		return eval(ectx, pv, pc), nil
	})
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
