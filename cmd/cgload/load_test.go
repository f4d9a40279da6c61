package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/compactguard/compactguard/internal/invcheck"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// loadConfig is the deployment the load test starts: memory store, one
// tenant, the budget authority, short plugin timeouts, and a phase table
// without hysteresis so that compaction output often pulls a signal
// toward another phase (which the guard must then refuse to act on).
const loadConfig = `
guard {
  tokenizer = "o200k_base"
  store     = "memory"
}
api {
  listen          = "127.0.0.1:0"
  auth_fail_burst = 0 # the load sends wrong tokens on purpose, from one address
  tenant_rate     = 0 # one tenant at full speed: the guard is measured, not the limit
  tenant "load" { token_env = "CGLOAD_TEST_TOKEN" }
  tenant "noisy" { token_env = "CGLOAD_TEST_NOISY_TOKEN" }
}
authority "budget-admin" { credential_env = "CGLOAD_TEST_CREDENTIAL" }
budget {
  tokens    = 48000
  authority = "budget-admin"
}
plugin "extractor" "regex" {
  command       = "extractor-regex"
  timeout       = "2s"
  start_timeout = "10s"
}
plugin "scorer" "embedding" {
  command       = "scorer-embedding"
  timeout       = "2s"
  start_timeout = "10s"
  config {
    backend = "hashed"
  }
}
plugin "policy" "phase" {
  command       = "policy-phase"
  timeout       = "2s"
  start_timeout = "10s"
}
gate "compaction" {
  threshold = 0.80
  must_keep = ["prohibition", "numeric_commitment", "entity"]
}
phase "exploration" { policy = "explore" }
phase "synthesis" {
  policy      = "synthesize"
  enter_above = 0.35
}
phase "verification" {
  policy      = "explore"
  enter_above = 0.35
}
phase "repair" {
  policy      = "repair"
  enter_above = 0.35
}
policy "explore" {
  top_k = 40
  category "reads" {
    match = span.kind == "tool_result"
    cap   = 4000
    score = span.recency
  }
}
policy "synthesize" {
  top_k = 40
  category "notes" {
    match = span.kind == "assistant"
    cap   = 4000
    score = span.recency
  }
}
policy "repair" {
  top_k = 30
  category "errors" {
    match = span.kind == "tool_result" && span.meta.exit_code != "" && span.meta.exit_code != "0"
    cap   = 4000
    score = max(span.recency, 0.6)
  }
}
`

// server is a `compactguard serve` subprocess.
type server struct {
	cmd    *exec.Cmd
	url    string
	stderr *bytes.Buffer
	done   chan error
}

// startServer builds compactguard and the reference plugins, starts serve
// on a free loopback port and waits until /readyz answers 200.
func startServer(t *testing.T, token, credential string) *server {
	t.Helper()
	return startServerConfig(t, loadConfig, token, credential, "")
}

// startServerConfig is startServer with another config, and the noisy
// tenant's token (none when "").
func startServerConfig(t *testing.T, config, token, credential, noisyToken string) *server {
	t.Helper()
	bin := plugintest.Build(t, "./cmd/compactguard", "./plugins/extractor-regex", "./plugins/scorer-embedding", "./plugins/policy-phase")
	dir := t.TempDir()
	cfg := plugintest.WriteConfig(t, dir, config)
	cmd := exec.Command(filepath.Join(bin, "compactguard"), "serve", "-config", cfg)
	cmd.Env = append(os.Environ(),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"CGLOAD_TEST_TOKEN="+token, "CGLOAD_TEST_CREDENTIAL="+credential, "CGLOAD_TEST_NOISY_TOKEN="+noisyToken)
	pr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd, stderr: &bytes.Buffer{}, done: make(chan error, 1)}
	addr := make(chan string, 1)
	lines := make(chan string, 1024)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
				addr <- strings.Fields(rest)[0]
			}
			select {
			case lines <- sc.Text():
			default:
			}
		}
		close(lines)
		s.done <- cmd.Wait()
	}()
	t.Cleanup(func() { s.stop(t) })
	collect := func() string {
		var b strings.Builder
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					return b.String()
				}
				b.WriteString(l + "\n")
			default:
				return b.String()
			}
		}
	}
	select {
	case a := <-addr:
		s.url = "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatalf("serve did not listen within 30s:\n%s", collect())
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(s.url + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve not ready within 30s: %v\n%s", err, collect())
		}
		time.Sleep(100 * time.Millisecond)
	}
	go func() {
		for range lines { // keep the pipe drained
		}
	}()
	return s
}

// stop sends SIGTERM and waits (bounded) for a clean exit.
func (s *server) stop(t *testing.T) {
	if s.cmd.ProcessState != nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		if err != nil {
			t.Errorf("serve exited: %v", err)
		}
	case <-time.After(20 * time.Second):
		_ = s.cmd.Process.Kill()
		t.Error("serve did not stop within 20s of SIGTERM")
	}
}

// TestLoadShort is the short form of the load test: 4 sessions for about
// 10 s of mixed load against a real serve with the reference plugins, one
// plugin process killed midway; the independent checker must find no
// violation, and every decision type must have happened.
func TestLoadShort(t *testing.T) {
	if testing.Short() {
		t.Skip("builds compactguard and the plugins and runs 10 s of load")
	}
	const token, credential = "cgload-test-token-81f2", "cgload-test-budget-c3d9"
	srv := startServer(t, token, credential)
	cfg := Config{
		URL: srv.url, Token: token, AuthorityCredential: credential,
		Sessions: 4, Duration: 10 * time.Second, MaxOps: 50000, Seed: 7,
		Policies: []string{"explore", "synthesize", "repair"},
		ServePID: srv.cmd.Process.Pid, KillEvery: 4 * time.Second, MaxKills: 1,
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := CheckRun(ctx, cfg, res)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	Print(&out, cfg, res, rep)
	t.Log("\n" + out.String())

	if len(rep.Violations) != 0 {
		t.Errorf("%d violations", len(rep.Violations))
	}
	if len(res.Faults) != 1 || res.Faults[0].Err != "" {
		t.Errorf("want one plugin killed, got %+v", res.Faults)
	}
	for _, typ := range []string{invcheck.OpCompaction, invcheck.OpPhaseSignal, invcheck.OpPolicyEdit, invcheck.OpBudget} {
		if rep.ByType[typ] == 0 {
			t.Errorf("no %s decision", typ)
		}
	}
	for _, want := range []string{
		"compaction/yes/anchored_score_passed", "compaction/yes/lossless_dedup", "compaction/yes/no_decision_relevant_items",
		"compaction/no/must_keep_item_missing", "compaction/no/unpinned_reference",
		"phase_signal/yes/frozen",
		"policy_edit/yes/bound_verified", "policy_edit/no/over_budget", "policy_edit/no/budget_change_requires_authority",
		"policy_edit/no/stale_phase_signal", "policy_edit/no/invalid_policy",
		"budget/yes/budget_changed", "budget/no/unauthorized",
	} {
		if rep.ByReason[want] == 0 {
			t.Errorf("no %s decision", want)
		}
	}
	if res.Ops < 200 {
		t.Errorf("only %d operations in %s", res.Ops, res.Elapsed)
	}
	if t.Failed() {
		for i, v := range rep.Violations {
			if i == 20 {
				break
			}
			t.Log(v)
		}
		fmt.Fprintln(os.Stderr, out.String())
	}
}

// noisyConfig is loadConfig on a SQLite store at path (one writer for
// the whole database, shared by both tenants) with the per-tenant limits
// at their defaults, and a request body large enough for a 100,000-span
// batch.
func noisyConfig(path string) string {
	c := strings.Replace(loadConfig, `store     = "memory"`, fmt.Sprintf("store     = %q", "sqlite:"+path), 1)
	return strings.Replace(c, "  tenant_rate     = 0 # one tenant at full speed: the guard is measured, not the limit\n",
		"  max_body_bytes  = 67108864 # room for the noisy tenant's batch in one request\n", 1)
}

// TestNoisyNeighbourNoPluginFailure is the functional form of the noisy
// neighbour (docs/load.md has the full run and its latency figures): a
// second tenant sends a 5,000-span batch (ten commit parts, twenty
// extractor chunks), a compaction covering it and a slow policy over and
// over, while the load's sessions run their mix on
// the same SQLite store and plugins. The sessions' decisions must hold
// every invariant and none may be refused plugin_failure: the noisy
// tenant's extraction is chunked and its evaluation done outside the
// store's lock. Nothing here is timed.
func TestNoisyNeighbourNoPluginFailure(t *testing.T) {
	if testing.Short() {
		t.Skip("builds compactguard and the plugins and runs 20 s of load")
	}
	const token, credential, noisyToken = "cgload-test-token-81f2", "cgload-test-budget-c3d9", "cgload-test-noisy-5e07"
	srv := startServerConfig(t, noisyConfig(filepath.Join(t.TempDir(), "cg.db")), token, credential, noisyToken)
	cfg := Config{
		URL: srv.url, Token: token, AuthorityCredential: credential,
		Sessions: 2, Duration: 20 * time.Second, MaxOps: 50000, Seed: 11,
		Policies: []string{"explore", "synthesize", "repair"},
		Noisy:    &NoisyConfig{Token: noisyToken, Spans: 5000, ViewSpans: 500, PolicyElems: 2000},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	res, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := CheckRun(ctx, cfg, res)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	Print(&out, cfg, res, rep)
	t.Log("\n" + out.String())
	if len(rep.Violations) != 0 {
		t.Errorf("%d violations", len(rep.Violations))
	}
	if res.PluginFailures != 0 {
		t.Errorf("the quiet tenant had %d decisions refused plugin_failure", res.PluginFailures)
	}
	if res.Noisy == nil || res.Noisy.Reasons["append/200"] == 0 || res.Noisy.Stats["policy_edit"] == nil {
		t.Errorf("the noisy neighbour did not get its batch in or propose its policy: %+v", res.Noisy)
	}
}

func TestLoopbackOnly(t *testing.T) {
	for _, u := range []string{"http://127.0.0.1:7700", "http://localhost:1", "http://[::1]:80"} {
		if err := checkLoopback(u); err != nil {
			t.Errorf("%s: %v", u, err)
		}
	}
	for _, u := range []string{"http://10.0.0.1:7700", "http://example.com", "http://0.0.0.0:7700"} {
		if err := checkLoopback(u); err == nil {
			t.Errorf("%s: accepted", u)
		}
	}
}
