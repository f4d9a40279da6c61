package main

import (
	"fmt"
	"os"

	"github.com/compactguard/compactguard/plugins/extractor-regex/extractor"
	"github.com/compactguard/compactguard/sdk"
)

func main() {
	x, err := extractor.New()
	if err != nil {
		fmt.Fprintln(os.Stderr, "extractor-regex:", err)
		os.Exit(1)
	}
	sdk.Serve(&sdk.ServeConfig{Extractor: x})
}
