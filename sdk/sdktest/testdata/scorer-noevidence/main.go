// Command scorer-noevidence calls every item preserved without quoting the
// candidate: the self-referential scorer the host exists to catch. The
// conformance kit must fail its evidence check.
package main

import (
	"context"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type scorer struct{ base.Plugin }

func (scorer) Score(_ context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	resp := &sdk.ScoreResponse{Score: 1}
	for i := range req.Items {
		resp.Items = append(resp.Items, sdk.ItemScore{Index: i, Preserved: true, Score: 1, Fate: sdk.FateKept})
	}
	return resp, nil
}

func (scorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: 1}, nil
}

func main() {
	sdk.Serve(&sdk.ServeConfig{Scorer: scorer{base.Plugin{Name: "noevidence", Kind: sdk.KindScorer}}})
}
