// Command scorer-nofloor calls every item preserved and cites the
// candidate's first line for each: evidence that is in the candidate, but
// not the clause that states the item. The conformance kit must fail its
// evidence check on the host floor (frame.Reader.Cites).
package main

import (
	"context"
	"strings"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type scorer struct{ base.Plugin }

func (scorer) Score(_ context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	first, _, _ := strings.Cut(strings.TrimSpace(req.Candidate), "\n")
	resp := &sdk.ScoreResponse{Score: 1}
	for i := range req.Items {
		v := sdk.ItemScore{Index: i, Fate: sdk.FateLost}
		if first != "" {
			v = sdk.ItemScore{Index: i, Preserved: true, Score: 1, Fate: sdk.FateKept, Evidence: first}
		}
		resp.Items = append(resp.Items, v)
	}
	return resp, nil
}

func (scorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: 1}, nil
}

func main() {
	sdk.Serve(&sdk.ServeConfig{Scorer: scorer{base.Plugin{Name: "nofloor", Kind: sdk.KindScorer}}})
}
