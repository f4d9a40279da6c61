// Command extractor-faulty is an extractor whose faults a test switches on
// and off while it runs (see faultctl): the mode is read from the control
// file on every Extract call. With no mode it behaves like extractor-good
// (one prohibition per span containing "do not").
//
// Modes:
//
//	crash       exit with status 3 mid-call
//	hang        block forever, ignoring the call's deadline
//	kill        SIGKILL itself mid-call
//	noise       write to stdout and stderr (redirected and raw), then answer
//	flood       write a 256 KiB line straight to fd 1, then answer
//	many        answer 100,000 distinct items for the first span
//	big         answer normally plus a 60 MiB warning diagnostic
//	oversize    answer a 65 MiB item, above the 64 MiB message limit
//	error       answer an error diagnostic
//	bad-range   answer an item whose range lies outside its span
//	foreign     answer an item citing a span not in the batch
//	nocategory  answer an item without a category
package main

import (
	"context"
	"os"
	"strings"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/internal/plugintest/testplugins/faultctl"
	"github.com/compactguard/compactguard/sdk"
)

// ManyItems is how many items the "many" mode answers.
const ManyItems = 100_000

type extractor struct {
	base.Plugin
	ctl *faultctl.Control
}

func (e extractor) Extract(_ context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	items := base.Prohibitions(e.Name, req.Spans)
	resp := &sdk.ExtractResponse{Items: items}
	first := sdk.Span{}
	if len(req.Spans) > 0 {
		first = req.Spans[0]
	}
	switch e.ctl.Mode() {
	case "crash":
		e.ctl.Entered()
		os.Exit(3)
	case "hang":
		e.ctl.Hang()
	case "kill":
		faultctl.KillSelf()
	case "noise":
		faultctl.Noise()
	case "flood":
		faultctl.Flood(256 << 10)
	case "many":
		resp.Items = append(resp.Items, many(first)...)
	case "big":
		resp.Diagnostics = append(resp.Diagnostics, sdk.Diagnostic{
			Severity: sdk.SeverityWarning, Summary: "a 60 MiB warning", Detail: strings.Repeat("w", 60<<20),
		})
	case "oversize":
		resp.Items = append(resp.Items, sdk.Item{
			Category: sdk.CategoryProhibition, Text: strings.Repeat("o", 65<<20), Span: first.ID, End: len(first.Text),
		})
	case "error":
		resp.Diagnostics = append(resp.Diagnostics, sdk.Errorf("", "the rule pack failed to load"))
	case "bad-range":
		resp.Items = append(resp.Items, sdk.Item{Category: sdk.CategoryProhibition, Text: "x", Span: first.ID, Start: 0, End: len(first.Text) + 10})
	case "foreign":
		resp.Items = append(resp.Items, sdk.Item{Category: sdk.CategoryProhibition, Text: "x", Span: "not-in-the-batch"})
	case "nocategory":
		resp.Items = append(resp.Items, sdk.Item{Text: "x", Span: first.ID, End: len(first.Text)})
	}
	return resp, nil
}

// many returns ManyItems prohibition items for span s, each with its own
// byte range (so the host's de-duplication keeps them all) and the same
// short text.
func many(s sdk.Span) []sdk.Item {
	out := make([]sdk.Item, 0, ManyItems)
	n := len(s.Text)
	for start := 0; start <= n && len(out) < ManyItems; start++ {
		for end := start; end <= n && len(out) < ManyItems; end++ {
			out = append(out, sdk.Item{Category: sdk.CategoryProhibition, Text: "do not", Span: s.ID, Start: start, End: end, Extractor: "faulty"})
		}
	}
	return out
}

func main() {
	ctl := faultctl.Init()
	sdk.Serve(&sdk.ServeConfig{Extractor: extractor{Plugin: base.Plugin{Name: "faulty", Kind: sdk.KindExtractor}, ctl: ctl}})
}
