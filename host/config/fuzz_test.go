package config

import (
	"slices"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// FuzzParse feeds arbitrary bytes to Parse as policies.hcl. Parse must
// never panic, and a Config it returns without error diagnostics must be
// one the host can run on: the checks below are what host/runtime and
// host/guard rely on without checking again. The seed corpus
// (testdata/fuzz/FuzzParse) holds the repository's and the examples'
// policies.hcl and broken variants of them.
//
// Short pass: go test -run '^$' -fuzz '^FuzzParse$' -fuzztime 5s ./host/config/
func FuzzParse(f *testing.F) {
	f.Add([]byte(minimalConfig))
	// Deep nesting and unary runs, in a policy and in a plugin's config:
	// the pre-scan refuses them before the parser recurses (100,000
	// parentheses overflowed its stack).
	f.Add([]byte(minimalConfig + "policy \"deep\" {\n top_k = " + strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000) + "\n}\n"))
	f.Add([]byte(minimalConfig + "plugin \"extractor\" \"y\" {\n command = \"y\"\n config {\n a = " + strings.Repeat("!", 5000) + "true\n }\n}\n"))
	f.Add([]byte(minimalConfig + "policy \"str\" {\n top_k = \"${" + strings.Repeat("[", 3000) + "1" + strings.Repeat("]", 3000) + "}\"\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		l := NewLoader()
		// A fixed environment, so a run does not depend on the machine.
		l.Env = map[string]string{"COMPACTGUARD_PG_DSN": "host=db", "HOME": "/home/fuzz"}
		cfg, diags := l.Parse(src, "fuzz.hcl")
		if cfg == nil {
			t.Fatal("Parse returned a nil Config")
		}
		// Rendering the diagnostics must not panic either: the CLI always
		// renders them, with snippets.
		_ = DiagnosticsError(cfg.Files(), diags)
		if diags.HasErrors() {
			return
		}
		checkUsable(t, cfg)
	})
}

// minimalConfig is the smallest config Parse accepts, a seed that is
// always present even without the committed corpus.
const minimalConfig = `
authority "a" { credential_sha256 = "0000000000000000000000000000000000000000000000000000000000000000" }
budget { tokens = 100  authority = "a" }
plugin "extractor" "x" { command = "x" }
plugin "scorer" "s" { command = "s" }
phase "p" { policy = "q" }
policy "q" {}
`

// checkUsable asserts what a Config without error diagnostics promises.
func checkUsable(t *testing.T, cfg *Config) {
	t.Helper()
	if cfg.Budget.Tokens <= 0 {
		t.Fatalf("accepted budget tokens %d", cfg.Budget.Tokens)
	}
	if cfg.Authority(cfg.Budget.Authority) == nil {
		t.Fatalf("accepted budget authority %q that no authority block declares", cfg.Budget.Authority)
	}
	for _, a := range cfg.Authorities {
		if (a.CredentialEnv == "") == (a.CredentialSHA256 == "") {
			t.Fatalf("authority %q accepted without exactly one credential", a.Name)
		}
		if a.CredentialSHA256 != "" && !isSHA256Hex(a.CredentialSHA256) {
			t.Fatalf("authority %q accepted with credential_sha256 %q", a.Name, a.CredentialSHA256)
		}
	}
	if n := len(cfg.PluginsOf(sdk.KindExtractor)); n == 0 {
		t.Fatal("accepted a config without an extractor")
	}
	if n := len(cfg.PluginsOf(sdk.KindScorer)); n == 0 || n != len(cfg.Gate.Scorers) {
		t.Fatalf("accepted a config with %d scorers of which the gate asks %d", n, len(cfg.Gate.Scorers))
	}
	for _, name := range cfg.Gate.Scorers {
		if !slices.ContainsFunc(cfg.PluginsOf(sdk.KindScorer), func(p *Plugin) bool { return p.Name == name }) {
			t.Fatalf("accepted gate scorer %q that no scorer block declares", name)
		}
	}
	if n := len(cfg.PluginsOf(sdk.KindPolicy)); n > 1 {
		t.Fatalf("accepted a config with %d policy plugins", n)
	}
	ids := map[string]bool{}
	for _, p := range cfg.Plugins {
		if ids[p.ID()] {
			t.Fatalf("accepted plugin %s twice", p.ID())
		}
		ids[p.ID()] = true
		if strings.TrimSpace(p.Command) == "" || strings.TrimSpace(p.Name) == "" {
			t.Fatalf("accepted plugin %s with an empty command or name", p.ID())
		}
		if p.Timeout <= 0 || p.StartTimeout <= 0 {
			t.Fatalf("accepted plugin %s with timeout %s, start_timeout %s", p.ID(), p.Timeout, p.StartTimeout)
		}
		if p.Config == nil {
			t.Fatalf("plugin %s has a nil config body", p.ID())
		}
		if p.SHA256 != "" && !isSHA256Hex(p.SHA256) {
			t.Fatalf("accepted plugin %s with sha256 %q", p.ID(), p.SHA256)
		}
	}
	if !unit(cfg.Gate.Threshold) || !unit(cfg.Gate.GapWarning) || cfg.Gate.TrendWindow < 1 {
		t.Fatalf("accepted gate %+v", cfg.Gate)
	}
	if !slices.Contains(Tokenizers(), cfg.Guard.Tokenizer) {
		t.Fatalf("accepted tokenizer %q", cfg.Guard.Tokenizer)
	}
	if (cfg.API.TLSCert == "") != (cfg.API.TLSKey == "") {
		t.Fatalf("accepted tls_cert %q with tls_key %q", cfg.API.TLSCert, cfg.API.TLSKey)
	}
	if cfg.API.MaxBodyBytes <= 0 {
		t.Fatalf("accepted max_body_bytes %d", cfg.API.MaxBodyBytes)
	}
	phases := map[string]bool{}
	for _, ph := range cfg.Phases {
		if phases[ph.Name] {
			t.Fatalf("accepted phase %q twice", ph.Name)
		}
		phases[ph.Name] = true
		if cfg.Policy(ph.Policy) == nil {
			t.Fatalf("accepted phase %q naming unknown policy %q", ph.Name, ph.Policy)
		}
		if ph.EnterAbove != nil && !unit(*ph.EnterAbove) || ph.ExitBelow != nil && !unit(*ph.ExitBelow) {
			t.Fatalf("accepted phase %q with a score out of [0,1]", ph.Name)
		}
		if ph.EnterAbove != nil && ph.ExitBelow != nil && *ph.ExitBelow > *ph.EnterAbove {
			t.Fatalf("accepted phase %q with exit_below above enter_above", ph.Name)
		}
	}
	policies := map[string]bool{}
	for _, p := range cfg.Policies {
		if policies[p.Name] {
			t.Fatalf("accepted policy %q twice", p.Name)
		}
		policies[p.Name] = true
		if p.Body == nil {
			t.Fatalf("policy %q has a nil body", p.Name)
		}
	}
}
