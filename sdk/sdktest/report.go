package sdktest

import (
	"fmt"
	"io"
	"time"
)

// Names of the checks, as they appear in a Report and as subtests of Run.
// They are stable: tests assert on them.
const (
	// CheckHandshake: the binary starts and completes go-plugin's
	// handshake (magic cookie, protocol version, gRPC, AutoMTLS).
	CheckHandshake = "handshake"
	// CheckDescribe: Describe reports the configured kind, protocol
	// version 1, a name, version and description, and a usable schema.
	CheckDescribe = "describe"
	// CheckWrongKind: asked for a kind it does not serve, the binary is
	// refused as being of another kind (not hung, not crashed).
	CheckWrongKind = "wrong-kind"
	// CheckConfigure: the plugin accepts Config.Config.
	CheckConfigure = "configure"
	// CheckBadConfig: the plugin refuses Config.BadConfig with an error
	// diagnostic naming an attribute.
	CheckBadConfig = "bad-config"
	// CheckDeterminism: the same request twice gets the same answer.
	CheckDeterminism = "determinism"
	// CheckScoreRange (scorer): anchored and per-item scores are numbers
	// in [0,1] for a spread of inputs.
	CheckScoreRange = "score-range"
	// CheckEvidence (scorer): every item called preserved cites evidence
	// the host accepts, by the host's own rule (sdk.Cites): in the
	// candidate, case and whitespace folded, and sharing a term with the
	// item; and for an item with a frame, evidence that states it: the
	// host's floor, frame.Reader.Cites.
	CheckEvidence = "evidence"
	// CheckItemIndexes (scorer): one verdict per item, each index valid.
	CheckItemIndexes = "item-indexes"
	// CheckSelfScore (scorer): SelfScore is a number in [0,1].
	CheckSelfScore = "self-score"
	// CheckExtractSpans (extractor): items cite spans of the batch with
	// valid byte ranges and have a category, and every frame sent is well
	// formed (known modality, ops and status, finite bound values,
	// changed_by set exactly when the status is lifted or superseded,
	// named objects).
	CheckExtractSpans = "extract-spans"
	// CheckPhaseSignal (policy): a score in [0,1] for each requested
	// phase.
	CheckPhaseSignal = "phase-signal"
	// CheckProposePolicy (policy): the proposal names a policy of the
	// request or is a policy block the host can parse.
	CheckProposePolicy = "propose-policy"
	// CheckTimeout: a typical call is answered within the per-call
	// timeout the host applies.
	CheckTimeout = "timeout"
	// CheckLargeInput: requests past gRPC's default 4 MiB message limit
	// are answered within the per-call timeout, which the result states:
	// a Score of a 256 KiB candidate against 8 MiB of originals; an
	// Extract of a full chunk (256 spans) and of one 5 MiB span; a phase
	// signal on a view of 5,000 spans.
	CheckLargeInput = "large-input"
	// CheckShutdown: when the host closes the plugin, the process exits
	// on go-plugin's GRPCController.Shutdown, without being killed.
	CheckShutdown = "shutdown"
)

// AllChecks lists every check in the order Check runs them. Kind-specific
// checks are reported as SKIP for other kinds.
func AllChecks() []string {
	return []string{
		CheckHandshake, CheckDescribe, CheckWrongKind, CheckConfigure, CheckBadConfig,
		CheckDeterminism, CheckScoreRange, CheckEvidence, CheckItemIndexes, CheckSelfScore,
		CheckExtractSpans, CheckPhaseSignal, CheckProposePolicy,
		CheckTimeout, CheckLargeInput, CheckShutdown,
	}
}

// Status is the outcome of one check.
type Status string

// Check outcomes.
const (
	Pass Status = "PASS"
	Fail Status = "FAIL"
	// Skip means the check did not apply (another kind, no BadConfig,
	// named in Config.Skip) or could not run (the plugin did not start).
	Skip Status = "SKIP"
)

// Result is one check's outcome. Message says, for a failure, what the
// plugin did wrong and how to fix it; for a pass, what was checked.
type Result struct {
	Name     string
	Status   Status
	Message  string
	Duration time.Duration
}

// Report is the outcome of every check, in AllChecks order.
type Report struct {
	// Plugin is what Describe said (zero when the plugin did not start).
	Plugin  PluginInfo
	Results []Result
}

// PluginInfo is what the plugin reported about itself.
type PluginInfo struct {
	// Name and Version are Describe's.
	Name     string
	Version  string
	Protocol int
	PID      int
	Path     string
}

// Failed reports whether any check failed.
func (r *Report) Failed() bool {
	for _, res := range r.Results {
		if res.Status == Fail {
			return true
		}
	}
	return false
}

// Result returns the named check's result.
func (r *Report) Result(name string) (Result, bool) {
	for _, res := range r.Results {
		if res.Name == name {
			return res, true
		}
	}
	return Result{}, false
}

// Write prints one line per check: status, name, message.
func (r *Report) Write(w io.Writer) error {
	for _, res := range r.Results {
		if _, err := fmt.Fprintf(w, "%-4s %-14s %s\n", res.Status, res.Name, res.Message); err != nil {
			return fmt.Errorf("writing the report: %w", err)
		}
	}
	return nil
}
