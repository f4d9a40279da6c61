package inproc

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/runtime"
	"github.com/compactguard/compactguard/internal/builtinconfig"
	"github.com/compactguard/compactguard/sdk"
)

// The host's own request and answer types, re-exported so that an
// embedding program imports only this package. They are the types the
// HTTP API and the Go client use, so a decision reads the same whichever
// way it was asked for.
type (
	// Span is one unit of context (DESIGN.md "Vocabulary").
	Span = sdk.Span
	// CompactionRequest proposes to replace Covers with Summary.
	CompactionRequest = guard.CompactionRequest
	// Decision is the guard's answer, in the JSON shape of DESIGN.md.
	Decision = guard.Decision
	// DecisionItem is one decision-relevant item and its fate.
	DecisionItem = guard.DecisionItem
	// AppendResult reports an append.
	AppendResult = guard.AppendResult
	// Items is the decision-relevant set of a session's live view.
	Items = guard.ItemsResult
	// AuditTrail is a session's decisions with the chain's verdict.
	AuditTrail = wire.AuditTrail
	// InputError is bad input: Field names what is wrong; nothing was
	// written.
	InputError = guard.InputError
)

// Errors to test with errors.Is.
var (
	// ErrClosed: the Guard was closed; open a new one.
	ErrClosed = errors.New("inproc: the guard is closed (open a new one)")
	// ErrSessionNotFound: the tenant holds no session of that id; create it.
	ErrSessionNotFound = ledger.ErrNotFound
	// ErrSessionExists: CreateSession named a session that exists; open it
	// with Guard.Session instead.
	ErrSessionExists = ledger.ErrExists
)

// DefaultTenant is the tenant sessions are kept under when Options.Tenant
// is empty: the tenant of the repository's policies.hcl, so that `serve`
// on the same store lists them.
const DefaultTenant = "default"

// defaultHead is the head of the built-in configuration: its comments and
// guard block; the blocks it shares with `compactguard hook`'s follow it
// (builtinconfig.With).
//
//go:embed default.hcl
var defaultHead []byte

// DefaultConfig returns the built-in configuration OpenDefault runs with,
// to be copied to a file and changed.
func DefaultConfig() []byte { return builtinconfig.With(defaultHead) }

// Options adjust Open. The zero value is usable.
type Options struct {
	// Tenant keeps this Guard's sessions apart from other tenants' in a
	// shared store; empty means DefaultTenant.
	Tenant string
	// Store, when set, replaces the store the configuration names. Close
	// closes it (when Open fails it stays the caller's to close).
	Store ledger.Store
	// Logger receives host and plugin logs; nil means warnings and errors
	// to stderr.
	Logger hclog.Logger
	// PluginDirs are further folders where a plugin whose command is a
	// bare name is looked for, after the configuration's folder and its
	// bin/ and before ./bin and $PATH.
	PluginDirs []string
}

// Guard is a running compactguard host inside this process: the
// configuration, its plugin processes, its store and the guard. Close it
// on every exit path, or the plugin processes outlive the program's use
// of them (go-plugin kills them when the program exits).
type Guard struct {
	tenant string

	// mu lets calls run together and makes Close wait for them: every
	// call holds it for reading, Close for writing.
	mu     sync.RWMutex
	rt     *runtime.Runtime
	closed bool
}

// Open reads the configuration at path (policies.hcl), starts every
// plugin it declares, checks each one's kind and pinned sha256, and opens
// its store. A bad configuration is an error with a file:line:col line
// per problem (IsConfigError); a plugin that cannot start is an error
// naming the plugin and where it was looked for.
func Open(ctx context.Context, path string, o Options) (*Guard, error) {
	if path == "" {
		return nil, errors.New("inproc.Open: no configuration path given (OpenDefault runs the built-in configuration)")
	}
	return open(ctx, path, nil, o)
}

// OpenDefault is Open of the built-in configuration (DefaultConfig): the
// reference extractor and scorer, the 0.80 gate with must-keep
// prohibitions, numeric commitments and entities, and a memory store. It
// is read as if it were policies.hcl in the working directory, and the
// folders of the program's executable are added to Options.PluginDirs, so
// plugins are found in ./bin (where `make build` puts them), beside the
// executable, or on $PATH.
func OpenDefault(ctx context.Context, o Options) (*Guard, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("inproc.OpenDefault: reading the working directory: %w", err)
	}
	o.PluginDirs = append(append([]string(nil), o.PluginDirs...), executableDirs()...)
	return open(ctx, filepath.Join(wd, "policies.hcl"), DefaultConfig(), o)
}

func open(ctx context.Context, path string, src []byte, o Options) (*Guard, error) {
	tenant := o.Tenant
	if tenant == "" {
		tenant = DefaultTenant
	}
	rt, err := runtime.Open(ctx, path, runtime.Options{Store: o.Store, Logger: o.Logger, Source: src, PluginDirs: o.PluginDirs})
	if err != nil {
		if runtime.IsConfigError(err) {
			return nil, err
		}
		return nil, fmt.Errorf("starting compactguard with %s: %w", path, err)
	}
	return &Guard{tenant: tenant, rt: rt}, nil
}

// IsConfigError reports whether err is a configuration problem (its text
// has a file:line:col line per problem).
func IsConfigError(err error) bool { return runtime.IsConfigError(err) }

// executableDirs are the folder of the running executable and, when it is
// a symlink, the folder of its target.
func executableDirs() []string {
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	dirs := []string{filepath.Dir(exe)}
	if real, err := filepath.EvalSymlinks(exe); err == nil && filepath.Dir(real) != dirs[0] {
		dirs = append(dirs, filepath.Dir(real))
	}
	return dirs
}

// Close stops the plugin processes and closes the store. It waits for
// calls in flight to return; later calls get ErrClosed. Closing twice is
// a no-op.
func (g *Guard) Close() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return nil
	}
	g.closed = true
	return g.rt.Close()
}

// Tenant is the tenant this Guard keeps its sessions under.
func (g *Guard) Tenant() string { return g.tenant }

// acquire holds the Guard open for one call; release with the returned
// func. It fails with ErrClosed after Close.
func (g *Guard) acquire() (*guard.Guard, func(), error) {
	g.mu.RLock()
	if g.closed {
		g.mu.RUnlock()
		return nil, nil, ErrClosed
	}
	return g.rt.Guard, g.mu.RUnlock, nil
}

// CreateSession creates an empty session with the configured budget and
// the first phase's policy. An id in use is ErrSessionExists.
func (g *Guard) CreateSession(ctx context.Context, id string) (*Session, error) {
	gd, release, err := g.acquire()
	if err != nil {
		return nil, err
	}
	defer release()
	if err := gd.CreateSession(ctx, g.tenant, id); err != nil {
		return nil, fmt.Errorf("creating session %q: %w", id, err)
	}
	return &Session{g: g, id: id}, nil
}

// Session opens an existing session (one this program created earlier on
// a persistent store, or one `serve` created for the same tenant). An
// unknown id is ErrSessionNotFound.
func (g *Guard) Session(ctx context.Context, id string) (*Session, error) {
	gd, release, err := g.acquire()
	if err != nil {
		return nil, err
	}
	defer release()
	if _, err := gd.State(ctx, g.tenant, id); err != nil {
		return nil, fmt.Errorf("opening session %q: %w", id, err)
	}
	return &Session{g: g, id: id}, nil
}
