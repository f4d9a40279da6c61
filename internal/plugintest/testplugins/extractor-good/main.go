// Command extractor-good is a well-behaved test extractor: one
// "prohibition" item per span containing "do not". Each call also writes a
// line to stderr and logs through hclog, so tests can see both forwarded
// to the host's log under the plugin's name.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type extractor struct {
	base.Plugin
	log hclog.Logger
}

func (e extractor) Extract(_ context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	e.log.Info("extracting", "spans", len(req.Spans))
	fmt.Fprintf(os.Stderr, "extractor-good: raw stderr line for %d spans\n", len(req.Spans))
	return &sdk.ExtractResponse{Items: base.Prohibitions(e.Name, req.Spans)}, nil
}

func main() {
	log := hclog.New(&hclog.LoggerOptions{Output: os.Stderr, JSONFormat: true, Level: hclog.Debug})
	sdk.Serve(&sdk.ServeConfig{
		Extractor: extractor{Plugin: base.Plugin{Name: "good", Kind: sdk.KindExtractor}, log: log},
		Logger:    log,
	})
}
