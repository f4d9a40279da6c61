package sqlstore_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/ledgertest"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
)

// openSQLite opens a store on a fresh file in tb's temp dir.
func openSQLite(tb testing.TB) ledger.Store {
	tb.Helper()
	return openSQLiteAt(tb, filepath.Join(tb.TempDir(), "ledger.db"))
}

func openSQLiteAt(tb testing.TB, path string) ledger.Store {
	tb.Helper()
	s, err := sqlstore.OpenSQLite(context.Background(), path)
	if err != nil {
		tb.Fatalf("OpenSQLite: %v", err)
	}
	tb.Cleanup(func() {
		if err := s.Close(); err != nil {
			tb.Errorf("Close: %v", err)
		}
	})
	return s
}

func TestSQLiteConformance(t *testing.T) {
	ledgertest.Run(t, func(t *testing.T) ledger.Store { return openSQLite(t) }, ledgertest.PerDatabaseWriter())
}

// TestSQLiteMemoryConformance runs the suite on "sqlite::memory:". It
// checks the in-memory wiring (one connection for reads and writes); the
// file store's run covers scale, so the large session stays small here.
func TestSQLiteMemoryConformance(t *testing.T) {
	ledgertest.Run(t, func(t *testing.T) ledger.Store { return openSQLiteAt(t, sqlstore.MemoryPath) },
		ledgertest.PerDatabaseWriter(), ledgertest.ManyRecords(500))
}

// TestSQLiteTwoStores runs two stores (as two processes would) on one
// file: BEGIN IMMEDIATE and busy_timeout serialise them.
func TestSQLiteTwoStores(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shared.db")
	ledgertest.RunReplicas(t, openSQLiteAt(t, path), openSQLiteAt(t, path), 16)
}

// TestSQLiteReopen checks that data and the schema version survive a
// close and reopen, and that reopening does not migrate twice.
func TestSQLiteReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a dir?#%/ledger.db")
	if err := mkdirAll(filepath.Dir(path)); err != nil {
		t.Fatal(err)
	}
	s, err := sqlstore.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatalf("OpenSQLite(%q): %v", path, err)
	}
	if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "s", Tenant: "t"}, ledger.State{Budget: 7}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openSQLiteAt(t, path)
	err = s.View(ctx, "t", "s", func(tx ledger.Tx) error {
		st, err := tx.State()
		if err == nil && st.Budget != 7 {
			err = fmt.Errorf("budget %d after reopen, want 7", st.Budget)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestOpen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cases := []struct {
		kind, dsn string
		ok        bool
	}{
		{"sqlite", filepath.Join(dir, "open.db"), true},
		{"sqlite", sqlstore.MemoryPath, true},
		{"memory", "", true},
		{"memory", "x", false},
		{"sqlite", "", false},
		{"postgres", "", false},
		{"postgres", "postgres://%zz", false},
		{"mysql", "x", false},
	}
	for _, c := range cases {
		t.Run(c.kind+":"+c.dsn, func(t *testing.T) {
			s, err := sqlstore.Open(ctx, c.kind, c.dsn)
			if (err == nil) != c.ok {
				t.Fatalf("Open(%q, %q) error = %v, want ok=%v", c.kind, c.dsn, err, c.ok)
			}
			if err != nil {
				if s != nil {
					t.Errorf("Open returned a store with an error")
				}
				return
			}
			if err := s.Ping(ctx); err != nil {
				t.Errorf("Ping: %v", err)
			}
			if err := s.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
	}
}

func BenchmarkSQLiteRecordLookup(b *testing.B) {
	ledgertest.BenchmarkRecordLookup(b, openSQLite(b), 20000)
}

func BenchmarkSQLiteAppend(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		b.Run(fmt.Sprintf("existing=%dk", n/1000), func(b *testing.B) {
			ledgertest.BenchmarkAppend(b, openSQLite(b), n)
		})
	}
}

func BenchmarkSQLiteAppendCovered(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		b.Run(fmt.Sprintf("existing=%dk", n/1000), func(b *testing.B) {
			ledgertest.BenchmarkAppendCovered(b, openSQLite(b), n)
		})
	}
}
