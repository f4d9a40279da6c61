package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// The Codex fixtures (testdata/codex-*.jsonl) are written by hand from the
// documented rollout format: no real Codex rollout with a licence that
// allows copying it was found. testdata/codex-README.md says what each line
// stands for and which source fixes its shape.

// codexSummary lists the events as "line span id kind source" or
// "line compaction id <- covers...".
func codexSummary(events []Event) []string {
	var got []string
	for _, e := range events {
		switch {
		case e.Span != nil:
			got = append(got, fmt.Sprintf("%d span %s %s %s", e.Line, e.Span.ID, e.Span.Kind, e.Span.Meta["source"]))
		case e.Compaction != nil:
			got = append(got, fmt.Sprintf("%d compaction %s <- %s", e.Line, e.Compaction.ID, strings.Join(e.Compaction.Covers, " ")))
		}
	}
	return got
}

func importCodexFile(t *testing.T, name string) (*CodexRollout, error) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return ImportCodexRollout(f, name)
}

func TestImportCodex(t *testing.T) {
	tests := []struct {
		name        string
		file        string
		want        []string
		stats       ImportStats // Warnings compared by substring, in order
		compactions []CodexCompaction
		sessionID   string
	}{
		{
			name: "rollout: a local compaction, an encrypted one, an unknown record, a cut last line",
			file: "codex-rollout.jsonl",
			want: []string{
				"2 span line-2#0 system harness",
				"3 span line-3#0 user project_rule",
				"3 span line-3#1 user harness",
				"5 span line-5#0 user human",
				"7 span line-7#0 reasoning reasoning",
				"8 span line-8#0 tool_call agent",
				"9 span line-9#0 tool_result command_output",
				"10 span line-10#0 assistant agent",
				"11 span line-11#0 tool_call config_file",
				"12 span line-12#0 tool_result tool_result",
				"13 span line-13#0 tool_call delegation",
				"14 span line-14#0 tool_result subagent_report",
				"17 span line-17#0 user human",
				"19 compaction line-19 <- line-2#0 line-3#0 line-3#1 line-5#0 line-7#0 line-8#0 line-9#0 line-10#0 line-11#0 line-12#0 line-13#0 line-14#0 line-17#0",
				"21 span line-21#0 system harness",
				"22 span line-22#0 user human",
				"24 span line-24#0 user human",
			},
			stats: ImportStats{Records: 25, Spans: 16, Compactions: 1, TruncatedLastLine: true,
				Sources: map[string]int{"human": 4, "harness": 3, "agent": 2, "command_output": 1, "config_file": 1, "delegation": 1,
					"project_rule": 1, "reasoning": 1, "subagent_report": 1, "tool_result": 1},
				Skipped: map[string]int{"event_msg": 3, "compaction/encrypted": 1, "reasoning/encrypted": 1, "response_item/ghost_snapshot": 1,
					"session_meta": 1, "turn_context": 1, "unknown/world_state": 1},
				Warnings: []string{"codex-rollout.jsonl:23: this compaction's summary is encrypted", `codex-rollout.jsonl:25: unknown record type "world_state"`,
					"codex-rollout.jsonl:26: the last line is cut off"}},
			compactions: []CodexCompaction{{Line: 19, Event: 13}, {Line: 23, Event: -1, Unjudged: "encrypted"}},
			sessionID:   "019d2b7e-4c1a-7d30-9f62-3e8a1c0b5d47",
		},
		{
			name: "older rollout without envelopes: a compaction without replacement_history is rebuilt",
			file: "codex-legacy.jsonl",
			want: []string{
				"3 span line-3#0 user project_rule",
				"4 span line-4#0 user human",
				"5 span line-5#0 tool_call agent",
				"6 span line-6#0 tool_result command_output",
				"8 compaction line-8 <- line-3#0 line-4#0 line-5#0 line-6#0",
			},
			stats: ImportStats{Records: 8, Spans: 4, Compactions: 1,
				Sources:  map[string]int{"agent": 1, "command_output": 1, "human": 1, "project_rule": 1},
				Skipped:  map[string]int{"session_meta": 1, "state": 2},
				Warnings: []string{"codex-legacy.jsonl:8: this compacted record has no replacement_history"}},
			compactions: []CodexCompaction{{Line: 8, Event: 4}},
			sessionID:   "5973b6c0-94b8-487b-a530-2aeb6098ae0e",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ro, err := importCodexFile(t, tt.file)
			if err != nil {
				t.Fatal(err)
			}
			if got := codexSummary(ro.Events); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			warnings := ro.Stats.Warnings
			ro.Stats.Warnings, tt.stats.Warnings = nil, append([]string(nil), tt.stats.Warnings...)
			if len(warnings) != len(tt.stats.Warnings) {
				t.Errorf("warnings %q, want %d like %q", warnings, len(tt.stats.Warnings), tt.stats.Warnings)
			} else {
				for i, w := range tt.stats.Warnings {
					if !strings.Contains(warnings[i], w) {
						t.Errorf("warning %d %q, want it to hold %q", i, warnings[i], w)
					}
				}
			}
			tt.stats.Warnings = nil
			if !reflect.DeepEqual(ro.Stats, tt.stats) {
				t.Errorf("stats %+v\nwant  %+v", ro.Stats, tt.stats)
			}
			if !reflect.DeepEqual(ro.Compactions, tt.compactions) {
				t.Errorf("compactions %+v, want %+v", ro.Compactions, tt.compactions)
			}
			if ro.SessionID != tt.sessionID {
				t.Errorf("session id %q, want %q", ro.SessionID, tt.sessionID)
			}
			data, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			checkEvents(t, ro.Events, tt.file, data, false)
			for _, e := range ro.Events {
				if e.Span != nil && (e.Span.Meta["file"] != tt.file || e.Span.Meta["line"] != fmt.Sprint(e.Line)) {
					t.Errorf("%s: meta file/line %q/%q", e.Pos(), e.Span.Meta["file"], e.Span.Meta["line"])
				}
			}
		})
	}
}

// TestImportCodexRolloutDetails checks what the fixture's records carry
// beyond their kind and source: tool meta, exit codes, the AGENTS.md
// path, the delegated prompt, and what each compaction's summary holds.
func TestImportCodexRolloutDetails(t *testing.T) {
	ro, err := importCodexFile(t, "codex-rollout.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	spans := map[string]*sdk.Span{}
	for _, e := range ro.Events {
		if e.Span != nil {
			spans[e.Span.ID] = e.Span
		}
	}
	tests := []struct {
		id   string
		meta map[string]string // expected entries (a subset)
		text string            // a substring of the text
	}{
		{"line-3#0", map[string]string{"path": "/work/orders/AGENTS.md"}, "Never commit directly to main"},
		{"line-8#0", map[string]string{"tool": "shell", "call_id": "call_Hk2s9P"}, `shell {"command":["bash","-lc",`},
		{"line-9#0", map[string]string{"tool": "shell", "exit_code": "0", "call_id": "call_Hk2s9P"}, "never deploy on Fridays"},
		{"line-11#0", map[string]string{"tool": "apply_patch", "path": ".env.migrate"}, "+PGHOST=orders-db.internal"},
		{"line-12#0", map[string]string{"tool": "apply_patch", "exit_code": "0"}, "Success. Updated the following files:"},
		{"line-13#0", map[string]string{"tool": "spawn_agent", "description": "explorer"}, "Measure the replica lag on orders-db-replica. Do not restart the replica."},
		{"line-21#0", nil, "compactguard checked the summary"},
	}
	for _, tt := range tests {
		sp := spans[tt.id]
		if sp == nil {
			t.Errorf("no span %s", tt.id)
			continue
		}
		for k, v := range tt.meta {
			if sp.Meta[k] != v {
				t.Errorf("%s: meta %s = %q, want %q", tt.id, k, sp.Meta[k], v)
			}
		}
		if !strings.Contains(sp.Text, tt.text) {
			t.Errorf("%s: text %q lacks %q", tt.id, sp.Text, tt.text)
		}
	}
	// The delegated prompt is the message itself, not its JSON.
	if strings.Contains(spans["line-13#0"].Text, "{") {
		t.Errorf("the delegation is imported as JSON: %q", spans["line-13#0"].Text)
	}
	c := ro.Events[ro.Compactions[0].Event].Compaction
	for _, want := range []string{"Never commit directly to main", "Use the orders_v2 schema", "downtime budget under 15 minutes", CodexSummaryPrefix} {
		if !strings.Contains(c.Summary, want) {
			t.Errorf("summary lacks %q (the AGENTS.md in force, a carried message, the summary):\n%s", want, c.Summary)
		}
	}
	if strings.Contains(c.Summary, "DROP TABLE") {
		t.Errorf("summary holds the message that fell out of the carried window:\n%s", c.Summary)
	}
	if got := ro.LatestUnjudged(); got != "encrypted" {
		t.Errorf("LatestUnjudged = %q, want encrypted", got)
	}
}

// cxRec builds one rollout line.
func cxRec(typ string, payload any) string {
	b, err := json.Marshal(map[string]any{"timestamp": "2026-05-12T09:14:03.118Z", "type": typ, "payload": payload})
	if err != nil {
		panic(err)
	}
	return string(b)
}

func cxMsg(role string, texts ...string) map[string]any {
	kind := "input_text"
	if role == "assistant" {
		kind = "output_text"
	}
	var parts []any
	for _, t := range texts {
		parts = append(parts, map[string]any{"type": kind, "text": t})
	}
	return map[string]any{"type": "message", "role": role, "content": parts}
}

func cxCall(name, callID string, args any) map[string]any {
	b, _ := json.Marshal(args)
	return map[string]any{"type": "function_call", "name": name, "arguments": string(b), "call_id": callID}
}

func cxOutput(callID string, output any) map[string]any {
	return map[string]any{"type": "function_call_output", "call_id": callID, "output": output}
}

// TestImportCodexSources: who wrote what, record by record.
func TestImportCodexSources(t *testing.T) {
	type want struct {
		kind, source string
		meta         map[string]string
	}
	tests := []struct {
		name    string
		records []string
		want    []want // the spans of the last record
		skipped string // or: what the last record was counted as
		warning string
	}{
		{"the person's words", []string{cxRec("response_item", cxMsg("user", "Keep the downtime under 15 minutes."))},
			[]want{{"user", "human", nil}}, "", ""},
		{"AGENTS.md and the environment in one message", []string{cxRec("response_item", cxMsg("user",
			"# AGENTS.md instructions for /repo/svc\n\n<INSTRUCTIONS>\nNever push to main.\n</INSTRUCTIONS>", "<environment_context>\n  <cwd>/repo/svc</cwd>\n</environment_context>"))},
			[]want{{"user", "project_rule", map[string]string{"path": "/repo/svc/AGENTS.md"}}, {"user", "harness", nil}}, "", ""},
		{"older user_instructions", []string{cxRec("response_item", cxMsg("user", "<user_instructions>\nNever push to main.\n</user_instructions>"))},
			[]want{{"user", "project_rule", nil}}, "", ""},
		{"a skill's body", []string{cxRec("response_item", cxMsg("user", "<skill>\n<name>release</name>\nNever tag without a changelog entry.\n</skill>"))},
			[]want{{"user", "command_template", nil}}, "", ""},
		{"a command the person ran with !", []string{cxRec("response_item", cxMsg("user", "<user_shell_command>\n<command>\ngit status\n</command>\n<result>\nExit code: 0\n</result>\n</user_shell_command>"))},
			[]want{{"user", "command_output", nil}}, "", ""},
		{"a subagent's notification", []string{cxRec("response_item", cxMsg("user", "<subagent_notification>\n{\"agent_id\":\"a1\",\"status\":\"completed\"}\n</subagent_notification>"))},
			[]want{{"user", "subagent_report", nil}}, "", ""},
		{"a summary carried over", []string{cxRec("response_item", cxMsg("user", CodexSummaryPrefix+"\nThe user wants X."))},
			[]want{{"user", "harness", nil}}, "", ""},
		{"an interrupted turn", []string{cxRec("response_item", cxMsg("user", "<turn_aborted>\nThe user interrupted.\n</turn_aborted>"))},
			[]want{{"user", "harness", nil}}, "", ""},
		{"developer instructions from config.toml", []string{cxRec("response_item", cxMsg("developer", "Never use sudo."))},
			[]want{{"system", "system", nil}}, "", ""},
		{"Codex's permission notes", []string{cxRec("response_item", cxMsg("developer", "<permissions instructions>\nDo not ask for approval.\n</permissions instructions>"))},
			[]want{{"system", "harness", nil}}, "", ""},
		{"what compactguard restored", []string{cxRec("response_item", cxMsg("developer", "compactguard could not check this compaction: its summary is encrypted"))},
			[]want{{"system", "harness", nil}}, "", ""},
		{"the agent", []string{cxRec("response_item", cxMsg("assistant", "Done."))},
			[]want{{"assistant", "agent", nil}}, "", ""},
		{"an image part", []string{cxRec("response_item", map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_image", "image_url": "data:image/png;base64,AA"}}})},
			nil, "part/input_image", ""},
		{"reasoning, summary and content", []string{cxRec("response_item", map[string]any{"type": "reasoning", "summary": []any{map[string]any{"type": "summary_text", "text": "Plan."}},
			"content": []any{map[string]any{"type": "reasoning_text", "text": "Details."}}})},
			[]want{{"reasoning", "reasoning", nil}}, "", ""},
		{"exec_command's output", []string{cxRec("response_item", cxCall("exec_command", "c1", map[string]any{"cmd": "make test"})),
			cxRec("response_item", cxOutput("c1", "Chunk ID: 4f2a\nWall time: 1.2 seconds\nProcess exited with code 2\nOutput:\nFAIL"))},
			[]want{{"tool_result", "command_output", map[string]string{"tool": "exec_command", "exit_code": "2"}}}, "", ""},
		{"the structured shell output", []string{cxRec("response_item", cxCall("shell", "c1", map[string]any{"command": []string{"false"}})),
			cxRec("response_item", cxOutput("c1", `{"output":"boom\n","metadata":{"exit_code":1,"duration_seconds":0.1}}`))},
			[]want{{"tool_result", "command_output", map[string]string{"exit_code": "1"}}}, "", ""},
		{"a local_shell_call and its output", []string{cxRec("response_item", map[string]any{"type": "local_shell_call", "call_id": "c1", "status": "completed",
			"action": map[string]any{"type": "exec", "command": []string{"ls", "-la"}}}), cxRec("response_item", cxOutput("c1", "total 0"))},
			[]want{{"tool_result", "command_output", map[string]string{"tool": "local_shell"}}}, "", ""},
		{"read_file of AGENTS.md", []string{cxRec("response_item", cxCall("read_file", "c1", map[string]any{"file_path": "/repo/svc/AGENTS.md"})),
			cxRec("response_item", cxOutput("c1", "Never push to main."))},
			[]want{{"tool_result", "project_rule", map[string]string{"path": "/repo/svc/AGENTS.md"}}}, "", ""},
		{"the person's answer", []string{cxRec("response_item", cxCall("request_user_input", "c1", map[string]any{"questions": []any{}})),
			cxRec("response_item", cxOutput("c1", "Use the staging database only."))},
			[]want{{"tool_result", "human", nil}}, "", ""},
		{"a message to a running subagent", []string{cxRec("response_item", cxCall("send_input", "c1", map[string]any{"id": "a1", "message": "Stop before the migration step."}))},
			[]want{{"tool_call", "delegation", map[string]string{"tool": "send_input"}}}, "", ""},
		{"what a subagent reported", []string{cxRec("response_item", cxCall("wait", "c1", map[string]any{"ids": []string{"a1"}})),
			cxRec("response_item", cxOutput("c1", `{"status":{"a1":{"completed":"Never restart the replica."}}}`))},
			[]want{{"tool_result", "subagent_report", nil}}, "", ""},
		{"an MCP tool", []string{cxRec("response_item", cxCall("docs__search", "c1", map[string]any{"q": "x"})),
			cxRec("response_item", cxOutput("c1", []any{map[string]any{"type": "input_text", "text": "Never deploy on Fridays."}}))},
			[]want{{"tool_result", "tool_result", map[string]string{"tool": "docs__search"}}}, "", ""},
		{"an older failed output", []string{cxRec("response_item", cxCall("shell", "c1", map[string]any{"command": []string{"x"}})),
			cxRec("response_item", cxOutput("c1", map[string]any{"content": "denied", "success": false}))},
			[]want{{"tool_result", "command_output", map[string]string{"exit_code": "1"}}}, "", ""},
		{"an apply_patch of source code", []string{cxRec("response_item", map[string]any{"type": "custom_tool_call", "call_id": "c1", "name": "apply_patch",
			"input": "*** Begin Patch\n*** Update File: main.go\n@@\n-a\n+b\n*** End Patch"})},
			[]want{{"tool_call", "agent", map[string]string{"path": "main.go"}}}, "", ""},
		{"a web search", []string{cxRec("response_item", map[string]any{"type": "web_search_call", "status": "completed", "action": map[string]any{"type": "search", "query": "postgres 16 release notes"}})},
			[]want{{"tool_call", "agent", map[string]string{"tool": "web_search"}}}, "", ""},
		{"an output without its call", []string{cxRec("response_item", cxOutput("nope", "text"))},
			[]want{{"tool_result", "tool_result", map[string]string{"call_id": "nope"}}}, "", ""},
		{"a ghost snapshot", []string{cxRec("response_item", map[string]any{"type": "ghost_snapshot", "ghost_commit": map[string]any{"id": "x"}})},
			nil, "response_item/ghost_snapshot", ""},
		{"an unknown response item", []string{cxRec("response_item", map[string]any{"type": "hologram", "text": "x"})},
			nil, "response_item/unknown/hologram", `test.jsonl:1: unknown response item type "hologram"`},
		{"an unknown response item whose fields have other shapes", []string{cxRec("response_item", map[string]any{"type": "tool_search_call", "id": 7, "input": map[string]any{"q": 1}})},
			nil, "response_item/unknown/tool_search_call", `test.jsonl:1: unknown response item type "tool_search_call"`},
		{"an unknown role", []string{cxRec("response_item", cxMsg("critic", "x"))},
			nil, "message/critic", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := strings.Join(tt.records, "\n") + "\n"
			ro, err := ImportCodexRollout(strings.NewReader(in), "test.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			last := len(tt.records)
			var got []*sdk.Span
			for _, e := range ro.Events {
				if e.Span != nil && e.Line == last {
					got = append(got, e.Span)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("%d spans from the last record, want %d: %+v", len(got), len(tt.want), got)
			}
			for i, w := range tt.want {
				if got[i].Kind != w.kind || got[i].Meta["source"] != w.source {
					t.Errorf("span %d: %s/%s, want %s/%s", i, got[i].Kind, got[i].Meta["source"], w.kind, w.source)
				}
				for k, v := range w.meta {
					if got[i].Meta[k] != v {
						t.Errorf("span %d: meta %s = %q, want %q", i, k, got[i].Meta[k], v)
					}
				}
			}
			if tt.skipped != "" && ro.Stats.Skipped[tt.skipped] != 1 {
				t.Errorf("skipped %v, want %s counted once", ro.Stats.Skipped, tt.skipped)
			}
			if tt.warning != "" && (len(ro.Stats.Warnings) != 1 || !strings.Contains(ro.Stats.Warnings[0], tt.warning)) {
				t.Errorf("warnings %q, want one holding %q", ro.Stats.Warnings, tt.warning)
			}
			if tt.warning == "" && len(ro.Stats.Warnings) > 0 {
				t.Errorf("unexpected warnings %q", ro.Stats.Warnings)
			}
		})
	}
}

// TestImportCodexCompactions: what each kind of compacted record becomes.
func TestImportCodexCompactions(t *testing.T) {
	agents := "# AGENTS.md instructions for /r\n\n<INSTRUCTIONS>\nNever push to main.\n</INSTRUCTIONS>"
	rule := "Do not run DROP TABLE on legacy_orders."
	summary := CodexSummaryPrefix + "\nThe user migrates the orders service."
	enc := map[string]any{"type": "compaction", "encrypted_content": "gAAAAB"}
	tests := []struct {
		name    string
		records []string
		want    []string // compaction events: "id <- covers"
		// summaries: substrings each compaction's summary must hold;
		// absent: substrings it must not.
		summaries [][]string
		absent    [][]string
		unjudged  []string // per compacted record
		latest    string   // LatestUnjudged
		skipped   map[string]int
	}{
		{
			name: "carried messages and the summary, AGENTS.md added back",
			records: []string{cxRec("response_item", cxMsg("user", agents)), cxRec("response_item", cxMsg("user", rule)),
				cxRec("response_item", cxMsg("assistant", "ok")),
				cxRec("compacted", map[string]any{"message": summary, "replacement_history": []any{cxMsg("user", rule), cxMsg("user", summary)}})},
			want:      []string{"line-4 <- line-1#0 line-2#0 line-3#0"},
			summaries: [][]string{{rule, "The user migrates", "Never push to main."}},
			unjudged:  []string{""},
		},
		{
			name: "mid-turn: the replacement history holds AGENTS.md already",
			records: []string{cxRec("response_item", cxMsg("user", agents)), cxRec("response_item", cxMsg("user", "go")),
				cxRec("compacted", map[string]any{"message": summary, "replacement_history": []any{cxMsg("user", agents), cxMsg("user", "go"), cxMsg("user", summary)}})},
			want:      []string{"line-3 <- line-1#0 line-2#0"},
			summaries: [][]string{{"Never push to main.", "go", "The user migrates"}},
			unjudged:  []string{""},
		},
		{
			name: "a second compaction covers the first summary and what came after",
			records: []string{cxRec("response_item", cxMsg("user", rule)),
				cxRec("compacted", map[string]any{"message": summary, "replacement_history": []any{cxMsg("user", summary)}}),
				cxRec("response_item", cxMsg("user", "next")),
				cxRec("compacted", map[string]any{"message": summary + " Again.", "replacement_history": []any{cxMsg("user", summary+" Again.")}})},
			want:      []string{"line-2 <- line-1#0", "line-4 <- line-2 line-3#0"},
			summaries: [][]string{{"The user migrates"}, {"Again."}},
			absent:    [][]string{{rule}, {rule}},
			unjudged:  []string{"", ""},
		},
		{
			name: "an encrypted summary is not judged; the next compaction covers only what came after",
			records: []string{cxRec("response_item", cxMsg("user", rule)),
				cxRec("compacted", map[string]any{"message": "", "replacement_history": []any{cxMsg("user", rule), enc}}),
				cxRec("response_item", cxMsg("user", "next")),
				cxRec("compacted", map[string]any{"message": summary, "replacement_history": []any{cxMsg("user", summary)}})},
			want:      []string{"line-4 <- line-3#0"},
			summaries: [][]string{{"The user migrates"}},
			unjudged:  []string{"encrypted", ""},
			skipped:   map[string]int{"compaction/encrypted": 1},
		},
		{
			name: "compaction_summary is the same encrypted item",
			records: []string{cxRec("response_item", cxMsg("user", rule)),
				cxRec("compacted", map[string]any{"message": "", "replacement_history": []any{map[string]any{"type": "compaction_summary", "encrypted_content": "x"}}})},
			unjudged: []string{"encrypted"},
			latest:   "encrypted",
			skipped:  map[string]int{"compaction/encrypted": 1},
		},
		{
			name:     "a record without any summary text",
			records:  []string{cxRec("response_item", cxMsg("user", rule)), cxRec("compacted", map[string]any{"message": ""})},
			unjudged: []string{"no_summary"},
			latest:   "no_summary",
			skipped:  map[string]int{"compaction/no_summary": 1},
		},
		{
			name: "a compaction of nothing after an encrypted one is as unreadable",
			records: []string{cxRec("response_item", cxMsg("user", rule)),
				cxRec("compacted", map[string]any{"message": "", "replacement_history": []any{enc}}),
				cxRec("compacted", map[string]any{"message": summary, "replacement_history": []any{cxMsg("user", summary)}})},
			unjudged: []string{"encrypted", "nothing_covered"},
			latest:   "encrypted",
			skipped:  map[string]int{"compaction/encrypted": 1, "compaction_of_nothing": 1},
		},
		{
			name:     "a compaction of nothing",
			records:  []string{cxRec("compacted", map[string]any{"message": summary, "replacement_history": []any{cxMsg("user", summary)}})},
			unjudged: []string{"nothing_covered"},
			skipped:  map[string]int{"compaction_of_nothing": 1},
		},
		{
			name: "an older record: AGENTS.md, the latest messages within 20,000 tokens, the summary",
			records: []string{cxRec("response_item", cxMsg("user", agents)), cxRec("response_item", cxMsg("user", rule)),
				cxRec("response_item", cxMsg("user", strings.Repeat("log line\n", 10000))), // 90,000 bytes: more than the window
				cxRec("response_item", cxMsg("user", "the latest request")),
				cxRec("compacted", map[string]any{"message": summary})},
			want:      []string{"line-5 <- line-1#0 line-2#0 line-3#0 line-4#0"},
			summaries: [][]string{{"Never push to main.", "the latest request", "log line", "The user migrates"}},
			absent:    [][]string{{rule}},
			unjudged:  []string{""},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ro, err := ImportCodexRollout(strings.NewReader(strings.Join(tt.records, "\n")+"\n"), "c.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			var cs []Event
			for _, e := range ro.Events {
				if e.Compaction != nil {
					got = append(got, e.Compaction.ID+" <- "+strings.Join(e.Compaction.Covers, " "))
					cs = append(cs, e)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("compactions %q, want %q", got, tt.want)
			}
			for i, subs := range tt.summaries {
				for _, s := range subs {
					if !strings.Contains(cs[i].Compaction.Summary, s) {
						t.Errorf("compaction %d: summary lacks %q", i, s)
					}
				}
			}
			for i, subs := range tt.absent {
				for _, s := range subs {
					if strings.Contains(cs[i].Compaction.Summary, s) {
						t.Errorf("compaction %d: summary holds %q", i, s)
					}
				}
			}
			var unjudged []string
			for _, c := range ro.Compactions {
				unjudged = append(unjudged, c.Unjudged)
			}
			if !reflect.DeepEqual(unjudged, tt.unjudged) {
				t.Errorf("unjudged %q, want %q", unjudged, tt.unjudged)
			}
			for k, n := range tt.skipped {
				if ro.Stats.Skipped[k] != n {
					t.Errorf("skipped %v, want %s %d", ro.Stats.Skipped, k, n)
				}
			}
			if tt.latest != ro.LatestUnjudged() {
				t.Errorf("LatestUnjudged %q, want %q", ro.LatestUnjudged(), tt.latest)
			}
			if ro.Stats.Compactions != len(tt.want) {
				t.Errorf("Stats.Compactions %d, want %d", ro.Stats.Compactions, len(tt.want))
			}
		})
	}
}

func TestImportCodexErrors(t *testing.T) {
	ro, err := importCodexFile(t, "codex-bad.jsonl")
	var errs Errors
	if !errors.As(err, &errs) {
		t.Fatalf("error %v, want Errors", err)
	}
	want := []string{"codex-bad.jsonl:2: invalid JSON", "codex-bad.jsonl:3: payload.output: must be a string"}
	if len(errs) != len(want) {
		t.Fatalf("errors %q, want %d", err, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(errs[i].Error(), w) {
			t.Errorf("error %d %q, want it to start with %q", i, errs[i], w)
		}
	}
	if ro.Events != nil {
		t.Errorf("%d events returned with errors", len(ro.Events))
	}
	for _, tt := range []struct{ in, want string }{
		{`{"type":"response_item","payload":{"type":"message","role":"user","content":{}}}`, "x.jsonl:1: payload.content: must be a string or a list of content parts"},
		{`{"type":"compacted"}`, "x.jsonl:1: payload: missing"},
		{`{"type":"response_item","payload":null}`, "x.jsonl:1: payload: missing"},
		{`{"type":"compacted","payload":{"message":"s","replacement_history":[{"type":"message","role":"user","content":7}]}}`, "x.jsonl:1: payload.replacement_history[0].content"},
		{`["not", "a", "record"]`, "x.jsonl:1: expected"},
	} {
		events, _, err := ImportCodex(strings.NewReader(tt.in+"\n"), "x.jsonl")
		if events != nil || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v (%d events), want %q", tt.in, err, len(events), tt.want)
		}
	}
}

// TestImportCodexLineTooLong: a record longer than MaxLineBytes is an
// error naming file:line, and nothing of the file is imported.
func TestImportCodexLineTooLong(t *testing.T) {
	const name = "codex-huge.jsonl"
	in := io.MultiReader(
		strings.NewReader(cxRec("session_meta", map[string]any{"id": "s"})+"\n"+`{"type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"`),
		&repeatReader{b: 'x', n: MaxLineBytes},
		strings.NewReader(`"}]}}`+"\n"+cxRec("response_item", cxMsg("user", "after"))+"\n"),
	)
	events, _, err := ImportCodex(in, name)
	if events != nil {
		t.Errorf("got %d events from a file with a line over the limit", len(events))
	}
	want := fmt.Sprintf("%s:2: line longer than the importer's limit of %d bytes", name, MaxLineBytes)
	var errs Errors
	if !errors.As(err, &errs) || len(errs) != 1 || errs[0].Error() != want {
		t.Errorf("errors %q, want [%q]", err, want)
	}
}

// FuzzImportCodex is FuzzImportClaudeCode for ImportCodex.
//
// Short pass: go test -run '^$' -fuzz '^FuzzImportCodex$' -fuzztime 5s ./host/session/
func FuzzImportCodex(f *testing.F) {
	f.Add([]byte(cxRec("response_item", cxMsg("user", "Do not run DROP TABLE on legacy_orders.")) + "\n" +
		cxRec("compacted", map[string]any{"message": "s", "replacement_history": []any{cxMsg("user", "s")}}) + "\n"))
	// One seed per fixture record: whole files as seeds slow the
	// fuzzer to a crawl.
	for _, name := range []string{"codex-rollout.jsonl", "codex-legacy.jsonl", "codex-bad.jsonl"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		for _, l := range bytes.SplitAfter(b, []byte("\n")) {
			if len(l) > 0 && len(l) < 2048 {
				f.Add(l)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		events, _, err := ImportCodex(bytes.NewReader(data), "fuzz.jsonl")
		if err != nil {
			if events != nil {
				t.Fatalf("ImportCodex returned %d events with an error", len(events))
			}
			checkErrors(t, err, data)
			return
		}
		checkEvents(t, events, "fuzz.jsonl", data, false)
	})
}
