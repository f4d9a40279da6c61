package plugins

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/compactguard/compactguard/internal/plugintest"
	"github.com/compactguard/compactguard/sdk"
)

func TestStartExtractAndInfo(t *testing.T) {
	path := bin(t, plugintest.GoodExtractor)
	logger, logs := testLogger(t)
	m, err := Start(context.Background(), []Spec{{Kind: sdk.KindExtractor, Name: "good", Command: path}}, logger)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()

	if m.Scorer() != nil || m.Policy() != nil {
		t.Errorf("no scorer or policy configured, got %v %v", m.Scorer(), m.Policy())
	}
	exs := m.Extractors()
	if len(exs) != 1 {
		t.Fatalf("got %d extractors, want 1", len(exs))
	}
	resp, err := exs[0].Extract(context.Background(), spans("please do not run DROP TABLE", "ok"))
	if err != nil {
		t.Fatal(err)
	}
	want := []sdk.Item{{Category: sdk.CategoryProhibition, Text: "please do not run DROP TABLE", Span: "s1", Start: 7, End: 28, Extractor: "good"}}
	if !reflect.DeepEqual(resp.Items, want) {
		t.Errorf("items:\n got %+v\nwant %+v", resp.Items, want)
	}

	infos := m.Infos()
	if len(infos) != 1 {
		t.Fatalf("got %d infos", len(infos))
	}
	info := infos[0]
	if info.Kind != sdk.KindExtractor || info.Name != "good" || info.Version != "0.0.1" || info.Protocol != 1 ||
		info.Path != path || !alive(info.PID) || info.Description == "" || len(info.SHA256) != 64 {
		t.Errorf("unexpected info %+v", info)
	}

	// The plugin's hclog output and its raw stderr reach the host logger
	// under the plugin's name.
	deadline := time.Now().Add(2 * time.Second)
	for {
		out := logs.String()
		if strings.Contains(out, "host.extractor.good") && strings.Contains(out, "extracting") &&
			strings.Contains(out, "raw stderr line for 2 spans") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("plugin logs not forwarded under host.extractor.good; got:\n%s", out)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestStartRefuses(t *testing.T) {
	good := bin(t, plugintest.GoodExtractor)
	goodSum, err := fileSHA256(good)
	if err != nil {
		t.Fatal(err)
	}
	wrongSum := strings.Repeat("ab", 32)

	tests := []struct {
		name string
		spec func() Spec
		is   error
		want []string
	}{
		{
			name: "missing binary",
			spec: func() Spec {
				s := pluginBlock(t, "\n\nplugin \"scorer\" \"embedding\" {\n}\n")
				s.Command, s.Dir = "no-such-plugin", t.TempDir()
				return s
			},
			is:   ErrNotFound,
			want: []string{`plugin "scorer" "embedding" (policies.hcl:3,1): command "no-such-plugin" not found (looked in `, "$PATH"},
		},
		{
			name: "wrong sha256",
			spec: func() Spec {
				return Spec{Kind: sdk.KindExtractor, Name: "good", Command: good, SHA256: wrongSum}
			},
			is:   ErrChecksum,
			want: []string{`plugin "extractor" "good"`, "has sha256 " + goodSum, "config pins sha256 " + wrongSum},
		},
		{
			name: "wrong kind",
			spec: func() Spec {
				return Spec{Kind: sdk.KindExtractor, Name: "x", Command: bin(t, plugintest.ScorerOnly)}
			},
			is:   ErrWrongKind,
			want: []string{`plugin "extractor" "x": binary ` + bin(t, plugintest.ScorerOnly) + " is a scorer plugin, not a extractor"},
		},
		{
			name: "noise on stdout before the handshake",
			spec: func() Spec {
				return Spec{Kind: sdk.KindExtractor, Name: "noisy", Command: bin(t, plugintest.NoisyExtractor)}
			},
			is:   ErrStart,
			want: []string{"Unrecognized remote plugin message: hello from a noisy plugin", "must print nothing to stdout"},
		},
		{
			name: "config attribute of the wrong type",
			spec: func() Spec {
				s := pluginBlock(t, "plugin \"extractor\" \"schema\" {\n  config {\n    threshold = \"high\"\n  }\n}\n")
				s.Command = bin(t, plugintest.SchemaExtractor)
				return s
			},
			is:   ErrConfig,
			want: []string{`plugin "extractor" "schema" (policies.hcl:1,1)`, "policies.hcl:3:17", "threshold", "number is required"},
		},
		{
			name: "config attribute the schema does not declare",
			spec: func() Spec {
				s := pluginBlock(t, "plugin \"extractor\" \"schema\" {\n  config {\n    threshold = 0.5\n    treshold  = 0.5\n  }\n}\n")
				s.Command = bin(t, plugintest.SchemaExtractor)
				return s
			},
			is:   ErrConfig,
			want: []string{"policies.hcl:4:5", "Unsupported argument", `"treshold"`},
		},
		{
			name: "required config attribute missing",
			spec: func() Spec {
				s := pluginBlock(t, "plugin \"extractor\" \"schema\" {\n}\n")
				s.Command = bin(t, plugintest.SchemaExtractor)
				return s
			},
			is:   ErrConfig,
			want: []string{"policies.hcl:1:", `"threshold" is required`},
		},
		{
			name: "config value the plugin rejects",
			spec: func() Spec {
				s := pluginBlock(t, "plugin \"extractor\" \"schema\" {\n  config {\n    mode      = \"x\"\n    threshold = 5\n  }\n}\n")
				s.Command = bin(t, plugintest.SchemaExtractor)
				return s
			},
			is:   ErrConfig,
			want: []string{"policies.hcl:4:17", `config attribute "threshold": must be between 0 and 1, got 5`},
		},
		{
			name: "host secret asked for",
			spec: func() Spec {
				return Spec{Kind: sdk.KindExtractor, Name: "good", Command: good, Env: []string{"COMPACTGUARD_BUDGET_CREDENTIAL"}}
			},
			want: []string{"COMPACTGUARD_BUDGET_CREDENTIAL is a host secret"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := start(t, []Spec{tt.spec()})
			if err == nil {
				t.Fatalf("Start succeeded (%+v), want an error", m.Infos())
			}
			if m != nil {
				t.Errorf("Start returned a manager along with %v", err)
			}
			t.Log(err)
			var se *StartError
			if !errors.As(err, &se) || len(se.Problems) != 1 {
				t.Fatalf("got %T %v, want a *StartError with one problem", err, err)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("errors.Is(%v, %v) = false", err, tt.is)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\n does not contain %q", err, w)
				}
			}
		})
	}
}

// Config diagnostics are also handed back as HCL diagnostics, so the CLI
// can render them with a source snippet.
func TestStartConfigDiagnostics(t *testing.T) {
	s := pluginBlock(t, "plugin \"extractor\" \"schema\" {\n  config {\n    threshold = -1\n  }\n}\n")
	s.Command = bin(t, plugintest.SchemaExtractor)
	_, err := start(t, []Spec{s})
	var se *StartError
	if !errors.As(err, &se) {
		t.Fatalf("got %v", err)
	}
	diags := se.Diagnostics()
	if len(diags) != 1 || diags[0].Subject == nil || diags[0].Subject.Start.Line != 3 || diags[0].Subject.Start.Column != 17 {
		t.Fatalf("want one diagnostic at line 3 column 17 (the value), got %v", diags)
	}
}

func TestStartReportsEveryProblemAndKillsTheRest(t *testing.T) {
	good := bin(t, plugintest.GoodExtractor)
	specs := []Spec{
		{Kind: sdk.KindExtractor, Name: "good", Command: good},
		{Kind: sdk.KindExtractor, Name: "missing", Command: "/nonexistent/plugin"},
		{Kind: sdk.KindScorer, Name: "not-a-scorer", Command: good},
		{Kind: sdk.KindExtractor, Name: "good", Command: good},
	}
	_, err := start(t, specs)
	var se *StartError
	if !errors.As(err, &se) {
		t.Fatalf("got %v, want a *StartError", err)
	}
	var names []string
	for _, p := range se.Problems {
		names = append(names, p.Name)
	}
	if want := []string{"missing", "not-a-scorer", "good"}; !reflect.DeepEqual(names, want) {
		t.Errorf("problems for %v, want %v:\n%v", names, want, err)
	}
	if !errors.Is(err, ErrNotFound) || !errors.Is(err, ErrWrongKind) {
		t.Errorf("want both ErrNotFound and ErrWrongKind in %v", err)
	}
	if !strings.Contains(err.Error(), "declared twice") {
		t.Errorf("duplicate not reported: %v", err)
	}
	if pids := processesOf(t, good); len(pids) > 0 {
		t.Errorf("processes of %s still running after a failed Start: %v", good, pids)
	}
}

// processesOf lists the pids whose executable is path (Linux /proc).
func processesOf(t *testing.T, path string) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc")
	}
	var pids []int
	for _, e := range entries {
		var pid int
		if _, err := fmt.Sscanf(e.Name(), "%d", &pid); err != nil {
			continue
		}
		if exe, err := os.Readlink(filepath.Join("/proc", e.Name(), "exe")); err == nil && exe == path {
			pids = append(pids, pid)
		}
	}
	return pids
}

func TestLockFile(t *testing.T) {
	good := bin(t, plugintest.GoodExtractor)
	schema := bin(t, plugintest.SchemaExtractor)
	specs := []Spec{
		{Kind: sdk.KindExtractor, Name: "schema", Command: schema, Config: nil},
		{Kind: sdk.KindExtractor, Name: "good", Command: good},
	}
	entries, err := Lock(context.Background(), specs)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 || entries[0].Name != "good" || entries[1].Name != "schema" {
		t.Fatalf("entries not sorted by kind and name: %+v", entries)
	}
	path := filepath.Join(t.TempDir(), LockFileName)
	if err := WriteLockFile(path, entries); err != nil {
		t.Fatal(err)
	}
	read, diags := ReadLockFile(path)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if !reflect.DeepEqual(read, entries) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", read, entries)
	}
	src, _ := os.ReadFile(path)
	if !strings.Contains(string(src), `plugin "extractor" "good" {`) || !strings.Contains(string(src), "sha256  = \""+entries[0].SHA256+"\"") {
		t.Errorf("lock file does not look like HCL blocks:\n%s", src)
	}

	// The lock matches: the good plugin starts.
	mustStart(t, specs[1:], WithLockFile(path))

	// A lock entry for another binary refuses the plugin by name with
	// both hashes.
	stale := entries[0]
	stale.SHA256 = strings.Repeat("0", 64)
	if err := WriteLockFile(path, []LockEntry{stale}); err != nil {
		t.Fatal(err)
	}
	_, err = start(t, specs[1:], WithLockFile(path))
	if !errors.Is(err, ErrChecksum) {
		t.Fatalf("got %v, want ErrChecksum", err)
	}
	for _, w := range []string{`plugin "extractor" "good"`, entries[0].SHA256, stale.SHA256, path, "compactguard plugins lock"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not name %q", err, w)
		}
	}

	// A missing lock file is no lock.
	mustStart(t, specs[1:], WithLockFile(filepath.Join(t.TempDir(), LockFileName)))
}

func TestReadLockFileDiagnostics(t *testing.T) {
	sum := strings.Repeat("a", 64)
	tests := []struct {
		name, src, want string
	}{
		{"unknown kind", `plugin "scoring" "x" { sha256 = "` + sum + `" }`, "Unknown plugin kind"},
		{"bad hash", `plugin "scorer" "x" { sha256 = "abc" }`, "Invalid sha256"},
		{"duplicate", "plugin \"scorer\" \"x\" { sha256 = \"" + sum + "\" }\nplugin \"scorer\" \"x\" { sha256 = \"" + sum + "\" }", "Duplicate lock entry"},
		{"missing hash", `plugin "scorer" "x" { command = "x" }`, "Missing required argument"},
		{"not hcl", `plugin {`, "Unclosed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), LockFileName)
			if err := os.WriteFile(path, []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, diags := ReadLockFile(path)
			if !diags.HasErrors() || !strings.Contains(diags.Error(), tt.want) {
				t.Errorf("got %v, want an error containing %q", diags, tt.want)
			}
		})
	}
}

func TestSIGKILLFailsClosedThenRestarts(t *testing.T) {
	m := mustStart(t, []Spec{{Kind: sdk.KindExtractor, Name: "crash", Command: bin(t, plugintest.CrashExtractor)}})
	ex := m.Extractors()[0]
	ctx := context.Background()
	if _, err := ex.Extract(ctx, spans("do not")); err != nil {
		t.Fatal(err)
	}
	pid := m.Infos()[0].PID
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}

	_, err := ex.Extract(ctx, spans("do not"))
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("call after SIGKILL: got %v, want ErrUnavailable", err)
	}
	var ce *CallError
	if !errors.As(err, &ce) || ce.Plugin != "crash" || ce.Kind != sdk.KindExtractor || ce.Op != "Extract" {
		t.Fatalf("got %#v, want a CallError naming the plugin and op", err)
	}
	if !strings.Contains(err.Error(), "fails closed") {
		t.Errorf("error text %q does not say the host fails closed", err)
	}

	resp := eventually(t, ex, spans("do not"))
	if len(resp.Items) != 1 {
		t.Errorf("restarted plugin answered %+v", resp)
	}
	info := m.Infos()[0]
	if info.PID == pid || !alive(info.PID) || info.Restarts != 1 {
		t.Errorf("after restart: %+v (old pid %d)", info, pid)
	}
	if alive(pid) {
		t.Errorf("killed process %d still exists", pid)
	}
}

func TestCrashMidCallFailsClosedThenRestarts(t *testing.T) {
	// A backoff long enough that the second call surely falls inside it.
	m := mustStart(t, []Spec{{Kind: sdk.KindExtractor, Name: "crash", Command: bin(t, plugintest.CrashExtractor)}},
		WithBackoff(400*time.Millisecond, time.Second))
	ex := m.Extractors()[0]
	pid := m.Infos()[0].PID
	_, err := ex.Extract(context.Background(), spans("CRASH"))
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("got %v, want ErrUnavailable", err)
	}
	// Inside the backoff window the call fails at once.
	began := time.Now()
	if _, err := ex.Extract(context.Background(), spans("x")); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("call in the backoff window: got %v, want ErrUnavailable", err)
	} else if d := time.Since(began); d > 100*time.Millisecond {
		t.Errorf("call in the backoff window took %s, want it to fail at once", d)
	}
	eventually(t, ex, spans("x"))
	if got := m.Supervisors()[0].Restarts(); got != 1 {
		t.Errorf("restarts = %d, want 1", got)
	}
	if alive(pid) {
		t.Errorf("crashed process %d still exists", pid)
	}
}

func TestHangIsCutOffByTimeout(t *testing.T) {
	m := mustStart(t, []Spec{{Kind: sdk.KindExtractor, Name: "hang", Command: bin(t, plugintest.HangExtractor), Timeout: 300 * time.Millisecond}})
	ex := m.Extractors()[0]
	pid := m.Infos()[0].PID

	began := time.Now()
	_, err := ex.Extract(context.Background(), spans("HANG"))
	took := time.Since(began)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("got %v, want ErrTimeout", err)
	}
	if took > 3*time.Second {
		t.Errorf("hung call returned after %s, want about the 300ms timeout", took)
	}
	if alive(pid) {
		t.Errorf("hung process %d was not killed", pid)
	}
	resp := eventually(t, ex, spans("do not"))
	if len(resp.Items) != 1 {
		t.Errorf("restarted plugin answered %+v", resp)
	}
	if m.Infos()[0].PID == pid {
		t.Error("the call after the timeout did not run on a new process")
	}
}

// A caller that gives up early is not the plugin's fault: the call fails,
// the process is left running.
func TestCallerCancellationLeavesPluginRunning(t *testing.T) {
	m := mustStart(t, []Spec{{Kind: sdk.KindExtractor, Name: "hang", Command: bin(t, plugintest.HangExtractor)}})
	ex := m.Extractors()[0]
	pid := m.Infos()[0].PID
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := ex.Extract(ctx, spans("HANG"))
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("got %v, want ErrTimeout", err)
	}
	if !alive(pid) {
		t.Fatal("the plugin was killed for the caller's own deadline")
	}
	if _, err := ex.Extract(context.Background(), spans("x")); err != nil {
		t.Fatalf("next call: %v", err)
	}
	if got := m.Supervisors()[0].Restarts(); got != 0 {
		t.Errorf("restarts = %d, want 0", got)
	}
}

// eventually calls Extract until it succeeds, which must happen within a
// few backoff periods; every failure before must be ErrUnavailable.
func eventually(t *testing.T, ex sdk.Extractor, req *sdk.ExtractRequest) *sdk.ExtractResponse {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, err := ex.Extract(context.Background(), req)
		if err == nil {
			return resp
		}
		if !errors.Is(err, ErrUnavailable) {
			t.Fatalf("while waiting for the restart: got %v, want ErrUnavailable", err)
		}
		if time.Now().After(deadline) {
			t.Fatalf("plugin did not come back: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestCloseKillsEveryPlugin(t *testing.T) {
	m := mustStart(t, []Spec{
		{Kind: sdk.KindExtractor, Name: "good", Command: bin(t, plugintest.GoodExtractor)},
		{Kind: sdk.KindExtractor, Name: "hang", Command: bin(t, plugintest.HangExtractor)},
		{Kind: sdk.KindScorer, Name: "scorer-only", Command: bin(t, plugintest.ScorerOnly)},
	})
	if m.Scorer() == nil || len(m.Extractors()) != 2 {
		t.Fatalf("handles: scorer %v, %d extractors", m.Scorer(), len(m.Extractors()))
	}
	if _, err := m.Scorer().Score(context.Background(), &sdk.ScoreRequest{Candidate: "x"}); err != nil {
		t.Fatal(err)
	}
	// One call is stuck in the hang plugin when Close runs.
	stuck := make(chan error, 1)
	go func() {
		_, err := m.Extractors()[1].Extract(context.Background(), spans("HANG"))
		stuck <- err
	}()
	time.Sleep(100 * time.Millisecond)

	var pids []int
	var sockDirs []string
	for _, info := range m.Infos() {
		if !alive(info.PID) {
			t.Fatalf("%s not running before Close", info.Name)
		}
		pids = append(pids, info.PID)
	}
	for _, s := range m.Supervisors() {
		sockDirs = append(sockDirs, s.last.sockDir)
	}
	m.Close()
	for _, pid := range pids {
		if alive(pid) {
			t.Errorf("process %d outlived Close", pid)
		}
	}
	for _, dir := range sockDirs {
		if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("socket directory %s not removed: %v", dir, err)
		}
	}
	m.Close() // idempotent
	if err := <-stuck; err == nil {
		t.Error("the call stuck in a plugin succeeded across Close")
	}
	if _, err := m.Extractors()[0].Extract(context.Background(), spans("x")); !errors.Is(err, ErrUnavailable) {
		t.Errorf("call after Close: got %v, want ErrUnavailable", err)
	}
}

func TestHostSecretsDoNotReachPlugins(t *testing.T) {
	t.Setenv("COMPACTGUARD_BUDGET_CREDENTIAL", "budget-s3cret")
	t.Setenv("CG_TEST_API_KEY", "api-s3cret")
	t.Setenv("CG_TEST_ALLOWED", "visible")
	t.Setenv("LANG", "C.UTF-8")
	m := mustStart(t, []Spec{{Kind: sdk.KindExtractor, Name: "env", Command: bin(t, plugintest.EnvExtractor), Env: []string{"CG_TEST_ALLOWED"}}})
	resp, err := m.Extractors()[0].Extract(context.Background(), spans("COMPACTGUARD_BUDGET_CREDENTIAL", "CG_TEST_API_KEY", "CG_TEST_ALLOWED", "LANG", "PATH"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for i, it := range resp.Items {
		got[resp.Items[i].Span] = it.KeyTerms[0] + ":" + it.Text
	}
	want := map[string]string{
		"s1": "unset:",
		"s2": "unset:",
		"s3": "set:visible",
		"s4": "set:C.UTF-8",
		"s5": "set:" + os.Getenv("PATH"),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("plugin saw %v, want %v", got, want)
	}
}

func TestConfigReachesPluginAsJSON(t *testing.T) {
	t.Setenv("CG_TEST_MODE", "strict-mode")
	s := pluginBlock(t, `plugin "extractor" "schema" {
  config {
    threshold = 0.25 * 2
    mode      = env.CG_TEST_MODE
    strict    = true
    tags      = ["a", "b"]
    labels    = { team = "infra" }
  }
}`)
	s.Command = bin(t, plugintest.SchemaExtractor)
	m := mustStart(t, []Spec{s})
	resp, err := m.Extractors()[0].Extract(context.Background(), spans("x"))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(resp.Items[0].Text), &got); err != nil {
		t.Fatalf("config %q: %v", resp.Items[0].Text, err)
	}
	want := map[string]any{
		"threshold": 0.5, "mode": "strict-mode", "strict": true,
		"tags": []any{"a", "b"}, "labels": map[string]any{"team": "infra"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("plugin got config %v, want %v", got, want)
	}
	// Unset optional attributes are left out, not sent as null.
	s = pluginBlock(t, "plugin \"extractor\" \"schema\" {\n  config {\n    threshold = 1\n  }\n}\n")
	s.Command = bin(t, plugintest.SchemaExtractor)
	m = mustStart(t, []Spec{s})
	resp, err = m.Extractors()[0].Extract(context.Background(), spans("x"))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Items[0].Text != `{"threshold":1}` {
		t.Errorf("config sent as %s", resp.Items[0].Text)
	}
}

func TestConcurrentCallsDuringRestarts(t *testing.T) {
	m := mustStart(t, []Spec{{Kind: sdk.KindExtractor, Name: "crash", Command: bin(t, plugintest.CrashExtractor)}})
	ex := m.Extractors()[0]
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10 {
				text := "do not"
				if g == 0 && i == 3 {
					text = "CRASH"
				}
				_, err := ex.Extract(context.Background(), spans(text))
				if err != nil && !errors.Is(err, ErrUnavailable) {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("unexpected error: %v", err)
	}
	eventually(t, ex, spans("x"))
	if got := m.Supervisors()[0].Restarts(); got < 1 {
		t.Errorf("restarts = %d, want at least 1", got)
	}
}

// Close racing a restart: whatever the interleaving, no process of the
// plugin may be left once Close returns.
func TestCloseDuringRestart(t *testing.T) {
	path := bin(t, plugintest.CrashExtractor)
	for i := range 4 {
		m := mustStart(t, []Spec{{Kind: sdk.KindExtractor, Name: "crash", Command: path}}, WithBackoff(10*time.Millisecond, 10*time.Millisecond))
		ex := m.Extractors()[0]
		if _, err := ex.Extract(context.Background(), spans("CRASH")); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("got %v, want ErrUnavailable", err)
		}
		time.Sleep(20 * time.Millisecond)
		done := make(chan struct{})
		go func() {
			defer close(done)
			_, _ = ex.Extract(context.Background(), spans("x")) // restarts
		}()
		time.Sleep(time.Duration(i*15) * time.Millisecond)
		m.Close()
		if pids := processesOf(t, path); len(pids) > 0 {
			t.Fatalf("round %d: processes %v outlived Close", i, pids)
		}
		<-done
	}
}

// gRPC's default 4 MiB server-side receive limit would refuse a large
// context; the plugin side raises it to sdk.MaxMessageBytes (the host side
// lowers go-plugin's 2 GiB default to the same bound).
func TestLargeMessagesPass(t *testing.T) {
	m := mustStart(t, []Spec{{Kind: sdk.KindExtractor, Name: "good", Command: bin(t, plugintest.GoodExtractor)}})
	big := "do not " + strings.Repeat("x", 6<<20)
	resp, err := m.Extractors()[0].Extract(context.Background(), spans(big))
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Items) != 1 || len(resp.Items[0].Text) != len(big) {
		t.Fatalf("got %d items", len(resp.Items))
	}
}
