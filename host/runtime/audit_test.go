package runtime

import (
	"context"
	"crypto/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/internal/plugintest"
	"github.com/compactguard/compactguard/sdk"
)

// auditConfig is a minimal config with the given store and audit block,
// running the test plugins by bare name from PluginDirs.
func auditConfig(store, audit string) string {
	return `
guard { store = "` + store + `" }
authority "admin" { credential_env = "CG_RUNTIME_TEST_UNSET" }
budget {
  tokens    = 1000
  authority = "admin"
}
plugin "extractor" "good" { command = "extractor-good" }
plugin "scorer" "only" { command = "scorer-only" }
phase "p" { policy = "p" }
policy "p" {
  top_k = 1
  category "all" {
    match = true
    cap   = 100
    score = 1
  }
}
` + audit
}

// TestOpenSignsCheckpoints: a config with an audit block opens a store
// whose updates leave signed checkpoints in the store and the journal; a
// memory store is left unwrapped; a key that cannot be read stops Open
// before any plugin starts, naming the setting and the file or variable.
func TestOpenSignsCheckpoints(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts test plugins")
	}
	dir := plugintest.Build(t, plugintest.GoodExtractor, plugintest.ScorerOnly)
	cfgDir := t.TempDir()
	key, err := ledger.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ledger.WriteKeyPair(filepath.Join(cfgDir, "audit.key"), key); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfgDir, "open.key"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	keyFile := "audit {\n  signing_key_file = \"audit.key\"\n  checkpoint_file = \"checkpoints.jsonl\"\n}\n"
	cases := []struct {
		name, store, audit string
		wantErr            string
		wantSigned         bool
	}{
		{name: "no audit block", store: "sqlite:plain.db", audit: ""},
		{name: "sqlite, key file, journal", store: "sqlite:signed.db", audit: keyFile, wantSigned: true},
		{name: "memory store signs nothing", store: "memory", audit: keyFile},
		{name: "key file missing", store: "sqlite:x.db", audit: "audit {\n  signing_key_file = \"missing.key\"\n}\n",
			wantErr: "audit.signing_key_file: reading signing key " + filepath.Join(cfgDir, "missing.key")},
		{name: "key file open to others", store: "sqlite:x.db", audit: "audit {\n  signing_key_file = \"open.key\"\n}\n",
			wantErr: "open.key is open to other users"},
		{name: "key variable unset", store: "sqlite:x.db", audit: "audit {\n  signing_key_env = \"CG_RUNTIME_TEST_NO_KEY\"\n}\n",
			wantErr: "audit.signing_key_env: signing key: environment variable CG_RUNTIME_TEST_NO_KEY is not set"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(cfgDir, "policies.hcl")
			rt, err := Open(context.Background(), path, Options{Source: []byte(auditConfig(tc.store, tc.audit)), PluginDirs: []string{dir}})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Open = %v, want an error containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Close()
			cs, signed := rt.Store.(*ledger.CheckpointStore)
			if signed != tc.wantSigned {
				t.Fatalf("store %T, want signed=%v", rt.Store, tc.wantSigned)
			}
			if !signed {
				return
			}
			ctx := context.Background()
			if err := rt.Store.CreateSession(ctx, ledger.SessionInfo{ID: "s", Tenant: "t"}, ledger.State{}); err != nil {
				t.Fatal(err)
			}
			if err := rt.Store.Update(ctx, "t", "s", func(tx ledger.Tx) error {
				return tx.Append(ledger.Record{Span: sdk.Span{ID: "a", Kind: "user", Text: "x"}})
			}); err != nil {
				t.Fatal(err)
			}
			cps, _, err := ledger.ReadJournal(filepath.Join(cfgDir, "checkpoints.jsonl"))
			if err != nil || len(cps) != 1 {
				t.Fatalf("journal: %d checkpoints, %v; want 1", len(cps), err)
			}
			ring := ledger.NewKeyRing(cs.Signer().Public())
			if _, err := ledger.AuditSession(ctx, rt.Store, "t", "s", ledger.AuditOptions{Keys: ring}); err != nil {
				t.Errorf("audit of a session the runtime signed: %v", err)
			}
		})
	}
}
