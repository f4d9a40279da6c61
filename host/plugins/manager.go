package plugins

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/hcl/v2"

	"github.com/compactguard/compactguard/sdk"
)

// Option adjusts Start.
type Option func(*options)

type options struct {
	lockFile       string
	backoffInitial time.Duration
	backoffMax     time.Duration
	watchEvery     time.Duration
	evalCtx        *hcl.EvalContext
	deniedEnv      []string
}

// WithLockFile makes Start check every plugin against the lock file at
// path (normally LockFileName beside the config). A missing file is no
// lock; a plugin without an entry is not checked by it.
func WithLockFile(path string) Option {
	return func(o *options) { o.lockFile = path }
}

// WithBackoff sets the restart backoff: initial after the first failure,
// doubling per consecutive failure up to max. Tests shorten it.
func WithBackoff(initial, max time.Duration) Option {
	return func(o *options) {
		if initial > 0 {
			o.backoffInitial = initial
		}
		if max > 0 {
			o.backoffMax = max
		}
	}
}

// WithWatchInterval sets how often each supervisor looks at its idle
// plugin's process (default DefaultWatchInterval). Tests shorten it.
func WithWatchInterval(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.watchEvery = d
		}
	}
}

// WithEvalContext sets the context plugin config expressions are
// evaluated in (the config package's variables and functions). The
// default exposes the host environment as the map `env`.
func WithEvalContext(ctx *hcl.EvalContext) Option {
	return func(o *options) { o.evalCtx = ctx }
}

// WithDeniedEnv names host environment variables no plugin may ask for in
// Spec.Env: the API tokens and authority credentials the config names.
// Variables whose names start with COMPACTGUARD_ are always denied. A
// denied name that every plugin gets anyway (ImplicitEnv) makes Start
// fail with ErrSecretEnv before anything starts.
func WithDeniedEnv(names ...string) Option {
	return func(o *options) { o.deniedEnv = append(o.deniedEnv, names...) }
}

// Manager owns every running plugin. Its accessors hand out handles that
// implement the sdk interfaces and carry each plugin's name, kind and
// version (handles.go); Close kills every plugin process.
type Manager struct {
	sups       []*Supervisor
	extractors []Extractor
	scorers    []Scorer
	policy     *Policy
	closeOnce  sync.Once
	// stopWatch ends the supervisors' watchers; watchers waits for them.
	stopWatch context.CancelFunc
	watchers  sync.WaitGroup
}

// Start verifies, starts and configures every plugin in specs. On any
// failure it kills what it started and returns a *StartError listing every
// plugin's problem. logger receives each plugin's logs under the name
// "KIND.NAME"; nil logs to stderr at Info.
func Start(ctx context.Context, specs []Spec, logger hclog.Logger, opts ...Option) (*Manager, error) {
	o := options{backoffInitial: DefaultBackoffInitial, backoffMax: DefaultBackoffMax, watchEvery: DefaultWatchInterval}
	for _, opt := range opts {
		opt(&o)
	}
	for _, name := range o.deniedEnv {
		if slices.Contains(ImplicitEnv(), name) {
			return nil, fmt.Errorf("starting plugins: %w: %s holds a host secret, but every plugin gets %s (%s); keep the secret in a variable of its own",
				ErrSecretEnv, name, name, strings.Join(ImplicitEnv(), ", "))
		}
	}
	if o.evalCtx == nil {
		o.evalCtx = defaultEvalContext()
	}
	if logger == nil {
		logger = hclog.New(&hclog.LoggerOptions{Name: "plugins", Output: os.Stderr, Level: hclog.Info})
	}
	lock, err := loadLockSet(o.lockFile)
	if err != nil {
		return nil, fmt.Errorf("starting plugins: %w", err)
	}

	problems := make([]*PluginError, len(specs))
	for i, p := range checkSpecs(specs, o.deniedEnv) {
		problems[i] = p
	}
	sups := make([]*Supervisor, len(specs))
	var wg sync.WaitGroup
	for i, spec := range specs {
		if problems[i] != nil {
			continue
		}
		spec = spec.withDefaults()
		wg.Add(1)
		go func() {
			defer wg.Done()
			path, sum, err := verifyBinary(spec, lock)
			if err != nil {
				problems[i] = spec.problem(err)
				return
			}
			s := &Supervisor{
				spec:           spec,
				path:           path,
				sum:            sum,
				logger:         logger.Named(string(spec.Kind) + "." + spec.Name),
				evalCtx:        o.evalCtx,
				backoffInitial: o.backoffInitial,
				backoffMax:     max(o.backoffMax, o.backoffInitial),
				watchEvery:     o.watchEvery,
				wake:           make(chan struct{}, 1),
			}
			diags, err := s.startFirst(ctx)
			if err != nil {
				p := spec.problem(err)
				p.Diagnostics = diags
				problems[i] = p
				return
			}
			sups[i] = s
		}()
	}
	wg.Wait()

	m := &Manager{}
	var failed []*PluginError
	for i, s := range sups {
		if problems[i] != nil {
			failed = append(failed, problems[i])
		}
		if s != nil {
			m.sups = append(m.sups, s)
		}
	}
	if len(failed) > 0 {
		m.Close()
		return nil, &StartError{Problems: failed}
	}
	// The watchers live until Close, not until the caller's ctx ends:
	// Start's ctx bounds starting the plugins, not keeping them up.
	wctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	m.stopWatch = stop
	for _, s := range m.sups {
		switch h := (Handle{s}); s.spec.Kind {
		case sdk.KindExtractor:
			m.extractors = append(m.extractors, Extractor{h})
		case sdk.KindScorer:
			m.scorers = append(m.scorers, Scorer{h})
		case sdk.KindPolicy:
			m.policy = &Policy{h}
		}
		m.watchers.Add(1)
		go func() {
			defer m.watchers.Done()
			s.watch(wctx)
		}()
	}
	return m, nil
}

// checkSpecs finds what is wrong with specs before anything starts: an
// unknown kind, a missing name, a plugin listed twice, a second
// policy plugin, an Env name that is malformed or denied. The result is
// indexed like specs (nil where the spec is fine).
func checkSpecs(specs []Spec, denied []string) []*PluginError {
	out := make([]*PluginError, len(specs))
	seen := map[string]int{}
	perKind := map[sdk.Kind]int{}
	for i, spec := range specs {
		var errs []string
		if !slices.Contains(sdk.Kinds, spec.Kind) {
			errs = append(errs, fmt.Sprintf("unknown plugin kind %q (use extractor, scorer or policy)", spec.Kind))
		}
		if spec.Name == "" {
			errs = append(errs, "the plugin has no name")
		}
		key := string(spec.Kind) + "\x00" + spec.Name
		if j, dup := seen[key]; dup {
			errs = append(errs, fmt.Sprintf("declared twice (first at %s)", rangeString(specs[j].DeclRange)))
		} else {
			seen[key] = i
		}
		if spec.Kind == sdk.KindPolicy {
			perKind[spec.Kind]++
			if perKind[spec.Kind] > 1 {
				errs = append(errs, fmt.Sprintf("only one %s plugin may be configured", spec.Kind))
			}
		}
		for _, name := range spec.Env {
			switch {
			case name == "" || strings.ContainsAny(name, "=\x00"):
				errs = append(errs, fmt.Sprintf("env: %q is not an environment variable name", name))
			case strings.HasPrefix(name, "COMPACTGUARD_") || slices.Contains(denied, name):
				errs = append(errs, fmt.Sprintf("env: %s is a host secret and is never passed to a plugin", name))
			}
		}
		if len(errs) > 0 {
			out[i] = spec.problem(errors.New(strings.Join(errs, "; ")))
		}
	}
	return out
}

func rangeString(r hcl.Range) string {
	if r.Filename == "" {
		return "an earlier block"
	}
	return fmt.Sprintf("%s:%d,%d", r.Filename, r.Start.Line, r.Start.Column)
}

// Extractors returns a handle per extractor plugin, in config order.
func (m *Manager) Extractors() []Extractor { return slices.Clone(m.extractors) }

// Scorers returns every scorer plugin's handle, in the order of their
// blocks.
func (m *Manager) Scorers() []Scorer { return slices.Clone(m.scorers) }

// Scorer returns the first scorer plugin's handle, or nil when none is
// configured.
func (m *Manager) Scorer() *Scorer {
	if len(m.scorers) == 0 {
		return nil
	}
	return &m.scorers[0]
}

// Policy returns the policy plugin's handle, or nil when none is
// configured.
func (m *Manager) Policy() *Policy { return m.policy }

// Supervisors returns every plugin's supervisor, for restart counts and
// other metrics.
func (m *Manager) Supervisors() []*Supervisor { return slices.Clone(m.sups) }

// Infos describes every running plugin, for `compactguard validate`.
func (m *Manager) Infos() []Info {
	out := make([]Info, len(m.sups))
	for i, s := range m.sups {
		out[i] = s.Info()
	}
	return out
}

// Close kills every plugin process and waits for them to exit, like
// go-plugin's CleanupClients but only for this manager's plugins. Calls
// made after Close fail with ErrUnavailable. Safe to call more than once
// and from a signal handler's goroutine.
func (m *Manager) Close() {
	m.closeOnce.Do(func() {
		if m.stopWatch != nil {
			m.stopWatch()
		}
		// A watcher may be restarting a plugin: close waits for that
		// restart and kills what it started, so none outlives Close.
		defer m.watchers.Wait()
		var wg sync.WaitGroup
		for _, s := range m.sups {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s.close()
			}()
		}
		wg.Wait()
	})
}
