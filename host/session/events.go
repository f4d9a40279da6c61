package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agext/levenshtein"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/sdk"
)

// Event types of the session JSONL format.
const (
	EventSpan        = "span"
	EventCompaction  = "compaction"
	EventSelection   = "selection"
	EventPhaseSignal = "phase_signal"
	EventPolicyEdit  = "policy_edit"
	EventBudget      = "budget"
)

// Event is one line of a session file, decoded into the request it makes.
// Exactly one of the pointer fields is set, matching Type.
type Event struct {
	File string
	Line int
	Type string

	Span       *sdk.Span
	Compaction *guard.CompactionRequest
	Selection  *guard.SelectionRequest
	Edit       *guard.EditRequest
	Budget     *guard.BudgetRequest
}

// Pos is "file:line", for messages.
func (e Event) Pos() string { return fmt.Sprintf("%s:%d", e.File, e.Line) }

// Error is a problem with one line of a session file.
type Error struct {
	File  string
	Line  int
	Field string
	Msg   string
}

func (e *Error) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Field, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// Errors collects every problem of a file.
type Errors []*Error

func (es Errors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	if len(es) > 20 {
		msgs = append(msgs[:20], fmt.Sprintf("... and %d more", len(es)-20))
	}
	return strings.Join(msgs, "\n")
}

type rawSpan struct {
	Type string            `json:"type,omitempty"`
	ID   string            `json:"id"`
	Kind string            `json:"kind"`
	Text *string           `json:"text"`
	Meta map[string]string `json:"meta,omitempty"`
}

type rawEvent struct {
	Type string `json:"type"`

	// span
	ID   string            `json:"id"`
	Kind string            `json:"kind"`
	Text *string           `json:"text"`
	Meta map[string]string `json:"meta"`

	// compaction / selection
	Covers    []string   `json:"covers"`
	Summary   *string    `json:"summary"`
	SelfScore *float64   `json:"self_score"`
	Originals *[]rawSpan `json:"originals"`
	RequestID string     `json:"request_id"`

	// policy_edit
	Policy    string          `json:"policy"`
	PolicyHCL string          `json:"policy_hcl"`
	Signal    json.RawMessage `json:"signal"`
	Source    string          `json:"source"`

	// budget
	Tokens     *int   `json:"tokens"`
	Authority  string `json:"authority"`
	Credential string `json:"credential"`

	// Free-text notes a recorded session may carry; ignored.
	Note string `json:"note"`
}

// MaxLineBytes bounds one line of a session file.
const MaxLineBytes = 64 << 20

// Parse reads a session JSONL file. It reports every problem it finds
// (as Errors) and returns no events when there is any: nothing of a bad
// file is applied.
func Parse(r io.Reader, file string) ([]Event, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), MaxLineBytes)
	var events []Event
	var errs Errors
	fail := func(line int, field, format string, args ...any) {
		errs = append(errs, &Error{File: file, Line: line, Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	spanLine := map[string]int{}
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if !utf8.Valid(b) {
			fail(line, "", "not valid UTF-8")
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		var ev rawEvent
		if err := dec.Decode(&ev); err != nil {
			field, msg := jsonProblem(err)
			fail(line, field, "%s", msg)
			continue
		}
		if dec.More() {
			fail(line, "", "more than one JSON value on the line")
			continue
		}
		e, field, err := decodeEvent(ev)
		if err != nil {
			fail(line, field, "%v", err)
			continue
		}
		e.File, e.Line = file, line
		if e.Span != nil {
			if first, dup := spanLine[e.Span.ID]; dup {
				fail(line, "id", "duplicate span id %q (first at line %d)", e.Span.ID, first)
				continue
			}
			spanLine[e.Span.ID] = line
		}
		events = append(events, e)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			fail(line+1, "", "line longer than %d bytes", MaxLineBytes)
		} else {
			return nil, fmt.Errorf("reading %s: %w", file, err)
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	readSources(events)
	return events, nil
}

func jsonProblem(err error) (field, msg string) {
	var ute *json.UnmarshalTypeError
	if errors.As(err, &ute) {
		return ute.Field, fmt.Sprintf("expected %s, got JSON %s", ute.Type, ute.Value)
	}
	s := err.Error()
	if strings.HasPrefix(s, "json: unknown field ") {
		name := strings.Trim(strings.TrimPrefix(s, "json: unknown field "), `"`)
		if near := nearestField(name); near != "" {
			return name, fmt.Sprintf("unknown field; did you mean %q?", near)
		}
		return name, "unknown field"
	}
	return "", "invalid JSON: " + strings.TrimPrefix(s, "json: ")
}

// nearestField is the field of a session line nearest to an unknown
// name, or "" when none is near enough to be a typo: HCL's rule for its
// "Did you mean", an edit distance under 3.
func nearestField(name string) string {
	best, bestDist := "", 3
	t := reflect.TypeOf(rawEvent{})
	for i := 0; i < t.NumField(); i++ {
		field, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if d := levenshtein.Distance(name, field, nil); field != "" && d < bestDist {
			best, bestDist = field, d
		}
	}
	return best
}

func decodeEvent(ev rawEvent) (Event, string, error) {
	e := Event{Type: ev.Type}
	switch ev.Type {
	case EventSpan:
		if ev.Text == nil {
			return e, "text", errors.New("missing")
		}
		s := sdk.Span{ID: ev.ID, Kind: ev.Kind, Text: *ev.Text, Meta: ev.Meta}
		if err := guard.CheckSpan("span", s); err != nil {
			var ie *guard.InputError
			if errors.As(err, &ie) {
				return e, strings.TrimPrefix(ie.Field, "span."), errors.New(ie.Msg)
			}
			return e, "", err
		}
		e.Span = &s
	case EventCompaction:
		if len(ev.Covers) == 0 {
			return e, "covers", errors.New("missing or empty")
		}
		if ev.Summary == nil {
			return e, "summary", errors.New("missing (use \"\" for a pure de-duplication)")
		}
		c := &guard.CompactionRequest{ID: ev.ID, Covers: ev.Covers, Summary: *ev.Summary, SelfScore: ev.SelfScore, RequestID: ev.RequestID}
		if ev.Originals != nil {
			c.HasOriginals = true
			for i, o := range *ev.Originals {
				if o.Text == nil {
					return e, fmt.Sprintf("originals[%d].text", i), errors.New("missing")
				}
				c.Originals = append(c.Originals, sdk.Span{ID: o.ID, Kind: o.Kind, Text: *o.Text, Meta: o.Meta})
			}
		}
		e.Compaction = c
	case EventSelection:
		summary := ""
		if ev.Summary != nil {
			summary = *ev.Summary
		}
		e.Selection = &guard.SelectionRequest{ID: ev.ID, Summary: summary, SelfScore: ev.SelfScore, RequestID: ev.RequestID}
	case EventPhaseSignal:
		// No fields: the host asks the policy plugin on the current view.
	case EventPolicyEdit:
		sig, err := signalRef(ev.Signal)
		if err != nil {
			return e, "signal", err
		}
		e.Edit = &guard.EditRequest{Policy: ev.Policy, PolicyHCL: ev.PolicyHCL, Signal: sig, Source: ev.Source, RequestID: ev.RequestID}
	case EventBudget:
		if ev.Tokens == nil {
			return e, "tokens", errors.New("missing")
		}
		e.Budget = &guard.BudgetRequest{Tokens: *ev.Tokens, Authority: ev.Authority, Credential: ev.Credential, RequestID: ev.RequestID}
	case "":
		return e, "type", errors.New("missing")
	default:
		return e, "type", fmt.Errorf("unknown event type %q (span, compaction, selection, phase_signal, policy_edit, budget)", ev.Type)
	}
	return e, "", nil
}

// signalRef accepts "latest", a number, or a numeric string.
func signalRef(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "latest", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		if s == "" || s == "latest" {
			return "latest", nil
		}
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			return s, nil
		}
		return "", fmt.Errorf("must be \"latest\" or a signal id, got %q", s)
	}
	var n int
	if err := json.Unmarshal(raw, &n); err == nil && n > 0 {
		return strconv.Itoa(n), nil
	}
	return "", fmt.Errorf("must be \"latest\" or a signal id, got %s", raw)
}
