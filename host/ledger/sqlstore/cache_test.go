package sqlstore_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// TestSQLiteCacheSeesOtherWriters changes rows the store has cached from
// another connection, as a second process or the sqlite3 shell would: the
// store's next update must read the new rows, not its cache. The
// tampered text must reach the guard so that the record fails to verify.
func TestSQLiteCacheSeesOtherWriters(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "shared.db")
	s := openSQLiteAt(t, path)
	if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "s", Tenant: "t"}, ledger.State{}); err != nil {
		t.Fatal(err)
	}
	update := func(fn func(ledger.Tx) error) {
		t.Helper()
		if err := s.Update(ctx, "t", "s", fn); err != nil {
			t.Fatal(err)
		}
	}
	update(func(tx ledger.Tx) error {
		if err := tx.Append(ledger.Record{Span: sdk.Span{ID: "x", Kind: "user", Text: "one"}},
			ledger.Record{Span: sdk.Span{ID: "y", Kind: "user", Text: "two"}}); err != nil {
			return err
		}
		return tx.CacheItems("h", []sdk.Item{{Category: "prohibition", Text: "never"}})
	})
	// Read everything once, so that it is all cached.
	update(func(tx ledger.Tx) error {
		recs, err := tx.RecordsByID([]string{"x", "y"})
		if err == nil && (len(recs) != 2 || !recs["x"].Verify()) {
			t.Errorf("records before tampering: %+v", recs)
		}
		items, ok, err := tx.CachedItems("h")
		if err == nil && (!ok || len(items) != 1) {
			t.Errorf("cached items before: %v %v", items, ok)
		}
		return err
	})

	other, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	for _, q := range []string{
		`UPDATE records SET text = CAST('tampered' AS BLOB) WHERE session = (SELECT ord FROM sessions WHERE tenant = 't' AND id = 's') AND span_id = 'x'`,
		`UPDATE coverage SET covered_by = 'elsewhere' WHERE session = (SELECT ord FROM sessions WHERE tenant = 't' AND id = 's') AND span_id = 'y'`,
		`UPDATE extraction_cache SET items = '[]' WHERE session = (SELECT ord FROM sessions WHERE tenant = 't' AND id = 's') AND text_hash = 'h'`,
	} {
		if _, err := other.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}

	update(func(tx ledger.Tx) error {
		recs, err := tx.RecordsByID([]string{"x"})
		if err != nil {
			return err
		}
		if x := recs["x"]; x.Span.Text != "tampered" || x.Verify() {
			t.Errorf("record x after another connection changed it: text %q, verifies %v; want the new text, failing verification", x.Span.Text, x.Verify())
		}
		cov, err := tx.CoveredBy([]string{"x", "y"})
		if err != nil {
			return err
		}
		if len(cov) != 1 || cov["y"] != "elsewhere" {
			t.Errorf("coverage after another connection covered y: %v", cov)
		}
		items, ok, err := tx.CachedItems("h")
		if err == nil && (!ok || len(items) != 0) {
			t.Errorf("cached items after another connection changed them: %v %v, want none", items, ok)
		}
		return err
	})
}
