package plugins

import (
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/configschema"
)

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

// decodedConfig is a plugin's config block evaluated against its schema
// (see configschema.Decoded).
type decodedConfig struct{ *configschema.Decoded }

// decodeConfig evaluates the spec's config body against schema with the
// code the conformance kit uses too (sdk/configschema). An attribute the
// schema does not declare is an error.
func decodeConfig(spec Spec, schema []sdk.ConfigAttribute, ectx *hcl.EvalContext) (*decodedConfig, hcl.Diagnostics, error) {
	body := spec.Config
	if body == nil {
		// No config block: decode an empty body placed at the plugin
		// block, so "missing required argument" points there.
		body = &hclsyntax.Body{SrcRange: spec.DeclRange, EndRange: spec.DeclRange}
	}
	d, diags, err := configschema.Decode(body, schema, ectx)
	if d == nil {
		return nil, diags, err
	}
	return &decodedConfig{d}, diags, nil
}

// configureDiags turns Configure's error diagnostics into HCL diagnostics
// located at the attribute they name (or the config block).
func (c *decodedConfig) configureDiags(ds sdk.Diagnostics) hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, d := range ds {
		if d.Severity == sdk.SeverityWarning {
			continue
		}
		rng := c.Block
		summary := d.Summary
		if d.Attribute != "" {
			if r, ok := c.Ranges[d.Attribute]; ok {
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
