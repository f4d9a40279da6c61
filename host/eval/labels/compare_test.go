package labels

import (
	"strings"
	"testing"
)

// transcript is a small Claude Code file: records u1 (line 1), a1 (2),
// u2 (3), a boundary (4), summary s1 (5), u3 (6), a boundary (7),
// summary s2 (8), a repeat of s2 (9) and a sidechain summary (10).
const transcript = `{"type":"user","uuid":"u1","message":{"role":"user","content":"Do not touch the prod database. Keep the retry limit at 3."}}
{"type":"assistant","uuid":"a1","message":{"role":"assistant","content":"ok"}}
{"type":"user","uuid":"u2","message":{"role":"user","content":"Work on branch feature/tree-view only."}}
{"type":"system","uuid":"b1","subtype":"compact_boundary"}
{"type":"user","uuid":"s1","isCompactSummary":true,"message":{"role":"user","content":"summary one"}}
{"type":"user","uuid":"u3","message":{"role":"user","content":"Never push to main."}}
{"type":"system","uuid":"b2","subtype":"compact_boundary"}
{"type":"user","uuid":"s2","isCompactSummary":true,"message":{"role":"user","content":"summary two"}}
{"type":"user","uuid":"s2","isCompactSummary":true,"message":{"role":"user","content":"summary two, written again"}}
{"type":"user","uuid":"x1","isSidechain":true,"isCompactSummary":true,"message":{"role":"user","content":"a subagent's summary"}}
`

func decisions(t *testing.T, lines ...string) []Decision {
	t.Helper()
	var ds []Decision
	for _, l := range lines {
		d, err := ParseDecision([]byte(l))
		if err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		ds = append(ds, d)
	}
	return ds
}

func lost(line int, category, key string) Item {
	return Item{Line: line, Category: category, Key: key, Verdict: "dropped"}
}

// refused is a refused compaction decision holding items (JSON, joined).
func refused(summaryID string, items ...string) string {
	return `{"type":"compaction","allowed":false,"reason":"must_keep_item_missing","summary_id":"` + summaryID + `","items":[` + strings.Join(items, ",") + `]}`
}

// flag is a lost must-keep item; origin is "" or a JSON origin object.
func flag(text, span, origin string) string {
	s := `{"category":"prohibition","text":"` + text + `","span":"` + span + `","must_keep":true,"preserved":false,"source":"human"`
	if origin != "" {
		s += `,"origin":` + origin
	}
	return s + `}`
}

func TestCompare(t *testing.T) {
	ix := NewIndex([]byte(transcript))
	first := func(items ...Item) Compaction {
		return Compaction{Path: "raw/o+r/ab/cdef/0/full.jsonl", SummaryLine: 5, Overall: "refuse", Items: items}
	}
	tests := []struct {
		name      string
		c         Compaction
		decisions []string
		got       string // "" when no decision is expected
		found     int
		losses    int
		// unlabelled are the texts of the flags not in the labels.
		unlabelled []string
	}{
		{
			name:      "matches by origin line",
			c:         first(lost(1, "prohibition", "do not touch the prod database")),
			decisions: []string{refused("s1#0", flag("unrelated wording", "zz#0", `{"file":"f.jsonl","line":1}`))},
			got:       "refuse", found: 1, losses: 1,
		},
		{
			name:      "matches by the line of the span's record when there is no origin",
			c:         first(lost(3, "entity", "branch feature/tree-view")),
			decisions: []string{refused("s1#0", flag("unrelated wording", "u2#0", ""))},
			got:       "refuse", found: 1, losses: 1,
		},
		{
			name:      "origin line wins over the span's record",
			c:         first(lost(3, "entity", "branch feature/tree-view")),
			decisions: []string{refused("s1#0", flag("unrelated wording", "u2#0", `{"file":"f.jsonl","line":2}`))},
			got:       "refuse", found: 0, losses: 1, unlabelled: []string{"unrelated wording"},
		},
		{
			name:      "an origin line that is not an integer falls back to the span",
			c:         first(lost(3, "entity", "branch feature/tree-view")),
			decisions: []string{refused("s1#0", flag("unrelated wording", "u2#0", `{"file":"f.jsonl","line":2.0}`))},
			got:       "refuse", found: 1, losses: 1,
		},
		{
			name:      "matches by key in the item's text, case-insensitively",
			c:         first(lost(40, "prohibition", "Do Not Touch the PROD database")),
			decisions: []string{refused("s1#0", flag("Rule: do not touch the prod database, ever", "u9#0", ""))},
			got:       "refuse", found: 1, losses: 1,
		},
		{
			name:      "matches by key on its first 60 characters",
			c:         first(lost(40, "prohibition", strings.Repeat("a", 60)+" and then some more words")),
			decisions: []string{refused("s1#0", flag("x "+strings.Repeat("A", 60)+" y", "u9#0", ""))},
			got:       "refuse", found: 1, losses: 1,
		},
		{
			name:      "matches by the item's text in the key",
			c:         first(lost(40, "prohibition", "user said: keep the retry limit at 3, always")),
			decisions: []string{refused("s1#0", flag("Keep the retry limit at 3", "u9#0", ""))},
			got:       "refuse", found: 1, losses: 1,
		},
		{
			name:      "a text under 12 characters is not looked for in the key",
			c:         first(lost(40, "prohibition", "user said: keep the retry limit at 3, always")),
			decisions: []string{refused("s1#0", flag("retry limit", "u9#0", ""))},
			got:       "refuse", found: 0, losses: 1, unlabelled: []string{"retry limit"},
		},
		{
			name: "one item per label",
			c: first(lost(40, "prohibition", "do not touch the prod database"),
				lost(41, "prohibition", "do not touch the prod")),
			decisions: []string{refused("s1#0", flag("do not touch the prod database", "u9#0", ""))},
			got:       "refuse", found: 1, losses: 2,
		},
		{
			name: "each label takes the first unused item",
			c: first(lost(40, "prohibition", "do not touch the prod database"),
				lost(41, "prohibition", "do not touch the prod")),
			decisions: []string{refused("s1#0",
				flag("do not touch the prod database", "u9#0", ""),
				flag("do not touch the prod replica", "u9#1", ""))},
			got: "refuse", found: 2, losses: 2,
		},
		{
			name: "only dropped, altered or weakened must-keep labels are losses",
			c: first(Item{Line: 1, Category: "prohibition", Key: "do not touch", Verdict: "kept_verbatim"},
				Item{Line: 3, Category: "failed_attempt", Key: "branch", Verdict: "dropped"},
				Item{Line: 6, Category: "prohibition", Key: "never push to main", Verdict: "weakened"}),
			decisions: []string{refused("s1#0", flag("Never push to main.", "u3#0", ""))},
			got:       "refuse", found: 1, losses: 1,
		},
		{
			name: "unlabelled flags",
			c:    first(Item{Line: 1, Category: "prohibition", Key: "do not touch", Verdict: "kept_paraphrased"}),
			decisions: []string{refused("s1#0",
				flag("on a labelled line, not a loss", "u1#0", ""),
				flag("on an unlabelled line", "u2#0", ""),
				flag("from no known line", "nowhere#0", ""))},
			got: "refuse", found: 0, losses: 0,
			unlabelled: []string{"on an unlabelled line", "from no known line"},
		},
		{
			name: "preserved and not must-keep items are not flags",
			c:    first(lost(40, "prohibition", "do not touch the prod database")),
			decisions: []string{refused("s1#0",
				`{"category":"prohibition","text":"do not touch the prod database","span":"u1#0","must_keep":true,"preserved":true}`,
				`{"category":"prohibition","text":"do not touch the prod database","span":"u1#0","must_keep":false,"preserved":false}`,
				`{"category":"prohibition","text":"do not touch the prod database","span":"u1#0","must_keep":true}`)},
			got: "refuse", found: 0, losses: 1,
		},
		{
			name: "summary_id match",
			c:    first(lost(40, "prohibition", "do not touch the prod database")),
			// The first compaction's decision comes second: the id finds it.
			decisions: []string{
				`{"type":"compaction","allowed":true,"reason":"anchored_score_passed","summary_id":"s2#0"}`,
				refused("s1#0", flag("do not touch the prod database", "u1#0", "")),
			},
			got: "refuse", found: 1, losses: 1,
		},
		{
			name: "positional fallback",
			c:    Compaction{Path: "p", SummaryLine: 8, Overall: "allow"},
			decisions: []string{
				refused(""),
				`{"type":"phase_signal","accepted":true,"reason":"frozen"}`,
				`{"type":"compaction","allowed":true,"reason":"anchored_score_passed"}`,
			},
			got: "allow",
		},
		{
			name:      "no decision at that position",
			c:         Compaction{Path: "p", SummaryLine: 8, Overall: "allow", Items: []Item{lost(1, "entity", "prod")}},
			decisions: []string{refused("")},
			losses:    1,
		},
		{
			name:      "a line that holds no summary has no decision",
			c:         Compaction{Path: "p", SummaryLine: 9, Overall: "allow"},
			decisions: []string{refused(""), refused("")},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Compare(tt.c, ix, decisions(t, tt.decisions...))
			if r.Got != tt.got || r.Found != tt.found || r.Losses != tt.losses {
				t.Errorf("got %q, found %d/%d; want %q, %d/%d (error %q)", r.Got, r.Found, r.Losses, tt.got, tt.found, tt.losses, r.Error)
			}
			if (tt.got == "") != (r.Error != "") {
				t.Errorf("error %q with got %q", r.Error, r.Got)
			}
			if r.Correct != (tt.got == tt.c.Overall) {
				t.Errorf("correct = %v with label %s, got %q", r.Correct, tt.c.Overall, r.Got)
			}
			var texts []string
			for _, f := range r.Unlabelled {
				texts = append(texts, f.Text)
			}
			if strings.Join(texts, "|") != strings.Join(tt.unlabelled, "|") {
				t.Errorf("flags not in labels %q, want %q", texts, tt.unlabelled)
			}
			if len(r.Missed) != r.Losses-r.Found {
				t.Errorf("%d missed, want %d", len(r.Missed), r.Losses-r.Found)
			}
		})
	}
}

func TestFlagsSayWhereTheyCameFrom(t *testing.T) {
	ix := NewIndex([]byte(transcript))
	c := Compaction{Path: "raw/o+r/ab/cdef/0/full.jsonl", SummaryLine: 5, Overall: "allow"}
	r := Compare(c, ix, decisions(t, refused("s1#0",
		flag("Work on branch feature/tree-view only.", "u2#0", ""),
		flag("From the importer", "u2#1", `{"file":"other.jsonl","line":77}`))))
	want := []Flag{
		{File: c.Path, Line: 3, Span: "u2#0", Source: "human", Category: "prohibition", Text: "Work on branch feature/tree-view only."},
		{File: "other.jsonl", Line: 77, Span: "u2#1", Source: "human", Category: "prohibition", Text: "From the importer"},
	}
	if len(r.Unlabelled) != len(want) {
		t.Fatalf("flags %+v", r.Unlabelled)
	}
	for i := range want {
		if r.Unlabelled[i] != want[i] {
			t.Errorf("flag %d = %+v, want %+v", i, r.Unlabelled[i], want[i])
		}
	}
	report := r.String()
	for _, s := range []string{
		"ab/cdef L5: label allow, got refuse (must_keep_item_missing); labelled losses found 0/0; flags not in labels 2\n",
		"    not in labels: raw/o+r/ab/cdef/0/full.jsonl:3 human prohibition: Work on branch feature/tree-view only.\n",
		"    not in labels: other.jsonl:77 human prohibition: From the importer\n",
	} {
		if !strings.Contains(report, s) {
			t.Errorf("report lacks %q:\n%s", s, report)
		}
	}
}

func TestSummarise(t *testing.T) {
	tests := []struct {
		name    string
		results []Result
		want    Totals
		line    string
	}{
		{"nothing lost is full recall", []Result{{Correct: true}}, Totals{Compactions: 1, VerdictsRight: 1, Recall: 1},
			"real sessions: 1 compactions, verdicts right 1/1; labelled losses found 0/0 (1.00); flags not in labels 0.0 per compaction\n"},
		{"unjudged compactions count", []Result{
			{Correct: true, Losses: 3, Found: 2, Unlabelled: []Flag{{}, {}, {}}},
			Unjudged(Compaction{Items: []Item{lost(1, "entity", "x")}}, "replay failed"),
			{Losses: 2, Found: 0, Unlabelled: []Flag{{}}},
		}, Totals{Compactions: 3, VerdictsRight: 1, Losses: 6, Found: 2, Recall: 2.0 / 6, Flags: 4, FlagsPerCompaction: 4.0 / 3},
			"real sessions: 3 compactions, verdicts right 1/3; labelled losses found 2/6 (0.33); flags not in labels 1.3 per compaction\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Summarise(tt.results)
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			if got.String() != tt.line {
				t.Errorf("line %q, want %q", got.String(), tt.line)
			}
		})
	}
}

func TestLowerIsPythons(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Do NOT Run", "do not run"},
		{"İstanbul", "i\u0307stanbul"},
		{"ΟΔΟΣ", "οδος"},
		{"ΟΔΟΣ.", "οδος."},
		{"ΣΑ", "σα"},
		{"Σ", "σ"},
		{"ΑΣ'Α", "ασ'α"},
	}
	for _, tt := range tests {
		if got := lower(tt.in); got != tt.want {
			t.Errorf("lower(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestShortName(t *testing.T) {
	for in, want := range map[string]string{
		"/x/raw/entireio+cli/d0/161e0df1cb/0/full.jsonl": "d0/161e0df1cb",
		"a/b/c":       "a/b/c",
		"a/b/c/d.txt": "a/b",
	} {
		if got := shortName(in); got != want {
			t.Errorf("shortName(%q) = %q, want %q", in, got, want)
		}
	}
}
