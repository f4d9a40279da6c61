package ledgertest

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
)

// TestKey returns a fixed signing key for tests (never for use: its seed
// is in the source).
func TestKey() ed25519.PrivateKey {
	seed := make([]byte, ed25519.SeedSize)
	copy(seed, "compactguard ledgertest key seed")
	return ed25519.NewKeyFromSeed(seed)
}

// testCheckpoints checks the store's part of checkpointing: Heads sees
// the transaction's own appends, AddCheckpoint keeps a checkpoint exactly
// (time to the nanosecond) with its session only, drops a repeat of the
// same heads, is undone by a rollback and refused in a View.
func testCheckpoints(t *testing.T, open Opener, _ options) {
	s := open(t)
	createSession(t, s, "cp")
	createSession(t, s, "other")
	signer := ledger.NewSigner(TestKey())
	var want ledger.Checkpoint
	update(t, s, "cp", func(tx ledger.Tx) error {
		h, err := tx.Heads()
		if err != nil {
			return err
		}
		if h != (ledger.Heads{}) {
			t.Errorf("Heads of an empty session = %+v, want zero", h)
		}
		if err := tx.Append(ledger.Record{Span: span("a", "a")}, ledger.Record{Span: span("b", "b")}); err != nil {
			return err
		}
		d, err := tx.AppendDecision(decision("append", ""))
		if err != nil {
			return err
		}
		recs := mustRecords(t, tx)
		if h, err = tx.Heads(); err != nil {
			return err
		}
		if wantH := (ledger.Heads{Records: 2, RecordHead: recs[1].Hash, Decisions: 1, DecisionHead: d.Hash}); h != wantH {
			t.Errorf("Heads after appends = %+v, want %+v", h, wantH)
		}
		want = ledger.NewCheckpoint(tx.Info(), h, time.Date(2025, 3, 1, 12, 0, 0, 123456789, time.UTC))
		signer.Sign(&want)
		if err := tx.AddCheckpoint(want); err != nil {
			return err
		}
		again := want
		again.Time = again.Time.Add(time.Second)
		signer.Sign(&again)
		return tx.AddCheckpoint(again) // the same heads: dropped
	})
	view(t, s, "cp", func(tx ledger.Tx) error {
		got, err := tx.Checkpoints()
		if err != nil {
			return err
		}
		if len(got) != 1 || !got[0].Time.Equal(want.Time) {
			t.Fatalf("Checkpoints = %+v, want [%+v]", got, want)
		}
		got[0].Time = want.Time
		if !reflect.DeepEqual(got[0], want) {
			t.Errorf("checkpoint read back\n got %+v\nwant %+v", got[0], want)
		}
		if err := ledger.NewKeyRing(signer.Public()).Verify(got[0]); err != nil {
			t.Errorf("stored checkpoint: %v", err)
		}
		if h, err := tx.Heads(); err != nil || h.Records != 2 || h.Decisions != 1 {
			t.Errorf("Heads in a View = %+v, %v", h, err)
		}
		if err := tx.AddCheckpoint(want); err == nil {
			t.Errorf("AddCheckpoint inside View succeeded")
		}
		return nil
	})
	view(t, s, "other", func(tx ledger.Tx) error {
		if got, err := tx.Checkpoints(); err != nil || len(got) != 0 {
			t.Errorf("another session's Checkpoints = %+v, %v; want none", got, err)
		}
		return nil
	})
	boom := errors.New("decision failed")
	err := s.Update(context.Background(), Tenant, "cp", func(tx ledger.Tx) error {
		if err := tx.Append(ledger.Record{Span: span("c", "c")}); err != nil {
			return err
		}
		h, err := tx.Heads()
		if err != nil {
			return err
		}
		cp := ledger.NewCheckpoint(tx.Info(), h, time.Now())
		signer.Sign(&cp)
		if err := tx.AddCheckpoint(cp); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Update = %v, want fn's error", err)
	}
	view(t, s, "cp", func(tx ledger.Tx) error {
		if got, err := tx.Checkpoints(); err != nil || len(got) != 1 {
			t.Errorf("Checkpoints after a rolled-back update = %d (%v), want 1", len(got), err)
		}
		return nil
	})
	if tl, ok := s.(ledger.TenantLister); ok {
		if err := s.CreateSession(context.Background(), ledger.SessionInfo{ID: "b-session", Tenant: "b-tenant"}, ledger.State{}); err != nil {
			t.Fatal(err)
		}
		got, err := tl.Tenants(context.Background())
		if err != nil || !reflect.DeepEqual(got, []string{"b-tenant", Tenant}) {
			t.Errorf("Tenants = %v, %v; want [b-tenant %s]", got, err, Tenant)
		}
	}
}

// Exec runs one SQL statement on a store's database behind the store's
// back, with "?" placeholders (a PostgreSQL Exec rewrites them to $n).
type Exec func(ctx context.Context, query string, args ...any) error

// sessionRow is the SQL stores' way to a session's rows: the other tables
// refer to a session by its number (sessions.ord), since ids are unique
// per tenant only. It takes the tenant and the id as parameters.
const sessionRow = `(SELECT ord FROM sessions WHERE tenant = ? AND id = ?)`

// TamperOpener opens a fresh store and the Exec that writes its database.
type TamperOpener func(t *testing.T) (ledger.Store, Exec)

// RunTamper is the attack the signed checkpoints exist for, on a SQL
// store: a writer of the database who does not hold the signing key
// forges a refusal into an allow and recomputes the chain after it, cuts
// the tail, or both; each is caught by AuditSession with the public key,
// while the chains alone (no key) still verify. A rollback that deletes
// the newest checkpoints with the tail goes unseen by the store's copy
// and is caught by the journal's. Every case runs on its own session
// checkpointed by a CheckpointStore with a journal.
func RunTamper(t *testing.T, open TamperOpener) {
	ctx := context.Background()
	key := TestKey()
	ring := ledger.NewKeyRing(key.Public().(ed25519.PublicKey))
	cases := []struct {
		name    string
		tamper  func(t *testing.T, s ledger.Store, exec Exec, session string)
		journal bool    // verify with the journal's copy too
		want    []error // nil: the audit passes
		// wantText are substrings the error must hold: the sequence numbers.
		wantText []string
	}{
		{name: "untouched"},
		{name: "forged decision, chain recomputed", tamper: forgeDecision(2),
			want: []error{ledger.ErrChainRewritten}, wantText: []string{"decision 2 is not the one in the checkpoint", "rewritten in decision 2 ", "decision 1 still matches"}},
		{name: "forged record, chain recomputed", tamper: forgeRecord(1),
			want: []error{ledger.ErrChainRewritten}, wantText: []string{"record 1 is not the one in the checkpoint", "ledger was rewritten in record 1 "}},
		{name: "tail cut", tamper: cutDecisions(1),
			want: []error{ledger.ErrChainTruncated}, wantText: []string{"ends at decision 1", "decisions 2..3 were removed"}},
		{name: "records cut", tamper: cutRecords(2),
			want: []error{ledger.ErrChainTruncated}, wantText: []string{"ledger ends at record 2", "record 3 was removed"}},
		{name: "forged, recomputed and cut", tamper: both(forgeDecision(2), cutDecisions(2)),
			want: []error{ledger.ErrChainRewritten, ledger.ErrChainTruncated}, wantText: []string{"decision 2 is not the one in the checkpoint", "decision 3 was removed"}},
		{name: "checkpoint forged", tamper: forgeCheckpoint,
			want: []error{ledger.ErrCheckpointSignature}, wantText: []string{"does not verify"}},
		{name: "decision appended without the key", tamper: appendUnsigned,
			want: []error{ledger.ErrUnsigned}, wantText: []string{"decision 4 after the last signed checkpoint (through decision 3)"}},
		{name: "rolled back with its checkpoints, store only", tamper: rollback(1)},
		{name: "rolled back with its checkpoints, journal kept", tamper: rollback(1), journal: true,
			want: []error{ledger.ErrChainTruncated}, wantText: []string{"decisions 2..3 were removed"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			raw, exec := open(t)
			journalPath := filepath.Join(t.TempDir(), "checkpoints.jsonl")
			j, err := ledger.OpenJournal(journalPath)
			if err != nil {
				t.Fatal(err)
			}
			s := ledger.NewCheckpointStore(raw, ledger.NewSigner(key), ledger.CheckpointOptions{Journal: j})
			const session = "tampered"
			createSession(t, s, session)
			// Three updates, each a span and a decision; decision 2 refuses.
			for i := 1; i <= 3; i++ {
				update(t, s, session, func(tx ledger.Tx) error {
					if err := tx.Append(ledger.Record{Span: span(fmt.Sprintf("s%d", i), "do not drop legacy_orders"), Tokens: 5}); err != nil {
						return err
					}
					body := `{"type":"compaction","allowed":true,"reason":"anchored_score_passed"}`
					if i == 2 {
						body = `{"type":"compaction","allowed":false,"reason":"must_keep_item_missing"}`
					}
					_, err := tx.AppendDecision(ledger.DecisionRecord{Type: "compaction", Body: []byte(body)})
					return err
				})
			}
			if err := j.Close(); err != nil {
				t.Fatal(err)
			}
			if tc.tamper != nil {
				tc.tamper(t, raw, exec, session)
			}
			// The chains alone never see it: that is the attack.
			if _, err := ledger.AuditSession(ctx, raw, Tenant, session, ledger.AuditOptions{}); err != nil {
				t.Fatalf("audit without a key: %v (the forgery should recompute a valid chain)", err)
			}
			o := ledger.AuditOptions{Keys: ring}
			if tc.journal {
				cps, skipped, err := ledger.ReadJournal(journalPath)
				if err != nil || len(skipped) > 0 {
					t.Fatalf("ReadJournal: %v (skipped %v)", err, skipped)
				}
				o.Journal = cps
			}
			_, err = ledger.AuditSession(ctx, raw, Tenant, session, o)
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("audit with the key: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("audit with the key passed; want %v", tc.want)
			}
			t.Logf("audit with the key: %v", err)
			for _, w := range tc.want {
				if !errors.Is(err, w) {
					t.Errorf("audit error does not wrap %v:\n%v", w, err)
				}
			}
			for _, w := range tc.wantText {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("audit error lacks %q:\n%v", w, err)
				}
			}
		})
	}
}

// forgeDecision turns decision seq into an allow and re-seals it and
// every decision after it, as the host would have.
func forgeDecision(seq int64) func(*testing.T, ledger.Store, Exec, string) {
	return func(t *testing.T, s ledger.Store, exec Exec, session string) {
		t.Helper()
		ds := readDecisions(t, s, session)
		prev := ledger.GenesisHash(Tenant, session)
		for _, d := range ds {
			if d.Seq == seq {
				d.Body = []byte(strings.Replace(string(d.Body), `"allowed":false,"reason":"must_keep_item_missing"`, `"allowed":true,"reason":"anchored_score_passed"`, 1))
			}
			if d.Seq >= seq {
				d.Prev = prev
				d.Hash = ledger.DecisionHash(d.Prev, d.Seq, d.Time, d.Type, d.RequestID, d.Body)
				mustExec(t, exec, `UPDATE decisions SET body = ?, prev = ?, hash = ? WHERE session = `+sessionRow+` AND seq = ?`, d.Body, d.Prev, d.Hash, Tenant, session, d.Seq)
			}
			prev = d.Hash
		}
	}
}

// forgeRecord rewrites the text of record seq (the pinned original) and
// re-seals the ledger from it.
func forgeRecord(seq int64) func(*testing.T, ledger.Store, Exec, string) {
	return func(t *testing.T, s ledger.Store, exec Exec, session string) {
		t.Helper()
		var recs []ledger.Record
		view(t, s, session, func(tx ledger.Tx) error { recs = mustRecords(t, tx); return nil })
		prev := ledger.GenesisHash(Tenant, session)
		for _, r := range recs {
			if r.Seq == seq {
				r.Span.Text = "drop legacy_orders when convenient"
				r.ContentHash = ledger.ContentHash(r.Span)
			}
			if r.Seq >= seq {
				r.Prev = prev
				r.Hash = ledger.RecordHash(r.Prev, r.Seq, r.Time, r.Tokens, r.ContentHash)
				mustExec(t, exec, `UPDATE records SET text = ?, content_hash = ?, prev = ?, hash = ? WHERE session = `+sessionRow+` AND seq = ?`,
					[]byte(r.Span.Text), r.ContentHash, r.Prev, r.Hash, Tenant, session, r.Seq)
			}
			prev = r.Hash
		}
	}
}

func cutDecisions(keep int64) func(*testing.T, ledger.Store, Exec, string) {
	return func(t *testing.T, _ ledger.Store, exec Exec, session string) {
		mustExec(t, exec, `DELETE FROM decisions WHERE session = `+sessionRow+` AND seq > ?`, Tenant, session, keep)
	}
}

func cutRecords(keep int64) func(*testing.T, ledger.Store, Exec, string) {
	return func(t *testing.T, _ ledger.Store, exec Exec, session string) {
		// The SQLite store keeps a live-view row per record; cut it too,
		// as a careful forger would (PostgreSQL has no such table).
		_ = exec(context.Background(), `DELETE FROM coverage WHERE session = `+sessionRow+` AND seq > ?`, Tenant, session, keep)
		mustExec(t, exec, `DELETE FROM records WHERE session = `+sessionRow+` AND seq > ?`, Tenant, session, keep)
	}
}

// rollback cuts the tail after decision keep and deletes every
// checkpoint that vouched for it: the session looks as it did then.
func rollback(keep int64) func(*testing.T, ledger.Store, Exec, string) {
	return func(t *testing.T, s ledger.Store, exec Exec, session string) {
		cutDecisions(keep)(t, s, exec, session)
		cutRecords(keep)(t, s, exec, session)
		mustExec(t, exec, `DELETE FROM checkpoints WHERE session = `+sessionRow+` AND decisions > ?`, Tenant, session, keep)
	}
}

// forgeCheckpoint raises the newest checkpoint's count without the key.
func forgeCheckpoint(t *testing.T, _ ledger.Store, exec Exec, session string) {
	mustExec(t, exec, `UPDATE checkpoints SET record_head = ? WHERE session = `+sessionRow+` AND decisions = 3`, strings.Repeat("0", 64), Tenant, session)
}

// appendUnsigned seals one more decision on the head, as a writer
// without the key can, but cannot sign.
func appendUnsigned(t *testing.T, s ledger.Store, exec Exec, session string) {
	ds := readDecisions(t, s, session)
	last := ds[len(ds)-1]
	d := ledger.DecisionRecord{Type: "budget", Body: []byte(`{"type":"budget","accepted":true,"reason":"budget_changed"}`), Time: time.Now().UTC()}
	ledger.SealDecision(&d, ledger.SessionInfo{ID: session, Tenant: Tenant}, &last)
	mustExec(t, exec, `INSERT INTO decisions (session, seq, type, request_id, body, prev, hash, time_ns) VALUES (`+sessionRow+`, ?, ?, ?, ?, ?, ?, ?)`,
		Tenant, session, d.Seq, d.Type, d.RequestID, d.Body, d.Prev, d.Hash, d.Time.UnixNano())
}

func both(fs ...func(*testing.T, ledger.Store, Exec, string)) func(*testing.T, ledger.Store, Exec, string) {
	return func(t *testing.T, s ledger.Store, exec Exec, session string) {
		for _, f := range fs {
			f(t, s, exec, session)
		}
	}
}

func readDecisions(t *testing.T, s ledger.Store, session string) []ledger.DecisionRecord {
	t.Helper()
	var ds []ledger.DecisionRecord
	view(t, s, session, func(tx ledger.Tx) error { ds = mustDecisions(t, tx); return nil })
	return ds
}

func mustExec(t *testing.T, exec Exec, query string, args ...any) {
	t.Helper()
	if err := exec(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}
