package config

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// Explain rewrites the diagnostics HCL and gohcl word for the language's
// author into words for the operator who wrote the file, in place, and
// returns diags:
//   - "Missing map element" on env.X becomes "environment variable X is
//     not set (used by guard.store)";
//   - a value of the wrong type names the attribute it was found in
//     ("budget.tokens: Unsuitable value type"), which gohcl leaves out.
//
// files are the parsed files by name (Loader.Files); a diagnostic in
// another file, or without a subject, is left as it is. The host/plugins
// loader's diagnostics on plugin config blocks go through it too, so the
// CLI can pass every config diagnostic here before printing it.
func Explain(files map[string]*hcl.File, diags hcl.Diagnostics) hcl.Diagnostics {
	for _, d := range diags {
		if d == nil || d.Subject == nil {
			continue
		}
		f := files[d.Subject.Filename]
		if f == nil {
			continue
		}
		body, ok := f.Body.(*hclsyntax.Body)
		if !ok {
			continue
		}
		attr := attributePath(body, d.Subject.Start, "")
		if attr == "" {
			continue
		}
		switch d.Summary {
		case "Missing map element", "Invalid index":
			// env.X words the key in the detail; env["X"] only in the source.
			m := missingKey.FindStringSubmatch(d.Detail)
			if m == nil {
				m = indexKey.FindStringSubmatch(sourceText(f, d.Subject))
			}
			if m == nil || !readsEnv(f, d.Subject) {
				continue
			}
			d.Summary = fmt.Sprintf("environment variable %s is not set (used by %s)", m[1], attr)
			d.Detail = fmt.Sprintf("%s reads the environment variable %s, which the process running compactguard does not have: export it, or change %s.", attr, m[1], attr)
		case "Unsuitable value type", "Incorrect attribute value type", "Invalid attribute value":
			if !strings.HasPrefix(d.Summary, attr+": ") {
				d.Summary = attr + ": " + d.Summary
			}
		}
	}
	return diags
}

// missingKey picks the key out of HCL's "Missing map element" detail.
var missingKey = regexp.MustCompile(`does not have an element with the key "([^"]+)"`)

// indexKey picks the key out of an index step's source text, `["X"]`.
var indexKey = regexp.MustCompile(`^\[\s*"([^"]+)"\s*\]$`)

// sourceText is the text of r in f, or "" when r is outside it.
func sourceText(f *hcl.File, r *hcl.Range) string {
	if r.Start.Byte < 0 || r.End.Byte > len(f.Bytes) || r.Start.Byte > r.End.Byte {
		return ""
	}
	return string(f.Bytes[r.Start.Byte:r.End.Byte])
}

// readsEnv reports whether the traversal step r points at is taken on
// env: HCL puts the subject of a missing element on the step
// (".COMPACTGUARD_PG_DSN" or `["X"]`), so the root name sits just before it.
func readsEnv(f *hcl.File, r *hcl.Range) bool {
	if r.Start.Byte < 0 || r.Start.Byte > len(f.Bytes) {
		return false
	}
	before := bytes.TrimRight(f.Bytes[:r.Start.Byte], " \t")
	return bytes.HasSuffix(before, []byte("env"))
}

// attributePath names the attribute whose expression holds pos, as the
// blocks leading to it and its name joined by dots, block labels included
// (`plugin "scorer" "embedding" { config { url = ... } }` gives
// "plugin.scorer.embedding.config.url"), or "" when pos is in no
// attribute's expression.
func attributePath(body *hclsyntax.Body, pos hcl.Pos, prefix string) string {
	for name, a := range body.Attributes {
		if r := a.Expr.Range(); contains(r, pos) {
			return prefix + name
		}
	}
	for _, b := range body.Blocks {
		if !contains(b.Range(), pos) {
			continue
		}
		p := prefix + b.Type + "."
		for _, l := range b.Labels {
			p += l + "."
		}
		return attributePath(b.Body, pos, p)
	}
	return ""
}

func contains(r hcl.Range, pos hcl.Pos) bool {
	return pos.Byte >= r.Start.Byte && pos.Byte < r.End.Byte
}
