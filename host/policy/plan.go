package policy

import (
	"errors"
	"math/big"
	"regexp"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/ctystrings"
)

// A plan is a match or score expression compiled to Go closures over a
// Span, so the host evaluates predicates over a large view without
// building a cty value per span. It covers the common subset of the
// language: literals, span and context attributes, span.meta.KEY, !, &&,
// ||, == and != on strings, bools and whole numbers, ordered comparisons,
// and the string functions regex, contains, startswith, endswith, lower
// and upper. Any other sub-expression of type bool or string is a leaf
// evaluated by HCL itself (the span's cty value is then built once, on
// first need); an expression that cannot be planned at all is evaluated
// by HCL alone.
//
// A plan computes exactly what HCL computes: strings are NFC-normalized as
// cty normalizes them; numbers in a plan are only ones a float64 holds
// exactly (whole-number attributes, recency, literals such as 0.5 but not
// 0.1), so float64 comparison equals cty's big.Float comparison, and
// number equality is planned only between whole numbers (cty compares
// fractions by their decimal text); && and || follow HCL's short-circuit
// rule, under which a false (for &&) or true (for ||) on either side
// decides the result even when the other side fails. A differential
// property test holds the two evaluators to the same results.
type plan struct {
	kind planKind
	// integral reports a number plan whose values are always whole.
	integral bool
	b        func(*evaluator) (bool, error)
	n        func(*evaluator) (float64, error)
	s        func(*evaluator) (string, error)
}

type planKind uint8

const (
	planBool planKind = iota + 1
	planNumber
	planString
	// planTags is span.tags, only usable as the list of contains.
	planTags
)

// leafError is what a leaf's HCL diagnostics turn into; the evaluator
// wraps it with where it happened.
type leafError struct{ diags hcl.Diagnostics }

func (e *leafError) Error() string { return e.diags.Error() }

// planExpr compiles e for the whole-expression type want (cty.Bool for
// match, cty.Number for score), or returns nil when e must be evaluated by
// HCL alone.
func (c *compiled) planExpr(e hclsyntax.Expression, want cty.Type) *plan {
	pl := c.planNode(e)
	if pl == nil {
		pl = c.leaf(e)
	}
	switch {
	case pl == nil:
		return nil
	case want == cty.Bool && pl.kind == planBool, want == cty.Number && pl.kind == planNumber:
		return pl
	}
	return nil
}

// leaf makes a bool or string sub-expression a plan evaluated by HCL.
func (c *compiled) leaf(e hclsyntax.Expression) *plan {
	t := c.staticType(e)
	eval := func(ev *evaluator, want cty.Type) (cty.Value, error) {
		ev.spanVars()
		v, diags := e.Value(ev.ectx)
		if diags.HasErrors() {
			return cty.NilVal, &leafError{diags}
		}
		v, _ = v.UnmarkDeep()
		if !v.IsWhollyKnown() || v.IsNull() || !v.Type().Equals(want) {
			return cty.NilVal, &leafError{hcl.Diagnostics{{
				Severity: hcl.DiagError,
				Summary:  "Invalid value",
				Detail:   "expected a " + want.FriendlyName() + ", got " + renderValue(v),
				Subject:  e.Range().Ptr(),
			}}}
		}
		return v, nil
	}
	switch t {
	case cty.Bool:
		return &plan{kind: planBool, b: func(ev *evaluator) (bool, error) {
			v, err := eval(ev, cty.Bool)
			if err != nil {
				return false, err
			}
			return v.True(), nil
		}}
	case cty.String:
		return &plan{kind: planString, s: func(ev *evaluator) (string, error) {
			v, err := eval(ev, cty.String)
			if err != nil {
				return "", err
			}
			return v.AsString(), nil
		}}
	}
	return nil
}

// staticType is e's type over unknown span and context, or
// cty.DynamicPseudoType when it is only known per span or e fails.
func (c *compiled) staticType(e hclsyntax.Expression) cty.Type {
	ctx := &hcl.EvalContext{
		Variables: map[string]cty.Value{
			"span":    cty.UnknownVal(spanType()),
			"context": cty.UnknownVal(contextType()),
		},
		Functions: c.funcs,
	}
	v, diags := e.Value(ctx)
	if diags.HasErrors() {
		return cty.DynamicPseudoType
	}
	return v.Type()
}

// operand plans a sub-expression, falling back to a leaf.
func (c *compiled) operand(e hclsyntax.Expression) *plan {
	if pl := c.planNode(e); pl != nil {
		return pl
	}
	return c.leaf(e)
}

// planNode plans e natively, or returns nil.
func (c *compiled) planNode(e hclsyntax.Expression) *plan {
	switch e := e.(type) {
	case *hclsyntax.ParenthesesExpr:
		return c.planNode(e.Expression)
	case *hclsyntax.LiteralValueExpr:
		return constPlan(e.Val)
	case *hclsyntax.TemplateExpr:
		if len(e.Parts) == 1 {
			if lit, ok := e.Parts[0].(*hclsyntax.LiteralValueExpr); ok && lit.Val.Type() == cty.String {
				return constPlan(lit.Val)
			}
		}
	case *hclsyntax.ScopeTraversalExpr:
		return c.planTraversal(e.Traversal)
	case *hclsyntax.UnaryOpExpr:
		if e.Op != hclsyntax.OpLogicalNot {
			return nil
		}
		x := c.operand(e.Val)
		if x == nil || x.kind != planBool {
			return nil
		}
		return &plan{kind: planBool, b: func(ev *evaluator) (bool, error) {
			v, err := x.b(ev)
			return !v, err
		}}
	case *hclsyntax.BinaryOpExpr:
		return c.planBinary(e)
	case *hclsyntax.FunctionCallExpr:
		return c.planCall(e)
	}
	return nil
}

func constPlan(v cty.Value) *plan {
	if !v.IsWhollyKnown() || v.IsNull() {
		return nil
	}
	switch v.Type() {
	case cty.Bool:
		b := v.True()
		return &plan{kind: planBool, b: func(*evaluator) (bool, error) { return b, nil }}
	case cty.String:
		s := v.AsString()
		return &plan{kind: planString, s: func(*evaluator) (string, error) { return s, nil }}
	case cty.Number:
		bf := v.AsBigFloat()
		f, acc := bf.Float64()
		if acc != big.Exact || bf.IsInf() {
			return nil
		}
		return &plan{kind: planNumber, integral: bf.IsInt(), n: func(*evaluator) (float64, error) { return f, nil }}
	}
	return nil
}

func (c *compiled) planTraversal(t hcl.Traversal) *plan {
	root := t.RootName()
	if len(t) < 2 {
		return nil
	}
	attr, ok := stepName(t[1])
	if !ok {
		return nil
	}
	if root == "context" && len(t) == 2 {
		switch attr {
		case "turn":
			return &plan{kind: planNumber, integral: true, n: func(ev *evaluator) (float64, error) { return float64(ev.ctx.Turn), nil }}
		case "live_tokens":
			return &plan{kind: planNumber, integral: true, n: func(ev *evaluator) (float64, error) { return float64(ev.ctx.LiveTokens), nil }}
		}
		return nil
	}
	if root != "span" {
		return nil
	}
	if attr == "meta" && len(t) == 3 {
		key, ok := stepName(t[2])
		if !ok {
			return nil
		}
		return &plan{kind: planString, s: func(ev *evaluator) (string, error) { return normalize(ev.span.Meta[key]), nil }}
	}
	if len(t) != 2 {
		return nil
	}
	switch attr {
	case "id":
		return &plan{kind: planString, s: func(ev *evaluator) (string, error) { return ev.str(&ev.id, ev.span.ID), nil }}
	case "kind":
		return &plan{kind: planString, s: func(ev *evaluator) (string, error) { return ev.str(&ev.kind, ev.span.Kind), nil }}
	case "text":
		return &plan{kind: planString, s: func(ev *evaluator) (string, error) { return ev.str(&ev.text, ev.span.Text), nil }}
	case "tokens":
		return &plan{kind: planNumber, integral: true, n: func(ev *evaluator) (float64, error) { return float64(ev.span.Tokens), nil }}
	case "turn":
		return &plan{kind: planNumber, integral: true, n: func(ev *evaluator) (float64, error) { return float64(ev.span.Turn), nil }}
	case "age":
		return &plan{kind: planNumber, integral: true, n: func(ev *evaluator) (float64, error) { return float64(ev.span.Age), nil }}
	case "recency":
		return &plan{kind: planNumber, n: func(ev *evaluator) (float64, error) { return ev.span.Recency, nil }}
	case "tags":
		return &plan{kind: planTags}
	}
	return nil
}

func (c *compiled) planBinary(e *hclsyntax.BinaryOpExpr) *plan {
	l, r := c.operand(e.LHS), c.operand(e.RHS)
	if l == nil || r == nil {
		return nil
	}
	switch e.Op {
	case hclsyntax.OpLogicalAnd, hclsyntax.OpLogicalOr:
		if l.kind != planBool || r.kind != planBool {
			return nil
		}
		// HCL's rule: the deciding value (false for &&, true for ||)
		// on either side wins, even over an error on the other side.
		decide := e.Op == hclsyntax.OpLogicalOr
		return &plan{kind: planBool, b: func(ev *evaluator) (bool, error) {
			lv, lerr := l.b(ev)
			if lerr == nil && lv == decide {
				return decide, nil
			}
			rv, rerr := r.b(ev)
			if rerr == nil && rv == decide {
				return decide, nil
			}
			if lerr != nil {
				return false, lerr
			}
			return rv, rerr
		}}
	case hclsyntax.OpEqual, hclsyntax.OpNotEqual:
		eq := e.Op == hclsyntax.OpEqual
		if l.kind != r.kind {
			return nil
		}
		switch l.kind {
		case planString:
			return &plan{kind: planBool, b: func(ev *evaluator) (bool, error) {
				a, err := l.s(ev)
				if err != nil {
					return false, err
				}
				b, err := r.s(ev)
				return (a == b) == eq, err
			}}
		case planBool:
			return &plan{kind: planBool, b: func(ev *evaluator) (bool, error) {
				a, err := l.b(ev)
				if err != nil {
					return false, err
				}
				b, err := r.b(ev)
				return (a == b) == eq, err
			}}
		case planNumber:
			if !l.integral || !r.integral {
				return nil
			}
			return &plan{kind: planBool, b: func(ev *evaluator) (bool, error) {
				a, _ := l.n(ev)
				b, _ := r.n(ev)
				return (a == b) == eq, nil
			}}
		}
		return nil
	case hclsyntax.OpGreaterThan, hclsyntax.OpGreaterThanOrEqual, hclsyntax.OpLessThan, hclsyntax.OpLessThanOrEqual:
		if l.kind != planNumber || r.kind != planNumber {
			return nil
		}
		var cmp func(a, b float64) bool
		switch e.Op {
		case hclsyntax.OpGreaterThan:
			cmp = func(a, b float64) bool { return a > b }
		case hclsyntax.OpGreaterThanOrEqual:
			cmp = func(a, b float64) bool { return a >= b }
		case hclsyntax.OpLessThan:
			cmp = func(a, b float64) bool { return a < b }
		default:
			cmp = func(a, b float64) bool { return a <= b }
		}
		return &plan{kind: planBool, b: func(ev *evaluator) (bool, error) {
			a, _ := l.n(ev)
			b, _ := r.n(ev)
			return cmp(a, b), nil
		}}
	}
	return nil
}

func (c *compiled) planCall(e *hclsyntax.FunctionCallExpr) *plan {
	if e.ExpandFinal {
		return nil
	}
	args := make([]*plan, len(e.Args))
	for i, a := range e.Args {
		if args[i] = c.operand(a); args[i] == nil {
			return nil
		}
	}
	strs := func(n int) bool {
		if len(args) != n {
			return false
		}
		for _, a := range args {
			if a.kind != planString {
				return false
			}
		}
		return true
	}
	switch e.Name {
	case "lower", "upper":
		if !strs(1) {
			return nil
		}
		conv, lo, hi := strings.ToLower, byte('A'), byte('Z')
		if e.Name == "upper" {
			conv, lo, hi = strings.ToUpper, 'a', 'z'
		}
		x := args[0]
		return &plan{kind: planString, s: func(ev *evaluator) (string, error) {
			s, err := x.s(ev)
			if err != nil {
				return "", err
			}
			if isASCII(s) {
				// ASCII case mapping stays ASCII, hence NFC.
				return asciiCase(s, lo, hi), nil
			}
			return normalize(conv(s)), nil
		}}
	case "startswith", "endswith":
		if !strs(2) {
			return nil
		}
		test := strings.HasPrefix
		if e.Name == "endswith" {
			test = strings.HasSuffix
		}
		return stringTest(args[0], args[1], test)
	case "regex":
		if !strs(2) {
			return nil
		}
		var fixed *regexp.Regexp
		if lit := constPattern(e.Args[0]); lit != "" || isEmptyLiteral(e.Args[0]) {
			re, err := c.regexes.get(lit)
			if err != nil {
				return nil // reported by checkExpr; HCL reports it again per span
			}
			fixed = re
		}
		pat, subj := args[0], args[1]
		return &plan{kind: planBool, b: func(ev *evaluator) (bool, error) {
			re := fixed
			if re == nil {
				p, err := pat.s(ev)
				if err != nil {
					return false, err
				}
				if re, err = c.regexes.get(p); err != nil {
					return false, err
				}
			}
			s, err := subj.s(ev)
			if err != nil {
				return false, err
			}
			return re.MatchString(s), nil
		}}
	case "contains":
		if len(args) != 2 || args[1].kind != planString {
			return nil
		}
		if inner := lowerOperand(c, e.Args[0]); inner != nil {
			// contains(lower(x), needle), the usual case-insensitive
			// search: on ASCII text, search without building lower(x).
			needle := args[1]
			return &plan{kind: planBool, b: func(ev *evaluator) (bool, error) {
				s, err := inner.s(ev)
				if err != nil {
					return false, err
				}
				n, err := needle.s(ev)
				if err != nil {
					return false, err
				}
				if isASCII(s) {
					return containsLowerASCII(s, n), nil
				}
				return strings.Contains(normalize(strings.ToLower(s)), n), nil
			}}
		}
		if args[0].kind == planString {
			return stringTest(args[0], args[1], strings.Contains)
		}
		if args[0].kind != planTags {
			return nil
		}
		needle := args[1]
		return &plan{kind: planBool, b: func(ev *evaluator) (bool, error) {
			n, err := needle.s(ev)
			if err != nil {
				return false, err
			}
			for _, t := range ev.span.Tags {
				if normalize(t) == n {
					return true, nil
				}
			}
			return false, nil
		}}
	}
	return nil
}

// lowerOperand returns the plan of x when e is lower(x) with x a string
// plan, else nil.
func lowerOperand(c *compiled, e hclsyntax.Expression) *plan {
	for {
		pe, ok := e.(*hclsyntax.ParenthesesExpr)
		if !ok {
			break
		}
		e = pe.Expression
	}
	call, ok := e.(*hclsyntax.FunctionCallExpr)
	if !ok || call.Name != "lower" || len(call.Args) != 1 || call.ExpandFinal {
		return nil
	}
	x := c.operand(call.Args[0])
	if x == nil || x.kind != planString {
		return nil
	}
	return x
}

// containsLowerASCII reports strings.Contains(strings.ToLower(s), n) for an
// ASCII s without building the lowered copy.
func containsLowerASCII(s, n string) bool {
	if n == "" {
		return true
	}
	for i := 0; i < len(n); i++ {
		if c := n[i]; c >= 0x80 || (c >= 'A' && c <= 'Z') {
			return false // lower(s) of ASCII s has neither
		}
	}
	first, up := n[0], n[0]
	if first >= 'a' && first <= 'z' {
		up = first - 0x20
	}
	for i := 0; i+len(n) <= len(s); {
		// Jump to the next candidate start: first or up, whichever is
		// nearer.
		j := strings.IndexByte(s[i:], first)
		if up != first {
			if k := strings.IndexByte(s[i:], up); k >= 0 && (j < 0 || k < j) {
				j = k
			}
		}
		if j < 0 {
			return false
		}
		i += j
		if i+len(n) > len(s) {
			return false
		}
		m := 1
		for ; m < len(n); m++ {
			c := s[i+m]
			if c >= 'A' && c <= 'Z' {
				c += 0x20
			}
			if c != n[m] {
				break
			}
		}
		if m == len(n) {
			return true
		}
		i++
	}
	return false
}

func stringTest(a, b *plan, test func(s, x string) bool) *plan {
	return &plan{kind: planBool, b: func(ev *evaluator) (bool, error) {
		s, err := a.s(ev)
		if err != nil {
			return false, err
		}
		x, err := b.s(ev)
		if err != nil {
			return false, err
		}
		return test(s, x), nil
	}}
}

// constPattern is the text of a literal string argument, or "".
func constPattern(e hclsyntax.Expression) string {
	if te, ok := e.(*hclsyntax.TemplateExpr); ok && len(te.Parts) == 1 {
		e = te.Parts[0]
	}
	if lit, ok := e.(*hclsyntax.LiteralValueExpr); ok && lit.Val.Type() == cty.String && lit.Val.IsKnown() && !lit.Val.IsNull() {
		return lit.Val.AsString()
	}
	return ""
}

func isEmptyLiteral(e hclsyntax.Expression) bool {
	te, ok := e.(*hclsyntax.TemplateExpr)
	return ok && len(te.Parts) == 0
}

// normalize is what cty.StringVal does to a string (NFC), with a fast path
// for ASCII, which is already NFC.
func normalize(s string) string {
	if isASCII(s) {
		return s
	}
	return ctystrings.Normalize(s)
}

// asciiCase flips the case of the ASCII letters in [lo,hi]: what
// strings.ToLower (lo, hi = 'A', 'Z') or strings.ToUpper ('a', 'z') do to
// an ASCII string, without their per-byte builder.
func asciiCase(s string, lo, hi byte) string {
	var b strings.Builder
	start := 0 // s[start:i] is copied unchanged when a letter to flip is met
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < lo || c > hi {
			continue
		}
		if b.Cap() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[start:i])
		b.WriteByte(c ^ 0x20)
		start = i + 1
	}
	if b.Cap() == 0 {
		return s
	}
	b.WriteString(s[start:])
	return b.String()
}

// isASCII reports whether s is all ASCII, eight bytes at a time.
func isASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// str normalizes a span string attribute once per span.
func (ev *evaluator) str(slot *cachedString, raw string) string {
	if !slot.ok {
		slot.s, slot.ok = normalize(raw), true
	}
	return slot.s
}

// cachedString is a span attribute normalized for the current span.
type cachedString struct {
	s  string
	ok bool
}

// planError makes a plan's failure an EvalError.
func (ev *evaluator) planError(cat *Category, attr string, err error, sentinel error) *EvalError {
	var le *leafError
	if errors.As(err, &le) {
		return ev.fail(cat, attr, "", le.Error(), sentinel)
	}
	return ev.fail(cat, attr, "", err.Error(), sentinel)
}
