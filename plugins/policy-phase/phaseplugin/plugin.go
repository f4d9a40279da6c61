package phaseplugin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"sync"

	"github.com/compactguard/compactguard/plugins/policy-phase/phase"
	"github.com/compactguard/compactguard/sdk"
)

// Name is the plugin's name in Describe.
const Name = "phase"

// Version is the plugin's version in Describe.
const Version = "0.1.0"

// Config is the plugin's `config` block, decoded from the constants the
// host sends.
type Config struct {
	// Window is how many of the most recent spans the classifier reads
	// (default phase.DefaultWindow). It must be a positive whole number.
	Window *float64 `json:"window"`
	// Proposals maps a phase name to the path of a file holding one policy
	// block in HCL. For such a phase ProposePolicy returns the file's text
	// as PolicyHCL instead of the phase table's policy name. Files are read
	// once, at Configure; relative paths resolve against the plugin's
	// working directory.
	Proposals map[string]string `json:"proposals"`
}

// Plugin is the reference policy plugin. Use New; a Plugin is safe for
// concurrent use, and Configure may be called again to replace its config.
type Plugin struct {
	mu         sync.RWMutex
	classifier *phase.Classifier
	// proposals maps a phase name, as configured, to policy HCL text.
	proposals map[string]string
}

// New returns a plugin with the default config (window 30, no proposals).
func New() *Plugin {
	return &Plugin{classifier: phase.New(phase.DefaultWindow)}
}

var _ sdk.Policy = (*Plugin)(nil)

// Describe names the plugin and declares its config schema.
func (p *Plugin) Describe(ctx context.Context, req *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
	return &sdk.DescribeResponse{
		Name:            Name,
		Kind:            sdk.KindPolicy,
		Version:         Version,
		ProtocolVersion: sdk.ProtocolVersion,
		Description:     "phase classifier (exploration, synthesis, verification, repair) and per-phase policy proposals",
		ConfigSchema: []sdk.ConfigAttribute{
			{Name: "window", Type: "number", Description: fmt.Sprintf("number of most recent spans the classifier reads (default %d)", phase.DefaultWindow)},
			{Name: "proposals", Type: "map(string)", Description: "phase name -> path of a policy HCL file proposed for that phase instead of the phase table's policy name"},
		},
	}, nil
}

// Configure validates and applies the config. Every problem is reported as
// a diagnostic naming its attribute; on any error the previous config stays.
func (p *Plugin) Configure(ctx context.Context, req *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
	var cfg Config
	if err := req.Decode(&cfg); err != nil {
		return &sdk.ConfigureResponse{Diagnostics: sdk.Diagnostics{
			diagnosticForDecode(err),
		}}, nil
	}
	var diags sdk.Diagnostics
	window := phase.DefaultWindow
	if cfg.Window != nil {
		w := *cfg.Window
		switch {
		case math.IsNaN(w) || w <= 0:
			diags = append(diags, sdk.Errorf("window", "must be a whole number greater than 0, got %v", w))
		case w != math.Trunc(w) || w > 1e6:
			diags = append(diags, sdk.Errorf("window", "must be a whole number of spans up to 1000000, got %v", w))
		default:
			window = int(w)
		}
	}
	proposals := make(map[string]string, len(cfg.Proposals))
	for _, name := range sortedKeys(cfg.Proposals) {
		path := cfg.Proposals[name]
		attr := fmt.Sprintf("proposals[%q]", name)
		if path == "" {
			diags = append(diags, sdk.Errorf(attr, "policy file path is empty"))
			continue
		}
		text, err := os.ReadFile(path)
		if err != nil {
			diags = append(diags, sdk.Errorf(attr, "cannot read policy file: %v", err))
			continue
		}
		if len(text) == 0 {
			diags = append(diags, sdk.Errorf(attr, "policy file %s is empty", path))
			continue
		}
		proposals[name] = string(text)
	}
	if diags.HasErrors() {
		return &sdk.ConfigureResponse{Diagnostics: diags}, nil
	}
	p.mu.Lock()
	p.classifier = phase.New(window)
	p.proposals = proposals
	p.mu.Unlock()
	return &sdk.ConfigureResponse{Diagnostics: diags}, nil
}

// diagnosticForDecode names the attribute a JSON type error is about.
func diagnosticForDecode(err error) sdk.Diagnostic {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return sdk.Errorf(te.Field, "wrong type: got %s, want %s", te.Value, te.Type)
	}
	return sdk.Errorf("", "cannot decode config: %v", err)
}

// PhaseSignal scores the view for each phase of the request's phase table.
// Phase names are matched by phase.Canonical; a name the classifier does
// not know scores 0 and draws a warning. With an empty phase table the four
// canonical phases are scored.
func (p *Plugin) PhaseSignal(ctx context.Context, req *sdk.PhaseSignalRequest) (*sdk.PhaseSignalResponse, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p.mu.RLock()
	c := p.classifier
	p.mu.RUnlock()
	scores := c.Classify(req.View)
	out := &sdk.PhaseSignalResponse{Scores: make(map[string]float64)}
	if len(req.Phases) == 0 {
		for _, n := range phase.Names() {
			out.Scores[n], _ = scores.Get(n)
		}
		return out, nil
	}
	for _, ph := range req.Phases {
		v, ok := scores.Get(ph.Name)
		if !ok {
			out.Diagnostics = append(out.Diagnostics, sdk.Diagnostic{
				Severity: sdk.SeverityWarning,
				Summary:  fmt.Sprintf("phase %q is not one the classifier knows (exploration, synthesis, verification, repair); scored 0", ph.Name),
			})
		}
		out.Scores[ph.Name] = v
	}
	return out, nil
}

// ProposePolicy proposes the policy for req.Phase: the text of the policy
// file configured for that phase in `proposals` (PolicyHCL), otherwise the
// policy the phase table maps the phase to (PolicyName). An empty Phase
// means the highest score in req.Scores (ties to the name first in sort
// order). A phase missing from the table is an error diagnostic.
func (p *Plugin) ProposePolicy(ctx context.Context, req *sdk.ProposePolicyRequest) (*sdk.ProposePolicyResponse, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	name := req.Phase
	if name == "" {
		name = topScore(req.Scores)
	}
	if name == "" {
		return &sdk.ProposePolicyResponse{Diagnostics: sdk.Diagnostics{
			sdk.Errorf("", "no phase given and no scores to choose one from"),
		}}, nil
	}
	p.mu.RLock()
	text, ok := p.proposals[name]
	p.mu.RUnlock()
	if ok {
		return &sdk.ProposePolicyResponse{PolicyHCL: text}, nil
	}
	for _, ph := range req.Phases {
		if ph.Name == name {
			if ph.Policy == "" {
				break
			}
			return &sdk.ProposePolicyResponse{PolicyName: ph.Policy}, nil
		}
	}
	return &sdk.ProposePolicyResponse{Diagnostics: sdk.Diagnostics{
		sdk.Errorf("", "phase %q has no policy in the phase table and no configured proposal", name),
	}}, nil
}

// topScore returns the phase with the highest score, ties to the name first
// in sort order, or "" when scores is empty.
func topScore(scores map[string]float64) string {
	best, bestScore := "", math.Inf(-1)
	for _, n := range sortedKeys(scores) {
		if v := scores[n]; v > bestScore {
			best, bestScore = n, v
		}
	}
	return best
}

// sortedKeys returns m's keys in sort order, so loops over maps are
// deterministic.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
