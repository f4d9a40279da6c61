package guard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/hashicorp/hcl/v2"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/policy"
)

// Compiling and evaluating policies is outside work (calls.go): a
// tenant's policy_hcl can take seconds to parse and to evaluate over a
// large live view, and the store's write lock is shared by every tenant.

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
