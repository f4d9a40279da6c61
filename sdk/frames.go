package sdk

// Frames: an Item read as one atomic constraint. The fields are additive to
// protocol 1: an extractor written before them sends none, and a scorer
// that ignores them still works.

// Modalities of a frame.
const (
	ModalityMustNot = "must_not"
	ModalityMust    = "must"
	ModalityOnly    = "only"
	ModalityLimit   = "limit"
	ModalityFailed  = "failed"
)

// Bound ops.
const (
	OpEq      = "="
	OpLE      = "<="
	OpLT      = "<"
	OpGE      = ">="
	OpGT      = ">"
	OpBefore  = "before"
	OpAfter   = "after"
	OpUntil   = "until"
	OpBetween = "between"
)

// Statuses of a frame over the session's timeline.
const (
	StatusActive     = "active"
	StatusLifted     = "lifted"
	StatusSuperseded = "superseded"
)

// Frame is one atomic constraint (an Item's "frame"). Every field is
// optional; sdktest checks that the ones sent are well formed.
type Frame struct {
	Modality   string        `json:"modality,omitempty"`
	Action     string        `json:"action,omitempty"`
	Objects    []FrameObject `json:"objects,omitempty"`
	Bounds     []Bound       `json:"bounds,omitempty"`
	Condition  *Qualifier    `json:"condition,omitempty"`
	Exceptions []Qualifier   `json:"exceptions,omitempty"`
	Source     string        `json:"source,omitempty"`
	Status     string        `json:"status,omitempty"`
	// ChangedBy is the span id that lifted or superseded the frame.
	ChangedBy string `json:"changed_by,omitempty"`
	// Slot names the working state the item reports ("branch",
	// "head_commit", "test_baseline"): where the session stands, which a
	// summary must carry so the agent resumes in the right place. A later
	// value of the slot replaces an earlier one, so only the latest item of
	// a slot stands (the host sets the others aside).
	Slot string `json:"slot,omitempty"`
}

// FrameObject is a name a frame is about: an identifier, a person, a numbered
// thing ("dock 2"), code in backticks.
type FrameObject struct {
	Name string `json:"name"`
	Type string `json:"type,omitempty"`
}

// Bound is a quantity a frame holds: op, value in the dimension's base
// unit, the unit (dimension) and the text it was read from.
type Bound struct {
	Op    string  `json:"op"`
	Value float64 `json:"value"`
	Unit  string  `json:"unit,omitempty"`
	Text  string  `json:"text,omitempty"`
}

// Qualifier is a condition or an exception of a frame, with its own
// objects and bounds.
type Qualifier struct {
	Text    string        `json:"text"`
	Objects []FrameObject `json:"objects,omitempty"`
	Bounds  []Bound       `json:"bounds,omitempty"`
}

// Modalities lists the valid modalities.
func Modalities() []string {
	return []string{ModalityMustNot, ModalityMust, ModalityOnly, ModalityLimit, ModalityFailed}
}

// Ops lists the valid bound ops.
func Ops() []string {
	return []string{OpEq, OpLE, OpLT, OpGE, OpGT, OpBefore, OpAfter, OpUntil, OpBetween}
}

// Statuses lists the valid statuses.
func Statuses() []string { return []string{StatusActive, StatusLifted, StatusSuperseded} }
