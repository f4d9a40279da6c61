package sqlstore_test

import (
	"context"
	"database/sql"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
)

// commitProber is what host/api's readiness asks of a store.
type commitProber interface {
	ProbeCommit(ctx context.Context) error
}

// TestProbeCommit: each SQL store commits a probe write while it can and
// fails it, within the caller's deadline, while another writer holds what
// the probe needs; the probe writes one row of its own table, however
// often it runs, and nothing a ledger reader sees.
func TestProbeCommit(t *testing.T) {
	tests := []struct {
		name string
		// open returns the store and count, which counts the probe
		// table's rows, and hold, which blocks writes until release.
		open func(t *testing.T) (st ledger.Store, count func() int, hold func() (release func()))
	}{
		{"sqlite", openSQLiteForProbe},
		{"postgres", openPostgresForProbe},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, count, hold := tt.open(t)
			p, ok := st.(commitProber)
			if !ok {
				t.Fatalf("%T has no ProbeCommit", st)
			}
			ctx := context.Background()
			for range 3 {
				if err := p.ProbeCommit(ctx); err != nil {
					t.Fatalf("probe on a healthy store: %v", err)
				}
			}
			if n := count(); n != 1 {
				t.Errorf("the probe table holds %d rows after three probes, want 1", n)
			}
			if infos, err := st.Sessions(ctx, ""); err != nil || len(infos) != 0 {
				t.Errorf("sessions after probing: %v, %v; want none", infos, err)
			}

			release := hold()
			short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
			began := time.Now()
			err := p.ProbeCommit(short)
			cancel()
			if err == nil {
				t.Fatal("the probe committed while another writer held the store")
			}
			if d := time.Since(began); d > 5*time.Second {
				t.Errorf("the blocked probe returned after %s, want about its 300ms deadline", d)
			}
			release()
			if err := p.ProbeCommit(ctx); err != nil {
				t.Fatalf("probe after the writer let go: %v", err)
			}
		})
	}
}

func openSQLiteForProbe(t *testing.T) (ledger.Store, func() int, func() func()) {
	path := filepath.Join(t.TempDir(), "probe.db")
	st, err := sqlstore.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	// A second handle on the file, as another process would have.
	other, err := sql.Open("sqlite", (&url.URL{Scheme: "file", Path: path}).String()+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	count := func() int {
		var n int
		if err := other.QueryRow(`SELECT count(*) FROM readiness_probe`).Scan(&n); err != nil {
			t.Fatalf("counting probe rows: %v", err)
		}
		return n
	}
	hold := func() func() {
		tx, err := other.Begin() // BEGIN IMMEDIATE: the file's write lock
		if err != nil {
			t.Fatal(err)
		}
		return func() { _ = tx.Rollback() }
	}
	return st, count, hold
}

func openPostgresForProbe(t *testing.T) (ledger.Store, func() int, func() func()) {
	dsn, _ := freshSchema(t, pgBaseDSN(t), nil)
	ctx := context.Background()
	st, err := sqlstore.OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	other, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close(context.Background()) })
	count := func() int {
		var n int
		if err := other.QueryRow(ctx, `SELECT count(*) FROM readiness_probe`).Scan(&n); err != nil {
			t.Fatalf("counting probe rows: %v", err)
		}
		return n
	}
	hold := func() func() {
		tx, err := other.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, `LOCK TABLE readiness_probe IN ACCESS EXCLUSIVE MODE`); err != nil {
			t.Fatal(err)
		}
		return func() { _ = tx.Rollback(context.Background()) }
	}
	return st, count, hold
}
