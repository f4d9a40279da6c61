// Command policy-faulty is a policy plugin whose faults a test switches on
// and off while it runs (see faultctl): the mode is read from the control
// file on every call. With no mode, PhaseSignal scores the last configured
// phase 0.9 and every other 0.1 (so a signal moves the session to the last
// phase), and ProposePolicy names the policy of the signal's phase.
//
// Modes:
//
//	crash-signal    PhaseSignal exits with status 3 mid-call
//	hang-signal     PhaseSignal blocks forever, ignoring the deadline
//	nan-signal      PhaseSignal scores the last phase NaN
//	crash-propose   ProposePolicy exits with status 3 mid-call
//	hang-propose    ProposePolicy blocks forever, ignoring the deadline
//	empty-propose   ProposePolicy names no policy and carries no HCL
//	garbage-propose ProposePolicy answers HCL that does not parse
package main

import (
	"context"
	"math"
	"os"

	"github.com/compactguard/compactguard/internal/plugintest/testplugins/base"
	"github.com/compactguard/compactguard/internal/plugintest/testplugins/faultctl"
	"github.com/compactguard/compactguard/sdk"
)

type policy struct {
	base.Plugin
	ctl *faultctl.Control
}

func (p policy) PhaseSignal(_ context.Context, req *sdk.PhaseSignalRequest) (*sdk.PhaseSignalResponse, error) {
	scores := map[string]float64{}
	for i, ph := range req.Phases {
		scores[ph.Name] = 0.1
		if i == len(req.Phases)-1 {
			scores[ph.Name] = 0.9
		}
	}
	switch p.ctl.Mode() {
	case "crash-signal":
		os.Exit(3)
	case "hang-signal":
		p.ctl.Hang()
	case "nan-signal":
		if n := len(req.Phases); n > 0 {
			scores[req.Phases[n-1].Name] = math.NaN()
		}
	}
	return &sdk.PhaseSignalResponse{Scores: scores}, nil
}

func (p policy) ProposePolicy(_ context.Context, req *sdk.ProposePolicyRequest) (*sdk.ProposePolicyResponse, error) {
	switch p.ctl.Mode() {
	case "crash-propose":
		os.Exit(3)
	case "hang-propose":
		p.ctl.Hang()
	case "empty-propose":
		return &sdk.ProposePolicyResponse{}, nil
	case "garbage-propose":
		return &sdk.ProposePolicyResponse{PolicyHCL: "policy \"x\" { top_k = \n"}, nil
	}
	for _, ph := range req.Phases {
		if ph.Name == req.Phase {
			return &sdk.ProposePolicyResponse{PolicyName: ph.Policy}, nil
		}
	}
	return &sdk.ProposePolicyResponse{PolicyName: req.ActivePolicy}, nil
}

func main() {
	ctl := faultctl.Init()
	sdk.Serve(&sdk.ServeConfig{Policy: policy{Plugin: base.Plugin{Name: "faulty", Kind: sdk.KindPolicy}, ctl: ctl}})
}
