package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/host/api"
	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/plugins"
	"github.com/compactguard/compactguard/internal/plugintest"
	"github.com/compactguard/compactguard/sdk"
)

// readyz fetches /readyz and decodes its body.
func readyz(t *testing.T, base string) (int, wire.Health) {
	t.Helper()
	resp, err := http.Get(base + "/readyz")
	if err != nil {
		t.Fatalf("GET /readyz: %v", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var h wire.Health
	if err := json.Unmarshal(raw, &h); err != nil {
		t.Fatalf("/readyz body %q: %v", raw, err)
	}
	if resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("/readyz Cache-Control %q, want no-store", resp.Header.Get("Cache-Control"))
	}
	return resp.StatusCode, h
}

// waitReadyz polls /readyz until it answers want, and fails the test at
// the deadline. It never sleeps for a fixed time to let something happen:
// it looks until it has.
func waitReadyz(t *testing.T, base string, want int, within time.Duration) wire.Health {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		code, h := readyz(t, base)
		if code == want {
			return h
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz did not answer %d within %s: last %d %+v", want, within, code, h)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// metricValue reads one sample (name with its labels, as exposed) from a
// /metrics page; ok is false when it is absent.
func metricValue(page, sample string) (float64, bool) {
	sc := bufio.NewScanner(strings.NewReader(page))
	for sc.Scan() {
		line := sc.Text()
		if rest, found := strings.CutPrefix(line, sample+" "); found {
			v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			return v, err == nil
		}
	}
	return 0, false
}

// TestReadyzStore: /readyz answers 503 naming the store while the store
// cannot commit (a probe write fails or does not commit in time) or does
// not answer, and 200 again once it commits; the store's own error never
// reaches the unauthenticated caller.
func TestReadyzStore(t *testing.T) {
	tests := []struct {
		name string
		// pingOnly serves a store that cannot show it commits, so
		// readiness falls back to Ping.
		pingOnly bool
		// breakStore makes the store fail.
		breakStore func(s *failingStore)
		cause      string
		message    string
	}{
		{"writes fail", false, func(s *failingStore) { s.failUpdate.Store(true) }, "cannot_commit", "cannot commit"},
		{"does not answer", false, func(s *failingStore) { s.failPing.Store(true) }, "cannot_commit", "cannot commit"},
		{"commit hangs past the probe timeout", false, func(s *failingStore) { s.hangProbe.Store(true) }, "cannot_commit", "within 200ms"},
		{"ping-only store does not answer", true, func(s *failingStore) { s.failPing.Store(true) }, "unavailable", "does not answer"},
	}
	// One server per kind of store: a row leaves its store healthy again.
	envs := map[bool]*env{}
	for _, ping := range []bool{false, true} {
		envs[ping] = newEnv(t, func(o *api.Options) {
			o.ReadyProbeTimeout = 200 * time.Millisecond
			if ping {
				o.Store = pingOnly{o.Store}
			}
		})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := envs[tt.pingOnly]
			if code, h := readyz(t, e.url); code != http.StatusOK || h.Status != "ready" || len(h.Problems) != 0 {
				t.Fatalf("healthy: %d %+v", code, h)
			}
			tt.breakStore(e.store)
			code, h := readyz(t, e.url)
			if code != http.StatusServiceUnavailable || h.Status != "unavailable" || len(h.Problems) != 1 {
				t.Fatalf("broken store: %d %+v", code, h)
			}
			p := h.Problems[0]
			if p.Component != "store" || p.Cause != tt.cause || !strings.Contains(p.Message, tt.message) || p.Since == nil || h.Reason != p.Message {
				t.Errorf("problem %+v (reason %q), want store/%s saying %q", p, h.Reason, tt.cause, tt.message)
			}
			if strings.Contains(p.Message, errDisk.Error()) {
				t.Errorf("the store's error reached the caller: %q", p.Message)
			}
			e.store.failUpdate.Store(false)
			e.store.failPing.Store(false)
			e.store.hangProbe.Store(false)
			if code, h := readyz(t, e.url); code != http.StatusOK {
				t.Errorf("store back: %d %+v", code, h)
			}
		})
	}
}

// pingOnly hides the store's ProbeCommit.
type pingOnly struct{ ledger.Store }

// TestReadyzProbesTheStoreAtMostEverySoOften: a flood of /readyz calls is
// not a flood of store writes; callers within the interval share the last
// probe's result.
func TestReadyzProbesTheStoreAtMostEverySoOften(t *testing.T) {
	var probes countingProbe
	e := newEnv(t, func(o *api.Options) {
		probes.Store = o.Store
		o.Store = &probes
		o.ReadyProbeEvery = time.Hour
	})
	for range 20 {
		if code, h := readyz(t, e.url); code != http.StatusOK {
			t.Fatalf("%d %+v", code, h)
		}
	}
	if _, err := e.nobody.Metrics(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := probes.n.Load(); n != 1 {
		t.Errorf("%d store probes for 20 /readyz calls and a scrape within the interval, want 1", n)
	}
}

type countingProbe struct {
	ledger.Store
	n atomic.Int64
}

func (c *countingProbe) ProbeCommit(ctx context.Context) error {
	c.n.Add(1)
	return c.Store.Ping(ctx)
}

// TestReadyzUnrecoverablePlugin: a real plugin process is killed after
// its binary was swapped, so its restarts fail for good: /readyz turns
// 503 naming the plugin and the cause; once the binary is back, the
// supervisor's own retries restart it and /readyz is 200 again. /metrics
// counts the failure, the failed restarts, the restart and the time spent
// unready. Every wait polls with a deadline.
func TestReadyzUnrecoverablePlugin(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a real plugin process")
	}
	dir := plugintest.Build(t, plugintest.GoodExtractor)
	good, err := os.ReadFile(filepath.Join(dir, plugintest.BinaryName(plugintest.GoodExtractor)))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "extractor-good")
	if err := os.WriteFile(path, good, 0o755); err != nil {
		t.Fatal(err)
	}
	mgr, err := plugins.Start(context.Background(), []plugins.Spec{{Kind: sdk.KindExtractor, Name: "good", Command: path}},
		hclog.NewNullLogger(), plugins.WithBackoff(20*time.Millisecond, 100*time.Millisecond), plugins.WithWatchInterval(20*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(mgr.Close)
	e := newEnv(t, func(o *api.Options) { o.Plugins = mgr })
	ctx := context.Background()
	waitReadyz(t, e.url, http.StatusOK, 10*time.Second)

	// An upgrade gone wrong: the file under the pinned checksum changes
	// (renamed over, as a package manager does), then the process dies.
	replace(t, path, append(append([]byte(nil), good...), 0))
	if err := syscall.Kill(mgr.Infos()[0].PID, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	h := waitReadyz(t, e.url, http.StatusServiceUnavailable, 15*time.Second)
	if h.Status != "unavailable" || len(h.Problems) != 1 {
		t.Fatalf("unrecoverable plugin: %+v", h)
	}
	p := h.Problems[0]
	if p.Component != "plugin" || p.Name != "extractor.good" || p.Cause != plugins.CauseChecksumMismatch || p.Since == nil ||
		!strings.Contains(h.Reason, "extractor.good") {
		t.Errorf("problem %+v, reason %q", p, h.Reason)
	}
	if strings.Contains(p.Message, path) {
		t.Errorf("the binary's path reached the unauthenticated caller: %q", p.Message)
	}
	m, err := e.nobody.Metrics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for sample, want := range map[string]float64{
		`compactguard_ready`: 0,
		`compactguard_plugin_unrecoverable{kind="extractor",name="good"}`:  1,
		`compactguard_plugin_failures_total{kind="extractor",name="good"}`: 1,
	} {
		if got, ok := metricValue(m, sample); !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", sample, got, ok, want)
		}
	}
	if got, _ := metricValue(m, `compactguard_plugin_restart_failures_total{kind="extractor",name="good"}`); got < 1 {
		t.Errorf("restart failures %v, want at least 1", got)
	}

	replace(t, path, good)
	waitReadyz(t, e.url, http.StatusOK, 15*time.Second)
	m, err = e.nobody.Metrics(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for sample, want := range map[string]float64{
		`compactguard_ready`: 1,
		`compactguard_plugin_unrecoverable{kind="extractor",name="good"}`:  0,
		`compactguard_plugin_restarts_total{kind="extractor",name="good"}`: 1,
	} {
		if got, ok := metricValue(m, sample); !ok || got != want {
			t.Errorf("after recovery: %s = %v (present %v), want %v", sample, got, ok, want)
		}
	}
	for _, sample := range []string{
		`compactguard_unready_seconds_total`,
		`compactguard_plugin_unrecoverable_seconds_total{kind="extractor",name="good"}`,
	} {
		if got, ok := metricValue(m, sample); !ok || got <= 0 {
			t.Errorf("after recovery: %s = %v (present %v), want > 0", sample, got, ok)
		}
	}
}

// replace puts content at path by rename: the running process keeps its
// file, and no write hits a busy text file.
func replace(t *testing.T, path string, content []byte) {
	t.Helper()
	tmp := path + ".new"
	if err := os.WriteFile(tmp, content, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}
