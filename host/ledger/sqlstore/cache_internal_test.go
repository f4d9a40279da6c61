package sqlstore

import (
	"fmt"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// TestWriteCacheBound fills a small cache past its bound: it never holds
// more bytes than allowed, drops the least recently used entry first, and
// does not take an entry larger than the whole cache.
func TestWriteCacheBound(t *testing.T) {
	rec := func(id string, size int) cachedRecord {
		return cachedRecord{rec: ledger.Record{Span: sdk.Span{ID: id, Kind: "user", Text: strings.Repeat("x", size)}}}
	}
	c := newWriteCache(4000)
	c.sync(1)
	for i := 0; i < 3; i++ {
		tc := newTxCache()
		tc.recs[fmt.Sprint("r", i)] = rec(fmt.Sprint("r", i), 1000)
		c.commit(1, tc)
	}
	if _, ok := c.record(1, "r0"); !ok { // r0 is now the most recently used
		t.Fatal("r0 not cached")
	}
	tc := newTxCache()
	tc.recs["r3"] = rec("r3", 1000)
	tc.recs["huge"] = rec("huge", 5000)
	c.commit(1, tc)
	if c.size > c.max {
		t.Errorf("cache holds %d bytes, bound %d", c.size, c.max)
	}
	for id, want := range map[string]bool{"r0": true, "r1": false, "r2": true, "r3": true, "huge": false} {
		if _, ok := c.record(1, id); ok != want {
			t.Errorf("%s cached = %v, want %v", id, ok, want)
		}
	}
	if _, ok := c.record(2, "r0"); ok {
		t.Error("a record of session 1 found under another session")
	}
	c.sync(2) // another connection committed
	if _, ok := c.record(1, "r0"); ok || c.size != 0 {
		t.Errorf("cache kept entries across a data_version change (size %d)", c.size)
	}
}
