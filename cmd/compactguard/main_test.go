package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/internal/plugintest"
)

// The tests here run the real binary's code paths with the real reference
// plugins as separate processes over the real protocol.

var referencePlugins = []string{"./plugins/extractor-regex", "./plugins/scorer-embedding", "./plugins/policy-phase"}

func TestMain(m *testing.M) { plugintest.Main(m) }

// withPlugins builds the reference plugins and puts them first on PATH,
// where the loader finds bare commands such as `extractor-regex`.
func withPlugins(t *testing.T) string {
	t.Helper()
	dir := plugintest.Build(t, referencePlugins...)
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return dir
}

func repoPath(t *testing.T, rel string) string {
	t.Helper()
	root, err := plugintest.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, rel)
}

// cli runs compactguard with args and returns exit code, stdout, stderr.
func cli(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestValidateRepoConfig(t *testing.T) {
	withPlugins(t)
	code, out, errs := cli(t, "validate", "-config", repoPath(t, "policies.hcl"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, kind := range []string{"extractor", "scorer", "policy"} {
		if !strings.Contains(out, kind+" ") {
			t.Errorf("no line for the %s plugin:\n%s", kind, out)
		}
	}
	if !strings.Contains(out, "protocol 1") || !strings.Contains(out, "pid ") {
		t.Errorf("plugin lines lack protocol or pid:\n%s", out)
	}
}

const goodConfig = `
authority "admin" {
  credential_sha256 = "2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b"
}
budget {
  tokens    = 48000
  authority = "admin"
}
plugin "extractor" "regex" {
  command = %q
}
plugin "scorer" "embedding" {
  command = %q
  %s
}
plugin "policy" "phase" {
  command = "policy-phase"
}
phase "exploration" {
  policy = "explore"
}
policy "explore" {
  top_k = 10
  category "reads" {
    match = span.kind == "tool_result"
    cap   = 12000
    score = span.recency
  }
}
`

func fileSHA(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func TestValidateFailures(t *testing.T) {
	dir := withPlugins(t)
	ex := filepath.Join(dir, "extractor-regex")
	sc := filepath.Join(dir, "scorer-embedding")
	tests := []struct {
		name   string
		config string
		want   []string // substrings of stderr
	}{
		{"syntax error", "budget {\n  tokens = \n}\n", []string{"policies.hcl:2:"}},
		{"unknown block", fmt.Sprintf(goodConfig, ex, sc, "") + "retention {\n}\n", []string{fmt.Sprintf("policies.hcl:%d:1", strings.Count(goodConfig, "\n")+1), "Unsupported block type", "retention"}},
		{"missing plugin binary", fmt.Sprintf(goodConfig, "no-such-extractor", sc, ""), []string{`plugin "extractor" "regex"`, "no-such-extractor", "not found"}},
		{"wrong sha256", fmt.Sprintf(goodConfig, ex, sc, `sha256 = "`+strings.Repeat("ab", 32)+`"`), []string{`plugin "scorer" "embedding"`, strings.Repeat("ab", 32), fileSHA(t, sc)}},
		{"wrong kind", fmt.Sprintf(goodConfig, ex, ex, ""), []string{`plugin "scorer" "embedding"`, "extractor"}},
		{"bad plugin config", fmt.Sprintf(goodConfig, ex, sc, "config {\n    backend = \"telepathy\"\n  }"), []string{`config attribute "backend"`, "telepathy", "policies.hcl:15:15"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := cli(t, "validate", "-config", plugintest.WriteConfig(t, "", tt.config))
			if code != 1 {
				t.Fatalf("exit %d, want 1; stderr:\n%s", code, errs)
			}
			for _, w := range tt.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errs)
				}
			}
		})
	}
}

func writeSpans(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "original.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func writeText(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "candidate.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCheckJudgement(t *testing.T) {
	withPlugins(t)
	original := writeSpans(t,
		`{"type":"span","id":"s1","kind":"system","text":"You are a coding agent working on the orders service."}`,
		`{"type":"span","id":"s2","kind":"user","text":"Migrate legacy_orders into orders_v2 in batches. Do not run DROP TABLE on legacy_orders. Keep the whole job under a 48k token budget. Run everything against prod only after the staging rehearsal passes."}`,
		`{"type":"span","id":"s3","kind":"assistant","text":"Understood. I will copy in batches and verify counts after each one."}`,
	)
	tests := []struct {
		name, candidate, want string
	}{
		{"faithful paraphrase", "We are migrating legacy_orders into orders_v2 in batches, verifying counts after each. Never run DROP TABLE on legacy_orders. The job must stay under a 48k token budget. Prod runs only after the staging rehearsal passes.", "allow"},
		{"inverted prohibition", "We are migrating legacy_orders into orders_v2 in batches, verifying counts after each. When done, run DROP TABLE on legacy_orders. The job must stay under a 48k token budget. Prod runs only after the staging rehearsal passes.", "refuse"},
		{"number changed", "We are migrating legacy_orders into orders_v2 in batches, verifying counts after each. Never run DROP TABLE on legacy_orders. The job must stay under an 84k token budget. Prod runs only after the staging rehearsal passes.", "refuse"},
		{"entity swapped", "We are migrating legacy_orders into orders_v2 in batches, verifying counts after each. Never run DROP TABLE on legacy_orders. The job must stay under a 48k token budget. Run everything against staging only after the rehearsal passes.", "refuse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := cli(t, "check", "-config", repoPath(t, "policies.hcl"), "--original", original, "--candidate", writeText(t, tt.candidate), "--json")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var d guard.Decision
			if err := json.Unmarshal([]byte(out), &d); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			got := "refuse"
			if *d.Allowed {
				got = "allow"
			}
			if got != tt.want {
				t.Fatalf("got %s (%s: %s), want %s", got, d.Reason, d.Message, tt.want)
			}
		})
	}
	t.Run("unpinned", func(t *testing.T) {
		code, out, errs := cli(t, "check", "-config", repoPath(t, "policies.hcl"), "--original", original, "--candidate", writeText(t, "anything"), "--unpinned", "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var d guard.Decision
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatal(err)
		}
		if *d.Allowed || d.Reason != guard.ReasonUnpinnedReference || len(d.Items) == 0 {
			t.Fatalf("got %s with %d items", d.Reason, len(d.Items))
		}
	})
}

func decisionsOf(t *testing.T, out string) []guard.Decision {
	t.Helper()
	var ds []guard.Decision
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var d guard.Decision
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatalf("not one JSON decision per line: %v: %q", err, sc.Text())
		}
		ds = append(ds, d)
	}
	return ds
}

func TestReplayMigrationIncident(t *testing.T) {
	withPlugins(t)
	cfg := repoPath(t, "examples/migration-drop-table/policies.hcl")
	code, out, errs := cli(t, "replay", "-config", cfg, "--json", repoPath(t, "examples/migration-drop-table/session.jsonl"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	ds := decisionsOf(t, out)
	if len(ds) != 5 {
		t.Fatalf("%d decisions, want 5", len(ds))
	}
	for i, want := range []bool{true, true, false, true, true} {
		if *ds[i].Allowed != want {
			t.Errorf("compaction %d: allowed=%v (%s), want %v", i+1, *ds[i].Allowed, ds[i].Reason, want)
		}
	}
	third := ds[2]
	if third.Reason != guard.ReasonMustKeepItemMissing && third.Reason != guard.ReasonBelowThreshold {
		t.Errorf("third compaction reason %s", third.Reason)
	}
	if *third.SelfScore-*third.AnchoredScore < 0.2 {
		t.Errorf("anchored %.2f is not at least 0.2 below self %.2f", *third.AnchoredScore, *third.SelfScore)
	}
	lostProhibition := false
	for _, it := range third.Items {
		if it.Category == "prohibition" && strings.Contains(it.Text, "DROP TABLE") && !*it.Preserved {
			lostProhibition = true
		}
	}
	if !lostProhibition {
		t.Error("the DROP TABLE prohibition is not listed as lost")
	}

	code, out, errs = cli(t, "replay", "-config", cfg, "--json", repoPath(t, "examples/migration-drop-table/session-unpinned.jsonl"))
	if code != 0 {
		t.Fatalf("unpinned: exit %d: %s", code, errs)
	}
	for _, d := range decisionsOf(t, out) {
		if *d.Allowed || d.Reason != guard.ReasonUnpinnedReference {
			t.Errorf("unpinned variant: got %s", d.Reason)
		}
	}
}

func TestReplayBadInput(t *testing.T) {
	withPlugins(t)
	tests := []struct {
		name  string
		lines []string
		want  string
	}{
		{"malformed line", []string{`{"type":"span","id":"s1","kind":"user","text":"hi"}`, `{"type":"span",`}, "session.jsonl:2: invalid JSON"},
		{"unknown field", []string{`{"type":"span","id":"s1","kind":"user","text":"hi","colour":"red"}`}, "session.jsonl:1: colour: unknown field"},
		{"duplicate id", []string{`{"type":"span","id":"s1","kind":"user","text":"hi"}`, `{"type":"span","id":"s1","kind":"user","text":"ho"}`}, `session.jsonl:2: id: duplicate span id "s1" (first at line 1)`},
		{"unknown span in covers", []string{`{"type":"span","id":"s1","kind":"user","text":"hi"}`, `{"type":"compaction","covers":["s1","s9"],"summary":"x"}`}, `session.jsonl:2: covers[1]: unknown span id "s9"`},
		{"bad kind", []string{`{"type":"span","id":"s1","kind":"robot","text":"hi"}`}, "session.jsonl:1: kind: unknown kind"},
		{"non-UTF-8", []string{"{\"type\":\"span\",\"id\":\"s1\",\"kind\":\"user\",\"text\":\"caf\xe9\"}"}, "session.jsonl:1: not valid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "session.jsonl")
			if err := os.WriteFile(path, []byte(strings.Join(tt.lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errs := cli(t, "replay", "-config", repoPath(t, "policies.hcl"), "--json", path)
			if code != 1 {
				t.Fatalf("exit %d, want 1; stdout %s", code, out)
			}
			if !strings.Contains(errs, tt.want) {
				t.Fatalf("stderr lacks %q:\n%s", tt.want, errs)
			}
		})
	}
}

// TestNoPluginOutlivesTheHost: every plugin pid validate printed is gone
// once the command has returned.
func TestNoPluginOutlivesTheHost(t *testing.T) {
	withPlugins(t)
	code, out, errs := cli(t, "validate", "-config", repoPath(t, "policies.hcl"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var pids []int
	for _, line := range strings.Split(out, "\n") {
		var pid int
		if i := strings.Index(line, "pid "); i >= 0 {
			if _, err := fmt.Sscanf(line[i:], "pid %d", &pid); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	if len(pids) != 3 {
		t.Fatalf("found %d plugin pids in:\n%s", len(pids), out)
	}
	for _, pid := range pids {
		// Signal 0 probes for the process; a zombie still answers, so
		// check its state in /proc too.
		if err := syscall.Kill(pid, 0); err == nil {
			if st, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); !strings.Contains(string(st), ") Z ") {
				t.Errorf("plugin pid %d still running after the host exited", pid)
			}
		}
	}
}

// TestUsageNamesEveryCommand: the top-level help lists each command,
// and each subcommand on a line of its own; every subcommand it lists is
// one the command takes (its -h answers, exit 0).
func TestUsageNamesEveryCommand(t *testing.T) {
	var out bytes.Buffer
	usage(&out)
	for _, c := range commands() {
		names := []string{c.name}
		for _, sc := range c.subs {
			names = append(names, sc.name)
			var o, e bytes.Buffer
			if code := run(append(strings.Fields(sc.name), "-h"), &o, &e); code != exitOK {
				t.Errorf("the help lists %q, but `%s -h` exits %d: %s", sc.name, sc.name, code, e.String())
			}
		}
		for _, n := range names {
			if !strings.Contains(out.String(), "\n  "+n+" ") {
				t.Errorf("usage lacks a line for %q:\n%s", n, out.String())
			}
		}
	}
	for _, want := range []string{"plugins lock", "plugins test"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, out.String())
		}
	}
}
