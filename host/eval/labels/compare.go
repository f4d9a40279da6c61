package labels

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Decision is the part of a decision's JSON the comparison reads.
type Decision struct {
	Type      string         `json:"type"`
	Allowed   *bool          `json:"allowed"`
	Reason    string         `json:"reason"`
	SummaryID string         `json:"summary_id"`
	Items     []DecisionItem `json:"items"`
}

// ParseDecision decodes one decision as `replay --json` prints it.
func ParseDecision(data []byte) (Decision, error) {
	var d Decision
	if err := json.Unmarshal(data, &d); err != nil {
		return Decision{}, fmt.Errorf("decoding a decision: %w", err)
	}
	return d, nil
}

// DecisionItem is the part of a decision item the comparison reads.
type DecisionItem struct {
	Category string
	Text     string
	Span     string
	Source   string
	MustKeep bool
	// Preserved is nil when the candidate was not scored.
	Preserved *bool
	// Origin is the file and line the item's span was imported from, if
	// the importer said.
	Origin *Origin
}

// Origin is an item's `origin`. HasLine is false when the line is absent
// or not an integer, and the item's line is then looked up by its span.
type Origin struct {
	File    string
	Line    int
	HasLine bool
}

// UnmarshalJSON reads an item as the script does: a field of an
// unexpected type counts as absent instead of failing the whole run, so
// both tools agree on any importer's output.
func (it *DecisionItem) UnmarshalJSON(data []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	str := func(key string) string {
		var s string
		_ = json.Unmarshal(m[key], &s)
		return s
	}
	*it = DecisionItem{Category: str("category"), Text: str("text"), Span: str("span"), Source: str("source"), MustKeep: truthy(m["must_keep"])}
	switch string(bytes.TrimSpace(m["preserved"])) {
	case "true":
		it.Preserved = ptr(true)
	case "false":
		it.Preserved = ptr(false)
	}
	var origin map[string]json.RawMessage
	if json.Unmarshal(m["origin"], &origin) == nil && origin != nil {
		o := &Origin{}
		_ = json.Unmarshal(origin["file"], &o.File)
		// Only an integer literal is a line: the script tests
		// isinstance(line, int), which 12.0 fails.
		if n, err := strconv.Atoi(string(bytes.TrimSpace(origin["line"]))); err == nil {
			o.Line, o.HasLine = n, true
		}
		it.Origin = o
	}
	return nil
}

// flagged says the guard counted the item as a lost must-keep item.
func (it DecisionItem) flagged() bool {
	return it.MustKeep && it.Preserved != nil && !*it.Preserved
}

func ptr[T any](v T) *T { return &v }

// Result is one labelled compaction compared with its decision.
type Result struct {
	File        string `json:"file"`
	Name        string `json:"compaction"`
	SummaryLine int    `json:"summary_line"`
	Label       string `json:"label"`
	// Got and Reason are empty when no decision was found (Error says why).
	Got     string `json:"got,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Correct bool   `json:"correct"`
	// Losses counts the labelled must-keep losses, Found those the
	// decision flagged; Missed lists the others.
	Losses int    `json:"labelled_losses"`
	Found  int    `json:"losses_found"`
	Missed []Item `json:"missed,omitempty"`
	// Unlabelled lists the flagged items that no label holds.
	Unlabelled []Flag `json:"flags_not_in_labels"`
	Error      string `json:"error,omitempty"`
	// decided is set when a decision was found.
	decided bool
}

// Flag is one flagged item, with where it came from so a person can see
// why it was flagged.
type Flag struct {
	File string `json:"file"`
	// Line is 0 when neither the item's origin nor its span gives one.
	Line     int    `json:"line,omitempty"`
	Span     string `json:"span"`
	Source   string `json:"source,omitempty"`
	Category string `json:"category"`
	Text     string `json:"text"`
}

// Unjudged is the result of a compaction that has no decision: its
// losses count as not found and it has no flags, as in the script.
func Unjudged(c Compaction, why string) Result {
	r := newResult(c)
	r.Error = why
	for _, it := range c.Items {
		if it.Lost() {
			r.Missed = append(r.Missed, it)
		}
	}
	return r
}

func newResult(c Compaction) Result {
	r := Result{File: c.Path, Name: shortName(c.Path), SummaryLine: c.SummaryLine, Label: c.Overall, Unlabelled: []Flag{}}
	for _, it := range c.Items {
		if it.Lost() {
			r.Losses++
		}
	}
	return r
}

// Compare matches the labelled compaction c of the transcript ix with
// its decision among decisions (every decision of the transcript's
// replay, in order; only compactions count) and counts as the script
// does:
//   - the decision is the one whose summary_id, up to '#', is the uuid of
//     the record at the summary line; failing that, the one at the same
//     position among decisions as the summary line among the file's
//     summaries;
//   - a labelled loss is found by the first flagged item not yet used that
//     comes from the labelled line, or whose lower-cased text holds the
//     first 60 characters of the lower-cased key, or (text of 12
//     characters or more) whose first 60 characters the key holds; one
//     item finds at most one loss;
//   - a flag not in the labels is a flagged item left unused whose line is
//     not the line of any labelled item of c.
func Compare(c Compaction, ix *Index, decisions []Decision) Result {
	d := ix.decisionFor(c.SummaryLine, decisions)
	if d == nil {
		return Unjudged(c, "no decision for this compaction")
	}
	r := newResult(c)
	r.decided = true
	r.Got, r.Reason = "refuse", d.Reason
	if d.Allowed != nil && *d.Allowed {
		r.Got = "allow"
	}
	r.Correct = r.Got == c.Overall
	// The flagged items, with the line each comes from and its lower-cased text.
	type candidate struct {
		item    DecisionItem
		line    int
		hasLine bool
		text    string
	}
	var flagged []candidate
	for _, it := range d.Items {
		if it.flagged() {
			line, ok := ix.lineOf(it)
			flagged = append(flagged, candidate{it, line, ok, lower(it.Text)})
		}
	}
	used := make([]bool, len(flagged))
	for _, li := range c.Items {
		if !li.Lost() {
			continue
		}
		key := lower(li.Key)
		head := prefix(key, 60)
		hit := false
		for k, f := range flagged {
			if used[k] {
				continue
			}
			if (f.hasLine && f.line == li.Line) || strings.Contains(f.text, head) ||
				(utf8.RuneCountInString(f.text) >= 12 && strings.Contains(key, prefix(f.text, 60))) {
				used[k], hit = true, true
				break
			}
		}
		if hit {
			r.Found++
		} else {
			r.Missed = append(r.Missed, li)
		}
	}
	labelled := map[int]bool{}
	for _, li := range c.Items {
		labelled[li.Line] = true
	}
	for k, f := range flagged {
		if used[k] || (f.hasLine && labelled[f.line]) {
			continue
		}
		it := f.item
		flag := Flag{File: c.Path, Span: it.Span, Source: it.Source, Category: it.Category, Text: it.Text}
		if f.hasLine {
			flag.Line = f.line
		}
		if it.Origin != nil && it.Origin.File != "" {
			flag.File = it.Origin.File
		}
		r.Unlabelled = append(r.Unlabelled, flag)
	}
	return r
}

// decisionFor finds the decision of the compaction whose summary is at
// line: by summary id, else by position (an importer that sets no
// summary_id still decides the compactions in file order).
func (ix *Index) decisionFor(line int, decisions []Decision) *Decision {
	var comps []*Decision
	for i := range decisions {
		if decisions[i].Type == "compaction" {
			comps = append(comps, &decisions[i])
		}
	}
	if want := ix.summaryUUID[line]; want != "" {
		for _, d := range comps {
			if id, _, _ := strings.Cut(d.SummaryID, "#"); id == want {
				return d
			}
		}
	}
	for i, n := range ix.summaryLines {
		if n == line {
			if i < len(comps) {
				return comps[i]
			}
			return nil
		}
	}
	return nil
}

// lineOf is the transcript line an item comes from: its origin's line,
// else the first line of the record its span id (up to '#') names.
func (ix *Index) lineOf(it DecisionItem) (int, bool) {
	if it.Origin != nil && it.Origin.HasLine {
		return it.Origin.Line, true
	}
	uuid, _, _ := strings.Cut(it.Span, "#")
	return ix.LineOf(uuid)
}

// prefix is the first n characters (code points) of s.
func prefix(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// lower is Python's str.lower, which the script applies to keys and
// texts. It differs from strings.ToLower in two mappings, both of which
// change what a 60-character prefix holds: U+0130 (İ) becomes "i̇" (two
// code points), and a capital sigma ending a word becomes ς.
func lower(s string) string {
	if !strings.ContainsAny(s, "\u0130\u03a3") {
		return strings.ToLower(s)
	}
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, r := range rs {
		switch {
		case r == '\u0130':
			b.WriteString("i\u0307")
		case r == '\u03a3' && finalSigma(rs, i):
			b.WriteRune('\u03c2')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma is Unicode's Final_Sigma context, as CPython tests it: a
// cased letter before (skipping case-ignorables) and none after.
func finalSigma(rs []rune, i int) bool {
	j := i - 1
	for j >= 0 && caseIgnorable(rs[j]) {
		j--
	}
	if j < 0 || !cased(rs[j]) {
		return false
	}
	j = i + 1
	for j < len(rs) && caseIgnorable(rs[j]) {
		j++
	}
	return j == len(rs) || !cased(rs[j])
}

func cased(r rune) bool {
	return unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
}

// caseIgnorable is Unicode's Case_Ignorable: marks, format characters,
// modifiers, and the Word_Break MidLetter, MidNumLet and Single_Quote
// characters.
func caseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', '\u00b7', '\u0387', '\u055f', '\u05f4', '\u2018', '\u2019', '\u2024', '\u2027',
		'\ufe13', '\ufe52', '\ufe55', '\uff07', '\uff0e', '\uff1a':
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}

// shortName names a transcript by the two folders above the one holding
// it, as the script does: ".../d0/161e0df1cb/0/full.jsonl" is
// "d0/161e0df1cb".
func shortName(path string) string {
	parts := strings.Split(filepath.ToSlash(path), "/")
	if len(parts) < 4 {
		return path
	}
	return parts[len(parts)-4] + "/" + parts[len(parts)-3]
}

// String is the report of one compaction: the script's line, then one
// indented line per flag not in the labels and per labelled loss not
// found.
func (r Result) String() string {
	var b strings.Builder
	if r.decided {
		fmt.Fprintf(&b, "%s L%d: label %s, got %s (%s); labelled losses found %d/%d; flags not in labels %d\n",
			r.Name, r.SummaryLine, r.Label, r.Got, r.Reason, r.Found, r.Losses, len(r.Unlabelled))
	} else {
		fmt.Fprintf(&b, "%s L%d: label %s, %s; labelled losses found 0/%d\n", r.Name, r.SummaryLine, r.Label, r.Error, r.Losses)
	}
	for _, f := range r.Unlabelled {
		line := "?"
		if f.Line > 0 {
			line = strconv.Itoa(f.Line)
		}
		source := f.Source
		if source == "" {
			source = "-"
		}
		fmt.Fprintf(&b, "    not in labels: %s:%s %s %s: %s\n", f.File, line, source, f.Category, clip(f.Text, 100))
	}
	for _, it := range r.Missed {
		fmt.Fprintf(&b, "    missed: L%d %s %s: %s\n", it.Line, it.Category, it.Verdict, clip(it.Key, 100))
	}
	return b.String()
}

// clip puts text on one line and cuts it to n characters.
func clip(text string, n int) string {
	one := strings.Join(strings.Fields(text), " ")
	if cut := prefix(one, n); cut != one {
		return cut + "…"
	}
	return one
}

// Totals are the figures of a run.
type Totals struct {
	Compactions   int `json:"compactions"`
	VerdictsRight int `json:"verdicts_right"`
	Losses        int `json:"labelled_losses"`
	Found         int `json:"losses_found"`
	// Recall is Found/Losses (1 when nothing was lost).
	Recall float64 `json:"recall"`
	Flags  int     `json:"flags_not_in_labels"`
	// FlagsPerCompaction is Flags/Compactions.
	FlagsPerCompaction float64 `json:"flags_per_compaction"`
}

// Summarise adds results up. A compaction without a decision counts, with
// its losses not found, as in the script.
func Summarise(results []Result) Totals {
	var t Totals
	for _, r := range results {
		t.Compactions++
		if r.Correct {
			t.VerdictsRight++
		}
		t.Losses += r.Losses
		t.Found += r.Found
		t.Flags += len(r.Unlabelled)
	}
	t.Recall = 1
	if t.Losses > 0 {
		t.Recall = float64(t.Found) / float64(t.Losses)
	}
	if t.Compactions > 0 {
		t.FlagsPerCompaction = float64(t.Flags) / float64(t.Compactions)
	}
	return t
}

// String is the script's last line, without its goals.
func (t Totals) String() string {
	return fmt.Sprintf("real sessions: %d compactions, verdicts right %d/%d; labelled losses found %d/%d (%.2f); flags not in labels %.1f per compaction\n",
		t.Compactions, t.VerdictsRight, t.Compactions, t.Found, t.Losses, t.Recall, t.FlagsPerCompaction)
}
