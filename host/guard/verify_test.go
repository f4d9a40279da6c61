package guard

import (
	"context"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
)

// tamperedStore serves one span's record with other text than its hash
// covers, in every read: a ledger altered behind the guard's back.
type tamperedStore struct {
	ledger.Store
	id string
}

func (s tamperedStore) View(ctx context.Context, tenant, session string, fn func(ledger.Tx) error) error {
	return s.Store.View(ctx, tenant, session, func(tx ledger.Tx) error { return fn(tamperedTx{tx, s.id}) })
}

func (s tamperedStore) Update(ctx context.Context, tenant, session string, fn func(ledger.Tx) error) error {
	return s.Store.Update(ctx, tenant, session, func(tx ledger.Tx) error { return fn(tamperedTx{tx, s.id}) })
}

type tamperedTx struct {
	ledger.Tx
	id string
}

func (t tamperedTx) RecordsByID(ids []string) (map[string]ledger.Record, error) {
	recs, err := t.Tx.RecordsByID(ids)
	if rec, ok := recs[t.id]; ok {
		rec.Span.Text += " (edited)"
		recs[t.id] = rec
	}
	return recs, err
}

// TestARecordThatDoesNotVerifyIsJudgedUnpinned: the prepare passes trust
// record hashes (calls.go); the commit pass, which decides, verifies
// them, so a compaction covering a record altered behind the guard is
// refused as unpinned whether its work was done outside the store's
// transaction or inside it.
func TestARecordThatDoesNotVerifyIsJudgedUnpinned(t *testing.T) {
	for _, inline := range []bool{false, true} {
		f := newFixtureOn(t, tamperedStore{Store: ledger.NewMemory(), id: "s2"})
		f.g.inline = inline
		f.session(t, "s", migration...)
		d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: faithful})
		if err != nil {
			t.Fatal(err)
		}
		if *d.Allowed || d.Reason != ReasonUnpinnedReference || *d.ReferencePinned {
			t.Errorf("inline=%v: allowed %v, reason %s, pinned %v; want a refusal as unpinned", inline, *d.Allowed, d.Reason, *d.ReferencePinned)
		}
	}
}
