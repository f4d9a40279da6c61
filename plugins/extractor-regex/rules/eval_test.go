package rules

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// builtinLexicon loads the built-in lexicons once per test binary: a load
// parses every language file, and nearly every test compiles an engine.
var builtinLexicon = sync.OnceValues(lexicon.Default)

// testLexicon returns the built-in lexicons or fails the test.
func testLexicon(t testing.TB) *lexicon.Set {
	t.Helper()
	lex, err := builtinLexicon()
	if err != nil {
		t.Fatalf("lexicons: %v", err)
	}
	return lex
}

// testEngine compiles the default pack or fails the test. Options without
// a Lexicon get the built-in one.
func testEngine(t testing.TB, opts Options) *Engine {
	t.Helper()
	if opts.Lexicon == nil {
		opts.Lexicon = testLexicon(t)
	}
	p, diags := DefaultPack()
	if diags.HasErrors() {
		t.Fatalf("default pack: %s", diags.Error())
	}
	e, diags := Compile([]*Pack{p}, opts)
	if diags.HasErrors() {
		t.Fatalf("compile: %s", diags.Error())
	}
	return e
}

type evalCase struct {
	Name   string
	Spans  []sdk.Span
	Expect struct {
		Verdict  string   `json:"verdict"`
		Category string   `json:"category"`
		Dropped  []string `json:"dropped"`
		Note     string   `json:"note"`
	}
}

// loadCases reads every case directory under dir.
func loadCases(t *testing.T, dir string) []evalCase {
	t.Helper()
	dirs, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("no eval cases at %s: %v", dir, err)
	}
	var cases []evalCase
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		c := evalCase{Name: d.Name()}
		f, err := os.Open(filepath.Join(dir, d.Name(), "original.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			var ev struct {
				Type string `json:"type"`
				sdk.Span
			}
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
				t.Fatalf("%s: %v", d.Name(), err)
			}
			if ev.Type == "span" {
				c.Spans = append(c.Spans, ev.Span)
			}
		}
		f.Close()
		b, err := os.ReadFile(filepath.Join(dir, d.Name(), "expect.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &c.Expect); err != nil {
			t.Fatalf("%s: %v", d.Name(), err)
		}
		cases = append(cases, c)
	}
	return cases
}

// sharedEvalDir is the shared labelled case set, found relative to the
// module root (../shared from the repository).
func sharedEvalDir(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "eval", "cases")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("module root not found")
		}
		dir = parent
	}
}

// checkCases asserts, for every case, that each dropped substring of a
// refuse case lies inside (or overlaps) an item's evidence range, and that
// no item is drawn from a tool_call span, nor from a tool_result span but
// a tool's report that its call failed (a failed attempt).
func checkCases(t *testing.T, e *Engine, cases []evalCase) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			items := e.Extract(c.Spans)
			kind := map[string]string{}
			text := map[string]string{}
			for _, s := range c.Spans {
				kind[s.ID] = s.Kind
				text[s.ID] = s.Text
			}
			for _, it := range items {
				if k := kind[it.Span]; k == "tool_call" || k == "tool_result" && it.Category != sdk.CategoryFailedAttempt {
					t.Errorf("item from %s span %s: %+v", k, it.Span, it)
				}
				if testing.Verbose() {
					t.Logf("%-18s %s %v | %s", it.Category, it.Span, it.KeyTerms, it.Text)
				}
			}
			if c.Expect.Verdict != "refuse" {
				return
			}
			for _, d := range c.Expect.Dropped {
				covered := false
				for _, s := range c.Spans {
					if s.Kind == "tool_result" || s.Kind == "tool_call" {
						continue
					}
					for off := 0; ; {
						i := strings.Index(s.Text[off:], d)
						if i < 0 {
							break
						}
						a, b := off+i, off+i+len(d)
						for _, it := range items {
							if it.Span == s.ID && it.Start < b && a < it.End {
								covered = true
							}
						}
						off = a + 1
					}
				}
				if !covered {
					t.Errorf("dropped %q (%s) is in no item's evidence", d, c.Expect.Category)
				}
			}
		})
	}
}

func TestSharedEvalCases(t *testing.T) {
	checkCases(t, testEngine(t, Options{}), loadCases(t, sharedEvalDir(t)))
}

func TestOwnCases(t *testing.T) {
	checkCases(t, testEngine(t, Options{}), loadCases(t, filepath.Join("..", "testdata", "cases")))
}
