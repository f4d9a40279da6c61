package ledger

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/compactguard/compactguard/sdk"
)

// Memory is a Store that keeps everything in process memory: the default
// for `replay`, `check` and tests. A decision is "durable" once Update
// returns, for as long as the process lives.
type Memory struct {
	mu       sync.Mutex // guards sessions (the map itself)
	sessions map[memKey]*memSession
	order    []memKey
}

// memKey names a session: ids are unique per tenant, not in the store.
type memKey struct{ tenant, id string }

type memSession struct {
	mu        sync.Mutex // serialises Update/View on this session
	info      SessionInfo
	state     State
	records   []Record
	index     map[string]int
	decisions []DecisionRecord
	requests  map[string]int
	cache     map[string][]sdk.Item
	covered   map[string]string // span id -> summary that covers it
	cps       []Checkpoint
}

// NewMemory returns an empty in-memory store.
func NewMemory() *Memory {
	return &Memory{sessions: map[memKey]*memSession{}}
}

// CreateSession implements Store.
func (m *Memory) CreateSession(ctx context.Context, info SessionInfo, st State) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	key := memKey{info.Tenant, info.ID}
	if _, ok := m.sessions[key]; ok {
		return fmt.Errorf("creating session %q: %w", info.ID, ErrExists)
	}
	if info.Created.IsZero() {
		info.Created = time.Now().UTC()
	}
	m.sessions[key] = &memSession{
		info: info, state: st.Clone(), index: map[string]int{},
		requests: map[string]int{}, cache: map[string][]sdk.Item{},
		covered: map[string]string{},
	}
	m.order = append(m.order, key)
	return nil
}

func (m *Memory) session(tenant, id string) (*memSession, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[memKey{tenant, id}]
	if !ok {
		return nil, fmt.Errorf("session %q: %w", id, ErrNotFound)
	}
	return s, nil
}

// Update implements Store. Writes go to a buffer applied only when fn
// succeeds, so a failed decision leaves nothing behind.
func (m *Memory) Update(ctx context.Context, tenant, id string, fn func(Tx) error) error {
	s, err := m.session(tenant, id)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return err
	}
	tx := &memTx{s: s, state: s.state.Clone(), writable: true, cache: map[string][]sdk.Item{}}
	if err := fn(tx); err != nil {
		return err
	}
	tx.commit()
	return nil
}

// View implements Store.
func (m *Memory) View(ctx context.Context, tenant, id string, fn func(Tx) error) error {
	s, err := m.session(tenant, id)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return fn(&memTx{s: s, state: s.state.Clone()})
}

// Sessions implements Store.
func (m *Memory) Sessions(ctx context.Context, tenant string) ([]SessionInfo, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []SessionInfo
	for _, key := range m.order {
		if s := m.sessions[key]; key.tenant == tenant {
			out = append(out, s.info)
		}
	}
	return out, nil
}

// Tenants implements TenantLister.
func (m *Memory) Tenants(context.Context) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	seen := map[string]bool{}
	var out []string
	for _, s := range m.sessions {
		if !seen[s.info.Tenant] {
			seen[s.info.Tenant] = true
			out = append(out, s.info.Tenant)
		}
	}
	slices.Sort(out)
	return out, nil
}

// Ping implements Store.
func (m *Memory) Ping(context.Context) error { return nil }

// Close implements Store.
func (m *Memory) Close() error { return nil }

var errReadOnly = errors.New("write inside a read-only view")

// memTx buffers writes; reads see the committed data plus the buffer.
type memTx struct {
	s        *memSession
	writable bool
	state    State
	records  []Record
	idx      map[string]int // span id -> position in records
	decs     []DecisionRecord
	cache    map[string][]sdk.Item
	covered  map[string]string // covered in this update
	cps      []Checkpoint
}

func (t *memTx) Info() SessionInfo { return t.s.info }

func (t *memTx) State() (State, error) { return t.state.Clone(), nil }

func (t *memTx) SetState(st State) error {
	if !t.writable {
		return errReadOnly
	}
	t.state = st.Clone()
	return nil
}

func (t *memTx) Record(id string) (*Record, error) {
	if i, ok := t.s.index[id]; ok {
		r := t.s.records[i]
		return &r, nil
	}
	if i, ok := t.idx[id]; ok {
		r := t.records[i]
		return &r, nil
	}
	return nil, nil
}

func (t *memTx) RecordsByID(ids []string) (map[string]Record, error) {
	out := make(map[string]Record, len(ids))
	for _, id := range ids {
		if r, _ := t.Record(id); r != nil {
			out[id] = *r
		}
	}
	return out, nil
}

func (t *memTx) LastDecisionSeq() (int64, error) {
	return int64(len(t.s.decisions) + len(t.decs)), nil
}

func (t *memTx) CachedItemsMany(hashes []string) (map[string][]sdk.Item, error) {
	out := map[string][]sdk.Item{}
	for _, h := range hashes {
		if items, ok, _ := t.CachedItems(h); ok {
			out[h] = items
		}
	}
	return out, nil
}

func (t *memTx) Records() ([]Record, error) {
	out := make([]Record, 0, len(t.s.records)+len(t.records))
	out = append(out, t.s.records...)
	return append(out, t.records...), nil
}

// coveredBy returns the summary covering id, in this update or before.
func (t *memTx) coveredBy(id string) (string, bool) {
	if by, ok := t.covered[id]; ok {
		return by, true
	}
	by, ok := t.s.covered[id]
	return by, ok
}

func (t *memTx) LiveRecords() ([]Record, error) {
	out := []Record{}
	for _, part := range [][]Record{t.s.records, t.records} {
		for _, r := range part {
			if _, gone := t.coveredBy(r.Span.ID); !gone {
				out = append(out, r)
			}
		}
	}
	return out, nil
}

func (t *memTx) Cover(ids []string, by string) error {
	if !t.writable {
		return errReadOnly
	}
	if by == "" {
		return errors.New("covering spans: empty summary id")
	}
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if r, _ := t.Record(id); r == nil {
			return fmt.Errorf("covering span %q: not in the ledger: %w", id, ErrNotLive)
		}
		if old, gone := t.coveredBy(id); gone {
			return fmt.Errorf("covering span %q: already covered by %q: %w", id, old, ErrNotLive)
		}
		if seen[id] {
			return fmt.Errorf("covering span %q: named twice: %w", id, ErrNotLive)
		}
		seen[id] = true
	}
	if t.covered == nil {
		t.covered = make(map[string]string, len(ids))
	}
	for _, id := range ids {
		t.covered[id] = by
	}
	return nil
}

func (t *memTx) CoveredBy(ids []string) (map[string]string, error) {
	out := map[string]string{}
	for _, id := range ids {
		if by, ok := t.coveredBy(id); ok {
			out[id] = by
		}
	}
	return out, nil
}

func (t *memTx) head() *Record {
	if n := len(t.records); n > 0 {
		return &t.records[n-1]
	}
	if n := len(t.s.records); n > 0 {
		return &t.s.records[n-1]
	}
	return nil
}

func (t *memTx) Append(recs ...Record) error {
	if !t.writable {
		return errReadOnly
	}
	for _, r := range recs {
		if old, _ := t.Record(r.Span.ID); old != nil {
			return fmt.Errorf("appending span %q: %w", r.Span.ID, ErrConflict)
		}
		if r.Time.IsZero() {
			r.Time = time.Now().UTC()
		}
		SealRecord(&r, t.s.info, t.head())
		if t.idx == nil {
			t.idx = map[string]int{}
		}
		t.idx[r.Span.ID] = len(t.records)
		t.records = append(t.records, r)
	}
	return nil
}

func (t *memTx) Decisions() ([]DecisionRecord, error) {
	out := make([]DecisionRecord, 0, len(t.s.decisions)+len(t.decs))
	out = append(out, t.s.decisions...)
	return append(out, t.decs...), nil
}

func (t *memTx) AppendDecision(d DecisionRecord) (DecisionRecord, error) {
	if !t.writable {
		return DecisionRecord{}, errReadOnly
	}
	var prev *DecisionRecord
	if n := len(t.decs); n > 0 {
		prev = &t.decs[n-1]
	} else if n := len(t.s.decisions); n > 0 {
		prev = &t.s.decisions[n-1]
	}
	if d.Time.IsZero() {
		d.Time = time.Now().UTC()
	}
	SealDecision(&d, t.s.info, prev)
	t.decs = append(t.decs, d)
	return d, nil
}

func (t *memTx) DecisionByRequest(requestID string) (*DecisionRecord, error) {
	if requestID == "" {
		return nil, nil
	}
	if i, ok := t.s.requests[requestID]; ok {
		d := t.s.decisions[i]
		return &d, nil
	}
	for i := range t.decs {
		if t.decs[i].RequestID == requestID {
			d := t.decs[i]
			return &d, nil
		}
	}
	return nil, nil
}

func (t *memTx) CachedItems(hash string) ([]sdk.Item, bool, error) {
	if items, ok := t.cache[hash]; ok {
		return items, true, nil
	}
	items, ok := t.s.cache[hash]
	return items, ok, nil
}

func (t *memTx) CacheItems(hash string, items []sdk.Item) error {
	if !t.writable {
		return errReadOnly
	}
	t.cache[hash] = items
	return nil
}

func (t *memTx) Heads() (Heads, error) {
	var h Heads
	if r := t.head(); r != nil {
		h.Records, h.RecordHead = r.Seq, r.Hash
	}
	if n := len(t.decs); n > 0 {
		h.Decisions, h.DecisionHead = t.decs[n-1].Seq, t.decs[n-1].Hash
	} else if n := len(t.s.decisions); n > 0 {
		h.Decisions, h.DecisionHead = t.s.decisions[n-1].Seq, t.s.decisions[n-1].Hash
	}
	return h, nil
}

func (t *memTx) AddCheckpoint(cp Checkpoint) error {
	if !t.writable {
		return errReadOnly
	}
	for _, part := range [][]Checkpoint{t.s.cps, t.cps} {
		for _, old := range part {
			if old.Records == cp.Records && old.Decisions == cp.Decisions {
				return nil
			}
		}
	}
	t.cps = append(t.cps, cp)
	return nil
}

func (t *memTx) Checkpoints() ([]Checkpoint, error) {
	out := make([]Checkpoint, 0, len(t.s.cps)+len(t.cps))
	out = append(out, t.s.cps...)
	out = append(out, t.cps...)
	sortCheckpoints(out)
	return out, nil
}

func (t *memTx) commit() {
	s := t.s
	for _, r := range t.records {
		s.index[r.Span.ID] = len(s.records)
		s.records = append(s.records, r)
	}
	for _, d := range t.decs {
		if d.RequestID != "" {
			s.requests[d.RequestID] = len(s.decisions)
		}
		s.decisions = append(s.decisions, d)
	}
	for k, v := range t.cache {
		s.cache[k] = v
	}
	for k, v := range t.covered {
		s.covered[k] = v
	}
	s.cps = append(s.cps, t.cps...)
	s.state = t.state
}
