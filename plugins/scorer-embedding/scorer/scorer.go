package scorer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/framejudge"
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// Name and Version are what Describe reports.
const (
	Name    = "embedding"
	Version = "0.1.0"
)

// Scorer implements sdk.Scorer. The zero value is not usable; use New.
// It is safe for concurrent use; Configure swaps the configuration
// atomically for later calls.
type Scorer struct {
	getenv func(string) string
	reader *frame.Reader

	mu    sync.RWMutex
	cfg   Config
	judge *framejudge.Judge
}

var _ sdk.Scorer = (*Scorer)(nil)

// New returns a Scorer with the default configuration (pairing by words
// alone), reading environment variables with os.Getenv.
func New() *Scorer {
	return NewWithEnv(os.Getenv)
}

// NewWithEnv is New with another environment lookup, for tests.
func NewWithEnv(getenv func(string) string) *Scorer {
	cfg, _ := ParseConfig(&sdk.ConfigureRequest{}, getenv)
	lex, err := lexicon.Default()
	if err != nil {
		// The lexicons are embedded and tested; failing here is a build defect.
		panic(err)
	}
	r := frame.NewReader(lex)
	return &Scorer{getenv: getenv, reader: r, cfg: cfg, judge: framejudge.New(r)}
}

// Describe implements sdk.Plugin.
func (s *Scorer) Describe(ctx context.Context, req *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
	return &sdk.DescribeResponse{
		Name:            Name,
		Kind:            sdk.KindScorer,
		Version:         Version,
		ProtocolVersion: sdk.ProtocolVersion,
		Description:     "reference-anchored scorer: each item read into constraint frames and compared clause against clause with the candidate, optionally paired by meaning over an OpenAI-compatible embedding endpoint",
		ConfigSchema:    Schema,
	}, nil
}

// Configure implements sdk.Plugin. On an error diagnostic the previous
// configuration stays active.
func (s *Scorer) Configure(ctx context.Context, req *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
	cfg, diags := ParseConfig(req, s.getenv)
	if diags.HasErrors() {
		return &sdk.ConfigureResponse{Diagnostics: diags}, nil
	}
	emb, err := embedder(cfg)
	if err != nil {
		return &sdk.ConfigureResponse{Diagnostics: append(diags, sdk.Errorf("backend", "%v", err))}, nil
	}
	j := framejudge.NewWithOptions(s.reader, framejudge.Options{Embedder: emb, Threshold: cfg.Threshold, Workers: cfg.Workers})
	s.mu.Lock()
	s.cfg, s.judge = cfg, j
	s.mu.Unlock()
	return &sdk.ConfigureResponse{Diagnostics: diags}, nil
}

// Score implements sdk.Scorer: one ItemScore per item and the weighted
// recall of preserved items.
func (s *Scorer) Score(ctx context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	s.mu.RLock()
	cfg, j := s.cfg, s.judge
	s.mu.RUnlock()
	resp := &sdk.ScoreResponse{Score: 1, Items: []sdk.ItemScore{}}
	if len(req.Items) == 0 {
		return resp, nil
	}
	items := fillTexts(req.Items, req.Originals)
	vs, err := j.Judge(ctx, req.Candidate, items, req.Originals)
	var perr *framejudge.PairingError
	switch {
	case errors.As(err, &perr):
		// The words still judged every item; only pairing by meaning
		// was lost, and a verdict reached without it is no less strict.
		resp.Diagnostics = append(resp.Diagnostics, sdk.Diagnostic{Severity: sdk.SeverityWarning, Attribute: "backend",
			Summary: "embedding endpoint failed; items were paired by words alone", Detail: perr.Err.Error()})
	case err != nil:
		return nil, err
	}
	return score(resp, cfg, items, vs), nil
}

// score fills resp with one ItemScore per verdict and the weighted recall
// of preserved items.
func score(resp *sdk.ScoreResponse, cfg Config, items []sdk.Item, verdicts []framejudge.Verdict) *sdk.ScoreResponse {
	var total, kept float64
	for i, v := range verdicts {
		resp.Items = append(resp.Items, sdk.ItemScore{
			Index: i, Preserved: v.Preserved, Score: v.Score, Evidence: v.Evidence, Fate: v.Fate, Note: v.Note,
		})
		w := weight(cfg.Weights, items[i].Category)
		total += w
		if v.Preserved {
			kept += w
		}
	}
	if total > 0 {
		resp.Score = kept / total
	}
	return resp
}

// weight returns a category's weight, the "other" weight for categories
// not configured.
func weight(ws map[string]float64, category string) float64 {
	if w, ok := ws[category]; ok {
		return w
	}
	if w, ok := ws["other"]; ok {
		return w
	}
	return 1
}

// fillTexts returns items whose empty Text is taken from the original span
// they cite (Span, Start, End), so an extractor that sends only offsets is
// still judged.
func fillTexts(items []sdk.Item, originals []sdk.Span) []sdk.Item {
	out := make([]sdk.Item, len(items))
	copy(out, items)
	var byID map[string]string
	for i, it := range out {
		if it.Text != "" {
			continue
		}
		if byID == nil {
			byID = make(map[string]string, len(originals))
			for _, sp := range originals {
				byID[sp.ID] = sp.Text
			}
		}
		t := byID[it.Span]
		if it.Start >= 0 && it.End > it.Start && it.End <= len(t) {
			t = t[it.Start:it.End]
		}
		if t == "" {
			t = fmt.Sprint(it.KeyTerms)
		}
		out[i].Text = t
	}
	return out
}
