package policy

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

// compiled is the per-policy evaluation state built once at decode time:
// the function library (whose regex function closes over this policy's
// pattern cache) and which parts of a span the expressions read, so the
// host builds only those per span.
type compiled struct {
	funcs   map[string]function.Function
	regexes *regexCache

	// spanAttrs are the span attributes some expression reads; allSpan is
	// set when an expression reads `span` as a whole.
	spanAttrs map[string]bool
	allSpan   bool
	// metaKeys are the meta keys expressions read by name (span.meta.tool,
	// span.meta["tool"]); a key absent from a span reads as "". allMeta is
	// set when meta is read as a whole (iterated, indexed by a computed
	// key), in which case every key of the span is present too.
	metaKeys map[string]bool
	allMeta  bool
	// need lists the span attributes to build per span, set by finalize.
	need []string
}

// finalize fixes which span attributes are built per span, once every
// expression has been checked.
func (c *compiled) finalize() {
	c.need = c.need[:0]
	for _, n := range spanAttrNames() {
		if c.allSpan || c.spanAttrs[n] {
			c.need = append(c.need, n)
		}
	}
	if c.allSpan {
		c.allMeta = true
	}
}

func newCompiled() *compiled {
	c := &compiled{
		regexes:   &regexCache{m: map[string]*regexp.Regexp{}},
		spanAttrs: map[string]bool{},
		metaKeys:  map[string]bool{},
	}
	c.funcs = functions(c.regexes)
	return c
}

// spanAttrType is the type of each attribute of the `span` variable.
func spanAttrType(name string) (cty.Type, bool) {
	switch name {
	case "id", "kind", "text":
		return cty.String, true
	case "tokens", "turn", "age", "recency":
		return cty.Number, true
	case "meta":
		return cty.Map(cty.String), true
	case "tags":
		return cty.List(cty.String), true
	}
	return cty.NilType, false
}

// spanAttrNames lists the `span` attributes, for messages and types.
func spanAttrNames() []string {
	return []string{"id", "kind", "text", "tokens", "turn", "age", "recency", "meta", "tags"}
}

// contextAttrNames lists the `context` attributes; both are numbers.
func contextAttrNames() []string { return []string{"turn", "live_tokens"} }

func spanType() cty.Type {
	attrs := map[string]cty.Type{}
	for _, n := range spanAttrNames() {
		attrs[n], _ = spanAttrType(n)
	}
	return cty.Object(attrs)
}

func contextType() cty.Type {
	return cty.Object(map[string]cty.Type{"turn": cty.Number, "live_tokens": cty.Number})
}

// FunctionNames lists the function library of the policy language, sorted.
// It is fixed: a policy that calls anything else does not decode.
func FunctionNames() []string {
	fs := functions(&regexCache{m: map[string]*regexp.Regexp{}})
	out := make([]string, 0, len(fs))
	for n := range fs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// functions builds the function library. regex compiles through cache.
//
//	regex(pattern, string)     bool: RE2 pattern matches somewhere in string
//	contains(string, substr)   bool: substring test
//	contains(list, value)      bool: list (set, tuple) has an element equal to value
//	startswith(string, prefix) bool
//	endswith(string, suffix)   bool
//	lower(string), upper(string)
//	length(string|list|map)    characters of a string, elements of a collection
//	min(n...), max(n...), abs(n), floor(n), ceil(n)
//	coalesce(v...)             first argument that is not null or ""
func functions(cache *regexCache) map[string]function.Function {
	return map[string]function.Function{
		"regex":      regexFunc(cache),
		"contains":   containsFunc(),
		"startswith": affixFunc(strings.HasPrefix, "prefix"),
		"endswith":   affixFunc(strings.HasSuffix, "suffix"),
		"lower":      stdlib.LowerFunc,
		"upper":      stdlib.UpperFunc,
		"length":     lengthFunc(),
		"min":        stdlib.MinFunc,
		"max":        stdlib.MaxFunc,
		"abs":        stdlib.AbsoluteFunc,
		"floor":      stdlib.FloorFunc,
		"ceil":       stdlib.CeilFunc,
		"coalesce":   stdlib.CoalesceFunc,
	}
}

// regexCache holds the compiled patterns of one policy. Constant patterns
// are compiled at decode time (a bad one is a diagnostic); computed ones on
// first use, up to maxCachedPatterns.
type regexCache struct {
	mu sync.RWMutex
	m  map[string]*regexp.Regexp
}

// maxCachedPatterns bounds the cache against a pattern computed from span
// text, which would otherwise grow it with every span.
const maxCachedPatterns = 256

func (rc *regexCache) get(pattern string) (*regexp.Regexp, error) {
	rc.mu.RLock()
	re, ok := rc.m[pattern]
	rc.mu.RUnlock()
	if ok {
		return re, nil
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, fmt.Errorf("compiling RE2 pattern %q: %w", pattern, err)
	}
	rc.mu.Lock()
	if len(rc.m) < maxCachedPatterns {
		rc.m[pattern] = re
	}
	rc.mu.Unlock()
	return re, nil
}

func regexFunc(cache *regexCache) function.Function {
	return function.New(&function.Spec{
		Description: "Reports whether the RE2 pattern matches somewhere in the string.",
		Params: []function.Parameter{
			{Name: "pattern", Type: cty.String},
			{Name: "string", Type: cty.String},
		},
		Type: function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			re, err := cache.get(args[0].AsString())
			if err != nil {
				return cty.UnknownVal(cty.Bool), function.NewArgError(0, err)
			}
			return cty.BoolVal(re.MatchString(args[1].AsString())), nil
		},
	})
}

// containsFunc is contains: a substring test on a string, an element test
// on a list, set or tuple.
func containsFunc() function.Function {
	return function.New(&function.Spec{
		Description: "Reports whether a string contains a substring, or a list an element.",
		Params: []function.Parameter{
			{Name: "haystack", Type: cty.DynamicPseudoType},
			{Name: "needle", Type: cty.DynamicPseudoType},
		},
		Type: func(args []cty.Value) (cty.Type, error) {
			t := args[0].Type()
			switch {
			case t == cty.String:
				if nt := args[1].Type(); nt != cty.String && nt != cty.DynamicPseudoType {
					return cty.NilType, function.NewArgErrorf(1, "contains on a string needs a string to look for, not %s", nt.FriendlyName())
				}
				return cty.Bool, nil
			case t == cty.DynamicPseudoType:
				return cty.Bool, nil
			case t.IsListType(), t.IsSetType(), t.IsTupleType():
				return cty.Bool, nil
			}
			return cty.NilType, function.NewArgErrorf(0, "contains needs a string or a list, not %s", t.FriendlyName())
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			hay, needle := args[0], args[1]
			if hay.Type() == cty.String {
				if needle.Type() != cty.String {
					return cty.UnknownVal(cty.Bool), function.NewArgErrorf(1, "contains on a string needs a string to look for, not %s", needle.Type().FriendlyName())
				}
				return cty.BoolVal(strings.Contains(hay.AsString(), needle.AsString())), nil
			}
			for it := hay.ElementIterator(); it.Next(); {
				_, el := it.Element()
				if !el.IsKnown() || el.IsNull() || !el.Type().Equals(needle.Type()) {
					continue
				}
				if el.RawEquals(needle) {
					return cty.True, nil
				}
			}
			return cty.False, nil
		},
	})
}

func affixFunc(test func(s, affix string) bool, name string) function.Function {
	return function.New(&function.Spec{
		Description: "Reports whether the string begins (or ends) with the " + name + ".",
		Params: []function.Parameter{
			{Name: "string", Type: cty.String},
			{Name: name, Type: cty.String},
		},
		Type: function.StaticReturnType(cty.Bool),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			return cty.BoolVal(test(args[0].AsString(), args[1].AsString())), nil
		},
	})
}

// lengthFunc counts the characters of a string (grapheme clusters, as
// stdlib.Strlen) or the elements of a collection.
func lengthFunc() function.Function {
	return function.New(&function.Spec{
		Description: "Returns the number of characters of a string or elements of a collection.",
		Params:      []function.Parameter{{Name: "value", Type: cty.DynamicPseudoType}},
		Type: func(args []cty.Value) (cty.Type, error) {
			t := args[0].Type()
			if t == cty.String || t == cty.DynamicPseudoType || t.IsListType() || t.IsMapType() || t.IsSetType() || t.IsTupleType() || t.IsObjectType() {
				return cty.Number, nil
			}
			return cty.NilType, function.NewArgErrorf(0, "length needs a string or a collection, not %s", t.FriendlyName())
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			if args[0].Type() == cty.String {
				return stdlib.Strlen(args[0])
			}
			if args[0].Type().IsObjectType() {
				return cty.NumberIntVal(int64(len(args[0].Type().AttributeTypes()))), nil
			}
			return args[0].Length(), nil
		},
	})
}

// constCtx is the evaluation context of constants: functions, no
// variables.
func (c *compiled) constCtx() *hcl.EvalContext {
	return &hcl.EvalContext{Functions: c.funcs}
}

// checkExpr checks what an expression may reference: only library
// functions, and span (when allowSpan) and context (when allowContext) with
// their known attributes. It records the span attributes and meta keys read,
// and compiles constant regex patterns into the cache.
func (c *compiled) checkExpr(expr hclsyntax.Expression, what string, allowSpan, allowContext bool) hcl.Diagnostics {
	var diags hcl.Diagnostics
	hclsyntax.VisitAll(expr, func(n hclsyntax.Node) hcl.Diagnostics {
		call, ok := n.(*hclsyntax.FunctionCallExpr)
		if !ok {
			return nil
		}
		if _, known := c.funcs[call.Name]; !known {
			diags = append(diags, &hcl.Diagnostic{
				Severity: hcl.DiagError,
				Summary:  "Call to unknown function",
				Detail:   fmt.Sprintf("There is no function named %q in the policy language; %s may call %s.", call.Name, what, strings.Join(FunctionNames(), ", ")),
				Subject:  call.NameRange.Ptr(),
			})
			return nil
		}
		if call.Name == "regex" && len(call.Args) > 0 && len(call.Args[0].Variables()) == 0 {
			v, vdiags := call.Args[0].Value(c.constCtx())
			if !vdiags.HasErrors() && v.IsKnown() && !v.IsNull() && v.Type() == cty.String {
				if _, err := c.regexes.get(v.AsString()); err != nil {
					diags = append(diags, &hcl.Diagnostic{
						Severity: hcl.DiagError,
						Summary:  "Invalid regular expression",
						Detail:   fmt.Sprintf("The pattern of regex in %s is not valid RE2: %s.", what, err),
						Subject:  call.Args[0].Range().Ptr(),
					})
				}
			}
		}
		return nil
	})
	for _, t := range expr.Variables() {
		diags = append(diags, c.checkTraversal(t, what, allowSpan, allowContext)...)
	}
	return diags
}

func (c *compiled) checkTraversal(t hcl.Traversal, what string, allowSpan, allowContext bool) hcl.Diagnostics {
	root := t.RootName()
	var names []string
	switch {
	case root == "span" && allowSpan:
		names = spanAttrNames()
	case root == "context" && allowContext:
		names = contextAttrNames()
	case root == "span" && what == "top_k":
		return hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "top_k may not reference span",
			Detail:   "top_k is how many spans each category keeps; it cannot depend on a span. It may use context (then a score-only edit is refused as unbounded) or be a constant.",
			Subject:  t.SourceRange().Ptr(),
		}}
	case (root == "span" || root == "context") && what == "cap":
		return hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "cap must be a constant",
			Detail:   fmt.Sprintf("cap is a constant number of tokens; it cannot reference %s.", root),
			Subject:  t.SourceRange().Ptr(),
		}}
	default:
		return hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Unknown variable",
			Detail:   fmt.Sprintf("There is no variable named %q; %s may use %s.", root, what, allowedVariables(allowSpan, allowContext)),
			Subject:  t.SourceRange().Ptr(),
		}}
	}
	if len(t) < 2 {
		if root == "span" {
			c.allSpan = true
		}
		return nil
	}
	attr, ok := stepName(t[1])
	if !ok {
		if root == "span" {
			c.allSpan = true
		}
		return nil
	}
	if !contains(names, attr) {
		return hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  "Unsupported attribute",
			Detail:   fmt.Sprintf("%s has no attribute %q; it has %s.", root, attr, strings.Join(names, ", ")),
			Subject:  t[1].SourceRange().Ptr(),
		}}
	}
	if root != "span" {
		return nil
	}
	c.spanAttrs[attr] = true
	if attr == "meta" {
		key, ok := "", false
		if len(t) > 2 {
			key, ok = stepName(t[2])
		}
		if ok {
			c.metaKeys[key] = true
		} else {
			c.allMeta = true
		}
	}
	return nil
}

// stepName is the name an attribute step or a constant string index step
// selects.
func stepName(step hcl.Traverser) (string, bool) {
	switch s := step.(type) {
	case hcl.TraverseAttr:
		return s.Name, true
	case hcl.TraverseIndex:
		if s.Key.IsKnown() && !s.Key.IsNull() && s.Key.Type() == cty.String {
			return s.Key.AsString(), true
		}
	}
	return "", false
}

func allowedVariables(allowSpan, allowContext bool) string {
	switch {
	case allowSpan && allowContext:
		return "span and context"
	case allowContext:
		return "only context"
	}
	return "no variables"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// typeCheck evaluates expr once over unknown span and context values, which
// checks function arity and argument types and gives the result type: want
// (or a type only known per span, checked then).
func (c *compiled) typeCheck(expr hclsyntax.Expression, what string, want cty.Type) hcl.Diagnostics {
	ctx := &hcl.EvalContext{
		Variables: map[string]cty.Value{
			"span":    cty.UnknownVal(spanType()),
			"context": cty.UnknownVal(contextType()),
		},
		Functions: c.funcs,
	}
	v, diags := expr.Value(ctx)
	if diags.HasErrors() {
		return diags
	}
	t := v.Type()
	if t == cty.DynamicPseudoType || t.Equals(want) {
		return diags
	}
	return append(diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  fmt.Sprintf("Invalid %s", what),
		Detail:   fmt.Sprintf("%s must be %s, but this expression is a %s.", what, wantName(what), t.FriendlyName()),
		Subject:  expr.Range().Ptr(),
	})
}

func wantName(what string) string {
	switch what {
	case "match":
		return "a bool"
	case "score":
		return "a number in [0,1]"
	}
	return "a number"
}
