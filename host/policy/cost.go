package policy

import (
	"fmt"
	"math"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// costLimit derives, for a policy block, what evaluating it on one span
// may cost, and checks that against lim.MaxSpanSteps and every collection
// it writes or builds against lim.MaxCollection. A policy over a
// million-element list parsed in an instant and then ran for 102 s on a
// large view; a for expression nested in another multiplies. The cost is
// an upper bound in steps (expression nodes evaluated), derived from the
// syntax tree alone:
//
//   - a node costs 1 plus its operands (both results of a conditional:
//     HCL evaluates both to unify their types);
//   - a for expression or a splat costs its collection plus, per element,
//     its body; contains(list, v) costs one step per element of list, and
//     f(list...) one per element expanded;
//   - a collection's size is its element count when the policy writes it
//     (a literal, a for expression over a literal), otherwise, as for
//     span.meta or span.tags whose size comes with each span,
//     lim.MaxCollection.
//
// The walk recurses over the syntax tree, whose depth the text limits
// already bound (brackets and conditionals by MaxDepth, operator chains by
// MaxExpressions), and so does the blocks' nesting (MaxDepth).
func costLimit(name string, body *hclsyntax.Body, declRange hcl.Range, lim Limits) hcl.Diagnostics {
	cw := &costWalk{lim: lim}
	total := cw.body(body)
	if cw.diags.HasErrors() {
		return cw.diags
	}
	if lim.MaxSpanSteps > 0 && total > lim.MaxSpanSteps {
		return hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Policy too costly to evaluate",
			Detail: fmt.Sprintf("Evaluating policy %q on one span may take %s steps (expression nodes, a for expression's body once per element, contains once per list element); the limit is %d (%s). Use fewer or smaller lists and no nested for expressions.",
				name, stepsText(total), lim.MaxSpanSteps, limitMaxSpanSteps),
			Subject: declRange.Ptr(),
		}}
	}
	return nil
}

// body sums the cost of every attribute of a policy block and of the
// blocks in it. It runs on the syntax tree before the policy is decoded
// (type-checking a million-element list took a minute), so it counts
// every attribute, cap and unknown ones included: more, never less, than
// evaluation costs.
func (cw *costWalk) body(b *hclsyntax.Body) int {
	total := 0
	for _, a := range b.Attributes {
		total = satAdd(total, cw.cost(a.Expr).steps)
	}
	for _, blk := range b.Blocks {
		total = satAdd(total, cw.body(blk.Body))
	}
	return total
}

// stepsText writes a step count, saturated counts as "more than".
func stepsText(n int) string {
	if n >= satMax {
		return fmt.Sprintf("more than %d", satMax)
	}
	return fmt.Sprint(n)
}

// satMax caps every count, so a product of sizes never overflows.
const satMax = math.MaxInt32

func satAdd(a, b int) int { return min(a+b, satMax) }

func satMul(a, b int) int {
	if a == 0 || b == 0 {
		return 0
	}
	if a > satMax/b {
		return satMax
	}
	return min(a*b, satMax)
}

// exprCost is an expression's cost per evaluation and, when it yields a
// collection, how many elements it may hold.
type exprCost struct {
	steps, size int
}

type costWalk struct {
	lim   Limits
	diags hcl.Diagnostics
}

// dynamic is the size assumed for a collection the policy does not write.
func (cw *costWalk) dynamic() int {
	if cw.lim.MaxCollection > 0 {
		return cw.lim.MaxCollection
	}
	return DefaultMaxCollection
}

// literal checks the size of a collection the policy writes or builds.
func (cw *costWalk) literal(n int, rng hcl.Range) {
	if cw.lim.MaxCollection > 0 && n > cw.lim.MaxCollection && !cw.diags.HasErrors() {
		cw.diags = append(cw.diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Collection too large",
			Detail:   fmt.Sprintf("This list or object has %s elements; the limit is %d (%s).", stepsText(n), cw.lim.MaxCollection, limitMaxCollection),
			Subject:  rng.Ptr(),
		})
	}
}

func (cw *costWalk) cost(e hclsyntax.Expression) exprCost {
	steps := func(es ...hclsyntax.Expression) int {
		n := 1
		for _, x := range es {
			if x != nil {
				n = satAdd(n, cw.cost(x).steps)
			}
		}
		return n
	}
	switch e := e.(type) {
	case *hclsyntax.LiteralValueExpr:
		size := 0
		if isCollection(e.Val.Type()) && e.Val.IsKnown() && !e.Val.IsNull() {
			size = e.Val.LengthInt()
		}
		return exprCost{steps: 1, size: size}
	case *hclsyntax.ScopeTraversalExpr:
		return exprCost{steps: 1, size: cw.dynamic()}
	case *hclsyntax.RelativeTraversalExpr:
		return exprCost{steps: steps(e.Source), size: cw.dynamic()}
	case *hclsyntax.TupleConsExpr:
		cw.literal(len(e.Exprs), e.SrcRange)
		return exprCost{steps: steps(e.Exprs...), size: len(e.Exprs)}
	case *hclsyntax.ObjectConsExpr:
		cw.literal(len(e.Items), e.SrcRange)
		n := 1
		for _, it := range e.Items {
			n = satAdd(n, satAdd(cw.cost(it.KeyExpr).steps, cw.cost(it.ValueExpr).steps))
		}
		return exprCost{steps: n, size: len(e.Items)}
	case *hclsyntax.ObjectConsKeyExpr:
		return exprCost{steps: steps(e.Wrapped)}
	case *hclsyntax.ForExpr:
		coll := cw.cost(e.CollExpr)
		body := steps(e.KeyExpr, e.ValExpr, e.CondExpr)
		cw.literal(coll.size, e.SrcRange)
		return exprCost{steps: satAdd(coll.steps, satMul(coll.size, body)), size: coll.size}
	case *hclsyntax.SplatExpr:
		src := cw.cost(e.Source)
		each := steps(e.Each)
		return exprCost{steps: satAdd(src.steps, satMul(src.size, each)), size: src.size}
	case *hclsyntax.AnonSymbolExpr:
		return exprCost{steps: 1, size: cw.dynamic()}
	case *hclsyntax.FunctionCallExpr:
		n := 1
		var first, last exprCost
		for i, a := range e.Args {
			c := cw.cost(a)
			n = satAdd(n, c.steps)
			if i == 0 {
				first = c
			}
			last = c
		}
		if e.Name == "contains" && len(e.Args) > 0 {
			n = satAdd(n, first.size)
		}
		if e.ExpandFinal {
			n = satAdd(n, last.size)
		}
		return exprCost{steps: n, size: cw.dynamic()}
	case *hclsyntax.ConditionalExpr:
		t, f := cw.cost(e.TrueResult), cw.cost(e.FalseResult)
		return exprCost{steps: satAdd(satAdd(1, cw.cost(e.Condition).steps), satAdd(t.steps, f.steps)), size: max(t.size, f.size)}
	case *hclsyntax.BinaryOpExpr:
		return exprCost{steps: steps(e.LHS, e.RHS)}
	case *hclsyntax.UnaryOpExpr:
		return exprCost{steps: steps(e.Val)}
	case *hclsyntax.IndexExpr:
		return exprCost{steps: steps(e.Collection, e.Key), size: cw.dynamic()}
	case *hclsyntax.ParenthesesExpr:
		return cw.cost(e.Expression)
	case *hclsyntax.TemplateExpr:
		return exprCost{steps: steps(e.Parts...)}
	case *hclsyntax.TemplateWrapExpr:
		return cw.cost(e.Wrapped)
	case *hclsyntax.TemplateJoinExpr:
		return exprCost{steps: steps(e.Tuple)}
	}
	// An expression type this walk does not know: count its node and
	// assume the largest collection, so the bound stays an upper bound
	// for what is known and never smaller than one step.
	return exprCost{steps: 1, size: cw.dynamic()}
}

// isCollection reports whether a value's type holds elements.
func isCollection(t cty.Type) bool {
	return t.IsListType() || t.IsSetType() || t.IsMapType() || t.IsTupleType() || t.IsObjectType()
}
