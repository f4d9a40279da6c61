package plugins

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/compactguard/compactguard/sdk"
)

// ctyType maps a ConfigAttribute's declared type to a cty type.
func ctyType(t string) (cty.Type, error) {
	switch strings.ReplaceAll(t, " ", "") {
	case "string":
		return cty.String, nil
	case "number":
		return cty.Number, nil
	case "bool":
		return cty.Bool, nil
	case "list(string)":
		return cty.List(cty.String), nil
	case "map(string)":
		return cty.Map(cty.String), nil
	}
	return cty.NilType, fmt.Errorf("type %q is not one of string, number, bool, list(string), map(string)", t)
}

// configSpec builds the hcldec spec of a plugin's declared schema. A
// schema the host cannot use (unknown type, a name twice) is the plugin's
// bug, reported as such.
func configSpec(schema []sdk.ConfigAttribute) (hcldec.ObjectSpec, error) {
	spec := hcldec.ObjectSpec{}
	for _, a := range schema {
		if !hclsyntax.ValidIdentifier(a.Name) {
			return nil, fmt.Errorf("the plugin declares a config attribute with the invalid name %q", a.Name)
		}
		if _, dup := spec[a.Name]; dup {
			return nil, fmt.Errorf("the plugin declares config attribute %q twice", a.Name)
		}
		ty, err := ctyType(a.Type)
		if err != nil {
			return nil, fmt.Errorf("the plugin declares config attribute %q with an unsupported %v", a.Name, err)
		}
		spec[a.Name] = &hcldec.AttrSpec{Name: a.Name, Type: ty, Required: a.Required}
	}
	return spec, nil
}

// defaultEvalContext exposes the host environment as the map variable
// `env`, so a config can say `endpoint = env.SCORER_URL`. The value is
// evaluated by the host and sent as a constant; the variable itself still
// does not reach the plugin's environment.
func defaultEvalContext() *hcl.EvalContext {
	vars := map[string]cty.Value{}
	for _, kv := range os.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok && hclsyntax.ValidIdentifier(k) {
			vars[k] = cty.StringVal(v)
		}
	}
	env := cty.MapValEmpty(cty.String)
	if len(vars) > 0 {
		env = cty.MapVal(vars)
	}
	return &hcl.EvalContext{Variables: map[string]cty.Value{"env": env}}
}

// decodedConfig is a plugin's config block evaluated against its schema.
type decodedConfig struct {
	JSON json.RawMessage
	// ranges locates each attribute that was set, for Configure's
	// diagnostics; block is the config body's own range.
	ranges map[string]hcl.Range
	block  hcl.Range
}

// decodeConfig evaluates body against schema and encodes the constant
// values as a JSON object (unset optional attributes are left out). An
// attribute the schema does not declare is an error.
func decodeConfig(spec Spec, schema []sdk.ConfigAttribute, ectx *hcl.EvalContext) (*decodedConfig, hcl.Diagnostics, error) {
	ospec, err := configSpec(schema)
	if err != nil {
		return nil, nil, err
	}
	body := spec.Config
	if body == nil {
		// No config block: decode an empty body placed at the plugin
		// block, so "missing required argument" points there.
		body = &hclsyntax.Body{SrcRange: spec.Range, EndRange: spec.Range}
	}
	val, diags := hcldec.Decode(body, ospec, ectx)
	if diags.HasErrors() {
		return nil, diags, nil
	}
	out := &decodedConfig{ranges: map[string]hcl.Range{}, block: body.MissingItemRange()}
	obj := map[string]json.RawMessage{}
	for name, as := range ospec {
		v := val.GetAttr(name)
		if v.IsNull() {
			continue
		}
		rng := hcldec.SourceRange(body, as)
		out.ranges[name] = rng
		v, _ = v.UnmarkDeep()
		if !v.IsWhollyKnown() {
			return nil, hcl.Diagnostics{{
				Severity: hcl.DiagError,
				Summary:  "Config value not known",
				Detail:   fmt.Sprintf("The value of %q must be known when the plugin starts.", name),
				Subject:  &rng,
			}}, nil
		}
		b, err := ctyjson.Marshal(v, v.Type())
		if err != nil {
			return nil, nil, fmt.Errorf("encoding config attribute %q: %w", name, err)
		}
		obj[name] = b
	}
	raw, err := json.Marshal(obj)
	if err != nil {
		return nil, nil, fmt.Errorf("encoding config: %w", err)
	}
	out.JSON = raw
	return out, diags, nil
}

// configureDiags turns Configure's error diagnostics into HCL diagnostics
// located at the attribute they name (or the config block).
func (c *decodedConfig) configureDiags(ds sdk.Diagnostics) hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, d := range ds {
		if d.Severity == sdk.SeverityWarning {
			continue
		}
		rng := c.block
		summary := d.Summary
		if d.Attribute != "" {
			if r, ok := c.ranges[d.Attribute]; ok {
				rng = r
			}
			summary = fmt.Sprintf("config attribute %q: %s", d.Attribute, d.Summary)
		}
		out = append(out, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  summary,
			Detail:   d.Detail,
			Subject:  &rng,
		})
	}
	return out
}

// configError is the error of a config problem: each diagnostic as
// "file:line:col: summary; detail".
func configError(diags hcl.Diagnostics) error {
	var msgs []string
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			msgs = append(msgs, formatDiag(d))
		}
	}
	return &wrapped{msg: "invalid config: " + strings.Join(msgs, "; "), err: ErrConfig}
}
