package sdk

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// ProtocolVersion is the plugin protocol version this SDK speaks. The host
// negotiates it through go-plugin's VersionedPlugins, so a version 2 can be
// added beside it without breaking version-1 plugins.
const ProtocolVersion = 1

// Kind names one of the three plugin kinds.
type Kind string

// The plugin kinds. Their string values are the `plugin "KIND" "NAME"`
// labels in policies.hcl and the names in go-plugin's plugin map.
const (
	KindExtractor Kind = "extractor"
	KindScorer    Kind = "scorer"
	KindPolicy    Kind = "policy"
)

// Kinds lists every plugin kind, in the order the host starts them.
var Kinds = []Kind{KindExtractor, KindScorer, KindPolicy}

// Item categories the host knows by name. Extractors may emit others; the
// gate's must_keep list decides which categories refuse on their own.
const (
	CategoryProhibition       = "prohibition"
	CategoryNumericCommitment = "numeric_commitment"
	CategoryEntity            = "entity"
	CategoryFailedAttempt     = "failed_attempt"
)

// Item fates a scorer reports per item. Every fate but FateKept means the
// item is not preserved.
const (
	FateKept     = "kept"
	FateLost     = "lost"
	FateInverted = "inverted"
	FateAltered  = "altered"
	// FateWeakened: the candidate still states the item, but weaker: a
	// prohibition become advice, a hard limit become a target, a narrowed
	// scope widened ("never" → "avoid").
	FateWeakened = "weakened"
)

// Fates lists every fate, strictest last: when scorers disagree the host
// reports the strictest one (see host/guard).
var Fates = []string{FateKept, FateWeakened, FateAltered, FateLost, FateInverted}

// Span is one unit of an agent's context as the host hands it to plugins.
// Tokens are counted by the host; a plugin must not trust a span's text to
// be small.
type Span struct {
	ID     string            `json:"id"`
	Kind   string            `json:"kind"`
	Text   string            `json:"text"`
	Meta   map[string]string `json:"meta,omitempty"`
	Covers []string          `json:"covers,omitempty"`
	Tokens int               `json:"tokens,omitempty"`
	Turn   int               `json:"turn,omitempty"`
}

// Item is one decision-relevant fact: a prohibition, a numeric commitment,
// an entity that must not be confused or a failed attempt. Span, Start and
// End locate the evidence in the pinned original (byte offsets into
// Span's text, End exclusive).
type Item struct {
	Category  string   `json:"category"`
	Text      string   `json:"text"`
	Span      string   `json:"span"`
	Start     int      `json:"start"`
	End       int      `json:"end"`
	KeyTerms  []string `json:"key_terms,omitempty"`
	Extractor string   `json:"extractor,omitempty"`
	// Frame is the item read as one atomic constraint; nil from an
	// extractor that does not read frames.
	Frame *Frame `json:"frame,omitempty"`
}

// Severity grades a Diagnostic.
type Severity int

// Diagnostic severities. An Error in a response means the plugin could not
// do what was asked; the host fails closed on it.
const (
	SeverityError Severity = iota + 1
	SeverityWarning
)

// Diagnostic is a domain problem reported by a plugin: a bad config
// attribute, an input it cannot judge. Transport failures are gRPC errors,
// never diagnostics.
type Diagnostic struct {
	Severity  Severity `json:"severity"`
	Summary   string   `json:"summary"`
	Detail    string   `json:"detail,omitempty"`
	Attribute string   `json:"attribute,omitempty"`
	// Code classifies an error for the host; empty for most. See
	// CodeInvalidOutput.
	Code string `json:"code,omitempty"`
}

// CodeInvalidOutput marks an error diagnostic saying that what the plugin
// relies on (a model endpoint) answered outside its contract: malformed
// JSON, an unknown verdict. The host decides invalid_plugin_output, not
// plugin_failure, so an operator looks at the model, not the process.
const CodeInvalidOutput = "invalid_output"

func (d Diagnostic) String() string {
	var b strings.Builder
	if d.Severity == SeverityWarning {
		b.WriteString("warning: ")
	} else {
		b.WriteString("error: ")
	}
	if d.Attribute != "" {
		fmt.Fprintf(&b, "%s: ", d.Attribute)
	}
	b.WriteString(d.Summary)
	if d.Detail != "" {
		b.WriteString(": ")
		b.WriteString(d.Detail)
	}
	return b.String()
}

// Diagnostics is a list of Diagnostic.
type Diagnostics []Diagnostic

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity != SeverityWarning {
			return true
		}
	}
	return false
}

// Err returns the errors among ds as one error, or nil when there are none.
func (ds Diagnostics) Err() error {
	var msgs []string
	for _, d := range ds {
		if d.Severity != SeverityWarning {
			msgs = append(msgs, d.String())
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return fmt.Errorf("%s", strings.Join(msgs, "; "))
}

// Errorf makes an error diagnostic about attribute (may be empty).
func Errorf(attribute, format string, args ...any) Diagnostic {
	return Diagnostic{Severity: SeverityError, Attribute: attribute, Summary: fmt.Sprintf(format, args...)}
}

// ConfigAttribute declares one attribute of a plugin's `config` block. The
// host decodes the block against these declarations and sends constants.
type ConfigAttribute struct {
	Name string `json:"name"`
	// Type is one of "string", "number", "bool", "list(string)",
	// "map(string)".
	Type        string `json:"type"`
	Required    bool   `json:"required,omitempty"`
	Description string `json:"description,omitempty"`
}

// DescribeRequest asks a plugin what it is.
type DescribeRequest struct{}

// DescribeResponse says what a plugin is. The host refuses a binary whose
// Kind is not the kind it was configured as.
type DescribeResponse struct {
	Name            string            `json:"name"`
	Kind            Kind              `json:"kind"`
	Version         string            `json:"version"`
	ProtocolVersion int               `json:"protocol_version"`
	Description     string            `json:"description,omitempty"`
	ConfigSchema    []ConfigAttribute `json:"config_schema,omitempty"`
}

// ConfigureRequest carries the plugin's `config` block as a JSON object of
// constant values (the host evaluates every expression).
type ConfigureRequest struct {
	Config json.RawMessage
}

// Decode unmarshals the config into v (a pointer to a struct with json
// tags). An empty config decodes as {}.
func (r *ConfigureRequest) Decode(v any) error {
	if len(r.Config) == 0 {
		return nil
	}
	return json.Unmarshal(r.Config, v)
}

// ConfigureResponse reports problems with the config; an error diagnostic
// naming the attribute makes the host refuse to start.
type ConfigureResponse struct {
	Diagnostics Diagnostics
}

// Plugin is what every plugin kind answers.
type Plugin interface {
	Describe(ctx context.Context, req *DescribeRequest) (*DescribeResponse, error)
	Configure(ctx context.Context, req *ConfigureRequest) (*ConfigureResponse, error)
}

// ExtractRequest asks for the decision-relevant items in a batch of spans.
type ExtractRequest struct {
	Spans []Span
}

// ExtractResponse holds the items found. The host takes the union over all
// extractors: a plugin can add items, never remove another's.
type ExtractResponse struct {
	Items       []Item
	Diagnostics Diagnostics
}

// Extractor finds decision-relevant items in pinned original spans.
type Extractor interface {
	Plugin
	Extract(ctx context.Context, req *ExtractRequest) (*ExtractResponse, error)
}

// ScoreRequest asks for the anchored score of a candidate compaction
// against the pinned items and the root original spans they came from.
type ScoreRequest struct {
	Candidate string
	Items     []Item
	Originals []Span
	// CandidateItems are the candidate read by the host's extractors (a
	// span of source "summary", id "candidate"), with their frames and
	// byte ranges in Candidate: the frames a scorer compares the items'
	// frames against. Empty when the extractors read no frames.
	CandidateItems []Item
}

// ItemScore is the scorer's verdict on one item of a ScoreRequest.
type ItemScore struct {
	// Index is the item's position in ScoreRequest.Items.
	Index     int
	Preserved bool
	Score     float64
	// Evidence is text copied from the candidate that preserves the item.
	// The host checks it is really there (case and whitespace folded); an
	// item called preserved without real evidence counts as lost.
	Evidence string
	// Fate is one of the Fate constants.
	Fate string
	Note string
}

// ScoreResponse is an anchored score in [0,1] and one ItemScore per item.
type ScoreResponse struct {
	Score       float64
	Items       []ItemScore
	Diagnostics Diagnostics
	// Usage is what the answer cost, for a scorer that calls out (a model
	// endpoint); nil otherwise.
	Usage *Usage
}

// Usage is what one answer cost a scorer that calls out. The host reports
// it per decision (Decision.ScorerUsage) and eval sums it, so a team can
// weigh a model judge's price beside its figures.
type Usage struct {
	// Calls is the HTTP calls made, retries included; 0 when every
	// verdict came from a cache.
	Calls int64 `json:"calls"`
	// Tokens is the tokens spent, prompt and answer.
	Tokens int64 `json:"tokens"`
	// LatencyMS is the wall time of the answer in milliseconds.
	LatencyMS int64 `json:"latency_ms"`
}

// SelfScoreRequest asks for the candidate's score read on its own: the
// self-referential number the gap telemetry compares against.
type SelfScoreRequest struct {
	Candidate string
}

// SelfScoreResponse is a score in [0,1].
type SelfScoreResponse struct {
	Score       float64
	Diagnostics Diagnostics
}

// Scorer judges a candidate compaction against a pinned reference.
type Scorer interface {
	Plugin
	Score(ctx context.Context, req *ScoreRequest) (*ScoreResponse, error)
	SelfScore(ctx context.Context, req *SelfScoreRequest) (*SelfScoreResponse, error)
}

// PhaseInfo is one configured phase and the policy it maps to.
type PhaseInfo struct {
	Name   string `json:"name"`
	Policy string `json:"policy"`
}

// PhaseSignalRequest asks for a phase signal on one version of the live
// view. The host stores the answer with that version and never asks again
// for the edit it justifies.
type PhaseSignalRequest struct {
	View         []Span
	Version      int64
	Phases       []PhaseInfo
	CurrentPhase string
}

// PhaseSignalResponse holds a score in [0,1] per phase name.
type PhaseSignalResponse struct {
	Scores      map[string]float64
	Diagnostics Diagnostics
}

// ProposePolicyRequest asks for a policy to fit a frozen phase signal.
type ProposePolicyRequest struct {
	Phase        string
	Scores       map[string]float64
	ActivePolicy string
	Phases       []PhaseInfo
	Policies     []string
}

// ProposePolicyResponse names a configured policy (PolicyName) or carries
// a policy block in HCL (PolicyHCL). The host parses and bounds it itself.
type ProposePolicyResponse struct {
	PolicyName  string
	PolicyHCL   string
	Diagnostics Diagnostics
}

// Policy classifies the task phase and proposes retention policies.
type Policy interface {
	Plugin
	PhaseSignal(ctx context.Context, req *PhaseSignalRequest) (*PhaseSignalResponse, error)
	ProposePolicy(ctx context.Context, req *ProposePolicyRequest) (*ProposePolicyResponse, error)
}
