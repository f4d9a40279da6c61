package session

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/guard"
)

func TestImportOpenAI(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		want  []string
		stats ImportStats
	}{
		{
			name: "message array",
			file: "openai-array.json",
			want: []string{
				"2 span m1 system",
				"3 span m2 system",
				"4 span m3 user",
				"5 span m4#1 tool_call",
				"5 span m4#2 tool_call",
				"9 span m5 tool_result",
				"10 span m6 tool_result",
				"13 span m9 assistant",
			},
			stats: ImportStats{Records: 9, Spans: 8, Skipped: map[string]int{"empty": 1, "role/critic": 1}},
		},
		{
			name:  "request body",
			file:  "openai-request.json",
			want:  []string{"5 span m1 system", "6 span m2 user", "7 span m3 assistant"},
			stats: ImportStats{Records: 3, Spans: 3},
		},
		{
			name: "JSONL with compaction markers",
			file: "openai-compactions.jsonl",
			want: []string{
				"1 span m1 system",
				"2 span m2 user",
				"3 span m3 assistant",
				"4 compaction m4 <- m1 m2 m3",
				"5 span m5 user",
				"6 compaction m6 <- m4 m5",
				"7 span m7 system",
				"8 span m8 assistant",
			},
			stats: ImportStats{Records: 8, Spans: 6, Compactions: 2},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			events, stats, err := ImportOpenAI(f, tt.file)
			if err != nil {
				t.Fatal(err)
			}
			if got := brief(events); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			stats.Sources = nil // pinned per span by TestImportOpenAISpanContent
			if !reflect.DeepEqual(stats, tt.stats) {
				t.Errorf("stats %+v, want %+v", stats, tt.stats)
			}
			for _, e := range events {
				if e.Span != nil {
					if err := guard.CheckSpan("span", *e.Span); err != nil {
						t.Errorf("%s: %v", e.Pos(), err)
					}
				}
			}
		})
	}
}

func TestImportOpenAISpanContent(t *testing.T) {
	tests := []struct {
		file, id, text, source string
		line                   int
		meta                   map[string]string
	}{
		{"openai-array.json", "m2", "Budget: 48000 tokens.", "system", 3, nil},
		{"openai-array.json", "m3", "Migrate the orders table.", "human", 4, nil},
		{"openai-array.json", "m4#1", `Read {"path":"migrate.sql"}`, "agent", 5, map[string]string{"tool": "read", "path": "migrate.sql", "tool_call_id": "call_1"}},
		{"openai-array.json", "m4#2", "bash psql -c 'select 1'", "agent", 5, map[string]string{"tool": "bash", "tool_call_id": "call_2"}},
		{"openai-array.json", "m5", "ALTER TABLE orders ADD COLUMN note;", "tool_result", 9, map[string]string{"tool": "read", "path": "migrate.sql", "tool_call_id": "call_1"}},
		{"openai-array.json", "m6", "connection refused", "command_output", 10, map[string]string{"tool": "bash", "tool_call_id": "call_2"}},
		{"openai-compactions.jsonl", "m7", "[compactions are explained in the docs]", "system", 7, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.id, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			events, _, err := ImportOpenAI(f, tt.file)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range events {
				if e.Span == nil || e.Span.ID != tt.id {
					continue
				}
				meta := maps.Clone(e.Span.Meta)
				if meta["source"] != tt.source || meta["line"] != strconv.Itoa(tt.line) || meta["file"] != tt.file {
					t.Errorf("source %q line %q file %q, want %q %d %q", meta["source"], meta["line"], meta["file"], tt.source, tt.line, tt.file)
				}
				delete(meta, "source")
				delete(meta, "line")
				delete(meta, "file")
				if len(meta) == 0 {
					meta = nil
				}
				if e.Span.Text != tt.text || !reflect.DeepEqual(meta, tt.meta) {
					t.Errorf("got %q %v, want %q %v", e.Span.Text, meta, tt.text, tt.meta)
				}
				return
			}
			t.Errorf("no span %s", tt.id)
		})
	}
}

func TestImportOpenAICompactionMarker(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "openai-compactions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	events, _, err := ImportOpenAI(f, "c.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var got []*guard.CompactionRequest
	for _, e := range events {
		if e.Compaction != nil {
			got = append(got, e.Compaction)
		}
	}
	if len(got) != 2 {
		t.Fatalf("%d compactions", len(got))
	}
	if got[0].SelfScore == nil || *got[0].SelfScore != 0.91 || got[0].Summary != "The user asked to migrate orders within 48000 tokens." {
		t.Errorf("first: %+v", got[0])
	}
	if got[1].SelfScore != nil || got[1].Summary != "Migrate orders; keep the audit log." {
		t.Errorf("second: %+v", got[1])
	}
}

func TestImportOpenAIErrors(t *testing.T) {
	tests := []struct {
		name, input string
		want        string
	}{
		{"JSONL syntax", "{\"role\":\"user\",\"content\":\"a\"}\n{\"role\":\"user\",\n\"content\":}\n", "x:2: invalid JSON"},
		{"array syntax", "[\n{\"role\":\"user\",\"content\":\"a\"},\n{\"role\":\n]", "x:3: invalid JSON"},
		{"content type", "[\n{\"role\":\"user\",\"content\":42}\n]", "x:2: content: must be a string or a list of content parts"},
		{"role type", "{\"role\":7,\"content\":\"a\"}", "x:1: role: expected string"},
		{"marker unclosed", `{"role":"system","content":"[compaction summary"}`, `x:1: content: compaction marker without its closing "]"`},
		{"marker option", `{"role":"system","content":"[compaction score=1] s"}`, `x:1: content: unknown compaction marker option "score=1"`},
		{"marker score", `{"role":"system","content":"[compaction self_score=1.5] s"}`, `x:1: content: self_score must be a number in [0,1], got "1.5"`},
		{"trailing value", "[]\n[]", "x:2: more than one JSON value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			events, _, err := ImportOpenAI(strings.NewReader(tt.input), "x")
			if events != nil {
				t.Errorf("got %d events from bad input", len(events))
			}
			var errs Errors
			if !errors.As(err, &errs) {
				t.Fatalf("error %v, want Errors", err)
			}
			if !strings.HasPrefix(errs.Error(), tt.want) {
				t.Errorf("error %q, want prefix %q", errs.Error(), tt.want)
			}
		})
	}
}
