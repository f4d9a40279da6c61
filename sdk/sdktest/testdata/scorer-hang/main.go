// Command scorer-hang never answers Score: it ignores the call's context
// and blocks, like a scorer stuck on a dead network call. SelfScore
// answers. The conformance kit must fail its timeout check.
package main

import (
	"context"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type scorer struct{ base.Plugin }

func (scorer) Score(context.Context, *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	select {} // never returns; only SIGKILL ends it
}

func (scorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: 0.5}, nil
}

func main() {
	sdk.Serve(&sdk.ServeConfig{Scorer: scorer{base.Plugin{Name: "hang", Kind: sdk.KindScorer}}})
}
