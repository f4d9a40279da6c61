package config

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2/gohcl"

	"github.com/compactguard/compactguard/host/policy"
)

const docsPath = "../../docs/configuration.md"

// schemaBlock is one block type of the schema, found by walking the gohcl
// structs: its name, the name of its parent block ("" at the top level)
// and its attribute names.
type schemaBlock struct {
	name, parent string
	attrs        []string
}

// walkSchema lists every block type reachable from the struct type t, using
// gohcl.ImpliedBodySchema so the list is the schema the decoder enforces.
func walkSchema(t reflect.Type, parent string) []schemaBlock {
	schema, _ := gohcl.ImpliedBodySchema(reflect.New(t).Interface())
	var out []schemaBlock
	for _, bs := range schema.Blocks {
		field, ok := blockField(t, bs.Type)
		if !ok {
			panic("no field for block " + bs.Type)
		}
		et := field.Type
		for et.Kind() == reflect.Slice || et.Kind() == reflect.Pointer {
			et = et.Elem()
		}
		inner, _ := gohcl.ImpliedBodySchema(reflect.New(et).Interface())
		b := schemaBlock{name: bs.Type, parent: parent}
		for _, a := range inner.Attributes {
			b.attrs = append(b.attrs, a.Name)
		}
		out = append(out, b)
		out = append(out, walkSchema(et, bs.Type)...)
	}
	return out
}

func blockField(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Tag.Get("hcl") == name+",block" {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// section returns the lines under the first heading that mentions `name`
// (and `parent`, when given), up to the next heading of the same or a
// higher level.
func section(lines []string, name, parent string) ([]string, bool) {
	for i, l := range lines {
		level := len(l) - len(strings.TrimLeft(l, "#"))
		if level == 0 || !strings.Contains(l, "`"+name+"`") {
			continue
		}
		if parent != "" && !strings.Contains(l, "`"+parent+"`") {
			continue
		}
		end := len(lines)
		for j := i + 1; j < len(lines); j++ {
			if lv := len(lines[j]) - len(strings.TrimLeft(lines[j], "#")); lv > 0 && lv <= level {
				end = j
				break
			}
		}
		return lines[i+1 : end], true
	}
	return nil, false
}

func tableRow(sec []string, attr string) (string, bool) {
	for _, l := range sec {
		if strings.HasPrefix(l, "| `"+attr+"` |") {
			return l, true
		}
	}
	return "", false
}

// TestDocsCoverSchema fails when a block or attribute the decoder accepts
// is missing from docs/configuration.md: each block needs a heading naming
// it (and its parent, for a nested block), each attribute a table row in
// that block's section. Defaults in the rows must match the code.
func TestDocsCoverSchema(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatalf("reading the configuration reference: %v", err)
	}
	lines := strings.Split(string(raw), "\n")
	blocks := walkSchema(reflect.TypeOf(fileSchema{}), "")
	if len(blocks) < 10 {
		t.Fatalf("schema walk found only %d blocks; the walk is broken", len(blocks))
	}

	defaults := map[string]string{
		"guard.tokenizer":         strconv.Quote(DefaultTokenizer),
		"guard.store":             strconv.Quote(DefaultStore),
		"api.listen":              strconv.Quote(DefaultListen),
		"api.max_body_bytes":      strconv.Itoa(DefaultMaxBodyBytes),
		"api.max_spans_per_batch": strconv.Itoa(DefaultMaxSpansPerBatch),
		"api.read_header_timeout": strconv.Quote(DefaultReadHeaderTimeout.String()),
		"api.read_timeout":        strconv.Quote(DefaultReadTimeout.String()),
		"api.idle_timeout":        strconv.Quote(DefaultIdleTimeout.String()),
		"plugin.timeout":          strconv.Quote(DefaultTimeout.String()),
		"plugin.start_timeout":    strconv.Quote(DefaultStartTimeout.String()),
		"gate.threshold":          fmt.Sprintf("%.2f", DefaultThreshold),
		"gate.gap_warning":        fmt.Sprintf("%.2f", DefaultGapWarning),
		"gate.trend_window":       strconv.Itoa(DefaultTrendWindow),
		"gate.must_keep":          `["prohibition", "numeric_commitment", "entity"]`,

		"policy_limits.max_bytes":        strconv.Itoa(policy.DefaultMaxBytes),
		"policy_limits.max_depth":        strconv.Itoa(policy.DefaultMaxDepth),
		"policy_limits.max_unary_run":    strconv.Itoa(policy.DefaultMaxUnaryRun),
		"policy_limits.max_conditionals": strconv.Itoa(policy.DefaultMaxConditionals),
		"policy_limits.max_expressions":  strconv.Itoa(policy.DefaultMaxExpressions),
		"policy_limits.max_collection":   strconv.Itoa(policy.DefaultMaxCollection),
		"policy_limits.max_span_steps":   strconv.Itoa(policy.DefaultMaxSpanSteps),
		"policy_limits.eval_timeout":     strconv.Quote(policy.DefaultEvalTimeout.String()),
	}
	checked := 0
	for _, b := range blocks {
		sec, ok := section(lines, b.name, b.parent)
		if !ok {
			t.Errorf("block %q (parent %q) has no heading in %s", b.name, b.parent, filepath.Base(docsPath))
			continue
		}
		for _, a := range b.attrs {
			row, ok := tableRow(sec, a)
			if !ok {
				t.Errorf("attribute %s.%s has no table row in its block's section", b.name, a)
				continue
			}
			checked++
			if d, ok := defaults[b.name+"."+a]; ok && !strings.Contains(row, "`"+d+"`") {
				t.Errorf("row for %s.%s does not state the default `%s`: %s", b.name, a, d, row)
			}
		}
	}
	if checked < 24 {
		t.Errorf("only %d attributes checked; the schema walk lost some", checked)
	}
}

// TestDocsExamplesDecode decodes each hcl example of the reference against
// the real schema. An example shows one block, so only the rules about the
// file as a whole (a missing budget, extractor or scorer; a reference to a
// block the example does not show) are allowed to fail.
func TestDocsExamplesDecode(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatalf("reading the configuration reference: %v", err)
	}
	allowed := map[string]bool{
		"Missing budget block": true, "No extractor plugin": true, "No scorer plugin": true,
		"Unknown authority": true, "Unknown policy": true, "Unknown scorer": true,
	}
	env := map[string]string{"COMPACTGUARD_PG_DSN": "postgres://localhost/cg"}
	n := 0
	parts := strings.Split(string(raw), "```hcl\n")
	for i, p := range parts[1:] {
		example, _, ok := strings.Cut(p, "```")
		if !ok {
			t.Fatalf("example %d is not closed", i+1)
		}
		n++
		name := fmt.Sprintf("example%d.hcl", i+1)
		cfg, diags := (&Loader{Env: env}).Parse([]byte(example), name)
		for _, d := range diags {
			if !allowed[d.Summary] {
				t.Errorf("%s: %s: %s\n%s", name, Location(d), d.Summary, example)
			}
		}
		_ = cfg
	}
	if n < 8 {
		t.Errorf("found %d hcl examples, want one per block", n)
	}
}
