package config

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/compactguard/compactguard/sdk"
)

// tail is the smallest valid remainder of a file: the cases put the block
// under test above it, so the line numbers they assert are easy to read.
const tail = `
authority "admin" {
  credential_env = "ADMIN_CRED"
}
budget {
  tokens    = 1000
  authority = "admin"
}
plugin "extractor" "regex" {
  command = "extractor-regex"
}
plugin "scorer" "embedding" {
  command = "scorer-embedding"
}
`

// want is one expected error: where (FILE:LINE:COL) and its summary.
type want struct{ loc, summary string }

func (w want) String() string { return w.loc + ": " + w.summary }

func errorsOf(diags hcl.Diagnostics) []want {
	var out []want
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			out = append(out, want{Location(d), d.Summary})
		}
	}
	return out
}

func TestParseReportsEachProblemAtItsPosition(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		src  string // parsed as policies.hcl; tail is appended when withTail
		// withTail appends the minimal valid remainder.
		withTail bool
		want     []want
	}{
		{
			name:     "syntax error: unclosed block",
			src:      "guard {\n  tokenizer = \"o200k_base\"\n",
			want:     []want{{"policies.hcl:1:7", "Unclosed configuration block"}},
			withTail: false,
		},
		{
			name: "syntax error: two arguments on one line, as DESIGN's sketch abbreviates",
			src:  "budget { tokens = 48000  authority = \"admin\" }\n",
			want: []want{{"policies.hcl:1:26", "Invalid single-argument block definition"}},
		},
		{
			name:     "unknown block",
			src:      "telemetry {\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:1:1", "Unsupported block type"}},
		},
		{
			name:     "unknown attribute",
			src:      "guard {\n  tokeniser = \"o200k_base\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:3", "Unsupported argument"}},
		},
		{
			name:     "unknown attribute in a nested block",
			src:      "api {\n  tenant \"a\" {\n    token_env = \"T\"\n    token = \"x\"\n  }\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:4:5", "Unsupported argument"}},
		},
		{
			name:     "bad duration",
			src:      "plugin \"policy\" \"phase\" {\n  command = \"policy-phase\"\n  timeout = \"2 seconds\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:3:13", "Invalid duration"}},
		},
		{
			name:     "negative start_timeout",
			src:      "plugin \"policy\" \"phase\" {\n  command       = \"policy-phase\"\n  start_timeout = \"-1s\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:3:19", "Invalid duration"}},
		},
		{
			name:     "plugin kind label wrong",
			src:      "plugin \"extracter\" \"more\" {\n  command = \"x\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:1:8", "Unknown plugin kind"}},
		},
		{
			name:     "plugin missing command",
			src:      "plugin \"policy\" \"phase\" {\n  args = [\"-v\"]\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:1:25", "Missing required argument"}},
		},
		{
			name:     "gate names an undeclared scorer",
			src:      "plugin \"scorer\" \"llm\" {\n  command = \"judge-llm\"\n}\ngate \"compaction\" {\n  scorers = [\"embedding\", \"llm\", \"nli\"]\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:5:13", "Unknown scorer"}},
		},
		{
			name:     "declared scorer missing from the gate's list",
			src:      "plugin \"scorer\" \"llm\" {\n  command = \"judge-llm\"\n}\ngate \"compaction\" {\n  scorers = [\"llm\"]\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:5:13", "Scorer not listed"}},
		},
		{
			name:     "scorer listed twice",
			src:      "gate \"compaction\" {\n  scorers = [\"embedding\", \"embedding\"]\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:13", "Invalid scorers"}},
		},
		{
			name:     "empty scorers",
			src:      "gate \"compaction\" {\n  scorers = []\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:13", "Empty scorers"}},
		},
		{
			name:     "two policy plugins",
			src:      "plugin \"policy\" \"a\" {\n  command = \"a\"\n}\nplugin \"policy\" \"b\" {\n  command = \"b\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:4:1", "More than one policy plugin"}},
		},
		{
			name:     "duplicate plugin",
			src:      "plugin \"extractor\" \"regex\" {\n  command = \"other\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:12:20", "Duplicate plugin"}},
		},
		{
			name: "no extractor, no scorer",
			src: `authority "admin" {
  credential_env = "ADMIN_CRED"
}
budget {
  tokens    = 1000
  authority = "admin"
}
`,
			want: []want{
				{"policies.hcl:1:1", "No extractor plugin"},
				{"policies.hcl:1:1", "No scorer plugin"},
			},
		},
		{
			name: "missing budget block",
			src: `plugin "extractor" "regex" {
  command = "extractor-regex"
}
plugin "scorer" "embedding" {
  command = "scorer-embedding"
}
`,
			want: []want{{"policies.hcl:1:1", "Missing budget block"}},
		},
		{
			name: "budget naming an unknown authority",
			src: `authority "admin" {
  credential_env = "ADMIN_CRED"
}
budget {
  tokens    = 1000
  authority = "root"
}
plugin "extractor" "regex" {
  command = "extractor-regex"
}
plugin "scorer" "embedding" {
  command = "scorer-embedding"
}
`,
			want: []want{{"policies.hcl:6:15", "Unknown authority"}},
		},
		{
			name: "budget of zero tokens",
			src: `authority "admin" {
  credential_env = "ADMIN_CRED"
}
budget {
  tokens    = 0
  authority = "admin"
}
plugin "extractor" "regex" {
  command = "extractor-regex"
}
plugin "scorer" "embedding" {
  command = "scorer-embedding"
}
`,
			want: []want{{"policies.hcl:5:15", "Invalid budget"}},
		},
		{
			name: "budget above the maximum (2^30 tokens)",
			src: `authority "admin" {
  credential_env = "ADMIN_CRED"
}
budget {
  tokens    = 1073741825
  authority = "admin"
}
plugin "extractor" "regex" {
  command = "extractor-regex"
}
plugin "scorer" "embedding" {
  command = "scorer-embedding"
}
`,
			want: []want{{"policies.hcl:5:15", "Invalid budget"}},
		},
		{
			name:     "phase naming an unknown policy",
			src:      "policy \"explore\" {\n}\nphase \"exploration\" {\n  policy = \"explor\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:4:12", "Unknown policy"}},
		},
		{
			name:     "duplicate policy",
			src:      "policy \"explore\" {\n}\npolicy \"explore\" {\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:3:8", "Duplicate policy"}},
		},
		{
			name:     "threshold out of range",
			src:      "gate \"compaction\" {\n  threshold = 1.5\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:15", "Threshold out of range"}},
		},
		{
			name:     "gap_warning and trend_window out of range",
			src:      "gate \"compaction\" {\n  gap_warning  = -0.1\n  trend_window = 0\n}\n",
			withTail: true,
			want: []want{
				{"policies.hcl:2:18", "Gap warning out of range"},
				{"policies.hcl:3:18", "Invalid trend_window"},
			},
		},
		{
			name:     "unknown gate label",
			src:      "gate \"summary\" {\n  threshold = 0.5\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:1:6", "Unknown gate"}},
		},
		{
			name:     "must_keep with an empty category",
			src:      "gate \"compaction\" {\n  must_keep = [\"prohibition\", \"\"]\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:15", "Invalid must_keep"}},
		},
		{
			name:     "exit_below above enter_above",
			src:      "policy \"s\" {\n}\nphase \"synthesis\" {\n  policy      = \"s\"\n  enter_above = 0.5\n  exit_below  = 0.7\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:6:17", "exit_below above enter_above"}},
		},
		{
			name:     "phase score out of range",
			src:      "policy \"s\" {\n}\nphase \"synthesis\" {\n  policy      = \"s\"\n  enter_above = 2\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:5:17", "Phase score out of range"}},
		},
		{
			name:     "tls_cert without tls_key",
			src:      "api {\n  tls_cert = \"cert.pem\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:14", "Incomplete TLS configuration"}},
		},
		{
			name:     "tls_key without tls_cert",
			src:      "api {\n  tls_key = \"key.pem\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:13", "Incomplete TLS configuration"}},
		},
		{
			name:     "bad listen address",
			src:      "api {\n  listen = \"7700\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:12", "Invalid listen address"}},
		},
		{
			name:     "authority with both credential forms",
			src:      "authority \"ops\" {\n  credential_env    = \"OPS_CRED\"\n  credential_sha256 = \"" + strings.Repeat("ab", 32) + "\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:3:23", "Conflicting authority credentials"}},
		},
		{
			name:     "authority with neither credential form",
			src:      "authority \"ops\" {\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:1:1", "Missing authority credential"}},
		},
		{
			name:     "authority with a credential, not its sha256",
			src:      "authority \"ops\" {\n  credential_sha256 = \"hunter2\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:23", "Invalid credential_sha256"}},
		},
		{
			name:     "bad store syntax",
			src:      "guard {\n  store = \"sqlite3:cg.db\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:11", "Invalid store"}},
		},
		{
			name:     "sqlite store without a path",
			src:      "guard {\n  store = \"sqlite:\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:11", "Invalid store"}},
		},
		{
			name:     "bad tokenizer",
			src:      "guard {\n  tokenizer = \"gpt2\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:15", "Unsupported tokenizer"}},
		},
		{
			name:     "no spans per batch",
			src:      "api {\n  max_spans_per_batch = 0\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:25", "Invalid max_spans_per_batch"}},
		},
		{
			name:     "wrong value type",
			src:      "api {\n  max_body_bytes = \"lots\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:21", "api.max_body_bytes: Unsuitable value type"}},
		},
		{
			name:     "plugin let the budget credential through",
			src:      "plugin \"policy\" \"phase\" {\n  command = \"policy-phase\"\n  env     = [\"HOME\", \"ADMIN_CRED\"]\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:3:13", "Secret passed to plugin"}},
		},
		{
			name:     "plugin config reads a tenant's token",
			src:      "api {\n  tenant \"t\" {\n    token_env = \"T_TOKEN\"\n  }\n}\nplugin \"policy\" \"phase\" {\n  command = \"policy-phase\"\n  config {\n    key = env.HOME\n    nested {\n      key = \"Bearer ${env.T_TOKEN}\"\n    }\n  }\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:11:23", "Secret passed to plugin"}},
		},
		{
			name:     "invalid environment variable names",
			src:      "api {\n  tenant \"t\" {\n    token_env = \"1TOKEN\"\n  }\n}\nauthority \"ops\" {\n  credential_env = \"OPS-CRED\"\n}\nplugin \"policy\" \"p\" {\n  command = \"p\"\n  env     = [\"PATH=/bin\"]\n}\n",
			withTail: true,
			want: []want{
				{"policies.hcl:3:17", "Invalid environment variable name"},
				{"policies.hcl:7:20", "Invalid environment variable name"},
				{"policies.hcl:11:13", "Invalid environment variable name"},
			},
		},
		{
			name:     "duplicate names",
			src:      "api {\n  tenant \"t\" {\n    token_env = \"A\"\n  }\n  tenant \"t\" {\n    token_env = \"B\"\n  }\n}\nauthority \"admin\" {\n  credential_env = \"X\"\n}\npolicy \"p\" {\n}\nphase \"a\" {\n  policy = \"p\"\n}\nphase \"a\" {\n  policy = \"p\"\n}\ngate \"compaction\" {\n}\ngate \"compaction\" {\n}\n",
			withTail: true,
			// The tail's authority "admin" is the second one declared.
			want: []want{
				{"policies.hcl:5:10", "Duplicate tenant"},
				{"policies.hcl:17:7", "Duplicate phase"},
				{"policies.hcl:22:6", "Duplicate gate"},
				{"policies.hcl:25:11", "Duplicate authority"},
			},
		},
		{
			name:     "hook for an unknown harness",
			src:      "hook \"cursor\" {\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:1:6", "Unknown hook"}},
		},
		{
			name:     "duplicate hook",
			src:      "hook \"claude-code\" {\n}\nhook \"claude-code\" {\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:3:6", "Duplicate hook"}},
		},
		{
			name:     "block_manual_compaction not a bool",
			src:      "hook \"claude-code\" {\n  block_manual_compaction = \"sometimes\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:30", "hook.claude-code.block_manual_compaction: Unsuitable value type"}},
		},
		{
			name:     "duplicate guard block",
			src:      "guard {\n}\nguard {\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:3:1", "Duplicate guard block"}},
		},
		{
			name:     "reference to an unset environment variable",
			src:      "guard {\n  store = \"postgres:${env.NOT_SET_ANYWHERE}\"\n}\n",
			withTail: true,
			want:     []want{{"policies.hcl:2:26", "environment variable NOT_SET_ANYWHERE is not set (used by guard.store)"}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := tc.src
			if tc.withTail {
				src += tail
			}
			l := &Loader{Env: map[string]string{"HOME": "/root"}}
			cfg, diags := l.Parse([]byte(src), "policies.hcl")
			if cfg == nil {
				t.Fatal("Parse returned a nil Config")
			}
			got := errorsOf(diags)
			if !slices.Equal(got, tc.want) {
				var buf bytes.Buffer
				_ = WriteDiagnostics(&buf, cfg.Files(), diags)
				t.Fatalf("errors:\n got  %v\n want %v\n%s", got, tc.want, buf.String())
			}
		})
	}
}

// TestParseReportsAllProblems checks that problems in different blocks are
// all reported in one pass, in file order, not only the first.
func TestParseReportsAllProblems(t *testing.T) {
	t.Parallel()
	src := `guard {
  tokenizer = "o100k"
  store     = "redis:x"
}
api {
  tls_key = "k.pem"
}
authority "admin" {
}
budget {
  tokens    = -5
  authority = "nobody"
}
plugin "scorer" "a" {
  command = "a"
  timeout = "soon"
}
plugin "scorer" "b" {
  command = "b"
}
gate "compaction" {
  threshold = 7
}
phase "x" {
  policy = "missing"
}
`
	cfg, diags := (&Loader{Env: map[string]string{}}).Parse([]byte(src), "policies.hcl")
	wantErrs := []want{
		{"policies.hcl:1:1", "No extractor plugin"},
		{"policies.hcl:2:15", "Unsupported tokenizer"},
		{"policies.hcl:3:15", "Invalid store"},
		{"policies.hcl:6:13", "Incomplete TLS configuration"},
		{"policies.hcl:8:1", "Missing authority credential"},
		{"policies.hcl:11:15", "Invalid budget"},
		{"policies.hcl:12:15", "Unknown authority"},
		{"policies.hcl:16:13", "Invalid duration"},
		{"policies.hcl:22:15", "Threshold out of range"},
		{"policies.hcl:25:12", "Unknown policy"},
	}
	if got := errorsOf(diags); !slices.Equal(got, wantErrs) {
		t.Fatalf("errors:\n got  %v\n want %v", got, wantErrs)
	}

	err := DiagnosticsError(cfg.Files(), diags)
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("DiagnosticsError = %v, want an error matching ErrInvalid", err)
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != len(wantErrs) {
		t.Fatalf("error text has %d lines, want %d:\n%s", len(lines), len(wantErrs), err)
	}
	for i, w := range wantErrs {
		if !strings.HasPrefix(lines[i], w.String()+"; ") {
			t.Errorf("line %d = %q, want prefix %q", i, lines[i], w.String()+"; ")
		}
	}
	var cerr *Error
	if !errors.As(err, &cerr) || len(cerr.Files) == 0 {
		t.Errorf("errors.As(*Error) with files failed: %#v", err)
	}
}

func TestRepositoryPoliciesFileIsClean(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "..", "policies.hcl")
	cfg, diags := (&Loader{Env: map[string]string{}}).LoadFile(path)
	if len(diags) > 0 {
		var buf bytes.Buffer
		_ = WriteDiagnostics(&buf, cfg.Files(), diags)
		t.Fatalf("policies.hcl has diagnostics:\n%s", buf.String())
	}
	if cfg.Filename != path {
		t.Errorf("Filename = %q, want %q", cfg.Filename, path)
	}
	if want, _ := filepath.Abs(filepath.Join("..", "..")); cfg.Dir != want {
		t.Errorf("Dir = %q, want %q", cfg.Dir, want)
	}
	if cfg.Budget.Tokens != 48000 || cfg.Budget.Authority != "budget-admin" {
		t.Errorf("budget = %+v", cfg.Budget)
	}
	if a := cfg.Authority("budget-admin"); a == nil || a.CredentialEnv != "COMPACTGUARD_BUDGET_CREDENTIAL" {
		t.Errorf("authority budget-admin = %+v", a)
	}
	if got := cfg.PhaseNames(); !slices.Equal(got, []string{"exploration", "synthesis", "verification", "repair"}) {
		t.Errorf("PhaseNames = %v", got)
	}
	for _, ph := range cfg.Phases {
		if cfg.Policy(ph.Policy) == nil {
			t.Errorf("phase %s names policy %q which Policy() cannot find", ph.Name, ph.Policy)
		}
	}
	for kind, n := range map[sdk.Kind]int{sdk.KindExtractor: 1, sdk.KindScorer: 1, sdk.KindPolicy: 1} {
		if got := len(cfg.PluginsOf(kind)); got != n {
			t.Errorf("%d %s plugins, want %d", got, kind, n)
		}
	}
	ex := cfg.PluginsOf(sdk.KindExtractor)[0]
	if ex.ID() != "extractor/regex" || ex.Command != "extractor-regex" {
		t.Errorf("extractor = %s running %q", ex.ID(), ex.Command)
	}
	if ex.Timeout != 2*time.Second || ex.StartTimeout != DefaultStartTimeout {
		t.Errorf("extractor timeouts = %v, %v", ex.Timeout, ex.StartTimeout)
	}
	if cfg.Gate.Threshold != 0.80 || cfg.Gate.TrendWindow != 3 || !slices.Equal(cfg.Gate.MustKeep, DefaultMustKeep()) {
		t.Errorf("gate = %+v", cfg.Gate)
	}

	// The scorer's config body is kept for the loader, which decodes it
	// against the plugin's own schema, with the same evaluation context.
	sc := cfg.PluginsOf(sdk.KindScorer)[0]
	spec := hcldec.ObjectSpec{
		"backend": &hcldec.AttrSpec{Name: "backend", Type: cty.String, Required: true},
		"judge":   &hcldec.AttrSpec{Name: "judge", Type: cty.String},
	}
	val, vd := hcldec.Decode(sc.Config, spec, cfg.EvalContext())
	if vd.HasErrors() || val.GetAttr("backend").AsString() != "hashed" || val.GetAttr("judge").AsString() != "frames" {
		t.Errorf("scorer config decoded to %#v, %v", val, vd)
	}
	if sc.ConfigRange.Start.Line == sc.DeclRange.Start.Line {
		t.Errorf("ConfigRange should point at the config block, got %v", sc.ConfigRange)
	}

	// A policy body is the raw syntax tree host/policy compiles.
	for _, name := range []string{"explore", "synthesize", "verify", "repair"} {
		p := cfg.Policy(name)
		if p == nil {
			t.Fatalf("policy %q missing", name)
		}
		body, ok := p.Body.(*hclsyntax.Body)
		if !ok {
			t.Fatalf("policy %q body is %T, want *hclsyntax.Body", name, p.Body)
		}
		if _, ok := body.Attributes["top_k"]; !ok || len(body.Blocks) == 0 {
			t.Errorf("policy %q body lost its content: %d attributes, %d blocks", name, len(body.Attributes), len(body.Blocks))
		}
		if p.DeclRange.Filename != path || p.DeclRange.Start.Line == 0 {
			t.Errorf("policy %q DeclRange = %v", name, p.DeclRange)
		}
	}
}

// designSketch is DESIGN.md's "Configuration (policies.hcl), the shape",
// with its abbreviated one-line blocks written one attribute per line (HCL
// allows a single attribute in a one-line block) and the "synthesize"
// policy its phase names.
const designSketch = `
guard {
  tokenizer = "o200k_base"                 # host-side token counting
  store     = "sqlite:compactguard.db"     # or "memory", or "postgres:${env.COMPACTGUARD_PG_DSN}"
}
api {
  listen = "127.0.0.1:7700"
  tenant "default" { token_env = "COMPACTGUARD_API_TOKEN" }
}
authority "budget-admin" { credential_env = "COMPACTGUARD_BUDGET_CREDENTIAL" }
budget {
  tokens    = 48000
  authority = "budget-admin"
}

plugin "extractor" "regex" {
  command = "extractor-regex"
  timeout = "2s"
  config { }
}
plugin "scorer" "embedding" {
  command = "scorer-embedding"
  config { backend = "hashed" }
}
plugin "policy"    "phase"     { command = "policy-phase" }

gate "compaction" {
  threshold = 0.80
  must_keep = ["prohibition", "numeric_commitment", "entity"]
}

phase "exploration" { policy = "explore" }
phase "synthesis" {
  policy      = "synthesize"
  enter_above = 0.7
  exit_below  = 0.5
}

policy "explore" {
  top_k = 40
  category "recent_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = span.recency
  }
}
policy "synthesize" {
  top_k = 40
}
`

func TestDesignSketchParses(t *testing.T) {
	t.Parallel()
	cfg, diags := (&Loader{Env: map[string]string{}}).Parse([]byte(designSketch), filepath.Join("deploy", "policies.hcl"))
	if len(diags) > 0 {
		var buf bytes.Buffer
		_ = WriteDiagnostics(&buf, cfg.Files(), diags)
		t.Fatalf("sketch has diagnostics:\n%s", buf.String())
	}
	if cfg.Guard.Store.Kind != StoreSQLite || cfg.Guard.Store.Path != filepath.Join(cfg.Dir, "compactguard.db") {
		t.Errorf("store = %+v, want sqlite at %s", cfg.Guard.Store, filepath.Join(cfg.Dir, "compactguard.db"))
	}
	if !strings.HasSuffix(cfg.Dir, string(filepath.Separator)+"deploy") || !filepath.IsAbs(cfg.Dir) {
		t.Errorf("Dir = %q, want an absolute path ending in deploy", cfg.Dir)
	}
	if len(cfg.API.Tenants) != 1 || cfg.API.Tenants[0].TokenEnv != "COMPACTGUARD_API_TOKEN" {
		t.Errorf("tenants = %+v", cfg.API.Tenants)
	}
	ph := cfg.Phase("synthesis")
	if ph == nil || ph.EnterAbove == nil || *ph.EnterAbove != 0.7 || ph.ExitBelow == nil || *ph.ExitBelow != 0.5 {
		t.Errorf("synthesis phase = %+v", ph)
	}
	if ph := cfg.Phase("exploration"); ph == nil || ph.EnterAbove != nil || ph.ExitBelow != nil {
		t.Errorf("exploration phase = %+v, want no hysteresis", ph)
	}
}

func TestGateScorersKeepTheirOrder(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, gate string
		want       []string
	}{
		{"listed", "gate \"compaction\" {\n  scorers = [\"llm\", \"embedding\"]\n}\n", []string{"llm", "embedding"}},
		{"default: every declared scorer in declaration order", "", []string{"llm", "embedding"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "plugin \"scorer\" \"llm\" {\n  command = \"judge-llm\"\n}\n" + tc.gate + tail
			cfg, diags := (&Loader{Env: map[string]string{}}).Parse([]byte(src), "policies.hcl")
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if !slices.Equal(cfg.Gate.Scorers, tc.want) {
				t.Errorf("scorers %v, want %v", cfg.Gate.Scorers, tc.want)
			}
		})
	}
}

func TestDefaults(t *testing.T) {
	t.Parallel()
	cfg, diags := (&Loader{Env: map[string]string{}}).Parse([]byte(tail), "policies.hcl")
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if cfg.Guard.Tokenizer != DefaultTokenizer || cfg.Guard.Store.Kind != StoreMemory {
		t.Errorf("guard = %+v", cfg.Guard)
	}
	if cfg.API.Listen != DefaultListen || cfg.API.MaxBodyBytes != 8<<20 || cfg.API.MaxSpansPerBatch != 4096 || cfg.API.TLSCert != "" {
		t.Errorf("api = %+v", cfg.API)
	}
	for _, p := range cfg.Plugins {
		if p.Timeout != 5*time.Second || p.StartTimeout != 30*time.Second {
			t.Errorf("%s timeouts = %v, %v", p.ID(), p.Timeout, p.StartTimeout)
		}
		attrs, d := p.Config.JustAttributes()
		if d.HasErrors() || len(attrs) != 0 {
			t.Errorf("%s: absent config block should be an empty body, got %v %v", p.ID(), attrs, d)
		}
		if p.ConfigRange != p.DeclRange {
			t.Errorf("%s: ConfigRange = %v, want DeclRange %v", p.ID(), p.ConfigRange, p.DeclRange)
		}
	}
	want := Gate{Name: "compaction", Threshold: 0.80, MustKeep: []string{"prohibition", "numeric_commitment", "entity"}, GapWarning: 0.15, TrendWindow: 3}
	g := cfg.Gate
	if g.Name != want.Name || g.Threshold != want.Threshold || !slices.Equal(g.MustKeep, want.MustKeep) ||
		g.GapWarning != want.GapWarning || g.TrendWindow != want.TrendWindow {
		t.Errorf("gate = %+v, want %+v", g, want)
	}
	if cfg.Policy("none") != nil || cfg.Authority("none") != nil || cfg.Phase("none") != nil || len(cfg.PhaseNames()) != 0 {
		t.Error("lookups of undeclared names should be nil/empty")
	}
}

// TestHookBlock: the Claude Code hook blocks nothing unless asked, and a
// block that asks is read.
func TestHookBlock(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		src  string
		want bool
	}{
		{"absent", "", false},
		{"empty block", "hook \"claude-code\" {\n}\n", false},
		{"asked", "hook \"claude-code\" {\n  block_manual_compaction = true\n}\n", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg, diags := (&Loader{Env: map[string]string{}}).Parse([]byte(tc.src+tail), "policies.hcl")
			if diags.HasErrors() {
				t.Fatalf("diagnostics: %v", diags)
			}
			h := cfg.Hook(HookClaudeCode)
			if h.Name != HookClaudeCode || h.BlockManualCompaction != tc.want {
				t.Errorf("Hook(%q) = %+v, want block_manual_compaction %v", HookClaudeCode, h, tc.want)
			}
		})
	}
}

func TestEnvInterpolation(t *testing.T) {
	t.Parallel()
	const dsn = "postgres://cg:s3cret@db.internal:5432/cg?sslmode=disable"
	src := "guard {\n  store = \"postgres:${env.COMPACTGUARD_PG_DSN}\"\n}\n" +
		"api {\n  listen = \"${env.CG_HOST}:7701\"\n}\n" + tail
	l := &Loader{Env: map[string]string{"COMPACTGUARD_PG_DSN": dsn, "CG_HOST": "0.0.0.0"}}
	cfg, diags := l.Parse([]byte(src), "policies.hcl")
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if cfg.Guard.Store.Kind != StorePostgres || cfg.Guard.Store.DSN != dsn {
		t.Errorf("store = %+v", cfg.Guard.Store)
	}
	if s := cfg.Guard.Store.String(); strings.Contains(s, "s3cret") || s != "postgres:<redacted>" {
		t.Errorf("Store.String() = %q leaks or is wrong", s)
	}
	if cfg.API.Listen != "0.0.0.0:7701" {
		t.Errorf("listen = %q", cfg.API.Listen)
	}

	// An empty variable is caught as an empty DSN, at the store's value.
	l = &Loader{Env: map[string]string{"COMPACTGUARD_PG_DSN": "", "CG_HOST": "h"}}
	_, diags = l.Parse([]byte(src), "policies.hcl")
	if got, w := errorsOf(diags), []want{{"policies.hcl:2:11", "Invalid store"}}; !slices.Equal(got, w) {
		t.Errorf("empty DSN: got %v, want %v", got, w)
	}

}

// TestProcessEnvironment checks that Parse reads the process environment
// when no Env is given. Not parallel: it sets a variable.
func TestProcessEnvironment(t *testing.T) {
	t.Setenv("CG_CONFIG_TEST_TOKENIZER", "cl100k_base")
	src := "guard {\n  tokenizer = env.CG_CONFIG_TEST_TOKENIZER\n}\n" + tail
	cfg, diags := Parse([]byte(src), "policies.hcl")
	if len(diags) > 0 || cfg.Guard.Tokenizer != "cl100k_base" {
		t.Errorf("tokenizer = %q, %v", cfg.Guard.Tokenizer, diags)
	}
}

func TestWriteDiagnosticsFormat(t *testing.T) {
	t.Parallel()
	src := "guard {\n  tokeniser = \"o200k_base\"\n}\napi {\n  max_body_bytes = env.SECRET + 1\n}\n" + tail
	l := &Loader{Env: map[string]string{"SECRET": "hunter2-value"}}
	cfg, diags := l.Parse([]byte(src), "policies.hcl")
	var buf bytes.Buffer
	if err := WriteDiagnostics(&buf, cfg.Files(), diags); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, s := range []string{
		// Locator: compiler-style position, then HCL's own range form.
		"policies.hcl:2:3: error: Unsupported argument (policies.hcl:2,3-12)\n",
		// HCL's standard block, with the source line.
		"Error: Unsupported argument\n\n  on policies.hcl line 2, in guard:\n   2:   tokeniser = \"o200k_base\"\n",
		`Did you mean "tokenizer"?`,
		"policies.hcl:5:20: error: Invalid operand",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	// The environment is the evaluation context; its values must never be
	// echoed (HCL's writer would print "with env.SECRET as ...").
	if strings.Contains(out, "hunter2") {
		t.Errorf("output leaks an environment value:\n%s", out)
	}
	if !strings.Contains(DiagnosticsError(cfg.Files(), diags).Error(), "policies.hcl:5:20: Invalid operand; ") {
		t.Errorf("DiagnosticsError text = %q", DiagnosticsError(cfg.Files(), diags))
	}
}

func TestDiagnosticsErrorIgnoresWarnings(t *testing.T) {
	t.Parallel()
	src := "gate \"compaction\" {\n  must_keep = []\n}\n" + tail
	cfg, diags := (&Loader{Env: map[string]string{}}).Parse([]byte(src), "policies.hcl")
	if len(diags) != 1 || diags[0].Severity != hcl.DiagWarning || Location(diags[0]) != "policies.hcl:2:15" {
		t.Fatalf("want one warning at 2:15, got %v", diags)
	}
	if err := DiagnosticsError(cfg.Files(), diags); err != nil {
		t.Errorf("warnings only: DiagnosticsError = %v, want nil", err)
	}
	if len(cfg.Gate.MustKeep) != 0 {
		t.Errorf("must_keep = %v, want empty as written", cfg.Gate.MustKeep)
	}
}

func TestLoadFileUnreadable(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "missing.hcl")
	cfg, diags := LoadFile(path)
	if cfg == nil || !diags.HasErrors() {
		t.Fatalf("LoadFile(missing) = %v, %v; want a Config and an error", cfg, diags)
	}
	err := DiagnosticsError(cfg.Files(), diags)
	if err == nil || !strings.Contains(err.Error(), "missing.hcl") {
		t.Errorf("error %v should name the file", err)
	}
	var buf bytes.Buffer
	if err := WriteDiagnostics(&buf, cfg.Files(), diags); err != nil || buf.Len() == 0 {
		t.Errorf("WriteDiagnostics: %v, %q", err, buf.String())
	}
}

func TestAuthorityVerify(t *testing.T) {
	t.Parallel()
	sum := sha256.Sum256([]byte("demo-credential"))
	src := fmt.Sprintf("authority \"demo\" {\n  credential_sha256 = \"%s\"\n}\n", strings.ToUpper(hex.EncodeToString(sum[:]))) + tail
	cfg, diags := (&Loader{Env: map[string]string{}}).Parse([]byte(src), "policies.hcl")
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	env := map[string]string{"ADMIN_CRED": "admin-secret", "EMPTY": ""}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	empty := &Authority{Name: "e", CredentialEnv: "EMPTY"}
	unset := &Authority{Name: "u", CredentialEnv: "UNSET"}
	cases := []struct {
		name string
		a    *Authority
		cred string
		want bool
	}{
		{"sha256 match (digest written in upper case)", cfg.Authority("demo"), "demo-credential", true},
		{"sha256 mismatch", cfg.Authority("demo"), "demo-credential2", false},
		{"env match", cfg.Authority("admin"), "admin-secret", true},
		{"env mismatch", cfg.Authority("admin"), "admin-secre", false},
		{"empty credential", cfg.Authority("admin"), "", false},
		{"empty variable never verifies", empty, "", false},
		{"unset variable never verifies", unset, "x", false},
		{"nil authority", nil, "x", false},
	}
	for _, tc := range cases {
		if got := tc.a.Verify(tc.cred, lookup); got != tc.want {
			t.Errorf("%s: Verify = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestRelativePathsResolveAgainstDir(t *testing.T) {
	t.Parallel()
	l := &Loader{Env: map[string]string{}}
	mem, diags := l.Parse([]byte("guard {\n  store = \"sqlite::memory:\"\n}\n"+tail), "mem.hcl")
	if len(diags) > 0 || mem.Guard.Store != (Store{Kind: StoreSQLite, Path: ":memory:", Range: mem.Guard.Store.Range}) {
		t.Errorf("sqlite::memory: = %+v, %v", mem.Guard.Store, diags)
	}
	if _, ok := l.Files()["mem.hcl"]; !ok {
		t.Errorf("Loader.Files() lacks mem.hcl: %v", l.Files())
	}
	src := "guard {\n  store = \"sqlite:data/cg.db\"\n}\napi {\n  tls_cert = \"tls/c.pem\"\n  tls_key = \"/etc/k.pem\"\n}\n" + tail
	cfg, diags := (&Loader{Env: map[string]string{}}).Parse([]byte(src), "/srv/cg/policies.hcl")
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	checks := map[string][2]string{
		"store":    {cfg.Guard.Store.Path, "/srv/cg/data/cg.db"},
		"tls_cert": {cfg.API.TLSCert, "/srv/cg/tls/c.pem"},
		"tls_key":  {cfg.API.TLSKey, "/etc/k.pem"},
		"resolve":  {cfg.ResolvePath("bin/extractor-regex"), "/srv/cg/bin/extractor-regex"},
	}
	for name, c := range checks {
		if c[0] != c[1] {
			t.Errorf("%s = %q, want %q", name, c[0], c[1])
		}
	}
	if cfg.Filename != "/srv/cg/policies.hcl" || cfg.Dir != "/srv/cg" {
		t.Errorf("Filename, Dir = %q, %q", cfg.Filename, cfg.Dir)
	}
}

// TestAuditBlock: the signing key is named by exactly one of a file or a
// variable, paths resolve against the file's folder, and the key's
// variable is a secret no plugin may be handed.
func TestAuditBlock(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cases := []struct {
		name string
		src  string
		want []want // errors; nil means it decodes
		// wantAudit is checked when the block decodes.
		wantAudit Audit
	}{
		{name: "absent", src: ""},
		{name: "key file and journal", src: "audit {\n  signing_key_file = \"keys/audit.key\"\n  checkpoint_file = \"/var/log/cg.checkpoints\"\n}\n",
			wantAudit: Audit{SigningKeyFile: filepath.Join(dir, "keys", "audit.key"), CheckpointFile: "/var/log/cg.checkpoints"}},
		{name: "key variable", src: "audit {\n  signing_key_env = \"CG_AUDIT_KEY\"\n}\n",
			wantAudit: Audit{SigningKeyEnv: "CG_AUDIT_KEY"}},
		{name: "no key", src: "audit {\n  checkpoint_file = \"cp.jsonl\"\n}\n",
			want: []want{{"policies.hcl:1:1", "Missing signing key"}}},
		{name: "both keys", src: "audit {\n  signing_key_file = \"a.key\"\n  signing_key_env = \"K\"\n}\n",
			want: []want{{"policies.hcl:3:21", "Conflicting signing keys"}}},
		{name: "bad variable name", src: "audit {\n  signing_key_env = \"not a name\"\n}\n",
			want: []want{{"policies.hcl:2:21", "Invalid environment variable name"}}},
		{name: "empty journal path", src: "audit {\n  signing_key_file = \"a.key\"\n  checkpoint_file = \" \"\n}\n",
			want: []want{{"policies.hcl:3:21", "Invalid checkpoint_file"}}},
		{name: "plugin handed the key's variable", src: "audit {\n  signing_key_env = \"CG_AUDIT_KEY\"\n}\n" +
			"plugin \"policy\" \"phase\" {\n  command = \"policy-phase\"\n  env = [\"CG_AUDIT_KEY\"]\n}\n",
			want: []want{{"policies.hcl:6:9", "Secret passed to plugin"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg, diags := (&Loader{Env: map[string]string{}}).Parse([]byte(tc.src+tail), filepath.Join(dir, "policies.hcl"))
			got := errorsOf(diags)
			for i := range got {
				got[i].loc = strings.TrimPrefix(got[i].loc, dir+string(filepath.Separator))
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("errors:\n got  %v\n want %v", got, tc.want)
			}
			if tc.want != nil {
				return
			}
			a := cfg.Audit
			a.DeclRange = hcl.Range{}
			if a != tc.wantAudit {
				t.Errorf("Audit = %+v, want %+v", a, tc.wantAudit)
			}
			if a.Signs() != (tc.wantAudit != Audit{}) {
				t.Errorf("Signs() = %v", a.Signs())
			}
		})
	}
}
