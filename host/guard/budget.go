package guard

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/policy"
)

// The reasons invariant 4 gives: a budget change by the authority, a
// refused attempt by anyone else, and a policy edit that tries to carry a
// budget.
const (
	ReasonBudgetChanged           = "budget_changed"
	ReasonUnauthorized            = "unauthorized"
	ReasonBudgetRequiresAuthority = "budget_change_requires_authority"
)

// MaxBudgetTokens is the largest budget ChangeBudget accepts (2^30, about
// a billion tokens): a hundred times the largest context window a model
// offers today, and far enough from integer overflow that the budget
// arithmetic (worst case minus budget, the excess) stays exact.
// config.MaxBudgetTokens bounds budget.tokens with the same number.
const MaxBudgetTokens = 1 << 30

// BudgetRequest asks to change a session's token budget.
type BudgetRequest struct {
	Tokens     int
	Authority  string
	Credential string
	RequestID  string
	// FormerRequestID is the id an earlier release recorded this request
	// under, when its namespace has since moved (the API keeps the
	// authority's ids apart as "authority:ID"; the release before kept
	// them bare): a change that release accepted under it, for the same
	// request, is answered instead of applied again, so a retry that
	// spans the upgrade stays idempotent. Bearer sets it.
	FormerRequestID string
	// Bearer says who sent the request over the HTTP API; the zero value
	// (a caller inside the process: replay, tests) takes RequestID as
	// given.
	Bearer Bearer
}

// Bearer is who sent a budget request over the HTTP API, which the API
// has authenticated. The budget authority's credential is not bound to a
// tenant, so a tenant and the authority can name the same session: their
// request ids are kept apart, so that a tenant can neither take an id the
// authority will use (its change then refused as a reused id) nor read
// the authority's decision back by naming its id.
type Bearer int

const (
	// BearerNone: not over the API; request ids as given.
	BearerNone Bearer = iota
	// BearerTenant: a tenant's own token. It is authenticated but never
	// authorised: the attempt is recorded as an unauthorized decision,
	// under "tenant:ID", and no credential reaches the guard.
	BearerTenant
	// BearerAuthority: the budget authority's credential. Its ids are
	// recorded as "authority:ID"; the release before stored them bare,
	// so a change it accepted under the bare id is still answered.
	BearerAuthority
)

// scoped is req with its request ids in the bearer's namespace.
func (req BudgetRequest) scoped() BudgetRequest {
	switch req.Bearer {
	case BearerTenant:
		req.Credential = ""
		if req.RequestID != "" {
			req.RequestID = "tenant:" + req.RequestID
		}
	case BearerAuthority:
		if req.RequestID != "" {
			req.FormerRequestID = req.RequestID
			req.RequestID = "authority:" + req.RequestID
		}
	}
	return req
}

// ChangeBudget changes the budget only for the configured budget authority
// presenting its credential (invariant 4). Every attempt, accepted or not,
// is a decision in the audit trail.
//
// A cut below the active policy's worst case on the current view is
// accepted (the authority decides the budget) but never truncates
// anything: the decision warns, every later structural edit must fit the
// new budget, and a selection compaction whose result would exceed it is
// refused explicitly.
func (g *Guard) ChangeBudget(ctx context.Context, tenant, session string, req BudgetRequest) (*Decision, error) {
	if req.Tokens <= 0 || req.Tokens > MaxBudgetTokens {
		return nil, inputErr("tokens", "must be a whole number of tokens from 1 to %d (2^30); got %d", MaxBudgetTokens, req.Tokens)
	}
	req = req.scoped()
	// The credential is no part of the digest: it is never stored, in any
	// form. A tenant cannot reach the authority's decisions by naming its
	// request ids: host/api keeps the two apart ("tenant:ID" and
	// "authority:ID").
	digest := requestDigest(TypeBudget, struct {
		Tokens    int
		Authority string
	}{req.Tokens, req.Authority})
	if req.FormerRequestID != "" {
		if d, err := g.formerBudgetDecision(ctx, tenant, session, req.FormerRequestID, digest); err != nil || d != nil {
			return d, err
		}
	}
	return g.decide(ctx, tenant, session, req.RequestID, digest, func(ctx context.Context, tx ledger.Tx, st *ledger.State) (*Decision, error) {
		d := &Decision{Type: TypeBudget, Authority: req.Authority, BudgetTokens: ptr(st.Budget)}
		auth, ok := g.set.Authorities[g.set.BudgetAuthority]
		if !ok || req.Authority != g.set.BudgetAuthority || !auth.Verify(req.Credential) {
			d.Accepted, d.Reason = ptr(false), ReasonUnauthorized
			d.Message = fmt.Sprintf("budget unchanged at %d: only the %q authority, with its credential, changes the budget", st.Budget, g.set.BudgetAuthority)
			return d, nil
		}
		d.Accepted, d.Reason = ptr(true), ReasonBudgetChanged
		d.PreviousBudget = ptr(st.Budget)
		st.Budget = req.Tokens
		d.BudgetTokens = ptr(st.Budget)
		d.Message = fmt.Sprintf("budget changed from %d to %d by %q", *d.PreviousBudget, st.Budget, req.Authority)
		w, err := g.activeWorstCase(ctx, tx, *st)
		if isDeferred(err) {
			return nil, err
		}
		if err != nil {
			d.Warnings = append(d.Warnings, fmt.Sprintf("active_policy_unverified: the active policy's bound could not be derived: %v", err))
		} else if w > st.Budget {
			d.WorstCaseTokens = ptr(w)
			d.Warnings = append(d.Warnings, fmt.Sprintf("active_policy_over_budget: the active policy %s@%d could retain %d tokens on the current view, above the new budget %d; nothing is truncated: a selection compaction that would exceed the budget is refused", st.Policy, st.PolicyVersion, w, st.Budget))
		}
		return d, nil
	})
}

// formerBudgetDecision returns the budget change recorded under the
// request id id, if one was accepted for the same request (digest; a
// decision recorded before digests were kept has none and matches). Only
// the authority's credential gets a change accepted, so a tenant's refused
// attempt under the same id is never answered to the authority. It reads
// outside the update: a decision, once recorded, never changes.
func (g *Guard) formerBudgetDecision(ctx context.Context, tenant, session, id, digest string) (*Decision, error) {
	var d *Decision
	err := g.store.View(ctx, tenant, session, func(tx ledger.Tx) error {
		prev, err := tx.DecisionByRequest(id)
		if err != nil || prev == nil || prev.Type != TypeBudget {
			return err
		}
		var old Decision
		if err := jsonUnmarshal(prev.Body, &old); err != nil {
			return err
		}
		if old.Accepted != nil && *old.Accepted && (old.RequestDigest == "" || old.RequestDigest == digest) {
			d = &old
		}
		return nil
	})
	return d, err
}

func (g *Guard) activeWorstCase(ctx context.Context, tx ledger.Tx, st ledger.State) (int, error) {
	p, view, err := g.activeOnView(ctx, tx, st)
	if err != nil {
		return 0, err
	}
	// Evaluated outside the store update (evalPolicy, view.go), bounded by
	// eval_timeout.
	type worst struct {
		b   policy.Bound
		err error
	}
	r, err := evalPolicy(ctx, g, "worst-case", p, view, st, func(ectx context.Context, pv []policy.Span, pc policy.Context) worst {
		b, err := p.WorstCaseContext(ectx, pv, pc)
		return worst{b, err}
	})
	if err != nil {
		return 0, err
	}
	if msg, hard, ok := g.evalDeadline(ctx, "the active policy", r.err); ok {
		if hard != nil {
			return 0, hard
		}
		return 0, errors.New(msg)
	}
	return r.b.WorstCase, r.err
}

// Authority may change the budget. Only a hash of its credential is kept.
type Authority struct {
	Name       string
	credential [sha256.Size]byte
	set        bool
}

// NewAuthority makes an authority whose credential is the given secret.
// An empty secret makes an authority no request can satisfy (fail closed).
func NewAuthority(name, secret string) Authority {
	a := Authority{Name: name}
	if secret != "" {
		a.credential, a.set = sha256.Sum256([]byte(secret)), true
	}
	return a
}

// NewAuthorityHash makes an authority from the sha256 of its credential.
func NewAuthorityHash(name string, sum [sha256.Size]byte) Authority {
	return Authority{Name: name, credential: sum, set: true}
}

// Verify compares a presented credential in constant time.
func (a Authority) Verify(presented string) bool {
	got := sha256.Sum256([]byte(presented))
	ok := subtle.ConstantTimeCompare(got[:], a.credential[:]) == 1
	return a.set && presented != "" && ok
}

// refuseBudgetEdit rejects a proposed policy that tries to set the token
// budget, whatever else it proposes: the budget is no part of any policy,
// and a policy edit is not the authority. It reports whether it did.
func (g *Guard) refuseBudgetEdit(d *Decision, p *policy.Policy) bool {
	if !p.CarriesBudget {
		return false
	}
	d.Accepted, d.Reason = ptr(false), ReasonBudgetRequiresAuthority
	d.Message = fmt.Sprintf("policy %q tries to set the token budget: the budget is not part of any policy and only the %q authority changes it", p.Name, g.set.BudgetAuthority)
	return true
}
