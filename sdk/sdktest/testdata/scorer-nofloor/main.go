// Command scorer-nofloor calls an item preserved when one of its words is
// in the candidate, and cites that word alone: evidence that is in the
// candidate and shares a term with the item (so it passes sdk.Cites), but
// is not the clause that states the item. The conformance kit must fail
// its evidence check on the host floor (frame.Reader.Cites).
package main

import (
	"context"
	"strings"
	"unicode"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type scorer struct{ base.Plugin }

func (scorer) Score(_ context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	cand := sdk.Fold(req.Candidate)
	resp := &sdk.ScoreResponse{Score: 1}
	for i, it := range req.Items {
		v := sdk.ItemScore{Index: i, Fate: sdk.FateLost}
		if w := sharedWord(cand, it.Text); w != "" {
			v = sdk.ItemScore{Index: i, Preserved: true, Score: 1, Fate: sdk.FateKept, Evidence: w}
		}
		resp.Items = append(resp.Items, v)
	}
	return resp, nil
}

// sharedWord is the first word of text (as sdk.Cites splits it), of four
// or more characters and no digit, that is in the folded candidate; "" when there is none.
func sharedWord(cand, text string) string {
	words := strings.FieldsFunc(sdk.Fold(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	})
	for _, w := range words {
		if len([]rune(w)) >= 4 && !strings.ContainsFunc(w, unicode.IsDigit) && strings.Contains(cand, w) {
			return w
		}
	}
	return ""
}

func (scorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: 1}, nil
}

func main() {
	sdk.Serve(&sdk.ServeConfig{Scorer: scorer{base.Plugin{Name: "nofloor", Kind: sdk.KindScorer}}})
}
