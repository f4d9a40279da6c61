package sqlstore_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/ledgertest"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
)

// pgBaseDSN returns the test server's DSN, or skips (fails when
// COMPACTGUARD_REQUIRE_PG=1, as CI sets it) when there is none.
func pgBaseDSN(tb testing.TB) string {
	tb.Helper()
	dsn := os.Getenv("COMPACTGUARD_TEST_PG_DSN")
	if dsn != "" {
		return dsn
	}
	const how = "COMPACTGUARD_TEST_PG_DSN is not set. To run the PostgreSQL store tests: " +
		"`eval \"$(.ci/pg.sh start)\"` (or run `.ci/pg.sh start` and paste its " +
		"`export COMPACTGUARD_TEST_PG_DSN=...` line), then go test ./host/ledger/sqlstore/; `.ci/pg.sh stop` when done"
	if os.Getenv("COMPACTGUARD_REQUIRE_PG") == "1" {
		tb.Fatal("COMPACTGUARD_REQUIRE_PG=1 but " + how)
	}
	tb.Skip(how)
	return ""
}

// freshSchema creates a schema with a random name, drops it when tb ends,
// and returns base with search_path set to it (plus extra parameters).
func freshSchema(tb testing.TB, base string, extra map[string]string) (dsn, schema string) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		tb.Fatal(err)
	}
	schema = "cg_test_" + hex.EncodeToString(b[:])
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		tb.Fatalf("connecting to the test server: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		tb.Fatalf("creating schema %s: %v", schema, err)
	}
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			tb.Errorf("connecting to drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			tb.Errorf("dropping schema %s: %v", schema, err)
		}
	})
	params := map[string]string{"search_path": schema}
	for k, v := range extra {
		params[k] = v
	}
	return withParams(tb, base, params), schema
}

// withParams adds connection parameters to a URL or key=value DSN.
func withParams(tb testing.TB, dsn string, params map[string]string) string {
	tb.Helper()
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			tb.Fatalf("COMPACTGUARD_TEST_PG_DSN does not parse as a URL: %v", err)
		}
		q := u.Query()
		for k, v := range params {
			q.Set(k, v)
		}
		u.RawQuery = q.Encode()
		return u.String()
	}
	for k, v := range params {
		dsn += fmt.Sprintf(" %s=%s", k, v)
	}
	return dsn
}

func openPostgres(tb testing.TB, dsn string) ledger.Store {
	tb.Helper()
	s, err := sqlstore.OpenPostgres(context.Background(), dsn)
	if err != nil {
		tb.Fatalf("OpenPostgres: %v", err)
	}
	tb.Cleanup(func() {
		if err := s.Close(); err != nil {
			tb.Errorf("Close: %v", err)
		}
	})
	return s
}

// freshPostgres opens a store on its own schema.
func freshPostgres(tb testing.TB) ledger.Store {
	tb.Helper()
	dsn, _ := freshSchema(tb, pgBaseDSN(tb), nil)
	return openPostgres(tb, dsn)
}

func TestPostgresConformance(t *testing.T) {
	pgBaseDSN(t)
	ledgertest.Run(t, func(t *testing.T) ledger.Store { return freshPostgres(t) })
}

// TestPostgresReplicas runs two stores (two pools, as two replicas of the
// service) on one database: the session row lock serialises them.
func TestPostgresReplicas(t *testing.T) {
	dsn, _ := freshSchema(t, pgBaseDSN(t), nil)
	ledgertest.RunReplicas(t, openPostgres(t, dsn), openPostgres(t, dsn), 24)
}

// TestPostgresConcurrentOpen starts replicas together on an empty schema:
// the advisory lock makes exactly one of them migrate.
func TestPostgresConcurrentOpen(t *testing.T) {
	dsn, _ := freshSchema(t, pgBaseDSN(t), nil)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := sqlstore.OpenPostgres(context.Background(), dsn)
			if err == nil {
				err = s.Close()
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("concurrent open: %v", err)
		}
	}
	conn, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var n int
	// One row per migration: the schema was migrated once.
	if err := conn.QueryRow(context.Background(), `SELECT count(*) FROM schema_version`).Scan(&n); err != nil || n != len(sqlstore.PostgresMigrations) {
		t.Errorf("schema_version has %d rows (%v), want %d", n, err, len(sqlstore.PostgresMigrations))
	}
}

// TestPostgresLockWaitDeadline: an Update that cannot get the session's
// row lock before its deadline fails, writes nothing, and the holder is
// unaffected.
func TestPostgresLockWaitDeadline(t *testing.T) {
	s := freshPostgres(t)
	ctx := context.Background()
	if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "locked", Tenant: "t"}, ledger.State{}); err != nil {
		t.Fatal(err)
	}
	entered, release := make(chan struct{}), make(chan struct{})
	held := make(chan error, 1)
	go func() {
		held <- s.Update(ctx, "t", "locked", func(tx ledger.Tx) error {
			close(entered)
			<-release
			return tx.SetState(ledger.State{Version: 1})
		})
	}()
	<-entered
	dctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	called := false
	err := s.Update(dctx, "t", "locked", func(tx ledger.Tx) error {
		called = true
		return tx.SetState(ledger.State{Version: 100})
	})
	close(release)
	if err == nil || called {
		t.Fatalf("Update past its deadline = %v (fn called: %v), want an error before fn", err, called)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Logf("note: deadline error does not wrap context.DeadlineExceeded: %v", err)
	}
	if err := <-held; err != nil {
		t.Fatalf("holder: %v", err)
	}
	err = s.View(ctx, "t", "locked", func(tx ledger.Tx) error {
		st, err := tx.State()
		if err == nil && st.Version != 1 {
			err = fmt.Errorf("version %d, want the holder's 1", st.Version)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPostgresCommitFailure kills the store's connection while fn runs:
// the commit fails, Update reports it, and nothing is kept.
func TestPostgresCommitFailure(t *testing.T) {
	base := pgBaseDSN(t)
	app := "cg_kill_" + strings.ReplaceAll(t.Name(), "/", "_")
	dsn, _ := freshSchema(t, base, map[string]string{"application_name": app})
	s := openPostgres(t, dsn)
	ctx := context.Background()
	if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "k", Tenant: "t"}, ledger.State{}); err != nil {
		t.Fatal(err)
	}
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	err = s.Update(ctx, "t", "k", func(tx ledger.Tx) error {
		if err := tx.Append(ledger.Record{Span: ledger.Record{}.Span}); err != nil {
			return err
		}
		if err := tx.SetState(ledger.State{Version: 1}); err != nil {
			return err
		}
		_, err := admin.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND state LIKE 'idle in transaction%'`, app)
		return err
	})
	if err == nil {
		t.Fatal("Update whose connection died before commit returned nil")
	}
	t.Logf("Update reported: %v", err)
	err = s.View(ctx, "t", "k", func(tx ledger.Tx) error {
		st, err := tx.State()
		if err != nil {
			return err
		}
		recs, err := tx.Records()
		if err == nil && (st.Version != 0 || len(recs) != 0) {
			err = fmt.Errorf("after a failed commit: version %d, %d records", st.Version, len(recs))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func BenchmarkPostgresRecordLookup(b *testing.B) {
	ledgertest.BenchmarkRecordLookup(b, freshPostgres(b), 20000)
}

func BenchmarkPostgresAppend(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		b.Run(fmt.Sprintf("existing=%dk", n/1000), func(b *testing.B) {
			ledgertest.BenchmarkAppend(b, freshPostgres(b), n)
		})
	}
}

func BenchmarkPostgresAppendCovered(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		b.Run(fmt.Sprintf("existing=%dk", n/1000), func(b *testing.B) {
			ledgertest.BenchmarkAppendCovered(b, freshPostgres(b), n)
		})
	}
}
