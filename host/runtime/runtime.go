// Package runtime assembles a running host from policies.hcl: it compiles
// the policies, starts and supervises the plugins, opens the store and
// builds the guard. The CLI and the API server both start here, so every
// entry point enforces the same configuration.
package runtime

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/hcl/v2"

	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
	"github.com/compactguard/compactguard/host/plugins"
	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/host/tokens"
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
	// Source, when set, is the configuration itself, read as if from the
	// path given to Open (which need not exist): a command with a built-in
	// default configuration, like `hook claude-code`, need not write it to
	// disk first. Relative paths in it resolve against the path's folder.
	Source []byte
	// PluginDirs are further folders where a plugin whose command is a
	// bare name is looked for, after the config's folder and its bin/ and
	// before ./bin and $PATH. The Claude Code hook runs from whatever
	// folder the session is in, so it passes the folder of its own
	// executable, where `make build` puts the plugins.
	PluginDirs []string
}

// LoadConfig reads and validates policies.hcl and compiles its policies.
// Problems come back as one error whose text has a file:line:col line per
// problem (config.Error, usable with errors.As).
func LoadConfig(path string) (*config.Config, map[string]*policy.Policy, error) {
	cfg, diags := config.LoadFile(path)
	var src []byte
	if !diags.HasErrors() {
		// Only for policy diagnostics' snippets: LoadFile read it already.
		src, _ = os.ReadFile(path)
	}
	return compile(cfg, diags, src)
}

// LoadConfigSource is LoadConfig of src, read as if from path.
func LoadConfigSource(path string, src []byte) (*config.Config, map[string]*policy.Policy, error) {
	cfg, diags := config.Parse(src, path)
	return compile(cfg, diags, src)
}

// compile compiles the policies of a decoded config and turns every
// problem into one error.
func compile(cfg *config.Config, diags hcl.Diagnostics, src []byte) (*config.Config, map[string]*policy.Policy, error) {
	pols := map[string]*policy.Policy{}
	if !diags.HasErrors() {
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

// Specs returns the config's plugin blocks, which the config package
// decodes straight into the spec the plugin loader starts.
func Specs(cfg *config.Config) []plugins.Spec {
	return slices.Clone(cfg.Plugins)
}

// withPluginDirs points each spec whose command is a bare name found in
// none of the config's own folders (Dir, Dir/bin) at the first of dirs
// that holds an executable of that name. The plugin loader then takes the
// absolute path as given (and still checks its sha256 pin). The config's
// folders keep precedence so a config that ships its plugins beside itself
// is not overridden; a name found nowhere is left for the loader to look
// up in ./bin and $PATH and to report with every place it looked.
func withPluginDirs(specs []plugins.Spec, dirs []string) []plugins.Spec {
	if len(dirs) == 0 {
		return specs
	}
	out := make([]plugins.Spec, len(specs))
	copy(out, specs)
	for i, s := range out {
		if s.Command == "" || filepath.IsAbs(s.Command) || strings.ContainsRune(s.Command, filepath.Separator) {
			continue
		}
		if s.Dir != "" && (isExecutable(filepath.Join(s.Dir, s.Command)) || isExecutable(filepath.Join(s.Dir, "bin", s.Command))) {
			continue
		}
		for _, d := range dirs {
			if p := filepath.Join(d, s.Command); d != "" && filepath.IsAbs(p) && isExecutable(p) {
				out[i].Command = p
				break
			}
		}
	}
	return out
}

// isExecutable reports whether path is a regular file with an execute bit.
func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
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
	var (
		cfg  *config.Config
		pols map[string]*policy.Policy
		err  error
	)
	if o.Source != nil {
		cfg, pols, err = LoadConfigSource(path, o.Source)
	} else {
		cfg, pols, err = LoadConfig(path)
	}
	if err != nil {
		return nil, err
	}
	tok, err := tokens.New(cfg.Guard.Tokenizer)
	if err != nil {
		return nil, fmt.Errorf("%s: guard.tokenizer: %w", cfg.Filename, err)
	}
	// The signing key is read before anything starts, so a bad one stops
	// every command that loads the config (validate included), not only
	// those that write.
	signer, err := LoadSigner(cfg)
	if err != nil {
		return nil, err
	}
	// A store the caller passed stays the caller's to close when Open
	// fails; one Open opened is closed here.
	store := o.Store
	closeStore := func() {}
	if store == nil {
		store, err = OpenStore(ctx, cfg)
		if err != nil {
			return nil, err
		}
		closeStore = func() { store.Close() }
	}
	mgr, err := plugins.Start(ctx, withPluginDirs(Specs(cfg), o.PluginDirs), log, plugins.WithLockFile(LockFilePath(cfg)),
		plugins.WithEvalContext(cfg.EvalContext()), plugins.WithDeniedEnv(secretEnvNames(cfg)...))
	if err != nil {
		closeStore()
		return nil, err
	}
	set, err := settings(cfg, pols)
	if err != nil {
		mgr.Close()
		closeStore()
		return nil, err
	}
	opts := guard.Options{Store: store, Tokens: tok, Settings: set, Logger: log.Named("guard"), ExtractorSet: extractorSet(mgr.Extractors())}
	for _, ex := range mgr.Extractors() {
		opts.Extractors = append(opts.Extractors, guard.Extractor{Name: ex.Name(), Extractor: ex})
	}
	// The gate's scorers, in its order (config validation checked every
	// name is a declared scorer).
	for _, name := range cfg.Gate.Scorers {
		for _, s := range mgr.Scorers() {
			if s.Name() == name {
				opts.Scorers = append(opts.Scorers, guard.Scorer{Name: name, Scorer: s})
			}
		}
	}
	if s := mgr.Scorer(); s != nil {
		// The one-scorer form, used only when the gate lists none
		// (validation fills the list with every declared scorer).
		opts.Scorer = s
	}
	if p := mgr.Policy(); p != nil {
		opts.Policy, opts.PolicyName = p, p.Name()
	}
	if signer != nil {
		cs, err := checkpointed(cfg, store, signer, log)
		if err != nil {
			mgr.Close()
			closeStore()
			return nil, err
		}
		store, opts.Store = cs, cs
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

// LoadSigner reads the audit block's signing key; nil when the config
// names none. Errors name the config, the setting and the key's file or
// variable.
func LoadSigner(cfg *config.Config) (*ledger.Signer, error) {
	a := cfg.Audit
	var (
		key     ed25519.PrivateKey
		err     error
		setting string
	)
	switch {
	case a.SigningKeyFile != "":
		setting = "audit.signing_key_file"
		key, err = ledger.LoadPrivateKeyFile(a.SigningKeyFile)
	case a.SigningKeyEnv != "":
		setting = "audit.signing_key_env"
		key, err = ledger.LoadPrivateKeyEnv(a.SigningKeyEnv, os.LookupEnv)
	default:
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %w", cfg.Filename, setting, err)
	}
	return ledger.NewSigner(key), nil
}

// checkpointed wraps store so that every update extending a session's
// chains leaves a checkpoint signed by signer, kept in the store and in
// the configured journal. The memory store is left as it is: it keeps
// nothing past the process, and a journal would then vouch for sessions
// no store holds (which `audit verify` reports as deleted).
func checkpointed(cfg *config.Config, store ledger.Store, signer *ledger.Signer, log hclog.Logger) (ledger.Store, error) {
	if _, mem := store.(*ledger.Memory); mem {
		return store, nil
	}
	o := ledger.CheckpointOptions{}
	if path := cfg.Audit.CheckpointFile; path != "" {
		j, err := ledger.OpenJournal(path)
		if err != nil {
			return nil, fmt.Errorf("%s: audit.checkpoint_file: %w", cfg.Filename, err)
		}
		o.Journal = j
		jlog := log.Named("audit")
		o.OnJournalError = func(cp ledger.Checkpoint, err error) {
			jlog.Error("checkpoint not journaled; the store keeps it and the next one covers it",
				"tenant", cp.Tenant, "session", cp.Session, "decisions", cp.Decisions, "records", cp.Records, "error", err)
		}
	}
	return ledger.NewCheckpointStore(store, signer, o), nil
}

func settings(cfg *config.Config, pols map[string]*policy.Policy) (guard.Settings, error) {
	set := guard.Settings{
		Threshold: cfg.Gate.Threshold, MustKeep: cfg.Gate.MustKeep,
		GapWarning: cfg.Gate.GapWarning, TrendWindow: cfg.Gate.TrendWindow, CandidateFrames: cfg.Gate.CandidateFrames,
		Budget: cfg.Budget.Tokens, BudgetAuthority: cfg.Budget.Authority,
		Authorities: map[string]guard.Authority{}, Policies: pols, PolicyLimits: cfg.Guard.PolicyLimits,
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
func extractorSet(exs []plugins.Extractor) string {
	h := sha256.New()
	for _, ex := range exs {
		in := ex.Info()
		fmt.Fprintf(h, "%s@%s:%s;", in.Name, in.Version, in.SHA256)
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
	if cfg.Audit.SigningKeyEnv != "" {
		out = append(out, cfg.Audit.SigningKeyEnv)
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
