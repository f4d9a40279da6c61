package judge

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk"
)

// update rewrites testdata/verdicts.golden from the current judge:
//
//	go test ./plugins/scorer-embedding/judge -run TestVerdictsUnchanged -update
var update = flag.Bool("update", false, "rewrite testdata/verdicts.golden")

// roleWord matches the role word a role-swap note quotes: roleSwap picks
// it from a map, so it varies from run to run and is left out.
var roleWord = regexp.MustCompile(`swap roles \(.*?\) in`)

// TestVerdictsUnchanged pins the full verdict (preservation, fate, score,
// evidence, note) of every case of this package's tests, each item alone
// against its own candidate and all items at once against every
// candidate, so that an optimisation cannot change a verdict unnoticed.
func TestVerdictsUnchanged(t *testing.T) {
	var items []sdk.Item
	var cands []string
	for _, c := range guardCases() {
		items = append(items, c.item)
		cands = append(cands, c.candidate)
	}
	for _, c := range append(hardenedCases(), generalisationCases()...) {
		items = append(items, sdk.Item{Category: c.cat, Text: c.item, KeyTerms: c.keys})
		cands = append(cands, c.cand)
	}
	j := New(embed.NewHashed(0), Options{})
	ctx := context.Background()
	var buf bytes.Buffer
	// withNotes keeps the notes, for the cases' own verdicts; the cross
	// verdicts keep score and evidence only, to keep the file small.
	record := func(name, cand string, its []sdk.Item, withNotes bool) {
		vs, err := j.Judge(ctx, cand, its)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i, v := range vs {
			rec := map[string]any{"case": name, "i": i, "preserved": v.Preserved, "fate": v.Fate,
				"score": fmt.Sprintf("%.3f", v.Score), "exact": strconv.FormatFloat(v.Score, 'g', -1, 64)}
			if v.Evidence != "" {
				rec["evidence"] = v.Evidence
			}
			if withNotes {
				rec["note"] = roleWord.ReplaceAllString(v.Note, "swap roles (…) in")
			}
			line, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			buf.Write(line)
			buf.WriteByte('\n')
		}
	}
	for i := range items {
		record(fmt.Sprintf("own %d", i), cands[i], items[i:i+1], true)
	}
	for k, c := range cands {
		record(fmt.Sprintf("all vs candidate %d", k), c, items, false)
	}
	record("all vs all candidates", strings.Join(cands, "\n"), items, true)
	path := filepath.Join("testdata", "verdicts.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (record it with -update before changing the judge)", err)
	}
	got, exp := strings.Split(buf.String(), "\n"), strings.Split(string(want), "\n")
	if len(got) != len(exp) {
		t.Fatalf("%d verdicts, golden has %d", len(got), len(exp))
	}
	diffs := 0
	for i := range got {
		if got[i] != exp[i] {
			if diffs++; diffs <= 10 {
				t.Errorf("verdict changed:\n got  %s\n want %s", got[i], exp[i])
			}
		}
	}
	if diffs > 0 {
		t.Fatalf("%d of %d verdicts changed", diffs, len(got))
	}
}
