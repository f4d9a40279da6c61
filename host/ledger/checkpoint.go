package ledger

import (
	"cmp"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Signed checkpoints. The hash chains make every record and decision
// depend on all before it, but anyone who can write the database can
// also recompute them: flip a refusal to an allow and re-seal every link
// after it, or delete the newest decisions, and VerifySession still
// passes. A checkpoint closes that gap the way a Trillian log's signed
// tree head does: the host signs the heads of a session's two chains with
// an Ed25519 key the database does not hold, and a verifier holding the
// public key checks the stored chains against every checkpoint. A
// recomputed chain no longer reaches the signed head hash; a cut tail is
// shorter than a signed count.
//
// The signed message, built like the chain links (L(s) is the
// length-prefixed string of the hash scheme, numbers are decimal):
//
//	"compactguard/checkpoint/v1|" + L(tenant) + "|" + L(session) + "|" +
//	records + "|" + record_head + "|" + decisions + "|" + decision_head + "|" +
//	time_ns + "|" + L(key_id)
//
// records and decisions are the lengths of the two chains (the seq of
// their heads); record_head and decision_head are the Hash of the head
// link, or the session's GenesisHash for an empty chain. key_id is
// KeyID of the public key. The signature is Ed25519 over those bytes,
// stored as standard base64.
const checkpointPrefix = "compactguard/checkpoint/v1"

// Errors a checkpoint verification wraps, for errors.Is: each names a
// way the trail can have been tampered with.
var (
	// ErrCheckpointSignature: a checkpoint's signature does not verify
	// with the key its key id names, or no trusted key has that id: the
	// checkpoint was forged or altered (or moved from another session).
	ErrCheckpointSignature = errors.New("checkpoint signature does not verify")
	// ErrChainRewritten: a chain's link at a signed head is not the one
	// that was signed: something at or before it was changed and the
	// chain recomputed.
	ErrChainRewritten = errors.New("chain rewritten since it was signed")
	// ErrChainTruncated: a signed checkpoint counts more records or
	// decisions than the store holds: the tail was cut.
	ErrChainTruncated = errors.New("chain shorter than a signed checkpoint")
	// ErrUnsigned: the chain runs past the last signed checkpoint, so
	// nothing vouches for its newest links (written before a signing key
	// was configured, or appended by someone without the key).
	ErrUnsigned = errors.New("chain not covered by a signed checkpoint")
)

// Heads are the heads of a session's two chains: the number of links
// (the head's seq) and the head's Hash. A store returns "" as the hash
// of an empty chain; NewCheckpoint signs the genesis in its place.
type Heads struct {
	Records      int64
	RecordHead   string
	Decisions    int64
	DecisionHead string
}

// Checkpoint is a signed statement of a session's chain heads at a time:
// "this session's ledger had Records links ending in RecordHead and its
// audit trail Decisions links ending in DecisionHead". It is kept in the
// store beside the session (it cannot be forged without the key) and, when
// configured, in an append-only journal outside it (see Journal).
type Checkpoint struct {
	Tenant       string    `json:"tenant"`
	Session      string    `json:"session"`
	Records      int64     `json:"records"`
	RecordHead   string    `json:"record_head"`
	Decisions    int64     `json:"decisions"`
	DecisionHead string    `json:"decision_head"`
	Time         time.Time `json:"time"`
	// KeyID names the signing key (KeyID of its public half), so a
	// verifier holding several keys (one per rotation) picks the right one.
	KeyID string `json:"key_id"`
	// Signature is the Ed25519 signature of the message above, base64.
	Signature string `json:"signature"`
}

// NewCheckpoint returns the unsigned checkpoint of heads in the session
// info names, at t (kept to the nanosecond, as stores keep times).
func NewCheckpoint(info SessionInfo, h Heads, t time.Time) Checkpoint {
	cp := Checkpoint{
		Tenant: info.Tenant, Session: info.ID,
		Records: h.Records, RecordHead: h.RecordHead,
		Decisions: h.Decisions, DecisionHead: h.DecisionHead,
		Time: time.Unix(0, t.UnixNano()).UTC(),
	}
	if cp.Records == 0 {
		cp.RecordHead = info.Genesis()
	}
	if cp.Decisions == 0 {
		cp.DecisionHead = info.Genesis()
	}
	return cp
}

// message returns the bytes the signature covers (see the scheme above).
func (c Checkpoint) message() []byte {
	b := make([]byte, 0, 256)
	b = append(b, checkpointPrefix+"|"...)
	b = appendLP(b, c.Tenant)
	b = append(b, '|')
	b = appendLP(b, c.Session)
	b = append(b, '|')
	b = strconv.AppendInt(b, c.Records, 10)
	b = append(b, '|')
	b = append(b, c.RecordHead...)
	b = append(b, '|')
	b = strconv.AppendInt(b, c.Decisions, 10)
	b = append(b, '|')
	b = append(b, c.DecisionHead...)
	b = append(b, '|')
	b = strconv.AppendInt(b, c.Time.UnixNano(), 10)
	b = append(b, '|')
	return appendLP(b, c.KeyID)
}

// String names the checkpoint in messages: what it vouches for and when.
func (c Checkpoint) String() string {
	return fmt.Sprintf("checkpoint signed at %s (through record %d, decision %d)",
		c.Time.Format(time.RFC3339Nano), c.Records, c.Decisions)
}

// KeyID is the short name of a public key: the first 16 hex digits of the
// sha256 of its 32 bytes. It is what `audit keygen` prints and what each
// checkpoint carries.
func KeyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return hex.EncodeToString(sum[:8])
}

// Signer signs checkpoints. It holds the private key, which the host
// reads from a file or an environment variable at start and never writes
// to the store.
type Signer struct {
	key ed25519.PrivateKey
	id  string
}

// NewSigner returns a Signer of key.
func NewSigner(key ed25519.PrivateKey) *Signer {
	return &Signer{key: key, id: KeyID(key.Public().(ed25519.PublicKey))}
}

// KeyID is the id of the signer's public key.
func (s *Signer) KeyID() string { return s.id }

// Public returns the public key a verifier needs.
func (s *Signer) Public() ed25519.PublicKey { return s.key.Public().(ed25519.PublicKey) }

// Sign fills cp's KeyID and Signature.
func (s *Signer) Sign(cp *Checkpoint) {
	cp.KeyID = s.id
	cp.Signature = base64.StdEncoding.EncodeToString(ed25519.Sign(s.key, cp.message()))
}

// KeyRing holds the public keys a verifier trusts, by KeyID: the current
// key and any a rotation retired, whose checkpoints still stand.
type KeyRing map[string]ed25519.PublicKey

// NewKeyRing returns a ring of keys.
func NewKeyRing(keys ...ed25519.PublicKey) KeyRing {
	r := KeyRing{}
	for _, k := range keys {
		r[KeyID(k)] = k
	}
	return r
}

// Verify reports whether cp is signed by a key of the ring. It says why
// not: no key with that id, or a signature that does not verify.
func (r KeyRing) Verify(cp Checkpoint) error {
	key, ok := r[cp.KeyID]
	if !ok {
		return fmt.Errorf("%s is signed by key %q, which is not among the trusted keys: %w", cp, cp.KeyID, ErrCheckpointSignature)
	}
	sig, err := base64.StdEncoding.DecodeString(cp.Signature)
	if err != nil || !ed25519.Verify(key, cp.message(), sig) {
		return fmt.Errorf("%s does not verify with key %s (altered, forged, or moved from another session): %w", cp, cp.KeyID, ErrCheckpointSignature)
	}
	return nil
}

// CheckpointReport says how far signed checkpoints vouch for a session.
type CheckpointReport struct {
	// Checkpoints is how many distinct checkpoints were checked.
	Checkpoints int
	// Records and Decisions are the heads the newest checkpoint signs.
	Records, Decisions int64
	// UnsignedRecords and UnsignedDecisions count the links after it,
	// which no checkpoint vouches for.
	UnsignedRecords, UnsignedDecisions int64
}

// VerifyCheckpoints checks a session's chains against signed checkpoints
// (from the store, a journal, or both; duplicates count once). Call it
// after VerifySession has passed: it assumes each link matches its
// record, and asks whether the chain is still the one that was signed.
// Each checkpoint must verify with a key of ring, name this session,
// count no more links than the chains hold (else the tail was cut,
// ErrChainTruncated) and match the link at each signed head (else the
// chain was recomputed, ErrChainRewritten). Every problem is reported,
// joined, the first of each kind per chain, so a forged decision and a
// cut tail are both named. Links after the newest checkpoint are
// ErrUnsigned unless allowUnsigned; the report counts them either way.
func VerifyCheckpoints(info SessionInfo, records []Record, decisions []DecisionRecord, cps []Checkpoint, ring KeyRing, allowUnsigned bool) (CheckpointReport, error) {
	cps = uniqueCheckpoints(cps)
	rep := CheckpointReport{Checkpoints: len(cps)}
	var problems []error
	recs := chainCheck{what: "record", chain: "ledger", genesis: info.Genesis(), n: int64(len(records)),
		hash:  func(i int64) string { return records[i-1].Hash },
		seqOf: func(cp Checkpoint) int64 { return cp.Records }}
	decs := chainCheck{what: "decision", chain: "audit trail", genesis: info.Genesis(), n: int64(len(decisions)),
		hash:  func(i int64) string { return decisions[i-1].Hash },
		seqOf: func(cp Checkpoint) int64 { return cp.Decisions }}
	for _, cp := range cps {
		if cp.Tenant != info.Tenant || cp.Session != info.ID {
			problems = append(problems, fmt.Errorf("%s names session %s/%s, not this one: %w", cp, cp.Tenant, cp.Session, ErrCheckpointSignature))
			continue
		}
		if err := ring.Verify(cp); err != nil {
			problems = append(problems, err)
			continue
		}
		// Only a checkpoint that verifies says anything about the chains.
		if err := recs.check(cp, cp.RecordHead); err != nil {
			problems = append(problems, err)
		}
		if err := decs.check(cp, cp.DecisionHead); err != nil {
			problems = append(problems, err)
		}
		rep.Records = max(rep.Records, cp.Records)
		rep.Decisions = max(rep.Decisions, cp.Decisions)
	}
	for _, c := range []*chainCheck{&recs, &decs} {
		if err := c.truncation(); err != nil {
			problems = append(problems, err)
		}
	}
	rep.UnsignedRecords = max(0, recs.n-rep.Records)
	rep.UnsignedDecisions = max(0, decs.n-rep.Decisions)
	if !allowUnsigned {
		if err := recs.unsigned(rep.Records); err != nil {
			problems = append(problems, err)
		}
		if err := decs.unsigned(rep.Decisions); err != nil {
			problems = append(problems, err)
		}
	}
	return rep, errors.Join(problems...)
}

// sortCheckpoints orders checkpoints by the heads they sign, then time:
// the order of Tx.Checkpoints, and the one a verification walks in.
func sortCheckpoints(cps []Checkpoint) {
	slices.SortFunc(cps, func(a, b Checkpoint) int {
		return cmp.Or(cmp.Compare(a.Decisions, b.Decisions), cmp.Compare(a.Records, b.Records),
			a.Time.Compare(b.Time), cmp.Compare(a.Signature, b.Signature))
	})
}

// uniqueCheckpoints returns cps sorted (sortCheckpoints) without repeats,
// so the walk meets older heads first.
func uniqueCheckpoints(cps []Checkpoint) []Checkpoint {
	out := slices.Clone(cps)
	sortCheckpoints(out)
	return slices.CompactFunc(out, func(a, b Checkpoint) bool {
		return a.Signature == b.Signature && string(a.message()) == string(b.message())
	})
}

// chainCheck walks one chain's signed heads in order, remembering the
// newest that still matched, so a mismatch can say where the change lies.
type chainCheck struct {
	what, chain string
	genesis     string
	n           int64
	hash        func(seq int64) string
	seqOf       func(Checkpoint) int64 // the checkpoint's head seq of this chain
	good        *Checkpoint            // newest checkpoint whose head still matches
	rewritten   bool                   // reported once: later heads all differ too
	longest     *Checkpoint            // the checkpoint signing the most links past the chain's end
}

func (c *chainCheck) check(cp Checkpoint, head string) error {
	seq := c.seqOf(cp)
	if seq > c.n {
		if c.longest == nil || seq > c.seqOf(*c.longest) {
			c.longest = &cp
		}
		return nil
	}
	got := c.genesis
	if seq > 0 {
		got = c.hash(seq)
	}
	if got == head {
		c.good = &cp
		return nil
	}
	if c.rewritten {
		return nil
	}
	c.rewritten = true
	from, still := int64(1), ""
	if c.good != nil && c.seqOf(*c.good) > 0 {
		from = c.seqOf(*c.good) + 1
		still = fmt.Sprintf(" (%s %d still matches the %s)", c.what, from-1, *c.good)
	}
	return fmt.Errorf("%s %d is not the one in the %s: the %s was rewritten in %s and its chain recomputed%s: %w",
		c.what, seq, cp, c.chain, c.span(from, seq), still, ErrChainRewritten)
}

// span names links from..to of the chain: "decision 3", "decisions 3..5".
func (c *chainCheck) span(from, to int64) string {
	if from == to {
		return fmt.Sprintf("%s %d", c.what, from)
	}
	return fmt.Sprintf("%ss %d..%d", c.what, from, to)
}

// truncation reports the cut tail, if any, by the checkpoint that signed
// the most links: all of them after the chain's end were removed.
func (c *chainCheck) truncation() error {
	if c.longest == nil {
		return nil
	}
	seq := c.seqOf(*c.longest)
	return fmt.Errorf("the %s ends at %s %d but the %s vouches for more: %s %s removed: %w",
		c.chain, c.what, c.n, *c.longest, c.span(c.n+1, seq), wasWere(c.n+1, seq), ErrChainTruncated)
}

func (c *chainCheck) unsigned(signed int64) error {
	if c.n <= signed {
		return nil
	}
	if signed == 0 {
		return fmt.Errorf("%s: no signed checkpoint vouches for the %s: %w", c.span(1, c.n), c.chain, ErrUnsigned)
	}
	return fmt.Errorf("%s after the last signed checkpoint (through %s %d): nothing vouches for %s: %w",
		c.span(signed+1, c.n), c.what, signed, itThem(signed+1, c.n), ErrUnsigned)
}

func wasWere(from, to int64) string {
	if from == to {
		return "was"
	}
	return "were"
}

func itThem(from, to int64) string {
	if from == to {
		return "it"
	}
	return "them"
}
