package scorer

import (
	"context"
	"strings"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/judge"
	"github.com/compactguard/compactguard/sdk"
)

// contradictionCues suggest a candidate that contradicts itself.
var contradictionCues = []string{
	"contradict", "actually not", "on second thought", "that was wrong",
	"scratch that", "ignore the above", "inconsistent", "unclear whether",
	"not sure if", "??", "todo: verify",
}

// SelfScore implements sdk.Scorer. It is deliberately blind: it reads the
// candidate alone, never the pinned items or originals, and rates how
// coherent and concrete it looks. A summary that silently dropped a
// prohibition scores as well as one that kept it: that is exactly the
// self-referential number whose gap to the anchored score the host
// records, and it must never gate a compaction.
//
// The score is 0.55, plus up to 0.25 for the share of sentences carrying
// concrete content (a number or a name), plus up to 0.1 for having at
// least five sentences, plus 0.1 scaled down by hedges, minus 0.15 per
// contradiction cue (at most 0.45); clamped to [0,1]. An empty candidate
// scores 0.
func (s *Scorer) SelfScore(ctx context.Context, req *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: selfScore(req.Candidate)}, nil
}

func selfScore(candidate string) float64 {
	sents := judge.Sentences(candidate)
	if len(sents) == 0 {
		return 0
	}
	var concrete, hedged int
	for _, u := range sents {
		if len(judge.Quantities(u.Text)) > 0 || len(judge.Identifiers(u.Text)) > 0 {
			concrete++
		}
		l := strings.ToLower(u.Text)
		if judge.HasWeakener(l) || strings.Contains(l, "maybe") || strings.Contains(l, "perhaps") {
			hedged++
		}
	}
	n := float64(len(sents))
	score := 0.55 + 0.25*float64(concrete)/n + 0.1*min(1, n/5) + 0.1*(1-float64(hedged)/n)
	lower := strings.ToLower(candidate)
	pen := 0.0
	for _, c := range contradictionCues {
		pen += 0.15 * float64(strings.Count(lower, c))
	}
	score -= min(pen, 0.45)
	return max(0, min(1, score))
}
