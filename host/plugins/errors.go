package plugins

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/compactguard/compactguard/sdk"
)

// Errors to test with errors.Is. The call errors (ErrUnavailable,
// ErrTimeout) come wrapped in a *CallError; the start errors in a
// *PluginError inside a *StartError.
var (
	// ErrUnavailable means the plugin process is gone, its connection is
	// closed, or it is restarting after a failure. The host fails closed;
	// a later call restarts the plugin.
	ErrUnavailable = errors.New("plugin unavailable")
	// ErrTimeout means the plugin did not answer within its timeout. The
	// host fails closed and kills the process; a later call restarts it.
	ErrTimeout = errors.New("plugin call timed out")

	// ErrNotFound means the plugin's command could not be resolved to an
	// executable file.
	ErrNotFound = errors.New("plugin command not found")
	// ErrChecksum means the binary's sha256 is not the pinned one (in the
	// config or the lock file).
	ErrChecksum = errors.New("plugin binary checksum mismatch")
	// ErrWrongKind means the binary is not a plugin of the configured kind.
	ErrWrongKind = errors.New("plugin binary is of another kind")
	// ErrProtocol means the binary speaks a protocol version the host does
	// not.
	ErrProtocol = errors.New("unsupported plugin protocol version")
	// ErrConfig means the plugin's config block does not fit the schema
	// the plugin declared, or the plugin rejected it in Configure.
	ErrConfig = errors.New("invalid plugin config")
	// ErrStart means the plugin process could not be started or did not
	// complete the go-plugin handshake.
	ErrStart = errors.New("plugin failed to start")
	// ErrSecretEnv means a variable denied to plugins (it holds a host
	// secret) is one every plugin gets implicitly (ImplicitEnv), so the
	// secret would reach them all.
	ErrSecretEnv = errors.New("a host secret is in an environment variable every plugin gets")
)

// CallError is a failed call to a running plugin. The guard records it as
// plugin_failure and refuses: whatever went wrong, the host fails closed.
// Err wraps ErrUnavailable or ErrTimeout when the process failed, or the
// plugin's own gRPC status error when it answered with one.
type CallError struct {
	Plugin string
	Kind   sdk.Kind
	Op     string
	Err    error
}

func (e *CallError) Error() string {
	var what string
	switch {
	case errors.Is(e.Err, ErrTimeout):
		what = fmt.Sprintf("%s: %v; the host fails closed, and a hung plugin is killed and restarted on a later call", e.Op, e.Err)
	case errors.Is(e.Err, ErrUnavailable):
		what = fmt.Sprintf("%s: %v; the host fails closed and restarts the plugin on a later call", e.Op, e.Err)
	default:
		what = fmt.Sprintf("%s failed: %v; the host fails closed", e.Op, e.Err)
	}
	return fmt.Sprintf("plugin %q %q: %s", e.Kind, e.Plugin, what)
}

// Unwrap returns Err, so errors.Is(err, ErrTimeout) and status.Code work
// through a CallError.
func (e *CallError) Unwrap() error { return e.Err }

// PluginError is why one plugin could not be started. Diagnostics, when
// set, locate the problem in the config file (a bad config attribute), so
// the CLI can render them with source snippets.
type PluginError struct {
	Kind        sdk.Kind
	Name        string
	Range       hcl.Range
	Err         error
	Diagnostics hcl.Diagnostics
}

func (e *PluginError) Error() string {
	return label(e.Kind, e.Name, e.Range) + ": " + e.Err.Error()
}

// Unwrap returns Err, so errors.Is(err, ErrChecksum) works through it.
func (e *PluginError) Unwrap() error { return e.Err }

// StartError lists every plugin that could not be started; Start returns
// it after killing the plugins it did start.
type StartError struct {
	Problems []*PluginError
}

func (e *StartError) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = p.Error()
	}
	if len(msgs) == 1 {
		return msgs[0]
	}
	return fmt.Sprintf("%d plugin problems:\n  %s", len(msgs), strings.Join(msgs, "\n  "))
}

// Unwrap returns every problem, for errors.Is and errors.As.
func (e *StartError) Unwrap() []error {
	out := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p
	}
	return out
}

// Diagnostics gathers the config diagnostics of every problem, for a
// caller that renders them with source snippets.
func (e *StartError) Diagnostics() hcl.Diagnostics {
	var out hcl.Diagnostics
	for _, p := range e.Problems {
		out = append(out, p.Diagnostics...)
	}
	return out
}

// label names a plugin the way every message does: `plugin "KIND" "NAME"`,
// followed by the block's position when known.
func label(kind sdk.Kind, name string, rng hcl.Range) string {
	s := fmt.Sprintf("plugin %q %q", kind, name)
	if rng.Filename != "" {
		s += fmt.Sprintf(" (%s:%d,%d)", rng.Filename, rng.Start.Line, rng.Start.Column)
	}
	return s
}

// formatDiag renders one HCL diagnostic as "file:line:col: summary; detail".
func formatDiag(d *hcl.Diagnostic) string {
	var b strings.Builder
	if d.Subject != nil && d.Subject.Filename != "" {
		fmt.Fprintf(&b, "%s:%d:%d: ", d.Subject.Filename, d.Subject.Start.Line, d.Subject.Start.Column)
	}
	b.WriteString(d.Summary)
	if d.Detail != "" {
		b.WriteString("; ")
		b.WriteString(d.Detail)
	}
	return b.String()
}
