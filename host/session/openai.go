package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/compactguard/compactguard/sdk"
)

// OpenAICompactionMarker starts the content of a system (or developer)
// message that records a compaction in an OpenAI-format transcript. The
// chat-completions format has no compaction of its own, so compactguard
// defines one: a message
//
//	{"role":"system","content":"[compaction] <summary>"}
//
// says the agent replaced every earlier message with <summary>. The marker
// may carry the agent's own fidelity score, "[compaction self_score=0.91]",
// which is sent as the compaction's self score. The message becomes a
// compaction (never a span) whose covers are every span since the previous
// marker plus that marker's summary.
const OpenAICompactionMarker = "[compaction"

// oaMessage is one chat-completions message.
type oaMessage struct {
	Role       string          `json:"role"`
	Content    json.RawMessage `json:"content"`
	Name       string          `json:"name"`
	ToolCallID string          `json:"tool_call_id"`
	ToolCalls  []struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function struct {
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
		} `json:"function"`
	} `json:"tool_calls"`
	// Refusal is an assistant's refusal text (newer API versions).
	Refusal string `json:"refusal"`
}

// ImportOpenAI reads an OpenAI chat-completions transcript and turns it
// into session events. The input is a JSON array of messages, a JSON object
// whose "messages" field is that array (a request body), or JSONL with one
// message per line. A message is {role, content, tool_calls, tool_call_id,
// name}; content is a string or a list of parts of which the text ones
// ({"type":"text","text":...}, also input_text/output_text) are kept.
//
// Mapping (span ids are "m<N>" for the N-th message, 1-based, and
// "m<N>#<j>" for its j-th tool call, 1-based):
//   - system and developer → "system"; user → "user";
//   - assistant content (or refusal) → "assistant"; each of its tool_calls
//     → "tool_call" with text "<name> <arguments>", meta tool (the
//     function name, lower-cased) and tool_call_id;
//   - tool (and the legacy function role) → "tool_result", meta
//     tool_call_id and tool (from the matching call, else the message name);
//   - a system or developer message starting with OpenAICompactionMarker →
//     a compaction (see there).
//
// Empty texts and unknown roles are skipped and counted in ImportStats.
// Malformed JSON is an error naming file:line (the line where the message
// starts); no events are returned then.
func ImportOpenAI(r io.Reader, file string) ([]Event, ImportStats, error) {
	var st ImportStats
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, st, fmt.Errorf("reading %s: %w", file, err)
	}
	lines := newLineIndex(data)
	raws, err := openAIMessages(data, lines, file)
	if err != nil {
		return nil, st, err
	}
	im := oaImporter{spanSink: newSpanSink(file, &st), tools: map[string]toolRef{}}
	var errs Errors
	for i, rm := range raws {
		st.Records++
		var m oaMessage
		if err := json.Unmarshal(rm.raw, &m); err != nil {
			field, msg := jsonProblem(err)
			errs = append(errs, &Error{File: file, Line: rm.line, Field: field, Msg: msg})
			continue
		}
		if err := im.message(rm.line, i+1, m); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, st, errs
	}
	return im.events, st, nil
}

// rawMessage is one message's JSON and the line where it starts.
type rawMessage struct {
	raw  json.RawMessage
	line int
}

// lineIndex maps byte offsets to 1-based line numbers.
type lineIndex []int

func newLineIndex(data []byte) lineIndex {
	idx := lineIndex{0}
	for i, b := range data {
		if b == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

func (l lineIndex) line(off int64) int {
	return sort.Search(len(l), func(i int) bool { return int64(l[i]) > off })
}

// valueStart skips whitespace and separators from off to the next value.
func valueStart(data []byte, off int64) int64 {
	for off < int64(len(data)) && strings.IndexByte(" \t\r\n,:", data[off]) >= 0 {
		off++
	}
	return off
}

// openAIMessages splits the input into messages: an array, an object with
// "messages", or a stream of message objects (JSONL).
func openAIMessages(data []byte, lines lineIndex, file string) ([]rawMessage, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	// A problem is placed on the line where the value it is in starts:
	// the decoder's own offsets are not reliable positions in the file.
	bad := func(start int64, err error) error {
		var pe *posError
		if errors.As(err, &pe) {
			start, err = pe.start, pe.err
		}
		_, msg := jsonProblem(err)
		return Errors{{File: file, Line: lines.line(start), Msg: msg}}
	}
	if trimmed[0] == '[' {
		msgs, err := decodeArray(dec, data, 0, lines)
		if err != nil {
			return nil, bad(valueStart(data, 0), err)
		}
		if _, err := dec.Token(); err != io.EOF {
			return nil, Errors{{File: file, Line: lines.line(valueStart(data, dec.InputOffset())), Msg: "more than one JSON value after the message array"}}
		}
		return msgs, nil
	}
	var msgs []rawMessage
	for {
		start := valueStart(data, dec.InputOffset())
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			return msgs, nil
		}
		if err != nil {
			return nil, bad(start, err)
		}
		var probe struct {
			Role     *string         `json:"role"`
			Messages json.RawMessage `json:"messages"`
		}
		if json.Unmarshal(raw, &probe) == nil && probe.Role == nil && len(probe.Messages) > 0 {
			// A request body: its messages, with their own lines.
			sub := json.NewDecoder(bytes.NewReader(data[start : start+int64(len(raw))]))
			if err := skipTo(sub, "messages"); err != nil {
				return nil, bad(start, err)
			}
			inner, err := decodeArray(sub, data, start, lines)
			if err != nil {
				return nil, Errors{{File: file, Line: lines.line(start), Field: "messages", Msg: err.Error()}}
			}
			msgs = append(msgs, inner...)
			continue
		}
		msgs = append(msgs, rawMessage{raw: raw, line: lines.line(start)})
	}
}

// skipTo reads an object's tokens up to the value of key.
func skipTo(dec *json.Decoder, key string) error {
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		if k, _ := t.(string); k == key {
			return nil
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	return fmt.Errorf("no %q field", key)
}

// posError is a decoding problem in the value starting at byte start.
type posError struct {
	start int64
	err   error
}

func (e *posError) Error() string { return e.err.Error() }
func (e *posError) Unwrap() error { return e.err }

// decodeArray reads one JSON array of values, noting where each starts.
// dec reads data from offset base.
func decodeArray(dec *json.Decoder, data []byte, base int64, lines lineIndex) ([]rawMessage, error) {
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := t.(json.Delim); !ok || d != '[' {
		return nil, fmt.Errorf("expected an array of messages, got %v", t)
	}
	var out []rawMessage
	for dec.More() {
		start := valueStart(data, base+dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, &posError{start, err}
		}
		out = append(out, rawMessage{raw: raw, line: lines.line(start)})
	}
	if _, err := dec.Token(); err != nil { // ]
		return nil, err
	}
	return out, nil
}

// oaImporter holds the state of one import.
type oaImporter struct {
	spanSink
	tools map[string]toolRef // tool_call id → the call's tool and path
}

func (im *oaImporter) message(line, n int, m oaMessage) *Error {
	text, err := partsText(m.Content)
	if err != nil {
		return &Error{File: im.file, Line: line, Field: "content", Msg: err.Error()}
	}
	id := fmt.Sprintf("m%d", n)
	before := im.stats.Spans + im.stats.Compactions
	switch m.Role {
	case "system", "developer":
		if summary, self, ok, err := parseMarker(text); ok || err != nil {
			if err != nil {
				return &Error{File: im.file, Line: line, Field: "content", Msg: err.Error()}
			}
			return im.compaction(line, id, summary, self)
		}
		im.span(line, id, "system", text, sdk.SourceSystem, nil)
	case "user":
		im.span(line, id, "user", text, sdk.SourceHuman, nil)
	case "assistant":
		if strings.TrimSpace(text) == "" {
			text = m.Refusal
		}
		im.span(line, id, "assistant", text, sdk.SourceAgent, nil)
		for j, tc := range m.ToolCalls {
			ref := toolRef{name: strings.ToLower(tc.Function.Name), path: inputPath(json.RawMessage(tc.Function.Arguments))}
			meta := map[string]string{"tool": ref.name}
			if ref.path != "" {
				meta["path"] = ref.path
			}
			if tc.ID != "" {
				meta["tool_call_id"] = tc.ID
				im.tools[tc.ID] = ref
			}
			sid := fmt.Sprintf("%s#%d", id, j+1)
			// A call that hands work to another agent is a delegation:
			// its prompt is the agent's rule for the subagent.
			var in struct {
				Prompt string `json:"prompt"`
			}
			if toolFamily(ref.name) == toolFamilySubagent && json.Unmarshal([]byte(tc.Function.Arguments), &in) == nil && strings.TrimSpace(in.Prompt) != "" {
				im.span(line, sid, "tool_call", in.Prompt, sdk.SourceDelegation, meta)
				continue
			}
			call := strings.TrimSpace(tc.Function.Name + " " + compactJSONString(tc.Function.Arguments))
			im.span(line, sid, "tool_call", call, sdk.SourceAgent, meta)
		}
	case "tool", "function":
		meta := map[string]string{}
		if m.ToolCallID != "" {
			meta["tool_call_id"] = m.ToolCallID
		}
		ref, ok := im.tools[m.ToolCallID]
		if !ok {
			ref = toolRef{name: strings.ToLower(m.Name)}
		}
		if ref.name != "" {
			meta["tool"] = ref.name
		}
		if ref.path != "" {
			meta["path"] = ref.path
		}
		im.span(line, id, "tool_result", text, toolResultSource(ref, im.isNamed), meta)
	default:
		im.stats.skip("role/" + orNone(m.Role))
		return nil
	}
	if im.stats.Spans+im.stats.Compactions == before {
		im.stats.skip("empty")
	}
	return nil
}

// compactJSONString compacts arguments that are JSON, else keeps them.
func compactJSONString(s string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) == nil {
		return b.String()
	}
	return s
}

// partsText reads content given as a string, null, or a list of parts.
func partsText(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	if raw[0] == '"' {
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", errors.New("must be a string or a list of content parts")
	}
	var texts []string
	for _, p := range parts {
		switch p.Type {
		case "text", "input_text", "output_text":
			if strings.TrimSpace(p.Text) != "" {
				texts = append(texts, p.Text)
			}
		}
	}
	return strings.Join(texts, "\n"), nil
}

// parseMarker reads "[compaction] summary" or "[compaction self_score=X]
// summary"; ok is false for any other text.
func parseMarker(text string) (summary string, self *float64, ok bool, err error) {
	rest, found := strings.CutPrefix(strings.TrimLeft(text, " \t\r\n"), OpenAICompactionMarker)
	if !found || rest == "" || (rest[0] != ']' && rest[0] != ' ') {
		return "", nil, false, nil
	}
	head, summary, closed := strings.Cut(rest, "]")
	if !closed {
		return "", nil, true, errors.New("compaction marker without its closing \"]\" (write \"[compaction] summary\")")
	}
	for _, f := range strings.Fields(head) {
		v, found := strings.CutPrefix(f, "self_score=")
		if !found {
			return "", nil, true, fmt.Errorf("unknown compaction marker option %q (only self_score=X)", f)
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || x < 0 || x > 1 {
			return "", nil, true, fmt.Errorf("self_score must be a number in [0,1], got %q", v)
		}
		self = &x
	}
	return strings.TrimSpace(summary), self, true, nil
}

// compaction records a marker message as a compaction.
func (im *oaImporter) compaction(line int, id, summary string, self *float64) *Error {
	c, ok := im.chain.compact(id, summary)
	if !ok {
		im.stats.skip("compaction_of_nothing")
		return nil
	}
	c.SelfScore = self
	im.events = append(im.events, Event{File: im.file, Line: line, Type: EventCompaction, Compaction: c})
	im.stats.Compactions++
	return nil
}
