package sqlstore

import (
	"container/list"
	"sync"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// DefaultSQLiteCacheBytes bounds the SQLite store's write cache: about
// the text of 16M tokens, enough for a few hundred busy sessions.
const DefaultSQLiteCacheBytes = 64 << 20

// writeCache holds rows the SQLite writer connection has read or written,
// as committed: ledger records with their coverage, and cached
// extractions. A compaction decision reads every span it covers, their
// coverage and their extractions; on the pure-Go SQLite that is most of a
// decision's cost, and all of it is data this process wrote itself a few
// moments earlier.
//
// Staleness is ruled out, not guessed at:
//   - Only committed data enters the cache. A transaction keeps what it
//     reads and writes in its own overlay (txCache) and hands it over
//     after Commit succeeds; a rollback drops it, a failed commit (whose
//     outcome is unknown) empties the cache.
//   - Another connection's commit (a second process on the same file, the
//     sqlite3 shell) changes the writer connection's PRAGMA data_version.
//     Every write transaction reads it first, under the write lock, and
//     empties the cache when it moved.
//
// Only write transactions (Store.Update) use the cache: a View runs on a
// reader connection whose snapshot may be older than the cache.
type writeCache struct {
	mu      sync.Mutex
	version int64 // data_version the cache is valid for; -1 for none
	max     int   // bytes
	size    int
	lru     *list.List // of *cacheEntry, most recently used at the front
	entries map[cacheKey]*list.Element
}

// cacheKey names a record (by span id) or an extraction (by text hash)
// of one session, by its ord (session ids are unique per tenant only).
type cacheKey struct {
	session int64
	items   bool
	id      string
}

type cacheEntry struct {
	key       cacheKey
	rec       ledger.Record
	coveredBy string
	items     []sdk.Item
	size      int
}

func newWriteCache(maxBytes int) *writeCache {
	return &writeCache{version: -1, max: maxBytes, lru: list.New(), entries: map[cacheKey]*list.Element{}}
}

// sync makes the cache valid for dataVersion, emptying it when another
// connection has committed since the cache was last valid.
func (c *writeCache) sync(dataVersion int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != dataVersion {
		c.resetLocked()
		c.version = dataVersion
	}
}

// reset empties the cache; used when a commit's outcome is unknown.
func (c *writeCache) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.resetLocked()
	c.version = -1
}

func (c *writeCache) resetLocked() {
	c.lru.Init()
	clear(c.entries)
	c.size = 0
}

// record returns the cached record of span id and the summary covering
// it ("" while live).
func (c *writeCache) record(session int64, id string) (cachedRecord, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[cacheKey{session: session, id: id}]
	if !ok {
		return cachedRecord{}, false
	}
	c.lru.MoveToFront(el)
	e := el.Value.(*cacheEntry)
	return cachedRecord{rec: e.rec, coveredBy: e.coveredBy}, true
}

// items returns the cached extraction of a text hash.
func (c *writeCache) items(session int64, textHash string) ([]sdk.Item, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[cacheKey{session: session, items: true, id: textHash}]
	if !ok {
		return nil, false
	}
	c.lru.MoveToFront(el)
	return el.Value.(*cacheEntry).items, true
}

// commit takes a committed transaction's overlay into the cache.
func (c *writeCache) commit(session int64, o *txCache) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, r := range o.recs {
		c.putLocked(&cacheEntry{key: cacheKey{session: session, id: id}, rec: r.rec, coveredBy: r.coveredBy, size: recordSize(r.rec)})
	}
	for h, items := range o.items {
		c.putLocked(&cacheEntry{key: cacheKey{session: session, items: true, id: h}, items: items, size: itemsSize(items)})
	}
	// Coverage of spans the transaction covered without reading them.
	for id, by := range o.covered {
		if el, ok := c.entries[cacheKey{session: session, id: id}]; ok {
			el.Value.(*cacheEntry).coveredBy = by
		}
	}
}

func (c *writeCache) putLocked(e *cacheEntry) {
	if e.size > c.max {
		return
	}
	if el, ok := c.entries[e.key]; ok {
		c.size -= el.Value.(*cacheEntry).size
		el.Value = e
		c.lru.MoveToFront(el)
	} else {
		c.entries[e.key] = c.lru.PushFront(e)
	}
	c.size += e.size
	for c.size > c.max {
		el := c.lru.Back()
		old := el.Value.(*cacheEntry)
		c.lru.Remove(el)
		delete(c.entries, old.key)
		c.size -= old.size
	}
}

// entryOverhead approximates a cache entry's bookkeeping in bytes, so an
// entry's size is never zero and many small entries still count.
const entryOverhead = 256

func recordSize(r ledger.Record) int {
	n := entryOverhead + len(r.Span.ID) + len(r.Span.Kind) + len(r.Span.Text) + len(r.ContentHash) + len(r.Prev) + len(r.Hash)
	for k, v := range r.Span.Meta {
		n += len(k) + len(v) + 32
	}
	for _, c := range r.Span.Covers {
		n += len(c) + 16
	}
	return n
}

func itemsSize(items []sdk.Item) int {
	n := entryOverhead
	for _, it := range items {
		n += 96 + len(it.Category) + len(it.Text) + len(it.Span) + len(it.Extractor)
		for _, k := range it.KeyTerms {
			n += len(k) + 16
		}
	}
	return n
}

// cachedRecord is a record with its coverage ("" while live).
type cachedRecord struct {
	rec       ledger.Record
	coveredBy string
}

// txCache is one write transaction's view on top of the cache: rows it
// read from the database (committed before it, or written by it) and rows
// it wrote. It reaches the shared cache only after a successful commit.
type txCache struct {
	recs    map[string]cachedRecord // span id → record as this transaction sees it
	covered map[string]string       // span id → summary, covered by this transaction
	items   map[string][]sdk.Item   // text hash → extraction
}

func newTxCache() *txCache {
	return &txCache{recs: map[string]cachedRecord{}, covered: map[string]string{}, items: map[string][]sdk.Item{}}
}
