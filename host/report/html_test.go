package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/replay"
	"github.com/compactguard/compactguard/host/runtime"
	"github.com/compactguard/compactguard/host/session"
	"github.com/compactguard/compactguard/internal/plugintest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// moduleRoot is the repository root, relative to this package's directory.
const moduleRoot = "../.."

// xssMarker is script an agent's context might carry: if the page ever ran
// it, the document's title would read "pwned".
const xssMarker = `<script>document.title='pwned'</script>`

// replayed is one replay through the real guard, with the gap warning
// level of its config.
type replayed struct {
	result     *replay.Result
	gapWarning float64
}

// realPlugins builds the reference plugins once per test process and puts
// them on PATH, where the loader finds the examples' bare plugin commands.
func realPlugins(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and starts the real plugins")
	}
	dir := plugintest.Build(t, "./plugins/extractor-regex", "./plugins/scorer-embedding", "./plugins/policy-phase")
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// replayFile runs events through a fresh runtime opened on config, as
// `compactguard replay` does (imported transcripts follow refusals).
func replayFile(t *testing.T, config, file string, events []session.Event, imported bool) replayed {
	t.Helper()
	ctx := context.Background()
	quiet := hclog.New(&hclog.LoggerOptions{Name: "compactguard", Level: hclog.Error, Output: os.Stderr})
	// In memory, as replay runs without --persist: a test never writes
	// into the store a config names.
	rt, err := runtime.Open(ctx, config, runtime.Options{Logger: quiet, Store: ledger.NewMemory()})
	if err != nil {
		t.Fatalf("runtime.Open(%s): %v", config, err)
	}
	t.Cleanup(func() { rt.Close() })
	follow := func(*guard.Decision) {}
	if imported {
		follow = session.FollowRefusals(events)
	}
	id := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	res, err := replay.Run(ctx, rt.Guard, "replay", id, events, follow)
	if err != nil {
		t.Fatalf("replay %s: %v", file, err)
	}
	// The page names the file as a person would type it, from the root.
	res.File = strings.TrimPrefix(filepath.ToSlash(file), moduleRoot+"/")
	return replayed{res, rt.Config.Gate.GapWarning}
}

// replayExample replays examples/NAME/session.jsonl with its policies.hcl.
func replayExample(t *testing.T, name string) replayed {
	t.Helper()
	realPlugins(t)
	dir := filepath.Join(moduleRoot, "examples", name)
	return replayNative(t, filepath.Join(dir, "policies.hcl"), filepath.Join(dir, "session.jsonl"))
}

func replayNative(t *testing.T, config, file string) replayed {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	events, err := session.Parse(f, file)
	if err != nil {
		t.Fatal(err)
	}
	return replayFile(t, config, file, events, false)
}

// xssSession writes a session whose pinned span carries xssMarker inside
// a prohibition, and a compaction that drops it: the marker reaches the
// report as item text, repair block and scorer note.
func xssSession(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "xss.jsonl")
	lines := []string{
		`{"type":"span","id":"s1","kind":"user","text":"Important: do not run DROP TABLE on legacy_orders ` + xssMarker + ` until the January close."}`,
		`{"type":"span","id":"s2","kind":"assistant","text":"Understood, legacy_orders stays. ` + xssMarker + `"}`,
		`{"type":"compaction","covers":["s1","s2"],"summary":"Work continues on the copy job. ` + xssMarker + `","self_score":0.9}`,
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func render(t *testing.T, opts HTMLOptions, rs ...replayed) string {
	t.Helper()
	var results []*replay.Result
	for _, r := range rs {
		results = append(results, r.result)
		if opts.GapWarning == 0 {
			opts.GapWarning = r.gapWarning
		}
	}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, results, opts); err != nil {
		t.Fatalf("WriteHTML: %v", err)
	}
	return buf.String()
}

// chunkWith splits page at marker and returns the first piece after a
// marker that contains text, or "".
func chunkWith(page, marker, text string) string {
	for _, c := range strings.Split(page, marker)[1:] {
		if strings.Contains(c, text) {
			return c
		}
	}
	return ""
}

// TestWriteHTMLIncidents renders both recorded incidents, replayed through
// the real guard and plugins, and checks that the page shows what each
// incident is about.
func TestWriteHTMLIncidents(t *testing.T) {
	tests := []struct {
		example string
		// want are substrings of the page.
		want []string
		// rows: an element (split at marker) holding key must hold all of want.
		rows []struct {
			marker, key string
			want        []string
		}
	}{
		{
			example: "migration-drop-table",
			want: []string{
				`Compaction #3 was refused: it inverted the prohibition “Important: do not run DROP TABLE on legacy_orders.” (self 0.91, anchored {{anchored}}, gap {{gap}})`,
				`<article class="card refusal" id="session-1-d3">`,
				`<code class="reason">must_keep_item_missing</code>`,
				`anchored {{anchored}}`, `self 0.91`, `&#43;{{gap}}`, // html/template escapes + as &#43;
				`⚠ gap_rising gap_high`,
				`gap_rising: self-minus-anchored gap rose over the last 3 compactions`,
				`- [s88] Important: do not run DROP TABLE on legacy_orders.`,
				`<span class="n good">4</span> allowed`, `<span class="n bad">1</span> <span class="bad">refused</span>`,
				`<svg class="chart"`,
			},
			rows: []struct {
				marker, key string
				want        []string
			}{
				{"<tr class=\"fate-row-", "Important: do not run DROP TABLE on legacy_orders.", []string{
					`<span class="fate fate-inverted">inverted</span>`, `prohibition`, `must keep`, `span <code>s88</code>`,
					`<span class="missing">not found</span>`, `kept without its restriction`,
				}},
				{"<tr class=\"fate-row-", "Keep replication lag under 30 seconds on pg-orders-2;", []string{`fate-lost`, `30 seconds missing`}},
				{"<tr class=\"fate-row-kept", "Pin pgx v5.7.2", []string{`<q class="evid">pgx stays pinned at v5.7.2`}},
			},
		},
		{
			example: "synthesis-overflow",
			want: []string{
				`Policy edit #3 was rejected: &#34;synthesize&#34; could retain 61,114 tokens against a 48,000-token budget (13,114 over); explore@1 stayed active.`,
				`worst case 61,114 (+13,114 over)`, `budget 48,000`,
				`worst case 69,996 (+21,996 over)`,
				`budget_change_requires_authority`, `stale_phase_signal`,
				`<span class="n bad">5</span> <span class="bad">rejected</span>`,
				`held: not → synthesis`,
				`exploration → <b>synthesis</b>`,
			},
			rows: []struct {
				marker, key string
				want        []string
			}{
				{`<div class="edit `, `id="session-1-d3"`, []string{`edit-bad`, `REJECTED`, `structural edit`, `<code class="reason">over_budget</code>`, `class="bar-over"`, `worst case 61,114`}},
				{`<div class="edit `, `id="session-1-d10"`, []string{`edit-ok`, `bound_verified`, `worst case 61,196`, `budget 64,000`}},
				{`<tr id="session-1-d14"`, ``, []string{`row-held`, `signal_from_compaction_output`, `<b>synthesis 0.72</b>`}},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.example, func(t *testing.T) {
			r := replayExample(t, tc.example)
			page := render(t, HTMLOptions{}, r)
			fill := incidentFigures(t, r)
			for _, w := range tc.want {
				w = fill.Replace(w)
				if !strings.Contains(page, w) {
					t.Errorf("the page lacks %q", w)
				}
			}
			for _, r := range tc.rows {
				c := chunkWith(page, r.marker, r.key)
				if c == "" {
					t.Errorf("no %q element holds %q", r.marker, r.key)
					continue
				}
				if i := strings.Index(c, "</tr>"); i >= 0 && strings.HasPrefix(r.marker, "<tr") {
					c = c[:i]
				}
				for _, w := range r.want {
					if !strings.Contains(c, w) {
						t.Errorf("the %q element holding %q lacks %q:\n%s", r.marker, r.key, w, clip(c, 1500))
					}
				}
			}
			if strings.Contains(strings.ToLower(page), "<script") {
				t.Error("the page carries a <script> element; it must work without JavaScript")
			}
		})
	}
}

// incidentFigures fills {{anchored}} and {{gap}} in expected text with the
// scores of the migration incident's refused compaction (#3), as measured
// by the plugins of this tree, after checking they tell the incident: the
// anchored score under the gate, at least 0.2 below the self score
// (README: "gap ≥ 0.2; the incident's gap was 0.33").
func incidentFigures(t *testing.T, r replayed) *strings.Replacer {
	t.Helper()
	for _, d := range r.result.Decisions {
		if d.Seq != 3 || d.Type != guard.TypeCompaction || d.AnchoredScore == nil || d.Gap == nil {
			continue
		}
		if ok(d) || d.Threshold == nil || *d.AnchoredScore >= *d.Threshold || *d.Gap < 0.2 {
			t.Errorf("compaction #3: allowed %v, anchored %v, gap %v: not the incident", ok(d), *d.AnchoredScore, *d.Gap)
		}
		return strings.NewReplacer("{{anchored}}", f2(*d.AnchoredScore), "{{gap}}", f2(*d.Gap))
	}
	return strings.NewReplacer()
}

// TestWriteHTMLClaudeCode renders the real Claude Code session, imported
// as `replay --format claude-code` does.
func TestWriteHTMLClaudeCode(t *testing.T) {
	path := filepath.Join(moduleRoot, "..", "shared", "transcripts", "claude-code", "cipher-box-session.jsonl")
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("the Claude Code transcript is not here (%v)", err)
	}
	defer f.Close()
	realPlugins(t)
	events, _, err := session.ImportClaudeCode(f, path)
	if err != nil {
		t.Fatalf("importing %s: %v", path, err)
	}
	r := replayFile(t, filepath.Join(moduleRoot, "policies.hcl"), path, events, true)
	page := render(t, HTMLOptions{}, r)
	if len(r.result.Decisions) == 0 {
		t.Fatal("the transcript made no decision")
	}
	for _, d := range r.result.Decisions {
		if !strings.Contains(page, `<td class="num">`+itoa(d.Seq)+`</td>`) {
			t.Errorf("decision #%d is not in the timeline", d.Seq)
		}
		if d.Type == guard.TypeCompaction && !ok(d) && !strings.Contains(page, `id="session-1-d`+itoa(d.Seq)+`"`) {
			t.Errorf("refused compaction #%d has no section", d.Seq)
		}
	}
	if strings.Contains(strings.ToLower(page), "<script") {
		t.Error("a transcript's text reached the page as a <script> element")
	}
}

// TestWriteHTMLEscapesRealSession replays a session whose span and
// summary carry a script through the real guard: the item text, the
// repair block and the scorer's note reach the page as text.
func TestWriteHTMLEscapesRealSession(t *testing.T) {
	realPlugins(t)
	r := replayNative(t, filepath.Join(moduleRoot, "examples", "migration-drop-table", "policies.hcl"), xssSession(t))
	var raw int
	for _, d := range r.result.Decisions {
		for _, it := range d.Items {
			if strings.Contains(it.Text, xssMarker) {
				raw++
			}
		}
	}
	if raw == 0 {
		t.Fatal("precondition: no decision item carries the script; the test proves nothing")
	}
	page := render(t, HTMLOptions{}, r)
	if strings.Contains(strings.ToLower(page), "<script") {
		t.Errorf("raw <script> in the page:\n%s", clip(page[strings.Index(strings.ToLower(page), "<script"):], 300))
	}
	escaped := `&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;`
	if n := strings.Count(page, escaped); n < raw {
		t.Errorf("the escaped script shows %d times, want at least %d (once per item)", n, raw)
	}
}

// TestWriteHTMLEscapesEveryField puts markup in every string field a
// decision or a replay can carry: none reaches the page as markup.
func TestWriteHTMLEscapesEveryField(t *testing.T) {
	const evil = `<script>alert(1)</script><img src=x onerror=alert(2)>"'&`
	f, b := false, true
	score := func(v float64) *float64 { return &v }
	tokens := func(v int) *int { return &v }
	item := guard.DecisionItem{Category: "prohibition" + evil, Text: evil, Span: "s1" + evil, KeyTerms: []string{evil},
		MustKeep: true, Preserved: &f, Score: score(0.1), Fate: "lost" + evil, Note: evil,
		Source: evil, Origin: &guard.Origin{File: "/transcripts/" + evil, Line: 3}}
	kept := item
	kept.Preserved, kept.Fate, kept.Evidence = &b, "kept", evil
	seen := item
	seen.Preserved, seen.Fate = nil, ""
	tests := []struct {
		name string
		d    guard.Decision
	}{
		{"compaction", guard.Decision{Seq: 1, Type: guard.TypeCompaction, Allowed: &f, Reason: evil, Message: evil, Summary: evil,
			Covers: []string{evil}, ReferencePinned: &b, AnchoredScore: score(0.4), SelfScore: score(0.9), SelfScoreSource: evil,
			Gap: score(0.5), Threshold: score(0.8), Items: []guard.DecisionItem{item, kept, seen}, UnknownSpans: []string{evil},
			Repair: evil, Warnings: []string{evil, "gap_high: " + evil}}},
		{"allowed compaction", guard.Decision{Seq: 2, Type: guard.TypeCompaction, Allowed: &b, Reason: evil, Message: evil, Summary: evil,
			AnchoredScore: score(0.9), SelfScore: score(0.9), Gap: score(0), Warnings: []string{evil}}},
		{"policy edit", guard.Decision{Seq: 3, Type: guard.TypePolicyEdit, Accepted: &f, Reason: guard.ReasonOverBudget, Message: evil,
			EditKind: evil, ProposedPolicy: evil, WorstCaseTokens: tokens(70000), BudgetTokens: tokens(48000), ExcessTokens: tokens(22000),
			ActivePolicy: evil, Diagnostics: []string{evil}, Phase: evil}},
		{"phase signal", guard.Decision{Seq: 4, Type: guard.TypePhaseSignal, Accepted: &b, Reason: guard.ReasonSignalFromCompaction,
			Message: evil, Scores: map[string]float64{evil: 0.7, "other": 0.3}, Phase: "other" + evil, PhaseChanged: &f}},
		{"budget", guard.Decision{Seq: 5, Type: guard.TypeBudget, Accepted: &f, Reason: evil, Message: evil, Authority: evil}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := &replay.Result{File: evil, Session: evil, Decisions: []*guard.Decision{&tc.d},
				State: ledger.State{Policy: evil, Phase: evil, Budget: 10, LiveTokens: 20}}
			var buf bytes.Buffer
			if err := WriteHTML(&buf, []*replay.Result{res, res}, HTMLOptions{Title: evil, Source: evil}); err != nil {
				t.Fatal(err)
			}
			page := strings.ToLower(buf.String())
			for _, bad := range []string{"<script", "<img"} {
				if i := strings.Index(page, bad); i >= 0 {
					t.Errorf("%q reached the page unescaped: …%s…", bad, page[max(0, i-80):min(len(page), i+80)])
				}
			}
			if !strings.Contains(page, "&lt;script&gt;alert(1)&lt;/script&gt;") {
				t.Error("the escaped text is not on the page")
			}
		})
	}
}

// TestHTMLItemPlace pins where an item's row says it came from, on the
// replay report and on a live session's page (the dashboard's): a span
// imported from a transcript shows file:line (the base name of a long
// path, the full path and the span id on hover) and its source, never its
// id as text; one appended over the API shows its span id and its source.
func TestHTMLItemPlace(t *testing.T) {
	f, b := false, true
	tests := []struct {
		name string
		item guard.DecisionItem
		// want is in the item's row; absent is not.
		want, absent []string
	}{
		{
			name: "imported, long path",
			item: lostItem("Do NOT run the migration against the primary.", uuidSpan, "delegation", &guard.Origin{File: longFile, Line: 273}),
			want: []string{
				`<code class="origin" title="` + longFile + `:273 · span ` + uuidSpan + `">full.jsonl:273</code> · <span class="src">delegation</span>`,
			},
			absent: []string{`span <code>`, `>` + uuidSpan + `<`},
		},
		{
			name:   "imported, short path",
			item:   lostItem("Do NOT run the migration against the primary.", "u1#0", "human", &guard.Origin{File: "t/full.jsonl", Line: 12}),
			want:   []string{`title="t/full.jsonl:12 · span u1#0">t/full.jsonl:12</code> · <span class="src">human</span>`},
			absent: []string{`span <code>`},
		},
		{
			name:   "appended over the API",
			item:   lostItem("Do NOT run the migration against the primary.", "s88", "human", nil),
			want:   []string{`span <code>s88</code> · <span class="src">human</span>`},
			absent: []string{`class="origin"`},
		},
		{
			name:   "recorded before sources",
			item:   lostItem("Do NOT run the migration against the primary.", "s88", "", nil),
			want:   []string{`span <code>s88</code></div>`},
			absent: []string{`class="origin"`, `class="src"`},
		},
		{
			name: "kept, imported",
			item: guard.DecisionItem{Category: "entity", Text: "pg-orders-2", Span: uuidSpan, Preserved: &b, Fate: "kept",
				Evidence: "pg-orders-2", Source: "subagent_report", Origin: &guard.Origin{File: longFile, Line: 88}},
			want:   []string{`>full.jsonl:88</code> · <span class="src">subagent_report</span>`},
			absent: []string{`span <code>`},
		},
		{
			name: "unscored, imported",
			item: guard.DecisionItem{Category: "entity", Text: "pg-orders-2", Span: uuidSpan, Source: "project_rule",
				Origin: &guard.Origin{File: "CLAUDE.jsonl", Line: 3}},
			want:   []string{`>CLAUDE.jsonl:3</code> · <span class="src">project_rule</span>`},
			absent: []string{`span <code>`},
		},
	}
	for _, tc := range tests {
		d := refusedWith(tc.item)
		if tc.item.Preserved != nil && *tc.item.Preserved {
			// A refusal with only kept items: another item is lost.
			d.Items = append(d.Items, guard.DecisionItem{Category: "prohibition", Text: "x", Span: "sx", Preserved: &f, Fate: "lost"})
		}
		pages := map[string]func() string{
			"report": func() string {
				var buf bytes.Buffer
				res := &replay.Result{File: longFile, Session: "full", Decisions: []*guard.Decision{d}}
				if err := WriteHTML(&buf, []*replay.Result{res}, HTMLOptions{}); err != nil {
					t.Fatal(err)
				}
				return buf.String()
			},
			"session page": func() string {
				var buf bytes.Buffer
				if err := WriteSessionHTML(&buf, SessionView{ID: "full", Decisions: []*guard.Decision{d}}, SessionOptions{}); err != nil {
					t.Fatal(err)
				}
				return buf.String()
			},
		}
		for _, kind := range []string{"report", "session page"} {
			t.Run(tc.name+"/"+kind, func(t *testing.T) {
				page := pages[kind]()
				row := chunkWith(page, `<tr class="fate-row-`, tc.item.Text)
				if i := strings.Index(row, "</tr>"); i >= 0 {
					row = row[:i]
				}
				if row == "" {
					t.Fatalf("no item row holds %q", tc.item.Text)
				}
				for _, w := range tc.want {
					if !strings.Contains(row, w) {
						t.Errorf("the row lacks %q:\n%s", w, row)
					}
				}
				for _, a := range tc.absent {
					if strings.Contains(row, a) {
						t.Errorf("the row holds %q:\n%s", a, row)
					}
				}
			})
		}
	}
}

// TestFindings checks the headline each kind of session gets.
func TestFindings(t *testing.T) {
	f, b := false, true
	score := func(v float64) *float64 { return &v }
	tokens := func(v int) *int { return &v }
	lost := func(cat, text string, mustKeep bool) guard.DecisionItem {
		return guard.DecisionItem{Category: cat, Text: text, Span: "s1", MustKeep: mustKeep, Preserved: &f, Fate: "lost"}
	}
	refused := &guard.Decision{Seq: 3, Type: guard.TypeCompaction, Allowed: &f, Reason: guard.ReasonMustKeepItemMissing,
		SelfScore: score(0.91), AnchoredScore: score(0.587), Gap: score(0.323),
		Items: []guard.DecisionItem{
			lost("entity", "pg-orders-2 is the replica", true),
			lost("failed_attempt", "COPY FREEZE failed", false),
			lost("prohibition", "do not run DROP TABLE on legacy_orders", true),
			{Category: "numeric_commitment", Text: "5,000 rows", Preserved: &b, Fate: "kept", MustKeep: true},
		}}
	overBudget := &guard.Decision{Seq: 9, Type: guard.TypePolicyEdit, Accepted: &f, Reason: guard.ReasonOverBudget,
		ProposedPolicy: "synthesize", WorstCaseTokens: tokens(61114), BudgetTokens: tokens(48000), ActivePolicy: "explore@1"}
	unpinned := &guard.Decision{Seq: 1, Type: guard.TypeCompaction, Allowed: &f, Reason: guard.ReasonUnpinnedReference,
		SelfScore: score(0.92), Items: []guard.DecisionItem{{Category: "prohibition", Text: "x"}, {Category: "entity", Text: "y"}}}
	unknown := &guard.Decision{Seq: 2, Type: guard.TypeCompaction, Allowed: &f, Reason: guard.ReasonUnpinnedReference}
	allowed := &guard.Decision{Seq: 1, Type: guard.TypeCompaction, Allowed: &b, Reason: guard.ReasonAnchoredScorePassed}
	tests := []struct {
		name     string
		decs     []*guard.Decision
		severity string
		headline string
		rest     int
	}{
		{"no decisions", nil, "ok", "No decisions", 0},
		{"all allowed", []*guard.Decision{allowed, allowed}, "ok", "All 2 decisions were allowed or accepted.", 0},
		{"lost prohibition first, whatever the order", []*guard.Decision{allowed, refused}, "bad",
			"Compaction #3 was refused: it lost the prohibition “do not run DROP TABLE on legacy_orders” (self 0.91, anchored 0.59, gap 0.32), and 1 more must-keep item.", 0},
		{"a refused compaction outranks an edit before it", []*guard.Decision{overBudget, refused}, "bad", "Compaction #3 was refused", 1},
		{"over budget", []*guard.Decision{allowed, overBudget}, "bad",
			`Policy edit #9 was rejected: "synthesize" could retain 61,114 tokens against a 48,000-token budget (13,114 over); explore@1 stayed active.`, 0},
		{"unpinned", []*guard.Decision{unpinned, unknown}, "bad",
			"Compaction #1 was refused: its reference is not pinned, so 2 decision-relevant items could not be checked (self 0.92).", 1},
		{"unknown set", []*guard.Decision{unknown}, "bad", "its decision-relevant items are unknown", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			head, rest := findings(tc.decs, func(d *guard.Decision) string { return "d" + itoa(d.Seq) })
			if head.Severity != tc.severity || !strings.Contains(head.Text, tc.headline) {
				t.Errorf("headline = %s %q, want %s containing %q", head.Severity, head.Text, tc.severity, tc.headline)
			}
			if len(rest) != tc.rest {
				t.Errorf("%d findings under the headline, want %d: %v", len(rest), tc.rest, rest)
			}
		})
	}
}

// TestEditBars checks the bar geometry: the over-budget part starts at the
// budget mark and every bar of a session shares one scale.
func TestEditBars(t *testing.T) {
	f, b := false, true
	tokens := func(v int) *int { return &v }
	edits := []*guard.Decision{
		{Seq: 1, Type: guard.TypePolicyEdit, Accepted: &f, Reason: guard.ReasonOverBudget, WorstCaseTokens: tokens(80000), BudgetTokens: tokens(40000)},
		{Seq: 2, Type: guard.TypePolicyEdit, Accepted: &b, Reason: guard.ReasonBoundVerified, WorstCaseTokens: tokens(20000), BudgetTokens: tokens(40000)},
		{Seq: 3, Type: guard.TypePolicyEdit, Accepted: &f, Reason: guard.ReasonStalePhaseSignal},
	}
	views := buildEdits(edits, func(d *guard.Decision) string { return "d" + itoa(d.Seq) })
	tests := []struct {
		seq                         int
		bar                         bool
		over                        bool
		fill, budgetX, overX, overW float64
	}{
		{1, true, true, 500, 500, 500, 500},
		{2, true, false, 250, 500, 0, 0},
		{3, false, false, 0, 0, 0, 0},
	}
	for i, tc := range tests {
		v := views[i]
		if (v.Bar != nil) != tc.bar {
			t.Fatalf("edit #%d: bar = %v, want %v", tc.seq, v.Bar != nil, tc.bar)
		}
		if v.Bar == nil {
			continue
		}
		if v.Bar.Over != tc.over || v.Bar.FillW != tc.fill || v.Bar.BudgetX != tc.budgetX || v.Bar.OverX != tc.overX || v.Bar.OverW != tc.overW {
			t.Errorf("edit #%d: bar %+v, want over %v fill %v budget %v over %v+%v", tc.seq, *v.Bar, tc.over, tc.fill, tc.budgetX, tc.overX, tc.overW)
		}
	}
}

// TestThousands checks the number format of the page.
func TestThousands(t *testing.T) {
	for in, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 61114: "61,114", 1234567: "1,234,567", -48000: "-48,000"} {
		if got := thousands(in); got != want {
			t.Errorf("thousands(%d) = %q, want %q", in, got, want)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
