package main

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/internal/plugintest"
)

// signedSession is a recorded session: a compaction refused (it drops a
// prohibition), a phase signal, and a compaction allowed; three decisions.
const signedSession = `{"type":"span","id":"s1","kind":"user","text":"Do not run DROP TABLE on legacy_orders. The migration must finish before Friday."}
{"type":"span","id":"s2","kind":"tool_result","text":"ls output: a b c","meta":{"tool":"bash"}}
{"type":"compaction","id":"summary-1","covers":["s1","s2"],"summary":"The user wants the migration done."}
{"type":"phase_signal"}
{"type":"span","id":"s3","kind":"tool_result","text":"build ok","meta":{"tool":"bash"}}
{"type":"compaction","id":"summary-2","covers":["s3"],"summary":"build ok"}
`

// TestAuditVerifyKey records a session with the real plugins into a
// SQLite store with signing configured (`replay --persist`, which decides
// as serve does), then edits the database as a writer without the key
// would. `audit verify` without --key passes every forgery that
// recomputes the chain; with --key it names the session and the seqs of
// each: a refusal turned into an allow, a cut tail, both, a rollback that
// took its checkpoints along (caught by the journal), a deleted session.
func TestAuditVerifyKey(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the reference plugins")
	}
	withPlugins(t)
	ctx := context.Background()
	base := t.TempDir()
	env, out, _ := testEnv()
	if err := runAudit(ctx, env, []string{"keygen", "-out", filepath.Join(base, "audit.key")}); err != nil {
		t.Fatalf("audit keygen: %v", err)
	}
	if !strings.Contains(out.String(), "key id ") {
		t.Errorf("keygen output lacks the key id:\n%s", out)
	}
	if fi, err := os.Stat(filepath.Join(base, "audit.key")); err != nil || (runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600) {
		t.Fatalf("private key: %v, mode %v; want 0600", err, fi.Mode())
	}
	if err := runAudit(ctx, env, []string{"keygen", "-out", filepath.Join(base, "audit.key")}); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("keygen over an existing key = %v, want a refusal", err)
	}
	cfgText := strings.Replace(minimalConfig(""), `store = "memory"`, `store = "sqlite:ledger.db"`, 1) +
		"audit {\n  signing_key_file = \"audit.key\"\n  checkpoint_file  = \"checkpoints.jsonl\"\n}\n"
	plugintest.WriteConfig(t, base, cfgText)
	writeFile(t, base, "session.jsonl", signedSession)
	env, out, _ = testEnv()
	if err := runReplay(ctx, env, []string{"-config", filepath.Join(base, "policies.hcl"), "--persist", "--json", filepath.Join(base, "session.jsonl")}); err != nil {
		t.Fatalf("replay --persist: %v", err)
	}
	if n := strings.Count(out.String(), "\n"); n != 3 || !strings.Contains(out.String(), `"allowed":false,"reason":"must_keep_item_missing"`) {
		t.Fatalf("replay made %d decisions, want 3 with the refusal first:\n%s", n, out)
	}

	cases := []struct {
		name   string
		tamper func(t *testing.T, db *sql.DB)
		// dropJournal removes the journal: only the store's checkpoints remain.
		dropJournal bool
		args        []string // beyond -config and --key
		wantErr     []string // nil: verify --key passes
		wantOut     string
		// keyless says verify without --key still passes: the forgery
		// recomputed a valid chain.
		keyless bool
	}{
		{name: "intact", wantOut: "ok  replay/session  4 records, 3 decisions, signed through record 4, decision 3", keyless: true},
		{name: "refusal forged into an allow, chain recomputed", tamper: forgeRefusal, keyless: true,
			wantErr: []string{"replay/session: signed checkpoints: decision 1 is not the one in the checkpoint", "rewritten in decision 1 ", "chain rewritten since it was signed"}},
		{name: "tail cut", tamper: cutAfter(2), keyless: true,
			wantErr: []string{"replay/session: signed checkpoints: the ledger ends at record 3", "record 4 was removed",
				"\nreplay/session: the audit trail ends at decision 2", "decision 3 was removed"}},
		{name: "forged and cut", tamper: both(forgeRefusal, cutAfter(2)), keyless: true,
			wantErr: []string{"decision 1 is not the one in the checkpoint", "decision 3 was removed"}},
		{name: "rolled back with its checkpoints, journal kept", tamper: rollbackTo(2), keyless: true,
			wantErr: []string{"\nreplay/session: the audit trail ends at decision 2", "decision 3 was removed"}},
		{name: "rolled back with its checkpoints, journal named by flag", tamper: rollbackTo(2), dropJournal: true, keyless: true,
			args: []string{"--checkpoints", "journal-copy.jsonl"}, wantErr: []string{"decision 3 was removed"}},
		{name: "rolled back with its checkpoints, journal gone: the store alone cannot tell", tamper: rollbackTo(2), dropJournal: true, keyless: true,
			wantOut: "warn  checkpoint journal"},
		{name: "session deleted", tamper: deleteSession, keyless: true,
			wantErr: []string{"replay/session: the journal holds a checkpoint signed at", "the store has no such session: it was deleted"}},
		{name: "decision edited, chain not recomputed", tamper: editBody,
			wantErr: []string{"replay/session: chain broken: decision 2 does not verify"}},
		{name: "private key given to verify", args: []string{"--key", "audit.key"}, keyless: true,
			wantErr: []string{"public key audit.key: holds a private key"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyDir(t, base)
			t.Chdir(dir)
			if tc.dropJournal {
				if err := os.Rename("checkpoints.jsonl", "journal-copy.jsonl"); err != nil {
					t.Fatal(err)
				}
			}
			if tc.tamper != nil {
				db, err := sql.Open("sqlite", filepath.Join(dir, "ledger.db"))
				if err != nil {
					t.Fatal(err)
				}
				tc.tamper(t, db)
				db.Close()
			}
			env, out, _ := testEnv()
			err := runAudit(ctx, env, []string{"verify", "-config", "policies.hcl"})
			if tc.keyless && err != nil {
				t.Errorf("verify without --key: %v (the forgery keeps the chain valid; only the key can tell)", err)
			}
			env, out, _ = testEnv()
			args := append([]string{"verify", "-config", "policies.hcl", "--key", "audit.key.pub"}, tc.args...)
			err = runAudit(ctx, env, args)
			if tc.wantErr == nil && err != nil {
				t.Fatalf("verify --key: %v\n%s", err, out)
			}
			if tc.wantErr != nil && err == nil {
				t.Fatalf("verify --key passed a tampered store:\n%s", out)
			}
			for _, w := range tc.wantErr {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("verify --key error lacks %q:\n%v", w, err)
				}
			}
			if !strings.Contains(out.String(), tc.wantOut) {
				t.Errorf("verify --key output lacks %q:\n%s", tc.wantOut, out)
			}
			if err != nil {
				t.Logf("verify --key: %v", err)
			}
		})
	}
}

// replaySession is the SQL for the rows of replay/session: the store's
// tables name a session by its number (sessions.ord), ids being unique
// per tenant only.
const replaySession = `(SELECT ord FROM sessions WHERE tenant = 'replay' AND id = 'session')`

// forgeRefusal turns decision 1 (a refusal) into an allow and re-seals
// every decision from it, as the host would have sealed them.
func forgeRefusal(t *testing.T, db *sql.DB) {
	t.Helper()
	rows, err := db.Query(`SELECT seq, type, request_id, body, time_ns FROM decisions WHERE session = ` + replaySession + ` ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	type dec struct {
		seq     int64
		typ, rq string
		body    []byte
		ns      int64
	}
	var ds []dec
	for rows.Next() {
		var d dec
		if err := rows.Scan(&d.seq, &d.typ, &d.rq, &d.body, &d.ns); err != nil {
			t.Fatal(err)
		}
		ds = append(ds, d)
	}
	rows.Close()
	prev := ledger.GenesisHash("replay", "session")
	for _, d := range ds {
		body := d.body
		if d.seq == 1 {
			forged := strings.Replace(string(body), `"allowed":false,"reason":"must_keep_item_missing"`, `"allowed":true,"reason":"anchored_score_passed"`, 1)
			if forged == string(body) {
				t.Fatalf("decision 1 is not the refusal to forge: %s", body)
			}
			body = []byte(forged)
		}
		hash := ledger.DecisionHash(prev, d.seq, time.Unix(0, d.ns), d.typ, d.rq, body)
		mustExecSQL(t, db, `UPDATE decisions SET body = ?, prev = ?, hash = ? WHERE session = `+replaySession+` AND seq = ?`, body, prev, hash, d.seq)
		prev = hash
	}
}

// editBody changes decision 2 without re-sealing: the chain itself breaks.
func editBody(t *testing.T, db *sql.DB) {
	mustExecSQL(t, db, `UPDATE decisions SET body = CAST('{"edited":true}' AS BLOB) WHERE session = `+replaySession+` AND seq = 2`)
}

// cutAfter deletes decisions after keep, and the record the last update
// appended with them.
func cutAfter(keep int64) func(*testing.T, *sql.DB) {
	return func(t *testing.T, db *sql.DB) {
		mustExecSQL(t, db, `DELETE FROM decisions WHERE session = `+replaySession+` AND seq > ?`, keep)
		mustExecSQL(t, db, `DELETE FROM coverage WHERE session = `+replaySession+` AND seq > 3`)
		mustExecSQL(t, db, `DELETE FROM records WHERE session = `+replaySession+` AND seq > 3`)
	}
}

// rollbackTo cuts the tail and every stored checkpoint that vouched for it.
func rollbackTo(keep int64) func(*testing.T, *sql.DB) {
	return func(t *testing.T, db *sql.DB) {
		cutAfter(keep)(t, db)
		mustExecSQL(t, db, `DELETE FROM checkpoints WHERE session = `+replaySession+` AND (decisions > ? OR records > 3)`, keep)
	}
}

func deleteSession(t *testing.T, db *sql.DB) {
	for _, table := range []string{"decisions", "coverage", "records", "extraction_cache", "checkpoints", "sessions"} {
		col := "session"
		if table == "sessions" {
			col = "id"
		}
		mustExecSQL(t, db, `DELETE FROM `+table+` WHERE `+col+` = 'session'`)
	}
}

func both(fs ...func(*testing.T, *sql.DB)) func(*testing.T, *sql.DB) {
	return func(t *testing.T, db *sql.DB) {
		for _, f := range fs {
			f(t, db)
		}
	}
}

func mustExecSQL(t *testing.T, db *sql.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.Exec(q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// copyDir copies the regular files of dir (not recursively) to a new
// temp dir, keeping their modes.
func copyDir(t *testing.T, dir string) string {
	t.Helper()
	to := t.TempDir()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	return to
}
