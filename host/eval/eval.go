// Package eval measures the guard's judgement on labelled cases: one
// directory per case with the original spans, a candidate compaction of
// all of them and the verdict a careful reviewer gives (DESIGN.md,
// "Labelled case set").
package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/session"
	"github.com/compactguard/compactguard/sdk"
)

// Expectation is a case's expect.json.
type Expectation struct {
	Verdict  string   `json:"verdict"` // "refuse" or "allow"
	Category string   `json:"category,omitempty"`
	Dropped  []string `json:"dropped,omitempty"`
	Note     string   `json:"note,omitempty"`
}

// Case is one labelled case.
type Case struct {
	Name      string
	Dir       string
	Originals []sdk.Span
	Candidate string
	Expect    Expectation
}

// ReadSpans reads a file of span events (the original.jsonl of a case, or
// `check --original`). Any other event type is an error naming the line.
func ReadSpans(path string) ([]sdk.Span, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	events, err := session.Parse(f, path)
	if err != nil {
		return nil, err
	}
	var spans []sdk.Span
	for _, e := range events {
		if e.Span == nil {
			return nil, &session.Error{File: e.File, Line: e.Line, Field: "type", Msg: fmt.Sprintf("only span events belong here, got %q", e.Type)}
		}
		spans = append(spans, *e.Span)
	}
	if len(spans) == 0 {
		return nil, fmt.Errorf("%s: no spans", path)
	}
	return spans, nil
}

// LoadCase reads one case directory.
func LoadCase(dir string) (*Case, error) {
	c := &Case{Name: filepath.Base(dir), Dir: dir}
	var err error
	if c.Originals, err = ReadSpans(filepath.Join(dir, "original.jsonl")); err != nil {
		return nil, fmt.Errorf("case %s: %w", c.Name, err)
	}
	cand, err := os.ReadFile(filepath.Join(dir, "candidate.txt"))
	if err != nil {
		return nil, fmt.Errorf("case %s: %w", c.Name, err)
	}
	c.Candidate = string(cand)
	raw, err := os.ReadFile(filepath.Join(dir, "expect.json"))
	if err != nil {
		return nil, fmt.Errorf("case %s: %w", c.Name, err)
	}
	if err := json.Unmarshal(raw, &c.Expect); err != nil {
		return nil, fmt.Errorf("case %s: expect.json: %w", c.Name, err)
	}
	if c.Expect.Verdict != "refuse" && c.Expect.Verdict != "allow" {
		return nil, fmt.Errorf("case %s: expect.json: verdict must be \"refuse\" or \"allow\", got %q", c.Name, c.Expect.Verdict)
	}
	c.Expect.Category = CanonicalCategory(c.Expect.Category)
	return c, nil
}

// CanonicalCategory spells a case's category the one way the reports
// use: the item categories' snake_case ("failed-attempt" and
// "Failed Attempt" are failed_attempt), and "numeric" is the
// numeric_commitment it abbreviates. Without it one category is counted
// twice under two spellings.
func CanonicalCategory(c string) string {
	c = strings.ToLower(strings.TrimSpace(c))
	c = strings.NewReplacer("-", "_", " ", "_").Replace(c)
	if c == "numeric" {
		return "numeric_commitment"
	}
	return c
}

// LoadDir reads every case under dir (each subdirectory with an expect.json), sorted by name.
func LoadDir(dir string) ([]*Case, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var cases []*Case
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		sub := filepath.Join(dir, e.Name())
		if _, err := os.Stat(filepath.Join(sub, "expect.json")); err != nil {
			continue
		}
		c, err := LoadCase(sub)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("%s: no cases (a case is a directory with original.jsonl, candidate.txt and expect.json)", dir)
	}
	sort.Slice(cases, func(i, j int) bool { return cases[i].Name < cases[j].Name })
	return cases, nil
}

// Judge runs one compaction of all originals into candidate in a fresh
// session: pinned (appended first) or, with unpinned, sent only with the
// compaction as caller-supplied originals.
func Judge(ctx context.Context, g *guard.Guard, tenant, sessionID string, originals []sdk.Span, candidate string, selfScore *float64, unpinned bool) (*guard.Decision, error) {
	if err := g.CreateSession(ctx, tenant, sessionID); err != nil {
		return nil, err
	}
	req := guard.CompactionRequest{Summary: candidate, SelfScore: selfScore}
	for _, s := range originals {
		req.Covers = append(req.Covers, s.ID)
	}
	if unpinned {
		req.Originals, req.HasOriginals = originals, true
	} else if _, err := g.Append(ctx, tenant, sessionID, originals); err != nil {
		return nil, err
	}
	return g.Compact(ctx, tenant, sessionID, req)
}

// Result is one case's outcome.
type Result struct {
	Case     string   `json:"case"`
	Expected string   `json:"expected"`
	Got      string   `json:"got"`
	Reason   string   `json:"reason"`
	Category string   `json:"category,omitempty"`
	Correct  bool     `json:"correct"`
	Lost     []string `json:"lost,omitempty"`
	// Why holds, for each entry of Lost at the same index, the judge's
	// note ("17:00 became 18:00"): what a reader needs to tell a true
	// loss from a misreading without replaying the case.
	Why []string `json:"why,omitempty"`
	// FlagsLoss is set for a lossy case with dropped texts that was
	// refused: whether an item judged not kept covers one of them (its
	// span and bytes overlap the dropped text's place in the originals).
	// A refusal on other items only is still a refusal, and counts in
	// recall; this says whether the guard saw the loss itself.
	FlagsLoss *bool  `json:"flags_loss,omitempty"`
	Error     string `json:"error,omitempty"`
	// ScorerUsage is what each scorer that calls out (a model judge)
	// spent on the case's decision; absent for the reference scorers.
	ScorerUsage map[string]sdk.Usage `json:"scorer_usage,omitempty"`
}

// UsageTotals sums one scorer's usage over the decisions that reported
// it, with the means per decision.
type UsageTotals struct {
	Decisions            int     `json:"decisions"`
	Calls                int64   `json:"calls"`
	Tokens               int64   `json:"tokens"`
	LatencyMS            int64   `json:"latency_ms"`
	CallsPerDecision     float64 `json:"calls_per_decision"`
	TokensPerDecision    float64 `json:"tokens_per_decision"`
	LatencyMSPerDecision float64 `json:"latency_ms_per_decision"`
}

// Totals sums a run.
type Totals struct {
	Cases      int     `json:"cases"`
	MustRefuse int     `json:"must_refuse"`
	Detected   int     `json:"detected"`
	Recall     float64 `json:"detection_recall"`
	// LabelledLoss counts the refused lossy cases whose result says
	// whether the loss itself was flagged (FlagsLoss set), and LossFlagged
	// those where it was: recall counts every refusal, these say how many
	// were for the loss the case was written with.
	LabelledLoss   int                `json:"refused_with_labelled_loss"`
	LossFlagged    int                `json:"loss_flagged"`
	MustAllow      int                `json:"must_allow"`
	FalseRefusals  int                `json:"false_refusals"`
	FalseRefusal   float64            `json:"false_refusal_rate"`
	RecallCategory map[string]float64 `json:"recall_by_category"`
	Wrong          []string           `json:"wrong"`
	// ScorerUsage sums, per scorer that reports usage (a model judge),
	// its calls, tokens and latency; absent when none does.
	ScorerUsage map[string]*UsageTotals `json:"scorer_usage,omitempty"`
}

// Run judges every case. A case whose judgement failed (plugin error)
// counts as a refusal, as the guard itself would.
func Run(ctx context.Context, g *guard.Guard, cases []*Case, progress func(Result)) ([]Result, Totals, error) {
	var results []Result
	for i, c := range cases {
		if err := ctx.Err(); err != nil {
			return results, Totals{}, err
		}
		r := Result{Case: c.Name, Expected: c.Expect.Verdict, Category: c.Expect.Category}
		d, err := Judge(ctx, g, "eval", fmt.Sprintf("case-%03d-%s", i, c.Name), c.Originals, c.Candidate, nil, false)
		if err != nil {
			r.Got, r.Reason, r.Error = "refuse", "error", err.Error()
		} else {
			r.Reason = d.Reason
			r.ScorerUsage = d.ScorerUsage
			r.Got = "refuse"
			if *d.Allowed {
				r.Got = "allow"
			}
			for _, it := range d.Items {
				if it.Preserved != nil && !*it.Preserved {
					r.Lost = append(r.Lost, fmt.Sprintf("%s/%s: %s", it.Category, it.Fate, it.Text))
					r.Why = append(r.Why, it.Note)
				}
			}
			if r.Got == "refuse" && c.Expect.Verdict == "refuse" && len(c.Expect.Dropped) > 0 {
				found := flagsLoss(d.Items, c.Originals, c.Expect.Dropped)
				r.FlagsLoss = &found
			}
		}
		r.Correct = r.Got == r.Expected
		results = append(results, r)
		if progress != nil {
			progress(r)
		}
	}
	return results, Summarise(results), nil
}

// flagsLoss reports whether an item judged not kept stands where one of
// the dropped texts stands in the originals: the same span, overlapping
// bytes.
func flagsLoss(items []guard.DecisionItem, originals []sdk.Span, dropped []string) bool {
	type place struct {
		span       string
		start, end int
	}
	var places []place
	for _, sp := range originals {
		for _, text := range dropped {
			if text == "" {
				continue
			}
			for from := 0; ; {
				k := strings.Index(sp.Text[from:], text)
				if k < 0 {
					break
				}
				places = append(places, place{sp.ID, from + k, from + k + len(text)})
				from += k + len(text)
			}
		}
	}
	for _, it := range items {
		if it.Preserved == nil || *it.Preserved {
			continue
		}
		for _, p := range places {
			if it.Span == p.span && it.Start < p.end && p.start < it.End {
				return true
			}
		}
	}
	return false
}

// Summarise computes detection recall (overall and per category) and the
// false-refusal rate.
func Summarise(results []Result) Totals {
	t := Totals{Cases: len(results), RecallCategory: map[string]float64{}}
	perCat, perCatHit := map[string]int{}, map[string]int{}
	for _, r := range results {
		if r.Expected == "refuse" {
			t.MustRefuse++
			cat := r.Category
			if cat == "" {
				cat = "uncategorised"
			}
			perCat[cat]++
			if r.Got == "refuse" {
				t.Detected++
				perCatHit[cat]++
			}
			if r.FlagsLoss != nil {
				t.LabelledLoss++
				if *r.FlagsLoss {
					t.LossFlagged++
				}
			}
		} else {
			t.MustAllow++
			if r.Got == "refuse" {
				t.FalseRefusals++
			}
		}
		if !r.Correct {
			t.Wrong = append(t.Wrong, r.Case)
		}
		for name, u := range r.ScorerUsage {
			if t.ScorerUsage == nil {
				t.ScorerUsage = map[string]*UsageTotals{}
			}
			ut := t.ScorerUsage[name]
			if ut == nil {
				ut = &UsageTotals{}
				t.ScorerUsage[name] = ut
			}
			ut.Decisions++
			ut.Calls += u.Calls
			ut.Tokens += u.Tokens
			ut.LatencyMS += u.LatencyMS
		}
	}
	for _, ut := range t.ScorerUsage {
		n := float64(ut.Decisions)
		ut.CallsPerDecision = float64(ut.Calls) / n
		ut.TokensPerDecision = float64(ut.Tokens) / n
		ut.LatencyMSPerDecision = float64(ut.LatencyMS) / n
	}
	if t.MustRefuse > 0 {
		t.Recall = float64(t.Detected) / float64(t.MustRefuse)
	}
	if t.MustAllow > 0 {
		t.FalseRefusal = float64(t.FalseRefusals) / float64(t.MustAllow)
	}
	for c, n := range perCat {
		t.RecallCategory[c] = float64(perCatHit[c]) / float64(n)
	}
	return t
}

// String renders totals for people.
// UsageLines has one line per scorer that reported its usage (a model
// judge's calls, tokens and time per decision), or "".
func (t Totals) UsageLines() string {
	var b strings.Builder
	names := make([]string, 0, len(t.ScorerUsage))
	for name := range t.ScorerUsage {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		u := t.ScorerUsage[name]
		fmt.Fprintf(&b, "scorer %s: %.1f calls, %.0f tokens, %.2f s per decision (%d decisions; %d calls, %d tokens in all)\n",
			name, u.CallsPerDecision, u.TokensPerDecision, u.LatencyMSPerDecision/1000, u.Decisions, u.Calls, u.Tokens)
	}
	return b.String()
}

// Line is the totals of the case set in dir on one line, for a reader who
// wants the figures, not each case (String has the full block).
func (t Totals) Line(dir string) string {
	wrong := "none wrong"
	if len(t.Wrong) > 0 {
		wrong = fmt.Sprintf("%d wrong (--verbose lists each case)", len(t.Wrong))
	}
	return fmt.Sprintf("%s: %d cases; detection recall %.2f (%d/%d must-refuse cases refused); false-refusal rate %.2f (%d/%d must-allow cases refused); %s\n",
		dir, t.Cases, t.Recall, t.Detected, t.MustRefuse, t.FalseRefusal, t.FalseRefusals, t.MustAllow, wrong)
}

func (t Totals) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "detection recall %.2f (%d/%d must-refuse cases refused)\n", t.Recall, t.Detected, t.MustRefuse)
	cats := make([]string, 0, len(t.RecallCategory))
	for c := range t.RecallCategory {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	for _, c := range cats {
		fmt.Fprintf(&b, "  %-20s recall %.2f\n", c, t.RecallCategory[c])
	}
	if t.LabelledLoss > 0 {
		fmt.Fprintf(&b, "  of the %d refusals of a case with its dropped text labelled, %d flag that text itself; the others refuse on other items\n", t.LabelledLoss, t.LossFlagged)
	}
	fmt.Fprintf(&b, "false-refusal rate %.2f (%d/%d must-allow cases refused)\n", t.FalseRefusal, t.FalseRefusals, t.MustAllow)
	b.WriteString(t.UsageLines())
	if len(t.Wrong) == 0 {
		b.WriteString("wrong: none\n")
	} else {
		fmt.Fprintf(&b, "wrong: %s\n", strings.Join(t.Wrong, ", "))
	}
	return b.String()
}
