// Command extractor-crash exits with status 3 in the middle of an Extract
// call that contains a span whose text is "CRASH", the way a plugin that
// hits a fatal error does. Otherwise it behaves like extractor-good.
package main

import (
	"context"
	"os"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type extractor struct{ base.Plugin }

func (e extractor) Extract(_ context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	for _, s := range req.Spans {
		if s.Text == "CRASH" {
			os.Exit(3)
		}
	}
	return &sdk.ExtractResponse{Items: base.Prohibitions(e.Name, req.Spans)}, nil
}

func main() {
	sdk.Serve(&sdk.ServeConfig{Extractor: extractor{base.Plugin{Name: "crash", Kind: sdk.KindExtractor}}})
}
