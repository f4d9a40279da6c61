// Package orchtest runs the orchestrator examples' tests against a real
// `compactguard serve`: Start builds compactguard and the three reference
// plugins, writes a config, starts the server on a free loopback port and
// waits for /readyz; the test's cleanup stops it with SIGTERM and checks
// that no plugin process outlived it. CheckTrail asserts what both example
// loops must leave in the audit trail. The Go loop's test
// (examples/orchestrator-go) and the Python loop's
// (examples/orchestrator-python) share it.
package orchtest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/compactguard/compactguard/client"
	"github.com/compactguard/compactguard/internal/plugintest"
)

// TokenEnv is the variable the config names for the tenant's token; the
// example loops read the same one by default.
const TokenEnv = "COMPACTGUARD_API_TOKEN"

// Packages Start builds: the binary and the three reference plugins.
var Packages = []string{"./cmd/compactguard", "./plugins/extractor-regex", "./plugins/scorer-embedding", "./plugins/policy-phase"}

// Server is a running `compactguard serve`.
type Server struct {
	// URL is the server's base URL ("http://127.0.0.1:PORT").
	URL string
	// Token is the tenant's bearer token.
	Token string
	// BinDir holds the built compactguard and plugins.
	BinDir string

	cmd    *exec.Cmd
	stderr *syncBuffer
	exited chan struct{}
	err    error // cmd.Wait's, once exited is closed
}

// config is the deployment: the repository's policies.hcl cut down to
// what the examples use (memory store, one tenant, the reference plugins
// by absolute path, the 0.80 gate).
const config = `guard {
  tokenizer = "o200k_base"
  store     = "memory"
}

api {
  listen = "127.0.0.1:0"
  tenant "default" {
    token_env = %q
  }
}

authority "budget-admin" {
  credential_env = "COMPACTGUARD_BUDGET_CREDENTIAL"
}

budget {
  tokens    = 48000
  authority = "budget-admin"
}

plugin "extractor" "regex" {
  command = %q
  timeout = "2s"
  config {}
}

plugin "scorer" "embedding" {
  command       = %q
  timeout       = "5s"
  start_timeout = "10s"
  config {
    backend = "hashed"
  }
}

plugin "policy" "phase" {
  command = %q
}

gate "compaction" {
  threshold = 0.80
  must_keep = ["prohibition", "numeric_commitment", "entity"]
}

phase "exploration" {
  policy = "explore"
}

policy "explore" {
  top_k = 40

  category "user_instructions" {
    match = span.kind == "user"
    cap   = 10000
    score = max(span.recency, 0.5)
  }

  category "recent_reads" {
    match = span.kind == "tool_result" && span.meta.tool == "read"
    cap   = 12000
    score = span.recency
  }
}
`

// Start builds and starts the server and registers its stop with t.Cleanup.
// `serve -listen 127.0.0.1:0` binds a free port and prints the bound
// address on stderr ("listening on ADDR (...)"), which Start reads.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := plugintest.Build(t, Packages...)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "policies.hcl")
	body := fmt.Sprintf(config, TokenEnv,
		filepath.Join(bin, "extractor-regex"), filepath.Join(bin, "scorer-embedding"), filepath.Join(bin, "policy-phase"))
	if err := os.WriteFile(cfg, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	s := &Server{Token: "orchtest-token-" + strconv.Itoa(os.Getpid()), BinDir: bin, stderr: &syncBuffer{}, exited: make(chan struct{})}
	s.cmd = exec.Command(filepath.Join(bin, "compactguard"), "serve", "-config", cfg, "-listen", "127.0.0.1:0")
	s.cmd.Env = append(os.Environ(),
		TokenEnv+"="+s.Token,
		"COMPACTGUARD_BUDGET_CREDENTIAL=orchtest-budget-credential",
	)
	pipe, err := s.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("starting compactguard serve: %v", err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			line := sc.Text()
			s.stderr.WriteLine(line)
			if rest, ok := strings.CutPrefix(line, "listening on "); ok {
				select {
				case addr <- strings.Fields(rest)[0]:
				default:
				}
			}
		}
		// The pipe is drained: Wait may close it now.
		s.err = s.cmd.Wait()
		close(s.exited)
	}()
	t.Cleanup(func() { s.stop(t) })

	select {
	case a := <-addr:
		s.URL = "http://" + a
	case <-s.exited:
		t.Fatalf("compactguard serve exited before listening: %v\n%s", s.err, s.stderr)
	case <-time.After(90 * time.Second):
		t.Fatalf("compactguard serve did not listen within 90s\n%s", s.stderr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c := client.New(s.URL, "")
	for {
		err := c.Ready(ctx)
		if err == nil {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("/readyz: %v\n%s", err, s.stderr)
		case <-s.exited:
			t.Fatalf("compactguard serve exited: %v\n%s", s.err, s.stderr)
		case <-time.After(100 * time.Millisecond):
		}
	}
	return s
}

// Client returns a client of the server with the tenant's token.
func (s *Server) Client() *client.Client { return client.New(s.URL, s.Token) }

// Stderr returns what the server has printed so far.
func (s *Server) Stderr() string { return s.stderr.String() }

// stop sends SIGTERM, waits for a clean exit (the server kills its
// plugins on the way out) and fails t if any plugin process outlived it.
func (s *Server) stop(t testing.TB) {
	t.Helper()
	select {
	case <-s.exited:
		return
	default:
	}
	children := childrenOf(s.cmd.Process.Pid)
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
		t.Errorf("compactguard serve did not stop within 30s of SIGTERM\n%s", s.stderr)
	}
	if s.err != nil {
		t.Errorf("compactguard serve: %v\n%s", s.err, s.stderr)
	}
	// Plugins are killed before serve returns; allow a moment for the
	// kernel to reap them.
	deadline := time.Now().Add(5 * time.Second)
	if len(children) == 0 {
		t.Logf("compactguard serve had no child processes to check (no /proc?)")
	}
	for _, pid := range children {
		for alive(pid, s.BinDir) {
			if time.Now().After(deadline) {
				t.Errorf("plugin process %d outlived compactguard serve", pid)
				_ = syscall.Kill(pid, syscall.SIGKILL)
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// childrenOf lists the processes whose parent is pid (Linux /proc; none
// elsewhere, which skips the orphan check).
func childrenOf(pid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid(p) == pid {
			out = append(out, p)
		}
	}
	return out
}

// ppid reads the parent pid from /proc/PID/stat ("pid (comm) state ppid ...").
func ppid(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 2 {
		return 0
	}
	n, _ := strconv.Atoi(f[1])
	return n
}

// alive says whether pid is still a process running a binary from dir (a
// reused pid running something else does not count).
func alive(pid int, dir string) bool {
	exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	if err != nil {
		return false
	}
	return strings.HasPrefix(exe, dir+string(filepath.Separator))
}

// CheckTrail asserts what both example loops leave in a session's audit
// trail: the first, careless compaction refused as
// must_keep_item_missing with the DROP TABLE prohibition lost; the
// repaired one, covering the same spans, allowed; every later one
// allowed; and the hash chain verifying.
func CheckTrail(t testing.TB, c *client.Client, session string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	trail, err := c.Decisions(ctx, session)
	if err != nil {
		t.Fatalf("GET decisions: %v", err)
	}
	if !trail.ChainOK {
		t.Errorf("chain_ok false: %s", trail.ChainError)
	}
	if len(trail.Decisions) < 3 {
		t.Fatalf("want at least 3 decisions (refused, repaired, a faithful one), got %d", len(trail.Decisions))
	}
	ds := make([]client.Decision, len(trail.Decisions))
	for i, rec := range trail.Decisions {
		if err := json.Unmarshal(rec.Body, &ds[i]); err != nil {
			t.Fatalf("decision %d: %v", rec.Seq, err)
		}
		if ds[i].Type != "compaction" || ds[i].Allowed == nil {
			t.Fatalf("decision %d: want a compaction, got %s", rec.Seq, rec.Body)
		}
	}
	first := ds[0]
	if *first.Allowed || first.Reason != "must_keep_item_missing" {
		t.Errorf("first compaction: allowed=%t reason=%s, want refused must_keep_item_missing", *first.Allowed, first.Reason)
	}
	lostProhibition := false
	for _, it := range first.Items {
		if it.Category == "prohibition" && strings.Contains(it.Text, "DROP TABLE") && it.Preserved != nil && !*it.Preserved {
			lostProhibition = true
		}
	}
	if !lostProhibition {
		t.Errorf("first compaction: the DROP TABLE prohibition is not among the lost items: %+v", first.Items)
	}
	if !strings.Contains(first.Repair, "do not run DROP TABLE on legacy_orders") {
		t.Errorf("first compaction: repair does not restore the prohibition: %q", first.Repair)
	}
	if first.AnchoredScore == nil || first.SelfScore == nil || *first.SelfScore-*first.AnchoredScore < 0.2 {
		t.Errorf("first compaction: want the anchored score well below the self score, got anchored %v self %v", first.AnchoredScore, first.SelfScore)
	}
	repaired := ds[1]
	if !*repaired.Allowed || repaired.Reason != "anchored_score_passed" {
		t.Errorf("repaired compaction: allowed=%t reason=%s, want allowed anchored_score_passed", *repaired.Allowed, repaired.Reason)
	}
	if strings.Join(repaired.Covers, ",") != strings.Join(first.Covers, ",") {
		t.Errorf("repaired compaction covers %v, want the refused one's %v", repaired.Covers, first.Covers)
	}
	for i, d := range ds[2:] {
		if !*d.Allowed {
			t.Errorf("compaction %d (faithful) refused: %s %s", i+3, d.Reason, d.Message)
		}
	}
}

// CheckOutput asserts the progress lines both loops print for that run.
func CheckOutput(t testing.TB, out string) {
	t.Helper()
	for _, want := range []string{
		"REFUSED must_keep_item_missing",
		"lost prohibition [u2] Important: do not run DROP TABLE on legacy_orders.",
		"repairing: appending the repair block",
		"ALLOWED anchored_score_passed",
		"revoking writes instead of dropping",
		"chain_ok=true",
		"constraints to keep:",
		"[u2] prohibition",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "would now run DROP TABLE") {
		t.Errorf("the agent lost the prohibition:\n%s", out)
	}
}

// syncBuffer collects the server's stderr for failure messages.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) WriteLine(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.WriteString(line)
	s.b.WriteByte('\n')
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
