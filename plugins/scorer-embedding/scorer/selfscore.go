package scorer

import (
	"context"
	"strings"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// SelfScore implements sdk.Scorer. It is deliberately blind: it reads the
// candidate alone, never the pinned items or originals, and rates how
// coherent and concrete it looks. A summary that silently dropped a
// prohibition scores as well as one that kept it: that is exactly the
// self-referential number whose gap to the anchored score the host
// records, and it must never gate a compaction.
//
// The candidate is read into clauses (package frame). The score is 0.55,
// plus up to 0.25 for the share of clauses carrying concrete content (a
// value or a name), plus up to 0.1 for having at least five clauses, plus
// 0.1 scaled down by hedged clauses (the lexicons' weakeners), minus 0.15
// per clause that takes back what came before (their lift cues: "scrap
// that", "ignore the above") and per "??", at most 0.45; clamped to
// [0,1]. An empty candidate scores 0.
func (s *Scorer) SelfScore(ctx context.Context, req *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: selfScore(s.reader, req.Candidate)}, nil
}

func selfScore(r *frame.Reader, candidate string) float64 {
	d := r.Read(candidate)
	if len(d.Clauses) == 0 {
		return 0
	}
	var concrete, hedged, retracted int
	for _, c := range d.Clauses {
		if len(c.Main.Quants)+len(c.Main.Objects) > 0 {
			concrete++
		}
		if c.Cues&lexicon.Weaken != 0 {
			hedged++
		}
		if c.Cues&lexicon.Lift != 0 {
			retracted++
		}
	}
	n := float64(len(d.Clauses))
	score := 0.55 + 0.25*float64(concrete)/n + 0.1*min(1, n/5) + 0.1*(1-float64(hedged)/n)
	pen := 0.15 * float64(retracted+strings.Count(candidate, "??"))
	score -= min(pen, 0.45)
	return max(0, min(1, score))
}
