// Package runtime assembles a running host from policies.hcl: it compiles
// the policies, starts and supervises the plugins, opens the store and
// builds the guard. The CLI and the API server both start here, so every
// entry point enforces the same configuration.
package runtime

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
	"github.com/compactguard/compactguard/host/plugins"
	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/host/tokens"
	"github.com/compactguard/compactguard/sdk"
)

// Runtime is a running host. Close it on every exit path: it kills the
// plugin processes.
type Runtime struct {
	Config  *config.Config
	Guard   *guard.Guard
	Plugins *plugins.Manager
	Store   ledger.Store
	Log     hclog.Logger
}

// Options adjust Open.
type Options struct {
	// Store overrides the configured store (replay uses memory by default).
	Store ledger.Store
	// Logger receives host and forwarded plugin logs.
	Logger hclog.Logger
}

// LoadConfig reads and validates policies.hcl and compiles its policies.
// Problems come back as one error whose text has a file:line:col line per
// problem (config.Error, usable with errors.As).
func LoadConfig(path string) (*config.Config, map[string]*policy.Policy, error) {
	cfg, diags := config.LoadFile(path)
	pols := map[string]*policy.Policy{}
	if !diags.HasErrors() {
		src, _ := os.ReadFile(path)
		for _, pb := range cfg.Policies {
			p, pd := policy.DecodeWithSource(pb.Name, pb.Body, pb.DeclRange, src)
			diags = append(diags, pd...)
			if p != nil {
				pols[pb.Name] = p
			}
		}
	}
	if diags.HasErrors() {
		return cfg, nil, config.DiagnosticsError(cfg.Files(), diags)
	}
	return cfg, pols, nil
}

// Specs turns the config's plugin blocks into what the plugin loader starts.
func Specs(cfg *config.Config) []plugins.Spec {
	var specs []plugins.Spec
	for _, p := range cfg.Plugins {
		specs = append(specs, plugins.Spec{
			Kind: p.Kind, Name: p.Name, Command: p.Command, Args: p.Args, SHA256: p.SHA256,
			Timeout: p.Timeout, StartTimeout: p.StartTimeout, Env: p.Env, Config: p.Config,
			Dir: cfg.Dir, Range: p.DeclRange,
		})
	}
	return specs
}

// LockFilePath is where `plugins lock` writes and the loader reads the lock file.
func LockFilePath(cfg *config.Config) string {
	return filepath.Join(cfg.Dir, plugins.LockFileName)
}

// Open loads the config, starts every plugin and builds the guard.
func Open(ctx context.Context, path string, o Options) (*Runtime, error) {
	log := o.Logger
	if log == nil {
		log = hclog.New(&hclog.LoggerOptions{Name: "compactguard", Level: hclog.Warn, Output: os.Stderr})
	}
	cfg, pols, err := LoadConfig(path)
	if err != nil {
		return nil, err
	}
	tok, err := tokens.New(cfg.Guard.Tokenizer)
	if err != nil {
		return nil, fmt.Errorf("%s: guard.tokenizer: %w", cfg.Filename, err)
	}
	store := o.Store
	if store == nil {
		store, err = OpenStore(ctx, cfg)
		if err != nil {
			return nil, err
		}
	}
	mgr, err := plugins.Start(ctx, Specs(cfg), log, plugins.WithLockFile(LockFilePath(cfg)),
		plugins.WithEvalContext(cfg.EvalContext()), plugins.WithDeniedEnv(secretEnvNames(cfg)...))
	if err != nil {
		store.Close()
		return nil, err
	}
	set, err := settings(cfg, pols)
	if err != nil {
		mgr.Close()
		store.Close()
		return nil, err
	}
	opts := guard.Options{Store: store, Tokens: tok, Scorer: mgr.Scorer(), Policy: mgr.Policy(), Settings: set, Logger: log.Named("guard")}
	opts.ExtractorSet = extractorSet(mgr.Infos())
	for _, in := range mgr.Infos() {
		switch in.Kind {
		case sdk.KindScorer:
			opts.ScorerName = in.Name
		case sdk.KindPolicy:
			opts.PolicyName = in.Name
		}
	}
	// Extractors() follows the order of the extractor supervisors.
	var names []string
	for _, s := range mgr.Supervisors() {
		if s.Kind() == sdk.KindExtractor {
			names = append(names, s.Name())
		}
	}
	for i, ex := range mgr.Extractors() {
		opts.Extractors = append(opts.Extractors, guard.Extractor{Name: names[i], Extractor: ex})
	}
	g, err := guard.New(opts)
	if err != nil {
		mgr.Close()
		store.Close()
		return nil, err
	}
	return &Runtime{Config: cfg, Guard: g, Plugins: mgr, Store: store, Log: log}, nil
}

// Close kills every plugin and closes the store.
func (r *Runtime) Close() error {
	r.Plugins.Close()
	return r.Store.Close()
}

// OpenStore opens the store the config names.
func OpenStore(ctx context.Context, cfg *config.Config) (ledger.Store, error) {
	st := cfg.Guard.Store
	switch st.Kind {
	case config.StoreMemory, "":
		return ledger.NewMemory(), nil
	case config.StoreSQLite:
		s, err := sqlstore.Open(ctx, "sqlite", st.Path)
		if err != nil {
			return nil, fmt.Errorf("%s: guard.store %s: %w", cfg.Filename, st.String(), err)
		}
		return s, nil
	case config.StorePostgres:
		s, err := sqlstore.Open(ctx, "postgres", st.DSN)
		if err != nil {
			// st.String() redacts the DSN, which may hold a password.
			return nil, fmt.Errorf("%s: guard.store %s: %w", cfg.Filename, st.String(), err)
		}
		return s, nil
	default:
		return nil, fmt.Errorf("%s: guard.store: unknown store kind %q", cfg.Filename, st.Kind)
	}
}

func settings(cfg *config.Config, pols map[string]*policy.Policy) (guard.Settings, error) {
	set := guard.Settings{
		Threshold: cfg.Gate.Threshold, MustKeep: cfg.Gate.MustKeep,
		GapWarning: cfg.Gate.GapWarning, TrendWindow: cfg.Gate.TrendWindow,
		Budget: cfg.Budget.Tokens, BudgetAuthority: cfg.Budget.Authority,
		Authorities: map[string]guard.Authority{}, Policies: pols,
	}
	for _, a := range cfg.Authorities {
		switch {
		case a.CredentialSHA256 != "":
			raw, err := hex.DecodeString(a.CredentialSHA256)
			if err != nil || len(raw) != 32 {
				return set, fmt.Errorf("authority %q: credential_sha256 is not a sha256 hex digest", a.Name)
			}
			var sum [32]byte
			copy(sum[:], raw)
			set.Authorities[a.Name] = guard.NewAuthorityHash(a.Name, sum)
		default:
			// An unset variable yields an authority nothing satisfies.
			set.Authorities[a.Name] = guard.NewAuthority(a.Name, os.Getenv(a.CredentialEnv))
		}
	}
	for _, ph := range cfg.Phases {
		set.Phases = append(set.Phases, guard.Phase{Name: ph.Name, Policy: ph.Policy, EnterAbove: ph.EnterAbove, ExitBelow: ph.ExitBelow})
	}
	return set, nil
}

// extractorSet fingerprints the running extractors: name, version and
// binary sha256 of each, in order.
func extractorSet(infos []plugins.Info) string {
	h := sha256.New()
	for _, in := range infos {
		if in.Kind == sdk.KindExtractor {
			fmt.Fprintf(h, "%s@%s:%s;", in.Name, in.Version, in.SHA256)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// secretEnvNames are the host variables that hold credentials: no plugin
// may list them in its env allow-list.
func secretEnvNames(cfg *config.Config) []string {
	var out []string
	for _, a := range cfg.Authorities {
		if a.CredentialEnv != "" {
			out = append(out, a.CredentialEnv)
		}
	}
	for _, t := range cfg.API.Tenants {
		out = append(out, t.TokenEnv)
	}
	return out
}

// PolicyNames lists compiled policies, sorted.
func PolicyNames(pols map[string]*policy.Policy) []string {
	out := make([]string, 0, len(pols))
	for n := range pols {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// IsConfigError reports whether err is a configuration problem (exit 1).
func IsConfigError(err error) bool {
	var ce *config.Error
	return errors.As(err, &ce)
}
