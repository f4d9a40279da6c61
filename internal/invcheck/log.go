package invcheck

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"time"
)

// Operations a load generator logs (Event.Op).
const (
	OpCreate      = "create"
	OpAppend      = "append"
	OpCompaction  = "compaction"
	OpPhaseSignal = "phase_signal"
	OpPolicyEdit  = "policy_edit"
	OpBudget      = "budget"
)

// Compaction variants (Event.Variant of an OpCompaction).
const (
	// VariantFaithful keeps every planted sentence of the covered roots verbatim.
	VariantFaithful = "faithful"
	// VariantLossy provably omits at least one planted prohibition
	// (Event.Omitted): allowing it is a violation of invariant 1.
	VariantLossy = "lossy"
	// VariantSummaryOfSummary covers at least one earlier summary.
	VariantSummaryOfSummary = "summary_of_summary"
	// VariantUnpinnedInline covers ids never appended, sending their
	// originals inline.
	VariantUnpinnedInline = "unpinned_inline"
	// VariantUnpinnedUnknown covers ids never appended with "originals": [].
	VariantUnpinnedUnknown = "unpinned_unknown"
	// VariantDedup covers a span byte-identical to a live one, no summary.
	VariantDedup = "dedup"
)

// Policy edit variants (Event.Variant of an OpPolicyEdit).
const (
	VariantNamed     = "named"      // a policy configured on the server
	VariantHCLFit    = "hcl_fit"    // match-everything policy with a small cap
	VariantHCLOver   = "hcl_over"   // match-everything policy with a huge cap
	VariantHCLBudget = "hcl_budget" // a policy that carries a budget attribute
	VariantHCLBad    = "hcl_invalid"
)

// Credentials a budget change presented (Event.Credential).
const (
	CredAuthority = "authority" // the budget authority's credential
	CredTenant    = "tenant"    // the tenant's own token (403, recorded)
	CredWrong     = "wrong"     // a token nobody holds (401, nothing recorded)
)

// Planted is one decision-relevant sentence the generator wrote into a
// span on purpose; it knows the text verbatim.
type Planted struct {
	Span     string `json:"span"`
	Category string `json:"category"`
	Text     string `json:"text"`
}

// MatchAll describes a generated policy whose every category matches every
// span: its worst case on a view is min(cap, tokens of the top_k largest
// spans), which the checker computes itself.
type MatchAll struct {
	Cap  int `json:"cap"`
	TopK int `json:"top_k"`
}

// Event is one request the generator made and what it was answered. A
// session's events are logged in the order they were made (one goroutine
// drives a session).
type Event struct {
	Session string `json:"session"`
	// Index is the event's 0-based position in its session.
	Index     int    `json:"index"`
	Op        string `json:"op"`
	Variant   string `json:"variant,omitempty"`
	RequestID string `json:"request_id,omitempty"`
	Method    string `json:"method"`
	Path      string `json:"path"`
	// Request is the JSON body sent (the last attempt's, identical to the
	// first: retries reuse the request_id and the body).
	Request json.RawMessage `json:"request,omitempty"`
	// Status is the HTTP status of the last attempt; 0 when no answer came.
	Status   int             `json:"status"`
	Response json.RawMessage `json:"response,omitempty"`
	Err      string          `json:"error,omitempty"`
	Attempts int             `json:"attempts"`
	// Planted lists the sentences planted in the spans this request sent
	// (appended spans, or inline originals of a compaction).
	Planted []Planted `json:"planted,omitempty"`
	// Omitted lists, for a lossy compaction, the planted texts its summary
	// leaves out.
	Omitted []string `json:"omitted,omitempty"`
	// Credential is which credential a budget change presented.
	Credential string `json:"credential,omitempty"`
	// CarriesBudget marks a policy edit whose HCL sets a budget.
	CarriesBudget bool      `json:"carries_budget,omitempty"`
	MatchAll      *MatchAll `json:"match_all,omitempty"`
	Start         time.Time `json:"start"`
	// LatencyMS is the last attempt's wall time in milliseconds.
	LatencyMS float64 `json:"latency_ms"`
}

// Acknowledged reports whether the server answered the request with a
// decision it stands by: a 200, or the 403 of a tenant's budget attempt
// (which carries the recorded `unauthorized` decision).
func (e Event) Acknowledged() bool {
	return e.Status == 200 || (e.Op == OpBudget && e.Status == 403)
}

// WriteEvent writes one event as a JSON line.
func WriteEvent(w io.Writer, e Event) error {
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("encoding event %s/%d: %w", e.Session, e.Index, err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ReadEvents reads a JSON-lines event log and groups it by session,
// keeping each session's order. Sessions come back in the order of their
// first event.
func ReadEvents(r io.Reader) ([]SessionLog, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var out []SessionLog
	pos := map[string]int{}
	line := 0
	for sc.Scan() {
		line++
		if len(sc.Bytes()) == 0 {
			continue
		}
		var e Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("event log line %d: %w", line, err)
		}
		i, ok := pos[e.Session]
		if !ok {
			i = len(out)
			pos[e.Session] = i
			out = append(out, SessionLog{ID: e.Session})
		}
		out[i].Events = append(out[i].Events, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading the event log: %w", err)
	}
	return out, nil
}

// SessionLog is one session's events, in order.
type SessionLog struct {
	ID     string
	Events []Event
}
