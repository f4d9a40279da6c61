// Command scorer-faulty is a scorer whose faults a test switches on and off
// while it runs (see faultctl): the mode is read from the control file on
// every call. With no mode it is an honest literal scorer: an item is
// preserved when the candidate contains the item's text (case and spaces
// folded), with that text as evidence; the score is the share preserved;
// the self score is 0.95.
//
// Modes (Score unless named otherwise):
//
//	kill              SIGKILL itself mid-call
//	hang              block forever, ignoring the call's deadline
//	crash             exit with status 3 mid-call
//	noise             write to stdout and stderr (redirected and raw), then answer
//	error             answer a gRPC error status
//	diag-error        answer an error diagnostic
//	nan               anchored score NaN
//	above-one         anchored score 1.7
//	negative          anchored score -0.2
//	item-nan          a per-item score NaN
//	index-range       a verdict for an item index out of range
//	index-negative    a verdict for item -1
//	duplicate-index   two verdicts for item 0
//	fake-evidence     every item preserved, citing text not in the candidate
//	no-evidence       every item preserved, citing nothing
//	no-verdicts       score 1 with no per-item verdicts
//	self-nan          SelfScore answers NaN
//	self-crash        SelfScore exits with status 3
//	oversize          a 65 MiB note, above the 64 MiB message limit
package main

import (
	"context"
	"math"
	"os"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/internal/plugintest/testplugins/faultctl"
	"github.com/compactguard/compactguard/sdk"
)

type scorer struct {
	base.Plugin
	ctl *faultctl.Control
}

func fold(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

// honest scores req literally.
func honest(req *sdk.ScoreRequest) *sdk.ScoreResponse {
	resp := &sdk.ScoreResponse{}
	cand := fold(req.Candidate)
	kept := 0
	for i, it := range req.Items {
		v := sdk.ItemScore{Index: i, Fate: sdk.FateLost}
		if t := fold(it.Text); t != "" && strings.Contains(cand, t) {
			v.Preserved, v.Score, v.Evidence, v.Fate = true, 1, it.Text, sdk.FateKept
			kept++
		}
		resp.Items = append(resp.Items, v)
	}
	resp.Score = 1
	if len(req.Items) > 0 {
		resp.Score = float64(kept) / float64(len(req.Items))
	}
	return resp
}

func (s scorer) Score(_ context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	resp := honest(req)
	switch s.ctl.Mode() {
	case "kill":
		s.ctl.Entered()
		faultctl.KillSelf()
	case "hang":
		s.ctl.Hang()
	case "crash":
		os.Exit(3)
	case "noise":
		faultctl.Noise()
	case "error":
		return nil, status.Error(codes.Internal, "the embedding model failed to load")
	case "diag-error":
		resp.Diagnostics = append(resp.Diagnostics, sdk.Errorf("", "the embedding endpoint answered 500"))
	case "nan":
		resp.Score = math.NaN()
	case "above-one":
		resp.Score = 1.7
	case "negative":
		resp.Score = -0.2
	case "item-nan":
		if len(resp.Items) > 0 {
			resp.Items[0].Score = math.NaN()
		}
	case "index-range":
		resp.Items = append(resp.Items, sdk.ItemScore{Index: len(req.Items) + 5, Preserved: true, Score: 1})
	case "index-negative":
		resp.Items = append(resp.Items, sdk.ItemScore{Index: -1, Preserved: true, Score: 1})
	case "duplicate-index":
		resp.Items = append(resp.Items, sdk.ItemScore{Index: 0, Preserved: true, Score: 1})
	case "fake-evidence", "no-evidence":
		evidence := "a quote the candidate never contained"
		if s.ctl.Mode() == "no-evidence" {
			evidence = ""
		}
		for i := range resp.Items {
			resp.Items[i].Preserved, resp.Items[i].Score, resp.Items[i].Evidence = true, 1, evidence
		}
		resp.Score = 1
	case "no-verdicts":
		resp.Items, resp.Score = nil, 1
	case "oversize":
		if len(resp.Items) > 0 {
			resp.Items[0].Note = strings.Repeat("n", 65<<20)
		}
	}
	return resp, nil
}

func (s scorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	switch s.ctl.Mode() {
	case "self-nan":
		return &sdk.SelfScoreResponse{Score: math.NaN()}, nil
	case "self-crash":
		os.Exit(3)
	}
	return &sdk.SelfScoreResponse{Score: 0.95}, nil
}

func main() {
	ctl := faultctl.Init()
	sdk.Serve(&sdk.ServeConfig{Scorer: scorer{Plugin: base.Plugin{Name: "faulty", Kind: sdk.KindScorer}, ctl: ctl}})
}
