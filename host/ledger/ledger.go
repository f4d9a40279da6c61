package ledger

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/compactguard/compactguard/sdk"
)

// Errors callers test with errors.Is.
var (
	// ErrNotFound: the tenant holds no session of that id (another
	// tenant's session of the same id is no matter).
	ErrNotFound = errors.New("session not found")
	// ErrExists: the tenant already holds a session with that id. Ids are
	// scoped per tenant: two tenants may each hold "s1".
	ErrExists = errors.New("session already exists")
	// ErrConflict: a span id was appended before with different content.
	ErrConflict = errors.New("span id already in the ledger with different content")
	// ErrNotLive: Tx.Cover named a span that is not in the live view (not
	// in the ledger, or already covered by a summary).
	ErrNotLive = errors.New("span is not in the live view")
)

// The hash scheme. Everything a record or a decision says is inside its
// chain link, and each session's two chains start from a value bound to
// the tenant and the session, so no record can be edited, reordered,
// dropped from the middle or moved to another session without breaking
// verification. An independent checker (internal/invcheck) re-implements
// it from this description alone:
//
//   - L(s) is the decimal byte length of s, ":", then s ("5:hello"): a
//     length prefix, so no field can bleed into the next.
//   - hex(x) is lowercase hex; sha256 is over the UTF-8 bytes of the string.
//   - Genesis: hex(sha256("compactguard/v1|" + L(tenant) + "|" + L(session))).
//     It is the prev of the first ledger record and of the first decision.
//   - Content hash of a span: see ContentHash.
//   - Ledger record link (Record.Hash):
//     hex(sha256("record|" + prev + "|" + seq + "|" + time_ns + "|" + tokens + "|" + content_hash))
//   - Decision link (DecisionRecord.Hash):
//     hex(sha256("decision|" + prev + "|" + seq + "|" + time_ns + "|" + L(type) + "|" + L(request_id) + "|" + hex(sha256(body))))
//
// seq, tokens and time_ns (the record's time as Unix nanoseconds, the
// precision every store keeps) are written in decimal; prev is the
// previous link of the same chain, or the genesis for seq 1. body is the
// decision JSON byte for byte, as stored and as the API returns it.
//
// A record's CoveredBy (see Tx.Cover) is outside the chain on purpose: it
// is the live view's bookkeeping, which a compaction changes; the summary
// that covers a span is itself a record of the chain (its span's covers),
// and the decision that allowed it is in the audit trail.
const schemePrefix = "compactguard/v1"

// Record is one span as first seen, chained to the record before it.
type Record struct {
	// Seq is the 1-based position in the session's ledger.
	Seq  int64    `json:"seq"`
	Span sdk.Span `json:"span"`
	// Tokens is the host's count of the span's text.
	Tokens int `json:"tokens"`
	// ContentHash is sha256 over the span's id, kind, text, meta and covers.
	ContentHash string `json:"content_hash"`
	// Prev is the previous record's Hash (the session's GenesisHash for
	// the first).
	Prev string `json:"prev"`
	// Hash is the chain link over Prev, Seq, Time, Tokens and ContentHash
	// (RecordHash).
	Hash string    `json:"hash"`
	Time time.Time `json:"time"`
}

// The hash helpers below build the exact bytes the scheme describes with
// append and strconv.AppendInt (no fmt, no intermediate strings) and hash
// them in one sha256.Sum256 call: every covered record is re-verified on
// each compaction, so these are on the hot path of a decision.

// appendLP appends s length-prefixed ("len:s"), the scheme's L(s).
func appendLP(b []byte, s string) []byte {
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, ':')
	return append(b, s...)
}

// appendHex appends the lowercase hex of sum.
func appendHex(b []byte, sum *[sha256.Size]byte) []byte {
	var h [2 * sha256.Size]byte
	hex.Encode(h[:], sum[:])
	return append(b, h[:]...)
}

// hexSum is a sha256 in lowercase hex, kept as an array so that Verify
// compares it with a stored hash without allocating a string.
type hexSum [2 * sha256.Size]byte

func (h *hexSum) String() string { return string(h[:]) }

// sumHex returns the lowercase hex of sha256(b).
func sumHex(b []byte) (h hexSum) {
	sum := sha256.Sum256(b)
	hex.Encode(h[:], sum[:])
	return h
}

// hashBufs holds the buffers ContentHash and TextHash write a span's
// bytes into; one big enough for most spans is reused, so a decision that
// re-verifies every covered record does not allocate per record.
var hashBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// maxPooledHashBuf bounds the buffers kept in hashBufs: one that grew for
// an unusually long span is left to the garbage collector.
const maxPooledHashBuf = 1 << 20

func getHashBuf() *[]byte { return hashBufs.Get().(*[]byte) }

func putHashBuf(p *[]byte, b []byte) {
	if cap(b) > maxPooledHashBuf {
		return
	}
	*p = b[:0]
	hashBufs.Put(p)
}

// GenesisHash is the prev of the first ledger record and of the first
// decision of a session: it binds both chains to their tenant and session.
func GenesisHash(tenant, session string) string {
	var arr [256]byte
	b := append(arr[:0], schemePrefix+"|"...)
	b = appendLP(b, tenant)
	b = append(b, '|')
	b = appendLP(b, session)
	h := sumHex(b)
	return h.String()
}

// Genesis returns GenesisHash of the session.
func (s SessionInfo) Genesis() string { return GenesisHash(s.Tenant, s.ID) }

// ContentHash returns the sha256 hex of a span's content: each of id,
// kind and text as L(value)+";", then "meta<n>;" and each meta key
// (sorted) and value the same way, then "covers<n>;" and each covered id.
// Sorting the keys keeps the hash independent of map order.
func ContentHash(s sdk.Span) string {
	h := contentHash(s)
	return h.String()
}

func contentHash(s sdk.Span) hexSum {
	p := getHashBuf()
	b := *p
	write := func(v string) {
		b = appendLP(b, v)
		b = append(b, ';')
	}
	write(s.ID)
	write(s.Kind)
	write(s.Text)
	var karr [8]string
	keys := karr[:0]
	for k := range s.Meta {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, "meta"...)
	b = strconv.AppendInt(b, int64(len(keys)), 10)
	b = append(b, ';')
	for _, k := range keys {
		write(k)
		write(s.Meta[k])
	}
	b = append(b, "covers"...)
	b = strconv.AppendInt(b, int64(len(s.Covers)), 10)
	b = append(b, ';')
	for _, c := range s.Covers {
		write(c)
	}
	h := sumHex(b)
	putHashBuf(p, b)
	return h
}

// TextHash is the key of the extraction cache: items depend on a span's
// kind and text only, so two spans with the same kind and text share one
// extraction. It hashes L(kind)+";"+text.
func TextHash(kind, text string) string {
	p := getHashBuf()
	b := appendLP(*p, kind)
	b = append(b, ';')
	b = append(b, text...)
	h := sumHex(b)
	putHashBuf(p, b)
	return h.String()
}

// RecordHash is a ledger record's chain link (see the scheme above).
func RecordHash(prev string, seq int64, t time.Time, tokens int, contentHash string) string {
	h := recordHash(prev, seq, t, tokens, contentHash)
	return h.String()
}

func recordHash(prev string, seq int64, t time.Time, tokens int, contentHash string) hexSum {
	var arr [256]byte
	b := append(arr[:0], "record|"...)
	b = append(b, prev...)
	b = append(b, '|')
	b = strconv.AppendInt(b, seq, 10)
	b = append(b, '|')
	b = strconv.AppendInt(b, t.UnixNano(), 10)
	b = append(b, '|')
	b = strconv.AppendInt(b, int64(tokens), 10)
	b = append(b, '|')
	b = append(b, contentHash...)
	return sumHex(b)
}

// DecisionHash is a decision's chain link (see the scheme above).
func DecisionHash(prev string, seq int64, t time.Time, typ, requestID string, body []byte) string {
	h := decisionHash(prev, seq, t, typ, requestID, body)
	return h.String()
}

func decisionHash(prev string, seq int64, t time.Time, typ, requestID string, body []byte) hexSum {
	var arr [256]byte
	b := append(arr[:0], "decision|"...)
	b = append(b, prev...)
	b = append(b, '|')
	b = strconv.AppendInt(b, seq, 10)
	b = append(b, '|')
	b = strconv.AppendInt(b, t.UnixNano(), 10)
	b = append(b, '|')
	b = appendLP(b, typ)
	b = append(b, '|')
	b = appendLP(b, requestID)
	b = append(b, '|')
	bodySum := sha256.Sum256(body)
	b = appendHex(b, &bodySum)
	return sumHex(b)
}

// Verify reports whether a record's hashes match its content and its
// link matches its fields. Whether Prev is the right predecessor is a
// property of the chain: VerifySession checks it.
func (r Record) Verify() bool {
	if ch := contentHash(r.Span); string(ch[:]) != r.ContentHash {
		return false
	}
	h := recordHash(r.Prev, r.Seq, r.Time, r.Tokens, r.ContentHash)
	return string(h[:]) == r.Hash
}

// DecisionRecord is one entry of a session's audit trail: the decision JSON
// exactly as returned to the caller, chained like ledger records.
type DecisionRecord struct {
	Seq       int64           `json:"seq"`
	Type      string          `json:"type"`
	RequestID string          `json:"request_id,omitempty"`
	Body      json.RawMessage `json:"decision"`
	// Prev is the previous decision's Hash (the session's GenesisHash for
	// the first); Hash the link over Prev, Seq, Time, Type, RequestID and
	// Body (DecisionHash).
	Prev string    `json:"prev"`
	Hash string    `json:"hash"`
	Time time.Time `json:"time"`
}

// Verify reports whether the record's link matches its fields.
func (d DecisionRecord) Verify() bool {
	h := decisionHash(d.Prev, d.Seq, d.Time, d.Type, d.RequestID, d.Body)
	return string(h[:]) == d.Hash
}

// SealDecision fills Seq, Prev and Hash of d as the successor of prev
// (nil for the first decision of the session info names), and Time when
// it is zero.
func SealDecision(d *DecisionRecord, info SessionInfo, prev *DecisionRecord) {
	d.Seq, d.Prev = 1, info.Genesis()
	if prev != nil {
		d.Seq, d.Prev = prev.Seq+1, prev.Hash
	}
	if d.Time.IsZero() {
		d.Time = time.Now().UTC()
	}
	d.Hash = DecisionHash(d.Prev, d.Seq, d.Time, d.Type, d.RequestID, d.Body)
}

// SealRecord fills Seq, ContentHash, Prev and Hash of r as the successor
// of prev (nil for the first record of the session info names), and Time
// when it is zero.
func SealRecord(r *Record, info SessionInfo, prev *Record) {
	r.ContentHash = ContentHash(r.Span)
	r.Seq, r.Prev = 1, info.Genesis()
	if prev != nil {
		r.Seq, r.Prev = prev.Seq+1, prev.Hash
	}
	if r.Time.IsZero() {
		r.Time = time.Now().UTC()
	}
	r.Hash = RecordHash(r.Prev, r.Seq, r.Time, r.Tokens, r.ContentHash)
}

// VerifySession checks a session's ledger and audit trail end to end:
// both chains start at the session's genesis, seqs run 1..n, each prev is
// the link before it and each link matches its record. It returns the
// first break it finds.
func VerifySession(info SessionInfo, records []Record, decisions []DecisionRecord) error {
	return verify(info.Genesis(), info.Genesis(), records, decisions)
}

func verify(recGenesis, decGenesis string, records []Record, decisions []DecisionRecord) error {
	prev := recGenesis
	for i, r := range records {
		if r.Seq != int64(i+1) {
			return fmt.Errorf("ledger record %d has seq %d", i+1, r.Seq)
		}
		if r.Prev != prev {
			if i == 0 {
				return fmt.Errorf("ledger record 1 (span %q) does not start this session's chain (it belongs to another session, or was sealed under another scheme)", r.Span.ID)
			}
			return fmt.Errorf("ledger record %d (span %q) does not follow record %d", r.Seq, r.Span.ID, i)
		}
		if !r.Verify() {
			return fmt.Errorf("ledger record %d (span %q) does not verify", r.Seq, r.Span.ID)
		}
		prev = r.Hash
	}
	prev = decGenesis
	for i, d := range decisions {
		if d.Seq != int64(i+1) {
			return fmt.Errorf("decision %d has seq %d", i+1, d.Seq)
		}
		if d.Prev != prev {
			if i == 0 {
				return fmt.Errorf("decision 1 does not start this session's chain (it belongs to another session, or was sealed under another scheme)")
			}
			return fmt.Errorf("decision %d does not follow decision %d", d.Seq, i)
		}
		if !d.Verify() {
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

// Store keeps sessions. A session is named by its tenant and its id
// together: ids are unique per tenant, so two tenants may each hold "s1"
// and neither learns of the other's. Implementations must make Update
// atomic (all of fn's writes or none) and serialised per session.
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

// TenantLister is implemented by stores that can list every tenant they
// hold sessions of, so an audit can reach sessions of tenants no config
// names (a hook's, an earlier deployment's).
type TenantLister interface {
	// Tenants returns the tenants, sorted.
	Tenants(ctx context.Context) ([]string, error)
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
	// LiveRecords returns the records of the live view, those no summary
	// covers, in seq order, in one query: its cost follows the live
	// view's size, not the ledger's.
	LiveRecords() ([]Record, error)
	// Cover takes the records of ids out of the live view, marking each
	// as covered by the summary id by (which need not be a record: a
	// summary-less compaction covers spans too). An id that is not in the
	// ledger or is already covered (or repeats in ids) is ErrNotLive, and
	// then nothing is covered. The mark is outside the hash chain.
	Cover(ids []string, by string) error
	// CoveredBy returns, for those of ids that are covered, the summary
	// that covers each, in one round trip.
	CoveredBy(ids []string) (map[string]string, error)
	// Append seals and appends records after the current head (the first
	// after the session's genesis; see SealRecord).
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
	// Heads returns the heads of the session's two chains as this
	// transaction sees them, its own appends included: what a checkpoint
	// signs (see CheckpointStore).
	Heads() (Heads, error)
	// AddCheckpoint keeps a signed checkpoint with the session; one whose
	// heads the session already has a checkpoint of is dropped.
	AddCheckpoint(cp Checkpoint) error
	// Checkpoints returns the session's checkpoints, in the order of the
	// heads they sign.
	Checkpoints() ([]Checkpoint, error)
}
