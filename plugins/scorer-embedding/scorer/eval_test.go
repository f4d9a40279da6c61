package scorer

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
)

type evalCase struct {
	name      string
	spans     []sdk.Span
	candidate string
	expect    struct {
		Verdict  string   `json:"verdict"`
		Category string   `json:"category"`
		Dropped  []string `json:"dropped"`
	}
}

// casesDir finds ../shared/eval/cases beside the module root.
func casesDir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("module root not found")
		}
		dir = parent
	}
	cases := filepath.Join(dir, "..", "shared", "eval", "cases")
	if _, err := os.Stat(cases); err != nil {
		t.Skipf("no labelled cases at %s (the shared eval set sits beside the module root): %v", cases, err)
	}
	return cases
}

func loadCases(t testing.TB) []evalCase {
	return loadCasesFrom(t, casesDir(t))
}

// loadCasesFrom reads every case directory under root, by name.
func loadCasesFrom(t testing.TB, root string) []evalCase {
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var out []evalCase
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		c := evalCase{name: e.Name()}
		dir := filepath.Join(root, e.Name())
		f, err := os.Open(filepath.Join(dir, "original.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			var ev struct {
				Type string `json:"type"`
				sdk.Span
			}
			if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
				t.Fatalf("%s: %v", e.Name(), err)
			}
			if ev.Type == "span" {
				c.spans = append(c.spans, ev.Span)
			}
		}
		f.Close()
		cand, err := os.ReadFile(filepath.Join(dir, "candidate.txt"))
		if err != nil {
			t.Fatal(err)
		}
		c.candidate = string(cand)
		raw, err := os.ReadFile(filepath.Join(dir, "expect.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &c.expect); err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		out = append(out, c)
	}
	return out
}

// droppedItems stands in for the extractor: the sentence of the original
// holding each dropped substring, preferring what people said over tool
// output. With keyTerms, the substring is also the item's key term.
func droppedItems(c evalCase, keyTerms bool) []sdk.Item {
	var items []sdk.Item
	for _, sub := range c.expect.Dropped {
		var found *sdk.Item
		for pass := 0; pass < 2 && found == nil; pass++ {
			for _, sp := range c.spans {
				tool := sp.Kind == "tool_result" || sp.Kind == "tool_call"
				if (pass == 0) == tool {
					continue
				}
				i := strings.Index(sp.Text, sub)
				if i < 0 {
					continue
				}
				for _, s := range sentences(sp.Text) {
					if s.Start <= i && i < s.End {
						it := sdk.Item{Category: c.expect.Category, Text: s.Text, Span: sp.ID, Start: s.Start, End: s.End}
						if keyTerms {
							it.KeyTerms = []string{sub}
						}
						found = &it
						break
					}
				}
				break
			}
		}
		if found != nil {
			items = append(items, *found)
		}
	}
	return items
}

// sentence is a sentence of a span's text: bytes [Start, End).
type sentence struct {
	Text       string
	Start, End int
}

// sentences cuts text at sentence-final punctuation followed by a space
// or a line end, and at line ends: the stand-in extractor's unit.
func sentences(text string) []sentence {
	var out []sentence
	start := 0
	flush := func(end int) {
		t := strings.TrimSpace(text[start:end])
		if t != "" {
			i := start + strings.Index(text[start:end], t)
			out = append(out, sentence{Text: t, Start: i, End: i + len(t)})
		}
		start = end
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n':
			flush(i + 1)
		case (c == '.' || c == '!' || c == '?') && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n'):
			flush(i + 1)
		case strings.HasPrefix(text[i:], "。"):
			flush(i + len("。"))
		}
	}
	flush(len(text))
	return out
}

// ruleItems stands in for the extractor on allow cases: each sentence of a
// user or system span that reads as a rule (a modality over something it
// names) or holds a value.
func ruleItems(r *frame.Reader, c evalCase) []sdk.Item {
	var items []sdk.Item
	for _, sp := range c.spans {
		if sp.Kind != "user" && sp.Kind != "system" {
			continue
		}
		for _, s := range sentences(sp.Text) {
			d := r.ReadIn(s.Text, sp.Text)
			rule := false
			for _, cl := range d.Clauses {
				// A rule says what it restricts: a name, a value, or at
				// least three words ("The old one is closed." is news).
				said := len(cl.Main.Objects)+len(cl.Main.Quants) > 0 || len(cl.Main.Stems) >= 3
				rule = rule || cl.Modality != "" && cl.Modality != frame.Failed && said
			}
			if rule {
				items = append(items, sdk.Item{Category: sdk.CategoryProhibition, Text: s.Text, Span: sp.ID, Start: s.Start, End: s.End})
			}
			if len(d.Quants) > 0 {
				items = append(items, sdk.Item{Category: sdk.CategoryNumericCommitment, Text: s.Text, Span: sp.ID, Start: s.Start, End: s.End})
			}
		}
	}
	return items
}

func TestEvalCases(t *testing.T) {
	cases := loadCases(t)
	s := New()
	ctx := context.Background()
	var refuse, detected, allow, falseRefused int
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			switch c.expect.Verdict {
			case "refuse":
				for _, keyTerms := range []bool{false, true} {
					items := droppedItems(c, keyTerms)
					if len(items) == 0 {
						t.Fatalf("no original sentence holds %q", c.expect.Dropped)
					}
					r, err := s.Score(ctx, &sdk.ScoreRequest{Candidate: c.candidate, Items: items, Originals: c.spans})
					if err != nil {
						t.Fatal(err)
					}
					refuse++
					lost := false
					for _, it := range r.Items {
						lost = lost || !it.Preserved
					}
					if lost {
						detected++
						continue
					}
					t.Errorf("key terms %v: every dropped item called preserved: %+v", keyTerms, r.Items)
				}
			case "allow":
				items := ruleItems(s.reader, c)
				r, err := s.Score(ctx, &sdk.ScoreRequest{Candidate: c.candidate, Items: items, Originals: c.spans})
				if err != nil {
					t.Fatal(err)
				}
				allow++
				bad := false
				for _, it := range r.Items {
					if !it.Preserved {
						bad = true
						t.Errorf("item %q: %s (%s)", items[it.Index].Text, it.Fate, it.Note)
						continue
					}
					if !strings.Contains(c.candidate, it.Evidence) {
						t.Errorf("evidence %q not in candidate", it.Evidence)
					}
				}
				if bad {
					falseRefused++
				}
			}
		})
	}
	t.Logf("refuse runs %d, detected %d; allow cases %d, false refusals %d", refuse, detected, allow, falseRefused)
}
