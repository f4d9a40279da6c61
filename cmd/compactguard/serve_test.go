package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/client"
	"github.com/compactguard/compactguard/host/api"
	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/internal/plugintest"
)

// minimalConfig is a deployment with the reference plugins by bare name
// and an api block (listen is spliced in when non-empty).
func minimalConfig(apiBlock string) string {
	return `
guard { store = "memory" }
` + apiBlock + `
authority "budget-admin" { credential_env = "CG_SERVE_TEST_BUDGET" }
budget {
  tokens    = 48000
  authority = "budget-admin"
}
plugin "extractor" "regex" { command = "extractor-regex" }
plugin "scorer" "embedding" { command = "scorer-embedding" }
plugin "policy" "phase" { command = "policy-phase" }
phase "exploration" { policy = "explore" }
policy "explore" {
  top_k = 10
  category "recent" {
    match = span.kind == "tool_result"
    cap   = 8000
    score = span.recency
  }
}
`
}

func TestServeRefusesInsecureListen(t *testing.T) {
	cases := []struct {
		name, api string
		args      []string
	}{
		{"config", `api { listen = "0.0.0.0:0" }`, nil},
		{"flag", ``, []string{"-listen", "0.0.0.0:0"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := plugintest.WriteConfig(t, "", minimalConfig(tc.api))
			env, _, _ := testEnv()
			// No plugin is on PATH: the check must come before any is started.
			err := runServe(context.Background(), env, append([]string{"-config", cfg}, tc.args...))
			if !errors.Is(err, api.ErrInsecureListen) {
				t.Fatalf("runServe: %v, want ErrInsecureListen", err)
			}
		})
	}
}

// lockedPipe is a stderr the test reads line by line while serve writes.
type lockedWriter struct {
	mu  sync.Mutex
	w   io.Writer
	all strings.Builder
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.all.Write(p)
	return l.w.Write(p)
}

func (l *lockedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.all.String()
}

// TestServeLifecycle starts `serve` with the real plugins, calls it,
// stops it with the signal context and checks it shut down cleanly,
// never printed a token, and wrote the -cpuprofile it was asked for.
func TestServeLifecycle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the real plugins")
	}
	bin := plugintest.Build(t, "./plugins/extractor-regex", "./plugins/scorer-embedding", "./plugins/policy-phase")
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	const token, credential = "serve-test-token-5d1e", "serve-test-budget-77aa"
	t.Setenv("CG_SERVE_TEST_TOKEN", token)
	t.Setenv("CG_SERVE_TEST_BUDGET", credential)
	dir := t.TempDir()
	apiBlock := `api {
  listen = "127.0.0.1:0"
  tenant "acme" { token_env = "CG_SERVE_TEST_TOKEN" }
  tenant "unset" { token_env = "CG_SERVE_TEST_UNSET" }
}`
	cfg := plugintest.WriteConfig(t, dir, minimalConfig(apiBlock))
	pr, pw := io.Pipe()
	stderr := &lockedWriter{w: pw}
	env := &cliEnv{stdout: io.Discard, stderr: stderr, log: hclog.New(&hclog.LoggerOptions{Output: stderr, Level: hclog.Warn})}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- runServe(ctx, env, []string{"-config", cfg, "-cpuprofile", filepath.Join(dir, "cpu.prof")})
		pw.Close()
	}()
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
				addr <- strings.Fields(rest)[0]
			}
		}
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case err := <-done:
		t.Fatalf("serve exited: %v\n%s", err, stderr)
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not listen\n%s", stderr)
	}
	c := client.New(base, token)
	if err := c.Ready(ctx); err != nil {
		t.Fatalf("readyz: %v", err)
	}
	if _, err := c.CreateSession(ctx, "s"); err != nil {
		t.Fatal(err)
	}
	d, err := c.WithToken(credential).ChangeBudget(ctx, "s", client.BudgetRequest{Tokens: 1000})
	if err != nil || d.Reason != "budget_changed" {
		t.Fatalf("budget: %+v %v", d, err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not shut down")
	}
	// -cpuprofile: the profile is written (gzipped protobuf) by shutdown.
	if prof, err := os.ReadFile(filepath.Join(dir, "cpu.prof")); err != nil || len(prof) < 2 || prof[0] != 0x1f || prof[1] != 0x8b {
		t.Errorf("-cpuprofile: %d bytes, %v; want a gzipped profile", len(prof), err)
	}
	out := stderr.String()
	if strings.Contains(out, token) || strings.Contains(out, credential) {
		t.Errorf("a secret was printed:\n%s", out)
	}
	if !strings.Contains(out, "CG_SERVE_TEST_UNSET") || !strings.Contains(out, "shut down") {
		t.Errorf("want a warning naming the unset variable and a shutdown line:\n%s", out)
	}
}

// TestServeSaysWhenTheBudgetCredentialIsUnset: a budget authority whose
// credential variable is unset or empty gets a warning naming it; one set,
// or held as a hash, gets none.
func TestServeSaysWhenTheBudgetCredentialIsUnset(t *testing.T) {
	env := func(vars map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
	}
	cfg := &config.Config{Authorities: []config.Authority{{Name: "ops", CredentialEnv: "CG_BUDGET"}, {Name: "hashed", CredentialSHA256: strings.Repeat("a", 64)}}}
	tests := []struct {
		name, authority string
		vars            map[string]string
		want            bool // a warning
	}{
		{"unset", "ops", nil, true},
		{"empty", "ops", map[string]string{"CG_BUDGET": ""}, true},
		{"set", "ops", map[string]string{"CG_BUDGET": "s3cret"}, false},
		{"a hash in the config", "hashed", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg.Budget.Authority = tt.authority
			msg := unsetBudgetCredential(cfg, env(tt.vars))
			if (msg != "") != tt.want || tt.want && !strings.Contains(msg, "CG_BUDGET") {
				t.Errorf("warning %q, want one: %v", msg, tt.want)
			}
			if strings.Contains(msg, "s3cret") {
				t.Errorf("the warning prints the credential: %q", msg)
			}
		})
	}
}

// TestServeSaysHowToListenElsewhere: an address already in use is refused
// before any plugin starts, with the -listen flag named as the way out.
func TestServeSaysHowToListenElsewhere(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cfg := plugintest.WriteConfig(t, "", minimalConfig(""))
	env, _, _ := testEnv()
	// No plugin is on PATH: the check must come before any is started.
	err = runServe(context.Background(), env, []string{"-config", cfg, "-listen", ln.Addr().String()})
	if err == nil || !strings.Contains(err.Error(), "already in use") || !strings.Contains(err.Error(), "-listen HOST:PORT") {
		t.Fatalf("runServe on a port in use: %v; want it to say so and name -listen", err)
	}
}
