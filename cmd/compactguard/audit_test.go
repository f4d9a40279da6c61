package main

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/internal/plugintest"
	"github.com/compactguard/compactguard/sdk"
)

func testEnv() (*cliEnv, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &cliEnv{stdout: &out, stderr: &errb, log: hclog.NewNullLogger()}, &out, &errb
}

// tamperStore serves a session whose second decision body was altered
// after sealing, as an edit of the database behind the host's back would.
type tamperStore struct {
	ledger.Store
	session string
}

type tamperTx struct {
	ledger.Tx
}

func (t tamperTx) Decisions() ([]ledger.DecisionRecord, error) {
	ds, err := t.Tx.Decisions()
	if err == nil && len(ds) > 1 {
		ds[1].Body = []byte(`{"seq":2,"type":"compaction","allowed":true,"reason":"anchored_score_passed"}`)
	}
	return ds, err
}

func (s *tamperStore) View(ctx context.Context, tenant, id string, fn func(ledger.Tx) error) error {
	return s.Store.View(ctx, tenant, id, func(tx ledger.Tx) error {
		if id == s.session {
			return fn(tamperTx{tx})
		}
		return fn(tx)
	})
}

func seed(t *testing.T, store ledger.Store, tenant, id string) {
	t.Helper()
	ctx := context.Background()
	if err := store.CreateSession(ctx, ledger.SessionInfo{ID: id, Tenant: tenant}, ledger.State{}); err != nil {
		t.Fatal(err)
	}
	err := store.Update(ctx, tenant, id, func(tx ledger.Tx) error {
		if err := tx.Append(ledger.Record{Span: sdk.Span{ID: "s1", Kind: "user", Text: "do not drop legacy_orders"}}); err != nil {
			return err
		}
		for _, body := range []string{`{"seq":1}`, `{"seq":2,"allowed":false}`} {
			if _, err := tx.AppendDecision(ledger.DecisionRecord{Type: "compaction", Body: []byte(body)}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestVerifyStore(t *testing.T) {
	mem := ledger.NewMemory()
	seed(t, mem, "acme", "a1")
	seed(t, mem, "acme", "a2")
	seed(t, mem, "globex", "g1")
	cases := []struct {
		name    string
		store   ledger.Store
		tenants []string
		session string
		wantErr string
		wantOut []string
	}{
		{"all intact", mem, []string{"acme", "globex", "replay"}, "", "", []string{"ok  acme/a1  1 record, 2 decisions", "ok  globex/g1", "3 sessions verified"}},
		{"one session", mem, []string{"acme", "globex"}, "g1", "", []string{"ok  globex/g1", "1 session verified"}},
		{"missing session", mem, []string{"acme"}, "nope", "not found", nil},
		{"tampered decision", &tamperStore{Store: mem, session: "a2"}, []string{"acme", "globex"}, "", "acme/a2: chain broken: decision 2 does not verify", []string{"ok  acme/a1"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env, out, _ := testEnv()
			err := verifyStore(context.Background(), env, tc.store, tc.tenants, tc.session, ledger.AuditOptions{})
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("error %v, want %q", err, tc.wantErr)
			}
			for _, w := range tc.wantOut {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestAuditCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := plugintest.WriteConfig(t, dir, minimalConfig(""))
	cases := []struct {
		args    []string
		usage   bool
		wantErr string
		wantOut string
	}{
		{[]string{}, true, "subcommand", ""},
		{[]string{"bogus"}, true, "unknown audit subcommand", ""},
		{[]string{"verify", "-config", cfg, "--checkpoints", "x.jsonl"}, true, "need --key", ""},
		{[]string{"verify", "-config", cfg, "--key", filepath.Join(dir, "missing.pub")}, false, "reading public key " + filepath.Join(dir, "missing.pub"), ""},
		{[]string{"keygen", "extra"}, true, "unexpected argument", ""},
		{[]string{"verify", "-config", cfg}, false, "", "0 sessions verified"},
		{[]string{"verify", "-config", cfg, "--session", "x", "--tenant", "acme"}, false, "not found", ""},
		{[]string{"verify", "-config", filepath.Join(dir, "missing.hcl")}, false, "missing.hcl", ""},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			env, out, _ := testEnv()
			err := runAudit(context.Background(), env, tc.args)
			var ue *usageError
			if errors.As(err, &ue) != tc.usage {
				t.Errorf("usage error %v, want %v (%v)", errors.As(err, &ue), tc.usage, err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("error %v, want %q", err, tc.wantErr)
			}
			if tc.wantErr == "" && err != nil {
				t.Errorf("unexpected error %v", err)
			}
			if !strings.Contains(out.String(), tc.wantOut) {
				t.Errorf("output %q lacks %q", out, tc.wantOut)
			}
		})
	}
}
