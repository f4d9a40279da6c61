package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
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
	// Skipped counts what produced no event, by reason: an unknown or
	// irrelevant record type ("progress", "file-history-snapshot"), a
	// system record without text ("system/turn_duration"), a repeated
	// uuid ("duplicate_uuid"), a record with only empty text ("empty"),
	// a content block compactguard cannot represent ("block/image").
	Skipped map[string]int
	// Meta counts Claude Code user records marked isMeta (text the
	// harness injected: the local-command caveat, the expanded body of a
	// slash command) that were imported as spans.
	Meta int
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

// String is a one-line summary: "842 records -> 398 spans, 1 compaction;
// skipped: progress 269, ...".
func (s ImportStats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d records -> %d spans, %d compaction", s.Records, s.Spans, s.Compactions)
	if s.Compactions != 1 {
		b.WriteString("s")
	}
	if len(s.Skipped) > 0 {
		reasons := make([]string, 0, len(s.Skipped))
		for r := range s.Skipped {
			reasons = append(reasons, r)
		}
		sort.Slice(reasons, func(i, j int) bool {
			if s.Skipped[reasons[i]] != s.Skipped[reasons[j]] {
				return s.Skipped[reasons[i]] > s.Skipped[reasons[j]]
			}
			return reasons[i] < reasons[j]
		})
		parts := make([]string, len(reasons))
		for i, r := range reasons {
			parts[i] = fmt.Sprintf("%s %d", r, s.Skipped[r])
		}
		b.WriteString("; skipped: ")
		b.WriteString(strings.Join(parts, ", "))
	}
	if s.Meta > 0 {
		fmt.Fprintf(&b, "; kept %d harness-injected (isMeta) record", s.Meta)
		if s.Meta != 1 {
			b.WriteString("s")
		}
	}
	if s.TruncatedLastLine {
		b.WriteString("; last line truncated (dropped)")
	}
	return b.String()
}

// ccRecord is the part of a Claude Code transcript record the importer reads.
type ccRecord struct {
	Type             string          `json:"type"`
	Subtype          string          `json:"subtype"`
	UUID             string          `json:"uuid"`
	IsSidechain      bool            `json:"isSidechain"`
	IsCompactSummary bool            `json:"isCompactSummary"`
	IsMeta           bool            `json:"isMeta"`
	Content          json.RawMessage `json:"content"` // system records
	Message          *struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
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
	// SkipMeta drops user records marked isMeta: text the harness injected
	// rather than the person typed (the local-command caveat, the expanded
	// body of a slash command, a prompt template of its own). The model
	// saw them, so by default they are kept, as "user" spans with meta
	// is_meta="true"; skipped, they count as "user/isMeta" and compactions
	// are judged on the conversation alone.
	SkipMeta bool
}

// ImportClaudeCode reads a Claude Code session transcript (the JSONL under
// ~/.claude/projects/) and turns it into session events, so a past
// session can be replayed to see whether its compactions lost anything.
//
// Mapping, record by record (span ids are "<uuid>#<block index>"):
//   - user string content and text blocks → "user"; tool_result blocks →
//     "tool_result" (string content, or the text blocks of a list, joined),
//     meta tool_use_id, tool and path (from the matching tool_use) and
//     exit_code ("1" when is_error is true, "0" when it is false);
//   - assistant text blocks → "assistant", thinking → "reasoning",
//     tool_use → "tool_call" with text "<Name> <compact JSON input>", meta
//     tool (the name lower-cased, so `span.meta.tool == "read"` matches
//     Claude Code's Read) and path (input file_path, path or notebook_path);
//   - system records with text content → "system";
//   - a compact_boundary system record and the isCompactSummary user record
//     that follows it → one compaction whose id is that record's uuid,
//     whose summary is its text and whose covers are every span since the
//     previous compaction plus, for a later one, the previous summary's id.
//     The transcript has no self score, so none is sent.
//
// Sidechain records (subagents), records of other types and empty texts
// produce nothing and are counted in ImportStats.Skipped; a repeated uuid
// (streaming writes some records twice) keeps the first. An unterminated,
// unparseable last line is a writer cut off mid-record: it is dropped and
// reported in ImportStats.TruncatedLastLine. Invalid JSON anywhere else is
// an error naming file:line; every such line is reported (as Errors) and
// no events are returned.
//
// User records marked isMeta (harness-injected) are kept, with meta
// is_meta="true"; ImportClaudeCodeWith can drop them.
func ImportClaudeCode(r io.Reader, file string) ([]Event, ImportStats, error) {
	return ImportClaudeCodeWith(r, file, ClaudeCodeOptions{})
}

// ImportClaudeCodeWith is ImportClaudeCode with options.
func ImportClaudeCodeWith(r io.Reader, file string, opts ClaudeCodeOptions) ([]Event, ImportStats, error) {
	var st ImportStats
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), MaxLineBytes)
	unterminated := false
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		adv, tok, err := bufio.ScanLines(data, atEOF)
		if atEOF && tok != nil && adv == len(data) && !bytes.HasSuffix(data, []byte("\n")) {
			unterminated = true
		}
		return adv, tok, err
	})
	im := ccImporter{file: file, opts: opts, stats: &st, seen: map[string]bool{}, tools: map[string]toolRef{}}
	var errs Errors
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var rec ccRecord
		if err := json.Unmarshal(b, &rec); err != nil {
			var se *json.SyntaxError
			if unterminated && errors.As(err, &se) {
				st.TruncatedLastLine = true
				continue
			}
			_, msg := jsonProblem(err)
			errs = append(errs, &Error{File: file, Line: line, Msg: msg})
			continue
		}
		st.Records++
		if err := im.record(line, rec); err != nil {
			errs = append(errs, err)
		}
	}
	errs = append(errs, im.bad...)
	if err := sc.Err(); err != nil {
		if !errors.Is(err, bufio.ErrTooLong) {
			return nil, st, fmt.Errorf("reading %s: %w", file, err)
		}
		errs = append(errs, &Error{File: file, Line: line + 1, Msg: fmt.Sprintf("line longer than %d bytes", MaxLineBytes)})
	}
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
	file   string
	opts   ClaudeCodeOptions
	stats  *ImportStats
	events []Event
	seen   map[string]bool
	tools  map[string]toolRef
	chain  compactionChain
	// boundary is set between a compact_boundary and its summary.
	boundary bool
	// bad collects spans the guard would refuse (an id with a newline, say):
	// a file with any is refused whole, before anything runs.
	bad Errors
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
		if rec.Type == "user" && rec.IsMeta {
			if im.opts.SkipMeta {
				im.stats.skip("user/isMeta")
				return nil
			}
			before := im.stats.Spans
			err := im.message(line, id, rec.Type, rec.Message.Content, map[string]string{"is_meta": "true"})
			if im.stats.Spans > before {
				im.stats.Meta++
			}
			return err
		}
		return im.message(line, id, rec.Type, rec.Message.Content, nil)
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
		im.span(line, id+"#0", "system", text, nil)
		return nil
	default:
		im.stats.skip(orNone(rec.Type))
		return nil
	}
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// blocks decodes message content: a string is one text block.
func blocks(raw json.RawMessage) ([]ccBlock, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		return []ccBlock{{Type: "text", Text: s}}, nil
	}
	var bs []ccBlock
	if err := json.Unmarshal(raw, &bs); err != nil {
		return nil, errors.New("must be a string or a list of content blocks")
	}
	return bs, nil
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

// message imports the blocks of a user or assistant message; extra meta
// goes on every span it makes.
func (im *ccImporter) message(line int, id, role string, content json.RawMessage, extra map[string]string) *Error {
	bs, err := blocks(content)
	if err != nil {
		return &Error{File: im.file, Line: line, Field: "message.content", Msg: err.Error()}
	}
	before := im.stats.Spans
	for i, b := range bs {
		sid := fmt.Sprintf("%s#%d", id, i)
		switch {
		case b.Type == "text" && role == "user":
			im.span(line, sid, "user", b.Text, maps.Clone(extra))
		case b.Type == "text":
			im.span(line, sid, "assistant", b.Text, nil)
		case b.Type == "thinking":
			im.span(line, sid, "reasoning", b.Thinking, nil)
		case b.Type == "tool_use":
			ref := toolRef{name: strings.ToLower(b.Name), path: inputPath(b.Input)}
			if b.ID != "" {
				im.tools[b.ID] = ref
			}
			text := b.Name
			var in bytes.Buffer
			if len(b.Input) > 0 && json.Compact(&in, b.Input) == nil && in.String() != "{}" {
				text += " " + in.String()
			}
			meta := map[string]string{"tool": ref.name}
			if ref.path != "" {
				meta["path"] = ref.path
			}
			im.span(line, sid, "tool_call", text, meta)
		case b.Type == "tool_result":
			text, err := im.blockText(b.Content)
			if err != nil {
				return &Error{File: im.file, Line: line, Field: fmt.Sprintf("message.content[%d].content", i), Msg: err.Error()}
			}
			meta := map[string]string{}
			if b.ToolUseID != "" {
				meta["tool_use_id"] = b.ToolUseID
				if ref, ok := im.tools[b.ToolUseID]; ok {
					meta["tool"] = ref.name
					if ref.path != "" {
						meta["path"] = ref.path
					}
				}
			}
			if b.IsError != nil {
				meta["exit_code"] = "0"
				if *b.IsError {
					meta["exit_code"] = "1"
				}
			}
			im.span(line, sid, "tool_result", text, meta)
		default:
			im.stats.skip("block/" + orNone(b.Type))
		}
	}
	if im.stats.Spans == before {
		im.stats.skip("empty")
	}
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

// span appends a span event unless its text is empty.
func (im *ccImporter) span(line int, id, kind, text string, meta map[string]string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	if len(meta) == 0 {
		meta = nil
	}
	sp := &sdk.Span{ID: id, Kind: kind, Text: text, Meta: meta}
	if err := guard.CheckSpan("span", *sp); err != nil {
		var ie *guard.InputError
		field, msg := "", err.Error()
		if errors.As(err, &ie) {
			field, msg = strings.TrimPrefix(ie.Field, "span."), ie.Msg
		}
		im.bad = append(im.bad, &Error{File: im.file, Line: line, Field: field, Msg: msg})
		return
	}
	im.events = append(im.events, Event{File: im.file, Line: line, Type: EventSpan, Span: sp})
	im.chain.add(id)
	im.stats.Spans++
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
