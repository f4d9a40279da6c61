package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/agext/levenshtein"
)

// The request schemas of the committed OpenAPI document drive two checks
// encoding/json cannot make: a field the schema requires must be present
// (a missing "summary" decodes as "", which is a pure de-duplication, not
// an omission), and an unknown field gets the nearest known name as a hint.
// Reading them from the document the server publishes keeps the handlers
// and the contract from drifting apart: a field made required there is
// enforced here without another line of code.

// schemaNode is what the checks need of one schema: the required
// properties in the document's order, every property by name, and the
// schema of an array's items.
type schemaNode struct {
	required []string
	props    map[string]*schemaNode
	// desc holds a property's description, quoted in the error when the
	// property is missing so the caller learns what to send.
	desc  map[string]string
	items *schemaNode
}

// requestSchemas reads the named schemas of an OpenAPI document, resolving
// $ref within components/schemas.
func requestSchemas(doc []byte) (map[string]*schemaNode, error) {
	var raw struct {
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(doc, &raw); err != nil {
		return nil, fmt.Errorf("reading the OpenAPI document: %w", err)
	}
	out := make(map[string]*schemaNode, len(raw.Components.Schemas))
	for name := range raw.Components.Schemas {
		out[name] = &schemaNode{}
	}
	for name, body := range raw.Components.Schemas {
		if err := fillSchema(out[name], body, out); err != nil {
			return nil, fmt.Errorf("reading the OpenAPI schema %s: %w", name, err)
		}
	}
	return out, nil
}

// rawSchema is the part of a JSON Schema object the checks read.
type rawSchema struct {
	Ref         string                     `json:"$ref"`
	Required    []string                   `json:"required"`
	Properties  map[string]json.RawMessage `json:"properties"`
	Items       json.RawMessage            `json:"items"`
	Description string                     `json:"description"`
}

func fillSchema(n *schemaNode, body json.RawMessage, named map[string]*schemaNode) error {
	var rs rawSchema
	if err := json.Unmarshal(body, &rs); err != nil {
		return err
	}
	n.required = rs.Required
	for prop, pb := range rs.Properties {
		child, err := schemaOf(pb, named)
		if err != nil {
			return fmt.Errorf("%s: %w", prop, err)
		}
		if n.props == nil {
			n.props = map[string]*schemaNode{}
			n.desc = map[string]string{}
		}
		n.props[prop] = child
		var d rawSchema
		if err := json.Unmarshal(pb, &d); err == nil && d.Description != "" {
			n.desc[prop] = d.Description
		}
	}
	if len(rs.Items) > 0 {
		items, err := schemaOf(rs.Items, named)
		if err != nil {
			return fmt.Errorf("items: %w", err)
		}
		n.items = items
	}
	return nil
}

// schemaOf returns the node for a property or items schema: the named
// node for a $ref, else a fresh one.
func schemaOf(body json.RawMessage, named map[string]*schemaNode) (*schemaNode, error) {
	var rs rawSchema
	if err := json.Unmarshal(body, &rs); err != nil {
		return nil, err
	}
	if rs.Ref != "" {
		n, ok := named[strings.TrimPrefix(rs.Ref, "#/components/schemas/")]
		if !ok {
			return nil, fmt.Errorf("$ref %q names no schema", rs.Ref)
		}
		return n, nil
	}
	n := &schemaNode{}
	return n, fillSchema(n, body, named)
}

// checkRequired answers 400 naming the first field the schema requires
// that body (a JSON document that decoded without error) lacks, or holds
// as null. Nothing has been written when it runs.
func checkRequired(n *schemaNode, body []byte) error {
	if n == nil || !n.requires(map[*schemaNode]bool{}) {
		return nil
	}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return jsonError(err)
	}
	return n.check(doc, "")
}

// requires reports whether n or any schema under it has a required field.
func (n *schemaNode) requires(seen map[*schemaNode]bool) bool {
	if n == nil || seen[n] {
		return false
	}
	seen[n] = true
	if len(n.required) > 0 {
		return true
	}
	for _, c := range n.props {
		if c.requires(seen) {
			return true
		}
	}
	return n.items.requires(seen)
}

func (n *schemaNode) check(v any, path string) error {
	switch v := v.(type) {
	case map[string]any:
		for _, name := range n.required {
			if x, ok := v[name]; !ok || x == nil {
				field := joinField(path, name)
				msg := fmt.Sprintf("%s: required, and missing from the request; nothing was written", field)
				if d := n.desc[name]; d != "" {
					msg = fmt.Sprintf("%s: required, and missing from the request (%s); nothing was written", field, d)
				}
				return errStatus(http.StatusBadRequest, field, "%s", msg)
			}
		}
		names := make([]string, 0, len(v))
		for name := range v {
			names = append(names, name)
		}
		sort.Strings(names) // the first problem in a stable order
		for _, name := range names {
			if c := n.props[name]; c != nil {
				if err := c.check(v[name], joinField(path, name)); err != nil {
					return err
				}
			}
		}
	case []any:
		if n.items == nil {
			return nil
		}
		for i, x := range v {
			if err := n.items.check(x, path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
	}
	return nil
}

func joinField(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// suggestField returns the property name of n (at any depth) nearest to
// an unknown field name, or "" when none is near enough to be a typo:
// the same rule as HCL's "Did you mean" (an edit distance under 3).
func (n *schemaNode) suggestField(unknown string) string {
	best, bestDist := "", 3
	seen := map[*schemaNode]bool{}
	var walk func(*schemaNode)
	walk = func(m *schemaNode) {
		if m == nil || seen[m] {
			return
		}
		seen[m] = true
		names := make([]string, 0, len(m.props))
		for name := range m.props {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if d := levenshtein.Distance(unknown, name, nil); d < bestDist {
				best, bestDist = name, d
			}
			walk(m.props[name])
		}
		walk(m.items)
	}
	walk(n)
	return best
}
