package ledger

// State is the small mutable part of a session the guard keeps beside the
// append-only ledger. It is stored whole on every update, so it must stay
// small whatever the session's length: nothing in it grows with the
// ledger. (Which spans a summary covers is kept by the store, on the
// records: Tx.Cover, Tx.CoveredBy, Tx.LiveRecords.)
type State struct {
	// Tokenizer names the encoding every token count of the session uses.
	Tokenizer string `json:"tokenizer"`
	// Version of the live view: incremented on every append or compaction.
	Version int64 `json:"version"`
	// CoveredSpans counts ledger spans a summary replaced in the live view
	// (Tx.Cover), so readers of the state need not count them.
	CoveredSpans int `json:"covered_spans"`
	// LiveTokens is the host-counted size of the live view.
	LiveTokens int `json:"live_tokens"`
	// Summaries counts allowed compactions (for generated summary ids).
	Summaries int `json:"summaries"`

	// Budget is the token budget, changed only by its authority.
	Budget int `json:"budget"`

	// Policy is the last verified policy: its name, version (bumped on
	// each accepted edit) and HCL source when it did not come from config.
	Policy        string `json:"policy"`
	PolicyVersion int    `json:"policy_version"`
	PolicySource  string `json:"policy_source,omitempty"`
	// Proposals keeps rejected policies, newest last.
	Proposals []Proposal `json:"proposals,omitempty"`

	// Phase is the current phase; PhaseSince the view version it began at.
	Phase      string `json:"phase"`
	PhaseSince int64  `json:"phase_since"`
	// AppendedSinceSignal records an append since the last phase signal;
	// CompactedSincePhase a compaction since the last phase change. A
	// signal may not change the phase when the view changed by compaction
	// since the last phase change and nothing was appended since the last
	// signal: compaction output never tips the phase, even after a signal
	// that let the phase stand (invariant 3).
	AppendedSinceSignal bool `json:"appended_since_signal"`
	CompactedSincePhase bool `json:"compacted_since_phase"`
	// PhaseChanges counts phase changes over the session.
	PhaseChanges int `json:"phase_changes"`
	// Signals are the frozen phase signals, oldest first.
	Signals []Signal `json:"signals,omitempty"`

	// Gaps holds the self-minus-anchored gap of recent compactions.
	Gaps []float64 `json:"gaps,omitempty"`
}

// Signal is a phase signal frozen on one version of the live view.
type Signal struct {
	// ID is the signal's 1-based ordinal in the session.
	ID      int                `json:"id"`
	Version int64              `json:"version"`
	Scores  map[string]float64 `json:"scores"`
	// Phase is the phase the signal points to after hysteresis.
	Phase string `json:"phase"`
	// FromCompactionOutput marks a signal taken on a view whose only change
	// since the last phase change was compaction output.
	FromCompactionOutput bool `json:"from_compaction_output,omitempty"`
}

// Proposal is a policy edit the host rejected, kept for inspection.
type Proposal struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	Reason string `json:"reason"`
	Seq    int64  `json:"seq"`
}

// Clone returns a deep copy, so a failed update cannot leak into the stored state.
func (s State) Clone() State {
	c := s
	c.Proposals = append([]Proposal(nil), s.Proposals...)
	c.Signals = make([]Signal, len(s.Signals))
	for i, sig := range s.Signals {
		c.Signals[i] = sig
		c.Signals[i].Scores = make(map[string]float64, len(sig.Scores))
		for k, v := range sig.Scores {
			c.Signals[i].Scores[k] = v
		}
	}
	if len(s.Signals) == 0 {
		c.Signals = nil
	}
	c.Gaps = append([]float64(nil), s.Gaps...)
	return c
}
