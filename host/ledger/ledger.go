package ledger

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/compactguard/compactguard/sdk"
)

// Errors callers test with errors.Is.
var (
	// ErrNotFound: the session does not exist (or belongs to another tenant).
	ErrNotFound = errors.New("session not found")
	// ErrExists: a session with that id already exists.
	ErrExists = errors.New("session already exists")
	// ErrConflict: a span id was appended before with different content.
	ErrConflict = errors.New("span id already in the ledger with different content")
)

// Record is one span as first seen, chained to the record before it.
type Record struct {
	// Seq is the 1-based position in the session's ledger.
	Seq  int64    `json:"seq"`
	Span sdk.Span `json:"span"`
	// Tokens is the host's count of the span's text.
	Tokens int `json:"tokens"`
	// ContentHash is sha256 over the span's id, kind, text, meta and covers.
	ContentHash string `json:"content_hash"`
	// Prev is the previous record's Hash ("" for the first).
	Prev string `json:"prev"`
	// Hash is sha256(Prev || ContentHash || Seq): the chain link.
	Hash string    `json:"hash"`
	Time time.Time `json:"time"`
}

// ContentHash returns the sha256 hex of a span's content. Meta keys are
// hashed in sorted order so the hash does not depend on map order.
func ContentHash(s sdk.Span) string {
	h := sha256.New()
	write := func(v string) {
		fmt.Fprintf(h, "%d:%s;", len(v), v)
	}
	write(s.ID)
	write(s.Kind)
	write(s.Text)
	keys := make([]string, 0, len(s.Meta))
	for k := range s.Meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(h, "meta%d;", len(keys))
	for _, k := range keys {
		write(k)
		write(s.Meta[k])
	}
	fmt.Fprintf(h, "covers%d;", len(s.Covers))
	for _, c := range s.Covers {
		write(c)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TextHash is the key of the extraction cache: items depend on a span's
// kind and text only, so two spans with the same kind and text share one
// extraction.
func TextHash(kind, text string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d:%s;%s", len(kind), kind, text)
	return hex.EncodeToString(h.Sum(nil))
}

// ChainHash links a record (or a decision) to the one before it.
func ChainHash(prev, content string, seq int64) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s|%s|%d", prev, content, seq)))
	return hex.EncodeToString(sum[:])
}

// Verify reports whether a record's hashes match its content.
func (r Record) Verify() bool {
	return ContentHash(r.Span) == r.ContentHash && ChainHash(r.Prev, r.ContentHash, r.Seq) == r.Hash
}

// DecisionRecord is one entry of a session's audit trail: the decision JSON
// exactly as returned to the caller, chained like ledger records.
type DecisionRecord struct {
	Seq       int64           `json:"seq"`
	Type      string          `json:"type"`
	RequestID string          `json:"request_id,omitempty"`
	Body      json.RawMessage `json:"decision"`
	Prev      string          `json:"prev"`
	Hash      string          `json:"hash"`
	Time      time.Time       `json:"time"`
}

// Verify reports whether the record's hash matches its body.
func (d DecisionRecord) Verify() bool {
	return ChainHash(d.Prev, bodyHash(d.Body), d.Seq) == d.Hash
}

func bodyHash(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// SealDecision fills Seq, Prev and Hash of d as the successor of prev
// (nil for the first decision of a session).
func SealDecision(d *DecisionRecord, prev *DecisionRecord) {
	d.Seq, d.Prev = 1, ""
	if prev != nil {
		d.Seq, d.Prev = prev.Seq+1, prev.Hash
	}
	d.Hash = ChainHash(d.Prev, bodyHash(d.Body), d.Seq)
}

// SealRecord fills Seq, ContentHash, Prev and Hash of r as the successor
// of prev (nil for the first record).
func SealRecord(r *Record, prev *Record) {
	r.ContentHash = ContentHash(r.Span)
	r.Seq, r.Prev = 1, ""
	if prev != nil {
		r.Seq, r.Prev = prev.Seq+1, prev.Hash
	}
	r.Hash = ChainHash(r.Prev, r.ContentHash, r.Seq)
}

// VerifyChain checks a session's ledger and audit trail end to end and
// returns the first break it finds.
func VerifyChain(records []Record, decisions []DecisionRecord) error {
	prev := ""
	for i, r := range records {
		if r.Seq != int64(i+1) {
			return fmt.Errorf("ledger record %d has seq %d", i+1, r.Seq)
		}
		if r.Prev != prev || !r.Verify() {
			return fmt.Errorf("ledger record %d (span %q) does not verify", r.Seq, r.Span.ID)
		}
		prev = r.Hash
	}
	prev = ""
	for i, d := range decisions {
		if d.Seq != int64(i+1) {
			return fmt.Errorf("decision %d has seq %d", i+1, d.Seq)
		}
		if d.Prev != prev || !d.Verify() {
			return fmt.Errorf("decision %d does not verify", d.Seq)
		}
		prev = d.Hash
	}
	return nil
}

// SessionInfo identifies a session and who owns it.
type SessionInfo struct {
	ID      string    `json:"id"`
	Tenant  string    `json:"tenant"`
	Created time.Time `json:"created"`
}

// Store keeps sessions. Implementations must make Update atomic (all of
// fn's writes or none) and serialised per session.
type Store interface {
	// CreateSession creates an empty session with the given initial state.
	CreateSession(ctx context.Context, info SessionInfo, st State) error
	// Update runs fn with exclusive access to one session. If fn returns
	// an error nothing it wrote is kept. When Update returns nil the
	// writes are durable.
	Update(ctx context.Context, tenant, session string, fn func(Tx) error) error
	// View runs fn with a consistent read-only view of one session.
	View(ctx context.Context, tenant, session string, fn func(Tx) error) error
	// Sessions lists a tenant's sessions, oldest first.
	Sessions(ctx context.Context, tenant string) ([]SessionInfo, error)
	// Ping reports whether the store answers.
	Ping(ctx context.Context) error
	Close() error
}

// Tx is one session's data inside Store.Update or Store.View. Writes on a
// View's Tx return an error.
type Tx interface {
	Info() SessionInfo
	// State returns a copy of the session state.
	State() (State, error)
	SetState(State) error
	// Record returns the ledger record of a span id, or nil.
	Record(id string) (*Record, error)
	// RecordsByID returns the records of the ids that are in the ledger,
	// in one round trip: a compaction looks up every span it covers, and
	// its cost must follow that count, not the session's length.
	RecordsByID(ids []string) (map[string]Record, error)
	// Records returns every ledger record in order.
	Records() ([]Record, error)
	// Append seals and appends records after the current head.
	Append(recs ...Record) error
	// Decisions returns the audit trail in order.
	Decisions() ([]DecisionRecord, error)
	// LastDecisionSeq returns the seq of the newest decision (0 for none),
	// so a new decision can carry its seq without reading the trail.
	LastDecisionSeq() (int64, error)
	// AppendDecision seals and appends a decision; it returns the sealed record.
	AppendDecision(d DecisionRecord) (DecisionRecord, error)
	// DecisionByRequest returns the decision made for an idempotency key.
	DecisionByRequest(requestID string) (*DecisionRecord, error)
	// CachedItems returns the extraction cached for a text hash.
	CachedItems(textHash string) (items []sdk.Item, ok bool, err error)
	// CachedItemsMany returns the cached extractions of the hashes that
	// have one, in one round trip.
	CachedItemsMany(textHashes []string) (map[string][]sdk.Item, error)
	// CacheItems stores an extraction for a text hash.
	CacheItems(textHash string, items []sdk.Item) error
}
