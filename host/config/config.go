package config

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"path/filepath"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"

	"github.com/compactguard/compactguard/host/plugins"
	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/sdk"
)

// Defaults applied when an optional attribute or block is absent. They are
// exported so the documentation test and the rest of the host quote the
// same numbers the decoder uses.
const (
	DefaultTokenizer    = "o200k_base"
	DefaultStore        = "memory"
	DefaultListen       = "127.0.0.1:7700"
	DefaultMaxBodyBytes = 8 << 20 // 8 MiB
	// DefaultMaxSpansPerBatch is api.max_spans_per_batch's default: eight
	// times the batch `replay` sends, and far below the 100k-span append
	// that held the store's writer for 14 s.
	DefaultMaxSpansPerBatch = 4096
	// DefaultAuthFailBurst is api.auth_fail_burst's default.
	DefaultAuthFailBurst = 10
	// DefaultTenantMaxInflight, DefaultTenantRate and DefaultTenantBurst
	// are api.tenant_max_inflight, tenant_rate and tenant_burst's
	// defaults: room for a busy orchestrator, not for one tenant to take
	// every core and store connection.
	DefaultTenantMaxInflight = 16
	DefaultTenantRate        = 200.0
	DefaultTenantBurst       = 400
	// DefaultReadHeaderTimeout, DefaultReadTimeout and DefaultIdleTimeout
	// are the api block's read_header_timeout, read_timeout and
	// idle_timeout defaults. read_timeout is longer when max_body_bytes
	// needs it: see ReadTimeoutFor.
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 2 * time.Minute
	DefaultIdleTimeout       = 2 * time.Minute
	// MinUploadRate is the slowest upload read_timeout's default leaves
	// time for: 128 KiB/s, a poor mobile link.
	MinUploadRate       = 128 << 10
	DefaultTimeout      = plugins.DefaultTimeout
	DefaultStartTimeout = plugins.DefaultStartTimeout
	DefaultThreshold    = 0.80
	DefaultGapWarning   = 0.15
	DefaultTrendWindow  = 3
	// GateCompaction is the only gate label the host knows.
	GateCompaction = "compaction"
	// HookClaudeCode is the only hook label the host knows: the Claude
	// Code hooks of `compactguard hook claude-code`.
	HookClaudeCode = "claude-code"
)

// DefaultMustKeep returns the must_keep categories used when a gate does
// not name its own: the categories whose loss refuses a compaction on its
// own. It returns a fresh slice each call so no caller can change the
// default for another.
func DefaultMustKeep() []string {
	return []string{sdk.CategoryProhibition, sdk.CategoryNumericCommitment, sdk.CategoryEntity}
}

// Tokenizers lists the encodings accepted by guard.tokenizer: the ones
// github.com/tiktoken-go/tokenizer's Get can build. A fresh slice each call.
func Tokenizers() []string {
	return []string{"o200k_base", "cl100k_base", "r50k_base", "p50k_base", "p50k_edit"}
}

// Config is a decoded and validated policies.hcl. Every field is typed and
// every default applied, so the rest of the host reads values, never HCL;
// only the plugin config bodies and the policy bodies stay as hcl.Body,
// because their schema belongs to the plugin and to host/policy.
type Config struct {
	// Filename is the file as it was named to LoadFile or Parse; the
	// diagnostics' ranges carry the same name.
	Filename string
	// Dir is the absolute folder of the file. Relative paths in the file
	// (a sqlite store, TLS files, plugin commands) are relative to it.
	Dir string

	Guard       Guard
	API         API
	Authorities []Authority
	Budget      Budget
	Plugins     []Plugin
	Gate        Gate
	Phases      []Phase
	Policies    []PolicyBlock
	// Hooks are the `hook` blocks, at most one per harness.
	Hooks []Hook
	// Audit says how the audit trail is anchored outside the store.
	Audit Audit

	files   map[string]*hcl.File
	evalCtx *hcl.EvalContext
}

// Guard holds host-wide settings: how tokens are counted and where the
// ledger lives.
type Guard struct {
	// Tokenizer is a tiktoken encoding name, one of Tokenizers().
	Tokenizer string
	Store     Store
	// PolicyLimits bound policy text from a tenant or a policy plugin
	// before it is parsed, and the cost of evaluating a policy (guard {
	// policy_limits }); policy.DefaultLimits where not set.
	PolicyLimits policy.Limits
	// DeclRange is where the guard block starts; zero when it is absent.
	DeclRange hcl.Range
}

// StoreKind names a ledger store backend.
type StoreKind string

// The ledger store backends. Memory loses everything on exit; sqlite is the
// embedded single-node store; postgres lets replicas share state.
const (
	StoreMemory   StoreKind = "memory"
	StoreSQLite   StoreKind = "sqlite"
	StorePostgres StoreKind = "postgres"
)

// Store says where the ledger lives, parsed from guard.store
// ("memory", "sqlite:PATH" or "postgres:DSN").
type Store struct {
	Kind StoreKind
	// Path is the sqlite database file, made absolute against Config.Dir
	// (":memory:" is kept as it is).
	Path string
	// DSN is the PostgreSQL connection string. It may hold a password taken
	// from the environment: print Store with String, which redacts it.
	DSN string
	// Range is the range of the store value; zero when it was defaulted.
	Range hcl.Range
}

// String renders the store for logs without the PostgreSQL DSN, which may
// carry a password.
func (s Store) String() string {
	switch s.Kind {
	case StoreSQLite:
		return "sqlite:" + s.Path
	case StorePostgres:
		return "postgres:<redacted>"
	default:
		return string(s.Kind)
	}
}

// API configures the orchestrator HTTP API served by `compactguard serve`.
type API struct {
	Listen string
	// TLSCert and TLSKey are both set or both empty; relative paths are made
	// absolute against Config.Dir.
	TLSCert      string
	TLSKey       string
	MaxBodyBytes int64
	// MaxSpansPerBatch bounds the spans of one request (an append's
	// spans, a compaction's originals); more is 413.
	MaxSpansPerBatch int
	// AuthFailBurst is how many failed authentications in a row one
	// client address may make before it is throttled; 0 turns the
	// throttle off.
	AuthFailBurst int
	// TenantMaxInflight is how many requests one tenant may have in
	// flight at once; TenantRate (requests per second) and TenantBurst
	// its token bucket. Past either, a request is answered 429 with
	// Retry-After. 0 turns each off.
	TenantMaxInflight int
	TenantRate        float64
	TenantBurst       int
	// ReadHeaderTimeout bounds reading a request's headers, ReadTimeout
	// the whole request with its body, IdleTimeout how long a kept-alive
	// connection may wait for its next request. A client that trickles
	// its request in holds a connection and a goroutine until then.
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	IdleTimeout       time.Duration
	Tenants           []Tenant
	// DeclRange is where the api block starts; zero when it is absent.
	DeclRange hcl.Range
}

// ReadTimeoutFor is read_timeout's default for a max_body_bytes: two
// minutes, or longer when the largest body needs it at MinUploadRate (plus
// the headers' time), so a legitimate upload at a modest rate is never
// cut off while a trickle of a byte a second still is.
func ReadTimeoutFor(maxBodyBytes int64) time.Duration {
	need := DefaultReadHeaderTimeout + time.Duration(maxBodyBytes/MinUploadRate+1)*time.Second
	return max(DefaultReadTimeout, need)
}

// Tenant is one caller of the API and the environment variable that holds
// its bearer token. The token itself is never read into Config.
type Tenant struct {
	Name      string
	TokenEnv  string
	DeclRange hcl.Range
}

// Authority is a named principal allowed to change the token budget,
// authenticated by its own credential (invariant 4). Exactly one of
// CredentialEnv and CredentialSHA256 is set; neither holds the credential.
type Authority struct {
	Name string
	// CredentialEnv names the host environment variable that holds the
	// credential.
	CredentialEnv string
	// CredentialSHA256 is the lowercase hex sha256 of the credential, so a
	// committed config can name a demo credential without an environment.
	CredentialSHA256 string
	DeclRange        hcl.Range
}

// Verify reports whether credential authenticates a. lookupEnv is
// os.LookupEnv in production; it is a parameter so tests and replays need
// not touch the process environment. An empty credential, or an
// environment variable that is unset or empty, never verifies.
//
// Both sides are hashed with sha256 and the digests compared in constant
// time: subtle.ConstantTimeCompare returns at once on a length mismatch,
// so comparing the raw strings would tell a caller timing the answers how
// long the credential is. Digests always have the same length.
func (a *Authority) Verify(credential string, lookupEnv func(string) (string, bool)) bool {
	if a == nil || credential == "" {
		return false
	}
	got := sha256.Sum256([]byte(credential))
	switch {
	case a.CredentialEnv != "":
		want, ok := lookupEnv(a.CredentialEnv)
		if !ok || want == "" {
			return false
		}
		sum := sha256.Sum256([]byte(want))
		return subtle.ConstantTimeCompare(got[:], sum[:]) == 1
	case a.CredentialSHA256 != "":
		want, err := hex.DecodeString(a.CredentialSHA256)
		if err != nil || len(want) != sha256.Size {
			return false
		}
		return subtle.ConstantTimeCompare(got[:], want) == 1
	}
	return false
}

// MaxBudgetTokens is the largest token budget: budget.tokens, and any
// budget the authority sets at run time (guard.MaxBudgetTokens is the same
// number; host/runtime's tests pin them equal). 2^30, about a billion
// tokens, is a hundred times the largest context window a model offers
// today, and keeps the budget arithmetic (worst-case retained tokens,
// their excess over the budget) far from integer overflow, even where an
// int has 32 bits.
const MaxBudgetTokens = 1 << 30

// Budget is the initial token budget of every session and the authority
// that alone may change it.
type Budget struct {
	Tokens    int
	Authority string
	DeclRange hcl.Range
}

// Plugin is one `plugin "KIND" "NAME"` block: how to start the plugin and
// the config it is handed once it has declared its schema. It is the spec
// the plugin loader starts (plugins.Spec), decoded straight from the file:
// Dir is Config.Dir, an absent config block is an empty body whose
// ConfigRange is the block's DeclRange, and absent timeouts are the
// defaults.
type Plugin = plugins.Spec

// Gate is the compaction gate: the anchored score a compaction must reach
// and the categories whose loss refuses on its own.
type Gate struct {
	Name      string
	Threshold float64
	MustKeep  []string
	// GapWarning is the self-minus-anchored score gap above which a
	// compaction's gap trend raises a warning.
	GapWarning float64
	// TrendWindow is how many recent compactions the gap trend looks at.
	TrendWindow int
	// CandidateFrames makes the host read every candidate with the
	// extractors and send the items to the scorer (ScoreRequest's
	// CandidateItems). Off by default: the reference scorer reads the
	// candidate itself, and the extraction costs about as much as the rest
	// of a decision.
	CandidateFrames bool
	// Scorers names the scorer plugins asked about every compaction, in
	// order; an item is kept only if every one keeps it (strictest wins),
	// and the first also gives the self score. Default: every declared
	// scorer, in declaration order.
	Scorers []string
	// DeclRange is where the gate block starts; zero when it is absent.
	DeclRange hcl.Range
}

// Phase maps a phase a policy plugin can signal to the policy that is
// active in it, with optional hysteresis on the phase score.
type Phase struct {
	Name   string
	Policy string
	// EnterAbove is the score above which the phase is entered; nil when
	// unset (the highest-scoring phase wins).
	EnterAbove *float64
	// ExitBelow is the score below which the phase is left; nil when unset.
	// When both are set, ExitBelow <= EnterAbove.
	ExitBelow *float64
	DeclRange hcl.Range
}

// Hook configures the hooks compactguard installs into one agent harness
// (the block's label names it: "claude-code").
type Hook struct {
	Name string
	// BlockManualCompaction makes the PreCompact hook refuse a compaction
	// the person asked for (/compact) while the session holds must-keep
	// items. An automatic compaction is never refused: blocking it would
	// leave the session with a full context and no way on.
	BlockManualCompaction bool
	DeclRange             hcl.Range
}

// Audit is the `audit` block: the Ed25519 key that signs checkpoints of
// every session's chain heads (host/ledger.CheckpointStore), named here
// and read by the runtime, never by the config, and an optional journal
// file the checkpoints are also appended to. The zero Audit signs nothing.
type Audit struct {
	// SigningKeyFile is the PEM private key's path, made absolute against
	// Config.Dir; exclusive with SigningKeyEnv.
	SigningKeyFile string
	// SigningKeyEnv names the host environment variable that holds the
	// key; like every secret's variable, no plugin may be handed it.
	SigningKeyEnv string
	// CheckpointFile is the append-only journal's path, absolute; empty
	// keeps checkpoints in the store only.
	CheckpointFile string
	// DeclRange is where the audit block starts; zero when it is absent.
	DeclRange hcl.Range
}

// Signs reports whether the audit block names a signing key.
func (a Audit) Signs() bool { return a.SigningKeyFile != "" || a.SigningKeyEnv != "" }

// Hook returns the settings of the hook block named name; a harness
// without a block gets the defaults (nothing blocked).
func (c *Config) Hook(name string) Hook {
	for _, h := range c.Hooks {
		if h.Name == name {
			return h
		}
	}
	return Hook{Name: name}
}

// PolicyBlock is a `policy "NAME"` block kept as HCL: host/policy compiles
// its body (top_k, categories, expressions over span).
type PolicyBlock struct {
	Name      string
	Body      hcl.Body
	DeclRange hcl.Range
}

// Files returns the parsed files by name, for rendering diagnostics with
// source snippets (WriteDiagnostics). It is non-nil even when the Config
// has errors.
func (c *Config) Files() map[string]*hcl.File {
	if c == nil {
		return nil
	}
	return c.files
}

// EvalContext returns the evaluation context the file was decoded with (the
// variable env: the host environment). The loader uses it to decode plugin
// config bodies so `env.NAME` works there as well.
func (c *Config) EvalContext() *hcl.EvalContext {
	if c == nil || c.evalCtx == nil {
		return &hcl.EvalContext{}
	}
	return c.evalCtx
}

// Policy returns the policy block named name, or nil.
func (c *Config) Policy(name string) *PolicyBlock {
	for i := range c.Policies {
		if c.Policies[i].Name == name {
			return &c.Policies[i]
		}
	}
	return nil
}

// Phase returns the phase named name, or nil.
func (c *Config) Phase(name string) *Phase {
	for i := range c.Phases {
		if c.Phases[i].Name == name {
			return &c.Phases[i]
		}
	}
	return nil
}

// PhaseNames returns the declared phase names in file order: the labels a
// policy plugin is asked to score.
func (c *Config) PhaseNames() []string {
	names := make([]string, len(c.Phases))
	for i, p := range c.Phases {
		names[i] = p.Name
	}
	return names
}

// Authority returns the authority named name, or nil.
func (c *Config) Authority(name string) *Authority {
	for i := range c.Authorities {
		if c.Authorities[i].Name == name {
			return &c.Authorities[i]
		}
	}
	return nil
}

// PluginsOf returns the plugins of one kind in file order (the order the
// host unions extractor items in).
func (c *Config) PluginsOf(kind sdk.Kind) []*Plugin {
	var out []*Plugin
	for i := range c.Plugins {
		if c.Plugins[i].Kind == kind {
			out = append(out, &c.Plugins[i])
		}
	}
	return out
}

// ResolvePath makes a path from the file absolute against Dir; an absolute
// path is returned cleaned.
func (c *Config) ResolvePath(p string) string {
	return resolvePath(c.Dir, p)
}

func resolvePath(dir, p string) string {
	if p == "" {
		return ""
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// isEnvName reports whether s is a portable environment variable name.
func isEnvName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// isSHA256Hex reports whether s is 64 hex digits.
func isSHA256Hex(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// normHex lowercases a hex digest so comparisons need not care.
func normHex(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
