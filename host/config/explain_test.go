package config

import (
	"bytes"
	"strings"
	"testing"
)

// TestExplainNamesTheAttribute: the diagnostics gohcl words for the HCL
// author read, after Explain, in the operator's terms: an unset
// environment variable by its name and the attribute that reads it, a
// value of the wrong type with the attribute's path; and the rendered
// form shows the source line.
func TestExplainNamesTheAttribute(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src, summary, snippet string
	}{
		{"unset env in the store", "guard {\n  store = \"postgres:${env.COMPACTGUARD_PG_DSN}\"\n}\n",
			"environment variable COMPACTGUARD_PG_DSN is not set (used by guard.store)", `store = "postgres:${env.COMPACTGUARD_PG_DSN}"`},
		{"unset env by index", "guard {\n  tokenizer = env[\"CG_TOK\"]\n}\n",
			"environment variable CG_TOK is not set (used by guard.tokenizer)", `tokenizer = env["CG_TOK"]`},
		{"a string for a number", "budget {\n  tokens    = \"lots\"\n  authority = \"budget-admin\"\n}\nauthority \"budget-admin\" {\n  credential_env = \"X\"\n}\n",
			"budget.tokens: Unsuitable value type", `tokens    = "lots"`},
		{"inside a labelled block", "hook \"claude-code\" {\n  block_manual_compaction = 3\n}\n",
			"", "block_manual_compaction = 3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := tc.src
			if !strings.Contains(src, "budget {") {
				src += tail
			}
			l := &Loader{Env: map[string]string{}}
			cfg, diags := l.Parse([]byte(src), "policies.hcl")
			if !diags.HasErrors() {
				t.Fatalf("no error for %q", src)
			}
			found := tc.summary == ""
			for _, d := range diags {
				found = found || d.Summary == tc.summary
			}
			if !found {
				t.Errorf("no diagnostic %q in %v", tc.summary, diags)
			}
			var buf bytes.Buffer
			if err := WriteDiagnostics(&buf, cfg.Files(), diags); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), tc.snippet) {
				t.Errorf("rendered diagnostics lack the source line %q:\n%s", tc.snippet, buf.String())
			}
		})
	}
}
