package policy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// mustParse parses a policy the test expects to be valid.
func mustParse(t testing.TB, src string) *Policy {
	t.Helper()
	p, diags := Parse([]byte(src), "test.hcl")
	if diags.HasErrors() {
		t.Fatalf("parsing policy: %s", diags.Error())
	}
	return p
}

// diagLines renders each diagnostic as "file:line:col: summary".
func diagLines(diags hcl.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		pos := "?"
		if d.Subject != nil {
			pos = fmt.Sprintf("%s:%d:%d", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column)
		}
		out = append(out, pos+": "+d.Summary)
	}
	return out
}

// policyWith wraps category blocks and extra lines in a policy block.
func policyWith(body string) string {
	return "policy \"p\" {\n" + body + "\n}\n"
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // "file:line:col: summary" of every diagnostic
	}{
		{
			name: "missing match",
			src: policyWith(`  top_k = 3
  category "c" {
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:3:16: Missing required argument"},
		},
		{
			name: "match not bool",
			src: policyWith(`  top_k = 3
  category "c" {
    match = span.tokens
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:4:13: Invalid match"},
		},
		{
			name: "unknown function",
			src: policyWith(`  top_k = 3
  category "c" {
    match = file("x") == ""
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:4:13: Call to unknown function"},
		},
		{
			name: "unknown variable",
			src: policyWith(`  top_k = 3
  category "c" {
    match = var.x
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:4:13: Unknown variable"},
		},
		{
			name: "unknown span attribute",
			src: policyWith(`  top_k = 3
  category "c" {
    match = span.path == "x"
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:4:17: Unsupported attribute"},
		},
		{
			name: "cap not a number",
			src: policyWith(`  top_k = 3
  category "c" {
    match = true
    cap   = "lots"
    score = 1
  }`),
			want: []string{"test.hcl:5:13: Invalid cap"},
		},
		{
			name: "cap not constant",
			src: policyWith(`  top_k = 3
  category "c" {
    match = true
    cap   = context.live_tokens
    score = 1
  }`),
			want: []string{"test.hcl:5:13: cap must be a constant"},
		},
		{
			name: "cap zero",
			src: policyWith(`  top_k = 3
  category "c" {
    match = true
    cap   = 0
    score = 1
  }`),
			want: []string{"test.hcl:5:13: Invalid cap"},
		},
		{
			name: "top_k references span",
			src: policyWith(`  top_k = span.tokens
  category "c" {
    match = true
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:2:11: top_k may not reference span"},
		},
		{
			name: "top_k fraction",
			src: policyWith(`  top_k = 2.5
  category "c" {
    match = true
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:2:11: Invalid top_k"},
		},
		{
			name: "missing top_k",
			src: policyWith(`  category "c" {
    match = true
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:1:12: Missing required argument"},
		},
		{
			name: "duplicate category",
			src: policyWith(`  top_k = 3
  category "c" {
    match = true
    cap   = 10
    score = 1
  }
  category "c" {
    match = false
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:8:3: Duplicate category"},
		},
		{
			name: "no category",
			src:  policyWith(`  top_k = 3`),
			want: []string{"test.hcl:1:12: Missing category"},
		},
		{
			name: "score a string",
			src: policyWith(`  top_k = 3
  category "c" {
    match = true
    cap   = 10
    score = span.kind
  }`),
			want: []string{"test.hcl:6:13: Invalid score"},
		},
		{
			name: "unknown policy argument",
			src: policyWith(`  top_k = 3
  keep_all = true
  category "c" {
    match = true
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:3:3: Unsupported argument"},
		},
		{
			name: "unknown category argument and block",
			src: policyWith(`  top_k = 3
  category "c" {
    match = true
    cap   = 10
    score = 1
    tokens = 5
    extra {}
  }`),
			want: []string{"test.hcl:7:5: Unsupported argument", "test.hcl:8:5: Unsupported block type"},
		},
		{
			name: "bad regex",
			src: policyWith(`  top_k = 3
  category "c" {
    match = regex("(", span.text)
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:4:19: Invalid regular expression"},
		},
		{
			name: "wrong arity",
			src: policyWith(`  top_k = 3
  category "c" {
    match = startswith(span.text)
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:4:33: Not enough function arguments"},
		},
		{
			name: "contains needs a string needle",
			src: policyWith(`  top_k = 3
  category "c" {
    match = contains(span.text, 5)
    cap   = 10
    score = 1
  }`),
			want: []string{"test.hcl:4:33: Invalid function argument"},
		},
		{
			name: "two policies",
			src:  policyWith("  top_k = 1\n  category \"c\" {\n match = true\n cap = 1\n score = 1\n }") + policyWith("  top_k = 1"),
			want: []string{"test.hcl:9:1: More than one policy"},
		},
		{
			name: "not a policy",
			src:  "phase \"x\" { policy = \"p\" }\n",
			want: []string{"test.hcl:1:1: Unexpected block"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, diags := Parse([]byte(tt.src), "test.hcl")
			got := diagLines(diags)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Fatalf("diagnostics:\n got %q\nwant %q\n(%s)", got, tt.want, diags.Error())
			}
			if p != nil {
				if _, err := p.WorstCase(nil, Context{}); err == nil {
					t.Errorf("a policy with errors evaluated without error")
				}
			}
		})
	}
}

func TestCarriesBudget(t *testing.T) {
	tests := []struct {
		name    string
		extra   string
		carries bool
		errors  bool
	}{
		{"none", "", false, false},
		{"budget attribute", "budget = 64000", true, false},
		{"budget_tokens attribute", "budget_tokens = 64000", true, false},
		{"tokens attribute", "tokens = 64000", true, false},
		{"budget block", "budget {\n tokens = 64000\n }", true, false},
		{"budget and an error", "budget = 64000\n  bogus = 1", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := policyWith("  top_k = 2\n  " + tt.extra + "\n  category \"c\" {\n match = true\n cap = 10\n score = 1\n }")
			p, diags := Parse([]byte(src), "test.hcl")
			if diags.HasErrors() != tt.errors {
				t.Fatalf("errors = %v, want %v: %s", diags.HasErrors(), tt.errors, diags.Error())
			}
			if p == nil {
				t.Fatal("no policy returned")
			}
			if p.CarriesBudget != tt.carries {
				t.Errorf("CarriesBudget = %v, want %v", p.CarriesBudget, tt.carries)
			}
		})
	}
}

// decodeFromConfig decodes the policy block of a config file the way
// host/config hands it over: the block's body and declaration range.
func decodeFromConfig(t *testing.T, src string, withBytes bool) (*Policy, hcl.Diagnostics) {
	t.Helper()
	f, diags := hclsyntax.ParseConfig([]byte(src), "policies.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	content, _, diags := f.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "policy", LabelNames: []string{"name"}}}})
	if diags.HasErrors() || len(content.Blocks) != 1 {
		t.Fatalf("no policy block: %s", diags.Error())
	}
	b := content.Blocks[0]
	if withBytes {
		return DecodeWithSource(b.Labels[0], b.Body, b.DefRange, f.Bytes)
	}
	return Decode(b.Labels[0], b.Body, b.DefRange)
}

const configFile = `guard {
  tokenizer = "o200k_base"
}

policy "explore" {
  top_k = 40 # forty
  category "recent_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = span.recency
  }
}

phase "exploration" { policy = "explore" }
`

func TestDecodeFromConfig(t *testing.T) {
	p, diags := decodeFromConfig(t, configFile, true)
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	if p.Name != "explore" || p.TopK != 40 || !p.TopKConstant || len(p.Categories) != 1 || p.Categories[0].Cap != 12000 {
		t.Fatalf("decoded %+v", p)
	}
	if !strings.HasPrefix(string(p.Source), `policy "explore" {`) || !strings.HasSuffix(string(p.Source), "}") || !strings.Contains(string(p.Source), "# forty") {
		t.Errorf("Source is not the block as written:\n%s", p.Source)
	}
	if p.Range.Start.Line != 5 || p.Range.Filename != "policies.hcl" {
		t.Errorf("Range = %s", p.Range)
	}

	// Without the file's bytes, Source is canonical text that parses to
	// the same policy.
	q, diags := decodeFromConfig(t, configFile, false)
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	if strings.Contains(string(q.Source), "# forty") {
		t.Errorf("canonical Source kept a comment:\n%s", q.Source)
	}
	r := mustParse(t, string(q.Source))
	if k := Classify(p, r); k != EditNone {
		t.Errorf("Classify(config policy, reparsed canonical) = %s, want none\n%s", k, q.Source)
	}
	// A policy plugin naming the same text is the same policy.
	s := mustParse(t, string(p.Source))
	if k := Classify(p, s); k != EditNone {
		t.Errorf("Classify(config policy, its Source parsed) = %s", k)
	}
}

func TestCanonicalKeepsBudget(t *testing.T) {
	src := `policy "greedy" {
  top_k = 5
  budget { tokens = 90000 }
  category "all" {
    match = true
    cap   = 100
    score = 1
  }
}
`
	f, diags := hclsyntax.ParseConfig([]byte(src), "x.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	blk := f.Body.(*hclsyntax.Body).Blocks[0]
	p, diags := Decode("greedy", blk.Body, blk.DefRange())
	if diags.HasErrors() || !p.CarriesBudget {
		t.Fatalf("diags %s, CarriesBudget %v", diags.Error(), p.CarriesBudget)
	}
	if !strings.Contains(string(p.Source), "tokens = 90000") {
		t.Errorf("canonical Source dropped the budget it tried to set:\n%s", p.Source)
	}
	if _, diags := Parse(p.Source, "stored"); diags.HasErrors() {
		t.Errorf("canonical Source does not parse: %s\n%s", diags.Error(), p.Source)
	}
}

func TestTopKFromContext(t *testing.T) {
	p := mustParse(t, policyWith(`  top_k = max(1, floor(context.live_tokens / 1000))
  category "c" {
    match = true
    cap   = 1000000
    score = 1
  }`))
	if p.TopKConstant || p.TopK != 0 {
		t.Fatalf("TopKConstant %v TopK %d", p.TopKConstant, p.TopK)
	}
	for _, tt := range []struct{ live, want int }{{0, 1}, {2500, 2}, {10000, 10}} {
		k, err := p.TopKFor(Context{LiveTokens: tt.live})
		if err != nil || k != tt.want {
			t.Errorf("TopKFor(live %d) = %d, %v; want %d", tt.live, k, err, tt.want)
		}
	}
	neg := mustParse(t, policyWith(`  top_k = context.turn - 10
  category "c" {
    match = true
    cap   = 10
    score = 1
  }`))
	if _, err := neg.TopKFor(Context{Turn: 3}); err == nil {
		t.Error("a top_k of -7 evaluated without error")
	}
}

func TestNotCompiled(t *testing.T) {
	var p Policy
	if _, err := p.WorstCase(nil, Context{}); err != ErrNotCompiled {
		t.Errorf("WorstCase on a literal Policy: %v", err)
	}
	if _, err := p.Select(nil, Context{}); err != ErrNotCompiled {
		t.Errorf("Select on a literal Policy: %v", err)
	}
	if err := p.CheckScores(nil, Context{}); err != ErrNotCompiled {
		t.Errorf("CheckScores on a literal Policy: %v", err)
	}
}

func TestParseEmpty(t *testing.T) {
	_, diags := Parse([]byte("# nothing here\n"), "plugin policy.phase")
	if got := diagLines(diags); len(got) != 1 || got[0] != "plugin policy.phase:1:1: Missing policy block" {
		t.Errorf("diagnostics %q", got)
	}
	_, diags = Parse([]byte("policy \"p\" {"), "plugin policy.phase")
	if !diags.HasErrors() {
		t.Error("unclosed block parsed")
	}
}
