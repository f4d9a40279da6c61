package sqlstore_test

import (
	"context"
	"crypto/ed25519"
	"database/sql"
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/ledgertest"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
	"github.com/compactguard/compactguard/sdk"
)

// sqliteExec opens a second connection to the database file at path: a
// writer behind the store's back.
func sqliteExec(t *testing.T, path string) ledgertest.Exec {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return func(ctx context.Context, query string, args ...any) error {
		_, err := db.ExecContext(ctx, query, args...)
		return err
	}
}

// pgExec connects to dsn; "?" placeholders become $1, $2, ...
func pgExec(t *testing.T, dsn string) ledgertest.Exec {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return func(ctx context.Context, query string, args ...any) error {
		var b strings.Builder
		n := 0
		for _, r := range query {
			if r == '?' {
				n++
				b.WriteString("$" + strconv.Itoa(n))
				continue
			}
			b.WriteRune(r)
		}
		_, err := conn.Exec(ctx, b.String(), args...)
		return err
	}
}

func TestSQLiteTamper(t *testing.T) {
	ledgertest.RunTamper(t, func(t *testing.T) (ledger.Store, ledgertest.Exec) {
		path := filepath.Join(t.TempDir(), "ledger.db")
		return openSQLiteAt(t, path), sqliteExec(t, path)
	})
}

func TestPostgresTamper(t *testing.T) {
	base := pgBaseDSN(t)
	ledgertest.RunTamper(t, func(t *testing.T) (ledger.Store, ledgertest.Exec) {
		dsn, _ := freshSchema(t, base, nil)
		return openPostgres(t, dsn), pgExec(t, dsn)
	})
}

// checkpointMigration checks a store whose schema predates checkpoints
// (made by the previous release's migrations, with data its code wrote)
// once migrated: chains intact, no checkpoint yet, so a strict signed
// audit finds the session unsigned; the next checkpointed update signs
// everything before it.
func checkpointMigration(t *testing.T, s ledger.Store) {
	t.Helper()
	ctx := context.Background()
	key := ledgertest.TestKey()
	ring := ledger.NewKeyRing(key.Public().(ed25519.PublicKey))
	rep, err := ledger.AuditSession(ctx, s, ledgertest.Tenant, "old", ledger.AuditOptions{Keys: ring, AllowUnsigned: true})
	if err != nil {
		t.Fatalf("audit of a migrated session, unsigned allowed: %v", err)
	}
	if rep.Records != 2 || rep.Decisions != 2 || rep.Checkpoint.Checkpoints != 0 || rep.Checkpoint.UnsignedDecisions != 2 {
		t.Errorf("audit report of a migrated session = %+v", rep)
	}
	if _, err := ledger.AuditSession(ctx, s, ledgertest.Tenant, "old", ledger.AuditOptions{Keys: ring}); !errors.Is(err, ledger.ErrUnsigned) {
		t.Errorf("strict audit of a migrated session = %v, want ErrUnsigned", err)
	}
	cs := ledger.NewCheckpointStore(s, ledger.NewSigner(key), ledger.CheckpointOptions{})
	err = cs.Update(ctx, ledgertest.Tenant, "old", func(tx ledger.Tx) error {
		_, err := tx.AppendDecision(ledger.DecisionRecord{Type: "budget", Body: []byte(`{"type":"budget"}`)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	rep, err = ledger.AuditSession(ctx, s, ledgertest.Tenant, "old", ledger.AuditOptions{Keys: ring})
	if err != nil || rep.Checkpoint.Checkpoints != 1 || rep.Checkpoint.Decisions != 3 || rep.Checkpoint.Records != 2 {
		t.Errorf("strict audit after one checkpointed update = %+v, %v", rep, err)
	}
}

// seedOld writes a session with the store's own code: two records and two
// decisions, no checkpoint.
func seedOld(t *testing.T, s ledger.Store) {
	t.Helper()
	ctx := context.Background()
	if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "old", Tenant: ledgertest.Tenant}, ledger.State{Budget: 7}); err != nil {
		t.Fatal(err)
	}
	err := s.Update(ctx, ledgertest.Tenant, "old", func(tx ledger.Tx) error {
		for _, id := range []string{"s1", "s2"} {
			if err := tx.Append(ledger.Record{Span: sdk.Span{ID: id, Kind: "user", Text: "do not drop legacy_orders"}}); err != nil {
				return err
			}
			if _, err := tx.AppendDecision(ledger.DecisionRecord{Type: "compaction", Body: []byte(`{"allowed":false}`)}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// writeOldStore builds a store as an earlier release left it: the schema
// of the first version migrations, then seedOld's session in that
// schema's layout (its id in every table). The rows are sealed by the
// ledger code, through the memory store, so the chains are real.
// coverage says the schema has the coverage table (SQLite version 3).
func writeOldStore(t *testing.T, exec ledgertest.Exec, migrations []string, version int, coverage bool) {
	t.Helper()
	ctx := context.Background()
	mem := ledger.NewMemory()
	seedOld(t, mem)
	var info ledger.SessionInfo
	var st ledger.State
	var recs []ledger.Record
	var decs []ledger.DecisionRecord
	err := mem.View(ctx, ledgertest.Tenant, "old", func(tx ledger.Tx) error {
		info, st = tx.Info(), mustOK(tx.State())
		recs, decs = mustOK(tx.Records()), mustOK(tx.Decisions())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	state, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	run := func(q string, args ...any) {
		t.Helper()
		if err := exec(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	run(`CREATE TABLE schema_version (version integer NOT NULL)`)
	for v := 0; v < version; v++ {
		run(migrations[v])
		run(`INSERT INTO schema_version (version) VALUES (` + strconv.Itoa(v+1) + `)`)
	}
	run(`INSERT INTO sessions (id, tenant, created_ns, state) VALUES (?, ?, ?, ?)`, info.ID, info.Tenant, info.Created.UnixNano(), string(state))
	for _, r := range recs {
		run(`INSERT INTO records (session, seq, span_id, kind, text, meta, covers, span_tokens, turn, tokens, content_hash, prev, hash, time_ns)
			VALUES (?, ?, ?, ?, ?, 'null', 'null', 0, 0, ?, ?, ?, ?, ?)`,
			info.ID, r.Seq, r.Span.ID, r.Span.Kind, []byte(r.Span.Text), r.Tokens, r.ContentHash, r.Prev, r.Hash, r.Time.UnixNano())
		if coverage {
			run(`INSERT INTO coverage (session, span_id, seq) VALUES (?, ?, ?)`, info.ID, r.Span.ID, r.Seq)
		}
	}
	for _, d := range decs {
		run(`INSERT INTO decisions (session, seq, type, request_id, body, prev, hash, time_ns) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			info.ID, d.Seq, d.Type, d.RequestID, []byte(d.Body), d.Prev, d.Hash, d.Time.UnixNano())
	}
}

func mustOK[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestSQLiteMigrateV3 opens a version-3 database, the schema before
// checkpoints, as the release before them left it.
func TestSQLiteMigrateV3(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v3.db")
	writeOldStore(t, sqliteExec(t, path), sqlstore.SQLiteMigrations, 3, true)
	checkpointMigration(t, openSQLiteAt(t, path))
}

// TestPostgresMigrateV2Checkpoints is TestSQLiteMigrateV3 on PostgreSQL,
// whose version 2 is the schema before checkpoints.
func TestPostgresMigrateV2Checkpoints(t *testing.T) {
	dsn, _ := freshSchema(t, pgBaseDSN(t), nil)
	writeOldStore(t, pgExec(t, dsn), sqlstore.PostgresMigrations, 2, false)
	checkpointMigration(t, openPostgres(t, dsn))
}

// BenchmarkSQLiteDecision times one update that appends a span and a
// decision, as a compaction does, bare and checkpointed (a signature and
// a row in the same transaction): the cost of signing every update.
func BenchmarkSQLiteDecision(b *testing.B) {
	for _, signed := range []bool{false, true} {
		b.Run("signed="+strconv.FormatBool(signed), func(b *testing.B) {
			var s ledger.Store = openSQLite(b)
			if signed {
				s = ledger.NewCheckpointStore(s, ledger.NewSigner(ledgertest.TestKey()), ledger.CheckpointOptions{})
			}
			ctx := context.Background()
			if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "b", Tenant: "t"}, ledger.State{}); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := range b.N {
				err := s.Update(ctx, "t", "b", func(tx ledger.Tx) error {
					if err := tx.Append(ledger.Record{Span: sdk.Span{ID: "s" + strconv.Itoa(i), Kind: "user", Text: "do not drop legacy_orders"}}); err != nil {
						return err
					}
					_, err := tx.AppendDecision(ledger.DecisionRecord{Type: "compaction", Body: []byte(`{"allowed":true}`)})
					return err
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
