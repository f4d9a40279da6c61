// Package configschema turns the config schema a plugin declares in
// Describe (sdk.ConfigAttribute) into HCL: the spec a `config { }` block
// is decoded against, and the decoded constants as the JSON object
// Configure receives. The host's plugin loader and the conformance kit
// (sdk/sdktest) both decode with it, so a config the kit accepts is one
// the host accepts. It lives apart from package sdk so that a plugin
// binary, which only serves, does not link HCL.
package configschema

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/compactguard/compactguard/sdk"
)

// Types lists the attribute types a schema may declare.
func Types() []string { return []string{"string", "number", "bool", "list(string)", "map(string)"} }

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
	return cty.NilType, fmt.Errorf("type %q is not one of %s", t, strings.Join(Types(), ", "))
}

// Spec builds the hcldec spec of a declared schema. A schema that cannot
// be used (an invalid name, a name twice, an unknown type) is the
// plugin's bug, and the error says so.
func Spec(schema []sdk.ConfigAttribute) (hcldec.ObjectSpec, error) {
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

// Decoded is a config block evaluated against a schema.
type Decoded struct {
	// JSON is the object Configure receives: every attribute set, as a
	// constant (unset optional attributes are left out).
	JSON json.RawMessage
	// Ranges locates each attribute that was set, and Block the body
	// itself, for pointing Configure's diagnostics at the config file.
	Ranges map[string]hcl.Range
	Block  hcl.Range
}

// Decode evaluates body against schema in ectx (nil: no variables). An
// attribute the schema does not declare, a missing required one or a
// value of the wrong type comes back as diagnostics; the error is for a
// schema that cannot be used or a value that cannot be encoded.
func Decode(body hcl.Body, schema []sdk.ConfigAttribute, ectx *hcl.EvalContext) (*Decoded, hcl.Diagnostics, error) {
	ospec, err := Spec(schema)
	if err != nil {
		return nil, nil, err
	}
	val, diags := hcldec.Decode(body, ospec, ectx)
	if diags.HasErrors() {
		return nil, diags, nil
	}
	out := &Decoded{Ranges: map[string]hcl.Range{}, Block: body.MissingItemRange()}
	obj := map[string]json.RawMessage{}
	for name, as := range ospec {
		v := val.GetAttr(name)
		if v.IsNull() {
			continue
		}
		rng := hcldec.SourceRange(body, as)
		out.Ranges[name] = rng
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
