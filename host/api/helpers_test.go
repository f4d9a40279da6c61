package api_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/compactguard/compactguard/client"
	"github.com/compactguard/compactguard/host/api"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/plugins"
	"github.com/compactguard/compactguard/host/runtime"
	"github.com/compactguard/compactguard/host/tokens"
	"github.com/compactguard/compactguard/plugins/extractor-regex/extractor"
	"github.com/compactguard/compactguard/plugins/policy-phase/phaseplugin"
	"github.com/compactguard/compactguard/plugins/scorer-embedding/scorer"
)

// Credentials of the test deployment.
const (
	tokenAcme   = "token-acme-3b1f"
	tokenGlobex = "token-globex-9c2d"
	authSecret  = "budget-admin-secret-51e0"
)

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// testConfig is a small deployment: two phases, two policies, the budget
// authority pinned by the sha256 of authSecret.
var testConfig = `
guard {
  tokenizer = "o200k_base"
  store     = "memory"
}
authority "budget-admin" {
  credential_sha256 = "` + sha(authSecret) + `"
}
budget {
  tokens    = 48000
  authority = "budget-admin"
}
plugin "extractor" "regex" { command = "extractor-regex" }
plugin "scorer" "embedding" { command = "scorer-embedding" }
plugin "policy" "phase" { command = "policy-phase" }
gate "compaction" {
  threshold = 0.80
  must_keep = ["prohibition", "numeric_commitment", "entity"]
}
phase "exploration" { policy = "explore" }
phase "synthesis" {
  policy      = "synthesize"
  enter_above = 0.7
  exit_below  = 0.5
}
policy "explore" {
  top_k = 2
  category "recent" {
    match = span.kind == "tool_result"
    cap   = 4000
    score = span.recency
  }
}
policy "synthesize" {
  top_k = 4
  category "reads" {
    match = span.kind == "tool_result"
    cap   = 8000
    score = span.recency
  }
}
`

// failingStore is the memory store with switches: Update (every write)
// and Ping can be made to fail, and the readiness probe (ProbeCommit) to
// hang until its deadline.
type failingStore struct {
	ledger.Store
	failUpdate atomic.Bool
	failPing   atomic.Bool
	hangProbe  atomic.Bool
}

var errDisk = errors.New("disk on fire")

func (s *failingStore) Update(ctx context.Context, tenant, session string, fn func(ledger.Tx) error) error {
	if s.failUpdate.Load() {
		return errDisk
	}
	return s.Store.Update(ctx, tenant, session, fn)
}

func (s *failingStore) Ping(ctx context.Context) error {
	if s.failPing.Load() {
		return errDisk
	}
	return s.Store.Ping(ctx)
}

// ProbeCommit fails as a write would: when writes fail or the store does
// not answer.
func (s *failingStore) ProbeCommit(ctx context.Context) error {
	if s.hangProbe.Load() {
		<-ctx.Done()
		return ctx.Err()
	}
	if s.failUpdate.Load() {
		return errDisk
	}
	return s.Ping(ctx)
}

// fakePlugins stands in for the plugin manager in readiness and metrics tests.
type fakePlugins struct{ infos []plugins.Info }

func (f *fakePlugins) Infos() []plugins.Info { return f.infos }

// env is a running test server and clients for each credential.
type env struct {
	srv     *api.Server
	url     string
	store   *failingStore
	acme    *client.Client
	globex  *client.Client
	auth    *client.Client
	nobody  *client.Client
	plugins *fakePlugins
}

// testOptions builds server options over an in-process guard (the
// reference plugins linked in, no subprocess) and an in-memory store.
func testOptions(t *testing.T) (api.Options, *failingStore, *fakePlugins) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "policies.hcl")
	if err := os.WriteFile(path, []byte(testConfig), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, pols, err := runtime.LoadConfig(path)
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	tok, err := tokens.New(cfg.Guard.Tokenizer)
	if err != nil {
		t.Fatal(err)
	}
	x, err := extractor.New()
	if err != nil {
		t.Fatal(err)
	}
	store := &failingStore{Store: ledger.NewMemory()}
	set := guard.Settings{
		Threshold: cfg.Gate.Threshold, MustKeep: cfg.Gate.MustKeep,
		GapWarning: cfg.Gate.GapWarning, TrendWindow: cfg.Gate.TrendWindow,
		Budget: cfg.Budget.Tokens, BudgetAuthority: cfg.Budget.Authority,
		Authorities: map[string]guard.Authority{"budget-admin": guard.NewAuthority("budget-admin", authSecret)},
		Policies:    pols,
	}
	for _, ph := range cfg.Phases {
		set.Phases = append(set.Phases, guard.Phase{Name: ph.Name, Policy: ph.Policy, EnterAbove: ph.EnterAbove, ExitBelow: ph.ExitBelow})
	}
	g, err := guard.New(guard.Options{
		Store: store, Tokens: tok, Extractors: []guard.Extractor{{Name: "regex", Extractor: x}},
		Scorer: scorer.New(), ScorerName: "embedding", Policy: phaseplugin.New(), Settings: set,
	})
	if err != nil {
		t.Fatal(err)
	}
	fp := &fakePlugins{infos: []plugins.Info{
		{Kind: "extractor", Name: "regex", PID: 101},
		{Kind: "scorer", Name: "embedding", PID: 102, Restarts: 2},
		{Kind: "policy", Name: "phase", PID: 103},
	}}
	authority := cfg.Authority("budget-admin")
	o := api.Options{
		Guard: g, Store: store, Plugins: fp,
		Tenants:         []api.Tenant{{Name: "acme", Token: tokenAcme}, {Name: "globex", Token: tokenGlobex}},
		BudgetAuthority: "budget-admin",
		VerifyAuthority: func(c string) bool { return authority.Verify(c, os.LookupEnv) },
		MaxBodyBytes:    64 << 10,
		// Every readiness look probes the store afresh, so a test sees a
		// change at once instead of the last second's result.
		ReadyProbeEvery: time.Nanosecond,
	}
	return o, store, fp
}

// newEnv starts a test server; tweak adjusts its options first.
func newEnv(t *testing.T, tweak ...func(*api.Options)) *env {
	t.Helper()
	o, store, fp := testOptions(t)
	for _, f := range tweak {
		f(&o)
	}
	srv, err := api.New(o)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return &env{
		srv: srv, url: hs.URL, store: store, plugins: fp,
		acme:   client.New(hs.URL, tokenAcme),
		globex: client.New(hs.URL, tokenGlobex),
		auth:   client.New(hs.URL, authSecret),
		nobody: client.New(hs.URL, ""),
	}
}

// Spans of a small session: a prohibition, a numeric commitment, tool output.
var baseSpans = []client.Span{
	{ID: "s1", Kind: "user", Text: "Migrate the orders table to orders_v2. Do not run DROP TABLE on legacy_orders: finance still reads it."},
	{ID: "s2", Kind: "assistant", Text: "I will look at the schema first."},
	{ID: "s3", Kind: "tool_result", Text: "CREATE TABLE orders (id bigint primary key, total numeric);", Meta: map[string]string{"tool": "read", "path": "schema.sql"}},
	{ID: "s4", Kind: "tool_result", Text: "CREATE TABLE orders (id bigint primary key, total numeric);", Meta: map[string]string{"tool": "read", "path": "schema.sql"}},
	{ID: "s5", Kind: "user", Text: "Keep the batch size at 500 rows per transaction."},
}

// session creates a session for c with baseSpans appended.
func (e *env) session(t *testing.T, c *client.Client, id string) {
	t.Helper()
	ctx := context.Background()
	if _, err := c.CreateSession(ctx, id); err != nil {
		t.Fatalf("create %s: %v", id, err)
	}
	if _, err := c.Append(ctx, id, baseSpans); err != nil {
		t.Fatalf("append %s: %v", id, err)
	}
}

// snapshot is what a request that must write nothing must leave unchanged.
type snapshot struct {
	version   int64
	budget    int
	decisions int
}

func (e *env) snap(t *testing.T, id string) snapshot {
	t.Helper()
	ctx := context.Background()
	st, err := e.acme.Session(ctx, id)
	if err != nil {
		t.Fatalf("state: %v", err)
	}
	tr, err := e.acme.Decisions(ctx, id)
	if err != nil {
		t.Fatalf("decisions: %v", err)
	}
	if !tr.ChainOK {
		t.Fatalf("chain broken: %s", tr.ChainError)
	}
	return snapshot{version: st.Version, budget: st.Budget, decisions: len(tr.Decisions)}
}
