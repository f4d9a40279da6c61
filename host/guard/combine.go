package guard

import (
	"math"
	"slices"
	"strings"

	"github.com/compactguard/compactguard/sdk"
)

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

// Scorer is a scorer plugin with the name it was configured under.
type Scorer struct {
	Name string
	sdk.Scorer
}

// namedScorer is a scorer as the guard calls it (through the deferring
// wrapper, calls.go).
type namedScorer struct {
	name string
	sdk.Scorer
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

// ScorerVerdict is one scorer's verdict on one item in a decision
// (DecisionItem.Verdicts), after the host's checks.
type ScorerVerdict struct {
	Fate string `json:"fate"`
	Note string `json:"note,omitempty"`
}

// fateRank orders fates by strictness; an unknown fate a plugin invented
// ranks as lost.
func fateRank(f string) int {
	if i := slices.Index(sdk.Fates, f); i >= 0 {
		return i
	}
	return slices.Index(sdk.Fates, sdk.FateLost)
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
