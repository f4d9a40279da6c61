// Command extractor-env reports what it can see of its environment: for
// each span it emits one item whose Text is the value of the environment
// variable named by the span's text, and whose KeyTerms say whether that
// variable was set at all ("set" or "unset"). Tests use it to prove that a
// host secret never reaches a plugin while an allow-listed variable does.
package main

import (
	"context"
	"os"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type extractor struct{ base.Plugin }

func (e extractor) Extract(_ context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	var resp sdk.ExtractResponse
	for _, s := range req.Spans {
		v, ok := os.LookupEnv(s.Text)
		seen := "unset"
		if ok {
			seen = "set"
		}
		resp.Items = append(resp.Items, sdk.Item{
			Category:  "env",
			Text:      v,
			Span:      s.ID,
			KeyTerms:  []string{seen},
			Extractor: e.Name,
		})
	}
	return &resp, nil
}

func main() {
	sdk.Serve(&sdk.ServeConfig{Extractor: extractor{base.Plugin{Name: "env", Kind: sdk.KindExtractor}}})
}
