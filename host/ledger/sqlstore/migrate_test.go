package sqlstore_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
)

// v1State is a session state as schema version 1 kept it: the live
// view's coverage as a map inside the state JSON (a NUL in a policy
// source too, which a jsonb round trip would reject).
const v1State = `{"tokenizer":"o200k_base","version":4,"covered":{"s1":"summary-1","s 2":"summary-1"},"live_tokens":9,"summaries":1,"budget":48000,"policy":"explore","policy_version":1,"policy_source":"nul\u0000here","phase":"exploration","phase_since":0,"appended_since_phase":true,"compacted_since_phase":true,"phase_changes":0}`

// v1Rows are the rows of a version-1 database: one session with three
// records of which two are covered, and one without coverage.
var v1Rows = []string{
	`INSERT INTO sessions (id, tenant, created_ns, state) VALUES ('old', 't', 1, '` + v1State + `')`,
	`INSERT INTO sessions (id, tenant, created_ns, state) VALUES ('fresh', 't', 2, '{"budget":7}')`,
	`INSERT INTO records (session, seq, span_id, kind, text, meta, covers, span_tokens, turn, tokens, content_hash, prev, hash, time_ns) VALUES
		('old', 1, 's1', 'user', 'a', 'null', 'null', 0, 0, 3, 'h', '', 'h1', 1),
		('old', 2, 's 2', 'user', 'b', 'null', 'null', 0, 0, 3, 'h', 'h1', 'h2', 2),
		('old', 3, 's3', 'user', 'c', 'null', 'null', 0, 0, 3, 'h', 'h2', 'h3', 3),
		('fresh', 1, 's1', 'user', 'a', 'null', 'null', 0, 0, 3, 'h', '', 'h1', 1)`,
}

// checkMigrated checks what the migrations made of v1Rows.
func checkMigrated(t *testing.T, s ledger.Store) {
	t.Helper()
	ctx := context.Background()
	err := s.View(ctx, "t", "old", func(tx ledger.Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		if st.CoveredSpans != 2 || st.Budget != 48000 || st.Version != 4 || st.PolicySource != "nul\x00here" || !st.CompactedSincePhase {
			t.Errorf("migrated state = %+v", st)
		}
		live, err := tx.LiveRecords()
		if err != nil {
			return err
		}
		if len(live) != 1 || live[0].Span.ID != "s3" {
			t.Errorf("live view after migration = %+v, want [s3]", live)
		}
		cov, err := tx.CoveredBy([]string{"s1", "s 2", "s3"})
		if err != nil {
			return err
		}
		if want := map[string]string{"s1": "summary-1", "s 2": "summary-1"}; !reflect.DeepEqual(cov, want) {
			t.Errorf("coverage after migration = %v, want %v", cov, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = s.View(ctx, "t", "fresh", func(tx ledger.Tx) error {
		st, err := tx.State()
		if err == nil && (st.Budget != 7 || st.CoveredSpans != 0) {
			t.Errorf("state of a session without coverage = %+v", st)
		}
		live, err := tx.LiveRecords()
		if err == nil && len(live) != 1 {
			t.Errorf("live view of a session without coverage: %d records", len(live))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSQLiteMigrateV1 opens a version-1 database: coverage moves from the
// state onto the records.
func TestSQLiteMigrateV1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	stmts := append([]string{`CREATE TABLE schema_version (version INTEGER NOT NULL)`, sqlstore.SQLiteMigrations[0],
		`INSERT INTO schema_version (version) VALUES (1)`}, v1Rows...)
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	checkMigrated(t, openSQLiteAt(t, path))
}

// TestSQLiteMigrateV2 opens a version-2 database, coverage on the
// records: version 3 moves it into the coverage table.
func TestSQLiteMigrateV2(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v2.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	stmts := append([]string{`CREATE TABLE schema_version (version INTEGER NOT NULL)`, sqlstore.SQLiteMigrations[0]}, v1Rows...)
	stmts = append(stmts, sqlstore.SQLiteMigrations[1], `INSERT INTO schema_version (version) VALUES (2)`)
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	var covered int
	if err := db.QueryRow(`SELECT count(*) FROM records WHERE covered_by IS NOT NULL`).Scan(&covered); err != nil || covered != 2 {
		t.Fatalf("version-2 fixture: %d covered records (%v), want 2", covered, err)
	}
	db.Close()
	checkMigrated(t, openSQLiteAt(t, path))
}

// TestPostgresMigrateV1 is TestSQLiteMigrateV1 on PostgreSQL.
func TestPostgresMigrateV1(t *testing.T) {
	ctx := context.Background()
	dsn, _ := freshSchema(t, pgBaseDSN(t), nil)
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	stmts := append([]string{`CREATE TABLE schema_version (version integer NOT NULL)`, sqlstore.PostgresMigrations[0],
		`INSERT INTO schema_version (version) VALUES (1)`}, v1Rows...)
	for _, q := range stmts {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	conn.Close(ctx)
	checkMigrated(t, openPostgres(t, dsn))
}
