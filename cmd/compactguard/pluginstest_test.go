package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestPluginsTestCommand(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  string
	}{
		{"no path", []string{"plugins", "test", "--kind", "scorer"}, exitUsage, "need the plugin's PATH"},
		{"unknown kind", []string{"plugins", "test", "--kind", "summariser", "/bin/echo"}, exitUsage, "not extractor, scorer or policy"},
		{"not a plugin", []string{"plugins", "test", "--kind", "scorer", "/bin/echo", "hello"}, exitInput, "FAIL handshake"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, &stdout, &stderr)
			out := stdout.String() + stderr.String()
			if code != tt.wantCode || !strings.Contains(out, tt.wantOut) {
				t.Errorf("exit %d, want %d with %q in:\n%s", code, tt.wantCode, tt.wantOut, out)
			}
		})
	}
}

// `plugins test` judges a proposed policy with the host's own parser, not
// only the kit's check of its shape.
func TestPluginsTestParsesProposalsAsTheHost(t *testing.T) {
	tests := []struct {
		name, src string
		ok        bool
	}{
		{"a policy the host accepts", "policy \"narrow\" {\n  top_k = 5\n  category \"all\" {\n    match = true\n    cap   = 100\n    score = span.recency\n  }\n}\n", true},
		{"an attribute the host does not know", `policy "narrow" { bogus = 1 }`, false},
		{"not HCL", `policy "narrow" {`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := parsePolicy([]byte(tt.src), "proposal.hcl"); (err == nil) != tt.ok {
				t.Errorf("parsePolicy = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

// TestPluginsTestTakesThePluginConfig: --plugin-config (and its old name
// --config, which warns that it is deprecated) is the plugin's own config
// block, handed to Configure; a config the plugin refuses fails the kit.
func TestPluginsTestTakesThePluginConfig(t *testing.T) {
	bin := filepath.Join(plugintest.Build(t, "./plugins/scorer-embedding"), "scorer-embedding")
	tests := []struct {
		name     string
		flag     string
		config   string
		wantCode int
		wantOut  string
	}{
		{"a config the plugin accepts", "--plugin-config", "threshold = 0.7", 0, " 0 failed"},
		{"a config the plugin refuses", "--plugin-config", `judge = "similarity"`, exitInput, "FAIL "},
		{"the old name still works", "--config", "threshold = 0.7", 0, " 0 failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run([]string{"plugins", "test", "--kind", "scorer", "--timeout", "120s", tt.flag, tt.config, bin}, &stdout, &stderr)
			out := stdout.String() + stderr.String()
			if code != tt.wantCode || !strings.Contains(out, tt.wantOut) {
				t.Errorf("exit %d, want %d with %q in:\n%s", code, tt.wantCode, tt.wantOut, out)
			}
			// The old name works and says it is deprecated; the new one
			// says nothing of it.
			if warned := strings.Contains(stderr.String(), "--config is deprecated, use --plugin-config"); warned != (tt.flag == "--config") {
				t.Errorf("%s: deprecation warning %v in stderr:\n%s", tt.flag, warned, stderr.String())
			}
		})
	}
}

// TestReferencePluginsPassTheKitAtTheirConfiguredTimeouts: each reference
// plugin passes `plugins test` (every check, the large inputs included)
// with the per-call timeout policies.hcl gives it, as an author running
// the kit on their own machine would, and the large-input check says the
// time it allowed.
func TestReferencePluginsPassTheKitAtTheirConfiguredTimeouts(t *testing.T) {
	cfg, diags := config.LoadFile(repoPath(t, "policies.hcl"))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	dir := plugintest.Build(t, "./plugins/extractor-regex", "./plugins/scorer-embedding", "./plugins/policy-phase")
	checked := 0
	for _, p := range cfg.Plugins {
		t.Run(p.Command, func(t *testing.T) {
			checked++
			var stdout, stderr bytes.Buffer
			timeout := p.Timeout.String()
			code := run([]string{"plugins", "test", "--timeout", timeout, filepath.Join(dir, p.Command)}, &stdout, &stderr)
			if code != 0 || !strings.Contains(stdout.String(), " 0 failed") {
				t.Fatalf("plugins test --timeout %s %s: exit %d\n%s%s", timeout, p.Command, code, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String(), "(allowed: "+timeout) {
				t.Errorf("the large-input check does not state the time it allows:\n%s", stdout.String())
			}
		})
	}
	if checked != 3 {
		t.Errorf("checked %d plugins of policies.hcl, want the three reference ones", checked)
	}
}
