package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The labelled case sets are data with this one runner: each set is a
// directory of cases run through `compactguard eval` with the real
// plugins. A set with a bar is held to it; the batches without one (the
// tuned-on and blind batches whose figures README.md reports) must still
// decide every case they hold.
func TestEvalCaseSets(t *testing.T) {
	tests := []struct {
		dir string // relative to the repository root
		// optional: skipped when absent (the shared set lives outside
		// the repository).
		optional bool
		// bar: detection recall at least minRecall and false-refusal
		// rate at most maxFalseRefusal; no bar when false.
		bar             bool
		minRecall       float64
		maxFalseRefusal float64
	}{
		{dir: "../shared/eval/cases", optional: true, bar: true, minRecall: 0.95, maxFalseRefusal: 0.10},
		// The project's own cases (other domains, languages and failure
		// modes) are held to the same bar.
		{dir: "testdata/eval-cases", bar: true, minRecall: 0.95, maxFalseRefusal: 0.10},
		{dir: "testdata/eval-r9"},
		{dir: "testdata/eval-r10"},
		{dir: "testdata/eval-r11"},
		{dir: "testdata/eval-r12"},
		{dir: "testdata/eval-r13"},
		{dir: "testdata/eval-r14"},
		{dir: "testdata/eval-r15"},
		{dir: "testdata/eval-r16"},
		{dir: "testdata/eval-r17"},
		{dir: "testdata/eval-r18"},
		{dir: "testdata/eval-r19"},
		{dir: "testdata/eval-r20"},
		{dir: "testdata/eval-r21"},
		{dir: "testdata/eval-r22"},
		{dir: "testdata/eval-r23"},
		{dir: "testdata/eval-r24"},
		{dir: "testdata/eval-r25"},
		{dir: "testdata/eval-r26"},
		{dir: "testdata/eval-r27"},
		{dir: "testdata/eval-r28"},
		{dir: "testdata/eval-r29"},
		{dir: "testdata/eval-r30"},
		{dir: "testdata/eval-r31"},
		{dir: "testdata/eval-r32"},
		{dir: "testdata/eval-r33"},
		{dir: "testdata/eval-r34"},
		{dir: "testdata/eval-r35"},
		{dir: "testdata/eval-r36"},
		{dir: "testdata/eval-r37"},
		{dir: "testdata/eval-r38"},
		{dir: "testdata/eval-r39"},
		{dir: "testdata/eval-r40"},
		{dir: "testdata/eval-r41"},
		{dir: "testdata/eval-r42"},
		{dir: "testdata/eval-r43"},
		{dir: "testdata/eval-r44"},
		{dir: "testdata/eval-r45"},
		{dir: "testdata/eval-r46"},
		{dir: "testdata/eval-r47"},
		{dir: "testdata/eval-r48"},
		{dir: "testdata/eval-r49"},
		{dir: "testdata/eval-r50"},
		{dir: "testdata/eval-r51"},
		{dir: "testdata/eval-r52"},
		{dir: "testdata/eval-r53"},
		{dir: "testdata/eval-r54"},
		{dir: "testdata/eval-r55"},
		{dir: "testdata/eval-r56"},
		{dir: "testdata/eval-r57"},
		{dir: "testdata/eval-r58"},
		{dir: "testdata/eval-r59"},
		{dir: "testdata/eval-r60"},
		{dir: "testdata/eval-r61"},
		{dir: "testdata/eval-r62"},
		{dir: "testdata/eval-r63"},
		{dir: "testdata/eval-r64"},
		{dir: "testdata/eval-r65"},
		{dir: "testdata/eval-r66"},
		{dir: "testdata/eval-r67"},
		{dir: "testdata/eval-r68"},
		{dir: "testdata/eval-r69"},
		{dir: "testdata/eval-r70"},
		{dir: "testdata/eval-r71"},
		{dir: "testdata/eval-r72"},
		{dir: "testdata/eval-r73"},
		{dir: "testdata/eval-r74"},
		{dir: "testdata/eval-r75"},
		{dir: "testdata/eval-r76"},
		{dir: "testdata/eval-r77"},
		{dir: "testdata/eval-r78"},
		{dir: "testdata/eval-r79"},
		{dir: "testdata/eval-r80"},
		{dir: "testdata/eval-r81"},
		{dir: "testdata/eval-r82"},
		{dir: "testdata/eval-r83"},
		{dir: "testdata/eval-r84"},
		{dir: "testdata/eval-r85"},
		{dir: "testdata/eval-r86"},
	}
	var listed []string
	for _, tt := range tests {
		listed = append(listed, tt.dir)
	}
	t.Run("every set is listed", func(t *testing.T) {
		sets, err := filepath.Glob(repoPath(t, "testdata/eval-*"))
		if err != nil {
			t.Fatal(err)
		}
		for _, set := range sets {
			rel := "testdata/" + filepath.Base(set)
			if countCases(t, set) > 0 && !slices.Contains(listed, rel) {
				t.Errorf("%s holds cases but is not in this table: add it, with its bar if it has one", rel)
			}
		}
	})
	for _, tt := range tests {
		name := filepath.Base(tt.dir)
		if tt.optional {
			name = "shared-" + name
		}
		t.Run(name, func(t *testing.T) {
			dir := repoPath(t, tt.dir)
			if _, err := os.Stat(dir); err != nil {
				if tt.optional {
					t.Skipf("the labelled cases are not at %s", dir)
				}
				t.Fatal(err)
			}
			totals := evalTotals(t, dir)
			if want := countCases(t, dir); totals.Cases != want {
				t.Errorf("eval decided %d cases, the directory holds %d", totals.Cases, want)
			}
			t.Logf("%d cases: recall %.2f, false-refusal %.2f", totals.Cases, totals.Recall, totals.FalseRefusal)
			if tt.bar && (totals.Recall < tt.minRecall || totals.FalseRefusal > tt.maxFalseRefusal) {
				t.Fatalf("recall %.2f (want ≥ %.2f), false-refusal %.2f (want ≤ %.2f); wrong: %v",
					totals.Recall, tt.minRecall, totals.FalseRefusal, tt.maxFalseRefusal, totals.Wrong)
			}
		})
	}
}

// evalTotalsLine is the totals line of `compactguard eval --json dir`.
type evalTotalsLine struct {
	Cases        int      `json:"cases"`
	Recall       float64  `json:"detection_recall"`
	FalseRefusal float64  `json:"false_refusal_rate"`
	Wrong        []string `json:"wrong"`
}

func evalTotals(t *testing.T, dir string) evalTotalsLine {
	t.Helper()
	withPlugins(t)
	code, out, errs := cli(t, "eval", "-config", repoPath(t, "policies.hcl"), "--json", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, line := range lines[:len(lines)-1] {
		// Each lost item comes with the judge's reason, at its index.
		var c struct {
			Case string   `json:"case"`
			Lost []string `json:"lost"`
			Why  []string `json:"why"`
		}
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("case line %q: %v", line, err)
		}
		if len(c.Why) != len(c.Lost) {
			t.Errorf("%s: %d lost items but %d reasons", c.Case, len(c.Lost), len(c.Why))
		}
	}
	var last struct {
		Totals evalTotalsLine `json:"totals"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatal(err)
	}
	return last.Totals
}

// countCases counts the cases in dir: folders holding an expect.json.
func countCases(t *testing.T, dir string) int {
	t.Helper()
	cases, err := filepath.Glob(filepath.Join(dir, "*", "expect.json"))
	if err != nil {
		t.Fatal(err)
	}
	return len(cases)
}
