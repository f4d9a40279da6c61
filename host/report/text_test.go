package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/replay"
)

// uuidSpan is a span id as the Claude Code importer makes it.
const uuidSpan = "3fbda60d-5b1e-4c2a-9d7e-0a1b2c3d4e5f#0"

// longFile is a transcript path long enough to be shown by its base name.
const longFile = "/home/dev/.claude/projects/-home-dev-orders/full.jsonl"

// lostItem is a must-keep prohibition the candidate lost.
func lostItem(text, span, source string, origin *guard.Origin) guard.DecisionItem {
	f := false
	return guard.DecisionItem{Category: "prohibition", Text: text, Span: span, MustKeep: true,
		Preserved: &f, Fate: "lost", Source: source, Origin: origin}
}

func refusedWith(items ...guard.DecisionItem) *guard.Decision {
	f := false
	return &guard.Decision{Seq: 3, Type: guard.TypeCompaction, Allowed: &f, Reason: guard.ReasonMustKeepItemMissing, Items: items}
}

// TestWriteItemsPlace pins what an item line of the text report says about
// where the item came from: file:line and source for a span imported from
// a transcript (never its uuid), the span id (and source) for one appended
// over the API.
func TestWriteItemsPlace(t *testing.T) {
	const rule = "Do NOT run the migration against the primary."
	tests := []struct {
		name  string
		items []guard.DecisionItem
		// line is the item line, exactly.
		line string
		// absent must not be in the report.
		absent []string
	}{
		{
			name:   "imported, long path: base name, line and source",
			items:  []guard.DecisionItem{lostItem(rule, uuidSpan, "delegation", &guard.Origin{File: longFile, Line: 273})},
			line:   "      lost     prohibition  full.jsonl:273 (delegation)  " + rule + " (must keep)",
			absent: []string{"3fbda60d", "[", "/home/dev"},
		},
		{
			name:  "imported, short path kept as given",
			items: []guard.DecisionItem{lostItem(rule, uuidSpan, "human", &guard.Origin{File: "t/full.jsonl", Line: 12})},
			line:  "      lost     prohibition  t/full.jsonl:12 (human)  " + rule + " (must keep)",
		},
		{
			name:  "imported, Windows path: base name",
			items: []guard.DecisionItem{lostItem(rule, uuidSpan, "project_rule", &guard.Origin{File: `C:\Users\dev\transcripts\orders\full.jsonl`, Line: 9})},
			line:  "      lost     prohibition  full.jsonl:9 (project_rule)  " + rule + " (must keep)",
		},
		{
			name:  "origin without a file",
			items: []guard.DecisionItem{lostItem(rule, uuidSpan, "human", &guard.Origin{Line: 7})},
			line:  "      lost     prohibition  line 7 (human)  " + rule + " (must keep)",
		},
		{
			name:  "appended over the API: the span id and the source",
			items: []guard.DecisionItem{lostItem(rule, "s88", "human", nil)},
			line:  "      lost     prohibition  [s88] (human)  " + rule + " (must keep)",
		},
		{
			name:  "no origin, uuid span id: shortened",
			items: []guard.DecisionItem{lostItem(rule, uuidSpan, "agent", nil)},
			line:  "      lost     prohibition  [3fbda60d#0] (agent)  " + rule + " (must keep)",
		},
		{
			name:  "a decision recorded before sources: the span id alone",
			items: []guard.DecisionItem{lostItem(rule, "s88", "", nil)},
			line:  "      lost     prohibition  [s88]  " + rule + " (must keep)",
		},
		{
			name: "one rule on three lines of one file, from two sources",
			items: []guard.DecisionItem{
				lostItem(rule, "a#0", "human", &guard.Origin{File: longFile, Line: 273}),
				lostItem(rule, "b#0", "delegation", &guard.Origin{File: longFile, Line: 301}),
				lostItem(rule, "c#0", "human", &guard.Origin{File: longFile, Line: 455}),
			},
			line: "      lost     prohibition  full.jsonl:273,301,455 ×3 (human, delegation)  " + rule + " (must keep)",
		},
		{
			name: "one rule in two files",
			items: []guard.DecisionItem{
				lostItem(rule, "a#0", "human", &guard.Origin{File: "a.jsonl", Line: 4}),
				lostItem(rule, "b#0", "human", &guard.Origin{File: "b.jsonl", Line: 8}),
			},
			line: "      lost     prohibition  a.jsonl:4 b.jsonl:8 ×2 (human)  " + rule + " (must keep)",
		},
		{
			name: "one rule repeated over the API",
			items: []guard.DecisionItem{
				lostItem(rule, "s88", "human", nil),
				lostItem(rule, "s146", "human", nil),
			},
			line: "      lost     prohibition  [s88,s146] ×2 (human)  " + rule + " (must keep)",
		},
		{
			name: "more places than a line lists",
			items: []guard.DecisionItem{
				lostItem(rule, "a", "human", &guard.Origin{File: "f.jsonl", Line: 1}),
				lostItem(rule, "b", "human", &guard.Origin{File: "f.jsonl", Line: 2}),
				lostItem(rule, "c", "human", &guard.Origin{File: "f.jsonl", Line: 3}),
				lostItem(rule, "d", "human", &guard.Origin{File: "f.jsonl", Line: 4}),
				lostItem(rule, "e", "document", &guard.Origin{File: "f.jsonl", Line: 5}),
			},
			line: "      lost     prohibition  f.jsonl:1,2,3,4,… ×5 (human, document)  " + rule + " (must keep)",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			WriteDecision(&buf, refusedWith(tc.items...))
			out := buf.String()
			if !containsLine(out, tc.line) {
				t.Errorf("the report lacks the line\n%q\n, got:\n%s", tc.line, out)
			}
			for _, a := range tc.absent {
				if strings.Contains(out, a) {
					t.Errorf("the report shows %q:\n%s", a, out)
				}
			}
		})
	}
}

// TestWriteItemsShowEachScorersVerdict: with several scorers, an item
// refused by one shows every scorer's verdict, so a reader sees which one
// refused it.
func TestWriteItemsShowEachScorersVerdict(t *testing.T) {
	it := lostItem("The budget is 48000 tokens.", "s1", "human", nil)
	it.Fate, it.Note = "altered", "llm: host floor: 48000 missing"
	it.Verdicts = map[string]guard.ScorerVerdict{"llm": {Fate: "altered", Note: "host floor: 48000 missing"}, "embedding": {Fate: "lost"}}
	var buf bytes.Buffer
	WriteDecision(&buf, refusedWith(it))
	if want := "               verdicts: embedding lost, llm altered"; !containsLine(buf.String(), want) {
		t.Errorf("the report lacks the line\n%q\n, got:\n%s", want, buf.String())
	}
	buf.Reset()
	WriteDecision(&buf, refusedWith(lostItem("The budget is 48000 tokens.", "s1", "human", nil)))
	if strings.Contains(buf.String(), "verdicts:") {
		t.Errorf("one scorer: no verdicts line, got:\n%s", buf.String())
	}
}

// TestWriteReplayAlignsItems: in a replay's report, the item texts of one
// decision start in one column whatever their category and place, and an
// unscored candidate's items show their places too.
func TestWriteReplayAlignsItems(t *testing.T) {
	f := false
	d := refusedWith(
		lostItem("Do NOT run DROP TABLE on legacy_orders.", uuidSpan, "delegation", &guard.Origin{File: longFile, Line: 273}),
		guard.DecisionItem{Category: "numeric_commitment", Text: "Keep the batch size at 500 rows.", Span: "s5",
			Preserved: &f, Fate: "altered", Source: "human", Note: "500 became 5000"},
	)
	unpinned := &guard.Decision{Seq: 4, Type: guard.TypeCompaction, Allowed: &f, Reason: guard.ReasonUnpinnedReference,
		Items: []guard.DecisionItem{{Category: "entity", Text: "pg-orders-2", Span: uuidSpan, Source: "subagent_report",
			Origin: &guard.Origin{File: longFile, Line: 88}}}}
	r := &replay.Result{File: longFile, Session: "full", Spans: 10, Tokens: 100,
		Decisions: []*guard.Decision{d, unpinned}, State: ledger.State{Budget: 1000, LiveTokens: 100}}
	var buf bytes.Buffer
	WriteReplay(&buf, r)
	out := buf.String()
	for _, want := range []string{
		"      lost     prohibition         full.jsonl:273 (delegation)  Do NOT run DROP TABLE on legacy_orders. (must keep)",
		"      altered  numeric_commitment  [s5] (human)                 Keep the batch size at 500 rows.",
		"               note: 500 became 5000",
		"      seen     entity  full.jsonl:88 (subagent_report)  pg-orders-2",
	} {
		if !containsLine(out, want) {
			t.Errorf("the report lacks the line\n%q\n, got:\n%s", want, out)
		}
	}
	// The header names the full path the short places stand for; the
	// session is the file's own name, so it is not said twice.
	if !strings.HasPrefix(out, "== "+longFile+": 10 spans") {
		t.Errorf("header: %s", strings.SplitN(out, "\n", 2)[0])
	}
	if strings.Contains(out, "3fbda60d") {
		t.Errorf("an imported item is shown by its span id:\n%s", out)
	}
}

func containsLine(out, line string) bool {
	for _, l := range strings.Split(out, "\n") {
		if l == line {
			return true
		}
	}
	return false
}

// TestReplayHeaderNamesTheSessionOnlyWhenItDiffers: a session named after
// its file is not named again ("session.jsonl (session session)"); one
// the replay had to rename (a second file of the same name) is.
func TestReplayHeaderNamesTheSessionOnlyWhenItDiffers(t *testing.T) {
	cases := []struct{ file, session, want string }{
		{"examples/x/session.jsonl", "session", "examples/x/session.jsonl"},
		{"a/session.jsonl", "session-2", `a/session.jsonl (session "session-2")`},
		{"run.json", "", "run.json"},
	}
	for _, tc := range cases {
		if got := replayHeader(&replay.Result{File: tc.file, Session: tc.session}); got != tc.want {
			t.Errorf("replayHeader(%q, %q) = %q, want %q", tc.file, tc.session, got, tc.want)
		}
	}
}

// TestWriteReplayBrief: the brief report gives an allowed decision one
// line with its scores, a bound check one line with its bound, and a
// refusal its message, at most briefItems items each with its note on the
// same line, the length of the repair block and its warnings.
func TestWriteReplayBrief(t *testing.T) {
	tr, f := true, false
	a, s, g := 1.0, 0.9, -0.1
	worst, budget, excess := 61000, 48000, 13000
	allowed := &guard.Decision{Seq: 1, Type: guard.TypeCompaction, Allowed: &tr, Reason: guard.ReasonAnchoredScorePassed,
		AnchoredScore: &a, SelfScore: &s, Gap: &g, Message: "anchored score 1.00 against 3 items"}
	var items []guard.DecisionItem
	for _, text := range []string{"Do not run DROP TABLE.", "Never touch the replica.", "Keep lag under 30 s.", "Window 01:00-04:00."} {
		it := lostItem(text, "s1", "human", nil)
		it.Note = "no clause of the candidate states it"
		items = append(items, it)
	}
	refused := refusedWith(items...)
	refused.Message = "4 must-keep items not preserved"
	refused.Repair = "Constraints:\n- one\n- two\n"
	refused.Warnings = []string{"gap_high: self 0.91 vs anchored 0.45"}
	edit := &guard.Decision{Seq: 4, Type: guard.TypePolicyEdit, Accepted: &f, Reason: "over_budget", ProposedPolicy: "synthesize",
		WorstCaseTokens: &worst, BudgetTokens: &budget, ExcessTokens: &excess, Message: "structural edit rejected, not clipped"}
	r := &replay.Result{File: "s.jsonl", Session: "s", Decisions: []*guard.Decision{allowed, refused, edit}, State: ledger.State{Budget: 1000}}
	var buf bytes.Buffer
	WriteReplayBrief(&buf, r)
	out := buf.String()
	for _, want := range []string{
		"#1    compaction   ALLOWED  anchored_score_passed          anchored 1.00   self 0.90   gap -0.10",
		"#3    compaction   REFUSED  must_keep_item_missing",
		"      4 must-keep items not preserved",
		"      lost     prohibition  [s1] (human)  Do not run DROP TABLE. (must keep): no clause of the candidate states it",
		"      … and 1 more item (--json lists them all)",
		"      repair: 3 lines restoring what was lost, verbatim (--json has the block)",
		"      WARNING gap_high: self 0.91 vs anchored 0.45",
		`#4    policy_edit  REJECTED over_budget                    "synthesize": worst case 61000 tokens vs budget 48000 (excess 13000)`,
	} {
		if !containsLine(out, want) {
			t.Errorf("the brief report lacks the line\n%q\ngot:\n%s", want, out)
		}
	}
	if strings.Contains(out, "anchored score 1.00 against") || strings.Contains(out, "not clipped") {
		t.Errorf("the brief report repeats a message the line already says:\n%s", out)
	}
	if n := strings.Count(out, "\n"); n != 13 {
		t.Errorf("%d lines, want 13:\n%s", n, out)
	}
}
