package policy

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Policy is one compiled retention policy. It is immutable once decoded and
// safe for concurrent use by several goroutines (the only shared mutable
// part, the regex cache, is locked).
//
// Build a Policy with Decode, DecodeWithSource or Parse; a Policy written as
// a struct literal has no compiled expressions and its methods return
// ErrNotCompiled.
type Policy struct {
	// Name is the policy's label (`policy "NAME"`).
	Name string
	// TopK is the constant number of spans each category may retain, when
	// TopKConstant is true. When top_k references `context` it is evaluated
	// per call (see TopKFor) and TopK is 0.
	TopK int
	// TopKConstant reports whether top_k is a constant. A score-only edit
	// is only accepted for a constant top_k (invariant 2): a top_k that
	// grows with the context is an unbounded selection.
	TopKConstant bool
	// TopKExpr is the compiled top_k expression and TopKSource its
	// normalized source text (see Category.MatchSource).
	TopKExpr   hcl.Expression
	TopKSource string
	// Categories are the policy's categories in declaration order.
	Categories []*Category
	// CarriesBudget is set when the block has an attribute or block named
	// budget, budget_tokens or tokens. Such a policy is not a compaction
	// edit at all: the host refuses it as budget_change_requires_authority
	// (invariant 4) and must be able to tell it apart from a plain invalid
	// policy, so it is not a parse error.
	CarriesBudget bool
	// Source is the HCL text of the whole block: the bytes as written when
	// they are known (Parse, DecodeWithSource), otherwise the canonical
	// text Canonical prints. The guard stores it with a rejected proposal
	// so the proposal can be shown; Parse(Source) yields the same policy.
	Source []byte
	// Range is the block's declaration range (type and labels).
	Range hcl.Range

	c *compiled
}

// Category is one retention category of a policy: the spans that satisfy
// Match, ranked by Score, at most the policy's top_k of them and at most Cap
// tokens in all.
type Category struct {
	// Name is the category's label, unique in its policy.
	Name string
	// Cap is the category's token cap, a positive constant.
	Cap int
	// Match and Score are compiled once, at decode time, and evaluated per
	// span: Match must yield a bool, Score a number in [0,1].
	Match, Score hcl.Expression
	// MatchSource and ScoreSource are the expressions' normalized source
	// text: printed from the syntax tree with canonical spacing, no
	// comments and only the parentheses precedence needs, so reformatting a
	// policy does not read as an edit. Classify compares them.
	MatchSource, ScoreSource string
	// Range is the category block's declaration range.
	Range hcl.Range

	// matchPlan and scorePlan are the expressions compiled to Go (see
	// plan); nil when an expression is evaluated by HCL alone.
	matchPlan, scorePlan *plan
}

// isBudgetName reports whether an attribute or block name at the policy
// level carries a token budget. A policy never carries one (invariant 4);
// see Policy.CarriesBudget.
func isBudgetName(name string) bool {
	switch name {
	case "budget", "budget_tokens", "tokens":
		return true
	}
	return false
}

// Decode compiles the body of a `policy "NAME"` block of the configuration
// file. declRange is the block's declaration range (hcl.Block.DefRange).
// Without the file's bytes, Source is the canonical text; use
// DecodeWithSource to keep the bytes as written.
//
// Diagnostics carry file:line:col ranges. When they hold errors the
// returned Policy, if not nil, is only as complete as decoding got: use it
// to read Name, Source and CarriesBudget (so a budget-carrying edit is
// refused as such), never to evaluate.
func Decode(name string, body hcl.Body, declRange hcl.Range) (*Policy, hcl.Diagnostics) {
	return DecodeWithSource(name, body, declRange, nil)
}

// DecodeWithSource is Decode with the bytes of the file the block was
// parsed from, so Source holds the block exactly as written (from the start
// of declRange to the closing brace). file may be nil.
func DecodeWithSource(name string, body hcl.Body, declRange hcl.Range, file []byte) (*Policy, hcl.Diagnostics) {
	sb, ok := body.(*hclsyntax.Body)
	if !ok {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Unsupported policy syntax",
			Detail:   fmt.Sprintf("Policy %q must be written in HCL native syntax; its expressions are compiled by the host.", name),
			Subject:  declRange.Ptr(),
		}}
	}
	p := &Policy{Name: name, Range: declRange}
	var diags hcl.Diagnostics
	if strings.TrimSpace(name) == "" {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Invalid policy name",
			Detail:   "A policy needs a non-empty name.",
			Subject:  declRange.Ptr(),
		})
	}
	c := newCompiled()

	for _, attr := range sortedAttributes(sb.Attributes) {
		switch {
		case attr.Name == "top_k":
			diags = append(diags, p.decodeTopK(c, attr)...)
		case isBudgetName(attr.Name):
			p.CarriesBudget = true
		default:
			diags = append(diags, unsupportedArgument(attr, "policy", "top_k"))
		}
	}
	seen := map[string]*Category{}
	for _, blk := range sb.Blocks {
		switch {
		case blk.Type == "category":
			cat, cdiags := decodeCategory(c, blk)
			diags = append(diags, cdiags...)
			if cat == nil {
				continue
			}
			if first, dup := seen[cat.Name]; dup {
				diags = append(diags, &hcl.Diagnostic{
					Severity: hcl.DiagError,
					Summary:  "Duplicate category",
					Detail:   fmt.Sprintf("Category %q is already defined at %s; each category of a policy needs its own name.", cat.Name, first.Range),
					Subject:  blk.DefRange().Ptr(),
				})
				continue
			}
			seen[cat.Name] = cat
			p.Categories = append(p.Categories, cat)
		case isBudgetName(blk.Type):
			p.CarriesBudget = true
		default:
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Unsupported block type",
				Detail:   fmt.Sprintf("Blocks of type %q are not expected in a policy; only category blocks are.", blk.Type),
				Subject:  blk.TypeRange.Ptr(),
			})
		}
	}
	if _, ok := sb.Attributes["top_k"]; !ok {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Missing required argument",
			Detail:   fmt.Sprintf("Policy %q needs top_k, a positive whole number of spans each category may retain.", name),
			Subject:  sb.MissingItemRange().Ptr(),
		})
	}
	if len(p.Categories) == 0 && !hasBlock(sb, "category") {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Missing category",
			Detail:   fmt.Sprintf("Policy %q needs at least one category block.", name),
			Subject:  sb.MissingItemRange().Ptr(),
		})
	}

	p.Source = blockSource(file, declRange, sb)
	if p.Source == nil {
		p.Source = canonicalBlock(p, sb)
	}
	if !diags.HasErrors() {
		c.finalize()
		p.c = c
	}
	return p, diags
}

// Parse compiles HCL text holding exactly one policy block, as a policy
// plugin proposes it (ProposePolicyResponse.PolicyHCL). filename names the
// text in diagnostics, e.g. "plugin policy.phase". Source is src's block as
// written. The same rules as Decode apply, through the same code.
//
// The text is held to DefaultLimits before it is parsed: it comes from a
// tenant or a plugin, and the parser recurses.
func Parse(src []byte, filename string) (*Policy, hcl.Diagnostics) {
	return ParseWithLimits(src, filename, DefaultLimits())
}

// ParseWithLimits is Parse with other limits: the text limits before the
// parser, then the collection and step limits on the decoded policy (see
// Limits). A policy over a limit is an error diagnostic naming the limit.
func ParseWithLimits(src []byte, filename string, lim Limits) (*Policy, hcl.Diagnostics) {
	if diags := CheckLimits(src, filename, lim); diags.HasErrors() {
		return nil, diags
	}
	f, diags := hclsyntax.ParseConfig(src, filename, hcl.InitialPos)
	if diags.HasErrors() {
		return nil, diags
	}
	body, ok := f.Body.(*hclsyntax.Body)
	if !ok {
		// hclsyntax.ParseConfig always yields a *hclsyntax.Body; anything
		// else is a broken invariant of the HCL library, reported, not
		// panicked on.
		return nil, append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Unsupported policy syntax",
			Detail:   "The policy text did not parse as HCL native syntax.",
		})
	}
	for _, attr := range sortedAttributes(body.Attributes) {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Unexpected argument",
			Detail:   fmt.Sprintf("Policy text must hold exactly one policy block and nothing else; found argument %q.", attr.Name),
			Subject:  attr.NameRange.Ptr(),
		})
	}
	var found *hclsyntax.Block
	for _, blk := range body.Blocks {
		switch {
		case blk.Type != "policy":
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Unexpected block",
				Detail:   fmt.Sprintf("Policy text must hold exactly one policy block; found a %q block.", blk.Type),
				Subject:  blk.TypeRange.Ptr(),
			})
		case len(blk.Labels) != 1:
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Invalid policy block",
				Detail:   fmt.Sprintf("A policy block has exactly one label, its name; found %d.", len(blk.Labels)),
				Subject:  blk.DefRange().Ptr(),
			})
		case found != nil:
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "More than one policy",
				Detail:   fmt.Sprintf("Policy text must hold exactly one policy block; the first is at %s.", found.DefRange()),
				Subject:  blk.DefRange().Ptr(),
			})
		default:
			found = blk
		}
	}
	if found == nil {
		if !diags.HasErrors() {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Missing policy block",
				Detail:   `Policy text must hold exactly one block policy "NAME" { ... }.`,
				Subject:  body.MissingItemRange().Ptr(),
			})
		}
		return nil, diags
	}
	if cdiags := costLimit(found.Labels[0], found.Body, found.DefRange(), lim); cdiags.HasErrors() {
		return nil, append(diags, cdiags...)
	}
	p, pdiags := DecodeWithSource(found.Labels[0], found.Body, found.DefRange(), src)
	diags = append(diags, pdiags...)
	if p != nil && diags.HasErrors() {
		p.c = nil
	}
	return p, diags
}

// decodeTopK compiles and checks top_k: a positive whole number that may
// reference context (then it is evaluated per call) but never span, since
// the number of spans kept cannot depend on the spans themselves.
func (p *Policy) decodeTopK(c *compiled, attr *hclsyntax.Attribute) hcl.Diagnostics {
	p.TopKExpr = attr.Expr
	p.TopKSource = exprSource(attr.Expr)
	diags := c.checkExpr(attr.Expr, "top_k", false, true)
	if diags.HasErrors() {
		return diags
	}
	if len(attr.Expr.Variables()) > 0 {
		return c.typeCheck(attr.Expr, "top_k", cty.Number)
	}
	n, ndiags := c.constantInt(attr.Expr, "top_k", "a positive whole number of spans")
	if ndiags.HasErrors() {
		return ndiags
	}
	p.TopK = n
	p.TopKConstant = true
	return nil
}

// decodeCategory compiles one category block.
func decodeCategory(c *compiled, blk *hclsyntax.Block) (*Category, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	if len(blk.Labels) != 1 {
		return nil, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Invalid category block",
			Detail:   fmt.Sprintf("A category block has exactly one label, its name; found %d.", len(blk.Labels)),
			Subject:  blk.DefRange().Ptr(),
		}}
	}
	cat := &Category{Name: blk.Labels[0], Range: blk.DefRange()}
	if strings.TrimSpace(cat.Name) == "" {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Invalid category name",
			Detail:   "A category needs a non-empty name.",
			Subject:  blk.LabelRanges[0].Ptr(),
		})
	}
	body := blk.Body
	for _, attr := range sortedAttributes(body.Attributes) {
		switch attr.Name {
		case "match":
			cat.Match = attr.Expr
			cat.MatchSource = exprSource(attr.Expr)
			d := c.checkExpr(attr.Expr, "match", true, true)
			if !d.HasErrors() {
				d = c.typeCheck(attr.Expr, "match", cty.Bool)
			}
			if !d.HasErrors() {
				cat.matchPlan = c.planExpr(attr.Expr, cty.Bool)
			}
			diags = append(diags, d...)
		case "score":
			cat.Score = attr.Expr
			cat.ScoreSource = exprSource(attr.Expr)
			d := c.checkExpr(attr.Expr, "score", true, true)
			if !d.HasErrors() {
				d = c.typeCheck(attr.Expr, "score", cty.Number)
			}
			if !d.HasErrors() {
				cat.scorePlan = c.planExpr(attr.Expr, cty.Number)
			}
			diags = append(diags, d...)
		case "cap":
			d := c.checkExpr(attr.Expr, "cap", false, false)
			if !d.HasErrors() {
				cat.Cap, d = c.constantInt(attr.Expr, "cap", "a positive whole number of tokens")
			}
			diags = append(diags, d...)
		default:
			diags = append(diags, unsupportedArgument(attr, "category", "match, cap, score"))
		}
	}
	for _, nested := range body.Blocks {
		diags = append(diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Unsupported block type",
			Detail:   fmt.Sprintf("Blocks of type %q are not expected in a category.", nested.Type),
			Subject:  nested.TypeRange.Ptr(),
		})
	}
	for _, req := range []string{"match", "cap", "score"} {
		if _, ok := body.Attributes[req]; !ok {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Missing required argument",
				Detail:   fmt.Sprintf("Category %q needs %s.", cat.Name, requiredDetail(req)),
				Subject:  body.MissingItemRange().Ptr(),
			})
		}
	}
	return cat, diags
}

// requiredDetail says what a missing category argument should be.
func requiredDetail(name string) string {
	switch name {
	case "match":
		return "match, a bool expression over span and context"
	case "cap":
		return "cap, a positive whole number of tokens"
	default:
		return "score, a number in [0,1] over span and context"
	}
}

// constantInt evaluates a variable-free expression that must be a positive
// whole number fitting an int.
func (c *compiled) constantInt(expr hclsyntax.Expression, what, want string) (int, hcl.Diagnostics) {
	v, diags := expr.Value(c.constCtx())
	if diags.HasErrors() {
		return 0, diags
	}
	bad := func(detail string) (int, hcl.Diagnostics) {
		return 0, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  fmt.Sprintf("Invalid %s", what),
			Detail:   fmt.Sprintf("%s must be %s; %s.", what, want, detail),
			Subject:  expr.Range().Ptr(),
		}}
	}
	if v.IsNull() || !v.IsWhollyKnown() {
		return bad("it has no value")
	}
	if v.Type() != cty.Number {
		return bad("it is a " + v.Type().FriendlyName())
	}
	f := v.AsBigFloat()
	if !f.IsInt() || f.IsInf() {
		return bad(fmt.Sprintf("%s is not a whole number", f.Text('g', 10)))
	}
	if f.Sign() <= 0 {
		return bad(fmt.Sprintf("%s is not positive", f.Text('g', 10)))
	}
	if f.Cmp(new(big.Float).SetInt64(math.MaxInt32)) > 0 {
		return bad(fmt.Sprintf("%s is too large (at most %d)", f.Text('g', 10), math.MaxInt32))
	}
	n, _ := f.Int64()
	return int(n), nil
}

func unsupportedArgument(attr *hclsyntax.Attribute, where, allowed string) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Unsupported argument",
		Detail:   fmt.Sprintf("An argument named %q is not expected in a %s; expected %s.", attr.Name, where, allowed),
		Subject:  attr.NameRange.Ptr(),
	}
}

// sortedAttributes returns a body's attributes in source order, so
// diagnostics come out in a stable, readable order.
func sortedAttributes(attrs hclsyntax.Attributes) []*hclsyntax.Attribute {
	out := make([]*hclsyntax.Attribute, 0, len(attrs))
	for _, a := range attrs {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SrcRange.Start.Byte < out[j].SrcRange.Start.Byte })
	return out
}

func hasBlock(b *hclsyntax.Body, typ string) bool {
	for _, blk := range b.Blocks {
		if blk.Type == typ {
			return true
		}
	}
	return false
}

// blockSource cuts the block out of the file it was parsed from: from the
// start of its declaration to its closing brace. It returns nil when the
// bytes are not known or do not fit the ranges.
func blockSource(file []byte, declRange hcl.Range, body *hclsyntax.Body) []byte {
	start, end := declRange.Start.Byte, body.SrcRange.End.Byte
	if file == nil || declRange.Filename != body.SrcRange.Filename || start < 0 || end > len(file) || start >= end {
		return nil
	}
	out := make([]byte, end-start)
	copy(out, file[start:end])
	return out
}
