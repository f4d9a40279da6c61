// Package orchestratorpython holds the test of agent.py, the Python
// (standard library only) twin of examples/orchestrator-go: it runs the
// script with python3 against a real `compactguard serve`.
package orchestratorpython

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/examples/orchestrator-go/orchtest"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// python3 finds the interpreter, or skips the test.
func python3(t *testing.T) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skipf("python3 is not on PATH (%v): agent.py is not tested", err)
	}
	return py
}

// agent runs agent.py with args and the given token, and returns its
// exit status, stdout and stderr.
func agent(ctx context.Context, t *testing.T, py, token string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.CommandContext(ctx, py, append([]string{"agent.py"}, args...)...)
	cmd.Env = append(os.Environ(), orchtest.TokenEnv+"="+token, "PYTHONDONTWRITEBYTECODE=1")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, stdout.String(), stderr.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), stdout.String(), stderr.String()
	}
	t.Fatalf("running %s agent.py: %v", py, err)
	return 0, "", ""
}

// TestAgentAgainstServe runs agent.py against a real `compactguard serve`
// with the reference plugins: the careless summary is refused with the
// prohibition lost, the repaired one allowed, the chain verifies.
func TestAgentAgainstServe(t *testing.T) {
	py := python3(t)
	if testing.Short() {
		t.Skip("builds compactguard and the reference plugins and starts a server")
	}
	srv := orchtest.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	const session = "orchestrator-python-test"
	code, out, errOut := agent(ctx, t, py, srv.Token, "--url", srv.URL, "--session", session)
	if code != 0 {
		t.Fatalf("agent.py exited %d\nstdout:\n%s\nstderr:\n%s\nserver:\n%s", code, out, errOut, srv.Stderr())
	}
	t.Logf("output:\n%s", out)
	orchtest.CheckOutput(t, out)
	orchtest.CheckTrail(t, srv.Client(), session)

	// Exit statuses: an HTTP error is 1, a missing token is 2.
	cases := []struct {
		name, token string
		args        []string
		want        int
		stderr      string
	}{
		{"wrong token", "not-the-token", []string{"--url", srv.URL}, 1, "401"},
		{"session exists", srv.Token, []string{"--url", srv.URL, "--session", session}, 1, "409"},
		{"no token", "", []string{"--url", srv.URL}, 2, orchtest.TokenEnv},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := agent(ctx, t, py, tc.token, tc.args...)
			if code != tc.want || !strings.Contains(errOut, tc.stderr) {
				t.Errorf("exit %d, want %d with %q on stderr\nstdout:\n%s\nstderr:\n%s", code, tc.want, tc.stderr, out, errOut)
			}
		})
	}
}
