package ledger_test

import (
	"context"
	"crypto/ed25519"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/ledgertest"
	"github.com/compactguard/compactguard/sdk"
)

// TestCheckpointStoreConformance: the wrapper keeps every promise of the
// store it wraps.
func TestCheckpointStoreConformance(t *testing.T) {
	ledgertest.Run(t, func(t *testing.T) ledger.Store {
		return ledger.NewCheckpointStore(ledger.NewMemory(), ledger.NewSigner(ledgertest.TestKey()), ledger.CheckpointOptions{})
	})
}

// TestCheckpointStoreCadence: one checkpoint per committed update that
// extended a chain, none for updates that only read or set state, none
// for a failed update; the journal gets the same ones.
func TestCheckpointStoreCadence(t *testing.T) {
	ctx := context.Background()
	journalPath := filepath.Join(t.TempDir(), "cp.jsonl")
	j, err := ledger.OpenJournal(journalPath)
	if err != nil {
		t.Fatal(err)
	}
	s := ledger.NewCheckpointStore(ledger.NewMemory(), ledger.NewSigner(ledgertest.TestKey()), ledger.CheckpointOptions{Journal: j})
	if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "s", Tenant: "t"}, ledger.State{}); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name string
		fn   func(tx ledger.Tx) error
		fail bool
		want int // checkpoints after the step
	}{
		{"state only", func(tx ledger.Tx) error { return tx.SetState(ledger.State{Version: 1}) }, false, 0},
		{"append", func(tx ledger.Tx) error { return tx.Append(ledger.Record{Span: spanOf("a")}) }, false, 1},
		{"decision", func(tx ledger.Tx) error {
			_, err := tx.AppendDecision(ledger.DecisionRecord{Type: "compaction", Body: []byte(`{}`)})
			return err
		}, false, 2},
		{"failed decision", func(tx ledger.Tx) error {
			if _, err := tx.AppendDecision(ledger.DecisionRecord{Type: "compaction", Body: []byte(`{}`)}); err != nil {
				return err
			}
			return errors.New("plugin failed")
		}, true, 2},
		{"empty append", func(tx ledger.Tx) error { return tx.Append() }, false, 2},
		{"read only", func(tx ledger.Tx) error { _, err := tx.Records(); return err }, false, 2},
	}
	for _, st := range steps {
		err := s.Update(ctx, "t", "s", st.fn)
		if (err != nil) != st.fail {
			t.Fatalf("%s: Update = %v", st.name, err)
		}
		var n int
		if err := s.View(ctx, "t", "s", func(tx ledger.Tx) error {
			cps, err := tx.Checkpoints()
			n = len(cps)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if n != st.want {
			t.Errorf("after %s: %d checkpoints, want %d", st.name, n, st.want)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	cps, skipped, err := ledger.ReadJournal(journalPath)
	if err != nil || len(skipped) != 0 || len(cps) != 2 {
		t.Fatalf("journal: %d checkpoints, skipped %v, %v; want 2", len(cps), skipped, err)
	}
	rep, err := ledger.AuditSession(ctx, s.Store, "t", "s", ledger.AuditOptions{Keys: ledger.NewKeyRing(s.Signer().Public()), Journal: cps})
	if err != nil || rep.Checkpoint.Checkpoints != 2 || rep.Checkpoint.Records != 1 || rep.Checkpoint.Decisions != 1 {
		t.Errorf("audit = %+v, %v", rep, err)
	}
}

// TestCheckpointStoreJournalError: a journal that cannot take a
// checkpoint does not undo the decision; the host hears of it.
func TestCheckpointStoreJournalError(t *testing.T) {
	ctx := context.Background()
	j, err := ledger.OpenJournal(filepath.Join(t.TempDir(), "cp.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	j.Close() // every later Append fails
	var heard []error
	s := ledger.NewCheckpointStore(ledger.NewMemory(), ledger.NewSigner(ledgertest.TestKey()), ledger.CheckpointOptions{
		Journal: j, OnJournalError: func(_ ledger.Checkpoint, err error) { heard = append(heard, err) }})
	if err := s.CreateSession(ctx, ledger.SessionInfo{ID: "s", Tenant: "t"}, ledger.State{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(ctx, "t", "s", func(tx ledger.Tx) error { return tx.Append(ledger.Record{Span: spanOf("a")}) }); err != nil {
		t.Fatalf("Update with a broken journal = %v, want nil (the store committed)", err)
	}
	if len(heard) != 1 || !strings.Contains(heard[0].Error(), "cp.jsonl") {
		t.Errorf("journal errors heard = %v, want one naming the file", heard)
	}
}

// TestVerifyCheckpoints covers what the SQL tamper suite cannot reach
// through a database: checkpoints of another session or key, a key
// rotation, duplicates, and empty chains.
func TestVerifyCheckpoints(t *testing.T) {
	info := ledger.SessionInfo{ID: "s", Tenant: "t"}
	recs, decs := sealed(info)
	key := ledgertest.TestKey()
	signer := ledger.NewSigner(key)
	_, other, _ := ed25519.GenerateKey(nil)
	otherSigner := ledger.NewSigner(other)
	at := time.Date(2025, 6, 1, 13, 0, 0, 0, time.UTC)
	cp := func(s *ledger.Signer, in ledger.SessionInfo, nrec, ndec int) ledger.Checkpoint {
		h := ledger.Heads{Records: int64(nrec), Decisions: int64(ndec)}
		if nrec > 0 {
			h.RecordHead = recs[nrec-1].Hash
		}
		if ndec > 0 {
			h.DecisionHead = decs[ndec-1].Hash
		}
		c := ledger.NewCheckpoint(in, h, at.Add(time.Duration(nrec+ndec)*time.Second))
		s.Sign(&c)
		return c
	}
	ring := ledger.NewKeyRing(signer.Public())
	cases := []struct {
		name          string
		recs          int
		decs          int
		cps           []ledger.Checkpoint
		ring          ledger.KeyRing
		allowUnsigned bool
		want          error
		wantText      string
		wantUnsigned  int64 // unsigned decisions in the report
	}{
		{name: "every head signed", recs: 3, decs: 3, cps: []ledger.Checkpoint{cp(signer, info, 1, 1), cp(signer, info, 3, 3)}},
		{name: "duplicates count once", recs: 3, decs: 3, cps: []ledger.Checkpoint{cp(signer, info, 3, 3), cp(signer, info, 3, 3)}},
		{name: "empty session signed empty", cps: []ledger.Checkpoint{cp(signer, info, 0, 0)}},
		{name: "empty session, nothing signed"},
		{name: "rotated key", recs: 3, decs: 3, cps: []ledger.Checkpoint{cp(otherSigner, info, 1, 1), cp(signer, info, 3, 3)},
			ring: ledger.NewKeyRing(signer.Public(), otherSigner.Public())},
		{name: "retired key not given", recs: 3, decs: 3, cps: []ledger.Checkpoint{cp(otherSigner, info, 3, 3)},
			want: ledger.ErrCheckpointSignature, wantText: "not among the trusted keys", wantUnsigned: 3},
		{name: "checkpoint of another session", recs: 3, decs: 3, cps: []ledger.Checkpoint{cp(signer, ledger.SessionInfo{ID: "x", Tenant: "t"}, 3, 3)},
			want: ledger.ErrCheckpointSignature, wantText: "names session t/x", wantUnsigned: 3},
		{name: "no checkpoint", recs: 3, decs: 3, want: ledger.ErrUnsigned, wantText: "decisions 1..3: no signed checkpoint vouches for the audit trail", wantUnsigned: 3},
		{name: "unsigned allowed", recs: 3, decs: 3, cps: []ledger.Checkpoint{cp(signer, info, 1, 1)}, allowUnsigned: true, wantUnsigned: 2},
		{name: "cut to nothing", recs: 0, decs: 0, cps: []ledger.Checkpoint{cp(signer, info, 2, 2)},
			want: ledger.ErrChainTruncated, wantText: "decisions 1..2 were removed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.ring
			if r == nil {
				r = ring
			}
			rep, err := ledger.VerifyCheckpoints(info, recs[:tc.recs], decs[:tc.decs], tc.cps, r, tc.allowUnsigned)
			if tc.want == nil && err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
			if err != nil && !strings.Contains(err.Error(), tc.wantText) {
				t.Errorf("error %q lacks %q", err, tc.wantText)
			}
			if rep.UnsignedDecisions != tc.wantUnsigned {
				t.Errorf("report %+v: %d unsigned decisions, want %d", rep, rep.UnsignedDecisions, tc.wantUnsigned)
			}
		})
	}
}

// TestCheckpointSignatureGolden pins the signed message: Ed25519 is
// deterministic, so a change to what is signed changes this signature and
// breaks every journal already written.
func TestCheckpointSignatureGolden(t *testing.T) {
	info := ledger.SessionInfo{ID: "session-1", Tenant: "acme"}
	cp := ledger.NewCheckpoint(info, ledger.Heads{Records: 2, RecordHead: strings.Repeat("a", 64), Decisions: 0},
		time.Date(2025, 6, 1, 12, 0, 0, 123456789, time.UTC))
	ledger.NewSigner(ledgertest.TestKey()).Sign(&cp)
	if cp.DecisionHead != info.Genesis() {
		t.Errorf("empty decision chain signed as %q, want the genesis", cp.DecisionHead)
	}
	const wantKey = "43fab93ddfbb5f65"
	const wantSig = "tFOUt0cxh8aN/Perbh5oUhBgyictJvbRq66x5MEuovQqzhACWU4hR8zgiVSOmwpQZvblz3vgfhEU1JojGXWYBA=="
	if cp.KeyID != wantKey || cp.Signature != wantSig {
		t.Errorf("key id %s, signature %s; want %s, %s", cp.KeyID, cp.Signature, wantKey, wantSig)
	}
}

func TestJournalTornLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cp.jsonl")
	if err := os.WriteFile(path, []byte(`{"tenant":"t","session":"s","signature":"x"}`+"\n"+`{"tenant":"t","sess`), 0o640); err != nil {
		t.Fatal(err)
	}
	j, err := ledger.OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	c := ledger.Checkpoint{Tenant: "t", Session: "s2", Signature: "y"}
	if err := j.Append(c); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	cps, skipped, err := ledger.ReadJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(cps) != 2 || cps[1].Session != "s2" {
		t.Errorf("checkpoints after a torn line = %+v, want s and s2", cps)
	}
	if len(skipped) != 1 || skipped[0] != path+":2" {
		t.Errorf("skipped = %v, want [%s:2]", skipped, path)
	}
	if _, _, err := ledger.ReadJournal(filepath.Join(t.TempDir(), "missing.jsonl")); err == nil || !strings.Contains(err.Error(), "missing.jsonl") {
		t.Errorf("ReadJournal of a missing file = %v, want an error naming it", err)
	}
}

func spanOf(id string) sdk.Span { return sdk.Span{ID: id, Kind: "user", Text: "text of " + id} }
