package ledgertest

import (
	"context"
	"fmt"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// BenchmarkRecordLookup measures tx.Record on a session of n records, one
// lookup per iteration inside one View (the way a compaction looks up
// each span it covers). Its cost must not grow with n.
func BenchmarkRecordLookup(b *testing.B, s ledger.Store, n int) {
	createSession(b, s, "lookup")
	Fill(b, s, "lookup", n)
	b.ResetTimer()
	err := s.View(context.Background(), Tenant, "lookup", func(tx ledger.Tx) error {
		i := 0
		for b.Loop() {
			id := SpanID((i * 7919) % n)
			r, err := tx.Record(id)
			if err != nil {
				return err
			}
			if r == nil {
				return fmt.Errorf("span %q not found", id)
			}
			i++
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkAppend measures appending one span per Update to a session that
// already holds existing records, the way the guard's Append does it:
// read the state, look the span id up, append, write the state. The
// per-span cost must not grow with existing (the goal is within 1.2x
// between 10k and 100k records).
func BenchmarkAppend(b *testing.B, s ledger.Store, existing int) {
	createSession(b, s, "append")
	Fill(b, s, "append", existing)
	appendLoop(b, s, "append", true)
}

// BenchmarkAppendCovered is BenchmarkAppend's update on a long session of
// which nearly every span is covered by a summary (a session compacted
// many times): coverage lives on the records, not in the state, so the
// per-append cost must not grow with existing.
func BenchmarkAppendCovered(b *testing.B, s ledger.Store, existing int) {
	createSession(b, s, "covered")
	Fill(b, s, "covered", existing)
	ctx := context.Background()
	ids := make([]string, existing-min(existing, 100))
	for i := range ids {
		ids[i] = SpanID(i)
	}
	if err := s.Update(ctx, Tenant, "covered", func(tx ledger.Tx) error { return tx.Cover(ids, "summary-1") }); err != nil {
		b.Fatal(err)
	}
	appendLoop(b, s, "covered", false)
}

// appendLoop is the loop of BenchmarkAppend and BenchmarkAppendCovered:
// one fresh span appended to the session per Update, with the state read
// and written and the span id looked up first; withCache also looks up
// and stores the span's extraction, as the guard's Append does.
func appendLoop(b *testing.B, s ledger.Store, session string, withCache bool) {
	ctx := context.Background()
	i := 0
	b.ResetTimer()
	for b.Loop() {
		id := fmt.Sprintf("bench-%d", i)
		i++
		err := s.Update(ctx, Tenant, session, func(tx ledger.Tx) error {
			st, err := tx.State()
			if err != nil {
				return err
			}
			if old, err := tx.Record(id); err != nil || old != nil {
				return fmt.Errorf("lookup of fresh span %q: %v, %v", id, old, err)
			}
			h := ledger.TextHash("user", id)
			if withCache {
				if _, _, err := tx.CachedItems(h); err != nil {
					return err
				}
			}
			if err := tx.Append(ledger.Record{Span: sdk.Span{ID: id, Kind: "user", Text: "do not run DROP TABLE on " + id}, Tokens: 9}); err != nil {
				return err
			}
			if withCache {
				if err := tx.CacheItems(h, nil); err != nil {
					return err
				}
			}
			st.Version++
			st.LiveTokens += 9
			return tx.SetState(st)
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
