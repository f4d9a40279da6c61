package config

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/zclconf/go-cty/cty"

	"github.com/compactguard/compactguard/host/policy"
)

// Loader parses policies.hcl files with one hclparse.Parser and keeps every
// file it has read, so diagnostics can be rendered with source snippets
// after the fact (Files). Like hclparse.Parser it caches by file name: a
// second Parse of the same name returns the first result's file. A Loader
// is not safe for concurrent use; make one per load.
type Loader struct {
	// Env is the environment exposed to expressions as `env`. Nil means the
	// process environment, read when a file is decoded. Tests set it so
	// they need not change the process environment.
	Env map[string]string

	parser *hclparse.Parser
}

// NewLoader returns a Loader that reads the process environment.
func NewLoader() *Loader { return &Loader{parser: hclparse.NewParser()} }

func (l *Loader) hclParser() *hclparse.Parser {
	if l.parser == nil {
		l.parser = hclparse.NewParser()
	}
	return l.parser
}

// Files returns every file the Loader has parsed, by name, for
// WriteDiagnostics.
func (l *Loader) Files() map[string]*hcl.File { return l.hclParser().Files() }

// LoadFile reads, decodes and validates the file at path using a fresh
// Loader. See Loader.LoadFile.
func LoadFile(path string) (*Config, hcl.Diagnostics) { return NewLoader().LoadFile(path) }

// Parse decodes and validates src as if read from filename using a fresh
// Loader. See Loader.Parse.
func Parse(src []byte, filename string) (*Config, hcl.Diagnostics) {
	return NewLoader().Parse(src, filename)
}

// LoadFile reads the file at path and decodes it as Parse does. Ranges in
// the diagnostics carry path exactly as given, so a relative path prints
// as the operator typed it.
//
// The returned Config is never nil. When the diagnostics have errors its
// fields are partial and only Files and Filename may be relied on.
func (l *Loader) LoadFile(path string) (*Config, hcl.Diagnostics) {
	src, err := os.ReadFile(path)
	if err != nil {
		// ParseHCLFile words the read error as every HCL tool does.
		cfg := l.newConfig(path)
		file, diags := l.hclParser().ParseHCLFile(path)
		return l.decode(cfg, file, diags)
	}
	return l.Parse(src, path)
}

// Parse decodes and validates src as policies.hcl named filename: syntax,
// then the schema (gohcl: unknown blocks and attributes are errors), then
// every semantic rule. All problems found are reported, sorted by position;
// syntax errors alone stop it early, since a broken tree only yields noise.
//
// The returned Config is never nil. When the diagnostics have errors its
// fields are partial and only Files and Filename may be relied on.
func (l *Loader) Parse(src []byte, filename string) (*Config, hcl.Diagnostics) {
	cfg := l.newConfig(filename)
	if diags := policy.CheckLimits(src, filename, fileLimits); diags.HasErrors() {
		return cfg, diags
	}
	file, diags := l.hclParser().ParseHCL(src, filename)
	return l.decode(cfg, file, diags)
}

// fileLimits bound the nesting of the configuration file itself before
// the HCL parser, which recurses, reads it: the operator's own file is
// trusted with far more than a tenant's policy text, but 100,000 nested
// parentheses in it would still crash the host with a stack overflow
// rather than end in a diagnostic. Its size is not bounded.
var fileLimits = policy.Limits{MaxDepth: 1000, MaxUnaryRun: 1000, MaxConditionals: 10000}

func (l *Loader) newConfig(filename string) *Config {
	dir := filepath.Dir(filename)
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return &Config{Filename: filename, Dir: dir, files: l.hclParser().Files()}
}

func (l *Loader) decode(cfg *Config, file *hcl.File, diags hcl.Diagnostics) (*Config, hcl.Diagnostics) {
	cfg.evalCtx = evalContext(l.environment())
	if diags.HasErrors() || file == nil || file.Body == nil {
		sortDiagnostics(diags)
		return cfg, diags
	}
	var raw fileSchema
	diags = append(diags, dropFollowOns(gohcl.DecodeBody(file.Body, cfg.evalCtx, &raw))...)
	b := &builder{cfg: cfg, diags: diags, start: file.Body.MissingItemRange()}
	b.build(&raw)
	sortDiagnostics(b.diags)
	return cfg, Explain(l.Files(), b.diags)
}

func (l *Loader) environment() map[string]string {
	if l.Env != nil {
		return l.Env
	}
	env := make(map[string]string)
	for _, kv := range os.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok && k != "" {
			env[k] = v
		}
	}
	return env
}

// evalContext exposes the environment as the map variable env, so
// `"postgres:${env.COMPACTGUARD_PG_DSN}"` works. Values that are not valid
// UTF-8 cannot be HCL strings and are left out.
func evalContext(env map[string]string) *hcl.EvalContext {
	vals := make(map[string]cty.Value, len(env))
	for k, v := range env {
		if utf8.ValidString(v) {
			vals[k] = cty.StringVal(v)
		}
	}
	envVal := cty.MapValEmpty(cty.String)
	if len(vals) > 0 {
		envVal = cty.MapVal(vals)
	}
	return &hcl.EvalContext{Variables: map[string]cty.Value{"env": envVal}}
}

// dropFollowOns removes gohcl's "Unsuitable value type" diagnostics that
// only repeat an evaluation error inside the same expression: when
// env.UNSET fails, the expression's value is unknown and gohcl adds "value
// must be known" for the whole attribute. One problem, one diagnostic.
func dropFollowOns(diags hcl.Diagnostics) hcl.Diagnostics {
	out := diags[:0:0]
	for _, d := range diags {
		if d.Summary == "Unsuitable value type" && d.Context != nil && containsOtherError(diags, d) {
			continue
		}
		out = append(out, d)
	}
	return out
}

func containsOtherError(diags hcl.Diagnostics, follow *hcl.Diagnostic) bool {
	ctx := follow.Context
	for _, d := range diags {
		if d == follow || d.Severity != hcl.DiagError || d.Subject == nil {
			continue
		}
		if d.Subject.Filename == ctx.Filename && d.Subject.Start.Byte >= ctx.Start.Byte && d.Subject.End.Byte <= ctx.End.Byte {
			return true
		}
	}
	return false
}

// sortDiagnostics orders diagnostics by file and position so output is
// stable (gohcl visits attributes in map order) and reads top to bottom.
// Diagnostics without a subject go last, in their original order.
func sortDiagnostics(diags hcl.Diagnostics) {
	sort.SliceStable(diags, func(i, j int) bool {
		a, b := diags[i].Subject, diags[j].Subject
		switch {
		case a == nil:
			return false
		case b == nil:
			return true
		case a.Filename != b.Filename:
			return a.Filename < b.Filename
		default:
			return a.Start.Byte < b.Start.Byte
		}
	})
}
