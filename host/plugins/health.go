package plugins

import (
	"errors"
	"time"
)

// State is what a supervisor knows of its plugin's process: whether calls
// can be served now, and if not, whether the plugin is expected back.
// Readiness (/readyz) and metrics read it through Info.
type State string

const (
	// StateServing: a process has handshaken and has not exited.
	StateServing State = "serving"
	// StateRestarting: the process was lost (it exited, crashed or was
	// killed after a timeout) and its restart is due after the backoff or
	// under way; no restart since the loss has failed yet. Calls fail
	// closed meanwhile, but the plugin is expected back.
	StateRestarting State = "restarting"
	// StateUnrecoverable: the last restart failed (the binary no longer
	// starts, its checksum no longer matches, it refused its config, ...),
	// or no new process has handshaken although the restart was due more
	// than the start timeout ago. The supervisor keeps retrying at the
	// capped backoff, so the plugin leaves this state by itself once its
	// cause is fixed.
	StateUnrecoverable State = "unrecoverable"
	// StateClosed: the manager was closed; no process will be started.
	StateClosed State = "closed"
)

// Causes of a plugin not serving, as Info.Cause gives them: short codes a
// readiness body or an alert can name without quoting paths from the
// host (Info.Error has the whole message, for the log).
const (
	CauseExited           = "exited"            // the process was lost; a restart is due
	CauseNoHandshake      = "no_handshake"      // the due restart has not handshaken in time
	CauseChecksumMismatch = "checksum_mismatch" // the binary changed since it was verified
	CauseNotFound         = "not_found"         // the binary is gone
	CauseWrongKind        = "wrong_kind"        // the binary is now a plugin of another kind
	CauseProtocol         = "protocol_mismatch" // the binary speaks another protocol version
	CauseConfigRejected   = "config_rejected"   // the new process refused the plugin's config
	CauseStartFailed      = "start_failed"      // any other failure to start or handshake
	CauseClosed           = "closed"            // the manager was closed
)

// causeOf names the cause of a failed restart.
func causeOf(err error) string {
	switch {
	case errors.Is(err, ErrChecksum):
		return CauseChecksumMismatch
	case errors.Is(err, ErrNotFound):
		return CauseNotFound
	case errors.Is(err, ErrWrongKind):
		return CauseWrongKind
	case errors.Is(err, ErrProtocol):
		return CauseProtocol
	case errors.Is(err, ErrConfig):
		return CauseConfigRejected
	}
	return CauseStartFailed
}

// health is the part of Info that says whether the plugin serves.
type health struct {
	state State
	cause string
	err   string
	since time.Time
	// unrecoverable is the time spent unrecoverable so far, the current
	// spell included.
	unrecoverable time.Duration
}

// healthLocked works out the plugin's state at now. It only reads: a
// process found dead here is reported as restarting, and the watcher (or
// the next call) takes it out of service. s.mu must be held.
func (s *Supervisor) healthLocked(now time.Time) health {
	h := health{state: StateServing, unrecoverable: s.unrecTotal}
	if !s.unrecSince.IsZero() {
		h.unrecoverable += now.Sub(s.unrecSince)
	}
	switch {
	case s.closed:
		h.state, h.cause = StateClosed, CauseClosed
	case s.lastErr != nil:
		// The last restart failed, whether or not another is under way:
		// a plugin is unrecoverable until a restart succeeds.
		h.state, h.cause, h.err, h.since = StateUnrecoverable, causeOf(s.lastErr), s.lastErr.Error(), s.unrecSince
	case s.cur != nil && !s.cur.exited():
		return h
	case s.cur != nil:
		// Exited, not yet noticed: the watcher will within its interval.
		h.state, h.cause, h.since = StateRestarting, CauseExited, now
	default:
		h.state, h.cause, h.since = StateRestarting, CauseExited, s.downSince
		// A restart may take the start timeout (the handshake) and a call
		// timeout each for Describe and Configure.
		overdue := s.retryAt.Add(s.spec.StartTimeout + 2*s.spec.Timeout)
		if now.After(overdue) {
			h.state, h.cause, h.since = StateUnrecoverable, CauseNoHandshake, overdue
			h.unrecoverable += now.Sub(overdue)
			h.err = "no process has handshaken since the restart was due at " + s.retryAt.Format(time.RFC3339)
		}
	}
	return h
}
