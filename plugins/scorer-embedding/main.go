// Command scorer-embedding is compactguard's reference scorer plugin. The
// host starts it through go-plugin; it is not meant to be run by hand.
// See package scorer for what it computes and how it is configured.
package main

import (
	"github.com/compactguard/compactguard/plugins/scorer-embedding/scorer"
	"github.com/compactguard/compactguard/sdk"
)

func main() {
	sdk.Serve(&sdk.ServeConfig{Scorer: scorer.New()})
}
