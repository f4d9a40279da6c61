package report

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/replay"
)

// HTMLOptions adjust WriteHTML. The zero value is a complete report.
type HTMLOptions struct {
	// Title heads the page; empty means "compactguard decision report".
	Title string
	// Source says what was replayed (a command line, a config path); it is
	// shown under the title as plain text.
	Source string
	// GapWarning is the gate's gap warning level (config gate.gap_warning),
	// drawn as a line in the gap chart. Zero means: read it from the
	// decisions' gap_high warnings, or draw no line.
	GapWarning float64
}

//go:embed templates/*.html.tmpl
var templateFS embed.FS

// reportTemplate is parsed once from the embedded files; it is never
// modified after, so sharing it between goroutines is safe.
var reportTemplate = template.Must(template.New("report.html.tmpl").Funcs(template.FuncMap{
	"inc": func(i int) int { return i + 1 },
}).ParseFS(templateFS, "templates/*.html.tmpl"))

// WriteHTML writes one self-contained HTML page reporting the decisions
// of the given replays: a summary a person reads in ten seconds, then per
// session the compaction score chart, the refused compactions with each
// item's fate and evidence, the policy edits against the budget, the phase
// timeline and every decision in order. The page needs no network and no
// JavaScript: CSS and SVG are inline. Every string that came from an agent's
// context is escaped by html/template; none is ever trusted as markup.
func WriteHTML(w io.Writer, results []*replay.Result, opts HTMLOptions) error {
	page := pageView{Title: opts.Title, Source: opts.Source}
	if page.Title == "" {
		page.Title = "compactguard decision report"
	}
	for i, r := range results {
		if r == nil {
			continue
		}
		page.Sessions = append(page.Sessions, buildSession(fmt.Sprintf("session-%d", i+1), r, opts))
	}
	return reportTemplate.Execute(w, page)
}

// pageView is what the template renders.
type pageView struct {
	Title, Source string
	Sessions      []*sessionView
}

// sessionView is one replay, reduced to what the page shows.
type sessionView struct {
	Anchor        string
	File, Session string
	Spans, Tokens string
	Final         finalView
	Headline      finding
	Findings      []finding
	MoreFindings  int
	Counts        []countView
	Chart         *chartView
	// Compactions lists the compactions that were refused, in order.
	Compactions []*compactionView
	// CompactionTotal counts every compaction, allowed or not.
	CompactionTotal int
	Edits           []*editView
	Phases          *phaseView
	Timeline        []rowView
}

// finalView is the session state after the replay.
type finalView struct {
	LiveTokens, Budget, Policy, Phase string
	PhaseChanges                      int
	Over                              string
}

// finding is one sentence worth reading, with a severity ("bad", "warn",
// "ok") that picks its colour, and the anchor of its details.
type finding struct {
	Severity, Text, Link string
}

// countView is one line of the summary counts: good and bad outcomes of
// one decision type.
type countView struct {
	Label             string
	Good, Bad         int
	GoodWord, BadWord string
	Extra             string
	HasBad            bool
}

// rowView is one decision in the timeline.
type rowView struct {
	Seq                   int64
	Type, Verdict, Reason string
	OK                    bool
	Message               string
	Link                  string
	Warnings              []string
}

// compactionView is one refused compaction in detail.
type compactionView struct {
	Anchor, Summary, Reason, Message string
	Seq                              int64
	Pinned                           bool
	Covers                           int
	Self, Anchored, Gap, Threshold   string
	SelfSource                       string
	Warnings                         []warningView
	Problems, Unscored, Kept         []itemView
	Repair                           string
	UnknownSpans                     string
}

// warningView is one trend warning: its code and full text.
type warningView struct{ Code, Text string }

// itemView is one decision-relevant item and its fate.
type itemView struct {
	Fate, Category, Span, Original, Evidence, Note, Score, KeyTerms string
	MustKeep                                                        bool
	// Origin is where the span came from, "file:line" (the file's base
	// name when its path is long), when it was imported from a file; the
	// page shows it instead of the span id. OriginFull is the full path
	// and line, shown with the span id on hover. Source says who put the
	// span there (human, delegation, ...), with or without an origin.
	Origin, OriginFull, Source string
}

// editView is one policy edit; Bar is set when the host derived a worst
// case to hold against the budget.
type editView struct {
	Anchor                                       string
	Seq                                          int64
	OK                                           bool
	Verdict, Reason, Message, EditKind, Proposed string
	Active, Phase                                string
	Signal                                       int
	Bar                                          *barView
	Diagnostics                                  []string
}

// barView is the worst case of an edit against its budget, in SVG units
// of a 1000-wide bar.
type barView struct {
	Worst, Budget, Excess string
	Over                  bool
	FillW, OverX, OverW   float64
	BudgetX               float64
	BudgetLabelX          float64
	WorstLabelX           float64
	WorstAnchor           string
}

// phaseView is the phase timeline.
type phaseView struct {
	Signals []signalView
	Legend  []phaseColor
	Band    bandView
}

// phaseColor ties a phase name to its colour.
type phaseColor struct{ Name, Color string }

// signalView is one phase signal.
type signalView struct {
	Anchor             string
	Seq                int64
	Signal             int
	Version            int64
	Phase, Prev, Color string
	Changed, Held      bool
	WouldBe            string
	Reason, Message    string
	Scores             []scoreView
}

// scoreView is one phase's score in a signal, as a bar segment.
type scoreView struct {
	Name, Value, Color string
	X, Width           float64
	Top                bool
}

// bandView is the SVG strip of phases across the signals.
type bandView struct {
	W     int
	Cells []bandCell
}

// bandCell is one signal's column in the phase strip.
type bandCell struct {
	X, W, CX            float64
	Color, Phase, Label string
	Changed, Held       bool
	WouldBe             string
}

// chartView is the SVG chart of compaction scores: self and anchored on
// top, the gap below. Coordinates are precomputed here so the template
// only places elements.
type chartView struct {
	W, H                   int
	PlotL, PlotR           float64
	Grid                   []hLine
	Threshold              *hLine
	GapZero                float64
	GapWarn                *hLine
	GapTop, GapBottom      float64
	ScoreTop, ScoreBottom  float64
	SelfLine, AnchoredLine string
	// GapLine joins the gaps, so a widening gap reads as a rising line.
	GapLine string
	Points  []chartPoint
}

// hLine is a horizontal rule with a label.
type hLine struct {
	Y     float64
	Label string
}

// chartPoint is one compaction's column in the chart.
type chartPoint struct {
	Link                   string
	X, ColX, ColW          float64
	Seq                    int64
	Label, Verdict         string
	Refused, Scored        bool
	SelfY, AnchY           float64
	SelfLabelY, AnchLabelY float64
	Self, Anch             string
	GapUp                  bool
	GapY, GapH, GapLabelY  float64
	Gap                    string
	Warnings               []string
	WarnY                  float64
	Note                   string
}

func buildSession(anchor string, r *replay.Result, opts HTMLOptions) *sessionView {
	s := &sessionView{
		Anchor: anchor, File: r.File, Session: r.Session,
		Spans: thousands(r.Spans), Tokens: thousands(r.Tokens),
		Final: finalView{
			LiveTokens: thousands(r.State.LiveTokens), Budget: thousands(r.State.Budget),
			Phase: r.State.Phase, PhaseChanges: r.State.PhaseChanges,
		},
	}
	if r.State.Policy != "" {
		s.Final.Policy = fmt.Sprintf("%s@%d", r.State.Policy, r.State.PolicyVersion)
	}
	if over := r.State.LiveTokens - r.State.Budget; over > 0 && r.State.Budget > 0 {
		s.Final.Over = thousands(over)
	}
	link := func(d *guard.Decision) string { return fmt.Sprintf("%s-d%d", anchor, d.Seq) }

	var comps, edits, budgets, signals []*guard.Decision
	for _, d := range r.Decisions {
		switch d.Type {
		case guard.TypeCompaction:
			comps = append(comps, d)
		case guard.TypePolicyEdit:
			edits = append(edits, d)
		case guard.TypeBudget:
			budgets = append(budgets, d)
		case guard.TypePhaseSignal:
			signals = append(signals, d)
		}
		row := rowView{Seq: d.Seq, Type: d.Type, Verdict: Verdict(d), OK: ok(d), Reason: d.Reason, Message: d.Message}
		for _, w := range d.Warnings {
			row.Warnings = append(row.Warnings, warningCode(w))
		}
		if hasDetail(d) {
			row.Link = link(d)
		}
		s.Timeline = append(s.Timeline, row)
	}
	s.CompactionTotal = len(comps)
	s.Counts = counts(comps, edits, budgets, signals)
	s.Headline, s.Findings = findings(r.Decisions, link)
	if len(s.Findings) > maxFindings {
		s.MoreFindings = len(s.Findings) - maxFindings
		s.Findings = s.Findings[:maxFindings]
	}
	gapWarn := opts.GapWarning
	if gapWarn == 0 {
		gapWarn = gapWarningFrom(comps)
	}
	s.Chart = buildChart(comps, gapWarn, link)
	for _, d := range comps {
		if d.Allowed != nil && !*d.Allowed {
			s.Compactions = append(s.Compactions, buildCompaction(d, link(d)))
		}
	}
	s.Edits = buildEdits(edits, link)
	s.Phases = buildPhases(signals, link)
	return s
}

// maxFindings bounds the summary's list; the timeline has the rest.
const maxFindings = 6

// hasDetail says whether a decision has its own section to link to.
func hasDetail(d *guard.Decision) bool {
	switch d.Type {
	case guard.TypeCompaction:
		return d.Allowed != nil && !*d.Allowed
	case guard.TypePolicyEdit, guard.TypePhaseSignal:
		return true
	}
	return false
}

func ok(d *guard.Decision) bool {
	if d.Allowed != nil {
		return *d.Allowed
	}
	return d.Accepted != nil && *d.Accepted
}

func counts(comps, edits, budgets, signals []*guard.Decision) []countView {
	tally := func(ds []*guard.Decision) (good, bad int) {
		for _, d := range ds {
			if ok(d) {
				good++
			} else {
				bad++
			}
		}
		return good, bad
	}
	var out []countView
	g, b := tally(comps)
	out = append(out, countView{Label: "Compactions", Good: g, Bad: b, GoodWord: "allowed", BadWord: "refused", HasBad: b > 0})
	g, b = tally(edits)
	out = append(out, countView{Label: "Policy edits", Good: g, Bad: b, GoodWord: "accepted", BadWord: "rejected", HasBad: b > 0})
	g, b = tally(budgets)
	out = append(out, countView{Label: "Budget changes", Good: g, Bad: b, GoodWord: "made", BadWord: "refused", HasBad: b > 0})
	changes, held := 0, 0
	for _, d := range signals {
		if d.PhaseChanged != nil && *d.PhaseChanged {
			changes++
		}
		if d.Reason == guard.ReasonSignalFromCompaction {
			held++
		}
	}
	out = append(out, countView{Label: "Phase changes", Good: changes, Bad: held, GoodWord: "changed", BadWord: "flip held",
		HasBad: held > 0, Extra: fmt.Sprintf("%d signals", len(signals))})
	return out
}

// Category and fate ranks: the lower, the more a reader must see it.
func categoryRank(c string) int {
	switch c {
	case "prohibition":
		return 0
	case "numeric_commitment":
		return 1
	case "entity":
		return 2
	case "failed_attempt":
		return 3
	}
	return 4
}

func fateRank(f string) int {
	switch f {
	case "inverted": // the summary now says to do what was forbidden
		return 0
	case "lost":
		return 1
	case "altered":
		return 2
	case "kept":
		return 4
	}
	return 3
}

// itemFate is the fate of an item as the page names it: "unscored" when
// the candidate was not scored.
func itemFate(it guard.DecisionItem) string {
	switch {
	case it.Preserved == nil:
		return "unscored"
	case it.Fate != "":
		return it.Fate
	case *it.Preserved:
		return "kept"
	}
	return "lost"
}

// worstItems returns the items that were not preserved, the ones a reader
// must see first: must-keep, then by category, then by fate, then in the
// order the guard gave them.
func worstItems(items []guard.DecisionItem) []guard.DecisionItem {
	var out []guard.DecisionItem
	for _, it := range items {
		if it.Preserved != nil && !*it.Preserved {
			out = append(out, it)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.MustKeep != b.MustKeep {
			return a.MustKeep
		}
		if ca, cb := categoryRank(a.Category), categoryRank(b.Category); ca != cb {
			return ca < cb
		}
		return fateRank(itemFate(a)) < fateRank(itemFate(b))
	})
	return out
}

// findings picks the page's headline and the list under it.
func findings(decs []*guard.Decision, link func(*guard.Decision) string) (finding, []finding) {
	var list []finding
	head, headRank := -1, 100
	consider := func(f finding, rank int) {
		list = append(list, f)
		if rank < headRank {
			head, headRank = len(list)-1, rank
		}
	}
	for _, d := range decs {
		switch {
		case d.Type == guard.TypeCompaction && !ok(d):
			text, rank := compactionFinding(d)
			consider(finding{"bad", text, link(d)}, rank)
		case d.Type == guard.TypeCompaction && len(d.Warnings) > 0:
			consider(finding{"warn", fmt.Sprintf("Compaction #%d was allowed with a warning: %s", d.Seq, d.Warnings[0]), ""}, 60)
		case d.Type == guard.TypePolicyEdit && !ok(d):
			text, rank := editFinding(d)
			consider(finding{"bad", text, link(d)}, rank)
		case d.Type == guard.TypeBudget && !ok(d):
			consider(finding{"bad", fmt.Sprintf("Budget change #%d was refused (%s): %s", d.Seq, d.Reason, sentence(d.Message)), ""}, 40)
		case d.Type == guard.TypePhaseSignal && d.Reason == guard.ReasonSignalFromCompaction:
			consider(finding{"warn", fmt.Sprintf("Phase signal #%d was held: it was read off compaction output; the phase stays %q%s.",
				d.Seq, d.Phase, wouldBe(d)), link(d)}, 50)
		}
	}
	if head < 0 {
		n := len(decs)
		if n == 0 {
			return finding{"ok", "No decisions: the session made no compaction, policy edit, phase signal or budget change.", ""}, nil
		}
		return finding{"ok", fmt.Sprintf("All %s were allowed or accepted.", plural(n, "decision", "decisions")), ""}, nil
	}
	// The headline is not repeated in the list under it.
	rest := append(append([]finding(nil), list[:head]...), list[head+1:]...)
	return list[head], rest
}

// compactionFinding is the sentence for a refused compaction and its rank
// for the headline (a lost prohibition ranks first).
func compactionFinding(d *guard.Decision) (string, int) {
	scores := scoreClause(d)
	worst := worstItems(d.Items)
	switch {
	case len(worst) > 0:
		it := worst[0]
		mustKeep := 0
		for _, w := range worst {
			if w.MustKeep {
				mustKeep++
			}
		}
		more := ""
		if it.MustKeep && mustKeep > 1 {
			more = fmt.Sprintf(", and %s", plural(mustKeep-1, "more must-keep item", "more must-keep items"))
		}
		return fmt.Sprintf("Compaction #%d was refused: it %s the %s “%s”%s%s.",
			d.Seq, itemFate(it), categoryName(it.Category), clip(it.Text, 160), scores, more), 10 + categoryRank(it.Category)
	case d.Reason == guard.ReasonUnpinnedReference:
		if len(d.Items) == 0 {
			return fmt.Sprintf("Compaction #%d was refused: its reference is not pinned and no originals came with it, so its decision-relevant items are unknown%s.", d.Seq, scores), 20
		}
		return fmt.Sprintf("Compaction #%d was refused: its reference is not pinned, so %s could not be checked%s.",
			d.Seq, plural(len(d.Items), "decision-relevant item", "decision-relevant items"), scores), 15
	}
	return fmt.Sprintf("Compaction #%d was refused (%s): %s", d.Seq, d.Reason, sentence(d.Message)), 25
}

// scoreClause is " (self 0.91, anchored 0.59, gap 0.32)" or "".
func scoreClause(d *guard.Decision) string {
	var parts []string
	if d.SelfScore != nil {
		parts = append(parts, "self "+f2(*d.SelfScore))
	}
	if d.AnchoredScore != nil {
		parts = append(parts, "anchored "+f2(*d.AnchoredScore))
	}
	if d.Gap != nil {
		parts = append(parts, "gap "+f2(*d.Gap))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func editFinding(d *guard.Decision) (string, int) {
	if d.Reason == guard.ReasonOverBudget && d.WorstCaseTokens != nil && d.BudgetTokens != nil {
		active := ""
		if d.ActivePolicy != "" {
			active = fmt.Sprintf("; %s stayed active", d.ActivePolicy)
		}
		return fmt.Sprintf("Policy edit #%d was rejected: %q could retain %s tokens against a %s-token budget (%s over)%s.",
			d.Seq, d.ProposedPolicy, thousands(*d.WorstCaseTokens), thousands(*d.BudgetTokens),
			thousands(*d.WorstCaseTokens-*d.BudgetTokens), active), 30
	}
	return fmt.Sprintf("Policy edit #%d was rejected (%s): %s", d.Seq, d.Reason, sentence(d.Message)), 35
}

func wouldBe(d *guard.Decision) string {
	if top := topPhase(d.Scores); top != "" && top != d.Phase {
		return fmt.Sprintf("; it would have flipped to %q (%s)", top, f2(d.Scores[top]))
	}
	return ""
}

func categoryName(c string) string { return strings.ReplaceAll(c, "_", " ") }

// sentence ends s with a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func buildCompaction(d *guard.Decision, anchor string) *compactionView {
	c := &compactionView{
		Anchor: anchor, Seq: d.Seq, Summary: d.Summary, Reason: d.Reason, Message: d.Message,
		Pinned: d.ReferencePinned != nil && *d.ReferencePinned, Covers: len(d.Covers),
		SelfSource: d.SelfScoreSource, Repair: d.Repair, UnknownSpans: strings.Join(d.UnknownSpans, ", "),
	}
	if d.SelfScore != nil {
		c.Self = f2(*d.SelfScore)
	}
	if d.AnchoredScore != nil {
		c.Anchored = f2(*d.AnchoredScore)
	}
	if d.Gap != nil {
		c.Gap = signed(*d.Gap)
	}
	if d.Threshold != nil {
		c.Threshold = f2(*d.Threshold)
	}
	for _, w := range d.Warnings {
		c.Warnings = append(c.Warnings, warningView{warningCode(w), w})
	}
	for _, it := range worstItems(d.Items) {
		c.Problems = append(c.Problems, itemOfView(it))
	}
	for _, it := range d.Items {
		switch {
		case it.Preserved == nil:
			c.Unscored = append(c.Unscored, itemOfView(it))
		case *it.Preserved:
			c.Kept = append(c.Kept, itemOfView(it))
		}
	}
	return c
}

func itemOfView(it guard.DecisionItem) itemView {
	v := itemView{
		Fate: itemFate(it), Category: categoryName(it.Category), Span: it.Span,
		Original: it.Text, Evidence: it.Evidence, Note: it.Note, MustKeep: it.MustKeep,
		KeyTerms: strings.Join(it.KeyTerms, ", "), Source: it.Source,
	}
	if it.Origin != nil {
		v.Origin, v.OriginFull = originLabel(*it.Origin), originFull(*it.Origin)
	}
	if it.Score != nil {
		v.Score = f2(*it.Score)
	}
	return v
}

// warningCode is the code a warning starts with ("gap_rising: ...").
func warningCode(w string) string {
	if i := strings.IndexByte(w, ':'); i > 0 && !strings.ContainsAny(w[:i], " \t") {
		return w[:i]
	}
	return "warning"
}

var gapLevel = regexp.MustCompile(`warning level ([0-9.]+)`)

// gapWarningFrom reads the gate's gap warning level from a gap_high
// warning, for callers that did not pass it.
func gapWarningFrom(comps []*guard.Decision) float64 {
	for _, d := range comps {
		for _, w := range d.Warnings {
			if m := gapLevel.FindStringSubmatch(w); m != nil {
				if v, err := strconv.ParseFloat(strings.TrimRight(m[1], "."), 64); err == nil {
					return v
				}
			}
		}
	}
	return 0
}

// Chart geometry, in SVG user units.
const (
	chartW      = 1000
	chartPlotL  = 64.0
	chartPlotR  = 980.0
	scoreTop    = 56.0
	scoreBottom = 256.0
	gapTop      = 300.0
	gapBottom   = 400.0
	chartH      = 450
)

func buildChart(comps []*guard.Decision, gapWarn float64, link func(*guard.Decision) string) *chartView {
	if len(comps) == 0 {
		return nil
	}
	c := &chartView{W: chartW, H: chartH, PlotL: chartPlotL, PlotR: chartPlotR,
		ScoreTop: scoreTop, ScoreBottom: scoreBottom, GapTop: gapTop, GapBottom: gapBottom}
	scoreY := func(v float64) float64 { return scoreBottom - clamp01(v)*(scoreBottom-scoreTop) }
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		c.Grid = append(c.Grid, hLine{scoreY(v), f2(v)})
	}
	// The gap axis is symmetric around zero and at least ±0.4 wide.
	span := 0.4
	for _, d := range comps {
		if d.Gap != nil && abs(*d.Gap) > span {
			span = abs(*d.Gap)
		}
	}
	if gapWarn > span {
		span = gapWarn
	}
	mid := (gapTop + gapBottom) / 2
	gapY := func(g float64) float64 { return mid - g/span*(gapBottom-gapTop)/2 }
	c.GapZero = mid
	if gapWarn > 0 {
		c.GapWarn = &hLine{gapY(gapWarn), "warning level " + signed(gapWarn)}
	}
	// Columns are at most maxColW wide and centred, so a session with one
	// or two compactions does not stretch them across the whole plot.
	const maxColW = 220.0
	colW := min((chartPlotR-chartPlotL)/float64(len(comps)), maxColW)
	left := chartPlotL + ((chartPlotR-chartPlotL)-colW*float64(len(comps)))/2
	var self, anch, gaps []string
	for i, d := range comps {
		p := chartPoint{
			Seq: d.Seq, Label: d.Summary, Verdict: Verdict(d), Refused: !ok(d),
			ColX: left + float64(i)*colW, ColW: colW,
		}
		p.X = p.ColX + colW/2
		if p.Refused {
			p.Link = link(d)
		}
		if d.Threshold != nil && c.Threshold == nil {
			c.Threshold = &hLine{scoreY(*d.Threshold), f2(*d.Threshold)}
		}
		if d.SelfScore != nil && d.AnchoredScore != nil {
			p.Scored = true
			p.SelfY, p.AnchY = scoreY(*d.SelfScore), scoreY(*d.AnchoredScore)
			p.Self, p.Anch = f2(*d.SelfScore), f2(*d.AnchoredScore)
			// The higher score is labelled above its point, the lower
			// below, so close scores never print over each other.
			if *d.SelfScore >= *d.AnchoredScore {
				p.SelfLabelY, p.AnchLabelY = p.SelfY-12, p.AnchY+22
			} else {
				p.SelfLabelY, p.AnchLabelY = p.SelfY+20, p.AnchY-12
			}
			self = append(self, fmt.Sprintf("%.1f,%.1f", p.X, p.SelfY))
			anch = append(anch, fmt.Sprintf("%.1f,%.1f", p.X, p.AnchY))
		} else {
			p.Note = d.Reason
		}
		if d.Gap != nil {
			g := *d.Gap
			p.Gap = signed(g)
			p.GapUp = g > 0
			y := gapY(g)
			gaps = append(gaps, fmt.Sprintf("%.1f,%.1f", p.X, y))
			if g >= 0 {
				p.GapY, p.GapH, p.GapLabelY = y, mid-y, y-6
			} else {
				p.GapY, p.GapH, p.GapLabelY = mid, y-mid, y+14
			}
		}
		for _, w := range d.Warnings {
			p.Warnings = append(p.Warnings, warningCode(w))
		}
		p.WarnY = scoreTop - 30
		c.Points = append(c.Points, p)
	}
	if len(self) == 0 {
		// Nothing was scored (dedup, unpinned, no items): a chart of
		// empty axes says nothing; the timeline has these decisions.
		return nil
	}
	c.SelfLine = strings.Join(self, " ")
	c.AnchoredLine = strings.Join(anch, " ")
	if len(gaps) > 1 {
		c.GapLine = strings.Join(gaps, " ")
	}
	return c
}

// editScale is the width of the widest bar, in tokens: every bar of a
// session shares it so edits compare at a glance.
func buildEdits(edits []*guard.Decision, link func(*guard.Decision) string) []*editView {
	scale := 0
	for _, d := range edits {
		if d.WorstCaseTokens != nil && d.BudgetTokens != nil {
			scale = max(scale, *d.WorstCaseTokens, *d.BudgetTokens)
		}
	}
	const barW = 1000.0
	var out []*editView
	for _, d := range edits {
		e := &editView{
			Anchor: link(d), Seq: d.Seq, OK: ok(d), Verdict: Verdict(d), Reason: d.Reason, Message: d.Message,
			EditKind: d.EditKind, Proposed: d.ProposedPolicy, Active: d.ActivePolicy, Phase: d.Phase,
			Signal: d.Signal, Diagnostics: d.Diagnostics,
		}
		if d.WorstCaseTokens != nil && d.BudgetTokens != nil && scale > 0 {
			worst, budget := *d.WorstCaseTokens, *d.BudgetTokens
			x := func(tokens int) float64 { return float64(tokens) / float64(scale) * barW }
			b := &barView{Worst: thousands(worst), Budget: thousands(budget), Over: worst > budget,
				FillW: x(min(worst, budget)), BudgetX: x(budget)}
			if b.Over {
				b.OverX, b.OverW = x(budget), x(worst)-x(budget)
				b.Excess = thousands(worst - budget)
			}
			b.BudgetLabelX = b.BudgetX
			b.WorstLabelX, b.WorstAnchor = x(worst)+8, "start"
			if x(worst) > barW-220 {
				b.WorstLabelX, b.WorstAnchor = x(worst)-8, "end"
			}
			e.Bar = b
		}
		out = append(out, e)
	}
	return out
}

// phasePalette colours phases in the order they first appear.
func phasePalette(i int) string {
	colors := [...]string{"#4e79a7", "#b07aa1", "#59a14f", "#3f9e9a", "#9c755f", "#e08a2b", "#7a6fbf", "#8c959f"}
	return colors[i%len(colors)]
}

func buildPhases(signals []*guard.Decision, link func(*guard.Decision) string) *phaseView {
	if len(signals) == 0 {
		return nil
	}
	pv := &phaseView{}
	colorOf := map[string]string{}
	color := func(name string) string {
		if c, ok := colorOf[name]; ok {
			return c
		}
		c := phasePalette(len(colorOf))
		colorOf[name] = c
		pv.Legend = append(pv.Legend, phaseColor{name, c})
		return c
	}
	// Assign colours in order of appearance, scores included, so the
	// legend is stable across signals.
	for _, d := range signals {
		color(d.Phase)
		for _, n := range sortedKeys(d.Scores) {
			color(n)
		}
	}
	const bandW = 1000.0
	colW := bandW / float64(len(signals))
	pv.Band.W = int(bandW)
	prev := ""
	for i, d := range signals {
		s := signalView{
			Anchor: link(d), Seq: d.Seq, Signal: d.Signal, Version: d.Version, Phase: d.Phase, Prev: prev,
			Color: color(d.Phase), Changed: d.PhaseChanged != nil && *d.PhaseChanged,
			Held: d.Reason == guard.ReasonSignalFromCompaction, Reason: d.Reason, Message: d.Message,
		}
		if s.Held {
			if top := topPhase(d.Scores); top != d.Phase {
				s.WouldBe = top
			}
		}
		top, x := topPhase(d.Scores), 0.0
		for _, n := range sortedKeys(d.Scores) {
			w := min(clamp01(d.Scores[n])*100, 100-x)
			s.Scores = append(s.Scores, scoreView{Name: n, Value: f2(d.Scores[n]), Color: color(n), X: x, Width: w, Top: n == top})
			x += w
		}
		cell := bandCell{X: float64(i) * colW, W: colW, CX: float64(i)*colW + colW/2, Color: s.Color, Phase: d.Phase,
			Label: fmt.Sprintf("#%d", d.Seq), Changed: s.Changed, Held: s.Held, WouldBe: s.WouldBe}
		pv.Band.Cells = append(pv.Band.Cells, cell)
		pv.Signals = append(pv.Signals, s)
		prev = d.Phase
	}
	return pv
}

// topPhase is the phase with the highest score (ties: first by name).
func topPhase(scores map[string]float64) string {
	best, bestV := "", -1.0
	for _, n := range sortedKeys(scores) {
		if scores[n] > bestV {
			best, bestV = n, scores[n]
		}
	}
	return best
}

func sortedKeys(m map[string]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func f2(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

func signed(v float64) string {
	s := f2(v)
	if v >= 0 && !strings.HasPrefix(s, "-") {
		return "+" + s
	}
	return s
}

func clamp01(v float64) float64 { return min(max(v, 0), 1) }

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// thousands writes n with comma separators: 61114 → "61,114".
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
