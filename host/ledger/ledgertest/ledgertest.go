package ledgertest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// Option adjusts the suite to a store's documented limits.
type Option func(*options)

type options struct {
	perDatabaseWriter bool
	concurrency       int
	manyRecords       int
}

// PerDatabaseWriter says the store serialises every Update in the database,
// not per session (SQLite: one writer at a time). The suite then skips the
// check that updates on different sessions do not block each other.
func PerDatabaseWriter() Option { return func(o *options) { o.perDatabaseWriter = true } }

// Concurrency sets how many goroutines race on one session in the
// serialisation tests (default 16).
func Concurrency(n int) Option { return func(o *options) { o.concurrency = n } }

// ManyRecords sets the session size of the ManyRecords subtest (default
// ManyRecordsN, or ManyRecordsRace under the race detector).
func ManyRecords(n int) Option { return func(o *options) { o.manyRecords = n } }

// Opener opens a fresh, empty store for one test. It should register the
// store's Close (and any cleanup of its database) with t.Cleanup.
type Opener func(t *testing.T) ledger.Store

// Tenant is the tenant the suite creates its sessions under.
const Tenant = "tenant-a"

// Run runs the conformance suite against stores made by open. Every subtest
// opens its own store, so the subtests do not depend on each other.
func Run(t *testing.T, open func(t *testing.T) ledger.Store, opts ...Option) {
	o := options{concurrency: 16, manyRecords: ManyRecordsN}
	if raceDetector {
		o.manyRecords = ManyRecordsRace
	}
	for _, f := range opts {
		f(&o)
	}
	tests := []struct {
		name string
		run  func(t *testing.T, open Opener, o options)
	}{
		{"Sessions", testSessions},
		{"AppendSealsChain", testAppendSealsChain},
		{"SpanRoundTrip", testSpanRoundTrip},
		{"AppendConflict", testAppendConflict},
		{"Rollback", testRollback},
		{"StateRoundTrip", testStateRoundTrip},
		{"Cover", testCover},
		{"CoverErrors", testCoverErrors},
		{"CoverRollback", testCoverRollback},
		{"DecisionByRequest", testDecisionByRequest},
		{"LastDecisionSeq", testLastDecisionSeq},
		{"Cache", testCache},
		{"ViewIsReadOnly", testViewReadOnly},
		{"ConcurrentUpdatesSerialised", testConcurrent},
		{"SessionsIndependent", testIndependent},
		{"CanceledContext", testCanceled},
		{"LargeText", testLargeText},
		{"ManyRecords", testManyRecords},
		{"Checkpoints", testCheckpoints},
		{"SessionIDsPerTenant", testIDsPerTenant},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, open, o) })
	}
}

// RunReplicas checks that two stores over one database (two replicas of
// the service) serialise updates on one session between them: n goroutines
// spread over a and b each read a counter in State, pause, write counter+1,
// append one record and one decision. The final counter must be n and both
// chains must verify.
func RunReplicas(t *testing.T, a, b ledger.Store, n int) {
	t.Helper()
	createSession(t, a, "replicated")
	hammer(t, []ledger.Store{a, b}, "replicated", n)
	for _, s := range []ledger.Store{a, b} {
		var st ledger.State
		var recs []ledger.Record
		var decs []ledger.DecisionRecord
		view(t, s, "replicated", func(tx ledger.Tx) (err error) {
			st, recs, decs = mustState(t, tx), mustRecords(t, tx), mustDecisions(t, tx)
			return nil
		})
		if st.Version != int64(n) || len(recs) != n || len(decs) != n {
			t.Fatalf("after %d concurrent updates over two stores: counter %d, %d records, %d decisions (lost updates)", n, st.Version, len(recs), len(decs))
		}
		if err := ledger.VerifySession(ledger.SessionInfo{ID: "replicated", Tenant: Tenant}, recs, decs); err != nil {
			t.Fatalf("chain after concurrent updates over two stores: %v", err)
		}
	}
}

// hammer runs n Updates on one session from n goroutines, spread over the
// given stores. Each reads State.Version, sleeps a little so the updates
// overlap, then writes Version+1 and appends one record and one decision.
func hammer(t *testing.T, stores []ledger.Store, session string, n int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			s := stores[i%len(stores)]
			errs <- s.Update(ctx, Tenant, session, func(tx ledger.Tx) error {
				st, err := tx.State()
				if err != nil {
					return err
				}
				time.Sleep(2 * time.Millisecond)
				st.Version++
				if err := tx.Append(ledger.Record{Span: span(fmt.Sprintf("g%d", i), "concurrent"), Tokens: 1}); err != nil {
					return err
				}
				if _, err := tx.AppendDecision(decision("append", fmt.Sprintf("req-%d", i))); err != nil {
					return err
				}
				return tx.SetState(st)
			})
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("concurrent Update: %v", err)
		}
	}
}

func span(id, text string) sdk.Span {
	return sdk.Span{ID: id, Kind: "user", Text: text}
}

func decision(typ, requestID string) ledger.DecisionRecord {
	return ledger.DecisionRecord{Type: typ, RequestID: requestID, Body: []byte(fmt.Sprintf(`{"type":%q,"allowed":true}`, typ))}
}

func createSession(t testing.TB, s ledger.Store, id string) {
	t.Helper()
	if err := s.CreateSession(context.Background(), ledger.SessionInfo{ID: id, Tenant: Tenant}, ledger.State{Tokenizer: "o200k_base", Budget: 48000}); err != nil {
		t.Fatalf("CreateSession(%q): %v", id, err)
	}
}

func update(t testing.TB, s ledger.Store, id string, fn func(ledger.Tx) error) {
	t.Helper()
	if err := s.Update(context.Background(), Tenant, id, fn); err != nil {
		t.Fatalf("Update(%q): %v", id, err)
	}
}

func view(t testing.TB, s ledger.Store, id string, fn func(ledger.Tx) error) {
	t.Helper()
	if err := s.View(context.Background(), Tenant, id, fn); err != nil {
		t.Fatalf("View(%q): %v", id, err)
	}
}

// must returns what get reads in a transaction, failing t with what
// (the Tx method's name) when it cannot.
func must[T any](t testing.TB, what string, get func() (T, error)) T {
	t.Helper()
	v, err := get()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

func mustState(t testing.TB, tx ledger.Tx) ledger.State {
	t.Helper()
	return must(t, "State", tx.State)
}

func mustRecords(t testing.TB, tx ledger.Tx) []ledger.Record {
	t.Helper()
	return must(t, "Records", tx.Records)
}

func mustLive(t testing.TB, tx ledger.Tx) []ledger.Record {
	t.Helper()
	return must(t, "LiveRecords", tx.LiveRecords)
}

func mustDecisions(t testing.TB, tx ledger.Tx) []ledger.DecisionRecord {
	t.Helper()
	return must(t, "Decisions", tx.Decisions)
}

func mustRecord(t testing.TB, tx ledger.Tx, id string) *ledger.Record {
	t.Helper()
	r, err := tx.Record(id)
	if err != nil {
		t.Fatalf("Record(%q): %v", id, err)
	}
	return r
}

// sameRecord reports how got differs from want ("" when equal); times are
// compared as instants, since stores may return another location.
func sameRecord(got, want ledger.Record) string {
	if !got.Time.Equal(want.Time) {
		return fmt.Sprintf("time %v, want %v", got.Time, want.Time)
	}
	got.Time, want.Time = time.Time{}, time.Time{}
	if !reflect.DeepEqual(got, want) {
		return fmt.Sprintf("\n got %+v\nwant %+v", brief(got), brief(want))
	}
	return ""
}

func brief(r ledger.Record) ledger.Record {
	if len(r.Span.Text) > 80 {
		r.Span.Text = r.Span.Text[:80] + fmt.Sprintf("...(%d bytes)", len(r.Span.Text))
	}
	return r
}

func sameDecision(got, want ledger.DecisionRecord) string {
	if !got.Time.Equal(want.Time) {
		return fmt.Sprintf("time %v, want %v", got.Time, want.Time)
	}
	if got.Seq != want.Seq || got.Type != want.Type || got.RequestID != want.RequestID ||
		!bytes.Equal(got.Body, want.Body) || got.Prev != want.Prev || got.Hash != want.Hash {
		return fmt.Sprintf("\n got %+v\nwant %+v", got, want)
	}
	return ""
}

func testSessions(t *testing.T, open Opener, _ options) {
	ctx := context.Background()
	s := open(t)
	created := time.Date(2025, 3, 1, 12, 0, 0, 123456789, time.UTC)
	if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "s1", Tenant: Tenant, Created: created}, ledger.State{Budget: 1}); err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	// A zero Created is filled in by the store; given ones are kept, and
	// listing follows creation order, not the Created field.
	before := time.Now()
	for _, info := range []ledger.SessionInfo{
		{ID: "s2", Tenant: Tenant},
		{ID: "other", Tenant: "tenant-b"},
		{ID: "s0", Tenant: Tenant, Created: created.Add(-time.Hour)},
	} {
		if err := s.CreateSession(ctx, info, ledger.State{}); err != nil {
			t.Fatalf("CreateSession(%q): %v", info.ID, err)
		}
	}
	errCases := []struct {
		name string
		err  error
		want error
	}{
		{"duplicate id", s.CreateSession(ctx, ledger.SessionInfo{ID: "s1", Tenant: Tenant}, ledger.State{}), ledger.ErrExists},
		{"update missing", s.Update(ctx, Tenant, "nope", func(ledger.Tx) error { return nil }), ledger.ErrNotFound},
		{"view missing", s.View(ctx, Tenant, "nope", func(ledger.Tx) error { return nil }), ledger.ErrNotFound},
		{"update other tenant", s.Update(ctx, "tenant-b", "s1", func(ledger.Tx) error { return nil }), ledger.ErrNotFound},
		{"view other tenant", s.View(ctx, Tenant, "other", func(ledger.Tx) error { return nil }), ledger.ErrNotFound},
	}
	for _, c := range errCases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.err, c.want)
		}
	}
	list, err := s.Sessions(ctx, Tenant)
	if err != nil {
		t.Fatalf("Sessions: %v", err)
	}
	var ids []string
	for _, info := range list {
		ids = append(ids, info.ID)
		if info.Tenant != Tenant {
			t.Errorf("Sessions(%q) returned %q of tenant %q", Tenant, info.ID, info.Tenant)
		}
	}
	if want := []string{"s1", "s2", "s0"}; !reflect.DeepEqual(ids, want) {
		t.Fatalf("Sessions = %v, want %v (creation order)", ids, want)
	}
	if !list[0].Created.Equal(created) {
		t.Errorf("Created of s1 = %v, want %v", list[0].Created, created)
	}
	if list[1].Created.Before(before.Add(-time.Second)) || list[1].Created.After(time.Now().Add(time.Second)) {
		t.Errorf("Created of s2 = %v, want about now", list[1].Created)
	}
	if none, err := s.Sessions(ctx, "tenant-nobody"); err != nil || len(none) != 0 {
		t.Errorf("Sessions of an unknown tenant = %v, %v; want none", none, err)
	}
	view(t, s, "s1", func(tx ledger.Tx) error {
		if info := tx.Info(); info.ID != "s1" || info.Tenant != Tenant || !info.Created.Equal(created) {
			t.Errorf("Info() = %+v", info)
		}
		if st := mustState(t, tx); st.Budget != 1 {
			t.Errorf("initial state budget = %d, want 1", st.Budget)
		}
		if recs, ds := mustRecords(t, tx), mustDecisions(t, tx); len(recs) != 0 || len(ds) != 0 {
			t.Errorf("new session has %d records, %d decisions", len(recs), len(ds))
		}
		return nil
	})
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping: %v", err)
	}
}

func testAppendSealsChain(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "c")
	given := time.Date(2025, 1, 2, 3, 4, 5, 6, time.UTC)
	var sealed []ledger.Record
	var sealedDecs []ledger.DecisionRecord
	update(t, s, "c", func(tx ledger.Tx) error {
		if err := tx.Append(
			ledger.Record{Span: span("a", "first"), Tokens: 1, Time: given},
			ledger.Record{Span: span("b", "second"), Tokens: 2},
		); err != nil {
			return err
		}
		// Inside the transaction the new records are visible, and the next
		// Append chains onto them.
		if r := mustRecord(t, tx, "b"); r == nil || r.Seq != 2 {
			t.Errorf("Record(b) inside the update = %+v, want seq 2", r)
		}
		if err := tx.Append(ledger.Record{Span: span("c", "third"), Tokens: 3}); err != nil {
			return err
		}
		d, err := tx.AppendDecision(decision("compaction", ""))
		if err != nil {
			return err
		}
		if d.Seq != 1 || d.Hash == "" || d.Prev != ledger.GenesisHash(Tenant, "c") || d.Time.IsZero() {
			t.Errorf("first sealed decision = %+v", d)
		}
		sealed, sealedDecs = mustRecords(t, tx), mustDecisions(t, tx)
		return nil
	})
	update(t, s, "c", func(tx ledger.Tx) error {
		if err := tx.Append(ledger.Record{Span: span("d", "fourth"), Tokens: 4}); err != nil {
			return err
		}
		d, err := tx.AppendDecision(decision("policy_edit", ""))
		if err != nil {
			return err
		}
		if d.Seq != 2 || d.Prev != sealedDecs[0].Hash {
			t.Errorf("second decision seq %d prev %q, want 2 chained to %q", d.Seq, d.Prev, sealedDecs[0].Hash)
		}
		return nil
	})
	view(t, s, "c", func(tx ledger.Tx) error {
		recs, decs := mustRecords(t, tx), mustDecisions(t, tx)
		if len(recs) != 4 || len(decs) != 2 {
			t.Fatalf("%d records, %d decisions; want 4, 2", len(recs), len(decs))
		}
		for i, id := range []string{"a", "b", "c", "d"} {
			if recs[i].Span.ID != id || recs[i].Seq != int64(i+1) || recs[i].Tokens != i+1 {
				t.Errorf("record %d = %+v, want span %q seq %d", i, recs[i], id, i+1)
			}
		}
		for i := range sealed {
			if diff := sameRecord(recs[i], sealed[i]); diff != "" {
				t.Errorf("record %d after commit differs from inside the update: %s", i, diff)
			}
		}
		if diff := sameDecision(decs[0], sealedDecs[0]); diff != "" {
			t.Errorf("decision 1 after commit: %s", diff)
		}
		if !recs[0].Time.Equal(given) {
			t.Errorf("given time %v not kept: %v", given, recs[0].Time)
		}
		if recs[1].Time.IsZero() {
			t.Errorf("zero time not filled in")
		}
		if err := ledger.VerifySession(tx.Info(), recs, decs); err != nil {
			t.Errorf("VerifySession: %v", err)
		}
		// Both chains start at the session's genesis, so they verify as
		// this session's and as no other's.
		if recs[0].Prev != ledger.GenesisHash(Tenant, "c") {
			t.Errorf("first record's prev %q, want the session's genesis", recs[0].Prev)
		}
		for _, other := range []ledger.SessionInfo{{ID: "c", Tenant: "tenant-b"}, {ID: "c2", Tenant: Tenant}} {
			if ledger.VerifySession(other, recs, nil) == nil || ledger.VerifySession(other, nil, decs) == nil {
				t.Errorf("chains of %s/c verify as %s/%s's", Tenant, other.Tenant, other.ID)
			}
		}
		if r := mustRecord(t, tx, "c"); r == nil || sameRecord(*r, recs[2]) != "" {
			t.Errorf("Record(c) = %+v, want %+v", r, recs[2])
		}
		if r := mustRecord(t, tx, "missing"); r != nil {
			t.Errorf("Record(missing) = %+v, want nil", r)
		}
		return nil
	})
}

func testSpanRoundTrip(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "rt")
	spans := []sdk.Span{
		{ID: "plain", Kind: "user", Text: "do not run DROP TABLE on legacy_orders"},
		{ID: "meta", Kind: "tool_result", Text: "exit 1", Meta: map[string]string{"tool": "bash", "exit_code": "1", "path": "/tmp/x y"}},
		{ID: "empty-meta", Kind: "tool_call", Text: "", Meta: map[string]string{}},
		{ID: "summary-1", Kind: "summary", Text: "summary", Covers: []string{"plain", "meta"}, Tokens: 7, Turn: 3},
		{ID: "empty-covers", Kind: "summary", Text: "x", Covers: []string{}},
		{ID: "bytes", Kind: "assistant", Text: "nul\x00byte, ünïcödé, 漢字, emoji 🙂, quote \" backslash \\ newline\n", Meta: map[string]string{"k\x00": "v\x00\""}},
		{ID: "ids with spaces/and:colons", Kind: "reasoning", Text: "  leading and trailing  "},
	}
	update(t, s, "rt", func(tx ledger.Tx) error {
		for i, sp := range spans {
			if err := tx.Append(ledger.Record{Span: sp, Tokens: i * 10}); err != nil {
				return err
			}
		}
		return nil
	})
	view(t, s, "rt", func(tx ledger.Tx) error {
		recs := mustRecords(t, tx)
		if len(recs) != len(spans) {
			t.Fatalf("%d records, want %d", len(recs), len(spans))
		}
		for i, sp := range spans {
			if !reflect.DeepEqual(recs[i].Span, sp) {
				t.Errorf("span %q: got %#v, want %#v", sp.ID, recs[i].Span, sp)
			}
			if recs[i].Tokens != i*10 || !recs[i].Verify() {
				t.Errorf("record %q: tokens %d verify %v", sp.ID, recs[i].Tokens, recs[i].Verify())
			}
			r := mustRecord(t, tx, sp.ID)
			if r == nil || sameRecord(*r, recs[i]) != "" {
				t.Errorf("Record(%q) = %+v, want %+v", sp.ID, r, recs[i])
			}
		}
		return ledger.VerifySession(tx.Info(), recs, nil)
	})
}

func testAppendConflict(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "cf")
	update(t, s, "cf", func(tx ledger.Tx) error {
		return tx.Append(ledger.Record{Span: span("a", "original"), Tokens: 1})
	})
	cases := []struct {
		name string
		recs []ledger.Record
	}{
		{"existing id, other content", []ledger.Record{{Span: span("a", "changed")}}},
		{"existing id, same content", []ledger.Record{{Span: span("a", "original")}}},
		{"fresh then existing", []ledger.Record{{Span: span("b", "new")}, {Span: span("a", "changed")}}},
		{"duplicate inside one append", []ledger.Record{{Span: span("c", "x")}, {Span: span("c", "x")}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := s.Update(context.Background(), Tenant, "cf", func(tx ledger.Tx) error {
				st := mustState(t, tx)
				st.Version = 99
				if err := tx.SetState(st); err != nil {
					return err
				}
				if _, err := tx.AppendDecision(decision("append", "conflict-req")); err != nil {
					return err
				}
				if err := tx.CacheItems("conflict-hash", []sdk.Item{{Category: "entity", Text: "x"}}); err != nil {
					return err
				}
				return tx.Append(c.recs...)
			})
			if !errors.Is(err, ledger.ErrConflict) {
				t.Fatalf("Update = %v, want ErrConflict", err)
			}
			assertUntouched(t, s, "cf", 1, 0)
		})
	}
}

// assertUntouched checks that a failed update left the session as it was:
// nrec records, ndec decisions, Version 0 and no cached "conflict-hash"
// or "rollback-hash".
func assertUntouched(t *testing.T, s ledger.Store, id string, nrec, ndec int) {
	t.Helper()
	view(t, s, id, func(tx ledger.Tx) error {
		recs, decs, st := mustRecords(t, tx), mustDecisions(t, tx), mustState(t, tx)
		if len(recs) != nrec || len(decs) != ndec || st.Version != 0 {
			t.Errorf("after a failed update: %d records, %d decisions, version %d; want %d, %d, 0", len(recs), len(decs), st.Version, nrec, ndec)
		}
		for _, h := range []string{"conflict-hash", "rollback-hash"} {
			if _, ok, err := tx.CachedItems(h); err != nil || ok {
				t.Errorf("cache entry %q of a failed update kept (ok=%v, err=%v)", h, ok, err)
			}
		}
		for _, req := range []string{"conflict-req", "rollback-req"} {
			if d, err := tx.DecisionByRequest(req); err != nil || d != nil {
				t.Errorf("decision %q of a failed update kept: %+v, %v", req, d, err)
			}
		}
		if live := mustLive(t, tx); len(live) != len(recs) {
			t.Errorf("after a failed update: %d of %d records live; a failed update covered spans", len(live), len(recs))
		}
		return ledger.VerifySession(tx.Info(), recs, decs)
	})
}

func testRollback(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "rb")
	update(t, s, "rb", func(tx ledger.Tx) error {
		if err := tx.Append(ledger.Record{Span: span("a", "kept")}); err != nil {
			return err
		}
		_, err := tx.AppendDecision(decision("append", "kept-req"))
		return err
	})
	update(t, s, "rb", func(tx ledger.Tx) error {
		_, err := tx.RecordsByID([]string{"a"}) // read before the failing update
		return err
	})
	boom := errors.New("decision failed")
	err := s.Update(context.Background(), Tenant, "rb", func(tx ledger.Tx) error {
		if err := tx.Append(ledger.Record{Span: span("b", "dropped")}, ledger.Record{Span: span("c", "dropped")}); err != nil {
			return err
		}
		if _, err := tx.AppendDecision(decision("compaction", "rollback-req")); err != nil {
			return err
		}
		st := mustState(t, tx)
		st.Version = 42
		if err := tx.SetState(st); err != nil {
			return err
		}
		if err := tx.Cover([]string{"a", "b"}, "summary-x"); err != nil {
			return err
		}
		if err := tx.CacheItems("rollback-hash", []sdk.Item{{Category: "prohibition", Text: "x"}}); err != nil {
			return err
		}
		return fmt.Errorf("judging: %w", boom)
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Update = %v, want fn's error", err)
	}
	assertUntouched(t, s, "rb", 1, 1)
	// A write transaction sees the same: a store that keeps rows between
	// updates (the SQLite store's cache) must not keep a rolled-back one.
	update(t, s, "rb", func(tx ledger.Tx) error {
		recs, err := tx.RecordsByID([]string{"a", "b", "c"})
		if err != nil {
			return err
		}
		if len(recs) != 1 || recs["a"].Span.Text != "kept" {
			t.Errorf("RecordsByID after a rollback, in an update = %+v, want only a", recs)
		}
		if r, err := tx.Record("b"); err != nil || r != nil {
			t.Errorf("Record(b) after a rollback, in an update = %+v, %v; want nil", r, err)
		}
		cov, err := tx.CoveredBy([]string{"a", "b"})
		if err != nil {
			return err
		}
		if len(cov) != 0 {
			t.Errorf("CoveredBy after a rolled-back Cover, in an update = %v, want none", cov)
		}
		if _, ok, err := tx.CachedItems("rollback-hash"); err != nil || ok {
			t.Errorf("cache entry of a rolled-back update seen in an update (ok=%v, err=%v)", ok, err)
		}
		return nil
	})
	// The session still works after a rollback, and chains on the kept head.
	update(t, s, "rb", func(tx ledger.Tx) error {
		if err := tx.Append(ledger.Record{Span: span("b", "now kept")}); err != nil {
			return err
		}
		_, err := tx.AppendDecision(decision("append", ""))
		return err
	})
	view(t, s, "rb", func(tx ledger.Tx) error {
		recs, decs := mustRecords(t, tx), mustDecisions(t, tx)
		if len(recs) != 2 || recs[1].Span.Text != "now kept" || len(decs) != 2 {
			t.Errorf("after rollback and retry: %d records, %d decisions", len(recs), len(decs))
		}
		return ledger.VerifySession(tx.Info(), recs, decs)
	})
}

// fullState sets every field of ledger.State to a non-zero value.
func fullState() ledger.State {
	return ledger.State{
		Tokenizer:     "o200k_base",
		Version:       17,
		CoveredSpans:  3,
		LiveTokens:    31337,
		Summaries:     2,
		Budget:        48000,
		Policy:        "synthesize",
		PolicyVersion: 3,
		PolicySource:  "policy \"synthesize\" {\n  top_k = 40\n}\n",
		Proposals: []ledger.Proposal{
			{Name: "greedy", Source: "policy \"greedy\" {}", Reason: "over_budget", Seq: 9},
			{Name: "nan", Source: "x", Reason: "unbounded_scores", Seq: 11},
		},
		Phase:               "synthesis",
		PhaseSince:          12,
		AppendedSinceSignal: true,
		CompactedSincePhase: true,
		PhaseChanges:        4,
		Signals: []ledger.Signal{
			{ID: 1, Version: 3, Scores: map[string]float64{"exploration": 0.9, "synthesis": 0.1}, Phase: "exploration"},
			{ID: 2, Version: 12, Scores: map[string]float64{"exploration": 0.2, "synthesis": 0.8000000000000002}, Phase: "synthesis", FromCompactionOutput: true},
		},
		Gaps: []float64{0.33, 1e-300, 0, 0.1 + 0.2},
	}
}

func testStateRoundTrip(t *testing.T, open Opener, _ options) {
	s := open(t)
	want := fullState()
	// Every field is set, so a store that drops one fails here.
	for _, f := range reflect.VisibleFields(reflect.TypeOf(want)) {
		if reflect.ValueOf(want).FieldByIndex(f.Index).IsZero() {
			t.Fatalf("fullState leaves %s zero: extend it", f.Name)
		}
	}
	if err := s.CreateSession(context.Background(), ledger.SessionInfo{ID: "init", Tenant: Tenant}, want); err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	view(t, s, "init", func(tx ledger.Tx) error {
		if got := mustState(t, tx); !reflect.DeepEqual(got, want) {
			t.Errorf("initial state:\n got %#v\nwant %#v", got, want)
		}
		return nil
	})
	createSession(t, s, "st")
	update(t, s, "st", func(tx ledger.Tx) error {
		if err := tx.SetState(want); err != nil {
			return err
		}
		if got := mustState(t, tx); !reflect.DeepEqual(got, want) {
			t.Errorf("state inside the update:\n got %#v\nwant %#v", got, want)
		}
		// State returns a copy: changing it does not change the session.
		got := mustState(t, tx)
		got.Proposals[0].Name = "mutated"
		got.Signals[0].Scores["exploration"] = -1
		if again := mustState(t, tx); !reflect.DeepEqual(again, want) {
			t.Errorf("State() shares memory with the stored state")
		}
		return nil
	})
	view(t, s, "st", func(tx ledger.Tx) error {
		if got := mustState(t, tx); !reflect.DeepEqual(got, want) {
			t.Errorf("state after commit:\n got %#v\nwant %#v", got, want)
		}
		return nil
	})
	// The last SetState of an update wins.
	update(t, s, "st", func(tx ledger.Tx) error {
		if err := tx.SetState(ledger.State{Version: 1}); err != nil {
			return err
		}
		return tx.SetState(ledger.State{Version: 2, Phase: "exploration"})
	})
	view(t, s, "st", func(tx ledger.Tx) error {
		if got := mustState(t, tx); got.Version != 2 || got.Phase != "exploration" || got.Budget != 0 || got.CoveredSpans != 0 {
			t.Errorf("state after second update = %#v", got)
		}
		return nil
	})
}

func testDecisionByRequest(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "idem")
	createSession(t, s, "idem2")
	body := []byte("{\"seq\":1,  \"type\":\"compaction\",\n \"allowed\":false}") // odd spacing: stored byte for byte
	var sealed ledger.DecisionRecord
	update(t, s, "idem", func(tx ledger.Tx) error {
		if d, err := tx.DecisionByRequest("r1"); err != nil || d != nil {
			t.Errorf("DecisionByRequest before any decision = %+v, %v", d, err)
		}
		var err error
		sealed, err = tx.AppendDecision(ledger.DecisionRecord{Type: "compaction", RequestID: "r1", Body: body})
		if err != nil {
			return err
		}
		if _, err := tx.AppendDecision(decision("append", "")); err != nil {
			return err
		}
		d, err := tx.DecisionByRequest("r1")
		if err != nil || d == nil || sameDecision(*d, sealed) != "" {
			t.Errorf("DecisionByRequest inside the update = %+v, %v; want %+v", d, err, sealed)
		}
		return nil
	})
	update(t, s, "idem2", func(tx ledger.Tx) error {
		// Request ids are per session.
		if d, err := tx.DecisionByRequest("r1"); err != nil || d != nil {
			t.Errorf("request id of another session found: %+v, %v", d, err)
		}
		_, err := tx.AppendDecision(decision("append", "r1"))
		return err
	})
	view(t, s, "idem", func(tx ledger.Tx) error {
		d, err := tx.DecisionByRequest("r1")
		if err != nil || d == nil {
			t.Fatalf("DecisionByRequest after commit = %+v, %v", d, err)
		}
		if diff := sameDecision(*d, sealed); diff != "" {
			t.Errorf("DecisionByRequest after commit: %s", diff)
		}
		if !bytes.Equal(d.Body, body) || !d.Verify() {
			t.Errorf("body not kept byte for byte: %q", d.Body)
		}
		for _, id := range []string{"", "r2", "R1"} {
			if d, err := tx.DecisionByRequest(id); err != nil || d != nil {
				t.Errorf("DecisionByRequest(%q) = %+v, %v; want nil", id, d, err)
			}
		}
		return ledger.VerifySession(tx.Info(), nil, mustDecisions(t, tx))
	})
}

// testLastDecisionSeq checks the newest decision's seq as a Tx reads it:
// 0 for none, then as the update appends, after a commit in a fresh
// update and in a view, and per session.
func testLastDecisionSeq(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "last")
	createSession(t, s, "other")
	seq := func(tx ledger.Tx, want int64, when string) {
		t.Helper()
		if got, err := tx.LastDecisionSeq(); err != nil || got != want {
			t.Errorf("LastDecisionSeq %s = %d, %v; want %d", when, got, err, want)
		}
	}
	view(t, s, "last", func(tx ledger.Tx) error {
		seq(tx, 0, "of a new session")
		return nil
	})
	update(t, s, "last", func(tx ledger.Tx) error {
		seq(tx, 0, "before any decision")
		for i := 1; i <= 2; i++ {
			if _, err := tx.AppendDecision(decision("append", "")); err != nil {
				return err
			}
			seq(tx, int64(i), fmt.Sprintf("after decision %d in the update", i))
		}
		return nil
	})
	update(t, s, "last", func(tx ledger.Tx) error {
		seq(tx, 2, "in the next update")
		return nil
	})
	view(t, s, "last", func(tx ledger.Tx) error {
		seq(tx, 2, "in a view after the commit")
		return nil
	})
	view(t, s, "other", func(tx ledger.Tx) error {
		seq(tx, 0, "of another session")
		return nil
	})
}

func testCache(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "cache")
	createSession(t, s, "cache2")
	h := ledger.TextHash("user", "do not exceed 48k tokens")
	items := []sdk.Item{
		{Category: "prohibition", Text: "do not exceed", Span: "s1", Start: 0, End: 13, KeyTerms: []string{"48k", "tokens"}, Extractor: "regex"},
		{Category: "numeric_commitment", Text: "48k tokens", Span: "s1", Start: 14, End: 24},
	}
	update(t, s, "cache", func(tx ledger.Tx) error {
		if got, ok, err := tx.CachedItems(h); err != nil || ok || got != nil {
			t.Errorf("CachedItems before caching = %v, %v, %v", got, ok, err)
		}
		if err := tx.CacheItems(h, items); err != nil {
			return err
		}
		if got, ok, err := tx.CachedItems(h); err != nil || !ok || !reflect.DeepEqual(got, items) {
			t.Errorf("CachedItems inside the update = %v, %v, %v", got, ok, err)
		}
		// An extraction that found nothing is cached as found-nothing.
		return tx.CacheItems("empty", nil)
	})
	view(t, s, "cache", func(tx ledger.Tx) error {
		if got, ok, err := tx.CachedItems(h); err != nil || !ok || !reflect.DeepEqual(got, items) {
			t.Errorf("CachedItems after commit = %#v, %v, %v; want %#v", got, ok, err, items)
		}
		if got, ok, err := tx.CachedItems("empty"); err != nil || !ok || len(got) != 0 {
			t.Errorf("CachedItems(empty) = %v, %v, %v; want none, true", got, ok, err)
		}
		return nil
	})
	view(t, s, "cache2", func(tx ledger.Tx) error {
		if _, ok, err := tx.CachedItems(h); err != nil || ok {
			t.Errorf("cache of another session visible: %v, %v", ok, err)
		}
		return nil
	})
	// Caching again replaces the entry.
	update(t, s, "cache", func(tx ledger.Tx) error { return tx.CacheItems(h, items[:1]) })
	view(t, s, "cache", func(tx ledger.Tx) error {
		if got, ok, err := tx.CachedItems(h); err != nil || !ok || !reflect.DeepEqual(got, items[:1]) {
			t.Errorf("CachedItems after replacing = %v, %v, %v", got, ok, err)
		}
		return nil
	})
}

func testViewReadOnly(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "ro")
	update(t, s, "ro", func(tx ledger.Tx) error { return tx.Append(ledger.Record{Span: span("a", "a")}) })
	writes := []struct {
		name string
		do   func(tx ledger.Tx) error
	}{
		{"SetState", func(tx ledger.Tx) error { return tx.SetState(ledger.State{Version: 5}) }},
		{"Append", func(tx ledger.Tx) error { return tx.Append(ledger.Record{Span: span("x", "x")}) }},
		{"AppendDecision", func(tx ledger.Tx) error {
			_, err := tx.AppendDecision(decision("append", "conflict-req"))
			return err
		}},
		{"CacheItems", func(tx ledger.Tx) error { return tx.CacheItems("conflict-hash", nil) }},
		{"Cover", func(tx ledger.Tx) error { return tx.Cover([]string{"a"}, "summary-1") }},
	}
	for _, w := range writes {
		t.Run(w.name, func(t *testing.T) {
			var werr error
			// The view itself may succeed (fn swallowed nothing: it returns
			// nil) but the write must have failed and left no trace.
			if err := s.View(context.Background(), Tenant, "ro", func(tx ledger.Tx) error {
				werr = w.do(tx)
				return nil
			}); err != nil {
				t.Fatalf("View: %v", err)
			}
			if werr == nil {
				t.Fatalf("%s inside View succeeded", w.name)
			}
			assertUntouched(t, s, "ro", 1, 0)
		})
	}
}

func testConcurrent(t *testing.T, open Opener, o options) {
	s := open(t)
	createSession(t, s, "hot")
	hammer(t, []ledger.Store{s}, "hot", o.concurrency)
	view(t, s, "hot", func(tx ledger.Tx) error {
		st, recs, decs := mustState(t, tx), mustRecords(t, tx), mustDecisions(t, tx)
		if st.Version != int64(o.concurrency) || len(recs) != o.concurrency || len(decs) != o.concurrency {
			t.Fatalf("after %d concurrent updates: counter %d, %d records, %d decisions (lost updates)", o.concurrency, st.Version, len(recs), len(decs))
		}
		return ledger.VerifySession(tx.Info(), recs, decs)
	})
}

func testIndependent(t *testing.T, open Opener, o options) {
	if o.perDatabaseWriter {
		t.Skip("the store serialises updates per database, not per session")
	}
	s := open(t)
	createSession(t, s, "one")
	createSession(t, s, "two")
	entered, release := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- s.Update(context.Background(), Tenant, "one", func(tx ledger.Tx) error {
			close(entered)
			<-release
			return nil
		})
	}()
	<-entered
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := s.Update(ctx, Tenant, "two", func(tx ledger.Tx) error {
		return tx.Append(ledger.Record{Span: span("x", "x")})
	})
	close(release)
	if err != nil {
		t.Errorf("Update of one session while another is held: %v", err)
	}
	if err := <-done; err != nil {
		t.Errorf("held Update: %v", err)
	}
}

func testCanceled(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "cx")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	called := false
	err := s.Update(ctx, Tenant, "cx", func(tx ledger.Tx) error {
		called = true
		st := mustState(t, tx)
		st.Version = 99
		if err := tx.SetState(st); err != nil {
			return err
		}
		return tx.Append(ledger.Record{Span: span("x", "x")})
	})
	if err == nil {
		t.Fatalf("Update with a canceled context succeeded (fn called: %v)", called)
	}
	if !errors.Is(err, context.Canceled) {
		t.Logf("note: error does not wrap context.Canceled: %v", err)
	}
	assertUntouched(t, s, "cx", 0, 0)

	// A context that ends while fn runs: the update must not report success
	// unless it committed, and if it reports failure nothing is kept.
	ctx, cancel = context.WithCancel(context.Background())
	err = s.Update(ctx, Tenant, "cx", func(tx ledger.Tx) error {
		if err := tx.Append(ledger.Record{Span: span("y", "y")}); err != nil {
			return err
		}
		cancel()
		return nil
	})
	view(t, s, "cx", func(tx ledger.Tx) error {
		recs := mustRecords(t, tx)
		switch {
		case err == nil && len(recs) != 1:
			t.Errorf("Update returned nil but %d records are stored", len(recs))
		case err != nil && len(recs) != 0:
			t.Errorf("Update returned %v but %d records are stored", err, len(recs))
		}
		return nil
	})
}

func testLargeText(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "big")
	var b strings.Builder
	for b.Len() < 1<<20 {
		fmt.Fprintf(&b, "line %d: do not run DROP TABLE on legacy_orders; budget 48000 tokens. ", b.Len())
	}
	text := b.String()[:1<<20]
	update(t, s, "big", func(tx ledger.Tx) error {
		return tx.Append(ledger.Record{Span: sdk.Span{ID: "big", Kind: "tool_result", Text: text}, Tokens: 250000})
	})
	view(t, s, "big", func(tx ledger.Tx) error {
		r := mustRecord(t, tx, "big")
		if r == nil || r.Span.Text != text || !r.Verify() {
			t.Fatalf("1 MiB span did not survive (record %v)", r != nil)
		}
		return nil
	})
}

// ManyRecordsN is the session size of the ManyRecords subtest;
// ManyRecordsRace replaces it under -race, where filling 20k records
// through pgx or the transpiled SQLite takes 20 s. The lookup path is the
// same at either size; BenchmarkRecordLookup measures 20k.
const (
	ManyRecordsN    = 20000
	ManyRecordsRace = 2000
)

func testManyRecords(t *testing.T, open Opener, o options) {
	s := open(t)
	createSession(t, s, "many")
	n := o.manyRecords
	Fill(t, s, "many", n)
	// Lookups by span id must not scan the session: a compaction calls
	// Record once per covered span. The bound is loose (race detector,
	// shared machines); the benchmarks measure.
	start := time.Now()
	const lookups = 200
	view(t, s, "many", func(tx ledger.Tx) error {
		for i := 0; i < lookups; i++ {
			id := SpanID((i * 7919) % n)
			if r := mustRecord(t, tx, id); r == nil || r.Span.ID != id {
				t.Fatalf("Record(%q) = %+v", id, r)
			}
		}
		return nil
	})
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("%d lookups in a %d-record session took %v", lookups, n, d)
	}
	// One Cover of nearly the whole session (the SQL stores batch it),
	// then the live view is the rest, read without visiting the covered.
	ids := make([]string, n-10)
	for i := range ids {
		ids[i] = SpanID(i)
	}
	update(t, s, "many", func(tx ledger.Tx) error {
		if err := tx.Cover(ids, "summary-all"); err != nil {
			return err
		}
		return tx.Append(ledger.Record{Span: span("last", "last")})
	})
	view(t, s, "many", func(tx ledger.Tx) error {
		live := mustLive(t, tx)
		if len(live) != 11 || live[0].Span.ID != SpanID(n-10) || live[10].Span.ID != "last" {
			t.Fatalf("live view after covering %d of %d: %d records", len(ids), n, len(live))
		}
		cov, err := tx.CoveredBy([]string{SpanID(0), SpanID(n - 11), SpanID(n - 10), "last"})
		if err != nil || len(cov) != 2 || cov[SpanID(n-11)] != "summary-all" {
			t.Fatalf("CoveredBy = %v, %v", cov, err)
		}
		return nil
	})
	view(t, s, "many", func(tx ledger.Tx) error {
		recs := mustRecords(t, tx)
		if len(recs) != n+1 || recs[n].Seq != int64(n+1) {
			t.Fatalf("%d records, want %d in order", len(recs), n+1)
		}
		return ledger.VerifySession(tx.Info(), recs, nil)
	})
}

// SpanID is the id Fill gives the i-th span (0-based).
func SpanID(i int) string { return fmt.Sprintf("span-%07d", i) }

// Fill appends n spans of a few hundred bytes to a session, in updates of
// up to 2000 records.
func Fill(tb testing.TB, s ledger.Store, session string, n int) {
	tb.Helper()
	const chunk = 2000
	var existing int
	view(tb, s, session, func(tx ledger.Tx) error {
		recs, err := tx.Records()
		existing = len(recs)
		return err
	})
	for lo := 0; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		recs := make([]ledger.Record, 0, hi-lo)
		for i := lo; i < hi; i++ {
			recs = append(recs, ledger.Record{
				Span: sdk.Span{
					ID: SpanID(existing + i), Kind: "tool_result",
					Text: fmt.Sprintf("result %d: %s", existing+i, strings.Repeat("lorem ipsum dolor sit amet ", 10)),
					Meta: map[string]string{"tool": "read", "path": fmt.Sprintf("/src/file%d.go", i)},
				},
				Tokens: 60,
			})
		}
		update(tb, s, session, func(tx ledger.Tx) error { return tx.Append(recs...) })
	}
}
