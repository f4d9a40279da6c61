package rules

import (
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

func TestStatesReadWorkingStateFromTheSourcesTheyName(t *testing.T) {
	def, diags := DefaultPack()
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	e, diags := Compile([]*Pack{def}, Options{Lexicon: testLexicon(t)})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	span := func(kind, source, text string) sdk.Span {
		return sdk.Span{ID: "s", Kind: kind, Text: text, Meta: map[string]string{"source": source}}
	}
	tests := []struct {
		name      string
		span      sdk.Span
		slot      string
		value     string // "" when no item is wanted
		matchText string
	}{
		{"git status names the branch",
			span("tool_result", sdk.SourceCommandOutput, "On branch feat/login\nYour branch is up to date with 'origin/feat/login'.\n"),
			"branch", "feat/login", "On branch feat/login"},
		{"the agent's checkout in a shell call",
			span("tool_call", sdk.SourceAgent, `Bash {"command":"git fetch origin soph/chunking && git checkout soph/chunking","description":"Checkout PR branch"}`),
			"branch", "soph/chunking", ""},
		{"a new branch made with switch -c",
			span("tool_call", sdk.SourceAgent, `Bash {"command":"git switch -c fix/overflow"}`),
			"branch", "fix/overflow", ""},
		{"a checkout of files is no switch",
			span("tool_call", sdk.SourceAgent, `Bash {"command":"git checkout -- src/main.go"}`),
			"", "", ""},
		{"a checkout that restores a file from a commit is no switch",
			span("tool_call", sdk.SourceAgent, `Bash {"command":"git checkout HEAD~1 -- src/main.go"}`),
			"", "", ""},
		{"a commit line alone sets no branch",
			span("tool_result", sdk.SourceCommandOutput, "[alex/ent-221 c99ce2f2] Merge remote-tracking branch 'origin/main'\n 1 file changed"),
			"", "", ""},
		{"the agent's report of a full test run",
			span("assistant", sdk.SourceAgent, "All 1274 tests pass. Now let me run lint."),
			"test_baseline", "1274", "All 1274 tests pass"},
		{"a person quoting git status sets no state: only tool output and the agent's own commands do",
			span("user", sdk.SourceHuman, "On branch main\nnothing to commit"),
			"", "", ""},
		{"the agent's thinking sets no state",
			span("reasoning", sdk.SourceReasoning, "All 12 tests pass, I think."),
			"", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := e.States([]sdk.Span{tt.span})
			if tt.value == "" {
				if len(items) != 0 {
					t.Fatalf("want no item, got %+v", items)
				}
				return
			}
			if len(items) != 1 {
				t.Fatalf("want one item, got %+v", items)
			}
			it := items[0]
			if it.Category != sdk.CategoryEntity || it.Frame == nil || it.Frame.Slot != tt.slot || len(it.KeyTerms) != 1 || it.KeyTerms[0] != tt.value {
				t.Errorf("got %+v (frame %+v), want slot %q value %q", it, it.Frame, tt.slot, tt.value)
			}
			if tt.span.Text[it.Start:it.End] != it.Text {
				t.Errorf("item text %q is not its range of the span", it.Text)
			}
			if tt.matchText != "" && it.Text != tt.matchText {
				t.Errorf("item text %q, want %q", it.Text, tt.matchText)
			}
		})
	}
}

func TestStateBlockErrorsNameTheBlock(t *testing.T) {
	src := `state "a" {
  slot    = ""
  sources = ["command_output"]
  pattern = "x"
}
state "b" {
  slot    = "branch"
  sources = ["shell"]
  kinds   = ["robot"]
  pattern = "(?P<value>x"
}
`
	p, diags := ParsePack("bad.hcl", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, diags = Compile([]*Pack{p}, Options{Lexicon: testLexicon(t)})
	// a: empty slot, no value group; b: unknown source, unknown kind, bad pattern.
	if len(diags) != 5 {
		t.Fatalf("want 5 diagnostics, got %d: %v", len(diags), diags)
	}
	for _, d := range diags {
		if d.Subject == nil || d.Subject.Filename != "bad.hcl" {
			t.Errorf("diagnostic without its place: %v", d)
		}
	}
}

func TestDisableTurnsOffAStateBlock(t *testing.T) {
	def, _ := DefaultPack()
	e, diags := Compile([]*Pack{def}, Options{Lexicon: testLexicon(t), Disable: []string{"git_status_branch"}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	items := e.States([]sdk.Span{{ID: "s", Kind: "tool_result", Text: "On branch main", Meta: map[string]string{"source": sdk.SourceCommandOutput}}})
	if len(items) != 0 {
		t.Errorf("a disabled state block still read %+v", items)
	}
}
