// Command scorer-only serves the scorer kind and nothing else, so a host
// configured to run it as an extractor must refuse it by name.
package main

import (
	"context"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type scorer struct{ base.Plugin }

func (scorer) Score(_ context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	return &sdk.ScoreResponse{Score: 1}, nil
}

func (scorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: 1}, nil
}

func main() {
	sdk.Serve(&sdk.ServeConfig{Scorer: scorer{base.Plugin{Name: "scorer-only", Kind: sdk.KindScorer}}})
}
