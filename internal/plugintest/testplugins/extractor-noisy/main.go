// Command extractor-noisy prints a line to stdout before calling Serve,
// which a plugin must never do. go-plugin reads the first line of a
// plugin's stdout as its handshake ("CORE|APP|NETWORK|ADDR|PROTOCOL|CERT");
// it finds this line instead, fails the start with "Unrecognized remote
// plugin message: hello from a noisy plugin" and kills the process. The
// host must refuse it with that message, not hang.
package main

import (
	"context"
	"fmt"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/sdk"
)

type extractor struct{ base.Plugin }

func (e extractor) Extract(_ context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	return &sdk.ExtractResponse{Items: base.Prohibitions(e.Name, req.Spans)}, nil
}

func main() {
	fmt.Println("hello from a noisy plugin")
	sdk.Serve(&sdk.ServeConfig{Extractor: extractor{base.Plugin{Name: "noisy", Kind: sdk.KindExtractor}}})
}
