package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/sdk"
)

// ImportStats says what an importer read and what it left out, so a person
// can tell whether an imported replay saw the whole transcript.
type ImportStats struct {
	// Records counts the non-empty lines (JSONL) or messages read.
	Records int
	// Spans and Compactions count the events produced.
	Spans       int
	Compactions int
	// Sources counts the spans by source (sdk.Source*).
	Sources map[string]int
	// Skipped counts what produced no event, by reason: a record type
	// that holds no context ("progress", "file-history-snapshot"), a
	// system record without text ("system/turn_duration"), a repeated
	// uuid ("duplicate_uuid"), a subagent's own record ("sidechain"), a
	// record with only empty text ("empty"), a content block compactguard
	// cannot represent ("block/image").
	Skipped map[string]int
	// Warnings name file:line for records that were read past: a record
	// type this importer does not know, a last line cut off mid-record.
	Warnings []string
	// TruncatedLastLine is set when the input ended in an unterminated
	// line that is not valid JSON: the writer was cut off mid-record. The
	// line is dropped; everything before it is imported.
	TruncatedLastLine bool
}

func (s *ImportStats) skip(reason string) {
	if s.Skipped == nil {
		s.Skipped = map[string]int{}
	}
	s.Skipped[reason]++
}

func (s *ImportStats) source(src string) {
	if s.Sources == nil {
		s.Sources = map[string]int{}
	}
	s.Sources[src]++
}

// String is a one-line summary: "842 records -> 398 spans (human 12,
// agent 200, ...), 1 compaction; skipped: progress 269, ...".
func (s ImportStats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d records -> %d spans", s.Records, s.Spans)
	if len(s.Sources) > 0 {
		fmt.Fprintf(&b, " (%s)", countList(s.Sources))
	}
	fmt.Fprintf(&b, ", %d compaction", s.Compactions)
	if s.Compactions != 1 {
		b.WriteString("s")
	}
	if len(s.Skipped) > 0 {
		b.WriteString("; skipped: ")
		b.WriteString(countList(s.Skipped))
	}
	if s.TruncatedLastLine {
		b.WriteString("; last line truncated (dropped)")
	}
	return b.String()
}

// countList renders counts as "a 3, b 2, c 2", largest first.
func countList(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// ccRecord is the part of a Claude Code transcript record the importer reads.
type ccRecord struct {
	Type             string          `json:"type"`
	Subtype          string          `json:"subtype"`
	Operation        string          `json:"operation"` // queue-operation
	UUID             string          `json:"uuid"`
	IsSidechain      bool            `json:"isSidechain"`
	IsCompactSummary bool            `json:"isCompactSummary"`
	IsMeta           bool            `json:"isMeta"`
	Content          json.RawMessage `json:"content"` // system and queue-operation records
	Message          *struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
	Attachment *ccAttachment `json:"attachment"`
}

// ccAttachment is what an attachment record carries: context the harness
// attached to a turn (a queued prompt, a nested CLAUDE.md, hook output).
type ccAttachment struct {
	Type    string          `json:"type"`
	Prompt  string          `json:"prompt"`
	Content json.RawMessage `json:"content"`
	Path    string          `json:"path"`
}

// ccBlock is one content block of a message.
type ccBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Thinking  string          `json:"thinking"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   *bool           `json:"is_error"`
}

// toolRef remembers a tool_use so its tool_result can carry the same
// tool and path meta.
type toolRef struct{ name, path string }

// ClaudeCodeOptions tunes ImportClaudeCodeWith.
type ClaudeCodeOptions struct {
	// SkipMeta drops user records marked isMeta (harness-injected text:
	// the local-command caveat, the expanded body of a slash command). By
	// default they are imported, as harness or command_template spans:
	// the model saw them, and a template's rule list is a rule.
	SkipMeta bool
}

// ImportClaudeCode reads a Claude Code session transcript (the JSONL under
// ~/.claude/projects/) and turns it into session events, so a past
// session can be replayed to see whether its compactions lost anything.
//
// Every span carries meta "source" (who put it there, sdk.Source*), "line"
// (the 1-based line of the file) and "file". Span ids are "<uuid>#<block
// index>" ("line-N#0" for records without a uuid). Record by record:
//   - user text → "user" spans. Source human, except what the harness
//     wrote into the user's turn: <task-notification> (subagent_report),
//     <bash-stdout> and the like (command_output), <command-name>,
//     <system-reminder> and other markup (harness), and isMeta records
//     (command_template, the expanded body of a slash command or skill;
//     harness for the <local-command-caveat>);
//   - tool_result blocks → "tool_result", meta tool_use_id, tool, path and
//     exit_code ("1" when is_error). Source by the tool: Task/Agent
//     (subagent_report), AskUserQuestion (human: the answers), Bash
//     (command_output), Read of CLAUDE.md, AGENTS.md, .claude/rules or
//     .cursor/rules (project_rule), of .env* or another config file
//     (config_file), of a .md/.rst/.adoc document the person named
//     earlier or a plan under .claude/plans/ (document), anything else
//     (tool_result). A rejected tool call with the person's reason
//     becomes a "user" span of that reason, source human; one without a
//     reason, harness;
//   - assistant text → "assistant" (agent), thinking → "reasoning"
//     (reasoning), tool_use → "tool_call" with text "<Name> <compact JSON
//     input>", meta tool (lower-cased) and path; source agent, except a
//     Task/Agent call, whose span is the prompt itself (delegation), and a
//     Write or Edit of a config file (config_file);
//   - queue-operation records that enqueue a message the person typed
//     while the agent worked → "user" (human, or subagent_report for a
//     queued <task-notification>); attachment records of a queued prompt
//     (human), a nested CLAUDE.md (project_rule) or hook context
//     (harness); system records with text → "system" (harness: Claude
//     Code's own messages);
//   - a compact_boundary system record and the isCompactSummary user record
//     that follows it → one compaction whose id is that record's uuid,
//     whose summary is its text and whose covers are every span since the
//     previous compaction plus, for a later one, the previous summary's id.
//     The transcript has no self score, so none is sent.
//
// Sidechain records (a subagent's own conversation), record types that
// hold no context and empty texts produce nothing and are counted in
// ImportStats.Skipped; a repeated uuid keeps the first. A record type the
// importer does not know is skipped with a warning naming file:line, and
// so is an unterminated, unparseable last line (a writer cut off
// mid-record). Invalid JSON anywhere else, or a line over MaxLineBytes, is
// an error naming file:line; every such line is reported (as Errors) and
// no events are returned.
func ImportClaudeCode(r io.Reader, file string) ([]Event, ImportStats, error) {
	return ImportClaudeCodeWith(r, file, ClaudeCodeOptions{})
}

// ImportClaudeCodeWith is ImportClaudeCode with options.
func ImportClaudeCodeWith(r io.Reader, file string, opts ClaudeCodeOptions) ([]Event, ImportStats, error) {
	var st ImportStats
	im := ccImporter{spanSink: newSpanSink(file, &st), opts: opts, seen: map[string]bool{}, tools: map[string]toolRef{}, queued: map[string]bool{}}
	errs, err := readJSONL(r, file, "transcript", &st, func(line int, _ []byte, rec ccRecord) *Error { return im.record(line, rec) })
	if err != nil {
		return nil, st, err
	}
	errs = append(errs, im.bad...)
	if len(errs) > 0 {
		return nil, st, errs
	}
	if im.boundary {
		st.skip("compact_boundary_without_summary")
	}
	return im.events, st, nil
}

// ccImporter holds the state of one import.
type ccImporter struct {
	spanSink
	opts  ClaudeCodeOptions
	seen  map[string]bool
	tools map[string]toolRef
	// queued holds the messages enqueued so far: a popAll that hands the
	// same text back is not a second message.
	queued map[string]bool
	// boundary is set between a compact_boundary and its summary.
	boundary bool
}

// quietTypes are record types that hold no context the agent saw: they
// are counted as skipped without a warning.
func quietTypes() []string {
	return []string{"progress", "file-history-snapshot", "custom-title", "mode", "last-prompt", "summary",
		"pr-link", "agent-name", "tag", "worktree-state"}
}

func (im *ccImporter) record(line int, rec ccRecord) *Error {
	if rec.UUID != "" {
		if im.seen[rec.UUID] {
			im.stats.skip("duplicate_uuid")
			return nil
		}
		im.seen[rec.UUID] = true
	}
	if rec.IsSidechain {
		im.stats.skip("sidechain")
		return nil
	}
	id := rec.UUID
	if id == "" {
		id = fmt.Sprintf("line-%d", line)
	}
	switch rec.Type {
	case "user", "assistant":
		if rec.Message == nil {
			im.stats.skip(rec.Type + "/no_message")
			return nil
		}
		if rec.Type == "user" && rec.IsCompactSummary {
			return im.compaction(line, id, rec.Message.Content)
		}
		if rec.Type == "user" && rec.IsMeta && im.opts.SkipMeta {
			im.stats.skip("user/isMeta")
			return nil
		}
		return im.message(line, id, rec.Type, rec.IsMeta, rec.Message.Content)
	case "system":
		if rec.Subtype == "compact_boundary" {
			if im.boundary {
				im.stats.skip("compact_boundary_without_summary")
			}
			im.boundary = true
			return nil
		}
		var text string
		if json.Unmarshal(rec.Content, &text) != nil || strings.TrimSpace(text) == "" {
			im.stats.skip("system/" + orNone(rec.Subtype))
			return nil
		}
		// Claude Code's system records are its own messages (a local
		// command's output, an API error), not a system prompt.
		im.span(line, id+"#0", "system", text, sdk.SourceHarness, nil)
		return nil
	case "queue-operation":
		return im.queueOperation(line, id, rec)
	case "attachment":
		return im.attachment(line, id, rec.Attachment)
	default:
		if slices.Contains(quietTypes(), rec.Type) {
			im.stats.skip(rec.Type)
			return nil
		}
		im.stats.skip("unknown/" + orNone(rec.Type))
		im.stats.Warnings = append(im.stats.Warnings, fmt.Sprintf("%s:%d: unknown record type %q: skipped", im.file, line, rec.Type))
		return nil
	}
}

// queueOperation imports a message the person typed while the agent was
// busy. Only "enqueue" (and a "popAll" handing back text never enqueued)
// carries one; "dequeue" and "remove" only move the queue.
func (im *ccImporter) queueOperation(line int, id string, rec ccRecord) *Error {
	var text string
	if rec.Operation != "enqueue" && rec.Operation != "popAll" ||
		json.Unmarshal(rec.Content, &text) != nil || strings.TrimSpace(text) == "" {
		im.stats.skip("queue-operation/" + orNone(rec.Operation))
		return nil
	}
	if im.queued[text] {
		im.stats.skip("queue-operation/repeat")
		return nil
	}
	im.queued[text] = true
	im.span(line, id+"#0", "user", text, queuedSource(text), map[string]string{"queued": "true"})
	return nil
}

// attachment imports the context an attachment record adds to a turn.
func (im *ccImporter) attachment(line int, id string, a *ccAttachment) *Error {
	if a == nil {
		im.stats.skip("attachment/(none)")
		return nil
	}
	switch a.Type {
	case "queued_command":
		if im.queued[a.Prompt] {
			im.stats.skip("attachment/queued_command_repeat")
			return nil
		}
		im.queued[a.Prompt] = true
		im.span(line, id+"#0", "user", a.Prompt, queuedSource(a.Prompt), map[string]string{"queued": "true"})
	case "nested_memory":
		var mem struct {
			Path    string `json:"path"`
			Content string `json:"content"`
		}
		if json.Unmarshal(a.Content, &mem) != nil {
			im.stats.skip("attachment/nested_memory")
			return nil
		}
		p := mem.Path
		if p == "" {
			p = a.Path
		}
		im.span(line, id+"#0", "system", mem.Content, sdk.SourceProjectRule, map[string]string{"path": p})
	case "hook_additional_context", "hook_system_message", "hook_success":
		var text string
		var list []string
		switch {
		case json.Unmarshal(a.Content, &text) == nil:
		case json.Unmarshal(a.Content, &list) == nil:
			text = strings.Join(list, "\n")
		}
		if strings.TrimSpace(text) == "" {
			im.stats.skip("attachment/" + a.Type)
			return nil
		}
		im.span(line, id+"#0", "system", text, sdk.SourceHarness, nil)
	default:
		im.stats.skip("attachment/" + orNone(a.Type))
	}
	return nil
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// blocks decodes message content: a string is one text block.
func blocks(raw json.RawMessage) ([]ccBlock, error) {
	return stringOrList(raw, func(s string) ccBlock { return ccBlock{Type: "text", Text: s} }, "content blocks")
}

// blockText joins the text of content given as a string or a list of
// blocks; other blocks (images) are counted as skipped.
func (im *ccImporter) blockText(raw json.RawMessage) (string, error) {
	bs, err := blocks(raw)
	if err != nil {
		return "", err
	}
	var parts []string
	for _, b := range bs {
		if b.Type != "text" {
			im.stats.skip("block/" + orNone(b.Type))
			continue
		}
		if strings.TrimSpace(b.Text) != "" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n"), nil
}

// message imports the blocks of a user or assistant message.
func (im *ccImporter) message(line int, id, role string, isMeta bool, content json.RawMessage) *Error {
	bs, err := blocks(content)
	if err != nil {
		return &Error{File: im.file, Line: line, Field: "message.content", Msg: err.Error()}
	}
	before := im.stats.Spans
	repeated := false
	for i, b := range bs {
		sid := fmt.Sprintf("%s#%d", id, i)
		switch {
		case b.Type == "text" && role == "user":
			if im.queued[b.Text] {
				// Claude Code writes a queued message again as a user
				// record once the agent takes it: one message, one span.
				// Once: the same words typed later are a new message.
				delete(im.queued, b.Text)
				im.stats.skip("user/queued_repeat")
				repeated = true
				continue
			}
			im.span(line, sid, "user", b.Text, userTextSource(b.Text, isMeta), nil)
		case b.Type == "text":
			im.span(line, sid, "assistant", b.Text, sdk.SourceAgent, nil)
		case b.Type == "thinking":
			im.span(line, sid, "reasoning", b.Thinking, sdk.SourceReasoning, nil)
		case b.Type == "tool_use":
			im.toolUse(line, sid, b)
		case b.Type == "tool_result":
			if err := im.toolResult(line, sid, i, b); err != nil {
				return err
			}
		default:
			im.stats.skip("block/" + orNone(b.Type))
		}
	}
	if im.stats.Spans == before && !repeated {
		im.stats.skip("empty")
	}
	return nil
}

// toolUse imports a tool call. A prompt to a subagent is imported as the
// prompt's own text, so its rules read as written (the JSON form would
// hide its line breaks); a write of a config file as the file's content.
func (im *ccImporter) toolUse(line int, sid string, b ccBlock) {
	ref := toolRef{name: strings.ToLower(b.Name), path: inputPath(b.Input)}
	if b.ID != "" {
		im.tools[b.ID] = ref
	}
	meta := map[string]string{"tool": ref.name}
	if ref.path != "" {
		meta["path"] = ref.path
	}
	var in struct {
		Prompt      string `json:"prompt"`
		Description string `json:"description"`
		Content     string `json:"content"`
		NewString   string `json:"new_string"`
	}
	_ = json.Unmarshal(b.Input, &in)
	family := toolFamily(ref.name)
	if family == toolFamilySubagent && strings.TrimSpace(in.Prompt) != "" {
		if in.Description != "" {
			meta["description"] = in.Description
		}
		im.span(line, sid, "tool_call", in.Prompt, sdk.SourceDelegation, meta)
		return
	}
	if family == toolFamilyWrite {
		if src, ok := fileSource(ref.path); ok && src == sdk.SourceConfigFile {
			text := in.Content
			if text == "" {
				text = in.NewString
			}
			im.span(line, sid, "tool_call", text, sdk.SourceConfigFile, meta)
			return
		}
	}
	text := b.Name
	var buf bytes.Buffer
	if len(b.Input) > 0 && json.Compact(&buf, b.Input) == nil && buf.String() != "{}" {
		text += " " + buf.String()
	}
	im.span(line, sid, "tool_call", text, sdk.SourceAgent, meta)
}

// toolResult imports a tool's result; i is the block's index, for errors.
func (im *ccImporter) toolResult(line int, sid string, i int, b ccBlock) *Error {
	text, err := im.blockText(b.Content)
	if err != nil {
		return &Error{File: im.file, Line: line, Field: fmt.Sprintf("message.content[%d].content", i), Msg: err.Error()}
	}
	meta := map[string]string{}
	ref, known := im.tools[b.ToolUseID]
	if b.ToolUseID != "" {
		meta["tool_use_id"] = b.ToolUseID
		if known {
			meta["tool"] = ref.name
			if ref.path != "" {
				meta["path"] = ref.path
			}
		}
	}
	failed := b.IsError != nil && *b.IsError
	if b.IsError != nil {
		meta["exit_code"] = "0"
		if failed {
			meta["exit_code"] = "1"
		}
	}
	if failed {
		// A rejected call: the person's reason is their instruction; the
		// harness's sentence around it is not.
		if reason, ok := rejectedReason(text); ok {
			meta["rejected"] = "true"
			im.span(line, sid, "user", reason, sdk.SourceHuman, meta)
			return nil
		}
	}
	if hasAnyPrefix(strings.TrimSpace(text), harnessResultPrefixes()) {
		im.span(line, sid, "tool_result", text, sdk.SourceHarness, meta)
		return nil
	}
	im.span(line, sid, "tool_result", text, toolResultSource(ref, im.isNamed), meta)
	return nil
}

// inputPath is the file a tool input names, if any.
func inputPath(raw json.RawMessage) string {
	var in struct {
		FilePath     string `json:"file_path"`
		Path         string `json:"path"`
		NotebookPath string `json:"notebook_path"`
	}
	if json.Unmarshal(raw, &in) != nil {
		return ""
	}
	for _, p := range []string{in.FilePath, in.Path, in.NotebookPath} {
		if p != "" {
			return p
		}
	}
	return ""
}

func (im *ccImporter) compaction(line int, id string, content json.RawMessage) *Error {
	im.boundary = false
	summary, err := im.blockText(content)
	if err != nil {
		return &Error{File: im.file, Line: line, Field: "message.content", Msg: err.Error()}
	}
	c, ok := im.chain.compact(id, summary)
	if !ok {
		im.stats.skip("compaction_of_nothing")
		return nil
	}
	im.events = append(im.events, Event{File: im.file, Line: line, Type: EventCompaction, Compaction: c})
	im.stats.Compactions++
	return nil
}

// compactionChain tracks what an imported compaction replaces: every span
// since the previous compaction and that compaction's summary, as the
// agent's context held them.
type compactionChain struct {
	since       []string
	prevSummary string
}

func (c *compactionChain) add(id string) { c.since = append(c.since, id) }

// compact makes the request for a compaction at this point, or reports
// false when there is nothing to cover.
func (c *compactionChain) compact(id, summary string) (*guard.CompactionRequest, bool) {
	var covers []string
	if c.prevSummary != "" {
		covers = append(covers, c.prevSummary)
	}
	covers = append(covers, c.since...)
	if len(covers) == 0 {
		return nil, false
	}
	c.since, c.prevSummary = nil, id
	return &guard.CompactionRequest{ID: id, Covers: covers, Summary: summary}, true
}

// FollowRefusals returns a decision hook for replay.Run that keeps an
// imported chain of compactions runnable. A transcript records the
// compactions the agent really made, so a later one covers the earlier
// summary's id. When the guard refuses the earlier one, that summary never
// enters the ledger and the spans it would have replaced stay live; the
// hook rewrites every later compaction in events to cover those spans in
// place of the missing summary — the same root originals the guard would
// reach through the summary had it been allowed.
//
// The hook relies on replay.Run making exactly one decision per non-span
// event, in order, and mutates the CompactionRequests of events (their
// Covers slices are replaced, never written through).
func FollowRefusals(events []Event) func(*guard.Decision) {
	var decided []*Event
	for i := range events {
		if events[i].Span == nil {
			decided = append(decided, &events[i])
		}
	}
	n := 0
	return func(d *guard.Decision) {
		if n >= len(decided) {
			return
		}
		e := decided[n]
		n++
		c := e.Compaction
		if c == nil || c.ID == "" || d.Allowed == nil || *d.Allowed {
			return
		}
		for _, later := range decided[n:] {
			lc := later.Compaction
			if lc == nil || !slices.Contains(lc.Covers, c.ID) {
				continue
			}
			covers := make([]string, 0, len(lc.Covers)+len(c.Covers))
			for _, id := range lc.Covers {
				if id == c.ID {
					covers = append(covers, c.Covers...)
				} else {
					covers = append(covers, id)
				}
			}
			lc.Covers = covers
		}
	}
}
