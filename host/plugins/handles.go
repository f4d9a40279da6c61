package plugins

import (
	"context"
	"fmt"

	"github.com/compactguard/compactguard/sdk"
)

// The handles Manager hands out: one type per kind, each implementing the
// sdk interface of its kind and carrying the plugin's name, kind and
// version (Handle). Every call of every kind goes through one wrapper,
// invoke, and so through the supervisor's timeout and restart (call).

// Handle is what every plugin handle carries: its supervisor, whose Name
// (the second label of the plugin's block), Kind, Version, Restarts and
// Info it answers, and the sdk.Plugin methods every kind serves.
type Handle struct{ *Supervisor }

// Describe asks the running plugin what it is.
func (h Handle) Describe(ctx context.Context, req *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
	return invoke(ctx, h.Supervisor, "Describe", req, sdk.Plugin.Describe)
}

// Configure sends a new config; when the plugin accepts it, restarts use
// it too.
func (h Handle) Configure(ctx context.Context, req *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
	resp, err := invoke(ctx, h.Supervisor, "Configure", req, sdk.Plugin.Configure)
	if err != nil {
		return nil, err
	}
	if resp != nil && !resp.Diagnostics.HasErrors() && req != nil {
		h.mu.Lock()
		h.config = req.Config
		h.mu.Unlock()
	}
	return resp, nil
}

// Extractor is an extractor plugin's handle.
type Extractor struct{ Handle }

// Extract asks the extractor for the items of a batch of spans.
func (h Extractor) Extract(ctx context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	return invoke(ctx, h.Supervisor, "Extract", req, sdk.Extractor.Extract)
}

// Scorer is a scorer plugin's handle.
type Scorer struct{ Handle }

// Score asks the scorer for the anchored score of a candidate.
func (h Scorer) Score(ctx context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	return invoke(ctx, h.Supervisor, "Score", req, sdk.Scorer.Score)
}

// SelfScore asks the scorer for a candidate's self score.
func (h Scorer) SelfScore(ctx context.Context, req *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return invoke(ctx, h.Supervisor, "SelfScore", req, sdk.Scorer.SelfScore)
}

// Policy is the policy plugin's handle.
type Policy struct{ Handle }

// PhaseSignal asks the policy plugin for a phase signal on a view.
func (h Policy) PhaseSignal(ctx context.Context, req *sdk.PhaseSignalRequest) (*sdk.PhaseSignalResponse, error) {
	return invoke(ctx, h.Supervisor, "PhaseSignal", req, sdk.Policy.PhaseSignal)
}

// ProposePolicy asks the policy plugin for a policy for a phase.
func (h Policy) ProposePolicy(ctx context.Context, req *sdk.ProposePolicyRequest) (*sdk.ProposePolicyResponse, error) {
	return invoke(ctx, h.Supervisor, "ProposePolicy", req, sdk.Policy.ProposePolicy)
}

// invoke calls method (op names it) on the plugin s runs, through s.call:
// the per-call timeout, the restart of a dead or hung process, and every
// failure as a *CallError. P is the sdk interface method belongs to;
// launch dispensed the spec's kind, so the running plugin serves it.
func invoke[P sdk.Plugin, Req, Resp any](ctx context.Context, s *Supervisor, op string, req Req, method func(P, context.Context, Req) (Resp, error)) (Resp, error) {
	var resp Resp
	err := s.call(ctx, op, func(ctx context.Context, p sdk.Plugin) error {
		impl, ok := p.(P)
		if !ok {
			return fmt.Errorf("%w: the %s plugin does not serve %s", ErrWrongKind, s.spec.Kind, op)
		}
		var err error
		resp, err = method(impl, ctx, req)
		return err
	})
	if err != nil {
		var zero Resp
		return zero, err
	}
	return resp, nil
}
