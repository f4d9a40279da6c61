package guard

import (
	"fmt"
	"strconv"

	"github.com/compactguard/compactguard/sdk"
)

// Decision types.
const (
	TypeCompaction  = "compaction"
	TypePolicyEdit  = "policy_edit"
	TypePhaseSignal = "phase_signal"
	TypeBudget      = "budget"
)

// Reason codes: a closed vocabulary fixed by DESIGN.md. Tests, tools and
// orchestrators match on these strings.
const (
	// Compaction.
	ReasonNoDecisionRelevantItems = "no_decision_relevant_items"
	ReasonLosslessDedup           = "lossless_dedup"
	ReasonAnchoredScorePassed     = "anchored_score_passed"
	ReasonUnpinnedReference       = "unpinned_reference"
	ReasonBelowThreshold          = "anchored_score_below_threshold"
	ReasonMustKeepItemMissing     = "must_keep_item_missing"
	ReasonPluginFailure           = "plugin_failure"
	ReasonInvalidPluginOutput     = "invalid_plugin_output"
	// Policy edit.
	ReasonScoreOnlyEdit           = "score_only_edit"
	ReasonBoundVerified           = "bound_verified"
	ReasonOverBudget              = "over_budget"
	ReasonUnboundedScores         = "unbounded_scores"
	ReasonStalePhaseSignal        = "stale_phase_signal"
	ReasonSignalFromCompaction    = "signal_from_compaction_output"
	ReasonBudgetRequiresAuthority = "budget_change_requires_authority"
	ReasonInvalidPolicy           = "invalid_policy"
	// Phase signal.
	ReasonFrozen = "frozen"
	// Budget.
	ReasonBudgetChanged = "budget_changed"
	ReasonUnauthorized  = "unauthorized"
)

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
