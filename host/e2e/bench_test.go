package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/internal/plugintest"
)

// Real Claude Code sessions for BenchmarkReplayClaudeCode, relative to the
// module root: the largest of the public set when ../shared is checked out
// beside the repository, else the largest the repository carries.
const (
	sharedClaudeCodeSession = "../shared/eval/real/raw/entireio+cli/d7/c8f8341919/0/full.jsonl"
	repoClaudeCodeSession   = "testdata/eval-real/raw/FSM1+cipher-box/34/3a47c5f8d0/0/full.jsonl"
)

// BenchmarkReplayClaudeCode times what a user runs on a real transcript:
// `bin/compactguard replay --format claude-code --json FILE` in the module
// root, with the default policies.hcl. Each iteration is one process, from
// exec to exit: it imports the file, starts the three reference plugins
// (found in bin/), replays every span and compaction through them and
// stops them, so plugin start is included. The goal (BENCHMARKS.md) is a
// median wall time of at most 2 s with no plugin timeout.
//
// It runs the binaries `make build` put in bin/ (`make bench` builds them
// first) and fails if one is missing. Every run must exit 0, print at
// least one decision, no decision may be a plugin_failure and the log
// (at warn level) may report no plugin timeout. It reports the median and
// the maximum wall time in seconds; ns/op is the mean. The sub-benchmark
// name says which session ran and its size.
func BenchmarkReplayClaudeCode(b *testing.B) {
	root, err := plugintest.ModuleRoot()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"compactguard", "extractor-regex", "scorer-embedding", "policy-phase"} {
		if _, err := os.Stat(filepath.Join(root, "bin", name)); err != nil {
			b.Fatalf("bin/%s: %v (run `make build` first; `make bench` does)", name, err)
		}
	}
	file := repoClaudeCodeSession
	if fi, err := os.Stat(filepath.Join(root, "..", "shared")); err == nil && fi.IsDir() {
		file = sharedClaudeCodeSession
	}
	fi, err := os.Stat(filepath.Join(root, file))
	if err != nil {
		b.Fatal(err)
	}
	name := fmt.Sprintf("session=%s,size=%.1fMB", file, float64(fi.Size())/1e6)
	b.Run(name, func(b *testing.B) {
		var wall []time.Duration
		decisions := 0
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			cmd := exec.Command(filepath.Join(root, "bin", "compactguard"), "replay", "--format", "claude-code", "--json", file)
			cmd.Dir = root
			// warn: an extraction that failed (or timed out) while spans
			// were appended is logged, not decided; the check below
			// catches it.
			cmd.Env = append(os.Environ(), "COMPACTGUARD_LOG_LEVEL=warn")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			t0 := time.Now()
			err := cmd.Run()
			wall = append(wall, time.Since(t0))
			b.StopTimer()
			if err != nil {
				b.Fatalf("compactguard replay --format claude-code --json %s: %v\n%s", file, err, stderr.Bytes())
			}
			decisions = checkReplay(b, file, stdout.Bytes(), stderr.String())
			b.StartTimer()
		}
		b.StopTimer()
		slices.Sort(wall)
		b.ReportMetric(wall[len(wall)/2].Seconds(), "median-s")
		b.ReportMetric(wall[len(wall)-1].Seconds(), "max-s")
		b.ReportMetric(float64(decisions), "decisions")
	})
}

// checkReplay fails b unless out holds at least one decision and none is a
// plugin_failure, and the log reports no plugin timeout or failed
// extraction. It returns the number of decisions.
func checkReplay(b *testing.B, file string, out []byte, log string) int {
	b.Helper()
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var d guard.Decision
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			b.Fatalf("replay --json %s: line %q: %v", file, sc.Text(), err)
		}
		n++
		if d.Reason == guard.ReasonPluginFailure {
			b.Fatalf("replay %s: decision %d is a plugin_failure (plugin %s): %s\n%s", file, d.Seq, d.Plugin, d.Message, log)
		}
	}
	if err := sc.Err(); err != nil {
		b.Fatalf("replay --json %s: %v", file, err)
	}
	if n == 0 {
		b.Fatalf("replay --json %s printed no decision\n%s", file, log)
	}
	for _, bad := range []string{"timed out", "extraction at append failed"} {
		if strings.Contains(log, bad) {
			b.Fatalf("replay %s: the log reports %q:\n%s", file, bad, log)
		}
	}
	return n
}

// BenchmarkHookClaudeCode times the Claude Code hook on the same real
// session: each iteration runs `bin/compactguard hook claude-code` twice,
// as Claude Code does around one compaction, each a process of its own
// (plugin start included): PreCompact (the pin list of the whole
// transcript) and SessionStart with source "compact", which judges the
// transcript's last compaction (no PostCompact ran first, so nothing is
// read back from the store: the slow path). The store is a fresh SQLite
// file per iteration under a temporary XDG_STATE_HOME. The goal
// (BENCHMARKS.md) is at most 3 s for each event (median wall).
func BenchmarkHookClaudeCode(b *testing.B) {
	root, err := plugintest.ModuleRoot()
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "bin", "compactguard")); err != nil {
		b.Fatalf("bin/compactguard: %v (run `make build` first; `make bench` does)", err)
	}
	file := repoClaudeCodeSession
	if fi, err := os.Stat(filepath.Join(root, "..", "shared")); err == nil && fi.IsDir() {
		file = sharedClaudeCodeSession
	}
	abs := filepath.Join(root, file)
	fi, err := os.Stat(abs)
	if err != nil {
		b.Fatal(err)
	}
	for _, event := range []string{"PreCompact", "SessionStart"} {
		b.Run(fmt.Sprintf("event=%s,size=%.1fMB", event, float64(fi.Size())/1e6), func(b *testing.B) {
			in, err := json.Marshal(map[string]any{"hook_event_name": event, "session_id": "bench", "transcript_path": abs,
				"cwd": b.TempDir(), "trigger": "auto", "source": "compact"})
			if err != nil {
				b.Fatal(err)
			}
			var wall []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				home := b.TempDir()
				cmd := exec.Command(filepath.Join(root, "bin", "compactguard"), "hook", "claude-code")
				cmd.Dir = home
				cmd.Env = append(os.Environ(), "HOME="+home, "XDG_STATE_HOME="+filepath.Join(home, "state"),
					"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "COMPACTGUARD_LOG_LEVEL=warn")
				cmd.Stdin = bytes.NewReader(in)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				b.StartTimer()
				t0 := time.Now()
				err := cmd.Run()
				wall = append(wall, time.Since(t0))
				b.StopTimer()
				// The hook always exits 0; a warning on stderr is a
				// failure it swallowed to keep the session going.
				if err != nil || strings.Contains(stderr.String(), "warning") {
					b.Fatalf("hook claude-code %s: %v\n%s", event, err, stderr.Bytes())
				}
				b.StartTimer()
			}
			b.StopTimer()
			slices.Sort(wall)
			b.ReportMetric(wall[len(wall)/2].Seconds(), "median-s")
			b.ReportMetric(wall[len(wall)-1].Seconds(), "max-s")
		})
	}
}
