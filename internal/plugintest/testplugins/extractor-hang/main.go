// Command extractor-hang never answers an Extract call that contains a
// span whose text is "HANG": it ignores the call's context and blocks, the
// way a plugin stuck in a loop or a dead network call does. Otherwise it
// behaves like extractor-good.
package main

import (
	"context"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type extractor struct{ base.Plugin }

func (e extractor) Extract(_ context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	for _, s := range req.Spans {
		if s.Text == "HANG" {
			select {} // never returns; only SIGKILL ends it
		}
	}
	return &sdk.ExtractResponse{Items: base.Prohibitions(e.Name, req.Spans)}, nil
}

func main() {
	sdk.Serve(&sdk.ServeConfig{Extractor: extractor{base.Plugin{Name: "hang", Kind: sdk.KindExtractor}}})
}
