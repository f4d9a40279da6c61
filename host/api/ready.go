package api

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/plugins"
)

// Defaults of the readiness probe (Options.ReadyProbeEvery and
// ReadyProbeTimeout).
const (
	// DefaultReadyProbeEvery is the least time between two store probes:
	// /readyz and /metrics need no token, so a flood of them must not
	// become a flood of commits on the store's single writer. Callers in
	// between share the last result.
	DefaultReadyProbeEvery = time.Second
	// DefaultReadyProbeTimeout bounds one store probe. A store that cannot
	// commit within it (its writer held by a stuck transaction, a lock
	// held by another process, a PostgreSQL synchronous standby gone) is
	// not ready: a decision would wait as long.
	DefaultReadyProbeTimeout = 5 * time.Second
)

// CommitProber is a store that can show it commits, not only that it
// answers. sqlstore's SQLite and PostgreSQL stores implement it with a
// committed one-row write to a table of its own (see their ProbeCommit).
// Readiness uses it when the store has it, and Ping otherwise (the memory
// store, which cannot fail to commit).
type CommitProber interface {
	ProbeCommit(ctx context.Context) error
}

// readiness decides whether the server can serve: the store commits and
// no configured plugin is unrecoverable. It is evaluated on demand, by
// /readyz and at each /metrics scrape, so the time spent unready is
// measured between those looks (at least at the scrape interval when
// Prometheus scrapes).
type readiness struct {
	store   ledger.Store
	plugins PluginInfos
	log     hclog.Logger
	every   time.Duration
	timeout time.Duration
	now     func() time.Time

	mu sync.Mutex
	// The last store probe: its error, when it ended, and when the
	// store's current spell of failures began (zero when it commits).
	storeErr   error
	probedAt   time.Time
	storeSince time.Time
	probing    chan struct{} // closed when the probe in flight ends
	// Unready time: since when the server is unready (zero when ready)
	// and the total of earlier spells.
	unreadySince time.Time
	unreadyTotal time.Duration
	// problemKeys identifies the problems last logged, so each change is
	// logged once rather than at every probe.
	problemKeys string
}

func newReadiness(store ledger.Store, p PluginInfos, log hclog.Logger, every, timeout time.Duration) *readiness {
	return &readiness{store: store, plugins: p, log: log, every: every, timeout: timeout, now: time.Now}
}

// check evaluates readiness now: the store (probed at most once per
// r.every) and every plugin's state.
func (r *readiness) check(ctx context.Context) wire.Health {
	st := r.probeStore(ctx)
	var problems []wire.Problem
	if st.err != nil {
		problems = append(problems, r.storeProblem(st))
	}
	var infos []plugins.Info
	if r.plugins != nil {
		infos = r.plugins.Infos()
		problems = append(problems, pluginProblems(infos)...)
	}
	now := r.now()

	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case len(problems) > 0 && r.unreadySince.IsZero():
		r.unreadySince = now
	case len(problems) == 0 && !r.unreadySince.IsZero():
		r.unreadyTotal += now.Sub(r.unreadySince)
		r.unreadySince = time.Time{}
	}
	r.logChangeLocked(problems, st.err, infos)
	if len(problems) == 0 {
		return wire.Health{Status: "ready"}
	}
	reason := problems[0].Message
	if n := len(problems) - 1; n > 0 {
		reason += fmt.Sprintf(" (and %d more problem%s)", n, plural(n))
	}
	return wire.Health{Status: "unavailable", Reason: reason, Problems: problems}
}

// unready is the time spent unready so far, the current spell included.
func (r *readiness) unready() time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	d := r.unreadyTotal
	if !r.unreadySince.IsZero() {
		d += r.now().Sub(r.unreadySince)
	}
	return d
}

// storeState is the outcome of the last store probe: its error and when
// the current spell of failures began (zero when the store commits).
type storeState struct {
	err   error
	since time.Time
}

// probeStore returns the store's state, probing it when the last probe is
// older than r.every. Concurrent callers share one probe in flight; the
// probe runs to its own timeout even if the caller that began it leaves,
// so one impatient caller cannot fail the others.
func (r *readiness) probeStore(ctx context.Context) storeState {
	r.mu.Lock()
	if !r.probedAt.IsZero() && r.now().Sub(r.probedAt) < r.every {
		st := storeState{r.storeErr, r.storeSince}
		r.mu.Unlock()
		return st
	}
	ch := r.probing
	if ch == nil {
		ch = make(chan struct{})
		r.probing = ch
		go r.runProbe(context.WithoutCancel(ctx), ch)
	}
	r.mu.Unlock()
	select {
	case <-ch:
		// The probe that was in flight when we asked, or the one we
		// began, is fresh enough whatever r.every says.
		r.mu.Lock()
		defer r.mu.Unlock()
		return storeState{r.storeErr, r.storeSince}
	case <-ctx.Done():
		return storeState{fmt.Errorf("waiting for the store probe: %w", ctx.Err()), r.now()}
	}
}

// runProbe probes the store within r.timeout, records the outcome and
// closes done.
func (r *readiness) runProbe(ctx context.Context, done chan struct{}) {
	pctx, cancel := context.WithTimeout(ctx, r.timeout)
	err := r.probe(pctx)
	cancel()
	r.mu.Lock()
	r.storeErr, r.probedAt = err, r.now()
	switch {
	case err != nil && r.storeSince.IsZero():
		r.storeSince = r.probedAt
	case err == nil:
		r.storeSince = time.Time{}
	}
	r.probing = nil
	r.mu.Unlock()
	close(done)
}

// probe asks the store to commit, or only to answer when it cannot show
// more.
func (r *readiness) probe(ctx context.Context) error {
	if p, ok := r.store.(CommitProber); ok {
		if err := p.ProbeCommit(ctx); err != nil {
			return &storeProbeError{cause: "cannot_commit", err: err}
		}
		return nil
	}
	if err := r.store.Ping(ctx); err != nil {
		return &storeProbeError{cause: "unavailable", err: err}
	}
	return nil
}

// storeProbeError is a failed store probe and the cause code it is
// reported under.
type storeProbeError struct {
	cause string
	err   error
}

func (e *storeProbeError) Error() string { return e.err.Error() }
func (e *storeProbeError) Unwrap() error { return e.err }

func (r *readiness) storeProblem(st storeState) wire.Problem {
	err := st.err
	p := wire.Problem{Component: "store", Cause: "unavailable", Since: timePtr(st.since)}
	var pe *storeProbeError
	if errors.As(err, &pe) {
		p.Cause = pe.cause
	}
	// The store's error (hosts, users, database names) goes to the log,
	// not to a caller who needs no token.
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		p.Message = fmt.Sprintf("the store did not commit a probe write within %s; ready again once it commits (the server log has the error)", r.timeout)
	case p.Cause == "cannot_commit":
		p.Message = "the store cannot commit: a probe write failed; ready again once it commits (the server log has the error)"
	default:
		p.Message = "the store does not answer; ready again once it does (the server log has the error)"
	}
	return p
}

// pluginProblems lists the plugins that keep the server from being ready:
// unrecoverable ones, and any without a process at all. A plugin that is
// restarting after a crash is not one of them: calls fail closed until it
// is back, which takes a backoff; it becomes a problem if its restart
// fails or does not handshake in time (plugins.StateUnrecoverable).
func pluginProblems(infos []plugins.Info) []wire.Problem {
	if len(infos) == 0 {
		return []wire.Problem{{Component: "plugin", Cause: "no_process", Message: "no plugin has handshaken"}}
	}
	var out []wire.Problem
	for _, in := range infos {
		name := fmt.Sprintf("%s.%s", in.Kind, in.Name)
		p := wire.Problem{Component: "plugin", Name: name, Cause: in.Cause, Since: timePtr(in.Since)}
		switch {
		case in.State == plugins.StateUnrecoverable && in.Cause == plugins.CauseNoHandshake:
			p.Message = fmt.Sprintf("plugin %s is unrecoverable: no new process has handshaken although its restart was due (no_handshake); the host keeps retrying and is ready again once it serves", name)
		case in.State == plugins.StateUnrecoverable:
			p.Message = fmt.Sprintf("plugin %s is unrecoverable: its last restart failed (%s); the host keeps retrying at its capped backoff and is ready again once it serves (the server log has the error)", name, in.Cause)
		case in.State == plugins.StateClosed:
			p.Message = fmt.Sprintf("plugin %s was shut down", name)
		case in.PID <= 0:
			p.Cause = "no_process"
			p.Message = fmt.Sprintf("plugin %s has no running process", name)
		default:
			continue
		}
		out = append(out, p)
	}
	return out
}

// logChangeLocked logs the problems when they change, with the full
// errors the answer leaves out. r.mu must be held.
func (r *readiness) logChangeLocked(problems []wire.Problem, storeErr error, infos []plugins.Info) {
	keys := make([]string, len(problems))
	for i, p := range problems {
		keys[i] = p.Component + "/" + p.Name + "/" + p.Cause
	}
	k := strings.Join(keys, ",")
	if k == r.problemKeys {
		return
	}
	r.problemKeys = k
	if len(problems) == 0 {
		r.log.Info("readiness: ready again")
		return
	}
	for _, p := range problems {
		args := []any{"component", p.Component, "cause", p.Cause}
		if p.Name != "" {
			args = append(args, "plugin", p.Name)
		}
		if p.Component == "store" && storeErr != nil {
			args = append(args, "error", storeErr.Error())
		}
		if p.Component == "plugin" {
			for _, in := range infos {
				if fmt.Sprintf("%s.%s", in.Kind, in.Name) == p.Name && in.Error != "" {
					args = append(args, "error", in.Error)
				}
			}
		}
		r.log.Warn("readiness: not ready", args...)
	}
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
