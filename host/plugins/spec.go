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
// The config package decodes each block straight into one (config.Plugin
// is this type), and Start takes them as they are.
type Spec struct {
	Kind sdk.Kind
	Name string
	// Command is the executable as written: an absolute path, a path
	// relative to Dir, or a bare name looked up in Dir, then Dir/bin, then
	// ./bin, then $PATH.
	Command string
	Args    []string
	// SHA256 optionally pins the binary (lowercase hex); a mismatch
	// refuses it. Empty means not pinned here (a lock file may still pin
	// it).
	SHA256 string
	// Timeout bounds each call (default DefaultTimeout).
	Timeout time.Duration
	// StartTimeout bounds the handshake (default DefaultStartTimeout).
	StartTimeout time.Duration
	// Env names host environment variables let through to the plugin,
	// beyond the fixed allow-list (PATH, HOME, TMPDIR, LANG, TZ). Nothing
	// else of the host environment reaches a plugin.
	Env []string
	// Config is the block's `config` body, undecoded: Start decodes it
	// against the schema the plugin declares, in the evaluation context
	// WithEvalContext gives (the config's). nil or an empty body means no
	// config block.
	Config hcl.Body
	// ConfigRange is the config block's header, or DeclRange when there is
	// none, for diagnostics about the config as a whole.
	ConfigRange hcl.Range
	// Dir is the folder of the config file, for resolving Command.
	Dir string
	// DeclRange is the plugin block, for messages.
	DeclRange hcl.Range
}

// ID is "KIND/NAME", unique among a config's plugins, naming the plugin in
// logs and diagnostics.
func (s *Spec) ID() string { return string(s.Kind) + "/" + s.Name }

func (s Spec) withDefaults() Spec {
	if s.Timeout <= 0 {
		s.Timeout = DefaultTimeout
	}
	if s.StartTimeout <= 0 {
		s.StartTimeout = DefaultStartTimeout
	}
	return s
}

func (s Spec) label() string { return label(s.Kind, s.Name, s.DeclRange) }

func (s Spec) problem(err error) *PluginError {
	return &PluginError{Kind: s.Kind, Name: s.Name, Range: s.DeclRange, Err: err}
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
