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
)

// Trail is the answer to GET /v1/sessions/{id}/decisions, decoded into the
// checker's own structs. Each record's decision body is kept as the exact
// bytes the server sent, because the chain hashes those bytes.
type Trail struct {
	Decisions  []TrailRecord `json:"decisions"`
	ChainOK    bool          `json:"chain_ok"`
	ChainError string        `json:"chain_error,omitempty"`
	// Records would be the ledger records, if the API exposed them. It
	// does not (DESIGN.md "HTTP API"): the ledger chain can only be
	// checked through the server's own chain_ok.
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
}

// LedgerRecord is one ledger record as the documented scheme hashes it.
type LedgerRecord struct {
	Seq         int64  `json:"seq"`
	Span        Span   `json:"span"`
	ContentHash string `json:"content_hash"`
	Prev        string `json:"prev"`
	Hash        string `json:"hash"`
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

// ChainHash is sha256 hex of "prev|content|seq": the link every ledger
// record and audit-trail entry carries (re-implemented from the scheme
// host/ledger documents, not imported).
func ChainHash(prev, content string, seq int64) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%s|%s|%d", prev, content, seq)))
	return hex.EncodeToString(sum[:])
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

// VerifyDecisionChain checks an audit trail's chain: seq runs 1..n, each
// entry's prev is the hash before it, and each hash is
// ChainHash(prev, sha256(body), seq). It returns the first break, or nil.
func VerifyDecisionChain(recs []TrailRecord) error {
	prev := ""
	for i, r := range recs {
		if r.Seq != int64(i+1) {
			return fmt.Errorf("decision %d has seq %d", i+1, r.Seq)
		}
		if r.Prev != prev {
			return fmt.Errorf("decision %d: prev %.12s… is not the hash of decision %d (%.12s…)", r.Seq, r.Prev, i, prev)
		}
		if want := ChainHash(r.Prev, sha256Hex(r.Body), r.Seq); want != r.Hash {
			return fmt.Errorf("decision %d: hash %.12s… does not match its body (want %.12s…)", r.Seq, r.Hash, want)
		}
		prev = r.Hash
	}
	return nil
}

// VerifyLedgerChain checks ledger records the same way, with each
// record's content hash recomputed from its span.
func VerifyLedgerChain(recs []LedgerRecord) error {
	prev := ""
	for i, r := range recs {
		if r.Seq != int64(i+1) {
			return fmt.Errorf("ledger record %d has seq %d", i+1, r.Seq)
		}
		if ch := ContentHash(r.Span); ch != r.ContentHash {
			return fmt.Errorf("ledger record %d (span %q): content hash does not match the span", r.Seq, r.Span.ID)
		}
		if r.Prev != prev || ChainHash(r.Prev, r.ContentHash, r.Seq) != r.Hash {
			return fmt.Errorf("ledger record %d (span %q) does not chain", r.Seq, r.Span.ID)
		}
		prev = r.Hash
	}
	return nil
}

// Fetcher reads a session's audit trail.
type Fetcher func(ctx context.Context, session string) (*Trail, error)

// HTTPFetcher reads audit trails from a compactguard server with a
// tenant's bearer token, with plain net/http (not the project's client,
// which shares types with the guard).
func HTTPFetcher(hc *http.Client, baseURL, token string) Fetcher {
	base := strings.TrimRight(baseURL, "/")
	return func(ctx context.Context, session string) (*Trail, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/v1/sessions/"+url.PathEscape(session)+"/decisions", nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := hc.Do(req)
		if err != nil {
			return nil, fmt.Errorf("fetching the audit trail of %q: %w", session, err)
		}
		defer resp.Body.Close()
		raw, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
		if err != nil {
			return nil, fmt.Errorf("reading the audit trail of %q: %w", session, err)
		}
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("audit trail of %q: HTTP %d: %s", session, resp.StatusCode, strings.TrimSpace(string(raw)))
		}
		var t Trail
		if err := json.Unmarshal(raw, &t); err != nil {
			return nil, fmt.Errorf("decoding the audit trail of %q: %w", session, err)
		}
		return &t, nil
	}
}
