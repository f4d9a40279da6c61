package policy

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// Span is one span of the live view as the host hands it to a policy.
// The host fills it: Tokens are host-counted (never a plugin's claim),
// Recency is in [0,1] (1 the newest), Age is in turns.
type Span struct {
	ID, Kind, Text    string
	Tokens, Turn, Age int
	Recency           float64
	Meta              map[string]string
	Tags              []string
}

// Context is what a policy may know of the session as a whole.
type Context struct {
	Turn, LiveTokens int
}

// Errors a policy's evaluation wraps, to test with errors.Is. All of them
// fail closed: the guard treats the policy as unverifiable, never as
// retaining nothing.
var (
	// ErrNotCompiled: the Policy was not built by Decode or Parse, or its
	// decoding had errors.
	ErrNotCompiled = errors.New("policy is not compiled; build it with policy.Decode or policy.Parse and fix its diagnostics")
	// ErrEvaluation: an expression failed on a span or context, or gave a
	// value of the wrong type (a match that is not a bool, unknown or
	// null; a top_k that is not a positive whole number).
	ErrEvaluation = errors.New("policy expression failed")
	// ErrInvalidScore: a score is not a number in [0,1]. The guard
	// refuses a score-only edit on it as unbounded_scores.
	ErrInvalidScore = errors.New("score is not a number in [0,1]")
	// ErrTopKNotConstant: top_k references context, so the selection is
	// not bounded by the policy alone; a score-only edit cannot be
	// accepted on it (unbounded_scores).
	ErrTopKNotConstant = errors.New("top_k is not a constant")
	// ErrInvalidView: the view itself is unusable (negative tokens, a
	// recency that is not a finite number, a duplicate span id).
	ErrInvalidView = errors.New("invalid view")
	// ErrDeadline: the evaluation's context was done (its deadline passed
	// or it was cancelled) before every span was evaluated. The caller
	// tells its own eval_timeout from the request's end by asking its
	// contexts.
	ErrDeadline = errors.New("policy evaluation stopped at its deadline")
)

// EvalError says where a policy's evaluation failed: which policy,
// category, attribute and span, and the offending value. It unwraps to one
// of the Err* values above.
type EvalError struct {
	Policy    string
	Category  string // empty for top_k
	Attribute string // "match", "score" or "top_k"
	Span      string // span id; empty for top_k
	Value     string // the offending value as HCL; empty when evaluation failed
	Detail    string
	Err       error
}

// Error says where evaluation failed and with what value, e.g.
// policy "p", category "c", score on span "s2" is 1.7: score is not a number in [0,1].
func (e *EvalError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "policy %q", e.Policy)
	if e.Category != "" {
		fmt.Fprintf(&b, ", category %q", e.Category)
	}
	if e.Attribute != "" {
		fmt.Fprintf(&b, ", %s", e.Attribute)
	}
	if e.Span != "" {
		fmt.Fprintf(&b, " on span %q", e.Span)
	}
	if e.Value != "" {
		fmt.Fprintf(&b, " is %s", e.Value)
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	if e.Detail != "" {
		fmt.Fprintf(&b, ": %s", e.Detail)
	}
	return b.String()
}

// Unwrap returns the sentinel error.
func (e *EvalError) Unwrap() error { return e.Err }

// evaluator evaluates a policy's expressions over one span at a time. It
// owns its EvalContext, so distinct evaluators may run concurrently.
type evaluator struct {
	p    *Policy
	c    *compiled
	ectx *hcl.EvalContext
	ctx  Context
	// done is the evaluation's context.Context, asked every
	// deadlineEvery spans: one span's cost is bounded (MaxSpanSteps), so
	// a deadline is noticed within a bounded time.
	done  context.Context
	spans int
	span  *Span
	// built reports whether ectx holds the current span's value; it is
	// built lazily, at most once per span, shared by all categories.
	built bool
	// id, kind and text are the current span's strings, normalized once
	// for the plans that read them.
	id, kind, text cachedString
	// noPlan makes every expression evaluate through HCL; the
	// differential test compares the two paths.
	noPlan bool
}

func (p *Policy) newEvaluator(done context.Context, ctx Context) (*evaluator, error) {
	if p == nil || p.c == nil {
		return nil, ErrNotCompiled
	}
	return &evaluator{
		p:    p,
		c:    p.c,
		ctx:  ctx,
		done: done,
		ectx: &hcl.EvalContext{
			Variables: map[string]cty.Value{
				"context": cty.ObjectVal(map[string]cty.Value{
					"turn":        cty.NumberIntVal(int64(ctx.Turn)),
					"live_tokens": cty.NumberIntVal(int64(ctx.LiveTokens)),
				}),
				"span": cty.DynamicVal,
			},
			Functions: p.c.funcs,
		},
	}, nil
}

// checkSpan rejects a span no bound can be derived from.
func checkSpan(s *Span) error {
	switch {
	case s.Tokens < 0:
		return fmt.Errorf("%w: span %q has %d tokens", ErrInvalidView, s.ID, s.Tokens)
	case math.IsNaN(s.Recency) || math.IsInf(s.Recency, 0):
		return fmt.Errorf("%w: span %q has recency %v", ErrInvalidView, s.ID, s.Recency)
	}
	return nil
}

// deadlineEvery is how many spans an evaluator evaluates between two
// looks at its context.
const deadlineEvery = 64

// next checks s and makes it the current span, after checking, every
// deadlineEvery spans, that the evaluation's context is not done.
func (ev *evaluator) next(s *Span) error {
	if ev.spans%deadlineEvery == 0 && ev.done != nil {
		if err := ev.done.Err(); err != nil {
			return &EvalError{Policy: ev.p.Name, Span: s.ID, Err: ErrDeadline,
				Detail: fmt.Sprintf("%v after %d spans of this part of the view", err, ev.spans)}
		}
	}
	ev.spans++
	if err := checkSpan(s); err != nil {
		return err
	}
	ev.setSpan(s)
	return nil
}

// setSpan makes s the span the next match and score calls read.
func (ev *evaluator) setSpan(s *Span) {
	ev.span = s
	ev.built = false
	ev.id, ev.kind, ev.text = cachedString{}, cachedString{}, cachedString{}
}

// spanVars puts the current span into the EvalContext, building only the
// attributes the policy reads.
func (ev *evaluator) spanVars() {
	if ev.built {
		return
	}
	ev.ectx.Variables["span"] = ev.c.spanValue(ev.span)
	ev.built = true
}

func (c *compiled) spanValue(s *Span) cty.Value {
	attrs := make(map[string]cty.Value, len(c.need))
	for _, name := range c.need {
		switch name {
		case "id":
			attrs[name] = cty.StringVal(s.ID)
		case "kind":
			attrs[name] = cty.StringVal(s.Kind)
		case "text":
			attrs[name] = cty.StringVal(s.Text)
		case "tokens":
			attrs[name] = cty.NumberIntVal(int64(s.Tokens))
		case "turn":
			attrs[name] = cty.NumberIntVal(int64(s.Turn))
		case "age":
			attrs[name] = cty.NumberIntVal(int64(s.Age))
		case "recency":
			attrs[name] = cty.NumberFloatVal(s.Recency)
		case "meta":
			attrs[name] = c.metaValue(s.Meta)
		case "tags":
			if len(s.Tags) == 0 {
				attrs[name] = cty.ListValEmpty(cty.String)
				continue
			}
			tags := make([]cty.Value, len(s.Tags))
			for i, t := range s.Tags {
				tags[i] = cty.StringVal(t)
			}
			attrs[name] = cty.ListVal(tags)
		}
	}
	return cty.ObjectVal(attrs)
}

// metaValue gives meta every key the policy reads by name, "" when the
// span lacks it, so `span.meta.tool == "read"` is false on a span without
// a tool rather than an error.
func (c *compiled) metaValue(meta map[string]string) cty.Value {
	m := make(map[string]cty.Value, len(c.metaKeys)+len(meta))
	if c.allMeta {
		for k, v := range meta {
			m[k] = cty.StringVal(v)
		}
	}
	for k := range c.metaKeys {
		m[k] = cty.StringVal(meta[k])
	}
	if len(m) == 0 {
		return cty.MapValEmpty(cty.String)
	}
	return cty.MapVal(m)
}

// match evaluates a category's match on the current span.
func (ev *evaluator) match(cat *Category) (bool, error) {
	if cat.matchPlan != nil && !ev.noPlan {
		v, err := cat.matchPlan.b(ev)
		if err != nil {
			return false, ev.planError(cat, "match", err, ErrEvaluation)
		}
		return v, nil
	}
	ev.spanVars()
	v, diags := cat.Match.Value(ev.ectx)
	if diags.HasErrors() {
		return false, ev.fail(cat, "match", "", diags.Error(), ErrEvaluation)
	}
	v, _ = v.UnmarkDeep()
	switch {
	case !v.IsWhollyKnown():
		return false, ev.fail(cat, "match", "unknown", "match must be true or false", ErrEvaluation)
	case v.IsNull():
		return false, ev.fail(cat, "match", "null", "match must be true or false", ErrEvaluation)
	case v.Type() != cty.Bool:
		return false, ev.fail(cat, "match", renderValue(v), "match must be a bool, not a "+v.Type().FriendlyName(), ErrEvaluation)
	}
	return v.True(), nil
}

// score evaluates a category's score on the current span and checks it
// is a number in [0,1].
func (ev *evaluator) score(cat *Category) (float64, error) {
	if cat.scorePlan != nil && !ev.noPlan {
		f, err := cat.scorePlan.n(ev)
		if err != nil {
			return 0, ev.planError(cat, "score", err, ErrInvalidScore)
		}
		if !(f >= 0 && f <= 1) {
			return 0, ev.fail(cat, "score", big.NewFloat(f).Text('g', 10), "", ErrInvalidScore)
		}
		return f, nil
	}
	ev.spanVars()
	v, diags := cat.Score.Value(ev.ectx)
	if diags.HasErrors() {
		return 0, ev.fail(cat, "score", "", diags.Error(), ErrInvalidScore)
	}
	v, _ = v.UnmarkDeep()
	switch {
	case !v.IsWhollyKnown():
		return 0, ev.fail(cat, "score", "unknown", "", ErrInvalidScore)
	case v.IsNull():
		return 0, ev.fail(cat, "score", "null", "", ErrInvalidScore)
	case v.Type() != cty.Number:
		return 0, ev.fail(cat, "score", renderValue(v), "a "+v.Type().FriendlyName()+" is not a number", ErrInvalidScore)
	}
	bf := v.AsBigFloat()
	if bf.IsInf() {
		return 0, ev.fail(cat, "score", renderValue(v), "", ErrInvalidScore)
	}
	f, _ := bf.Float64()
	if !(f >= 0 && f <= 1) || bf.Sign() < 0 {
		return 0, ev.fail(cat, "score", renderValue(v), "", ErrInvalidScore)
	}
	return f, nil
}

func (ev *evaluator) fail(cat *Category, attr, value, detail string, err error) *EvalError {
	return &EvalError{Policy: ev.p.Name, Category: cat.Name, Attribute: attr, Span: ev.span.ID, Value: value, Detail: detail, Err: err}
}

// TopKFor evaluates top_k for a context: the constant when TopKConstant,
// otherwise the expression over context, which must give a positive whole
// number.
func (p *Policy) TopKFor(ctx Context) (int, error) {
	ev, err := p.newEvaluator(nil, ctx)
	if err != nil {
		return 0, err
	}
	return ev.topK()
}

func (ev *evaluator) topK() (int, error) {
	p := ev.p
	if p.TopKConstant {
		return p.TopK, nil
	}
	fail := func(value, detail string) (int, error) {
		return 0, &EvalError{Policy: p.Name, Attribute: "top_k", Value: value, Detail: detail, Err: ErrEvaluation}
	}
	v, diags := p.TopKExpr.Value(ev.ectx)
	if diags.HasErrors() {
		return fail("", diags.Error())
	}
	v, _ = v.UnmarkDeep()
	if !v.IsWhollyKnown() || v.IsNull() || v.Type() != cty.Number {
		return fail(renderValue(v), "top_k must be a positive whole number")
	}
	bf := v.AsBigFloat()
	if !bf.IsInt() || bf.Sign() <= 0 || bf.IsInf() {
		return fail(renderValue(v), "top_k must be a positive whole number")
	}
	n, acc := bf.Int64()
	if acc != 0 || n > math.MaxInt32 {
		return fail(renderValue(v), fmt.Sprintf("top_k must be at most %d", math.MaxInt32))
	}
	return int(n), nil
}

// renderValue shows a value as HCL for an error message.
func renderValue(v cty.Value) string {
	switch {
	case !v.IsWhollyKnown():
		return "unknown"
	case v.IsNull():
		return "null"
	case v.Type() == cty.Number:
		return v.AsBigFloat().Text('g', 10)
	}
	var p printer
	p.value(v)
	s := p.String()
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
