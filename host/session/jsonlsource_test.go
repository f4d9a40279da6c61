package session

import (
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

func TestParseGivesToolSpansTheSourceTheirCallSays(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  string // the source of the span "r"
	}{
		{"a brief to a subagent is delegation", []string{
			`{"type":"span","id":"r","kind":"tool_call","text":"Map bookings.csv. Do not email guests.","meta":{"tool":"task"}}`,
		}, sdk.SourceDelegation},
		{"a subagent's answer is its report", []string{
			`{"type":"span","id":"c","kind":"tool_call","text":"Map bookings.csv.","meta":{"tool":"Agent"}}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"Mapped 1,284 bookings.","meta":{"tool":"Agent"}}`,
		}, sdk.SourceSubagentReport},
		{"a shell call stays the agent's", []string{
			`{"type":"span","id":"r","kind":"tool_call","text":"rm -rf build","meta":{"tool":"bash"}}`,
		}, sdk.SourceAgent},
		{"a rules file read by a shell call is project_rule", []string{
			`{"type":"span","id":"c","kind":"tool_call","text":"cat AGENTS.md"}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"Never push to main."}`,
		}, sdk.SourceProjectRule},
		{"a rules file read by a shell call written as an argv array is project_rule", []string{
			`{"type":"span","id":"c","kind":"tool_call","text":"[\"bash\", \"-lc\", \"cat AGENTS.md\"]","meta":{"tool":"shell"}}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"Never push to main.","meta":{"tool":"shell"}}`,
		}, sdk.SourceProjectRule},
		{"a script run by a shell is not a file it prints", []string{
			`{"type":"span","id":"c","kind":"tool_call","text":"[\"bash\", \"-lc\", \"./deploy.sh AGENTS.md\"]","meta":{"tool":"shell"}}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"deployed","meta":{"tool":"shell"}}`,
		}, sdk.SourceToolResult},
		{"a config file a shell prints is config_file", []string{
			`{"type":"span","id":"c","kind":"tool_call","text":"ssh db-1 'sudo cat /etc/app/app.conf'","meta":{"tool":"shell"}}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"max_connections = 200"}`,
		}, sdk.SourceConfigFile},
		{"a config file a shell copies is not what the command prints", []string{
			`{"type":"span","id":"c","kind":"tool_call","text":"ssh bastion-2 'sudo cp /etc/nftables.conf /etc/nftables.bak && echo reload | sudo at now + 5 minutes'","meta":{"tool":"shell"}}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"job 14 at Thu Dec  3 10:47:00 2026","meta":{"tool":"shell"}}`,
		}, sdk.SourceToolResult},
		{"a document the system prompt named is document", []string{
			`{"type":"span","id":"s","kind":"system","text":"Read CONTRIBUTING.md before changing build files."}`,
			`{"type":"span","id":"c","kind":"tool_call","text":"sed -n '/## Nix/,/## Rust/p' CONTRIBUTING.md"}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"- Never run nix flake update wholesale."}`,
		}, sdk.SourceDocument},
		{"a document named in a sentence of another script is document", []string{
			`{"type":"span","id":"u","kind":"user","text":"帮我查一下内存泄漏。操作前先看一下runbooks/ingest.md。"}`,
			`{"type":"span","id":"c","kind":"tool_call","text":"Read runbooks/ingest.md","meta":{"tool":"Read"}}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"- 美股交易时段禁止重启 ingest pod。"}`,
		}, sdk.SourceDocument},
		{"a capitalised project document the person called by its name is document", []string{
			`{"type":"span","id":"u","kind":"user","text":"Split the module. Follow the repo's CONTRIBUTING, it's strict."}`,
			`{"type":"span","id":"c","kind":"tool_call","text":"cat CONTRIBUTING.md","meta":{"tool":"read_file"}}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"- Never apply from a laptop."}`,
		}, sdk.SourceDocument},
		{"a lower-case document whose name is a word the person used stays tool output", []string{
			`{"type":"span","id":"u","kind":"user","text":"Please analyze this issue."}`,
			`{"type":"span","id":"c","kind":"tool_call","text":"cat references/analyze.md"}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"Never reason from the issue text."}`,
		}, sdk.SourceToolResult},
		{"a document nobody named stays tool output", []string{
			`{"type":"span","id":"c","kind":"tool_call","text":"cat docs/design.md"}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"The cache has no side effects."}`,
		}, sdk.SourceToolResult},
		{"a result that names its own source keeps it", []string{
			`{"type":"span","id":"c","kind":"tool_call","text":"cat AGENTS.md"}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"Never push to main.","meta":{"source":"command_output"}}`,
		}, sdk.SourceCommandOutput},
		{"a result after another span answers no call", []string{
			`{"type":"span","id":"c","kind":"tool_call","text":"cat AGENTS.md"}`,
			`{"type":"span","id":"a","kind":"assistant","text":"Reading it."}`,
			`{"type":"span","id":"r","kind":"tool_result","text":"Never push to main."}`,
		}, sdk.SourceToolResult},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			events, err := Parse(strings.NewReader(strings.Join(tt.lines, "\n")), "s.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range events {
				if e.Span != nil && e.Span.ID == "r" {
					if got := sdk.SpanSource(*e.Span); got != tt.want {
						t.Errorf("source %q, want %q", got, tt.want)
					}
					return
				}
			}
			t.Fatal("no span r")
		})
	}
}
