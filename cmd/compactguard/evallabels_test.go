package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/eval/labels"
	"github.com/compactguard/compactguard/internal/plugintest"
)

// tinyLabels is a two-compaction transcript labelled by hand: the first
// summary drops the DROP TABLE prohibition (labelled) and the push rule
// on line 3 (not labelled), the second restores both.
const tinyLabels = "cmd/compactguard/testdata/eval-labels/labels.json"

// TestEvalLabels runs `eval --labels` end to end with the reference
// plugins on the tiny labelled transcript.
func TestEvalLabels(t *testing.T) {
	withPlugins(t)
	code, out, errs := cli(t, "eval", "-config", repoPath(t, "policies.hcl"), "--json", "--labels", repoPath(t, tinyLabels))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "eval: [1/1] replaying ") || !strings.Contains(errs, "2 decisions in ") {
		t.Errorf("no progress on stderr:\n%s", errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("want one object per compaction and the totals, got:\n%s", out)
	}
	var first, second labels.Result
	for i, r := range []*labels.Result{&first, &second} {
		if err := json.Unmarshal([]byte(lines[i]), r); err != nil {
			t.Fatalf("%v: %s", err, lines[i])
		}
	}
	if first.SummaryLine != 6 || first.Got != "refuse" || !first.Correct || first.Found != 1 || first.Losses != 1 {
		t.Errorf("first compaction: %s", lines[0])
	}
	pushRule := false
	for _, f := range first.Unlabelled {
		if f.Line == 3 && strings.HasSuffix(f.File, "full.jsonl") && f.Source == "human" {
			pushRule = true
		}
	}
	if !pushRule {
		t.Errorf("the unlabelled push rule (line 3) is not among the flags not in the labels: %s", lines[0])
	}
	if second.SummaryLine != 10 || second.Got != "allow" || !second.Correct {
		t.Errorf("second compaction: %s", lines[1])
	}
	var last struct {
		Totals labels.Totals `json:"totals"`
	}
	if err := json.Unmarshal([]byte(lines[2]), &last); err != nil {
		t.Fatal(err)
	}
	if tt := last.Totals; tt.Compactions != 2 || tt.VerdictsRight != 2 || tt.Found != 1 || tt.Losses != 1 || tt.Recall != 1 {
		t.Errorf("totals %+v", tt)
	}

	// The report says per compaction what the script says, and where
	// each flag not in the labels came from.
	code, out, errs = cli(t, "eval", "-config", repoPath(t, "policies.hcl"), "--labels", repoPath(t, tinyLabels))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"ab/0123456789 L6: label refuse, got refuse (must_keep_item_missing); labelled losses found 1/1; flags not in labels ",
		"0/full.jsonl:3 human ",
		"ab/0123456789 L10: label allow, got allow (",
		"real sessions: 2 compactions, verdicts right 2/2; labelled losses found 1/1 (1.00); flags not in labels ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

// TestEvalLabelsBadInput: a missing or bad labels file, or a transcript
// it names that is missing, is exit 1 with the file and field named, and
// nothing is replayed.
func TestEvalLabelsBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	comp := `{"file":"raw/none.jsonl","summary_line":5,"overall":"allow","items":[{"line":1,"category":"entity","key":"k","verdict":"lost"}]}`
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"missing labels file", []string{"--labels", filepath.Join(dir, "nope.json")}, []string{"reading labels", "nope.json"}},
		{"bad field", []string{"--labels", write("bad.json", `{"compactions":[`+comp+`]}`)},
			[]string{"bad.json: compactions[0].items[0].verdict: must be one of", `"lost"`}},
		{"missing transcript", []string{"--labels", write("ok.json", `{"compactions":[`+strings.Replace(comp, `"lost"`, `"dropped"`, 1)+`]}`)},
			[]string{"ok.json: compactions[0].file: reading the transcript", filepath.Join(dir, "raw/none.jsonl"), "no such file"}},
		{"second labels file bad", []string{"--labels", repoPath(t, tinyLabels), write("empty.json", `{}`)}, []string{"empty.json: compactions: missing"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := cli(t, append([]string{"eval", "-config", repoPath(t, "policies.hcl")}, tt.args...)...)
			if code != 1 {
				t.Fatalf("exit %d, want 1; stdout %s, stderr %s", code, out, errs)
			}
			for _, w := range tt.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errs)
				}
			}
			if strings.Contains(errs, "replaying") {
				t.Errorf("replayed despite bad input:\n%s", errs)
			}
		})
	}
}

// TestEvalLabelsAgreesWithRealReplay runs the reference script,
// shared/tools/real_replay.py, and `eval --labels` on the same labels
// with the same binary and config: every per-compaction line and the
// figures must be the same.
func TestEvalLabelsAgreesWithRealReplay(t *testing.T) {
	script := repoPath(t, "../shared/tools/real_replay.py")
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	if _, err := os.Stat(script); err != nil {
		t.Skipf("the reference script is not at %s", script)
	}
	withPlugins(t)
	bin := filepath.Join(plugintest.Build(t, "./cmd/compactguard"), "compactguard")
	sets := []string{repoPath(t, tinyLabels)}
	if real := repoPath(t, "../shared/eval/real/labels.json"); !testing.Short() {
		if _, err := os.Stat(real); err == nil {
			sets = append(sets, real)
		}
	}
	for _, set := range sets {
		t.Run(filepath.Base(filepath.Dir(set)), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			root := repoPath(t, ".")
			cmd := exec.CommandContext(ctx, python, script, bin, root, filepath.Dir(set), set, "--", "0", "1000")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("real_replay.py: %v\n%s%s", err, stdout.String(), stderr.String())
			}
			code, out, errs := cli(t, "eval", "-config", repoPath(t, "policies.hcl"), "--labels", set)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			want := scriptLines(stdout.String())
			if len(want) == 0 {
				t.Fatalf("real_replay.py printed no figures:\n%s", stdout.String())
			}
			got := scriptLines(out)
			if !slices.Equal(got, want) {
				t.Errorf("eval --labels:\n%s\nreal_replay.py:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// scriptLines are a report's per-compaction and totals lines, the script's
// goals (pass marks eval does not print) taken out.
func scriptLines(report string) []string {
	goals := regexp.MustCompile(`, goal [<>]= [0-9.]+| \(goal [<>]= [0-9.]+\)`)
	var lines []string
	for _, l := range strings.Split(report, "\n") {
		if l == "" || strings.HasPrefix(l, "    ") {
			continue
		}
		lines = append(lines, goals.ReplaceAllString(l, ""))
	}
	return lines
}
