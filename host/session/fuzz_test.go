package session

import (
	"bytes"
	"errors"
	"strconv"
	"testing"

	"github.com/compactguard/compactguard/host/guard"
)

// FuzzParse feeds arbitrary bytes to Parse as a session JSONL file. Parse
// must never panic; it returns events or errors, never both; every error
// names the file and a line of the input; and every event it accepts is
// one the guard can be handed without re-checking: exactly the pointer
// field its type calls for, span events with a valid id and kind (never a
// summary) and unique ids, compactions with covers and a summary,
// budget events with tokens, policy edits citing "latest" or a positive
// signal id.
//
// Short pass: go test -run '^$' -fuzz '^FuzzParse$' -fuzztime 5s ./host/session/
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"type":"span","id":"s1","kind":"user","text":"do not run DROP TABLE"}` + "\n" +
		`{"type":"compaction","covers":["s1"],"summary":"keep it","self_score":0.9}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		events, err := Parse(bytes.NewReader(data), "fuzz.jsonl")
		if err != nil {
			if events != nil {
				t.Fatalf("Parse returned %d events with an error", len(events))
			}
			checkErrors(t, err, data)
			return
		}
		checkEvents(t, events, "fuzz.jsonl", data, true)
	})
}

// checkErrors asserts every problem names the file and a line that exists
// (or the line after the last, for a line too long to read).
func checkErrors(t *testing.T, err error, data []byte) {
	t.Helper()
	var es Errors
	if !errors.As(err, &es) {
		t.Fatalf("Parse failed with %T, not Errors: %v", err, err)
	}
	if len(es) == 0 {
		t.Fatal("Parse failed with an empty Errors")
	}
	lines := bytes.Count(data, []byte("\n")) + 1
	for _, e := range es {
		if e.File != "fuzz.jsonl" || e.Line < 1 || e.Line > lines+1 || e.Msg == "" {
			t.Fatalf("error without a usable position or message: %+v", e)
		}
	}
}

// checkEvents asserts the consistency of accepted events. inOrder says
// each event comes from its own line, after the previous event's (the
// JSONL format); importers may make several events of one record.
func checkEvents(t *testing.T, events []Event, file string, data []byte, inOrder bool) {
	t.Helper()
	ids := map[string]bool{}
	lines := bytes.Count(data, []byte("\n")) + 1
	for i, e := range events {
		if e.File != file || e.Line < 1 || e.Line > lines {
			t.Fatalf("event %d has position %s", i, e.Pos())
		}
		if inOrder && i > 0 && e.Line <= events[i-1].Line {
			t.Fatalf("event %d at line %d does not follow line %d", i, e.Line, events[i-1].Line)
		}
		set := 0
		for _, p := range []bool{e.Span != nil, e.Compaction != nil, e.Selection != nil, e.Edit != nil, e.Budget != nil} {
			if p {
				set++
			}
		}
		want := 1
		if e.Type == EventPhaseSignal {
			want = 0
		}
		if set != want {
			t.Fatalf("%s: %s event with %d request fields set", e.Pos(), e.Type, set)
		}
		switch e.Type {
		case EventSpan:
			if e.Span == nil {
				t.Fatalf("%s: span event without a span", e.Pos())
			}
			if err := guard.CheckSpan("span", *e.Span); err != nil {
				t.Fatalf("%s: accepted a span the guard refuses: %v", e.Pos(), err)
			}
			if ids[e.Span.ID] {
				t.Fatalf("%s: accepted span id %q twice", e.Pos(), e.Span.ID)
			}
			ids[e.Span.ID] = true
		case EventCompaction:
			c := e.Compaction
			if c == nil || len(c.Covers) == 0 {
				t.Fatalf("%s: compaction without covers", e.Pos())
			}
			if !c.HasOriginals && len(c.Originals) > 0 {
				t.Fatalf("%s: originals without HasOriginals", e.Pos())
			}
		case EventSelection:
			if e.Selection == nil {
				t.Fatalf("%s: selection event without a request", e.Pos())
			}
		case EventPolicyEdit:
			if e.Edit == nil {
				t.Fatalf("%s: policy_edit event without a request", e.Pos())
			}
			if s := e.Edit.Signal; s != "latest" {
				if n, err := strconv.Atoi(s); err != nil || n < 1 {
					t.Fatalf("%s: accepted signal %q", e.Pos(), s)
				}
			}
		case EventBudget:
			if e.Budget == nil {
				t.Fatalf("%s: budget event without a request", e.Pos())
			}
		case EventPhaseSignal:
		default:
			t.Fatalf("%s: accepted unknown event type %q", e.Pos(), e.Type)
		}
	}
}
