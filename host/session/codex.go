package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk"
)

// This file imports a Codex CLI rollout: the JSONL Codex writes for every
// session under ~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl.
// The format is the serde form of codex-rs/protocol's RolloutLine, one
// line each: {"timestamp": ..., "type": T, "payload": P}, where T is one of
//
//   - "session_meta": the session's id, cwd, CLI version, provider;
//   - "response_item": one item of the model's history, as the Responses
//     API shapes it (codex-rs/protocol/src/models.rs ResponseItem):
//     "message" (role user, assistant, developer, system; content parts
//     input_text, output_text, input_image), "reasoning" (summary and
//     content texts, or only encrypted_content), "function_call" (name,
//     arguments as a JSON string, call_id) and "function_call_output"
//     (call_id, output), "custom_tool_call" (apply_patch's free-form input)
//     and "custom_tool_call_output", "local_shell_call" (action.command),
//     "web_search_call", "ghost_snapshot", "compaction" (an encrypted
//     summary item);
//   - "compacted": a compaction (CompactedItem): "message", the summary
//     text of a local compaction ("" for a remote one), and, since late
//     2025, "replacement_history": the items that replaced the history;
//   - "turn_context": the settings of a turn (model, cwd, policies, the
//     instructions in force);
//   - "event_msg": what the UI was shown (user_message, agent_message,
//     token_count, exec_command_end, context_compacted, ...).
//
// Rollouts from mid-2025 had no envelope: a first line {"id", "timestamp",
// "instructions"}, then bare response items and {"record_type": "state"}
// markers. Both forms are read.
//
// docs/integrations/codex.md cites the sources.

// CodexSummaryPrefix opens the summary a local Codex compaction writes
// (codex-rs/core/templates/compact/summary_prefix.md): text that begins
// with it is a summary carried into the context, not the person's words.
const CodexSummaryPrefix = "Another language model started to solve this problem and produced a summary of its thinking process."

// CodexCompaction is one compacted record of a rollout.
type CodexCompaction struct {
	// Line is the record's line in the file.
	Line int
	// Event is the index of the compaction event it became in
	// CodexRollout.Events, or -1 when it became none (see Unjudged).
	Event int
	// Unjudged says why no compaction event was made: "encrypted" (the
	// summary is an encrypted item, written by server-side compaction
	// with the OpenAI provider), "no_summary" (the record holds no summary
	// text at all), "nothing_covered" (no span preceded it); "" when it
	// was made.
	Unjudged string
}

// CodexRollout is what ImportCodexRollout read from one rollout.
type CodexRollout struct {
	Events []Event
	Stats  ImportStats
	// SessionID is the session_meta's id ("" when there is none).
	SessionID string
	// Compactions lists every compacted record, in order, judged or not.
	Compactions []CodexCompaction
}

// LatestUnjudged says why the rollout's latest compaction cannot be
// judged ("encrypted", "no_summary"), or "" when it can (or there is
// none). A compaction that covered nothing re-summarized what the one
// before it left, so it takes that one's reason.
func (r *CodexRollout) LatestUnjudged() string {
	for i := len(r.Compactions) - 1; i >= 0; i-- {
		if u := r.Compactions[i].Unjudged; u != "nothing_covered" {
			return u
		}
	}
	return ""
}

// ImportCodex reads a Codex rollout and turns it into session events, so
// a past Codex session can be replayed to see whether its compactions
// lost anything. ImportCodexRollout says more about its compactions.
//
// Every span carries meta "source" (sdk.Source*), "line" and "file"; span
// ids are "line-<N>#<j>", N the record's line and j the content part (0
// for items with one text). Record by record:
//   - user message parts → "user" spans, source human, except what Codex
//     injects in the user's turn: "# AGENTS.md instructions for DIR" and
//     the older <user_instructions> (project_rule, meta path
//     DIR/AGENTS.md), a <skill> body (command_template), a
//     <user_shell_command> the person ran with "!" (command_output), a
//     <subagent_notification> (subagent_report), <environment_context>,
//     <turn_aborted> and Codex's other markup, and a compaction summary
//     carried over (harness);
//   - developer and system message parts → "system" spans: source harness
//     for Codex's own markup (<permissions instructions>, ...) and for
//     context compactguard's own hook injected, project_rule for AGENTS.md,
//     system otherwise (developer_instructions from config.toml);
//   - assistant parts → "assistant" (agent); reasoning → "reasoning"
//     (summary and content texts; an encrypted-only item is skipped);
//   - function_call, custom_tool_call, local_shell_call, web_search_call →
//     "tool_call" "<name> <arguments>", meta tool, call_id, path; source
//     agent, except spawn_agent and send_input, whose span is the message
//     to the subagent (delegation), and an apply_patch of a config file
//     (config_file);
//   - function_call_output, custom_tool_call_output → "tool_result", meta
//     call_id, tool, path, exit_code (from the output's "Exit code: N",
//     "Process exited with code N" or metadata.exit_code; "1" for a
//     failed call). Source by the call: a shell tool (shell,
//     shell_command, exec_command, write_stdin, local_shell) is
//     command_output, a subagent tool (spawn_agent, send_input, wait,
//     ...) subagent_report, request_user_input human, read_file of a
//     rules, config or named document file as for Claude Code, anything
//     else tool_result;
//   - a compacted record → a compaction whose id is "line-<N>", whose
//     covers are every span since the previous compaction plus, for a
//     later one, the previous summary's id, and whose summary is what the
//     agent held afterwards: the text of the replacement_history's
//     messages (the user messages Codex carries over verbatim, the
//     summary) and the AGENTS.md in force, which Codex injects again
//     after every compaction (into the replacement history when it
//     compacts mid-turn, before the next request otherwise). An older
//     record without
//     replacement_history is rebuilt the way that Codex built the new
//     history (codex-rs/core/src/compact.rs): the AGENTS.md in force, the
//     most recent user messages up to 20,000 tokens, then the summary;
//     a warning says so. A record whose summary is an encrypted item
//     (server-side compaction with the OpenAI provider) or that holds no
//     summary text is not judged: it is counted in Skipped
//     ("compaction/encrypted", "compaction/no_summary") with a warning,
//     and the next compaction covers only the spans after it.
//
// session_meta, turn_context and event_msg records (the UI's copy of what
// the response items hold) produce nothing and are counted in Skipped, as
// are ghost snapshots, image parts and empty texts. A record type or
// response item type the importer does not know is skipped with a warning
// naming file:line, and so is an unterminated, unparseable last line (a
// writer cut off mid-record). Invalid JSON anywhere else, or a line over
// MaxLineBytes, is an error naming file:line; every such line is reported
// (as Errors) and no events are returned.
func ImportCodex(r io.Reader, file string) ([]Event, ImportStats, error) {
	ro, err := ImportCodexRollout(r, file)
	if err != nil {
		var st ImportStats
		if ro != nil {
			st = ro.Stats
		}
		return nil, st, err
	}
	return ro.Events, ro.Stats, nil
}

// ImportCodexRollout is ImportCodex with what it found about the
// rollout's compactions. On error it returns the statistics read so far
// and no events.
func ImportCodexRollout(r io.Reader, file string) (*CodexRollout, error) {
	ro := &CodexRollout{}
	im := cxImporter{spanSink: newSpanSink(file, &ro.Stats), ro: ro, tools: map[string]cxTool{}}
	errs, err := readJSONL(r, file, "rollout", &ro.Stats, im.record)
	if err != nil {
		return ro, err
	}
	errs = append(errs, im.bad...)
	if len(errs) > 0 {
		ro.Events, ro.Compactions = nil, nil
		return ro, errs
	}
	ro.Events = im.events
	return ro, nil
}

// cxLine is the envelope of one rollout line.
type cxLine struct {
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
	// RecordType marks the older form's state lines ({"record_type":"state"}).
	RecordType string `json:"record_type"`
	// ID and Timestamp without Type: the older form's first line.
	ID        json.RawMessage `json:"id"`
	Timestamp json.RawMessage `json:"timestamp"`
}

// cxItem is the part of a response item the importer reads.
type cxItem struct {
	Type      string          `json:"type"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	Summary   json.RawMessage `json:"summary"`
	Encrypted *string         `json:"encrypted_content"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Input     string          `json:"input"`
	CallID    string          `json:"call_id"`
	ID        string          `json:"id"`
	Output    json.RawMessage `json:"output"`
	Action    json.RawMessage `json:"action"`
}

// cxPart is one content part of a message, or a text of a reasoning item.
type cxPart struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// cxTool remembers a call so its output can carry its tool and path.
type cxTool struct {
	name string  // as Codex named it, lower-cased
	ref  toolRef // the Claude Code tool family it belongs to, for the source
}

// cxImporter holds the state of one import.
type cxImporter struct {
	spanSink
	ro    *CodexRollout
	tools map[string]cxTool
	// carried holds the person's messages the agent's context holds now,
	// oldest first: Codex carries them verbatim into a compacted history.
	carried []string
	// rules is the latest AGENTS.md text Codex injected: it rebuilds the
	// initial context from it after a compaction.
	rules string
}

// cxQuietResponseTypes are response items that hold no context for the
// agent's rules: counted as skipped without a warning.
func cxQuietResponseTypes() []string {
	return []string{"ghost_snapshot", "compaction", "compaction_summary", "context_compaction", "compaction_trigger",
		"image_generation_call", "other"}
}

// cxResponseTypes are the response item types the importer reads or
// skips knowingly (the older form has them without an envelope).
func cxResponseTypes() []string {
	return append([]string{"message", "reasoning", "function_call", "function_call_output", "custom_tool_call",
		"custom_tool_call_output", "local_shell_call", "web_search_call"}, cxQuietResponseTypes()...)
}

func (im *cxImporter) record(line int, raw []byte, rec cxLine) *Error {
	switch {
	case rec.Type == "" && rec.RecordType != "":
		im.stats.skip("state")
		return nil
	case rec.Type == "" && rec.ID != nil && rec.Timestamp != nil:
		var id string
		_ = json.Unmarshal(rec.ID, &id)
		if im.ro.SessionID == "" {
			im.ro.SessionID = id
		}
		im.stats.skip("session_meta")
		return nil
	case rec.Payload == nil && slices.Contains(cxResponseTypes(), rec.Type):
		// The older form: a bare response item.
		return im.responseItem(line, raw, "")
	}
	switch rec.Type {
	case "session_meta":
		var meta struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(rec.Payload, &meta)
		if im.ro.SessionID == "" {
			im.ro.SessionID = meta.ID
		}
		im.stats.skip("session_meta")
	case "turn_context":
		// The turn's settings. The instructions in it are the ones the
		// injected messages carry, which are imported from those.
		im.stats.skip("turn_context")
	case "event_msg":
		// The UI's copy of the conversation: the response items hold
		// what the model saw.
		im.stats.skip("event_msg")
	case "response_item", "compacted":
		if rec.Payload == nil || string(rec.Payload) == "null" {
			return &Error{File: im.file, Line: line, Field: "payload", Msg: "missing"}
		}
		if rec.Type == "compacted" {
			return im.compacted(line, rec.Payload)
		}
		return im.responseItem(line, rec.Payload, "payload.")
	default:
		im.stats.skip("unknown/" + orNone(rec.Type))
		im.stats.Warnings = append(im.stats.Warnings, fmt.Sprintf("%s:%d: unknown record type %q: skipped", im.file, line, rec.Type))
	}
	return nil
}

func (im *cxImporter) responseItem(line int, raw json.RawMessage, field string) *Error {
	// The type first: an item of a type the importer does not read is
	// skipped whatever its other fields hold.
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(raw, &head); err != nil {
		f, msg := jsonProblem(err)
		return &Error{File: im.file, Line: line, Field: strings.TrimSuffix(field+f, "."), Msg: msg}
	}
	if !slices.Contains(cxResponseTypes(), head.Type) {
		im.stats.skip("response_item/unknown/" + orNone(head.Type))
		im.stats.Warnings = append(im.stats.Warnings, fmt.Sprintf("%s:%d: unknown response item type %q: skipped", im.file, line, head.Type))
		return nil
	}
	if slices.Contains(cxQuietResponseTypes(), head.Type) {
		im.stats.skip("response_item/" + head.Type)
		return nil
	}
	var it cxItem
	if err := json.Unmarshal(raw, &it); err != nil {
		f, msg := jsonProblem(err)
		return &Error{File: im.file, Line: line, Field: strings.TrimSuffix(field+f, "."), Msg: msg}
	}
	id := fmt.Sprintf("line-%d", line)
	before := im.stats.Spans
	switch it.Type {
	case "message":
		parts, err := cxParts(it.Content)
		if err != nil {
			return &Error{File: im.file, Line: line, Field: field + "content", Msg: err.Error()}
		}
		im.message(line, id, it.Role, parts)
	case "reasoning":
		im.reasoning(line, id, it)
		if im.stats.Spans == before && it.Encrypted != nil && *it.Encrypted != "" {
			im.stats.skip("reasoning/encrypted")
			return nil
		}
	case "function_call":
		im.call(line, id, strings.ToLower(it.Name), it.CallID, argumentsText(it.Arguments), false)
	case "custom_tool_call":
		im.call(line, id, strings.ToLower(it.Name), it.CallID, it.Input, true)
	case "local_shell_call":
		var act struct {
			Command []string `json:"command"`
			Workdir string   `json:"working_directory"`
		}
		_ = json.Unmarshal(it.Action, &act)
		callID := it.CallID
		if callID == "" {
			callID = it.ID
		}
		im.call(line, id, "local_shell", callID, strings.Join(act.Command, " "), true)
	case "web_search_call":
		var act struct {
			Query string `json:"query"`
		}
		_ = json.Unmarshal(it.Action, &act)
		if act.Query != "" {
			im.span(line, id+"#0", "tool_call", "web_search "+act.Query, sdk.SourceAgent, map[string]string{"tool": "web_search"})
		}
	case "function_call_output", "custom_tool_call_output":
		if err := im.output(line, id, field, it); err != nil {
			return err
		}
	}
	if im.stats.Spans == before {
		im.stats.skip("empty")
	}
	return nil
}

// cxParts decodes message content: a list of parts, or a plain string.
func cxParts(raw json.RawMessage) ([]cxPart, error) {
	return stringOrList(raw, func(s string) cxPart { return cxPart{Type: "input_text", Text: s} }, "content parts")
}

func isTextPart(t string) bool {
	switch t {
	case "input_text", "output_text", "text", "summary_text", "reasoning_text":
		return true
	}
	return false
}

// message imports the parts of a message, each its own span: Codex puts
// injected context (AGENTS.md, the environment) and the person's words in
// separate parts of one user message.
func (im *cxImporter) message(line int, id, role string, parts []cxPart) {
	if role != "user" && role != "assistant" && role != "developer" && role != "system" {
		im.stats.skip("message/" + orNone(role))
		return
	}
	for j, p := range parts {
		if !isTextPart(p.Type) {
			im.stats.skip("part/" + orNone(p.Type))
			continue
		}
		sid := fmt.Sprintf("%s#%d", id, j)
		switch role {
		case "assistant":
			im.span(line, sid, "assistant", p.Text, sdk.SourceAgent, nil)
		case "user":
			src, meta := codexInjectedSource(p.Text)
			switch {
			case src != "":
			case hasAnyPrefix(strings.TrimSpace(p.Text), compactguardOpeners()):
				src = sdk.SourceHarness
			default:
				src = sdk.SourceHuman
			}
			im.span(line, sid, "user", p.Text, src, meta)
			switch {
			case src == sdk.SourceHuman && strings.TrimSpace(p.Text) != "":
				im.carried = append(im.carried, p.Text)
			case src == sdk.SourceProjectRule:
				im.rules = p.Text
			}
		default: // developer, system
			src, meta := codexInjectedSource(p.Text)
			if src == "" {
				src = sdk.SourceSystem
				if hasAnyPrefix(strings.TrimSpace(p.Text), compactguardOpeners()) {
					// What compactguard's SessionStart hook restored:
					// the rules it holds are counted where they were set.
					src = sdk.SourceHarness
				}
			}
			im.span(line, sid, "system", p.Text, src, meta)
			if src == sdk.SourceProjectRule {
				im.rules = p.Text
			}
		}
	}
}

// compactguardOpeners open the context compactguard's SessionStart hook
// injects (cmd/compactguard/hook.go), which Codex records as a message:
// the rules it restores are counted where they were first set.
func compactguardOpeners() []string {
	return []string{"compactguard checked the summary", "compactguard could not check", "compactguard could not judge"}
}

// codexAgentsHeading opens the message that carries AGENTS.md
// (codex-rs/core UserInstructions): "# AGENTS.md instructions for DIR",
// then the files' text inside <INSTRUCTIONS>.
const codexAgentsHeading = "# AGENTS.md instructions"

// codexHarnessTags open text Codex injects that sets no rule of anyone's:
// the environment, an interrupted turn, its permission and mode notes,
// plugin and skill lists, image markers.
func codexHarnessTags() []string {
	return []string{"<environment_context>", "<turn_aborted>", "<context_update>", "<permissions instructions>",
		"<collaboration_mode>", "<app-context>", "<recommended_plugins>", "<plugins_instructions>",
		"<skills_instructions>", "<available_skills>", "<personality_spec>", "<image", "</image>",
		"<response_interrupted>", "<tool_context>", "<reasoning_context>", "<pinned_notes>"}
}

// codexInjectedSource is the source of text Codex injected into a user
// or developer message, with its meta, or "" when Codex did not write it
// (then it is the person's words, or a developer instruction).
func codexInjectedSource(text string) (string, map[string]string) {
	t := strings.TrimSpace(text)
	lower := strings.ToLower(t)
	switch {
	case strings.HasPrefix(t, codexAgentsHeading):
		meta := map[string]string{}
		head, _, _ := strings.Cut(t, "\n")
		if dir, ok := strings.CutPrefix(head, codexAgentsHeading+" for "); ok && strings.TrimSpace(dir) != "" {
			meta["path"] = path.Join(strings.ReplaceAll(strings.TrimSpace(dir), `\`, "/"), "AGENTS.md")
		}
		return sdk.SourceProjectRule, meta
	case strings.HasPrefix(lower, "<user_instructions>"):
		return sdk.SourceProjectRule, nil
	case strings.HasPrefix(lower, "<skill>"):
		// A skill's body: its rule list counts, as a slash command's does.
		return sdk.SourceCommandTemplate, nil
	case strings.HasPrefix(lower, "<user_shell_command>"):
		return sdk.SourceCommandOutput, nil
	case strings.HasPrefix(lower, "<subagent_notification>"):
		return sdk.SourceSubagentReport, nil
	case strings.HasPrefix(t, CodexSummaryPrefix):
		return sdk.SourceHarness, nil
	}
	for _, tag := range codexHarnessTags() {
		if strings.HasPrefix(lower, tag) {
			return sdk.SourceHarness, nil
		}
	}
	return "", nil
}

func (im *cxImporter) reasoning(line int, id string, it cxItem) {
	var texts []string
	for _, raw := range []json.RawMessage{it.Summary, it.Content} {
		var parts []cxPart
		if json.Unmarshal(raw, &parts) != nil {
			continue
		}
		for _, p := range parts {
			if strings.TrimSpace(p.Text) != "" {
				texts = append(texts, p.Text)
			}
		}
	}
	im.span(line, id+"#0", "reasoning", strings.Join(texts, "\n"), sdk.SourceReasoning, nil)
}

// argumentsText is a function call's arguments: Codex records them as a
// JSON string holding JSON; an object is accepted too.
func argumentsText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	var s string
	if len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// codexToolRef maps a Codex tool to the Claude Code tool family its
// results belong to (ccsource.go), so both importers give a result the
// same source. path is the file the call names.
func codexToolRef(name, path string) toolRef {
	switch name {
	case "shell", "container.exec", "shell_command", "exec_command", "write_stdin", "local_shell", "unified_exec":
		return toolRef{name: "bash", path: path}
	case "read_file", "view_file":
		return toolRef{name: "read", path: path}
	case "apply_patch", "write_file", "edit_file":
		return toolRef{name: "write", path: path}
	case "spawn_agent", "send_input", "wait", "wait_agent", "close_agent", "resume_agent", "spawn_agents_on_csv":
		return toolRef{name: "task", path: path}
	case "request_user_input":
		return toolRef{name: "askuserquestion", path: path}
	}
	return toolRef{name: name, path: path}
}

// patchPaths are the files an apply_patch input adds, updates or deletes.
func patchPaths(patch string) []string {
	var out []string
	for _, l := range strings.Split(patch, "\n") {
		for _, p := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(l), p); ok && rest != "" {
				out = append(out, strings.TrimSpace(rest))
			}
		}
	}
	return out
}

// call imports a tool call. free says the input is free-form text (a
// custom tool's, a shell command line), not JSON arguments.
func (im *cxImporter) call(line int, id, name, callID, input string, free bool) {
	var in struct {
		Message   string   `json:"message"`
		Items     []cxPart `json:"items"`
		AgentType string   `json:"agent_type"`
		Input     string   `json:"input"`
	}
	if !free {
		_ = json.Unmarshal([]byte(input), &in)
	}
	p := ""
	if !free {
		p = inputPath(json.RawMessage(input))
	}
	patch := ""
	if name == "apply_patch" {
		patch = input
		if !free && in.Input != "" {
			patch = in.Input
		}
	}
	paths := patchPaths(patch)
	if p == "" && len(paths) > 0 {
		p = paths[0]
	}
	ref := codexToolRef(name, p)
	if callID != "" {
		im.tools[callID] = cxTool{name: name, ref: ref}
	}
	meta := map[string]string{"tool": name}
	if callID != "" {
		meta["call_id"] = callID
	}
	if p != "" {
		meta["path"] = p
	}
	sid := id + "#0"
	switch toolFamily(ref.name) {
	case toolFamilySubagent:
		msg := in.Message
		if msg == "" {
			var texts []string
			for _, it := range in.Items {
				if strings.TrimSpace(it.Text) != "" {
					texts = append(texts, it.Text)
				}
			}
			msg = strings.Join(texts, "\n")
		}
		if (name == "spawn_agent" || name == "send_input") && strings.TrimSpace(msg) != "" {
			if in.AgentType != "" {
				meta["description"] = in.AgentType
			}
			im.span(line, sid, "tool_call", msg, sdk.SourceDelegation, meta)
			return
		}
	case toolFamilyWrite:
		for _, f := range append([]string{p}, paths...) {
			if src, ok := fileSource(f); ok && src == sdk.SourceConfigFile {
				im.span(line, sid, "tool_call", patch, sdk.SourceConfigFile, meta)
				return
			}
		}
	}
	text := name
	if free {
		text += " " + input
	} else {
		text += " " + compactJSONString(input)
	}
	im.span(line, sid, "tool_call", strings.TrimSpace(text), sdk.SourceAgent, meta)
}

// exitCodeLine finds the exit code in a shell tool's output as Codex
// formats it for the model.
var exitCodeLine = regexp.MustCompile(`(?m)^(?:Exit code: |Process exited with code )(-?\d+)\s*$`)

// outputText reads a tool output: a string, a list of content parts, or
// {"content", "success"} (older rollouts). A string that is itself
// {"output": ..., "metadata": {"exit_code": N}} (the structured shell
// output) gives its output and exit code.
func outputText(raw json.RawMessage) (text string, exit *int, success *bool, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil, nil, nil
	}
	switch raw[0] {
	case '"':
		if err := json.Unmarshal(raw, &text); err != nil {
			return "", nil, nil, err
		}
	case '[':
		var parts []cxPart
		if err := json.Unmarshal(raw, &parts); err != nil {
			return "", nil, nil, errors.New("must be a string, a list of content parts or {content, success}")
		}
		var texts []string
		for _, p := range parts {
			if isTextPart(p.Type) && strings.TrimSpace(p.Text) != "" {
				texts = append(texts, p.Text)
			}
		}
		text = strings.Join(texts, "\n")
	case '{':
		var obj struct {
			Content json.RawMessage `json:"content"`
			Success *bool           `json:"success"`
		}
		if err := json.Unmarshal(raw, &obj); err != nil {
			return "", nil, nil, errors.New("must be a string, a list of content parts or {content, success}")
		}
		text, exit, _, err = outputText(obj.Content)
		return text, exit, obj.Success, err
	default:
		return "", nil, nil, errors.New("must be a string, a list of content parts or {content, success}")
	}
	var structured struct {
		Output   *string `json:"output"`
		Metadata struct {
			ExitCode *int `json:"exit_code"`
		} `json:"metadata"`
	}
	if t := strings.TrimSpace(text); strings.HasPrefix(t, "{") && json.Unmarshal([]byte(t), &structured) == nil && structured.Output != nil {
		return *structured.Output, structured.Metadata.ExitCode, nil, nil
	}
	if m := exitCodeLine.FindStringSubmatch(text); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil {
			exit = &n
		}
	}
	return text, exit, nil, nil
}

func (im *cxImporter) output(line int, id, field string, it cxItem) *Error {
	text, exit, success, err := outputText(it.Output)
	if err != nil {
		return &Error{File: im.file, Line: line, Field: field + "output", Msg: err.Error()}
	}
	meta := map[string]string{}
	tool, known := im.tools[it.CallID]
	if it.CallID != "" {
		meta["call_id"] = it.CallID
	}
	if known {
		meta["tool"] = tool.name
		if tool.ref.path != "" {
			meta["path"] = tool.ref.path
		}
	}
	switch {
	case exit != nil:
		meta["exit_code"] = strconv.Itoa(*exit)
	case success != nil && !*success:
		meta["exit_code"] = "1"
	case success != nil:
		meta["exit_code"] = "0"
	}
	src := toolResultSource(tool.ref, im.isNamed)
	im.span(line, id+"#0", "tool_result", text, src, meta)
	return nil
}

// Codex carries the person's most recent messages into a compacted
// history up to this many tokens (COMPACT_USER_MESSAGE_MAX_TOKENS in
// codex-rs/core/src/compact.rs), counting four bytes a token as its
// approx_token_count does.
const (
	codexCarriedTokens = 20000
	codexBytesPerToken = 4
)

func (im *cxImporter) compacted(line int, raw json.RawMessage) *Error {
	var c struct {
		Message *string            `json:"message"`
		History *[]json.RawMessage `json:"replacement_history"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		field, msg := jsonProblem(err)
		return &Error{File: im.file, Line: line, Field: strings.TrimSuffix("payload."+field, "."), Msg: msg}
	}
	message := ""
	if c.Message != nil {
		message = *c.Message
	}
	var summary string
	encrypted := false
	switch {
	case c.History != nil:
		var texts, carried []string
		hasRules := false
		for i, itemRaw := range *c.History {
			var it cxItem
			if err := json.Unmarshal(itemRaw, &it); err != nil {
				field, msg := jsonProblem(err)
				return &Error{File: im.file, Line: line, Field: strings.TrimSuffix(fmt.Sprintf("payload.replacement_history[%d].%s", i, field), "."), Msg: msg}
			}
			switch it.Type {
			case "compaction", "compaction_summary", "context_compaction":
				if it.Encrypted != nil && *it.Encrypted != "" {
					encrypted = true
				}
			case "message":
				parts, err := cxParts(it.Content)
				if err != nil {
					return &Error{File: im.file, Line: line, Field: fmt.Sprintf("payload.replacement_history[%d].content", i), Msg: err.Error()}
				}
				for _, p := range parts {
					if !isTextPart(p.Type) || strings.TrimSpace(p.Text) == "" {
						continue
					}
					texts = append(texts, p.Text)
					switch src, _ := codexInjectedSource(p.Text); {
					case src == "" && it.Role == "user":
						carried = append(carried, p.Text)
					case src == sdk.SourceProjectRule:
						hasRules = true
						im.rules = p.Text
					}
				}
			}
		}
		if message != "" && !slices.ContainsFunc(texts, func(t string) bool { return strings.Contains(t, strings.TrimSpace(message)) }) {
			texts = append(texts, message)
		}
		if !hasRules && im.rules != "" && len(texts) > 0 {
			// A compaction between turns leaves the initial context out
			// of the replacement history; Codex injects it again, AGENTS.md
			// included, before the next model request.
			texts = append([]string{im.rules}, texts...)
		}
		summary = strings.Join(texts, "\n\n")
		im.carried = carried
	case message != "":
		summary = im.rebuilt(message)
		im.stats.Warnings = append(im.stats.Warnings, fmt.Sprintf("%s:%d: this compacted record has no replacement_history (an older Codex): "+
			"the summary judged is rebuilt as that Codex built the new history (AGENTS.md, the most recent user messages up to %d tokens, the summary)", im.file, line, codexCarriedTokens))
	}
	cc := CodexCompaction{Line: line, Event: -1}
	switch {
	case encrypted:
		cc.Unjudged = "encrypted"
		im.stats.Warnings = append(im.stats.Warnings, fmt.Sprintf("%s:%d: this compaction's summary is encrypted (server-side compaction, OpenAI provider): "+
			"it cannot be judged and is counted as skipped; the next compaction covers only what came after it", im.file, line))
	case strings.TrimSpace(summary) == "":
		cc.Unjudged = "no_summary"
		im.stats.Warnings = append(im.stats.Warnings, fmt.Sprintf("%s:%d: this compacted record holds no summary text: "+
			"it cannot be judged and is counted as skipped; the next compaction covers only what came after it", im.file, line))
	}
	if cc.Unjudged != "" {
		im.stats.skip("compaction/" + cc.Unjudged)
		// What the agent held before is gone into a summary nobody can
		// read: a later compaction replaces only what came after.
		im.chain = compactionChain{}
		im.ro.Compactions = append(im.ro.Compactions, cc)
		return nil
	}
	req, ok := im.chain.compact(fmt.Sprintf("line-%d", line), summary)
	if !ok {
		cc.Unjudged = "nothing_covered"
		im.stats.skip("compaction_of_nothing")
		im.ro.Compactions = append(im.ro.Compactions, cc)
		return nil
	}
	cc.Event = len(im.events)
	im.events = append(im.events, Event{File: im.file, Line: line, Type: EventCompaction, Compaction: req})
	im.stats.Compactions++
	im.ro.Compactions = append(im.ro.Compactions, cc)
	return nil
}

// rebuilt is the history an older Codex installed after a local
// compaction, which its rollout did not record: the AGENTS.md in force,
// the person's most recent messages up to codexCarriedTokens (the oldest
// of them cut), and the summary (codex-rs/core/src/compact.rs,
// build_compacted_history).
func (im *cxImporter) rebuilt(summary string) string {
	budget := codexCarriedTokens * codexBytesPerToken
	var kept []string
	for i := len(im.carried) - 1; i >= 0 && budget > 0; i-- {
		m := im.carried[i]
		if len(m) > budget {
			cut := budget
			for cut > 0 && !utf8.RuneStart(m[cut]) {
				cut--
			}
			m = m[:cut]
		}
		budget -= len(m)
		kept = append(kept, m)
	}
	slices.Reverse(kept)
	im.carried = kept
	var parts []string
	if im.rules != "" {
		parts = append(parts, im.rules)
	}
	parts = append(parts, kept...)
	return strings.Join(append(parts, summary), "\n\n")
}
