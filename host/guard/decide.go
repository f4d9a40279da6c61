package guard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// Decision types.
const (
	TypeCompaction  = "compaction"
	TypePolicyEdit  = "policy_edit"
	TypePhaseSignal = "phase_signal"
	TypeBudget      = "budget"
)

// The reasons a decision of any kind gives when a plugin fails: the guard
// fails closed. Every reason code is a closed vocabulary fixed by
// DESIGN.md (tests, tools and orchestrators match on these strings); each
// invariant's own reasons are declared, and only given, in its file.
const (
	ReasonPluginFailure       = "plugin_failure"
	ReasonInvalidPluginOutput = "invalid_plugin_output"
)

// decide runs one decision inside one store update, so it is serialised
// per session and durable before it is returned: a repeated request id
// returns the first decision unchanged, if the request is the same (digest,
// see requestDigest) — the same id with another request is an input error,
// never the other request's decision; otherwise fn decides on a copy of
// the session state (applying what it allows through tx), and the decision
// is recorded in the audit trail and the state saved, all or nothing.
func (g *Guard) decide(ctx context.Context, tenant, session, requestID, digest string, fn func(ctx context.Context, tx ledger.Tx, st *ledger.State) (*Decision, error)) (*Decision, error) {
	var d *Decision
	err := g.update(ctx, tenant, session, func(ctx context.Context, tx ledger.Tx) error {
		prev, err := tx.DecisionByRequest(requestID)
		if err != nil {
			return err
		}
		if prev != nil {
			d = &Decision{}
			if err := jsonUnmarshal(prev.Body, d); err != nil {
				return err
			}
			// A decision recorded before digests were kept has none: it
			// is answered as before.
			if d.RequestDigest != "" && d.RequestDigest != digest {
				return inputErr("request_id", "%q was already used for a different request (decision %d): a request id names one request; send a new one", requestID, prev.Seq)
			}
			return nil
		}
		st, err := tx.State()
		if err != nil {
			return err
		}
		if d, err = fn(ctx, tx, &st); err != nil {
			return err
		}
		if requestID != "" {
			d.RequestDigest = digest
		}
		if err := record(tx, d, requestID); err != nil {
			return err
		}
		return tx.SetState(st)
	})
	if err != nil {
		return nil, err
	}
	g.logDecision(session, d)
	return d, nil
}

// requestDigest fingerprints what a request asks for (its kind and every
// field that shapes the decision; never a credential), so that a reused
// request id is told apart from a retry of the same request.
func requestDigest(kind string, fields any) string {
	b, err := json.Marshal(fields)
	if err != nil {
		// Callers validate first (a NaN self score is an input error), but
		// a fingerprint must never fail a request: fall back to Go syntax.
		b = fmt.Appendf(nil, "%#v", fields)
	}
	// sha256(kind + "\x00" + b), streamed: b holds every covered id and
	// need not be copied behind the kind.
	h := sha256.New()
	h.Write([]byte(kind))
	h.Write([]byte{0})
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}

// record marshals d, seals it into the audit trail and fills d.Seq.
func record(tx ledger.Tx, d *Decision, requestID string) error {
	last, err := tx.LastDecisionSeq()
	if err != nil {
		return err
	}
	d.Seq = last + 1
	body, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("encoding decision: %w", err)
	}
	rec, err := tx.AppendDecision(ledger.DecisionRecord{Type: d.Type, RequestID: requestID, Body: body})
	if err != nil {
		return fmt.Errorf("recording decision: %w", err)
	}
	if rec.Seq != d.Seq {
		return fmt.Errorf("recording decision: audit trail seq %d, expected %d", rec.Seq, d.Seq)
	}
	return nil
}

// logDecision logs every decision once it is durable, and each of its
// warnings on a line of its own.
func (g *Guard) logDecision(session string, d *Decision) {
	args := []any{"session", session, "seq", d.Seq, "type", d.Type, "reason", d.Reason}
	if d.Gap != nil {
		args = append(args, "anchored", *d.AnchoredScore, "self", *d.SelfScore, "gap", *d.Gap)
	}
	g.log.Info("decision", args...)
	for _, w := range d.Warnings {
		g.log.Warn(w, "session", session, "seq", d.Seq)
	}
}

// pluginRefusal turns a plugin failure into a refusal: never allow by
// default. A deferred call is not a failure: it goes back to the update
// loop (calls.go).
func (g *Guard) pluginRefusal(d *Decision, err error) (*Decision, error) {
	if isDeferred(err) {
		return nil, err
	}
	d.Allowed = ptr(false)
	if name, ok := isOutputErr(err); ok {
		d.Reason, d.Plugin = ReasonInvalidPluginOutput, name
	} else if name, ok := isPluginErr(err); ok {
		d.Reason, d.Plugin = ReasonPluginFailure, name
	} else {
		return nil, err
	}
	d.Message = fmt.Sprintf("refused: %v", err)
	d.AnchoredScore, d.Gap = nil, nil
	for i := range d.Items {
		d.Items[i].Preserved, d.Items[i].Score, d.Items[i].Fate, d.Items[i].Evidence = nil, nil, "", ""
	}
	g.log.Error("plugin failed; refusing", "plugin", d.Plugin, "error", err)
	return d, nil
}

// jsonUnmarshal decodes a decision read back from the audit trail.
func jsonUnmarshal(b []byte, v any) error {
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decoding stored decision: %w", err)
	}
	return nil
}

// Decision is what the guard answers, in the JSON shape of DESIGN.md
// ("Decision JSON"): the same object goes to `replay --json`, the HTTP API
// and the audit trail. Fields that do not apply to a type are omitted.
type Decision struct {
	Seq      int64  `json:"seq"`
	Type     string `json:"type"`
	Allowed  *bool  `json:"allowed,omitempty"`
	Accepted *bool  `json:"accepted,omitempty"`
	Reason   string `json:"reason"`
	// Message is one human sentence saying what happened and what to do.
	Message string `json:"message,omitempty"`

	// Compaction.
	Summary         string         `json:"summary_id,omitempty"`
	Covers          []string       `json:"covers,omitempty"`
	ReferencePinned *bool          `json:"reference_pinned,omitempty"`
	AnchoredScore   *float64       `json:"anchored_score,omitempty"`
	SelfScore       *float64       `json:"self_score,omitempty"`
	SelfScoreSource string         `json:"self_score_source,omitempty"`
	Gap             *float64       `json:"gap,omitempty"`
	Threshold       *float64       `json:"threshold,omitempty"`
	Items           []DecisionItem `json:"items,omitempty"`
	// ScorerUsage is what each scorer that calls out (a model judge)
	// reported its answer cost, by scorer name; absent for scorers that
	// report none.
	ScorerUsage  map[string]sdk.Usage `json:"scorer_usage,omitempty"`
	UnknownSpans []string             `json:"unknown_spans,omitempty"`
	Repair       string               `json:"repair,omitempty"`
	LiveTokens   *int                 `json:"live_tokens,omitempty"`

	// Policy edit.
	EditKind        string   `json:"edit_kind,omitempty"`
	ProposedPolicy  string   `json:"proposed_policy,omitempty"`
	WorstCaseTokens *int     `json:"worst_case_tokens,omitempty"`
	BudgetTokens    *int     `json:"budget_tokens,omitempty"`
	ExcessTokens    *int     `json:"excess_tokens,omitempty"`
	ActivePolicy    string   `json:"active_policy,omitempty"`
	Diagnostics     []string `json:"diagnostics,omitempty"`

	// Phase signal (and the signal an edit cites).
	Signal       int                `json:"signal,omitempty"`
	Version      int64              `json:"version,omitempty"`
	Scores       map[string]float64 `json:"scores,omitempty"`
	Phase        string             `json:"phase,omitempty"`
	PhaseChanged *bool              `json:"phase_changed,omitempty"`

	// Budget.
	Authority      string `json:"authority,omitempty"`
	PreviousBudget *int   `json:"previous_budget,omitempty"`

	// Plugin names the plugin at fault on plugin_failure / invalid_plugin_output.
	Plugin   string   `json:"plugin,omitempty"`
	Warnings []string `json:"warnings,omitempty"`

	// RequestDigest fingerprints the request a request_id was first used
	// for (sha256 hex), so that the id cannot return this decision for
	// another request.
	RequestDigest string `json:"request_digest,omitempty"`

	// proposalSource is the HCL of a proposal that did not come from the
	// configuration, kept with a rejected proposal in the session state.
	proposalSource string
}

// DecisionItem is one decision-relevant item and its fate in a compaction.
type DecisionItem struct {
	Category  string   `json:"category"`
	Text      string   `json:"text"`
	Span      string   `json:"span"`
	Start     int      `json:"start"`
	End       int      `json:"end"`
	KeyTerms  []string `json:"key_terms,omitempty"`
	Extractor string   `json:"extractor,omitempty"`
	MustKeep  bool     `json:"must_keep"`
	// Preserved, Score, Fate and Evidence are absent when the candidate
	// was not scored (unpinned reference, plugin failure).
	Preserved *bool    `json:"preserved,omitempty"`
	Score     *float64 `json:"score,omitempty"`
	Fate      string   `json:"fate,omitempty"`
	// Evidence is the candidate's text the scorer cited, verified by the host.
	Evidence string `json:"evidence,omitempty"`
	// Note explains a host override (e.g. evidence not found in the candidate).
	Note string `json:"note,omitempty"`
	// Verdicts maps each scorer's name to its verdict on the item, after
	// the host's checks; present only when the gate lists several scorers
	// (the item is kept only if every one keeps it).
	Verdicts map[string]ScorerVerdict `json:"verdicts,omitempty"`
	// Source says who put the item's span in the context (sdk.SpanSource).
	Source string `json:"source,omitempty"`
	// Origin is where the span came from when it was imported from a file
	// (its meta "file" and "line"); spans appended over the API have none.
	Origin *Origin `json:"origin,omitempty"`
	// Slot is the working-state slot the item reports ("branch",
	// "head_commit", "test_baseline"), from its frame; empty for a rule.
	Slot string `json:"slot,omitempty"`
}

// Origin is the place in an imported file a span came from.
type Origin struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

// String is "file:line".
func (o Origin) String() string { return fmt.Sprintf("%s:%d", o.File, o.Line) }

// originOf reads a span's origin from its meta, or nil.
func originOf(sp sdk.Span) *Origin {
	line, err := strconv.Atoi(sp.Meta["line"])
	if err != nil || line <= 0 {
		return nil
	}
	return &Origin{File: sp.Meta["file"], Line: line}
}

// itemOf makes the decision item of an extracted item; sp is the span the
// item cites (zero when the extractor cited an unknown span).
func itemOf(it sdk.Item, mustKeep bool, sp sdk.Span) DecisionItem {
	d := DecisionItem{
		Category: it.Category, Text: it.Text, Span: it.Span, Start: it.Start, End: it.End,
		KeyTerms: it.KeyTerms, Extractor: it.Extractor, MustKeep: mustKeep,
	}
	if it.Frame != nil {
		d.Slot = it.Frame.Slot
	}
	if sp.ID != "" {
		d.Source, d.Origin = sdk.SpanSource(sp), originOf(sp)
	}
	return d
}

func ptr[T any](v T) *T { return &v }
