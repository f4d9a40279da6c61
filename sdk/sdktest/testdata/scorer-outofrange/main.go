// Command scorer-outofrange scores every candidate 1.7, out of [0,1]. The
// conformance kit must fail its score-range check.
package main

import (
	"context"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type scorer struct{ base.Plugin }

func (scorer) Score(_ context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	resp := &sdk.ScoreResponse{Score: 1.7}
	for i := range req.Items {
		resp.Items = append(resp.Items, sdk.ItemScore{Index: i, Fate: sdk.FateLost})
	}
	return resp, nil
}

func (scorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: 0.5}, nil
}

func main() {
	sdk.Serve(&sdk.ServeConfig{Scorer: scorer{base.Plugin{Name: "outofrange", Kind: sdk.KindScorer}}})
}
