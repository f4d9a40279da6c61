package eval

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/eval/labels"
	"github.com/compactguard/compactguard/host/session"
	"github.com/compactguard/compactguard/sdk"
)

const formatDoc = "../../docs/session-format.md"

// docSection returns the text under the "## " heading that starts with
// title, up to the next "## " heading.
func docSection(t *testing.T, doc, title string) string {
	t.Helper()
	_, rest, ok := strings.Cut(doc, "\n## "+title)
	if !ok {
		t.Fatalf("docs/session-format.md has no section %q", title)
	}
	if i := strings.Index(rest, "\n## "); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// codeBlocks returns the bodies of the fenced blocks of the given info
// string in text.
func codeBlocks(text, info string) []string {
	var out []string
	for _, m := range regexp.MustCompile("(?s)```"+info+"\n(.*?)```").FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// tableRows returns each table row's first-column names (a cell may name
// several: "`a`, `b`") and whether the second column says "yes".
func tableRows(text string) map[string]bool {
	out := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		cells := strings.Split(l, "|")
		if len(cells) < 4 || !strings.Contains(cells[1], "`") {
			continue
		}
		for _, m := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(cells[1], -1) {
			out[m[1]] = strings.TrimSpace(cells[2]) == "yes"
		}
	}
	return out
}

// structTags lists the json names of the fields of the struct types in
// the Go file path, those named in types, or, when types is empty, every
// struct (anonymous ones in function bodies included).
func structTags(t *testing.T, path string, types ...string) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	collect := func(st *ast.StructType) {
		for _, fld := range st.Fields.List {
			if fld.Tag == nil {
				continue
			}
			tag, _ := strconv.Unquote(fld.Tag.Value)
			name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
			if name != "" && name != "-" {
				out[name] = true
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeSpec:
			if st, ok := n.Type.(*ast.StructType); ok && len(types) > 0 {
				for _, name := range types {
					if n.Name.Name == name {
						collect(st)
					}
				}
				return false
			}
		case *ast.StructType:
			if len(types) == 0 {
				collect(n)
			}
		}
		return true
	})
	return out
}

// TestSessionFormatDocMatchesTheParser: the session section of
// docs/session-format.md has a heading per event type; its example parses
// as a session; every field the parser's line struct has is in its
// tables and every field in its tables is one the parser has; each field
// it calls required is: the first example of its type without it is
// refused naming it. Every span source is named.
func TestSessionFormatDocMatchesTheParser(t *testing.T) {
	raw, err := os.ReadFile(formatDoc)
	if err != nil {
		t.Fatal(err)
	}
	sec := docSection(t, string(raw), "Session JSONL")
	blocks := codeBlocks(sec, "jsonl")
	if len(blocks) != 1 {
		t.Fatalf("want one jsonl example in the session section, found %d", len(blocks))
	}
	events, err := session.Parse(strings.NewReader(blocks[0]), "example.jsonl")
	if err != nil {
		t.Fatalf("the example does not parse:\n%v", err)
	}
	parsed := map[string]bool{}
	for _, e := range events {
		parsed[e.Type] = true
	}
	code := structTags(t, filepath.Join("..", "session", "events.go"), "rawEvent", "rawSpan")
	documented := map[string]bool{}
	types := []string{session.EventSpan, session.EventCompaction, session.EventSelection, session.EventPhaseSignal, session.EventPolicyEdit, session.EventBudget}
	for _, typ := range types {
		if !parsed[typ] {
			t.Errorf("the example has no %s event", typ)
		}
		_, body, ok := strings.Cut(sec, "\n### `"+typ+"`\n")
		if !ok {
			t.Errorf("no section for the %s event", typ)
			continue
		}
		if i := strings.Index(body, "\n### "); i >= 0 {
			body = body[:i]
		}
		rows := tableRows(body)
		for f := range rows {
			documented[f] = true
			if !code[f] {
				t.Errorf("%s: the doc lists %q, which the parser does not read", typ, f)
			}
		}
		// The first example line of the type, less each required field.
		var line string
		for _, l := range strings.Split(blocks[0], "\n") {
			if strings.Contains(l, `"type":"`+typ+`"`) {
				line = l
				break
			}
		}
		for f, required := range rows {
			if !required || f == "type" {
				continue
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatal(err)
			}
			delete(m, f)
			b, _ := json.Marshal(m)
			_, err := session.Parse(bytes.NewReader(b), "x.jsonl")
			if err == nil || !strings.Contains(err.Error(), f) {
				t.Errorf("%s without %q: %v; the doc says it is required", typ, f, err)
			}
		}
	}
	if !strings.Contains(sec, "`note`") {
		t.Error("the doc does not say that any line may carry note")
	}
	documented["note"] = true
	for f := range code {
		if !documented[f] {
			t.Errorf("the parser reads %q, which the doc does not list", f)
		}
	}
	for _, s := range sdk.Sources() {
		if s != sdk.SourceSummary && !strings.Contains(sec, "`"+s+"`") {
			t.Errorf("the span source %q is not named", s)
		}
	}
}

// TestCaseFormatDocMatchesTheCode: the labelled-case section's example
// expect.json decodes into Expectation with no unknown field, and its
// table lists exactly Expectation's fields.
func TestCaseFormatDocMatchesTheCode(t *testing.T) {
	raw, err := os.ReadFile(formatDoc)
	if err != nil {
		t.Fatal(err)
	}
	sec := docSection(t, string(raw), "Labelled case")
	blocks := codeBlocks(sec, "json")
	if len(blocks) == 0 {
		t.Fatal("no expect.json example")
	}
	for _, b := range blocks {
		dec := json.NewDecoder(strings.NewReader(b))
		dec.DisallowUnknownFields()
		var e Expectation
		if err := dec.Decode(&e); err != nil || (e.Verdict != "refuse" && e.Verdict != "allow") {
			t.Errorf("the example is not an expect.json: %v\n%s", err, b)
		}
	}
	rows := tableRows(sec)
	ty := reflect.TypeOf(Expectation{})
	for i := 0; i < ty.NumField(); i++ {
		name, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ",")
		if _, ok := rows[name]; !ok {
			t.Errorf("expect.json field %q is not in the doc", name)
		}
		delete(rows, name)
	}
	for f := range rows {
		t.Errorf("the doc lists the expect.json field %q, which the code does not read", f)
	}
}

// TestLabelsFormatDocMatchesTheCode: the labels section's example parses
// with labels.Parse, and every field the labels parser reads is in the
// tables, marked required.
func TestLabelsFormatDocMatchesTheCode(t *testing.T) {
	raw, err := os.ReadFile(formatDoc)
	if err != nil {
		t.Fatal(err)
	}
	sec := docSection(t, string(raw), "Labels")
	blocks := codeBlocks(sec, "json")
	if len(blocks) != 1 {
		t.Fatalf("want one labels example, found %d", len(blocks))
	}
	cs, err := labels.Parse([]byte(blocks[0]), "labels.json")
	if err != nil || len(cs) == 0 || len(cs[0].Items) == 0 {
		t.Fatalf("the example does not parse as labels: %v", err)
	}
	rows := tableRows(sec)
	for f := range structTags(t, filepath.Join("labels", "labels.go")) {
		if f == "compactions" {
			if !strings.Contains(sec, "`{\"compactions\"") && !strings.Contains(blocks[0], `"compactions"`) {
				t.Error("the doc does not show the top-level compactions list")
			}
			continue
		}
		if required, ok := rows[f]; !ok || !required {
			t.Errorf("the labels parser requires %q; the doc lists it: %v, as required: %v", f, ok, required)
		}
	}
}
