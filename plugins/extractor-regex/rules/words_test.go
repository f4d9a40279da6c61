package rules

import (
	"strings"
	"testing"
)

// compileWith compiles the default pack followed by a pack of src, or
// fails the test.
func compileWith(t *testing.T, src string) *Engine {
	t.Helper()
	def, diags := DefaultPack()
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	over, diags := ParsePack("over.hcl", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	e, diags := Compile([]*Pack{def, over}, Options{Lexicon: testLexicon(t)})
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	return e
}

// TestLaterPackReplacesWordLists: a later pack's words, sentence and
// preamble attributes replace the earlier lists; what it leaves out keeps
// the default pack's.
func TestLaterPackReplacesWordLists(t *testing.T) {
	e := compileWith(t, `
words {
  environments = ["Perf"]
}
sentence {
  titles = ["capt"]
}
preamble {
  role = "(?i)^agent:"
}
`)
	tests := []struct {
		name string
		got  bool
		want bool
	}{
		{"replaced environments name perf", e.isEntityName("perf"), true},
		{"replaced environments drop staging", e.isEntityName("staging"), false},
		{"kept prose", e.isTechnical("read-only"), false},
		{"replaced titles", e.words.titles["capt"] && !e.words.titles["prof"], true},
		{"kept number signs", e.words.numberSigns["nr"], true},
		{"replaced role", e.words.role.MatchString("Agent: triage bot"), true},
		{"kept tools", e.words.tools != nil && e.words.tools.MatchString("Use the tools."), true},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s: got %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	var got []string
	in := "Ask Capt. Reyes. Ask Prof. Halden."
	for _, s := range e.splitSentences(in, nil) {
		got = append(got, in[s.Start:s.End])
	}
	if want := "Ask Capt. Reyes.|Ask Prof.|Halden."; strings.Join(got, "|") != want {
		t.Errorf("split = %q, want %q", strings.Join(got, "|"), want)
	}
}

// TestEmptyPreambleTurnsItOff: an empty role pattern means no sentence
// opens a role preamble, so what the opening sentence names is an entity
// again.
func TestEmptyPreambleTurnsItOff(t *testing.T) {
	const text = "You are the release agent for payments_api."
	for _, tc := range []struct {
		name, src string
		want      int
	}{
		{"default preamble", "", 0},
		{"preamble off", "preamble {\n  role = \"\"\n}\n", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := compileWith(t, tc.src)
			if n := len(byCategory(extractOne(t, e, "system", text), "entity")); n != tc.want {
				t.Errorf("%d entity items, want %d", n, tc.want)
			}
		})
	}
}

// TestLanguageBlockDiagnostics: a bad preamble pattern and a second block
// of a kind are reported at their file and line.
func TestLanguageBlockDiagnostics(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"bad role", "rule \"a\" {\n category = \"entity\"\n pattern = \"x\"\n}\npreamble {\n role = \"(\"\n}\n", "t.hcl:5,1"},
		{"bad tools", "preamble {\n tools = \"[\"\n}\n", "preamble tools"},
		{"two words blocks", "words {\n}\nwords {\n}\n", "t.hcl:3,1"},
		{"wrong type", "sentence {\n titles = \"dr\"\n}\n", "t.hcl:2,"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, diags := ParsePack("t.hcl", []byte(tc.src))
			if !diags.HasErrors() {
				_, diags = Compile([]*Pack{p}, Options{Lexicon: testLexicon(t)})
			}
			if !diags.HasErrors() || !strings.Contains(diags.Error(), tc.want) {
				t.Fatalf("diags %q, want %q", diags.Error(), tc.want)
			}
		})
	}
}

// TestOnlyCueReadsTheLexicon: a restriction's match that is its "only" cue
// alone, in any language of the lexicons, names no state; a match with
// more in it does.
func TestOnlyCueReadsTheLexicon(t *testing.T) {
	e := testEngine(t, Options{})
	for _, tc := range []struct {
		m    string
		want bool
	}{
		{"only", true},
		{"Seulement", true},
		{"uniquement", true},
		{"nur", true},
		{"únicamente", true},
		{"limited to", true},
		{"read-only", false},
		{"frozen", false},
		{"may only", false},
		{"nur auf", false},
		{"", false},
	} {
		if got := e.words.onlyCue(tc.m); got != tc.want {
			t.Errorf("onlyCue(%q) = %v, want %v", tc.m, got, tc.want)
		}
	}
}
