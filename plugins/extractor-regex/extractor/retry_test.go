package extractor

import (
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestToolFailuresAreOneAttemptSettledByARetryOrTheAgentsAccount pins
// what becomes of a tool's report that its call failed: one failed attempt
// per answer, superseded by a later answer of the same tool and program
// that got through, and none at all when the agent's next words state the
// failure (its own record is the one to keep).
func TestToolFailuresAreOneAttemptSettledByARetryOrTheAgentsAccount(t *testing.T) {
	call := func(id, tool, text string) sdk.Span {
		return sdk.Span{ID: id, Kind: "tool_call", Text: text, Meta: map[string]string{"tool": tool}}
	}
	result := func(id, tool, text string) sdk.Span {
		return sdk.Span{ID: id, Kind: "tool_result", Text: text, Meta: map[string]string{"tool": tool}}
	}
	agent := func(id, text string) sdk.Span { return sdk.Span{ID: id, Kind: "assistant", Text: text} }
	failed := "FAILED tests/test_dates.py::test_default - TypeError\n1 failed, 7 passed in 0.41s"
	tests := []struct {
		name  string
		spans []sdk.Span
		want  map[string]string // span → the status of its failed attempt
	}{
		{"a failure left standing is one active attempt",
			[]sdk.Span{call("c1", "Bash", "pytest tests -q"), result("r1", "Bash", failed), agent("a1", "Next I'll export the report.")},
			map[string]string{"r1": sdk.StatusActive}},
		{"a later run of the same program that passes supersedes it",
			[]sdk.Span{call("c1", "Bash", "pytest tests -q"), result("r1", "Bash", failed), call("c2", "Bash", "pytest -q"), result("r2", "Bash", "8 passed in 0.40s")},
			map[string]string{"r1": sdk.StatusSuperseded}},
		{"a call written as its tool's name and JSON input is read by its command",
			[]sdk.Span{call("c1", "Bash", `Bash {"command":"pytest tests -q","description":"run tests"}`), result("r1", "Bash", failed),
				call("c2", "Bash", `Bash {"command":"ls -la"}`), result("r2", "Bash", "total 8")},
			map[string]string{"r1": sdk.StatusActive}},
		{"the same program on another subject does not",
			[]sdk.Span{call("c1", "lab", "sonuc parti=K-14"), result("r1", "lab", "Parti K-14: nem %19,6. Sonuç: BAŞARISIZ (nem)."),
				call("c2", "lab", "sonuc parti=K-15"), result("r2", "lab", "Parti K-15: nem %17,1. Sonuç: BAŞARILI")},
			map[string]string{"r1": sdk.StatusActive}},
		{"the same program on the same subject does",
			[]sdk.Span{call("c1", "Bash", "pytest tests/test_2.py -q"), result("r1", "Bash", failed), call("c2", "Bash", "pytest tests/test_2.py"), result("r2", "Bash", "8 passed in 0.40s")},
			map[string]string{"r1": sdk.StatusSuperseded}},
		{"another program that passes does not",
			[]sdk.Span{call("c1", "Bash", "pytest tests -q"), result("r1", "Bash", failed), call("c2", "Bash", "ruff check ."), result("r2", "Bash", "All checks passed!")},
			map[string]string{"r1": sdk.StatusActive}},
		{"a failure the agent states next gives no item of the tool's",
			[]sdk.Span{call("c1", "Bash", "npm install webpack@5"), result("r1", "Bash", "npm ERR! command failed"), agent("a1", "The webpack 5 upgrade failed because node-sass cannot build on Node 20.")},
			map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := map[string]string{}
			for _, it := range extract(t, tt.spans...) {
				if it.Category != sdk.CategoryFailedAttempt || it.Span[0] != 'r' {
					continue
				}
				if _, dup := got[it.Span]; dup {
					t.Errorf("two failed attempts from %s", it.Span)
				}
				got[it.Span] = sdk.StatusActive
				if it.Frame != nil {
					got[it.Span] = it.Frame.Status
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("failed attempts from tools %v, want %v", got, tt.want)
			}
			for span, status := range tt.want {
				if got[span] != status {
					t.Errorf("%s: status %q, want %q", span, got[span], status)
				}
			}
		})
	}
}
