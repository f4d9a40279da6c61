package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// sessionTx is one session inside an Update or View of either SQL store.
// Every read goes to the database transaction, so it sees the
// transaction's own writes.
type sessionTx struct {
	ctx      context.Context
	db       dbTx
	d        *dialect
	writable bool
	info     ledger.SessionInfo
	// ord is the session's number in the store (sessions.ord), by which
	// every other table refers to it: ids are only unique per tenant.
	ord     int64
	state   ledger.State
	recHead *head // nil until read from the database
	decHead *head
	// cache and tc are set in SQLite's write transactions only: the
	// store's cache of committed rows, and this transaction's overlay on
	// it. Everything else reads them as empty.
	cache *writeCache
	tc    *txCache
}

var _ ledger.Tx = (*sessionTx)(nil)

// cached returns the record of span id as this transaction sees it, from
// its overlay or the store's cache, without touching the database.
func (t *sessionTx) cached(id string) (cachedRecord, bool) {
	if t.tc == nil {
		return cachedRecord{}, false
	}
	r, ok := t.tc.recs[id]
	if !ok {
		r, ok = t.cache.record(t.ord, id)
	}
	if by, covered := t.tc.covered[id]; ok && covered {
		r.coveredBy = by
	}
	return r, ok
}

// cachedItems is cached for extractions.
func (t *sessionTx) cachedItems(textHash string) ([]sdk.Item, bool) {
	if t.tc == nil {
		return nil, false
	}
	if items, ok := t.tc.items[textHash]; ok {
		return items, true
	}
	return t.cache.items(t.ord, textHash)
}

// eachKey runs a ...ByKey statement over keys; nothing when there are
// none.
func (t *sessionTx) eachKey(what, query string, keys []string, scan func(rows) error) error {
	if len(keys) == 0 {
		return nil
	}
	if err := t.db.eachKey(t.ctx, query, t.ord, keys, scan); err != nil {
		return fmt.Errorf("reading %s of session %q: %w", what, t.info.ID, err)
	}
	return nil
}

func (t *sessionTx) Info() ledger.SessionInfo { return t.info }

func (t *sessionTx) State() (ledger.State, error) { return t.state.Clone(), nil }

func (t *sessionTx) SetState(st ledger.State) error {
	if !t.writable {
		return errReadOnly
	}
	b, err := encodeJSON("session state", st)
	if err != nil {
		return err
	}
	if _, err := t.db.exec(t.ctx, t.d.q.setState, t.d.jsonArg(b), t.ord); err != nil {
		return fmt.Errorf("writing state of session %q: %w", t.info.ID, err)
	}
	t.state = st.Clone()
	return nil
}

func (t *sessionTx) Record(id string) (*ledger.Record, error) {
	if r, ok := t.cached(id); ok {
		return &r.rec, nil
	}
	var raw rawRecord
	err := t.db.queryRow(t.ctx, t.d.q.record, t.ord, id).Scan(raw.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading record of span %q: %w", id, err)
	}
	r, err := raw.record()
	if err != nil {
		return nil, err
	}
	return &r, nil
}

func (t *sessionTx) RecordsByID(ids []string) (map[string]ledger.Record, error) {
	out := make(map[string]ledger.Record, len(ids))
	var missing []string
	for _, id := range ids {
		if r, ok := t.cached(id); ok {
			out[id] = r.rec
		} else {
			missing = append(missing, id)
		}
	}
	err := t.eachKey("records", t.d.q.recordsByKey, missing, func(rs rows) error {
		var raw rawRecord
		var by sql.NullString
		if err := rs.Scan(append(raw.dest(), &by)...); err != nil {
			return err
		}
		r, err := raw.record()
		if err != nil {
			return err
		}
		out[r.Span.ID] = r
		if t.tc != nil {
			t.tc.recs[r.Span.ID] = cachedRecord{rec: r, coveredBy: by.String}
		}
		return nil
	})
	return out, err
}

func (t *sessionTx) LastDecisionSeq() (int64, error) {
	if t.decHead != nil {
		return t.decHead.seq, nil
	}
	var seq int64
	if err := t.db.queryRow(t.ctx, t.d.q.lastDecisionSeq, t.ord).Scan(&seq); err != nil {
		return 0, fmt.Errorf("reading head of decisions of session %q: %w", t.info.ID, err)
	}
	return seq, nil
}

func (t *sessionTx) CachedItemsMany(hashes []string) (map[string][]sdk.Item, error) {
	out := map[string][]sdk.Item{}
	var missing []string
	for _, h := range hashes {
		if items, ok := t.cachedItems(h); ok {
			out[h] = items
		} else {
			missing = append(missing, h)
		}
	}
	err := t.eachKey("cached extractions", t.d.q.itemsByKey, missing, func(rs rows) error {
		var h string
		var b []byte
		if err := rs.Scan(&h, &b); err != nil {
			return err
		}
		var items []sdk.Item
		if err := decodeJSON("cached items", b, &items); err != nil {
			return err
		}
		out[h] = items
		if t.tc != nil {
			t.tc.items[h] = items
		}
		return nil
	})
	return out, err
}

func (t *sessionTx) Records() ([]ledger.Record, error) {
	return t.records(t.d.q.records)
}

// LiveRecords reads the records no summary covers through a partial index
// (SQLite's coverage_live, PostgreSQL's records_live): covered spans are
// not even visited.
func (t *sessionTx) LiveRecords() ([]ledger.Record, error) {
	return t.records(t.d.liveRecords)
}

func (t *sessionTx) records(query string) ([]ledger.Record, error) {
	rs, err := t.db.query(t.ctx, query, t.ord)
	if err != nil {
		return nil, fmt.Errorf("reading ledger of session %q: %w", t.info.ID, err)
	}
	defer rs.Close()
	out, err := scanRecords(rs)
	if err != nil {
		return nil, fmt.Errorf("reading ledger of session %q: %w", t.info.ID, err)
	}
	return out, nil
}

// Cover takes the ids out of the live view, all of them or none: the
// engine's coverLive tries it in one go, and only when it could not is
// the coverage read, to name the span at fault.
func (t *sessionTx) Cover(ids []string, by string) error {
	if !t.writable {
		return errReadOnly
	}
	if err := checkCover(ids, by); err != nil {
		return err
	}
	if len(ids) == 0 {
		return nil
	}
	changed, err := t.db.coverLive(t.ctx, t.ord, ids, by)
	if err != nil {
		return fmt.Errorf("covering %d spans of session %q: %w", len(ids), t.info.ID, err)
	}
	if changed == int64(len(ids)) {
		if t.tc != nil {
			for _, id := range ids {
				t.tc.covered[id] = by
			}
		}
		return nil
	}
	found := make(map[string]sql.NullString, len(ids))
	err = t.eachKey("records to cover", t.d.q.coverageByKey, ids, func(rs rows) error {
		var id string
		var cov sql.NullString
		if err := rs.Scan(&id, &cov); err != nil {
			return err
		}
		found[id] = cov
		return nil
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		cov, ok := found[id]
		if err := notLive(id, ok, cov.String); err != nil {
			return err
		}
	}
	return fmt.Errorf("covering spans of session %q: %d of %d changed: %w", t.info.ID, changed, len(ids), ledger.ErrNotLive)
}

func (t *sessionTx) CoveredBy(ids []string) (map[string]string, error) {
	out := map[string]string{}
	var missing []string
	for _, id := range ids {
		if r, ok := t.cached(id); !ok {
			missing = append(missing, id)
		} else if r.coveredBy != "" {
			out[id] = r.coveredBy
		}
	}
	err := t.eachKey("coverage", t.d.q.coveredByKey, missing, func(rs rows) error {
		var id, by string
		if err := rs.Scan(&id, &by); err != nil {
			return err
		}
		out[id] = by
		return nil
	})
	return out, err
}

// chainHead reads the last seq and hash of a table's chain for this
// session, inside the transaction. It is the real head: SQLite's writer
// holds the database's write lock, PostgreSQL's the session's row lock,
// so no other writer can extend the chain until this transaction ends.
func (t *sessionTx) chainHead(table, query string) (head, error) {
	var h head
	err := t.db.queryRow(t.ctx, query, t.ord).Scan(&h.seq, &h.hash)
	if errors.Is(err, sql.ErrNoRows) {
		return head{}, nil
	}
	if err != nil {
		return head{}, fmt.Errorf("reading head of %s of session %q: %w", table, t.info.ID, err)
	}
	return h, nil
}

// recordHead and decisionHead read a chain's head once per transaction.
func (t *sessionTx) recordHead() (head, error) {
	if t.recHead == nil {
		h, err := t.chainHead("records", t.d.q.recordHead)
		if err != nil {
			return head{}, err
		}
		t.recHead = &h
	}
	return *t.recHead, nil
}

func (t *sessionTx) decisionHead() (head, error) {
	if t.decHead == nil {
		h, err := t.chainHead("decisions", t.d.q.decisionHead)
		if err != nil {
			return head{}, err
		}
		t.decHead = &h
	}
	return *t.decHead, nil
}

// Append checks the span ids first (what the cache knows, then the
// database), and inserts the records before the first conflict, as the
// memory store does; the caller's error then rolls the whole update back.
func (t *sessionTx) Append(recs ...ledger.Record) error {
	if !t.writable {
		return errReadOnly
	}
	if len(recs) == 0 {
		return nil
	}
	h, err := t.recordHead()
	if err != nil {
		return err
	}
	exists := make(map[string]bool, len(recs))
	var unknown []string
	for _, r := range recs {
		if _, ok := t.cached(r.Span.ID); ok {
			exists[r.Span.ID] = true
		} else {
			unknown = append(unknown, r.Span.ID)
		}
	}
	found, err := t.db.existing(t.ctx, t.ord, unknown)
	if err != nil {
		return fmt.Errorf("checking span ids of session %q: %w", t.info.ID, err)
	}
	for id := range found {
		exists[id] = true
	}
	stop := firstConflict(recs, exists)
	todo := recs
	if stop >= 0 {
		todo = recs[:stop]
	}
	raws := make([]rawRecord, 0, len(todo))
	for _, r := range todo {
		if r.Time.IsZero() {
			r.Time = time.Now().UTC()
		}
		ledger.SealRecord(&r, t.info, h.record())
		raw, err := newRawRecord(r)
		if err != nil {
			return fmt.Errorf("appending span %q: %w", r.Span.ID, err)
		}
		raws = append(raws, raw)
		h = head{seq: r.Seq, hash: r.Hash}
	}
	n, err := t.db.insertRecords(t.ctx, t.ord, raws)
	if n > 0 {
		last := raws[n-1]
		t.recHead = &head{seq: last.seq, hash: last.hash}
	}
	if t.tc != nil {
		// The overlay keeps the records as a later read would decode them
		// (times without a monotonic reading, meta and covers fresh).
		for _, raw := range raws[:n] {
			stored, err := raw.record()
			if err != nil {
				return fmt.Errorf("appending span %q: %w", raw.spanID, err)
			}
			t.tc.recs[raw.spanID] = cachedRecord{rec: stored}
		}
	}
	if err != nil {
		return fmt.Errorf("session %q: %w", t.info.ID, err)
	}
	if stop >= 0 {
		return conflictErr(recs[stop].Span.ID)
	}
	return nil
}

func (t *sessionTx) Decisions() ([]ledger.DecisionRecord, error) {
	rs, err := t.db.query(t.ctx, t.d.q.decisions, t.ord)
	if err != nil {
		return nil, fmt.Errorf("reading audit trail of session %q: %w", t.info.ID, err)
	}
	defer rs.Close()
	out, err := scanDecisions(rs)
	if err != nil {
		return nil, fmt.Errorf("reading audit trail of session %q: %w", t.info.ID, err)
	}
	return out, nil
}

func (t *sessionTx) AppendDecision(d ledger.DecisionRecord) (ledger.DecisionRecord, error) {
	if !t.writable {
		return ledger.DecisionRecord{}, errReadOnly
	}
	h, err := t.decisionHead()
	if err != nil {
		return ledger.DecisionRecord{}, err
	}
	if d.Time.IsZero() {
		d.Time = time.Now().UTC()
	}
	ledger.SealDecision(&d, t.info, h.decision())
	_, err = t.db.exec(t.ctx, t.d.q.insertDecision,
		t.ord, d.Seq, d.Type, d.RequestID, []byte(d.Body), d.Prev, d.Hash, toNanos(d.Time))
	if err != nil {
		return ledger.DecisionRecord{}, fmt.Errorf("recording decision %d of session %q: %w", d.Seq, t.info.ID, err)
	}
	t.decHead = &head{seq: d.Seq, hash: d.Hash}
	return d, nil
}

func (t *sessionTx) DecisionByRequest(requestID string) (*ledger.DecisionRecord, error) {
	if requestID == "" {
		return nil, nil
	}
	var raw rawDecision
	err := t.db.queryRow(t.ctx, t.d.q.decisionByRequest, t.ord, requestID).Scan(raw.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("looking up request %q: %w", requestID, err)
	}
	d := raw.decision()
	return &d, nil
}

func (t *sessionTx) CachedItems(textHash string) ([]sdk.Item, bool, error) {
	if items, ok := t.cachedItems(textHash); ok {
		return items, true, nil
	}
	var b []byte
	err := t.db.queryRow(t.ctx, t.d.q.cachedItems, t.ord, textHash).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading cached extraction %s: %w", textHash, err)
	}
	var items []sdk.Item
	if err := decodeJSON("cached items", b, &items); err != nil {
		return nil, false, err
	}
	if t.tc != nil {
		t.tc.items[textHash] = items
	}
	return items, true, nil
}

func (t *sessionTx) CacheItems(textHash string, items []sdk.Item) error {
	if !t.writable {
		return errReadOnly
	}
	b, err := encodeJSON("cached items", items)
	if err != nil {
		return err
	}
	if _, err := t.db.exec(t.ctx, t.d.q.cacheItems, t.ord, textHash, t.d.jsonArg(b)); err != nil {
		return fmt.Errorf("caching extraction %s: %w", textHash, err)
	}
	if t.tc != nil {
		t.tc.items[textHash] = slices.Clone(items)
	}
	return nil
}

func (t *sessionTx) Heads() (ledger.Heads, error) {
	rec, err := t.recordHead()
	if err != nil {
		return ledger.Heads{}, err
	}
	dec, err := t.decisionHead()
	if err != nil {
		return ledger.Heads{}, err
	}
	return rec.heads(dec), nil
}

func (t *sessionTx) AddCheckpoint(cp ledger.Checkpoint) error {
	if !t.writable {
		return errReadOnly
	}
	_, err := t.db.exec(t.ctx, t.d.q.insertCheckpoint, t.ord,
		cp.Records, cp.RecordHead, cp.Decisions, cp.DecisionHead, toNanos(cp.Time), cp.KeyID, cp.Signature)
	if err != nil {
		return fmt.Errorf("recording checkpoint of session %q at decision %d: %w", t.info.ID, cp.Decisions, err)
	}
	return nil
}

func (t *sessionTx) Checkpoints() ([]ledger.Checkpoint, error) {
	rs, err := t.db.query(t.ctx, t.d.q.checkpoints, t.ord)
	if err != nil {
		return nil, fmt.Errorf("reading checkpoints of session %q: %w", t.info.ID, err)
	}
	defer rs.Close()
	out, err := scanCheckpoints(rs, t.info)
	if err != nil {
		return nil, fmt.Errorf("reading checkpoints of session %q: %w", t.info.ID, err)
	}
	return out, nil
}
