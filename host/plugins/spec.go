package plugins

import (
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/compactguard/compactguard/sdk"
)

// Defaults for a Spec's zero durations.
const (
	DefaultTimeout      = 5 * time.Second
	DefaultStartTimeout = 30 * time.Second
)

// Spec is one plugin to start: what a `plugin "KIND" "NAME"` block says.
// It is a plain struct so the config package can be adapted to it without
// this package depending on it.
type Spec struct {
	Kind sdk.Kind
	Name string
	// Command is the executable: an absolute path, or a name looked up
	// relative to Dir, then Dir/bin, then ./bin, then $PATH.
	Command string
	Args    []string
	// SHA256 optionally pins the binary (hex); a mismatch refuses it.
	SHA256 string
	// Timeout bounds each call (default DefaultTimeout).
	Timeout time.Duration
	// StartTimeout bounds the handshake (default DefaultStartTimeout).
	StartTimeout time.Duration
	// Env names host environment variables let through to the plugin,
	// beyond the fixed allow-list (PATH, HOME, TMPDIR, LANG, TZ). Nothing
	// else of the host environment reaches a plugin.
	Env []string
	// Config is the block's `config` body, decoded against the schema the
	// plugin declares; nil means no config block.
	Config hcl.Body
	// Dir is the folder of the config file, for resolving Command.
	Dir string
	// Range is the plugin block, for messages.
	Range hcl.Range
}

func (s Spec) withDefaults() Spec {
	if s.Timeout <= 0 {
		s.Timeout = DefaultTimeout
	}
	if s.StartTimeout <= 0 {
		s.StartTimeout = DefaultStartTimeout
	}
	return s
}

func (s Spec) label() string { return label(s.Kind, s.Name, s.Range) }

func (s Spec) problem(err error) *PluginError {
	return &PluginError{Kind: s.Kind, Name: s.Name, Range: s.Range, Err: err}
}

// Info describes a running plugin, for `compactguard validate`,
// readiness and metrics.
type Info struct {
	Kind     sdk.Kind
	Name     string
	Version  string
	Protocol int
	// PID is the process last started (it may have exited since: see
	// State).
	PID         int
	Path        string
	SHA256      string
	Description string
	// Restarts counts processes started after the first.
	Restarts int64

	// State says whether the plugin serves now (see State). Since is
	// when it entered a state other than serving; Cause names why (one of
	// the Cause constants) and Error, when a restart failed, says so in
	// full (it names paths: for the log, not for an unauthenticated
	// caller).
	State State
	Since time.Time
	Cause string
	Error string
	// Failures counts processes lost: exited, crashed, or killed after a
	// call timed out. RestartFailures counts restarts that failed.
	Failures        int64
	RestartFailures int64
	// Unrecoverable is the time the plugin has spent unrecoverable, the
	// current spell included.
	Unrecoverable time.Duration
}
