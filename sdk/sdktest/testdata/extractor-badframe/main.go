// Command extractor-badframe emits well-placed prohibition items whose
// frames are malformed: a bound op that is not one of sdk.Ops() and a
// lifted status that names no span. The conformance kit must fail its
// extract-spans check.
package main

import (
	"context"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type extractor struct{ base.Plugin }

func (x extractor) Extract(_ context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	items := base.Prohibitions(x.Name, req.Spans)
	for i := range items {
		items[i].Frame = &sdk.Frame{
			Modality: sdk.ModalityMustNot,
			Bounds:   []sdk.Bound{{Op: "≈", Value: 3, Unit: "count", Text: "about 3"}},
			Status:   sdk.StatusLifted,
		}
	}
	return &sdk.ExtractResponse{Items: items}, nil
}

func main() {
	sdk.Serve(&sdk.ServeConfig{Extractor: extractor{base.Plugin{Name: "badframe", Kind: sdk.KindExtractor}}})
}
