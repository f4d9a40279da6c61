package labels

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	good := `{"compactions":[{"file":"raw/a/full.jsonl","summary_line":5,"overall":"refuse","why":"w",
  "items":[{"line":1,"category":"prohibition","key":"do not","description":"d","verdict":"dropped","summary_phrase":null}]},
 {"file":"/abs/full.jsonl","summary_line":9,"overall":"allow","items":[]}]}`
	cs, err := Parse([]byte(good), "sets/real/labels.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].Path != filepath.Join("sets/real", "raw/a/full.jsonl") || cs[1].Path != "/abs/full.jsonl" {
		t.Fatalf("paths not resolved against the labels file's folder: %+v", cs)
	}
	if cs[0].Items[0] != (Item{Line: 1, Category: "prohibition", Key: "do not", Verdict: "dropped"}) || !cs[0].Items[0].Lost() {
		t.Errorf("item %+v", cs[0].Items[0])
	}
	if cs[1].Field("file") != "sets/real/labels.json: compactions[1].file" {
		t.Errorf("field %q", cs[1].Field("file"))
	}
}

// TestParseNamesTheField: a bad labels file is refused with the file and
// the field at fault.
func TestParseNamesTheField(t *testing.T) {
	item := `{"line":1,"category":"entity","key":"k","verdict":"dropped"}`
	comp := func(fields string) string {
		return `{"compactions":[{"file":"f.jsonl","summary_line":5,"overall":"allow","items":[` + item + `]` + fields + `}]}`
	}
	tests := []struct {
		name, src, want string
	}{
		{"not JSON", "{\n  \"compactions\": [,]\n}", "labels.json:2:19: invalid JSON"},
		{"not an object", `[1]`, "labels.json: must be an object"},
		{"no compactions", `{"cases":[]}`, "labels.json: compactions: missing"},
		{"no file", `{"compactions":[{"summary_line":5,"overall":"allow","items":[]}]}`, "labels.json: compactions[0].file: missing"},
		{"summary line not a number", comp(`,"summary_line":"777"`), `labels.json: compactions[0].summary_line: must be an integer, got JSON string`},
		{"summary line zero", comp(`,"summary_line":0`), "compactions[0].summary_line: must be a 1-based line number"},
		{"bad overall", comp(`,"overall":"block"`), `compactions[0].overall: must be allow or refuse, got "block"`},
		{"no items", `{"compactions":[{"file":"f","summary_line":5,"overall":"allow"}]}`, "compactions[0].items: missing"},
		{"items not a list", comp(`,"items":{}`), "compactions[0].items: must be a list"},
		{"bad verdict", strings.Replace(comp(""), `"dropped"`, `"droped"`, 1), `compactions[0].items[0].verdict: must be one of kept_verbatim, kept_paraphrased, dropped, altered, weakened, got "droped"`},
		{"bad category", strings.Replace(comp(""), `"entity"`, `"rule"`, 1), `compactions[0].items[0].category: must be one of`},
		{"line a string", strings.Replace(comp(""), `"line":1`, `"line":"1"`, 1), "compactions[0].items[0].line: must be an integer"},
		{"empty key", strings.Replace(comp(""), `"key":"k"`, `"key":""`, 1), "compactions[0].items[0].key: missing"},
		{"no verdict", strings.Replace(comp(""), `,"verdict":"dropped"`, ``, 1), "compactions[0].items[0].verdict: missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src), "labels.json")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
		})
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "labels.json"))
	if err == nil || !strings.Contains(err.Error(), "reading labels") {
		t.Fatalf("error %v", err)
	}
}

func TestByFileSortsAndGroups(t *testing.T) {
	cs := []Compaction{{Path: "b", SummaryLine: 1}, {Path: "a", SummaryLine: 2}, {Path: "b", SummaryLine: 3}, {Path: "B", SummaryLine: 4}}
	var got []string
	for _, f := range ByFile(cs) {
		var lines []string
		for _, c := range f.Compactions {
			lines = append(lines, f.Path+":"+string(rune('0'+c.SummaryLine)))
		}
		got = append(got, strings.Join(lines, ","))
	}
	want := []string{"B:4", "a:2", "b:1,b:3"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestIndex(t *testing.T) {
	ix := NewIndex([]byte(transcript))
	if got := ix.SummaryLines(); !slices.Equal(got, []int{5, 8}) {
		t.Errorf("summary lines %v, want [5 8] (a repeated uuid and a sidechain are not summaries)", got)
	}
	for uuid, want := range map[string]int{"u1": 1, "u2": 3, "s2": 8, "x1": 10} {
		if got, ok := ix.LineOf(uuid); !ok || got != want {
			t.Errorf("line of %s = %d, %v; want %d", uuid, got, ok, want)
		}
	}
}

// TestIndexCountsLinesAsPython: "\r\n" and a lone "\r" end a line, a line
// that is not JSON still counts, and truthy values mark a summary.
func TestIndexCountsLinesAsPython(t *testing.T) {
	src := "not json\r\n" +
		`{"uuid":"a"}` + "\r" +
		"\r\n" +
		`{"uuid":"s","isCompactSummary":1}` + "\n" +
		`{"uuid":"t","isCompactSummary":"yes","isSidechain":0}` + "\n" +
		`{"uuid":"f","isCompactSummary":false}` + "\n" +
		`{"isCompactSummary":true}` + "\n" +
		`{"isCompactSummary":true}`
	ix := NewIndex([]byte(src))
	if got, _ := ix.LineOf("a"); got != 2 {
		t.Errorf("line of a = %d, want 2", got)
	}
	if got := ix.SummaryLines(); !slices.Equal(got, []int{4, 5, 7, 8}) {
		t.Errorf("summary lines %v, want [4 5 7 8]", got)
	}
}
