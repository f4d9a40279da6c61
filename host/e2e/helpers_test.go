package e2e

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// Names the generated configs and the server environment share.
const (
	// tokenEnv names the variable holding the e2e tenant's bearer token.
	tokenEnv = "CG_E2E_TOKEN"
	// dsnEnv names the variable holding the PostgreSQL DSN of a test; the
	// config reads it as ${env.CG_E2E_PG_DSN}.
	dsnEnv = "CG_E2E_PG_DSN"
	// tenant is the one tenant of the generated configs.
	tenant = "e2e"
)

// token is the tenant's bearer token.
var token = "e2e-token-" + strconv.Itoa(os.Getpid())

// packages are what the tests build: the binary and the reference plugins.
var packages = []string{"./cmd/compactguard", "./plugins/extractor-regex", "./plugins/scorer-embedding", "./plugins/policy-phase"}

// exampleDir is the migration incident, relative to this package.
var exampleDir = filepath.Join("..", "..", "examples", "migration-drop-table")

// binaries builds compactguard and the plugins once per test process and
// returns their directory. Tests that need it are skipped with -short.
func binaries(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and starts real compactguard serve processes")
	}
	return plugintest.Build(t, packages...)
}

// storeLine matches the example config's store setting.
var storeLine = regexp.MustCompile(`(?m)^(\s*store\s*=\s*)"memory"\s*$`)

// exampleConfig writes the migration example's policies.hcl to a temp
// directory with its store replaced by store and an api block with the
// e2e tenant added; plugins, budget, gate, phases and policies are the
// example's own. Plugin commands stay bare names, found on PATH (see env).
func exampleConfig(t testing.TB, store string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(exampleDir, "policies.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(storeLine.FindAllIndex(src, -1)); n != 1 {
		t.Fatalf("example policies.hcl: want one `store = \"memory\"` line to replace, found %d", n)
	}
	body := storeLine.ReplaceAll(src, []byte(fmt.Sprintf("${1}%q", store)))
	body = append(body, fmt.Sprintf("\napi {\n  listen = \"127.0.0.1:0\"\n  tenant %q {\n    token_env = %q\n  }\n}\n", tenant, tokenEnv)...)
	return plugintest.WriteConfig(t, "", string(body))
}

// env is the environment of every compactguard process a test starts: the
// built binaries first on PATH, the tenant's token and, for PostgreSQL,
// the DSN the config reads.
func env(bin, dsn string) []string {
	e := append(os.Environ(),
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		tokenEnv+"="+token,
	)
	if dsn != "" {
		e = append(e, dsnEnv+"="+dsn)
	}
	return e
}

// runCLI runs the built compactguard with args and returns its stdout,
// stderr and exit code (-1 when it could not run or timed out).
func runCLI(t *testing.T, bin string, environ []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "compactguard"), args...)
	cmd.Env = environ
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	code = 0
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ctx.Err() == nil {
			code = ee.ExitCode()
		} else {
			code = -1
			e.WriteString("\n" + err.Error())
		}
	}
	return o.String(), e.String(), code
}

// auditVerify runs `compactguard audit verify -config cfg` and fails t
// unless it exits 0.
func auditVerify(t *testing.T, bin, cfg, dsn string) {
	t.Helper()
	out, errOut, code := runCLI(t, bin, env(bin, dsn), "audit", "verify", "-config", cfg)
	if code != 0 {
		t.Errorf("compactguard audit verify exited %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		return
	}
	t.Logf("audit verify: %s", strings.TrimSpace(out))
}

// server is one running `compactguard serve`.
type server struct {
	// URL is the base URL ("http://127.0.0.1:PORT").
	URL string

	bin    string
	cmd    *exec.Cmd
	stderr *lines
	exited chan struct{}
	err    error // cmd.Wait's, once exited is closed

	mu      sync.Mutex
	plugins map[int]bool // child pids seen, killed in cleanup if they outlive serve
}

// startServe starts `compactguard serve -config cfg -listen 127.0.0.1:0`,
// waits for its "listening on" line and a 200 from /readyz, and registers
// its stop (SIGTERM, then a check that no plugin outlived it) with
// t.Cleanup.
func startServe(t testing.TB, bin, cfg, dsn string) *server {
	t.Helper()
	s := &server{bin: bin, stderr: &lines{}, exited: make(chan struct{}), plugins: map[int]bool{}}
	s.cmd = exec.Command(filepath.Join(bin, "compactguard"), "serve", "-config", cfg, "-listen", "127.0.0.1:0")
	s.cmd.Env = env(bin, dsn)
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
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			s.stderr.add(line)
			if rest, ok := strings.CutPrefix(line, "listening on "); ok {
				select {
				case addr <- strings.Fields(rest)[0]:
				default:
				}
			}
		}
		_, _ = io.Copy(io.Discard, pipe)
		s.err = s.cmd.Wait()
		close(s.exited)
	}()
	t.Cleanup(func() { s.stop(t) })

	select {
	case a := <-addr:
		s.URL = "http://" + a
	case <-s.exited:
		t.Fatalf("compactguard serve exited before listening: %v\n%s", s.err, s.stderr)
	case <-time.After(30 * time.Second):
		t.Fatalf("compactguard serve did not listen within 30s\n%s", s.stderr)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		code, body, err := s.do(context.Background(), http.MethodGet, "/readyz", nil)
		if err == nil && code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz not 200 within 30s: %d %s %v\n%s", code, body, err, s.stderr)
		}
		select {
		case <-s.exited:
			t.Fatalf("compactguard serve exited: %v\n%s", s.err, s.stderr)
		case <-time.After(50 * time.Millisecond):
		}
	}
	s.notePlugins()
	return s
}

// notePlugins records the server's current child processes (its plugins),
// so that cleanup can kill any that outlive it.
func (s *server) notePlugins() []int {
	kids := children(s.cmd.Process.Pid)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range kids {
		s.plugins[p] = true
	}
	return kids
}

// kill SIGKILLs serve as a crash would: no shutdown, requests in flight
// cut off. Its plugins (captured just before) are orphaned by the kill;
// kill reaps them so no process outlives the test.
func (s *server) kill(t *testing.T) {
	t.Helper()
	kids := s.notePlugins()
	if len(kids) == 0 {
		t.Errorf("compactguard serve (pid %d) has no child processes before the kill: plugins not started?", s.cmd.Process.Pid)
	}
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatalf("SIGKILL serve: %v", err)
	}
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		t.Fatalf("compactguard serve did not die within 10s of SIGKILL")
	}
	// A plugin notices its host is gone (sdk.Serve watches the parent
	// pid) and exits by itself within a few seconds.
	if n := s.reapPlugins(t, true); n > 0 {
		t.Errorf("%d plugin processes outlived the SIGKILL of serve by 5 s; killed them", n)
	}
}

// stop ends serve gracefully (SIGTERM) unless it has exited, and checks
// that none of its plugins outlived it (killing any that did).
func (s *server) stop(t testing.TB) {
	t.Helper()
	select {
	case <-s.exited:
		s.reapPlugins(t, false)
		return
	default:
	}
	s.notePlugins()
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(20 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
		t.Errorf("compactguard serve did not stop within 20s of SIGTERM\n%s", s.stderr.tail(40))
	}
	if s.err != nil {
		t.Errorf("compactguard serve: %v\n%s", s.err, s.stderr.tail(40))
	}
	s.reapPlugins(t, true)
}

// reapPlugins waits up to 5 s for the noted plugin processes to go, then
// SIGKILLs those still running a binary from the build directory. With
// strict, a survivor is an error (serve should have stopped it). It
// returns how many it killed.
func (s *server) reapPlugins(t testing.TB, strict bool) int {
	t.Helper()
	s.mu.Lock()
	pids := make([]int, 0, len(s.plugins))
	for p := range s.plugins {
		pids = append(pids, p)
	}
	s.mu.Unlock()
	deadline := time.Now().Add(5 * time.Second)
	if !strict {
		deadline = time.Now()
	}
	killed := 0
	for _, pid := range pids {
		for alive(pid, s.bin) {
			if time.Now().After(deadline) {
				if strict {
					t.Errorf("plugin process %d outlived compactguard serve", pid)
				}
				_ = syscall.Kill(pid, syscall.SIGKILL)
				killed++
				waitGone(pid, s.bin)
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return killed
}

// waitGone waits up to 5 s for a killed process to disappear (init reaps
// orphans).
func waitGone(pid int, dir string) {
	for end := time.Now().Add(5 * time.Second); alive(pid, dir) && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
}

// children lists pid's child processes from /proc/PID/task/*/children
// (none where /proc is missing).
func children(pid int) []int {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	var out []int
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, w := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(w); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// alive says whether pid is a live (not zombie) process running a binary
// from dir; a reused pid running something else does not count.
func alive(pid int, dir string) bool {
	exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	if err != nil || !strings.HasPrefix(exe, dir+string(filepath.Separator)) {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || !bytes.HasPrefix(bytes.TrimSpace(stat[i+1:]), []byte("Z"))
}

// httpClient bounds every request; no test request should take this long.
var httpClient = &http.Client{Timeout: 30 * time.Second}

// do sends one request with the tenant's token and returns the status and
// the raw body.
func (s *server) do(ctx context.Context, method, path string, in any) (int, []byte, error) {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return 0, nil, err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, s.URL+path, body)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, raw, err
	}
	return resp.StatusCode, raw, nil
}

// doPaced is do for a client that sends many requests in a row (the
// probes of every covered span): a 429 from the tenant's rate limit is
// waited out as the server asks ("retry after 1 s with the same
// request_id") and the same request sent again, as a well-behaved client
// does. A long session on a slow machine has more spans to probe than
// the limit lets through in a burst.
func (s *server) doPaced(ctx context.Context, method, path string, in any) (int, []byte, error) {
	for tries := 0; ; tries++ {
		code, body, err := s.do(ctx, method, path, in)
		if code != http.StatusTooManyRequests || tries == 30 {
			return code, body, err
		}
		select {
		case <-ctx.Done():
			return code, body, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// must sends a request that must succeed (2xx) and decodes the answer into
// out (when not nil).
func (s *server) must(t testing.TB, method, path string, in, out any) []byte {
	t.Helper()
	code, raw, err := s.do(context.Background(), method, path, in)
	if err != nil || code < 200 || code > 299 {
		t.Fatalf("%s %s: %d %s %v\n%s", method, path, code, raw, err, s.stderr.tail(20))
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: decoding %s: %v", method, path, raw, err)
		}
	}
	return raw
}

// createSession creates session id.
func (s *server) createSession(t testing.TB, id string) {
	t.Helper()
	s.must(t, http.MethodPost, "/v1/sessions", wire.CreateSessionRequest{ID: id}, nil)
}

// trail reads a session's audit trail.
func (s *server) trail(t *testing.T, id string) wire.AuditTrail {
	t.Helper()
	var tr wire.AuditTrail
	s.must(t, http.MethodGet, "/v1/sessions/"+id+"/decisions", nil, &tr)
	return tr
}

// state reads a session's state.
func (s *server) state(t *testing.T, id string) wire.SessionState {
	t.Helper()
	var st wire.SessionState
	s.must(t, http.MethodGet, "/v1/sessions/"+id, nil, &st)
	return st
}

// lines collects a process's stderr for failure messages.
type lines struct {
	mu sync.Mutex
	l  []string
}

func (l *lines) add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.l = append(l.l, s)
}

// tail returns the last n lines.
func (l *lines) tail(n int) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	from := max(len(l.l)-n, 0)
	return strings.Join(l.l[from:], "\n")
}

func (l *lines) String() string { return l.tail(200) }

// pgBaseDSN returns the test server's DSN, or skips (fails when
// COMPACTGUARD_REQUIRE_PG=1, as CI sets it) when there is none.
func pgBaseDSN(t *testing.T) string {
	t.Helper()
	if dsn := os.Getenv("COMPACTGUARD_TEST_PG_DSN"); dsn != "" {
		return dsn
	}
	const how = "COMPACTGUARD_TEST_PG_DSN is not set. To run the PostgreSQL end-to-end tests: " +
		"`eval \"$(.ci/pg.sh start)\"`, then go test ./host/e2e/; `.ci/pg.sh stop` when done"
	if os.Getenv("COMPACTGUARD_REQUIRE_PG") == "1" {
		t.Fatal("COMPACTGUARD_REQUIRE_PG=1 but " + how)
	}
	t.Skip(how)
	return ""
}

// freshSchema creates a schema with a random name on the server of base,
// drops it when t ends, and returns base with search_path set to it: each
// test gets a store of its own on a shared server.
func freshSchema(t *testing.T, base string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	schema := "cg_e2e_" + hex.EncodeToString(b[:])
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connecting to the test PostgreSQL server: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("creating schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("connecting to drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
		}
	})
	return withParam(t, base, "search_path", schema)
}

// withParam adds a connection parameter to a URL or key=value DSN.
func withParam(t *testing.T, dsn, key, value string) string {
	t.Helper()
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			t.Fatalf("COMPACTGUARD_TEST_PG_DSN does not parse as a URL: %v", err)
		}
		q := u.Query()
		q.Set(key, value)
		u.RawQuery = q.Encode()
		return u.String()
	}
	return dsn + fmt.Sprintf(" %s=%s", key, value)
}

// pgConfig is the example config on the PostgreSQL DSN in $CG_E2E_PG_DSN.
func pgConfig(t *testing.T) string {
	return exampleConfig(t, "postgres:${env."+dsnEnv+"}")
}
