package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/ledger/sqlstore"
)

// releaseFixture is the store the release before tenant-scoped session
// ids wrote (README there).
const releaseFixture = "../../host/ledger/sqlstore/testdata/release-v4"

// TestAuditVerifyMigratedRelease runs `audit verify` on a copy of the
// release's SQLite store, which opening migrates: every session verifies
// without a key and, with the release's public key and its journal, is
// signed through its last record and decision; after another tenant takes
// s1, `--session s1` checks both tenants' s1.
func TestAuditVerifyMigratedRelease(t *testing.T) {
	dir := t.TempDir()
	copyTo(t, filepath.Join(releaseFixture, "store.db"), filepath.Join(dir, "store.db"))
	cfg := filepath.Join(dir, "policies.hcl")
	conf := strings.Replace(minimalConfig(""), `guard { store = "memory" }`, `guard { store = "sqlite:store.db" }`, 1)
	if err := os.WriteFile(cfg, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	key, journal := filepath.Join(releaseFixture, "audit.key.pub"), filepath.Join(releaseFixture, "checkpoints.jsonl")
	run := func(args ...string) string {
		t.Helper()
		env, out, _ := testEnv()
		if err := runAudit(context.Background(), env, append([]string{"verify", "-config", cfg}, args...)); err != nil {
			t.Fatalf("audit verify %v: %v\n%s", args, err, out)
		}
		return out.String()
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"ok  alpha/s1  5 records, 6 decisions\n", "ok  alpha/s2  1 record, 0 decisions\n", "ok  beta/b1  3 records, 2 decisions\n", "3 sessions verified"}},
		{[]string{"--key", key, "--checkpoints", journal}, []string{
			"ok  alpha/s1  5 records, 6 decisions, signed through record 5, decision 6 (7 checkpoints)",
			"ok  alpha/s2  1 record, 0 decisions, signed through record 1, decision 0 (1 checkpoint)",
			"ok  beta/b1  3 records, 2 decisions, signed through record 3, decision 2 (3 checkpoints)",
			"3 sessions verified"}},
	} {
		out := run(tc.args...)
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("audit verify %v: output lacks %q:\n%s", tc.args, w, out)
			}
		}
	}

	store, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(dir, "store.db"))
	if err != nil {
		t.Fatal(err)
	}
	seed(t, store, "beta", "s1")
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	out := run("--session", "s1")
	for _, w := range []string{"ok  alpha/s1  5 records, 6 decisions", "ok  beta/s1  1 record, 2 decisions", "2 sessions verified"} {
		if !strings.Contains(out, w) {
			t.Errorf("audit verify --session s1: output lacks %q:\n%s", w, out)
		}
	}
}

func copyTo(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
