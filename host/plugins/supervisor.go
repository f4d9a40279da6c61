package plugins

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/hcl/v2"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/compactguard/compactguard/sdk"
)

// Default restart backoff: the first restart may happen 100 ms after a
// failure, each further consecutive failure doubles the wait, up to 5 s.
const (
	DefaultBackoffInitial = 100 * time.Millisecond
	DefaultBackoffMax     = 5 * time.Second
)

// DefaultWatchInterval is how often a supervisor looks at its idle
// plugin's process: a process that dies between calls is noticed within
// it and restarted after the backoff, without waiting for a call.
const DefaultWatchInterval = 500 * time.Millisecond

// Supervisor keeps one plugin running: it starts the process, applies the
// per-call timeout, kills a hung or dead process and restarts it with
// capped exponential backoff, on a later call or, when no call comes,
// from its watcher (see watch). It is safe for concurrent calls. The
// handles returned by Manager embed it (handles.go), so a handle also
// answers Name, Kind, Version, Restarts and Info.
type Supervisor struct {
	spec           Spec
	path, sum      string
	logger         hclog.Logger
	evalCtx        *hcl.EvalContext
	backoffInitial time.Duration
	backoffMax     time.Duration
	watchEvery     time.Duration

	restarts      atomic.Int64
	lost          atomic.Int64 // processes lost: exited, crashed, killed after a timeout
	restartFailed atomic.Int64 // restarts that failed

	// wake tells the watcher that a failure moved the next restart.
	wake chan struct{}

	mu       sync.Mutex
	cur      *instance
	last     *instance // most recent instance, for Info
	config   json.RawMessage
	starting chan struct{} // closed when an in-progress restart ends
	failures int           // consecutive failures, for the backoff
	retryAt  time.Time
	closed   bool

	// What readiness reads (see healthLocked).
	lastErr    error         // why the last restart failed; nil once one succeeds
	downSince  time.Time     // when the process was lost; zero while serving
	unrecSince time.Time     // when the last restart failed; zero once one succeeds
	unrecTotal time.Duration // time spent unrecoverable before unrecSince
}

// Kind is the plugin's kind.
func (s *Supervisor) Kind() sdk.Kind { return s.spec.Kind }

// Name is the plugin's name (the second label of its block).
func (s *Supervisor) Name() string { return s.spec.Name }

// Version is the version the plugin reported when it last started.
func (s *Supervisor) Version() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil {
		return ""
	}
	return s.last.desc.Version
}

// Restarts counts the processes started after the first, for metrics.
func (s *Supervisor) Restarts() int64 { return s.restarts.Load() }

// Info describes the plugin as last started, and whether it serves now.
func (s *Supervisor) Info() Info {
	s.mu.Lock()
	in := s.last
	h := s.healthLocked(time.Now())
	s.mu.Unlock()
	info := Info{
		Kind: s.spec.Kind, Name: s.spec.Name, Path: s.path, SHA256: s.sum, Restarts: s.Restarts(),
		State: h.state, Cause: h.cause, Error: h.err, Since: h.since,
		Failures: s.lost.Load(), RestartFailures: s.restartFailed.Load(), Unrecoverable: h.unrecoverable,
	}
	if in != nil {
		info.PID = in.pid
		info.Version = in.desc.Version
		info.Protocol = in.desc.ProtocolVersion
		info.Description = in.desc.Description
	}
	return info
}

// startFirst starts the plugin for the first time: launch, Describe,
// decode the config block against the declared schema, Configure. Config
// problems come back as HCL diagnostics as well as an error.
func (s *Supervisor) startFirst(ctx context.Context) (hcl.Diagnostics, error) {
	in, err := s.launch(ctx)
	if err != nil {
		return nil, err
	}
	cfg, diags, err := decodeConfig(s.spec, in.desc.ConfigSchema, s.evalCtx)
	if err != nil {
		in.kill(true)
		return nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	if diags.HasErrors() {
		in.kill(true)
		return diags, configError(diags)
	}
	resp, err := s.configure(ctx, in, cfg.JSON)
	if err != nil {
		in.kill(true)
		return nil, err
	}
	if resp.Diagnostics.HasErrors() {
		in.kill(true)
		cdiags := cfg.configureDiags(resp.Diagnostics)
		return cdiags, configError(cdiags)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		in.kill(false)
		return nil, fmt.Errorf("%w: the manager was closed", ErrStart)
	}
	s.cur, s.last, s.config = in, in, cfg.JSON
	return nil, nil
}

// configure sends config to a fresh instance and logs its warnings.
func (s *Supervisor) configure(ctx context.Context, in *instance, config json.RawMessage) (*sdk.ConfigureResponse, error) {
	cctx, cancel := context.WithTimeout(ctx, s.spec.Timeout)
	defer cancel()
	resp, err := in.impl.Configure(cctx, &sdk.ConfigureRequest{Config: config})
	if err != nil {
		return nil, fmt.Errorf("%w: Configure: %v", ErrStart, err)
	}
	if resp == nil {
		resp = &sdk.ConfigureResponse{}
	}
	for _, d := range resp.Diagnostics {
		if d.Severity == sdk.SeverityWarning {
			s.logger.Warn("plugin config warning", "diagnostic", d.String())
		}
	}
	return resp, nil
}

// restart starts a new process after a failure and configures it with the
// config the last one had.
func (s *Supervisor) restart(ctx context.Context) (*instance, error) {
	// The caller's cancellation must not fail a restart half-way (and
	// count against the plugin); the start and call timeouts bound it.
	ctx = context.WithoutCancel(ctx)
	in, err := s.launch(ctx)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	config := s.config
	s.mu.Unlock()
	resp, err := s.configure(ctx, in, config)
	if err == nil && resp.Diagnostics.HasErrors() {
		err = fmt.Errorf("%w: Configure after restart: %v", ErrConfig, resp.Diagnostics.Err())
	}
	if err != nil {
		in.kill(true)
		return nil, err
	}
	return in, nil
}

// backoff is the wait after the n-th consecutive failure.
func (s *Supervisor) backoff(n int) time.Duration {
	d := s.backoffInitial
	for i := 1; i < n && d < s.backoffMax; i++ {
		d *= 2
	}
	return min(d, s.backoffMax)
}

// noteFailureLocked records a failure: the next restart waits for the
// backoff, and the watcher is told so it restarts the plugin then, call
// or no call. s.mu must be held.
func (s *Supervisor) noteFailureLocked() time.Duration {
	s.failures++
	d := s.backoff(s.failures)
	s.retryAt = time.Now().Add(d)
	select {
	case s.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
	return d
}

// lostLocked records that the running process was taken out of service
// (it exited, crashed or hung). s.mu must be held.
func (s *Supervisor) lostLocked() time.Duration {
	s.lost.Add(1)
	if s.downSince.IsZero() {
		s.downSince = time.Now()
	}
	return s.noteFailureLocked()
}

// restartFailedLocked records a failed restart: from now until a restart
// succeeds the plugin is unrecoverable. s.mu must be held.
func (s *Supervisor) restartFailedLocked(err error) time.Duration {
	s.restartFailed.Add(1)
	s.lastErr = err
	if s.unrecSince.IsZero() {
		s.unrecSince = time.Now()
	}
	return s.noteFailureLocked()
}

// recoveredLocked records a successful restart. s.mu must be held.
func (s *Supervisor) recoveredLocked(in *instance) {
	s.cur, s.last = in, in
	s.lastErr, s.downSince = nil, time.Time{}
	if !s.unrecSince.IsZero() {
		s.unrecTotal += time.Since(s.unrecSince)
		s.unrecSince = time.Time{}
	}
}

// acquire returns the running instance, restarting the plugin when it is
// down and its backoff has passed. Inside the backoff window it returns
// ErrUnavailable at once rather than wait.
func (s *Supervisor) acquire(ctx context.Context) (*instance, error) {
	for {
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			return nil, fmt.Errorf("%w: the plugin manager is closed", ErrUnavailable)
		}
		if in := s.cur; in != nil {
			if !in.exited() {
				s.mu.Unlock()
				return in, nil
			}
			// Died while idle (or between calls): fail this call, as a
			// call on the dead connection would, and restart later.
			s.cur = nil
			d := s.lostLocked()
			s.mu.Unlock()
			in.kill(true)
			s.logger.Warn("plugin process exited; restarting after backoff", "pid", in.pid, "backoff", d)
			return nil, fmt.Errorf("%w: the plugin process (pid %d) exited", ErrUnavailable, in.pid)
		}
		if ch := s.starting; ch != nil {
			s.mu.Unlock()
			select {
			case <-ch:
				continue
			case <-ctx.Done():
				return nil, fmt.Errorf("%w: waiting for the plugin to restart: %w", ErrUnavailable, ctx.Err())
			}
		}
		if wait := time.Until(s.retryAt); wait > 0 {
			s.mu.Unlock()
			return nil, fmt.Errorf("%w: restarting after a failure, next attempt in %s", ErrUnavailable, wait.Round(time.Millisecond))
		}
		ch := make(chan struct{})
		s.starting = ch
		s.mu.Unlock()

		in, err := s.restart(ctx)

		s.mu.Lock()
		if err == nil && s.closed {
			// Closed while restarting: kill the new process before
			// releasing Close, which waits on ch, so none outlives it.
			s.mu.Unlock()
			in.kill(false)
			s.mu.Lock()
			s.starting = nil
			close(ch)
			s.mu.Unlock()
			return nil, fmt.Errorf("%w: the plugin manager is closed", ErrUnavailable)
		}
		s.starting = nil
		close(ch)
		if err != nil {
			d := s.restartFailedLocked(err)
			s.mu.Unlock()
			s.logger.Error("plugin restart failed; the plugin is unrecoverable until a restart succeeds", "error", err, "cause", causeOf(err), "next_attempt_in", d)
			return nil, fmt.Errorf("%w: restart failed: %w", ErrUnavailable, err)
		}
		s.recoveredLocked(in)
		// Counted before the lock is released, so an Info that sees the
		// new process also sees its restart.
		n := s.restarts.Add(1)
		s.mu.Unlock()
		s.logger.Info("plugin restarted", "pid", in.pid, "restarts", n)
		return in, nil
	}
}

// fail takes a dead or hung instance out of service and kills it. Only
// the first report of an instance counts as a failure.
func (s *Supervisor) fail(in *instance, why string) {
	s.mu.Lock()
	if s.cur == in {
		s.cur = nil
		d := s.lostLocked()
		s.logger.Warn("plugin failed; killing it and restarting after backoff", "reason", why, "pid", in.pid, "backoff", d)
	}
	s.mu.Unlock()
	in.kill(true)
}

// call runs fn against the running plugin with the per-call timeout and
// turns every failure into a *CallError.
func (s *Supervisor) call(ctx context.Context, op string, fn func(ctx context.Context, p sdk.Plugin) error) error {
	in, err := s.acquire(ctx)
	if err != nil {
		return s.callError(op, err)
	}
	deadline := time.Now().Add(s.spec.Timeout)
	cctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	err = fn(cctx, in.impl)
	if err == nil {
		s.mu.Lock()
		s.failures = 0
		s.mu.Unlock()
		return nil
	}
	return s.callError(op, s.classify(ctx, cctx, deadline, in, err))
}

// classify decides what a failed call means for the process.
//
// gRPC may report DeadlineExceeded a moment before cctx itself notices its
// deadline; once our deadline has passed, such an error is our timeout,
// not one the plugin reported, and the (probably hung) process is killed.
func (s *Supervisor) classify(ctx, cctx context.Context, deadline time.Time, in *instance, err error) error {
	code := status.Code(err)
	ours := errors.Is(cctx.Err(), context.DeadlineExceeded) ||
		(code == codes.DeadlineExceeded && !time.Now().Before(deadline.Add(-10*time.Millisecond)))
	switch {
	case ctx.Err() != nil:
		// The caller gave up (its own deadline or cancellation). The
		// plugin is not to blame, so it is left running.
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return fmt.Errorf("%w: the caller's deadline passed: %w", ErrTimeout, err)
		}
		return fmt.Errorf("call cancelled by the caller: %w", err)
	case ours:
		s.fail(in, "timeout")
		return fmt.Errorf("%w after %s (the plugin process, pid %d, was killed)", ErrTimeout, s.spec.Timeout, in.pid)
	case code == codes.Unavailable || code == codes.Canceled || in.exited():
		s.fail(in, "unavailable")
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	case code == codes.DeadlineExceeded:
		// The plugin reported a timeout of its own (an upstream call);
		// the process is answering, so it stays.
		return fmt.Errorf("%w: the plugin reported: %w", ErrTimeout, err)
	}
	return err
}

func (s *Supervisor) callError(op string, err error) error {
	return &CallError{Plugin: s.spec.Name, Kind: s.spec.Kind, Op: op, Err: err}
}

// watch keeps the plugin serving between calls. go-plugin has no restart
// and reports an exit only when asked, so without it a process that died
// while idle would stay dead until the next call, and a plugin whose
// restarts fail would look fine to readiness until a request failed.
// Every interval (sooner when a failure is noted) it asks acquire, which
// notices a dead process and restarts one whose backoff has passed, the
// same way a call would. It returns when ctx is done.
func (s *Supervisor) watch(ctx context.Context) {
	t := time.NewTimer(s.watchEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		case <-t.C:
		}
		// The error is the call's view of the same failure, already
		// logged and counted; the watcher has no caller to give it to.
		_, _ = s.acquire(ctx)
		t.Reset(s.nextLook())
	}
}

// nextLook is how long the watcher sleeps: the interval, or less when a
// restart falls due sooner.
func (s *Supervisor) nextLook() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil && s.starting == nil && !s.closed {
		if d := time.Until(s.retryAt); d < s.watchEvery {
			// A restart falls due before the next look: look then (and
			// not in a busy loop should the clock disagree).
			return max(d, time.Millisecond)
		}
	}
	return s.watchEvery
}

// close takes the plugin out of service for good and kills its process,
// waiting for an in-progress restart to end first so that no process
// outlives it.
func (s *Supervisor) close() {
	s.mu.Lock()
	s.closed = true
	in, ch := s.cur, s.starting
	s.cur = nil
	s.mu.Unlock()
	if ch != nil {
		<-ch // the restarter sees closed and kills what it started
	}
	if in != nil {
		in.kill(false)
	}
}
