// Package adaptertest runs the framework adapters' own tests (Python with
// unittest, TypeScript with node's test runner) against a real
// `compactguard serve`, from `go test`, so they run in `make test`.
//
// Python and node are found on PATH. When one is missing the test skips,
// unless the environment requires it (COMPACTGUARD_REQUIRE_PYTHON=1 or
// COMPACTGUARD_REQUIRE_NODE=1; .ci/run sets both), where that is a
// failure. The server is examples/orchestrator-go/orchtest's: the
// reference plugins, a memory store, the 0.80 gate.
//
// The adapters' tests read the server and the shared conversation from the
// environment: COMPACTGUARD_URL, COMPACTGUARD_API_TOKEN and
// COMPACTGUARD_FIXTURE (testdata/conversation.json: the orders migration
// cut to ten messages, a careless summary that drops the DROP TABLE
// prohibition and a faithful one).
package adaptertest

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/client"
	"github.com/compactguard/compactguard/examples/orchestrator-go/orchtest"
)

// Environment variables that turn a missing interpreter into a failure.
const (
	RequirePythonEnv = "COMPACTGUARD_REQUIRE_PYTHON"
	RequireNodeEnv   = "COMPACTGUARD_REQUIRE_NODE"
)

// Environment variables the adapters' tests read.
const (
	URLEnv     = "COMPACTGUARD_URL"
	FixtureEnv = "COMPACTGUARD_FIXTURE"
)

// Python returns the python3 on PATH, or skips (fails when
// COMPACTGUARD_REQUIRE_PYTHON=1).
func Python(t *testing.T) string {
	t.Helper()
	return need(t, "python3", RequirePythonEnv, "apt-get install -y python3")
}

// Node returns the node on PATH, or skips (fails when
// COMPACTGUARD_REQUIRE_NODE=1). The opencode plugin's tests need node 18
// or later (node:test).
func Node(t *testing.T) string {
	t.Helper()
	return need(t, "node", RequireNodeEnv, "apt-get install -y nodejs")
}

func need(t *testing.T, prog, env, install string) string {
	t.Helper()
	path, err := exec.LookPath(prog)
	if err == nil {
		return path
	}
	msg := prog + " is not on PATH (" + install + "): the adapter's tests did not run"
	if os.Getenv(env) == "1" {
		t.Fatalf("%s, and %s=1 requires them", msg, env)
	}
	t.Skip(msg)
	return ""
}

// Fixture is the absolute path of the shared conversation.
func Fixture(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the adaptertest package")
	}
	return filepath.Join(filepath.Dir(file), "testdata", "conversation.json")
}

// Run starts a server, runs prog with args in dir with the server's URL,
// token and the fixture in its environment (plus env, "K=V" pairs), and
// fails the test with the output when it exits non-zero. It returns the
// output and the server, for checks on the audit trail.
func Run(t *testing.T, dir string, env []string, prog string, args ...string) (string, *orchtest.Server) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds compactguard and the reference plugins and starts a server")
	}
	readInputs(t, dir, filepath.Dir(Fixture(t)))
	srv := orchtest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		URLEnv+"="+srv.URL,
		orchtest.TokenEnv+"="+srv.Token,
		FixtureEnv+"="+Fixture(t),
	)
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s\nserver:\n%s", prog, strings.Join(args, " "), err, out, srv.Stderr())
	}
	t.Logf("%s %s:\n%s", prog, strings.Join(args, " "), out)
	return string(out), srv
}

// RunPython runs `python3 -m unittest -v module` in the current folder
// (an adapter's) against a started server, with examples/python-guard on
// the import path, fails the test when the tests against the server were
// skipped, and checks the trails they left.
func RunPython(t *testing.T, module string) {
	t.Helper()
	py := Python(t)
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the adaptertest package")
	}
	guard := filepath.Join(filepath.Dir(file), "..", "..", "python-guard")
	readInputs(t, guard)
	out, srv := Run(t, ".", []string{"PYTHONPATH=" + guard, "PYTHONDONTWRITEBYTECODE=1"}, py, "-m", "unittest", "-v", module)
	if strings.Contains(out, "needs a compactguard serve") {
		t.Errorf("the tests against the server were skipped:\n%s", out)
	}
	CheckTrails(t, srv)
}

// readInputs reads every file under dirs from the test process. go test
// caches a result by the files the test binary opened; the Python and
// JavaScript sources are read by a child process, so without this an
// edited adapter would get a cached pass.
func readInputs(t *testing.T, dirs ...string) {
	t.Helper()
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "__pycache__") {
				return filepath.SkipDir
			}
			if d.Type().IsRegular() {
				_, err = os.ReadFile(path)
			}
			return err
		})
		if err != nil {
			t.Fatalf("reading the adapter's files: %v", err)
		}
	}
}

// CheckTrails asserts that the adapters' tests left, across the server's
// sessions, at least one refused and one allowed compaction, and that
// every session's hash chain verifies.
func CheckTrails(t *testing.T, srv *orchtest.Server) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := srv.Client()
	list, err := c.Sessions(ctx)
	if err != nil {
		t.Fatalf("GET /v1/sessions: %v", err)
	}
	refused, allowed := 0, 0
	for _, s := range list.Sessions {
		trail, err := c.Decisions(ctx, s.ID)
		if err != nil {
			t.Fatalf("GET decisions of %s: %v", s.ID, err)
		}
		if !trail.ChainOK {
			t.Errorf("session %s: chain_ok false: %s", s.ID, trail.ChainError)
		}
		for _, rec := range trail.Decisions {
			var d client.Decision
			if err := json.Unmarshal(rec.Body, &d); err != nil {
				t.Fatalf("session %s decision %d: %v", s.ID, rec.Seq, err)
			}
			if d.Type != "compaction" || d.Allowed == nil {
				continue
			}
			if *d.Allowed {
				allowed++
			} else {
				refused++
			}
		}
	}
	if refused == 0 || allowed == 0 {
		t.Errorf("want refused and allowed compactions in the trails, got %d refused, %d allowed over %d sessions", refused, allowed, len(list.Sessions))
	}
}
