// Package wire holds the JSON shapes of compactguard's HTTP API (DESIGN.md
// "HTTP API"): the request and response bodies the server in host/api
// decodes and encodes and the Go client in client/ sends and receives. One
// package for both sides keeps them from drifting; decisions are
// guard.Decision itself, so the API, `replay --json` and the audit trail
// share one shape.
package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// Span is one unit of context as a caller sends it. Tokens are counted by
// the host and summaries enter only through compactions, so neither
// "tokens" nor "covers" is accepted here.
type Span struct {
	ID   string            `json:"id"`
	Kind string            `json:"kind"`
	Text string            `json:"text"`
	Meta map[string]string `json:"meta,omitempty"`
}

// SDK converts the span to the plugin SDK's type the guard takes.
func (s Span) SDK() sdk.Span {
	return sdk.Span{ID: s.ID, Kind: s.Kind, Text: s.Text, Meta: s.Meta}
}

// SDKSpans converts a batch.
func SDKSpans(spans []Span) []sdk.Span {
	out := make([]sdk.Span, len(spans))
	for i, s := range spans {
		out[i] = s.SDK()
	}
	return out
}

// CreateSessionRequest is the body of POST /v1/sessions. An empty ID asks
// the server to make one (random hex).
type CreateSessionRequest struct {
	ID string `json:"id,omitempty"`
}

// AppendRequest is the body of POST /v1/sessions/{id}/spans.
type AppendRequest struct {
	Spans []Span `json:"spans"`
}

// AppendResult is the answer to an append.
type AppendResult = guard.AppendResult

// CompactionRequest is the body of POST /v1/sessions/{id}/compactions.
// Originals is a pointer so that a present but empty list ("originals":
// []) is told apart from an absent one: present means the caller vouches
// it sent every original it has, and covered ids the ledger does not hold
// are judged unpinned instead of refused as input errors.
type CompactionRequest struct {
	Covers    []string `json:"covers"`
	Summary   string   `json:"summary"`
	SelfScore *float64 `json:"self_score,omitempty"`
	Originals *[]Span  `json:"originals,omitempty"`
	ID        string   `json:"id,omitempty"`
	RequestID string   `json:"request_id,omitempty"`
}

// Guard converts the request to the guard's.
func (r CompactionRequest) Guard() guard.CompactionRequest {
	out := guard.CompactionRequest{
		ID: r.ID, Covers: r.Covers, Summary: r.Summary, SelfScore: r.SelfScore, RequestID: r.RequestID,
	}
	if r.Originals != nil {
		out.HasOriginals = true
		out.Originals = SDKSpans(*r.Originals)
	}
	return out
}

// SelectionRequest is the body of POST /v1/sessions/{id}/selections: the
// host applies the active policy and replaces what it does not retain with
// Summary.
type SelectionRequest struct {
	Summary   string   `json:"summary"`
	SelfScore *float64 `json:"self_score,omitempty"`
	ID        string   `json:"id,omitempty"`
	RequestID string   `json:"request_id,omitempty"`
}

// Guard converts the request to the guard's.
func (r SelectionRequest) Guard() guard.SelectionRequest {
	return guard.SelectionRequest{ID: r.ID, Summary: r.Summary, SelfScore: r.SelfScore, RequestID: r.RequestID}
}

// PhaseSignalRequest is the body of POST /v1/sessions/{id}/phase-signals
// (optional: an empty body takes a signal without an idempotency key).
type PhaseSignalRequest struct {
	RequestID string `json:"request_id,omitempty"`
}

// SignalRef cites a frozen phase signal: "latest" or a signal id. In JSON
// it is either the string "latest" or a number (a numeric string is
// accepted too).
type SignalRef string

// UnmarshalJSON accepts a string or an integer.
func (s *SignalRef) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var str string
		if err := json.Unmarshal(b, &str); err != nil {
			return err
		}
		*s = SignalRef(str)
		return nil
	}
	if string(b) == "null" {
		*s = ""
		return nil
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return fmt.Errorf("signal must be \"latest\" or a signal id, got %s", b)
	}
	*s = SignalRef(strconv.FormatInt(n, 10))
	return nil
}

// PolicyEditRequest is the body of POST /v1/sessions/{id}/policy-edits.
// At most one of Policy (a configured policy's name) and PolicyHCL (a
// policy block) is set; with neither, the policy plugin proposes one for
// the cited signal's phase.
type PolicyEditRequest struct {
	Policy    string    `json:"policy,omitempty"`
	PolicyHCL string    `json:"policy_hcl,omitempty"`
	Signal    SignalRef `json:"signal,omitempty"`
	RequestID string    `json:"request_id,omitempty"`
}

// Guard converts the request to the guard's; source labels the proposer.
func (r PolicyEditRequest) Guard(source string) guard.EditRequest {
	return guard.EditRequest{Policy: r.Policy, PolicyHCL: r.PolicyHCL, Signal: string(r.Signal), Source: source, RequestID: r.RequestID}
}

// BudgetRequest is the body of PUT /v1/sessions/{id}/budget. The
// authority's credential travels in the Authorization header, never in
// the body.
type BudgetRequest struct {
	Tokens    int    `json:"tokens"`
	RequestID string `json:"request_id,omitempty"`
}

// SessionState is a session's state as the API shows it.
type SessionState struct {
	ID      string    `json:"id"`
	Tenant  string    `json:"tenant"`
	Created time.Time `json:"created"`
	// Version of the live view; LiveTokens its host-counted size.
	Version    int64  `json:"version"`
	LiveTokens int    `json:"live_tokens"`
	Budget     int    `json:"budget"`
	Tokenizer  string `json:"tokenizer"`
	// Policy is the active (last verified) policy as "name@version".
	Policy        string `json:"policy"`
	PolicyName    string `json:"policy_name"`
	PolicyVersion int    `json:"policy_version"`
	Phase         string `json:"phase"`
	PhaseSince    int64  `json:"phase_since"`
	PhaseChanges  int    `json:"phase_changes"`
	// Proposals counts rejected policy edits kept for inspection.
	Proposals int `json:"proposals"`
	// Signals counts frozen phase signals; Summaries allowed compactions.
	Signals   int `json:"signals"`
	Summaries int `json:"summaries"`
	// Covered counts ledger spans replaced in the live view by a summary.
	Covered int `json:"covered"`
}

// StateOf builds the API view of a session.
func StateOf(info ledger.SessionInfo, st ledger.State) SessionState {
	return SessionState{
		ID: info.ID, Tenant: info.Tenant, Created: info.Created,
		Version: st.Version, LiveTokens: st.LiveTokens, Budget: st.Budget, Tokenizer: st.Tokenizer,
		Policy:     fmt.Sprintf("%s@%d", st.Policy, st.PolicyVersion),
		PolicyName: st.Policy, PolicyVersion: st.PolicyVersion,
		Phase: st.Phase, PhaseSince: st.PhaseSince, PhaseChanges: st.PhaseChanges,
		Proposals: len(st.Proposals), Signals: len(st.Signals), Summaries: st.Summaries,
		Covered: st.CoveredSpans,
	}
}

// SessionList is the answer to GET /v1/sessions: the caller tenant's
// sessions, oldest first.
type SessionList struct {
	Sessions []ledger.SessionInfo `json:"sessions"`
}

// Items is the answer to GET /v1/sessions/{id}/items.
type Items = guard.ItemsResult

// AuditTrail is the answer to GET /v1/sessions/{id}/decisions: every
// decision of the session in order, each with its hash-chain link, and
// whether the ledger and the audit trail verify end to end.
type AuditTrail struct {
	Decisions []ledger.DecisionRecord `json:"decisions"`
	ChainOK   bool                    `json:"chain_ok"`
	// ChainError names the first break when ChainOK is false.
	ChainError string `json:"chain_error,omitempty"`
}

// Ledger is the answer to GET /v1/sessions/{id}/records: the session's
// ledger, every span as first seen with its hash-chain link, so a client
// can verify the chain itself (host/ledger documents the scheme; the
// first record's prev is the genesis of Tenant and Session). ChainOK is
// the server's own verdict on the ledger chain.
type Ledger struct {
	Session string         `json:"session"`
	Tenant  string         `json:"tenant"`
	Records []LedgerRecord `json:"records"`
	ChainOK bool           `json:"chain_ok"`
	// ChainError names the first break when ChainOK is false.
	ChainError string `json:"chain_error,omitempty"`
}

// LedgerRecord is one ledger record on the wire.
type LedgerRecord struct {
	Seq         int64      `json:"seq"`
	Span        LedgerSpan `json:"span"`
	Tokens      int        `json:"tokens"`
	ContentHash string     `json:"content_hash"`
	Prev        string     `json:"prev"`
	Hash        string     `json:"hash"`
	Time        time.Time  `json:"time"`
	// CoveredBy names the summary that replaced the span in the live
	// view; absent while the span is live. It is not part of the chain.
	CoveredBy string `json:"covered_by,omitempty"`
}

// LedgerSpan is the hashed content of a ledger record's span.
type LedgerSpan struct {
	ID     string            `json:"id"`
	Kind   string            `json:"kind"`
	Text   string            `json:"text"`
	Meta   map[string]string `json:"meta,omitempty"`
	Covers []string          `json:"covers,omitempty"`
}

// LedgerOf builds the wire form of a session's ledger; covered maps span
// ids to the summary covering them (ledger.Tx.CoveredBy).
func LedgerOf(info ledger.SessionInfo, recs []ledger.Record, covered map[string]string) Ledger {
	out := Ledger{Session: info.ID, Tenant: info.Tenant, Records: make([]LedgerRecord, len(recs))}
	for i, r := range recs {
		out.Records[i] = LedgerRecord{
			Seq: r.Seq, Tokens: r.Tokens, ContentHash: r.ContentHash, Prev: r.Prev, Hash: r.Hash, Time: r.Time,
			Span:      LedgerSpan{ID: r.Span.ID, Kind: r.Span.Kind, Text: r.Span.Text, Meta: r.Span.Meta, Covers: r.Span.Covers},
			CoveredBy: covered[r.Span.ID],
		}
	}
	if err := ledger.VerifySession(info, recs, nil); err != nil {
		out.ChainError = err.Error()
	} else {
		out.ChainOK = true
	}
	return out
}

// Error is the body of every 4xx and 5xx answer. Field names the request
// field at fault ("covers[1]", "spans[0].kind") when there is one.
type Error struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
	// Decision is set on a 403 from the budget endpoint: the refusal was
	// recorded in the audit trail as an `unauthorized` budget decision.
	Decision *guard.Decision `json:"decision,omitempty"`
	// Limit and Max are set on a 413: the setting the request exceeded
	// ("api.max_body_bytes", "api.max_spans_per_batch") and its value,
	// so a client can split what it sends without parsing the message.
	Limit string `json:"limit,omitempty"`
	Max   int64  `json:"max,omitempty"`
}

// Health is the body of /healthz and /readyz.
type Health struct {
	Status string `json:"status"`
	// Reason says why the server is not ready, in one line: the first
	// problem, and how many more there are.
	Reason string `json:"reason,omitempty"`
	// Problems lists everything that keeps the server from being ready
	// (/readyz answering 503); empty when it is ready.
	Problems []Problem `json:"problems,omitempty"`
}

// Problem is one reason the server is not ready. /readyz needs no token,
// so it names what is wrong without the details an attacker could use
// (paths, hosts, database names): those go to the server's log.
type Problem struct {
	// Component is "store" or "plugin".
	Component string `json:"component"`
	// Name is the plugin as KIND.NAME; empty for the store.
	Name string `json:"name,omitempty"`
	// Cause is a short code. For the store: cannot_commit (a probe write
	// failed) or unavailable (the store does not answer). For a plugin:
	// one of host/plugins' causes (checksum_mismatch, not_found,
	// no_handshake, start_failed, config_rejected, wrong_kind,
	// protocol_mismatch, closed) or no_process.
	Cause string `json:"cause"`
	// Message says what is wrong and what brings readiness back.
	Message string `json:"message"`
	// Since is when the problem began, when known.
	Since *time.Time `json:"since,omitempty"`
}
