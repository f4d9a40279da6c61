package guard

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
)

// score asks every configured scorer for the anchored score and, when the
// caller gave none, the first scorer for the self score; then holds each
// answer to the contract: every score a number in [0,1], every item called
// preserved backed by a quote that is really in the candidate and passes
// the floor. A verdict without real evidence counts as lost. With several
// scorers the strictest wins (combine).
func (g *Guard) score(ctx context.Context, d *Decision, candidate string, items []sdk.Item, originals []sdk.Span, cand []sdk.Item) error {
	req := &sdk.ScoreRequest{Candidate: candidate, Items: items, Originals: originals, CandidateItems: cand}
	// Every scorer's call is announced before the first is asked: they
	// are done in one batch, side by side, and together they are the
	// compaction's last outside work (lastWork). Asked one by one, each
	// after the next would cost a pass of its own, the last ones inside
	// the commit run.
	for _, s := range g.scorers[1:] {
		askSoon(ctx, g, s, "Score", sdk.Scorer.Score, req)
	}
	runs := make([]scorerRun, 0, len(g.scorers))
	quotes := g.quotesOf(ctx, candidate)
	for _, s := range g.scorers {
		r, err := g.scoreWith(ctx, s, req, d.Items, quotes)
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	combine(d, runs)

	if d.SelfScore == nil {
		first := g.scorers[0]
		name := first.label()
		sresp, err := ask(ctx, g, first, "SelfScore", sdk.Scorer.SelfScore, &sdk.SelfScoreRequest{Candidate: candidate})
		if err != nil {
			return err
		}
		if err := diagnosticsErr(name, sresp.Diagnostics); err != nil {
			return err
		}
		if !unit(sresp.Score) {
			return &outputError{plugin: name, msg: fmt.Sprintf("self score %v is not a number in [0,1]", sresp.Score)}
		}
		d.SelfScore, d.SelfScoreSource = ptr(round3(sresp.Score)), "scorer"
	}
	d.Gap = ptr(round3(*d.SelfScore - *d.AnchoredScore))
	return nil
}

// itemVerdict is one scorer's verdict on one item, as the host accepts it.
type itemVerdict struct {
	preserved bool
	score     float64
	fate      string
	evidence  string
	note      string
}

// scorerRun is one scorer's accepted answer.
type scorerRun struct {
	name     string
	verdicts []itemVerdict
	score    float64
	verified int
	usage    *sdk.Usage
	// overridden: the host changed or filled in at least one verdict.
	overridden bool
}

// scoreWith asks one scorer and checks its answer item by item: the
// scorer's verdicts as the host accepts them.
func (g *Guard) scoreWith(ctx context.Context, s plugin[sdk.Scorer], req *sdk.ScoreRequest, ditems []DecisionItem, quotes *quoteReader) (scorerRun, error) {
	name := s.label()
	items, candidate := req.Items, req.Candidate
	resp, err := ask(ctx, g, s, "Score", sdk.Scorer.Score, req)
	if err != nil {
		return scorerRun{}, err
	}
	if err := diagnosticsErr(name, resp.Diagnostics); err != nil {
		return scorerRun{}, err
	}
	if !unit(resp.Score) {
		return scorerRun{}, &outputError{plugin: name, msg: fmt.Sprintf("anchored score %v is not a number in [0,1]", resp.Score)}
	}
	run := scorerRun{name: s.name, verdicts: make([]itemVerdict, len(items)), usage: resp.Usage}
	seen := make([]bool, len(items))
	cites := g.frames.NewCitations(candidate)
	for _, is := range resp.Items {
		if is.Index < 0 || is.Index >= len(items) {
			return scorerRun{}, &outputError{plugin: name, msg: fmt.Sprintf("verdict for item %d of %d", is.Index, len(items))}
		}
		if seen[is.Index] {
			return scorerRun{}, &outputError{plugin: name, msg: fmt.Sprintf("two verdicts for item %d", is.Index)}
		}
		if !unit(is.Score) {
			return scorerRun{}, &outputError{plugin: name, msg: fmt.Sprintf("item %d score %v is not a number in [0,1]", is.Index, is.Score)}
		}
		seen[is.Index] = true
		v := &run.verdicts[is.Index]
		v.score = is.Score
		v.fate = is.Fate
		preserved := is.Preserved
		var cited error
		if preserved {
			cited = cites.Cite(is.Index, is.Evidence, items[is.Index], func() *frame.Doc { return quotes.read(is.Evidence) })
		}
		switch {
		case cited != nil:
			preserved, run.overridden = false, true
			v.note = evidenceNote(cited)
		case preserved && ditems[is.Index].MustKeep:
			// The floor: a kept must-keep item's values and names stand in
			// the cited clause, and a restriction stays one there.
			ed := quotes.read(is.Evidence)
			if missing := g.frames.CitesRead(items[is.Index], ed, candidate, req.CandidateItems); missing != "" {
				preserved, run.overridden = false, true
				v.fate = sdk.FateAltered
				v.note = "host floor: " + missing
			}
		}
		v.preserved = preserved
		if preserved {
			v.evidence = is.Evidence
			v.fate = sdk.FateKept
			run.verified++
		} else {
			if v.fate == "" || v.fate == sdk.FateKept {
				v.fate = sdk.FateLost
			}
			if is.Note != "" && v.note == "" {
				v.note = is.Note
			}
		}
	}
	for i, ok := range seen {
		if !ok {
			run.overridden = true
			run.verdicts[i] = itemVerdict{fate: sdk.FateLost, note: "the scorer gave no verdict on this item"}
		}
	}
	run.score = resp.Score
	if run.overridden {
		// The scorer's number was computed over verdicts the host did not
		// accept: never report more than the share the host could verify.
		run.score = math.Min(run.score, float64(run.verified)/float64(len(items)))
	}
	return run, nil
}

// evidenceNote is a verdict's note for a preserved verdict whose evidence
// the rule (sdk.FoldedCandidate.Cites) refused.
func evidenceNote(err error) string {
	switch {
	case errors.Is(err, sdk.ErrNoEvidence):
		return "scorer called it preserved but cited no evidence"
	case errors.Is(err, sdk.ErrEvidenceNotInCandidate):
		return "the evidence the scorer cited is not in the candidate"
	case errors.Is(err, frame.ErrQuoteTaken):
		return "the evidence the scorer cited shares no term with the item and already stands for another item"
	}
	return "the evidence the scorer cited shares no term with the item"
}

// Several scorers, strictest wins.
//
// gate "compaction" { scorers = ["embedding", "llm"] } asks every listed
// scorer about every item. Each answer is first held to the host's checks
// on its own (scoreWith: real evidence, the floor), so a scorer's quote
// that fails them makes its verdict lost before anything is combined.
// Then an item is kept only if every scorer keeps it; its fate is the
// strictest any scorer gave (sdk.Fates orders them), its score the lowest.
// The anchored score is the one-scorer formula on the combined verdicts:
// the lowest scorer's number, never above the share of items every scorer
// kept once any verdict was overridden or the scorers disagreed.

// ScorerVerdict is one scorer's verdict on one item in a decision
// (DecisionItem.Verdicts), after the host's checks.
type ScorerVerdict struct {
	Fate string `json:"fate"`
	Note string `json:"note,omitempty"`
}

// combine writes the runs' combined verdicts into d. With one scorer it
// is that scorer's answer as checked, and no verdicts map is added.
func combine(d *Decision, runs []scorerRun) {
	anchored := 1.0
	overridden := false
	for _, r := range runs {
		anchored = math.Min(anchored, r.score)
		overridden = overridden || r.overridden
		if r.usage != nil {
			if d.ScorerUsage == nil {
				d.ScorerUsage = map[string]sdk.Usage{}
			}
			d.ScorerUsage[r.name] = *r.usage
		}
	}
	kept := 0
	for i := range d.Items {
		it := &d.Items[i]
		var (
			preserved = true
			score     = 1.0
			fate      = sdk.FateKept
			evidence  string
			notes     []string
		)
		for _, r := range runs {
			v := r.verdicts[i]
			score = math.Min(score, v.score)
			if !v.preserved {
				preserved = false
				if fateRank(v.fate) > fateRank(fate) || fate == sdk.FateKept {
					fate = v.fate
				}
				if v.note != "" {
					if len(runs) > 1 {
						notes = append(notes, r.name+": "+v.note)
					} else {
						notes = append(notes, v.note)
					}
				}
			} else if evidence == "" {
				evidence = v.evidence
			}
		}
		if len(runs) > 1 {
			it.Verdicts = map[string]ScorerVerdict{}
			for _, r := range runs {
				v := r.verdicts[i]
				it.Verdicts[r.name] = ScorerVerdict{Fate: v.fate, Note: v.note}
				if v.preserved != preserved {
					overridden = true // the scorers disagree: the stricter one stands
				}
			}
		}
		it.Preserved, it.Score, it.Fate = ptr(preserved), ptr(score), fate
		if preserved {
			it.Evidence, it.Note = evidence, ""
			kept++
		} else {
			it.Evidence, it.Note = "", strings.Join(notes, "; ")
		}
	}
	if overridden && len(d.Items) > 0 {
		anchored = math.Min(anchored, float64(kept)/float64(len(d.Items)))
	}
	d.AnchoredScore = ptr(round3(anchored))
}

// fateRank orders fates by strictness; an unknown fate a plugin invented
// ranks as lost.
func fateRank(f string) int {
	if i := slices.Index(sdk.Fates, f); i >= 0 {
		return i
	}
	return slices.Index(sdk.Fates, sdk.FateLost)
}

// trend records the gap and warns when it is high or rising: the gap
// between self and anchored scores is the only reliable telemetry for
// silent loss.
func (g *Guard) trend(st *ledger.State, d *Decision) {
	if d.Gap == nil {
		return
	}
	st.Gaps = append(st.Gaps, *d.Gap)
	if len(st.Gaps) > 50 {
		st.Gaps = st.Gaps[len(st.Gaps)-50:]
	}
	w := g.set.TrendWindow
	if n := len(st.Gaps); n >= w {
		recent := st.Gaps[n-w:]
		rising := true
		for i := 1; i < len(recent); i++ {
			if recent[i] <= recent[i-1] {
				rising = false
			}
		}
		if rising && recent[len(recent)-1]-recent[0] >= 0.05 {
			parts := make([]string, len(recent))
			for i, x := range recent {
				parts[i] = fmt.Sprintf("%.2f", x)
			}
			d.Warnings = append(d.Warnings, fmt.Sprintf("gap_rising: self-minus-anchored gap rose over the last %d compactions (%s): compaction is eating its own evidence", w, strings.Join(parts, " → ")))
		}
	}
	if g.set.GapWarning > 0 && *d.Gap >= g.set.GapWarning {
		d.Warnings = append(d.Warnings, fmt.Sprintf("gap_high: self score %.2f exceeds anchored score %.2f by %.2f (warning level %.2f)", *d.SelfScore, *d.AnchoredScore, *d.Gap, g.set.GapWarning))
	}
}

// repairBlock restores every lost item verbatim from its pinned evidence,
// so the candidate followed by this block, proposed again, keeps them.
// Overlapping evidence in one span is merged and each sentence appears once.
func repairBlock(items []DecisionItem, originals []sdk.Span) string {
	text := map[string]string{}
	for _, s := range originals {
		text[s.ID] = s.Text
	}
	type rng struct{ start, end int }
	var order []string
	ranges := map[string][]rng{}
	// Each restored line cites where it came from: the file and line of an
	// imported transcript, or the span id of one appended over the API.
	cite := map[string]string{}
	for _, it := range items {
		if it.Preserved == nil || *it.Preserved {
			continue
		}
		if _, ok := ranges[it.Span]; !ok {
			order = append(order, it.Span)
			cite[it.Span] = it.Span
			if it.Origin != nil {
				cite[it.Span] = it.Origin.String()
			}
		}
		ranges[it.Span] = append(ranges[it.Span], rng{it.Start, it.End})
	}
	if len(order) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Constraints carried forward from the pinned original (verbatim):\n")
	for _, id := range order {
		rs := ranges[id]
		// merge overlapping ranges, in order of start
		for i := 1; i < len(rs); i++ {
			for j := i; j > 0 && rs[j].start < rs[j-1].start; j-- {
				rs[j], rs[j-1] = rs[j-1], rs[j]
			}
		}
		var merged []rng
		for _, r := range rs {
			if n := len(merged); n > 0 && r.start <= merged[n-1].end {
				if r.end > merged[n-1].end {
					merged[n-1].end = r.end
				}
				continue
			}
			merged = append(merged, r)
		}
		src := text[id]
		for _, r := range merged {
			if r.end > len(src) || r.start > r.end {
				continue
			}
			frag := strings.Join(strings.Fields(src[r.start:r.end]), " ")
			fmt.Fprintf(&b, "- [%s] %s\n", cite[id], frag)
		}
	}
	return b.String()
}

func unit(x float64) bool { return !math.IsNaN(x) && x >= 0 && x <= 1 }

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// quoteReader reads the evidence scorers quote, each quote once however
// many items or scorers cite it, in the languages of the whole candidate:
// a quoted line ("ingen mekanisk avlusing under 4 °C") holds too few
// function words to tell its language, and read as English its negation
// is a word like any other.
type quoteReader struct {
	r         *frame.Reader
	candidate string
	tell      *frame.Tell
	docs      map[string]*frame.Doc
}

// quotesOf returns the quote reader of candidate: one per update, so the
// passes of a decision (calls.go) read each quote once between them. A
// quote's reading depends only on its text and the candidate's.
func (g *Guard) quotesOf(ctx context.Context, candidate string) *quoteReader {
	c := callsFrom(ctx)
	if c == nil {
		return &quoteReader{r: g.frames, candidate: candidate, docs: map[string]*frame.Doc{}}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if q, ok := c.quotes[candidate]; ok {
		return q
	}
	q := &quoteReader{r: g.frames, candidate: candidate, docs: map[string]*frame.Doc{}}
	if c.quotes == nil {
		c.quotes = map[string]*quoteReader{}
	}
	c.quotes[candidate] = q
	return q
}

func (q *quoteReader) read(evidence string) *frame.Doc {
	if d, ok := q.docs[evidence]; ok {
		return d
	}
	if q.tell == nil {
		t := q.r.Tell(q.candidate)
		q.tell = &t
	}
	d := q.r.ReadTold(evidence, *q.tell)
	q.docs[evidence] = d
	return d
}
