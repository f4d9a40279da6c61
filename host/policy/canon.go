package policy

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
)

// exprSource prints an expression's normalized source text: valid HCL
// printed from the syntax tree, with single spaces around binary
// operators, no comments, and parentheses only where precedence needs them.
// Two spellings of one expression (reformatted, re-indented, redundant
// parentheses, a heredoc for a quoted string, 1e3 for 1000) print the same,
// so Classify does not read a reformatting as an edit. The printer works
// from the syntax tree, not the file's bytes, so a policy decoded from the
// config file and one parsed from a plugin's text compare alike.
func exprSource(e hclsyntax.Expression) string {
	var p printer
	p.expr(e, precLowest)
	return p.String()
}

// Operator precedence levels, lowest first, as hclsyntax parses them.
const (
	precLowest = iota
	precConditional
	precOr
	precAnd
	precEquality
	precCompare
	precAdd
	precMultiply
	precUnary
	precPrimary
)

type printer struct {
	strings.Builder
	// anon is what an AnonSymbolExpr prints as while printing the Each
	// part of a splat: the splat's source followed by [*].
	anon string
}

// binaryOp is how a binary operator prints and how tightly it binds.
func binaryOp(op *hclsyntax.Operation) (string, int) {
	for _, o := range [...]struct {
		op   *hclsyntax.Operation
		text string
		prec int
	}{
		{hclsyntax.OpLogicalOr, "||", precOr},
		{hclsyntax.OpLogicalAnd, "&&", precAnd},
		{hclsyntax.OpEqual, "==", precEquality},
		{hclsyntax.OpNotEqual, "!=", precEquality},
		{hclsyntax.OpGreaterThan, ">", precCompare},
		{hclsyntax.OpGreaterThanOrEqual, ">=", precCompare},
		{hclsyntax.OpLessThan, "<", precCompare},
		{hclsyntax.OpLessThanOrEqual, "<=", precCompare},
		{hclsyntax.OpAdd, "+", precAdd},
		{hclsyntax.OpSubtract, "-", precAdd},
		{hclsyntax.OpMultiply, "*", precMultiply},
		{hclsyntax.OpDivide, "/", precMultiply},
		{hclsyntax.OpModulo, "%", precMultiply},
	} {
		if o.op == op {
			return o.text, o.prec
		}
	}
	return "?op?", precPrimary
}

// precedence is how tightly an expression binds when printed.
func precedence(e hclsyntax.Expression) int {
	switch e := e.(type) {
	case *hclsyntax.ParenthesesExpr:
		return precedence(e.Expression)
	case *hclsyntax.ConditionalExpr:
		return precConditional
	case *hclsyntax.BinaryOpExpr:
		_, p := binaryOp(e.Op)
		return p
	case *hclsyntax.UnaryOpExpr:
		return precUnary
	case *hclsyntax.LiteralValueExpr:
		if e.Val.Type() == cty.Number && e.Val.IsKnown() && !e.Val.IsNull() && e.Val.AsBigFloat().Sign() < 0 {
			return precUnary // prints with a leading minus
		}
	}
	return precPrimary
}

// expr prints e, parenthesised when it binds less tightly than min.
func (p *printer) expr(e hclsyntax.Expression, min int) {
	if pe, ok := e.(*hclsyntax.ParenthesesExpr); ok {
		p.expr(pe.Expression, min)
		return
	}
	if precedence(e) < min {
		p.WriteByte('(')
		p.expr(e, precLowest)
		p.WriteByte(')')
		return
	}
	switch e := e.(type) {
	case *hclsyntax.LiteralValueExpr:
		p.value(e.Val)
	case *hclsyntax.ScopeTraversalExpr:
		p.traversal(e.Traversal)
	case *hclsyntax.RelativeTraversalExpr:
		p.expr(e.Source, precPrimary)
		p.traversal(e.Traversal)
	case *hclsyntax.FunctionCallExpr:
		p.WriteString(e.Name)
		p.WriteByte('(')
		for i, a := range e.Args {
			if i > 0 {
				p.WriteString(", ")
			}
			p.expr(a, precLowest)
		}
		if e.ExpandFinal {
			p.WriteString("...")
		}
		p.WriteByte(')')
	case *hclsyntax.ConditionalExpr:
		p.expr(e.Condition, precOr)
		p.WriteString(" ? ")
		p.expr(e.TrueResult, precLowest)
		p.WriteString(" : ")
		p.expr(e.FalseResult, precLowest)
	case *hclsyntax.BinaryOpExpr:
		op, prec := binaryOp(e.Op)
		p.expr(e.LHS, prec)
		p.WriteString(" " + op + " ")
		p.expr(e.RHS, prec+1)
	case *hclsyntax.UnaryOpExpr:
		if e.Op == hclsyntax.OpLogicalNot {
			p.WriteByte('!')
		} else {
			p.WriteByte('-')
		}
		p.expr(e.Val, precUnary)
	case *hclsyntax.IndexExpr:
		p.expr(e.Collection, precPrimary)
		p.WriteByte('[')
		p.expr(e.Key, precLowest)
		p.WriteByte(']')
	case *hclsyntax.TupleConsExpr:
		p.WriteByte('[')
		for i, x := range e.Exprs {
			if i > 0 {
				p.WriteString(", ")
			}
			p.expr(x, precLowest)
		}
		p.WriteByte(']')
	case *hclsyntax.ObjectConsExpr:
		p.WriteByte('{')
		for i, item := range e.Items {
			if i > 0 {
				p.WriteString(", ")
			}
			p.objectKey(item.KeyExpr)
			p.WriteString(" = ")
			p.expr(item.ValueExpr, precLowest)
		}
		p.WriteByte('}')
	case *hclsyntax.ObjectConsKeyExpr:
		p.objectKey(e)
	case *hclsyntax.ForExpr:
		p.forExpr(e)
	case *hclsyntax.SplatExpr:
		var src printer
		src.expr(e.Source, precPrimary)
		saved := p.anon
		p.anon = src.String() + "[*]"
		p.expr(e.Each, precLowest)
		p.anon = saved
	case *hclsyntax.AnonSymbolExpr:
		p.WriteString(p.anon)
	case *hclsyntax.TemplateExpr:
		p.WriteByte('"')
		p.templateParts(e.Parts)
		p.WriteByte('"')
	case *hclsyntax.TemplateWrapExpr:
		p.WriteString(`"${`)
		p.expr(e.Wrapped, precLowest)
		p.WriteString(`}"`)
	case *hclsyntax.TemplateJoinExpr:
		p.WriteByte('"')
		p.templateParts([]hclsyntax.Expression{e})
		p.WriteByte('"')
	default:
		// ExprSyntaxError and future node types: print something that
		// cannot collide with a valid expression.
		fmt.Fprintf(p, "<%T@%s>", e, e.Range())
	}
}

func (p *printer) objectKey(k hclsyntax.Expression) {
	if ke, ok := k.(*hclsyntax.ObjectConsKeyExpr); ok {
		if st, ok := ke.Wrapped.(*hclsyntax.ScopeTraversalExpr); ok && !ke.ForceNonLiteral && len(st.Traversal) == 1 {
			p.WriteString(st.Traversal.RootName())
			return
		}
		k = ke.Wrapped
	}
	switch k.(type) {
	case *hclsyntax.TemplateExpr, *hclsyntax.LiteralValueExpr:
		p.expr(k, precPrimary)
	default:
		p.WriteByte('(')
		p.expr(k, precLowest)
		p.WriteByte(')')
	}
}

func (p *printer) forExpr(e *hclsyntax.ForExpr) {
	open, close := "[", "]"
	if e.KeyExpr != nil {
		open, close = "{", "}"
	}
	p.WriteString(open + "for ")
	if e.KeyVar != "" {
		p.WriteString(e.KeyVar + ", ")
	}
	p.WriteString(e.ValVar + " in ")
	p.expr(e.CollExpr, precLowest)
	p.WriteString(" : ")
	if e.KeyExpr != nil {
		p.expr(e.KeyExpr, precLowest)
		p.WriteString(" => ")
	}
	p.expr(e.ValExpr, precLowest)
	if e.Group {
		p.WriteString("...")
	}
	if e.CondExpr != nil {
		p.WriteString(" if ")
		p.expr(e.CondExpr, precLowest)
	}
	p.WriteString(close)
}

// templateParts prints the inside of a quoted template.
func (p *printer) templateParts(parts []hclsyntax.Expression) {
	for _, part := range parts {
		switch part := part.(type) {
		case *hclsyntax.LiteralValueExpr:
			if part.Val.Type() == cty.String && part.Val.IsKnown() && !part.Val.IsNull() {
				p.WriteString(escapeTemplate(part.Val.AsString()))
				continue
			}
			p.WriteString("${")
			p.expr(part, precLowest)
			p.WriteByte('}')
		case *hclsyntax.TemplateJoinExpr:
			fe, ok := part.Tuple.(*hclsyntax.ForExpr)
			if !ok {
				p.WriteString("${")
				p.expr(part.Tuple, precLowest)
				p.WriteByte('}')
				continue
			}
			p.WriteString("%{ for ")
			if fe.KeyVar != "" {
				p.WriteString(fe.KeyVar + ", ")
			}
			p.WriteString(fe.ValVar + " in ")
			p.expr(fe.CollExpr, precLowest)
			p.WriteString(" }")
			if te, ok := fe.ValExpr.(*hclsyntax.TemplateExpr); ok {
				p.templateParts(te.Parts)
			} else {
				p.WriteString("${")
				p.expr(fe.ValExpr, precLowest)
				p.WriteByte('}')
			}
			p.WriteString("%{ endfor }")
		default:
			p.WriteString("${")
			p.expr(part, precLowest)
			p.WriteByte('}')
		}
	}
}

// escapeTemplate escapes literal text for a quoted HCL template.
func escapeTemplate(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\\':
			b.WriteString(`\\`)
		case ch == '"':
			b.WriteString(`\"`)
		case ch == '\n':
			b.WriteString(`\n`)
		case ch == '\r':
			b.WriteString(`\r`)
		case ch == '\t':
			b.WriteString(`\t`)
		case (ch == '$' || ch == '%') && i+1 < len(s) && s[i+1] == '{':
			b.WriteByte(ch)
			b.WriteByte(ch)
		case ch < 0x20 || ch == 0x7f:
			fmt.Fprintf(&b, `\u%04x`, ch)
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

func (p *printer) traversal(t hcl.Traversal) {
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			p.WriteString(s.Name)
		case hcl.TraverseAttr:
			p.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			// x["name"] and x.name select the same; print one spelling.
			if s.Key.Type() == cty.String && s.Key.IsKnown() && !s.Key.IsNull() && hclsyntax.ValidIdentifier(s.Key.AsString()) {
				p.WriteString("." + s.Key.AsString())
				continue
			}
			p.WriteByte('[')
			p.value(s.Key)
			p.WriteByte(']')
		case hcl.TraverseSplat:
			p.WriteString("[*]")
		}
	}
}

// value prints a constant as HCL.
func (p *printer) value(v cty.Value) {
	switch {
	case v.IsNull():
		p.WriteString("null")
	case !v.IsKnown():
		p.WriteString("<unknown>")
	case v.Type() == cty.String:
		p.WriteString(`"` + escapeTemplate(v.AsString()) + `"`)
	case v.Type() == cty.Number:
		p.WriteString(v.AsBigFloat().Text('g', -1))
	case v.Type() == cty.Bool:
		if v.True() {
			p.WriteString("true")
		} else {
			p.WriteString("false")
		}
	default:
		p.Write(hclwrite.TokensForValue(v).Bytes())
	}
}

// Canonical prints the policy block in canonical form: the normalized
// source of every expression, laid out by hclwrite.Format. Parse of the
// result yields a policy Classify calls identical to p.
func (p *Policy) Canonical() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "policy %q {\n", p.Name)
	if p.TopKSource != "" {
		fmt.Fprintf(&b, "top_k = %s\n", p.TopKSource)
	}
	for _, c := range p.Categories {
		fmt.Fprintf(&b, "\ncategory \"%s\" {\nmatch = %s\ncap = %d\nscore = %s\n}\n", escapeTemplate(c.Name), c.MatchSource, c.Cap, c.ScoreSource)
	}
	b.WriteString("}\n")
	return hclwrite.Format(b.Bytes())
}

// canonicalBlock is Source when the file's bytes are not known: the
// canonical block, plus whatever budget-carrying attributes and blocks it
// had (so a refused budget edit still shows what it tried to set).
func canonicalBlock(p *Policy, sb *hclsyntax.Body) []byte {
	out := p.Canonical()
	if !p.CarriesBudget {
		return out
	}
	var extra bytes.Buffer
	for _, attr := range sortedAttributes(sb.Attributes) {
		if isBudgetName(attr.Name) {
			fmt.Fprintf(&extra, "%s = %s\n", attr.Name, exprSource(attr.Expr))
		}
	}
	for _, blk := range sb.Blocks {
		if isBudgetName(blk.Type) {
			printBody(&extra, blk)
		}
	}
	out = bytes.TrimSuffix(bytes.TrimRight(out, "\n"), []byte("}"))
	out = append(out, extra.Bytes()...)
	out = append(out, "}\n"...)
	return hclwrite.Format(out)
}

func printBody(b *bytes.Buffer, blk *hclsyntax.Block) {
	b.WriteString(blk.Type)
	for _, l := range blk.Labels {
		fmt.Fprintf(b, " \"%s\"", escapeTemplate(l))
	}
	b.WriteString(" {\n")
	for _, attr := range sortedAttributes(blk.Body.Attributes) {
		fmt.Fprintf(b, "%s = %s\n", attr.Name, exprSource(attr.Expr))
	}
	for _, nested := range blk.Body.Blocks {
		printBody(b, nested)
	}
	b.WriteString("}\n")
}
