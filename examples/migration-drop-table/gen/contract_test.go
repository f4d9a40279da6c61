package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/host/policy"
	hostsession "github.com/compactguard/compactguard/host/session"
)

// TestHostParsesTheExample checks the committed files against the host's
// own parsers: the session files as replay reads them, policies.hcl as
// validate reads it (without starting plugins).
func TestHostParsesTheExample(t *testing.T) {
	for _, name := range []string{fileSession, fileUnpinned} {
		f, err := os.Open(filepath.Join("..", name))
		if err != nil {
			t.Fatal(err)
		}
		evs, err := hostsession.Parse(f, name)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(evs) == 0 {
			t.Fatalf("%s: no events", name)
		}
	}
	cfg, diags := config.LoadFile(filepath.Join("..", filePolicies))
	if diags.HasErrors() {
		t.Fatalf("policies.hcl: %v", diags)
	}
	if len(cfg.Authorities) != 1 || cfg.Budget.Tokens != 48000 {
		t.Errorf("policies.hcl: want one authority and a 48000-token budget, got %d authorities and %d tokens", len(cfg.Authorities), cfg.Budget.Tokens)
	}
	for _, pb := range cfg.Policies {
		if _, diags := policy.Decode(pb.Name, pb.Body, pb.DeclRange); diags.HasErrors() {
			t.Errorf("policy %q: %v", pb.Name, diags)
		}
	}
}
