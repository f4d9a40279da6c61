package sqlstore_test

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
	"github.com/compactguard/compactguard/sdk"
)

// The release fixture (testdata/release-v4, README there): stores written
// by the release before session ids were scoped per tenant, through its
// HTTP API. These tests open them with the current code, which migrates
// them, and check that nothing was lost or changed, that the chains and
// the signed checkpoints still verify, and that the names are now scoped.
const releaseDir = "testdata/release-v4"

// querier runs a query on a database behind the store's back and returns
// its rows, each as its columns printed and joined by spaces.
type querier func(t *testing.T, query string) []string

// releaseSnapshot reads, from a database in the release's schema (every
// table keyed by session id), what the migrated store must read back:
// every record, decision, checkpoint, cached extraction and coverage mark,
// named by tenant and session. coverageQuery reads the coverage marks,
// which the two stores keep in different places.
func releaseSnapshot(t *testing.T, q querier, coverageQuery string) []string {
	t.Helper()
	var out []string
	for _, query := range []string{
		`SELECT 'record', s.tenant, s.id, r.seq, r.span_id, r.hash FROM records r JOIN sessions s ON s.id = r.session`,
		`SELECT 'decision', s.tenant, s.id, d.seq, d.type, d.request_id, d.hash FROM decisions d JOIN sessions s ON s.id = d.session`,
		`SELECT 'checkpoint', s.tenant, s.id, c.records, c.decisions, c.signature FROM checkpoints c JOIN sessions s ON s.id = c.session`,
		`SELECT 'cached', s.tenant, s.id, e.text_hash FROM extraction_cache e JOIN sessions s ON s.id = e.session`,
		coverageQuery,
	} {
		out = append(out, q(t, query)...)
	}
	slices.Sort(out)
	return out
}

// storeSnapshot reads the same through the migrated store's own API.
func storeSnapshot(t *testing.T, s ledger.Store, cachedHashes []string) []string {
	t.Helper()
	ctx := context.Background()
	tenants, err := s.(ledger.TenantLister).Tenants(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	line := func(fields ...any) {
		var b strings.Builder
		for i, f := range fields {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(&b, f)
		}
		out = append(out, b.String())
	}
	for _, tenant := range tenants {
		infos, err := s.Sessions(ctx, tenant)
		if err != nil {
			t.Fatal(err)
		}
		for _, info := range infos {
			err := s.View(ctx, tenant, info.ID, func(tx ledger.Tx) error {
				recs, err := tx.Records()
				if err != nil {
					return err
				}
				var ids []string
				for _, r := range recs {
					line("record", tenant, info.ID, r.Seq, r.Span.ID, r.Hash)
					ids = append(ids, r.Span.ID)
				}
				covered, err := tx.CoveredBy(ids)
				if err != nil {
					return err
				}
				for _, id := range ids {
					line("coverage", tenant, info.ID, id, covered[id])
				}
				ds, err := tx.Decisions()
				if err != nil {
					return err
				}
				for _, d := range ds {
					line("decision", tenant, info.ID, d.Seq, d.Type, d.RequestID, d.Hash)
				}
				cps, err := tx.Checkpoints()
				if err != nil {
					return err
				}
				for _, c := range cps {
					line("checkpoint", tenant, info.ID, c.Records, c.Decisions, c.Signature)
				}
				items, err := tx.CachedItemsMany(cachedHashes)
				if err != nil {
					return err
				}
				for h := range items {
					line("cached", tenant, info.ID, h)
				}
				return nil
			})
			if err != nil {
				t.Fatalf("reading %s/%s: %v", tenant, info.ID, err)
			}
		}
	}
	slices.Sort(out)
	return out
}

// cachedHashes picks the text hashes out of a snapshot's "cached" lines.
func cachedHashes(snap []string) []string {
	var out []string
	for _, l := range snap {
		if f := strings.Fields(l); f[0] == "cached" {
			out = append(out, f[3])
		}
	}
	return out
}

// checkRelease checks a migrated release store against the snapshot taken
// before the migration, its chains and checkpoints, what it answers, and
// that two tenants may now each hold s1.
func checkRelease(t *testing.T, s ledger.Store, before []string, keyFile string, journal []ledger.Checkpoint) {
	t.Helper()
	ctx := context.Background()
	if len(before) < 30 {
		t.Fatalf("the release snapshot holds %d rows; the fixture holds more: was it read?", len(before))
	}
	if after := storeSnapshot(t, s, cachedHashes(before)); !reflect.DeepEqual(after, before) {
		t.Errorf("the migrated store reads back\n%s\nwant (the release's rows)\n%s", strings.Join(after, "\n"), strings.Join(before, "\n"))
	}

	// The chains verify without a key, and with it every checkpoint the
	// release signed still vouches for its session, strictly.
	key, err := ledger.LoadPublicKeyFile(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][3]int{"alpha/s1": {5, 6, 7}, "alpha/s2": {1, 0, 1}, "beta/b1": {3, 2, 3}}
	for name, w := range want {
		tenant, id, _ := strings.Cut(name, "/")
		rep, err := ledger.AuditSession(ctx, s, tenant, id, ledger.AuditOptions{})
		if err != nil || rep.Records != w[0] || rep.Decisions != w[1] {
			t.Errorf("audit of %s without a key = %+v, %v; want %d records, %d decisions", name, rep, err, w[0], w[1])
		}
		rep, err = ledger.AuditSession(ctx, s, tenant, id, ledger.AuditOptions{Keys: ledger.NewKeyRing(key), Journal: journal})
		if err != nil || rep.Checkpoint.Checkpoints != w[2] || rep.Checkpoint.Records != int64(w[0]) || rep.Checkpoint.Decisions != int64(w[1]) {
			t.Errorf("audit of %s with the release's key = %+v, %v; want %d checkpoints through record %d, decision %d", name, rep, err, w[2], w[0], w[1])
		}
	}

	// What the release wrote answers as it did.
	err = s.View(ctx, "alpha", "s1", func(tx ledger.Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		if st.Budget != 64000 || st.Policy != "synthesize" || st.PolicyVersion != 2 || st.CoveredSpans != 2 {
			t.Errorf("alpha/s1 state = budget %d, policy %s@%d, %d covered; want 64000, synthesize@2, 2", st.Budget, st.Policy, st.PolicyVersion, st.CoveredSpans)
		}
		for req, typ := range map[string]string{"r1": "compaction", "r2": "compaction", "sig1": "phase_signal", "e1": "policy_edit", "b1": "budget", "tenant:b1": "budget"} {
			d, err := tx.DecisionByRequest(req)
			if err != nil || d == nil || d.Type != typ {
				t.Errorf("alpha/s1 request %q = %+v, %v; want a %s decision", req, d, err, typ)
			}
		}
		live, err := tx.LiveRecords()
		if err != nil {
			return err
		}
		if len(live) != 3 {
			t.Errorf("alpha/s1 live view: %d records, want 3 (u1, a2 and the summary)", len(live))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for tenant, want := range map[string][]string{"alpha": {"s1", "s2"}, "beta": {"b1"}} {
		infos, err := s.Sessions(ctx, tenant)
		var got []string
		for _, in := range infos {
			got = append(got, in.ID)
		}
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("Sessions(%s) = %v, %v; want %v (creation order)", tenant, got, err, want)
		}
	}

	// The names are scoped now: beta takes s1, which the release refused
	// it, and alpha's s1 is untouched by what beta does in its own.
	if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "s1", Tenant: "beta"}, ledger.State{Budget: 100}); err != nil {
		t.Fatalf("beta creating s1 after the migration: %v", err)
	}
	if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "s1", Tenant: "alpha"}, ledger.State{}); !errors.Is(err, ledger.ErrExists) {
		t.Errorf("alpha creating s1 again = %v, want ErrExists", err)
	}
	err = s.Update(ctx, "beta", "s1", func(tx ledger.Tx) error {
		if r, err := tx.Record("u1"); err != nil || r != nil {
			t.Errorf("beta/s1 sees record u1 = %+v, %v; want none (alpha's s1 holds one)", r, err)
		}
		if d, err := tx.DecisionByRequest("r1"); err != nil || d != nil {
			t.Errorf("beta/s1 sees request r1 = %+v, %v; want none", d, err)
		}
		if err := tx.Append(ledger.Record{Span: sdk.Span{ID: "u1", Kind: "user", Text: "beta's own u1"}}); err != nil {
			return err
		}
		_, err := tx.AppendDecision(ledger.DecisionRecord{Type: "compaction", RequestID: "r1", Body: []byte(`{"tenant":"beta"}`)})
		return err
	})
	if err != nil {
		t.Fatalf("beta writing its s1: %v", err)
	}
	if rep, err := ledger.AuditSession(ctx, s, "beta", "s1", ledger.AuditOptions{}); err != nil || rep.Records != 1 || rep.Decisions != 1 {
		t.Errorf("audit of beta/s1 = %+v, %v", rep, err)
	}
	if after := storeSnapshot(t, s, cachedHashes(before)); len(after) != len(before)+3 {
		t.Errorf("after beta's s1: %d rows, want the release's %d and beta/s1's record, coverage and decision", len(after), len(before))
	}
}

// sqliteQuerier reads a SQLite file with a connection of its own.
func sqliteQuerier(t *testing.T, path string) querier {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return func(t *testing.T, query string) []string {
		t.Helper()
		rows, err := db.Query(query)
		if err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		defer rows.Close()
		cols, err := rows.Columns()
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			out = append(out, joinFields(vals))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
}

// pgQuerier reads a PostgreSQL schema with a connection of its own.
func pgQuerier(t *testing.T, dsn string) querier {
	conn, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return func(t *testing.T, query string) []string {
		t.Helper()
		rows, err := conn.Query(context.Background(), query)
		if err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			vals, err := rows.Values()
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, joinFields(vals))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
}

func joinFields(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		if b, ok := v.([]byte); ok {
			v = string(b)
		}
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, " ")
}

// copyFile copies the fixture, so the test never migrates the original.
func copyFile(t *testing.T, from, to string) {
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

func schemaVersion(t *testing.T, q querier) string {
	t.Helper()
	v := q(t, `SELECT MAX(version) FROM schema_version`)
	if len(v) != 1 {
		t.Fatalf("schema_version: %v", v)
	}
	return v[0]
}

// TestSQLiteMigrateRelease opens the release's SQLite store: it migrates
// to tenant-scoped names with everything intact, and opening it again
// migrates nothing more.
func TestSQLiteMigrateRelease(t *testing.T) {
	path := filepath.Join(t.TempDir(), "store.db")
	copyFile(t, filepath.Join(releaseDir, "store.db"), path)
	q := sqliteQuerier(t, path)
	if v := schemaVersion(t, q); v != "4" {
		t.Fatalf("the fixture is at schema version %s, want 4", v)
	}
	before := releaseSnapshot(t, q,
		`SELECT 'coverage', s.tenant, s.id, c.span_id, coalesce(c.covered_by, '') FROM coverage c JOIN sessions s ON s.id = c.session`)
	journal, skipped, err := ledger.ReadJournal(filepath.Join(releaseDir, "checkpoints.jsonl"))
	if err != nil || len(skipped) > 0 || len(journal) != 11 {
		t.Fatalf("the fixture's journal: %d checkpoints, %v skipped, %v; want 11", len(journal), skipped, err)
	}

	s, err := sqlstore.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatalf("opening the release's store: %v", err)
	}
	if v := schemaVersion(t, q); v != fmt.Sprint(len(sqlstore.SQLiteMigrations)) {
		t.Errorf("schema version after opening: %s, want %d", v, len(sqlstore.SQLiteMigrations))
	}
	checkRelease(t, s, before, filepath.Join(releaseDir, "audit.key.pub"), journal)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if fk := q(t, `PRAGMA foreign_key_check`); len(fk) != 0 {
		t.Errorf("foreign key violations after the migration: %v", fk)
	}

	// Idempotent: a second open finds nothing to do and reads the same.
	versions := q(t, `SELECT version FROM schema_version ORDER BY version`)
	s = openSQLiteAt(t, path)
	if again := q(t, `SELECT version FROM schema_version ORDER BY version`); !slices.Equal(again, versions) {
		t.Errorf("schema versions after a second open: %v, want %v", again, versions)
	}
	if rep, err := ledger.AuditSession(context.Background(), s, "beta", "s1", ledger.AuditOptions{}); err != nil || rep.Decisions != 1 {
		t.Errorf("beta/s1 after a second open: %+v, %v", rep, err)
	}
}

// TestSQLiteMigrateReleaseAtomic checks that a migration that fails part
// way leaves the release's store as it was: a table in the way of the
// sixth of its renames makes it fail after five tables were renamed.
func TestSQLiteMigrateReleaseAtomic(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "store.db")
	copyFile(t, filepath.Join(releaseDir, "store.db"), path)
	q, exec := sqliteQuerier(t, path), sqliteExec(t, path)
	schema := func() []string { return q(t, `SELECT type, name, sql FROM sqlite_master ORDER BY name`) }
	if err := exec(ctx, `CREATE TABLE checkpoints_v4 (x)`); err != nil {
		t.Fatal(err)
	}
	before, rows := schema(), releaseSnapshot(t, q, `SELECT 'coverage', session, span_id FROM coverage`)
	if _, err := sqlstore.OpenSQLite(ctx, path); err == nil || !strings.Contains(err.Error(), "migrating schema to version 5") {
		t.Fatalf("opening a store whose migration fails = %v, want a migration error naming version 5", err)
	}
	if after := schema(); !reflect.DeepEqual(after, before) {
		t.Errorf("a failed migration changed the schema:\n%s\nwant\n%s", strings.Join(after, "\n"), strings.Join(before, "\n"))
	}
	if after := releaseSnapshot(t, q, `SELECT 'coverage', session, span_id FROM coverage`); !reflect.DeepEqual(after, rows) {
		t.Errorf("a failed migration changed the rows")
	}
	if v := schemaVersion(t, q); v != "4" {
		t.Errorf("schema version after a failed migration: %s, want 4", v)
	}
	// Once the obstacle is gone it migrates.
	if err := exec(ctx, `DROP TABLE checkpoints_v4`); err != nil {
		t.Fatal(err)
	}
	openSQLiteAt(t, path)
	if v := schemaVersion(t, q); v != fmt.Sprint(len(sqlstore.SQLiteMigrations)) {
		t.Errorf("schema version after the retry: %s", v)
	}
}

// TestPostgresMigrateRelease is TestSQLiteMigrateRelease on PostgreSQL:
// the release's schema (version 3) is made by the release's own
// migration statements, kept unedited, and filled with the rows the
// release wrote (postgres-rows.sql).
func TestPostgresMigrateRelease(t *testing.T) {
	ctx := context.Background()
	dsn, _ := freshSchema(t, pgBaseDSN(t), nil)
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	stmts := append([]string{`CREATE TABLE schema_version (version integer NOT NULL)`}, sqlstore.PostgresMigrations[:3]...)
	f, err := os.Open(filepath.Join(releaseDir, "postgres-rows.sql"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		stmts = append(stmts, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, q := range stmts {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("loading the release's store: %s: %v", q, err)
		}
	}
	q := pgQuerier(t, dsn)
	if v := schemaVersion(t, q); v != "3" {
		t.Fatalf("the fixture is at schema version %s, want 3", v)
	}
	before := releaseSnapshot(t, q,
		`SELECT 'coverage', s.tenant, s.id, r.span_id, coalesce(r.covered_by, '') FROM records r JOIN sessions s ON s.id = r.session`)

	s, err := sqlstore.OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatalf("opening the release's store: %v", err)
	}
	defer s.Close()
	if v := schemaVersion(t, q); v != fmt.Sprint(len(sqlstore.PostgresMigrations)) {
		t.Errorf("schema version after opening: %s, want %d", v, len(sqlstore.PostgresMigrations))
	}
	checkRelease(t, s, before, filepath.Join(releaseDir, "postgres-audit.key.pub"), nil)

	versions := q(t, `SELECT version FROM schema_version ORDER BY version`)
	s2 := openPostgres(t, dsn)
	if again := q(t, `SELECT version FROM schema_version ORDER BY version`); !slices.Equal(again, versions) {
		t.Errorf("schema versions after a second open: %v, want %v", again, versions)
	}
	if rep, err := ledger.AuditSession(ctx, s2, "beta", "s1", ledger.AuditOptions{}); err != nil || rep.Decisions != 1 {
		t.Errorf("beta/s1 after a second open: %+v, %v", rep, err)
	}
}
