// Package labels compares the guard's compaction decisions on real
// transcripts with hand labels (schema: shared/eval/real/README.md, "Label
// schema") and counts exactly as shared/tools/real_replay.py does, so the
// Go command and the reference script report the same figures on the same
// input.
//
// It works on the decisions' JSON (DESIGN.md, "Decision JSON"), the very
// text `replay --json` prints and the script reads: fields such as an
// item's `origin` and `source` are seen whatever Go type carries them, and
// the comparison is tested without plugins.
package labels

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// Verdicts and categories of the label schema.
var (
	verdicts   = []string{"kept_verbatim", "kept_paraphrased", "dropped", "altered", "weakened"}
	categories = []string{"prohibition", "numeric_commitment", "entity", "failed_attempt"}
	overalls   = []string{"allow", "refuse"}
)

// Compaction is one labelled compaction.
type Compaction struct {
	// Labels is the labels file it came from and Index its place in that
	// file's compactions, for messages.
	Labels string
	Index  int
	// File is the transcript as the labels file names it; Path is File
	// resolved against the labels file's folder.
	File        string
	Path        string
	SummaryLine int
	Overall     string
	Items       []Item
}

// Field names a field of this compaction in messages:
// "labels.json: compactions[3].file".
func (c Compaction) Field(name string) string {
	return fmt.Sprintf("%s: compactions[%d].%s", c.Labels, c.Index, name)
}

// Item is one labelled item of a compaction.
type Item struct {
	Line     int    `json:"line"`
	Category string `json:"category"`
	Key      string `json:"key"`
	Verdict  string `json:"verdict"`
}

// Lost says whether the label counts the item as a must-keep loss: a
// prohibition, numeric commitment or entity the summary dropped, altered
// or weakened (a lost failed attempt never refuses on its own).
func (it Item) Lost() bool {
	switch it.Verdict {
	case "dropped", "altered", "weakened":
	default:
		return false
	}
	switch it.Category {
	case "prohibition", "numeric_commitment", "entity":
		return true
	}
	return false
}

// Load reads and checks one labels file.
func Load(path string) ([]Compaction, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading labels: %w", err)
	}
	return Parse(data, path)
}

// Parse checks a labels file's content. Every field the counts read must
// be there with its type and vocabulary; an error names the file and the
// field ("labels.json: compactions[2].items[4].verdict: ..."). A mistyped
// verdict must fail here: the counts would otherwise skip the item quietly.
func Parse(data []byte, path string) ([]Compaction, error) {
	var top struct {
		Compactions *[]json.RawMessage `json:"compactions"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, jsonError(path, data, "", err)
	}
	if top.Compactions == nil {
		return nil, fmt.Errorf("%s: compactions: missing", path)
	}
	base := filepath.Dir(path)
	var out []Compaction
	for i, raw := range *top.Compactions {
		c, err := parseCompaction(raw, path, i)
		if err != nil {
			return nil, err
		}
		c.Path = c.File
		if !filepath.IsAbs(c.File) {
			c.Path = filepath.Join(base, c.File)
		}
		out = append(out, c)
	}
	return out, nil
}

func parseCompaction(raw json.RawMessage, path string, i int) (Compaction, error) {
	c := Compaction{Labels: path, Index: i}
	var rc struct {
		File        *string            `json:"file"`
		SummaryLine *int               `json:"summary_line"`
		Overall     *string            `json:"overall"`
		Items       *[]json.RawMessage `json:"items"`
	}
	prefix := fmt.Sprintf("compactions[%d]", i)
	if err := json.Unmarshal(raw, &rc); err != nil {
		return c, jsonError(path, nil, prefix, err)
	}
	bad := func(field, msg string, args ...any) error {
		return fmt.Errorf("%s: %s: %s", path, prefix+"."+field, fmt.Sprintf(msg, args...))
	}
	switch {
	case rc.File == nil || *rc.File == "":
		return c, bad("file", "missing")
	case rc.SummaryLine == nil:
		return c, bad("summary_line", "missing")
	case *rc.SummaryLine < 1:
		return c, bad("summary_line", "must be a 1-based line number, got %d", *rc.SummaryLine)
	case rc.Overall == nil:
		return c, bad("overall", "missing")
	case !slices.Contains(overalls, *rc.Overall):
		return c, bad("overall", "must be %s, got %q", strings.Join(overalls, " or "), *rc.Overall)
	case rc.Items == nil:
		return c, bad("items", "missing")
	}
	c.File, c.SummaryLine, c.Overall = *rc.File, *rc.SummaryLine, *rc.Overall
	for j, rawItem := range *rc.Items {
		it, err := parseItem(rawItem, path, fmt.Sprintf("%s.items[%d]", prefix, j))
		if err != nil {
			return c, err
		}
		c.Items = append(c.Items, it)
	}
	return c, nil
}

func parseItem(raw json.RawMessage, path, prefix string) (Item, error) {
	var ri struct {
		Line     *int    `json:"line"`
		Category *string `json:"category"`
		Key      *string `json:"key"`
		Verdict  *string `json:"verdict"`
	}
	if err := json.Unmarshal(raw, &ri); err != nil {
		return Item{}, jsonError(path, nil, prefix, err)
	}
	bad := func(field, msg string, args ...any) error {
		return fmt.Errorf("%s: %s: %s", path, prefix+"."+field, fmt.Sprintf(msg, args...))
	}
	switch {
	case ri.Line == nil:
		return Item{}, bad("line", "missing")
	case *ri.Line < 1:
		return Item{}, bad("line", "must be a 1-based line number, got %d", *ri.Line)
	case ri.Category == nil:
		return Item{}, bad("category", "missing")
	case !slices.Contains(categories, *ri.Category):
		return Item{}, bad("category", "must be one of %s, got %q", strings.Join(categories, ", "), *ri.Category)
	case ri.Key == nil || *ri.Key == "":
		// An empty key would be found in every flagged item.
		return Item{}, bad("key", "missing")
	case ri.Verdict == nil:
		return Item{}, bad("verdict", "missing")
	case !slices.Contains(verdicts, *ri.Verdict):
		return Item{}, bad("verdict", "must be one of %s, got %q", strings.Join(verdicts, ", "), *ri.Verdict)
	}
	return Item{Line: *ri.Line, Category: *ri.Category, Key: *ri.Key, Verdict: *ri.Verdict}, nil
}

// jsonError words a decoding error with the file, and the field (under
// prefix) or, for a syntax error in the whole file, its line and column.
func jsonError(path string, data []byte, prefix string, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) && data != nil {
		line, col := position(data, se.Offset)
		return fmt.Errorf("%s:%d:%d: invalid JSON: %v", path, line, col, err)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if prefix != "" {
			field = strings.TrimSuffix(prefix+"."+field, ".")
		}
		if field == "" {
			return fmt.Errorf("%s: must be %s, got JSON %s", path, kindOf(te.Type), te.Value)
		}
		return fmt.Errorf("%s: %s: must be %s, got JSON %s", path, field, kindOf(te.Type), te.Value)
	}
	if prefix != "" {
		return fmt.Errorf("%s: %s: %w", path, prefix, err)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// position turns a byte offset into a 1-based line and column.
func position(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1)
	return line, col
}

// kindOf names a Go type the way the label schema speaks: JSON kinds.
func kindOf(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "a value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "an integer"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Bool:
		return "true or false"
	}
	return t.String()
}

// File is the labelled compactions of one transcript.
type File struct {
	Path        string
	Compactions []Compaction
}

// ByFile groups compactions by transcript, sorted by path as the script
// sorts them; within a file they keep the labels' order. Two labels files
// naming one transcript share one replay.
func ByFile(comps []Compaction) []File {
	idx := map[string]int{}
	var files []File
	for _, c := range comps {
		i, ok := idx[c.Path]
		if !ok {
			i = len(files)
			idx[c.Path] = i
			files = append(files, File{Path: c.Path})
		}
		files[i].Compactions = append(files[i].Compactions, c)
	}
	sort.SliceStable(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files
}
