package session

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/guard"
)

// brief renders events as "line type id kind" lines (compactions as
// "line compaction id <- covers"), so a test reads like the transcript.
func brief(events []Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		switch {
		case e.Span != nil:
			out[i] = fmt.Sprintf("%d span %s %s", e.Line, e.Span.ID, e.Span.Kind)
		case e.Compaction != nil:
			out[i] = fmt.Sprintf("%d compaction %s <- %s", e.Line, e.Compaction.ID, strings.Join(e.Compaction.Covers, " "))
		default:
			out[i] = fmt.Sprintf("%d %s", e.Line, e.Type)
		}
	}
	return out
}

func importFile(t *testing.T, name string, opts ClaudeCodeOptions) ([]Event, ImportStats, error) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return ImportClaudeCodeWith(f, name, opts)
}

func TestImportClaudeCode(t *testing.T) {
	firstCovers := "u1#0 u1m#0 a1#0 a1#2 a1#3 u2#0 a2#0 u3#0 sys2#0"
	tests := []struct {
		name  string
		file  string
		opts  ClaudeCodeOptions
		want  []string
		stats ImportStats
	}{
		{
			name: "two boundaries",
			file: "claudecode-two-boundaries.jsonl",
			want: []string{
				"3 span u1#0 user",
				"4 span u1m#0 user",
				"5 span a1#0 reasoning",
				"5 span a1#2 assistant",
				"5 span a1#3 tool_call",
				"8 span u2#0 tool_result",
				"9 span a2#0 tool_call",
				"10 span u3#0 tool_result",
				"13 span sys2#0 system",
				"15 compaction sum1 <- " + firstCovers,
				"16 span a3#0 assistant",
				"17 span u4#0 user",
				"18 span line-18#0 user",
				"20 compaction sum2 <- sum1 a3#0 u4#0 line-18#0",
				"21 span a4#0 assistant",
			},
			stats: ImportStats{Records: 21, Spans: 13, Compactions: 2, Skipped: map[string]int{
				"summary": 1, "file-history-snapshot": 1, "duplicate_uuid": 1, "progress": 1, "block/image": 1,
				"sidechain": 1, "system/turn_duration": 1,
			}},
		},
		{
			name: "skip meta",
			file: "claudecode-two-boundaries.jsonl",
			opts: ClaudeCodeOptions{SkipMeta: true},
			want: []string{
				"3 span u1#0 user",
				"5 span a1#0 reasoning",
				"5 span a1#2 assistant",
				"5 span a1#3 tool_call",
				"8 span u2#0 tool_result",
				"9 span a2#0 tool_call",
				"10 span u3#0 tool_result",
				"13 span sys2#0 system",
				"15 compaction sum1 <- " + strings.Replace(firstCovers, " u1m#0", "", 1),
				"16 span a3#0 assistant",
				"17 span u4#0 user",
				"18 span line-18#0 user",
				"20 compaction sum2 <- sum1 a3#0 u4#0 line-18#0",
				"21 span a4#0 assistant",
			},
			stats: ImportStats{Records: 21, Spans: 12, Compactions: 2, Skipped: map[string]int{
				"summary": 1, "file-history-snapshot": 1, "duplicate_uuid": 1, "progress": 1, "block/image": 1,
				"sidechain": 1, "system/turn_duration": 1, "user/isMeta": 1,
			}},
		},
		{
			name:  "truncated last line",
			file:  "claudecode-truncated.jsonl",
			want:  []string{"1 span u1#0 user", "2 span a1#0 assistant"},
			stats: ImportStats{Records: 2, Spans: 2, TruncatedLastLine: true, Warnings: []string{"claudecode-truncated.jsonl:3: the last line is cut off mid-record (the transcript was still being written?); it was dropped"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			events, stats, err := importFile(t, tt.file, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := brief(events); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			stats.Sources = nil // sources are pinned by TestImportClaudeCodeSources
			if !reflect.DeepEqual(stats, tt.stats) {
				t.Errorf("stats %+v, want %+v", stats, tt.stats)
			}
			for _, e := range events {
				if e.Span != nil {
					if err := guard.CheckSpan("span", *e.Span); err != nil {
						t.Errorf("%s: the guard would refuse the span: %v", e.Pos(), err)
					}
				}
				if e.File != tt.file {
					t.Errorf("%s: file %q, want %q", e.Pos(), e.File, tt.file)
				}
			}
		})
	}
}

// TestImportClaudeCodeSpanContent checks text and meta of each kind of block.
func TestImportClaudeCodeSpanContent(t *testing.T) {
	events, _, err := importFile(t, "claudecode-two-boundaries.jsonl", ClaudeCodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Event{}
	for _, e := range events {
		if e.Span != nil {
			byID[e.Span.ID] = e
		} else {
			byID[e.Compaction.ID] = e
		}
	}
	tests := []struct {
		id, text, source string
		line             int
		meta             map[string]string
	}{
		{"u1#0", "Do not run DROP TABLE on legacy_orders. Budget is 48000 tokens.", "human", 3, nil},
		{"u1m#0", "<objective>Expanded slash command body.</objective>", "command_template", 4, nil},
		{"a1#0", "The user forbids DROP TABLE.", "reasoning", 5, nil},
		{"a1#2", "I will read the migration first.", "agent", 5, nil},
		{"a1#3", `Read {"file_path":"/repo/migrate.sql"}`, "agent", 5, map[string]string{"tool": "read", "path": "/repo/migrate.sql"}},
		{"u2#0", "ALTER TABLE orders ADD COLUMN note;\n-- end", "tool_result", 8, map[string]string{"tool_use_id": "toolu_1", "tool": "read", "path": "/repo/migrate.sql"}},
		{"a2#0", `Bash {"command":"psql -c 'select 1'"}`, "agent", 9, map[string]string{"tool": "bash"}},
		{"u3#0", "connection refused", "command_output", 10, map[string]string{"tool_use_id": "toolu_2", "tool": "bash", "exit_code": "1"}},
		{"sys2#0", "Hook reminder: run tests before commit.", "harness", 13, nil},
		{"u4#0", "Use port 6543, not 5432.", "human", 17, nil},
		{"line-18#0", "later", "human", 18, map[string]string{"queued": "true"}},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			e, ok := byID[tt.id]
			if !ok || e.Span == nil {
				t.Fatalf("no span %s", tt.id)
			}
			if e.Span.Text != tt.text {
				t.Errorf("text %q, want %q", e.Span.Text, tt.text)
			}
			meta := maps.Clone(e.Span.Meta)
			if meta["source"] != tt.source || meta["line"] != strconv.Itoa(tt.line) || meta["file"] != "claudecode-two-boundaries.jsonl" {
				t.Errorf("source %q line %q file %q, want %q %d", meta["source"], meta["line"], meta["file"], tt.source, tt.line)
			}
			delete(meta, "source")
			delete(meta, "line")
			delete(meta, "file")
			if len(meta) == 0 {
				meta = nil
			}
			if !reflect.DeepEqual(meta, tt.meta) {
				t.Errorf("meta %v, want %v", meta, tt.meta)
			}
		})
	}
	c := byID["sum2"].Compaction
	if c == nil || c.Summary != "Summary two: never DROP TABLE legacy_orders; budget 48000; database 10.0.0.5 port 6543." || c.SelfScore != nil {
		t.Errorf("second compaction %+v", c)
	}
	if _, dup := byID["a1#0"]; !dup || strings.Contains(fmt.Sprint(brief(events)), "streamed twice") {
		t.Error("a repeated uuid must keep the first record")
	}
}

func TestImportClaudeCodeErrors(t *testing.T) {
	tests := []struct {
		name string
		file string
		want []string // Error() of each problem
	}{
		{
			name: "invalid JSON and bad content",
			file: "claudecode-bad-json.jsonl",
			want: []string{
				"claudecode-bad-json.jsonl:2: invalid JSON: unexpected end of JSON input",
				"claudecode-bad-json.jsonl:4: message.content: must be a string or a list of content blocks",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			events, _, err := importFile(t, tt.file, ClaudeCodeOptions{})
			if events != nil {
				t.Errorf("got %d events from a bad file", len(events))
			}
			var errs Errors
			if !errors.As(err, &errs) {
				t.Fatalf("error %v, want Errors", err)
			}
			var got []string
			for _, e := range errs {
				got = append(got, e.Error())
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestImportClaudeCodeRealSession imports the real Claude Code session in
// the shared transcripts: one automatic compaction over ~430 spans.
func TestImportClaudeCodeRealSession(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "transcripts", "claude-code", "cipher-box-session.jsonl")
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		t.Skipf("real session %s absent; it lives beside the repository in shared/transcripts", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	events, stats, err := ImportClaudeCode(f, path)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Compactions != 1 || stats.Records != 842 || stats.TruncatedLastLine {
		t.Errorf("stats %s", stats)
	}
	if stats.Spans < 300 || stats.Spans > 700 {
		t.Errorf("%d spans; a sane import of 508 user/assistant records is 300..700", stats.Spans)
	}
	seen := map[string]bool{}
	kinds := map[string]int{}
	var compactions []*guard.CompactionRequest
	for _, e := range events {
		if e.Span != nil {
			if seen[e.Span.ID] {
				t.Errorf("%s: duplicate span id %s", e.Pos(), e.Span.ID)
			}
			seen[e.Span.ID] = true
			kinds[e.Span.Kind]++
			continue
		}
		c := e.Compaction
		compactions = append(compactions, c)
		for _, id := range c.Covers {
			if !seen[id] {
				t.Errorf("%s: covers %s, which was not appended before", e.Pos(), id)
			}
		}
		if e.Line != 762 {
			t.Errorf("compaction at line %d, want 762 (the isCompactSummary record)", e.Line)
		}
	}
	if len(compactions) != 1 {
		t.Fatalf("%d compactions, want 1", len(compactions))
	}
	c := compactions[0]
	if c.ID != "3fbda60d-c19b-4315-b139-dc190288373f" || !strings.HasPrefix(c.Summary, "This session is being continued") || c.SelfScore != nil {
		t.Errorf("compaction id %s, summary %.60q, self score %v", c.ID, c.Summary, c.SelfScore)
	}
	if len(c.Covers) < 300 || len(c.Covers) >= stats.Spans {
		t.Errorf("the compaction covers %d of %d spans; want every span above the boundary and none below", len(c.Covers), stats.Spans)
	}
	for _, k := range []string{"user", "assistant", "reasoning", "tool_call", "tool_result"} {
		if kinds[k] == 0 {
			t.Errorf("no %s spans (kinds %v)", k, kinds)
		}
	}
}

func TestFollowRefusals(t *testing.T) {
	tests := []struct {
		name    string
		allowed []bool // decision for each compaction, in order
		want    string // covers of the second compaction
	}{
		{"first allowed", []bool{true, true}, "sum1 a3#0 u4#0 line-18#0"},
		{"first refused", []bool{false, true}, "u1#0 u1m#0 a1#0 a1#2 a1#3 u2#0 a2#0 u3#0 sys2#0 a3#0 u4#0 line-18#0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			events, _, err := importFile(t, "claudecode-two-boundaries.jsonl", ClaudeCodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			follow := FollowRefusals(events)
			var second *guard.CompactionRequest
			n := 0
			for _, e := range events {
				if e.Span != nil {
					continue
				}
				if n == 1 {
					second = e.Compaction
				}
				follow(&guard.Decision{Type: guard.TypeCompaction, Allowed: &tt.allowed[n]})
				n++
			}
			if got := strings.Join(second.Covers, " "); got != tt.want {
				t.Errorf("second covers %q, want %q", got, tt.want)
			}
		})
	}
}

func TestImportStatsString(t *testing.T) {
	tests := []struct {
		stats ImportStats
		want  string
	}{
		{ImportStats{Records: 3, Spans: 2}, "3 records -> 2 spans, 0 compactions"},
		{ImportStats{Records: 9, Spans: 5, Compactions: 1, Sources: map[string]int{"human": 3, "agent": 2}, Skipped: map[string]int{"progress": 2, "b": 1, "a": 1}, TruncatedLastLine: true},
			"9 records -> 5 spans (human 3, agent 2), 1 compaction; skipped: progress 2, a 1, b 1; last line truncated (dropped)"},
	}
	for _, tt := range tests {
		if got := tt.stats.String(); got != tt.want {
			t.Errorf("got %q\nwant %q", got, tt.want)
		}
	}
}
