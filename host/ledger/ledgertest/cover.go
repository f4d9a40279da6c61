package ledgertest

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
)

// liveIDs returns the span ids of the live view, in order.
func liveIDs(t testing.TB, tx ledger.Tx) []string {
	t.Helper()
	ids := []string{}
	for _, r := range mustLive(t, tx) {
		ids = append(ids, r.Span.ID)
	}
	return ids
}

func mustCoveredBy(t testing.TB, tx ledger.Tx, ids ...string) map[string]string {
	t.Helper()
	m, err := tx.CoveredBy(ids)
	if err != nil {
		t.Fatalf("CoveredBy(%v): %v", ids, err)
	}
	return m
}

// testCover covers spans across updates and checks LiveRecords and
// CoveredBy inside the update that covers and after it commits.
func testCover(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "cv")
	createSession(t, s, "cv2")
	for _, id := range []string{"cv", "cv2"} {
		update(t, s, id, func(tx ledger.Tx) error {
			return tx.Append(ledger.Record{Span: span("a", "a")}, ledger.Record{Span: span("b", "b")},
				ledger.Record{Span: span("c", "c")}, ledger.Record{Span: span("d", "d")})
		})
	}
	update(t, s, "cv", func(tx ledger.Tx) error {
		if got := liveIDs(t, tx); !reflect.DeepEqual(got, []string{"a", "b", "c", "d"}) {
			t.Errorf("live view before covering = %v", got)
		}
		if err := tx.Cover(nil, "summary-0"); err != nil {
			t.Errorf("Cover of no span = %v, want a no-op", err)
		}
		if err := tx.Cover([]string{"b", "a"}, "summary-1"); err != nil {
			return err
		}
		// A span appended in the same update can be covered in it too.
		if err := tx.Append(ledger.Record{Span: span("e", "e")}); err != nil {
			return err
		}
		if err := tx.Cover([]string{"e"}, "summary-2"); err != nil {
			return err
		}
		if got := liveIDs(t, tx); !reflect.DeepEqual(got, []string{"c", "d"}) {
			t.Errorf("live view inside the update = %v, want [c d]", got)
		}
		want := map[string]string{"a": "summary-1", "b": "summary-1", "e": "summary-2"}
		if got := mustCoveredBy(t, tx, "a", "b", "c", "e", "missing"); !reflect.DeepEqual(got, want) {
			t.Errorf("CoveredBy inside the update = %v, want %v", got, want)
		}
		return nil
	})
	view(t, s, "cv", func(tx ledger.Tx) error {
		recs, live := mustRecords(t, tx), mustLive(t, tx)
		if got := liveIDs(t, tx); !reflect.DeepEqual(got, []string{"c", "d"}) {
			t.Errorf("live view after commit = %v, want [c d]", got)
		}
		// Live records are the ledger's records, unchanged; covering is
		// outside the chain, which still verifies.
		for i, r := range live {
			if diff := sameRecord(r, recs[i+2]); diff != "" {
				t.Errorf("live record %q differs from the ledger's: %s", r.Span.ID, diff)
			}
		}
		if got := mustCoveredBy(t, tx, "a", "e"); !reflect.DeepEqual(got, map[string]string{"a": "summary-1", "e": "summary-2"}) {
			t.Errorf("CoveredBy after commit = %v", got)
		}
		if got := mustCoveredBy(t, tx); len(got) != 0 {
			t.Errorf("CoveredBy() = %v, want empty", got)
		}
		return ledger.VerifySession(tx.Info(), recs, nil)
	})
	// Covering the rest in a later update, in another order.
	update(t, s, "cv", func(tx ledger.Tx) error { return tx.Cover([]string{"d", "c"}, "summary-3") })
	view(t, s, "cv", func(tx ledger.Tx) error {
		if got := liveIDs(t, tx); len(got) != 0 {
			t.Errorf("live view after covering everything = %v", got)
		}
		return nil
	})
	// Another session with the same span ids is untouched.
	view(t, s, "cv2", func(tx ledger.Tx) error {
		if got := liveIDs(t, tx); !reflect.DeepEqual(got, []string{"a", "b", "c", "d"}) {
			t.Errorf("live view of another session = %v", got)
		}
		if got := mustCoveredBy(t, tx, "a", "b", "c", "d"); len(got) != 0 {
			t.Errorf("coverage of another session leaked: %v", got)
		}
		return nil
	})
}

// testCoverErrors checks that a refused Cover is ErrNotLive and covers
// nothing, not even the valid ids of its batch.
func testCoverErrors(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "ce")
	update(t, s, "ce", func(tx ledger.Tx) error {
		if err := tx.Append(ledger.Record{Span: span("a", "a")}, ledger.Record{Span: span("b", "b")}, ledger.Record{Span: span("c", "c")}); err != nil {
			return err
		}
		return tx.Cover([]string{"a"}, "summary-1")
	})
	cases := []struct {
		name string
		ids  []string
	}{
		{"absent", []string{"missing"}},
		{"already covered", []string{"a"}},
		{"live then absent", []string{"b", "missing"}},
		{"live then covered", []string{"b", "c", "a"}},
		{"repeated", []string{"b", "b"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			update(t, s, "ce", func(tx ledger.Tx) error {
				if err := tx.Cover(c.ids, "summary-2"); !errors.Is(err, ledger.ErrNotLive) {
					t.Errorf("Cover(%v) = %v, want ErrNotLive", c.ids, err)
				}
				// The caller may go on: the refused call left no mark.
				if got := liveIDs(t, tx); !reflect.DeepEqual(got, []string{"b", "c"}) {
					t.Errorf("live view after a refused Cover = %v, want [b c]", got)
				}
				if got := mustCoveredBy(t, tx, "a", "b", "c"); !reflect.DeepEqual(got, map[string]string{"a": "summary-1"}) {
					t.Errorf("coverage after a refused Cover = %v", got)
				}
				return nil
			})
		})
	}
	update(t, s, "ce", func(tx ledger.Tx) error {
		if err := tx.Cover([]string{"b"}, ""); err == nil {
			t.Errorf("Cover with an empty summary id succeeded")
		}
		return nil
	})
	view(t, s, "ce", func(tx ledger.Tx) error {
		if got := liveIDs(t, tx); !reflect.DeepEqual(got, []string{"b", "c"}) {
			t.Errorf("live view after refused covers = %v, want [b c]", got)
		}
		return nil
	})
}

// testCoverRollback checks that an Update that fails after covering
// leaves every span live.
func testCoverRollback(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "cr")
	update(t, s, "cr", func(tx ledger.Tx) error {
		return tx.Append(ledger.Record{Span: span("a", "a")}, ledger.Record{Span: span("b", "b")})
	})
	boom := errors.New("scorer failed")
	err := s.Update(context.Background(), Tenant, "cr", func(tx ledger.Tx) error {
		if err := tx.Cover([]string{"a", "b"}, "summary-1"); err != nil {
			return err
		}
		if err := tx.Append(ledger.Record{Span: span("summary-1", "s")}); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Update = %v, want fn's error", err)
	}
	view(t, s, "cr", func(tx ledger.Tx) error {
		if got := liveIDs(t, tx); !reflect.DeepEqual(got, []string{"a", "b"}) {
			t.Errorf("live view after a failed update = %v, want [a b]", got)
		}
		if got := mustCoveredBy(t, tx, "a", "b"); len(got) != 0 {
			t.Errorf("coverage of a failed update kept: %v", got)
		}
		return nil
	})
	// The spans can be covered by a later update.
	update(t, s, "cr", func(tx ledger.Tx) error { return tx.Cover([]string{"a"}, "summary-1") })
	view(t, s, "cr", func(tx ledger.Tx) error {
		if got := liveIDs(t, tx); !reflect.DeepEqual(got, []string{"b"}) {
			t.Errorf("live view after covering a = %v, want [b]", got)
		}
		return nil
	})
}
