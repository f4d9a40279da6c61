package invcheck

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// Trail is what the checker reads of one session: the audit trail
// (GET /v1/sessions/{id}/decisions) and the ledger (GET
// /v1/sessions/{id}/records), decoded into the checker's own structs.
// Each decision body is kept as the exact bytes the server sent, because
// the chain hashes those bytes.
type Trail struct {
	Decisions []TrailRecord `json:"decisions"`
	// ChainOK and ChainError are the server's own verdict on its chains:
	// reported when false, never relied on when true.
	ChainOK    bool   `json:"chain_ok"`
	ChainError string `json:"chain_error,omitempty"`
	// Tenant is the session's tenant as the records route names it; the
	// checker prefers the one the server answered at creation.
	Tenant string `json:"tenant,omitempty"`
	// Records are the ledger records; nil when they were not fetched.
	Records []LedgerRecord `json:"records,omitempty"`
}

// TrailRecord is one audit-trail entry.
type TrailRecord struct {
	Seq       int64           `json:"seq"`
	Type      string          `json:"type"`
	RequestID string          `json:"request_id,omitempty"`
	Body      json.RawMessage `json:"decision"`
	Prev      string          `json:"prev"`
	Hash      string          `json:"hash"`
	Time      time.Time       `json:"time"`
}

// LedgerRecord is one ledger record as GET /v1/sessions/{id}/records
// returns it.
type LedgerRecord struct {
	Seq         int64     `json:"seq"`
	Span        Span      `json:"span"`
	Tokens      int       `json:"tokens"`
	ContentHash string    `json:"content_hash"`
	Prev        string    `json:"prev"`
	Hash        string    `json:"hash"`
	Time        time.Time `json:"time"`
	// CoveredBy names the summary that replaced the span in the live
	// view ("" while it is live). It is outside the chain.
	CoveredBy string `json:"covered_by,omitempty"`
}

// Span is a span as the checker models it.
type Span struct {
	ID     string            `json:"id"`
	Kind   string            `json:"kind"`
	Text   string            `json:"text"`
	Meta   map[string]string `json:"meta,omitempty"`
	Covers []string          `json:"covers,omitempty"`
}

// Decision is the decision JSON (DESIGN.md "Decision JSON"), only the
// fields the checker reads.
type Decision struct {
	Seq             int64              `json:"seq"`
	Type            string             `json:"type"`
	Allowed         *bool              `json:"allowed"`
	Accepted        *bool              `json:"accepted"`
	Reason          string             `json:"reason"`
	SummaryID       string             `json:"summary_id"`
	Covers          []string           `json:"covers"`
	ReferencePinned *bool              `json:"reference_pinned"`
	Items           []Item             `json:"items"`
	UnknownSpans    []string           `json:"unknown_spans"`
	LiveTokens      *int               `json:"live_tokens"`
	EditKind        string             `json:"edit_kind"`
	WorstCaseTokens *int               `json:"worst_case_tokens"`
	BudgetTokens    *int               `json:"budget_tokens"`
	Signal          int                `json:"signal"`
	Version         int64              `json:"version"`
	Scores          map[string]float64 `json:"scores"`
	Phase           string             `json:"phase"`
	PhaseChanged    *bool              `json:"phase_changed"`
	Authority       string             `json:"authority"`
}

// Item is one decision-relevant item of a compaction decision.
type Item struct {
	Category  string `json:"category"`
	Text      string `json:"text"`
	Span      string `json:"span"`
	MustKeep  bool   `json:"must_keep"`
	Preserved *bool  `json:"preserved"`
	Evidence  string `json:"evidence"`
}

func yes(b *bool) bool { return b != nil && *b }

// The hash scheme, re-implemented from host/ledger's documentation (not
// imported). L(s) is the decimal byte length of s, ":", then s; hashes
// are lowercase hex sha256; numbers are decimal; time_ns is the record's
// time in Unix nanoseconds.
//
//	genesis  = sha256("compactguard/v1|" + L(tenant) + "|" + L(session))
//	record   = sha256("record|" + prev + "|" + seq + "|" + time_ns + "|" + tokens + "|" + content_hash)
//	decision = sha256("decision|" + prev + "|" + seq + "|" + time_ns + "|" + L(type) + "|" + L(request_id) + "|" + sha256(body))
//
// The prev of the first record and of the first decision is the genesis.

func lp(s string) string { return fmt.Sprintf("%d:%s", len(s), s) }

// GenesisHash is the prev of a session's first record and first decision.
func GenesisHash(tenant, session string) string {
	return sha256Hex([]byte("compactguard/v1|" + lp(tenant) + "|" + lp(session)))
}

// RecordLink is a ledger record's chain link.
func RecordLink(prev string, seq int64, t time.Time, tokens int, contentHash string) string {
	return sha256Hex([]byte(fmt.Sprintf("record|%s|%d|%d|%d|%s", prev, seq, t.UnixNano(), tokens, contentHash)))
}

// DecisionLink is an audit-trail entry's chain link.
func DecisionLink(prev string, seq int64, t time.Time, typ, requestID string, body []byte) string {
	return sha256Hex([]byte(fmt.Sprintf("decision|%s|%d|%d|%s|%s|%s", prev, seq, t.UnixNano(), lp(typ), lp(requestID), sha256Hex(body))))
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// ContentHash is the documented content hash of a span: each of id, kind
// and text as "len:value;", then "meta<n>;" and the meta keys (sorted)
// and values the same way, then "covers<n>;" and each covered id.
func ContentHash(s Span) string {
	var b strings.Builder
	write := func(v string) { fmt.Fprintf(&b, "%d:%s;", len(v), v) }
	write(s.ID)
	write(s.Kind)
	write(s.Text)
	keys := make([]string, 0, len(s.Meta))
	for k := range s.Meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(&b, "meta%d;", len(keys))
	for _, k := range keys {
		write(k)
		write(s.Meta[k])
	}
	fmt.Fprintf(&b, "covers%d;", len(s.Covers))
	for _, c := range s.Covers {
		write(c)
	}
	return sha256Hex([]byte(b.String()))
}

// VerifyDecisionChain checks an audit trail's chain from genesis: seq
// runs 1..n, the first prev is genesis, each later prev the hash before
// it, and each hash is the DecisionLink of the entry. It returns the
// first break, or nil.
func VerifyDecisionChain(genesis string, recs []TrailRecord) error {
	prev := genesis
	for i, r := range recs {
		if r.Seq != int64(i+1) {
			return fmt.Errorf("decision %d has seq %d", i+1, r.Seq)
		}
		if r.Prev != prev {
			if i == 0 {
				return fmt.Errorf("decision 1: prev %.12s… is not this session's genesis (%.12s…)", r.Prev, prev)
			}
			return fmt.Errorf("decision %d: prev %.12s… is not the hash of decision %d (%.12s…)", r.Seq, r.Prev, i, prev)
		}
		if want := DecisionLink(r.Prev, r.Seq, r.Time, r.Type, r.RequestID, r.Body); want != r.Hash {
			return fmt.Errorf("decision %d: hash %.12s… does not match its fields (want %.12s…)", r.Seq, r.Hash, want)
		}
		prev = r.Hash
	}
	return nil
}

// VerifyLedgerChain checks ledger records the same way, with each
// record's content hash recomputed from its span.
func VerifyLedgerChain(genesis string, recs []LedgerRecord) error {
	prev := genesis
	for i, r := range recs {
		if r.Seq != int64(i+1) {
			return fmt.Errorf("ledger record %d has seq %d", i+1, r.Seq)
		}
		if ch := ContentHash(r.Span); ch != r.ContentHash {
			return fmt.Errorf("ledger record %d (span %q): content hash does not match the span", r.Seq, r.Span.ID)
		}
		if r.Prev != prev {
			return fmt.Errorf("ledger record %d (span %q): prev is not the link before it (or, for the first, the session's genesis)", r.Seq, r.Span.ID)
		}
		if RecordLink(r.Prev, r.Seq, r.Time, r.Tokens, r.ContentHash) != r.Hash {
			return fmt.Errorf("ledger record %d (span %q): hash does not match its fields", r.Seq, r.Span.ID)
		}
		prev = r.Hash
	}
	return nil
}

// Fetcher reads a session's audit trail and ledger.
type Fetcher func(ctx context.Context, session string) (*Trail, error)

// HTTPFetcher reads audit trails and ledgers from a compactguard server
// with a tenant's bearer token, with plain net/http (not the project's
// client, which shares types with the guard).
func HTTPFetcher(hc *http.Client, baseURL, token string) Fetcher {
	base := strings.TrimRight(baseURL, "/")
	get := func(ctx context.Context, session, what string, v any) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/v1/sessions/"+url.PathEscape(session)+"/"+what, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := hc.Do(req)
		if err != nil {
			return fmt.Errorf("fetching the %s of %q: %w", what, session, err)
		}
		defer resp.Body.Close()
		raw, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
		if err != nil {
			return fmt.Errorf("reading the %s of %q: %w", what, session, err)
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("%s of %q: HTTP %d: %s", what, session, resp.StatusCode, strings.TrimSpace(string(raw)))
		}
		if err := json.Unmarshal(raw, v); err != nil {
			return fmt.Errorf("decoding the %s of %q: %w", what, session, err)
		}
		return nil
	}
	return func(ctx context.Context, session string) (*Trail, error) {
		var t Trail
		if err := get(ctx, session, "decisions", &t); err != nil {
			return nil, err
		}
		var l struct {
			Tenant  string         `json:"tenant"`
			Records []LedgerRecord `json:"records"`
		}
		if err := get(ctx, session, "records", &l); err != nil {
			return nil, err
		}
		t.Tenant, t.Records = l.Tenant, l.Records
		if t.Records == nil {
			t.Records = []LedgerRecord{}
		}
		return &t, nil
	}
}
