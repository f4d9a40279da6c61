package guard

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/host/tokens"
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// The plugins here are small in-process implementations of the sdk
// interfaces, enough to drive every branch of the guard. Tests over real
// plugin processes live in cmd/compactguard.

type info struct{ kind sdk.Kind }

func (i info) Describe(context.Context, *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
	return &sdk.DescribeResponse{Name: "test", Kind: i.kind, ProtocolVersion: sdk.ProtocolVersion}, nil
}
func (i info) Configure(context.Context, *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
	return &sdk.ConfigureResponse{}, nil
}

var (
	sentenceRE = regexp.MustCompile(`[^.!?\n]+[.!?]?`)
	twoDigits  = regexp.MustCompile(`\d\d`)
)

// cueExtractor makes one item per sentence of a user or system span that
// contains "do not" (prohibition) or a digit (numeric_commitment).
type cueExtractor struct {
	info
	// The counters are atomic: the guard calls extractors from several
	// requests at once.
	calls atomic.Int64
	spans atomic.Int64 // original spans extracted; the candidate read at compaction is counted apart
	// candidates counts the candidates the host asked it to read.
	candidates atomic.Int64
}

func (x *cueExtractor) Extract(_ context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	x.calls.Add(1)
	for _, s := range req.Spans {
		if s.ID == CandidateSpanID {
			x.candidates.Add(1)
		} else {
			x.spans.Add(1)
		}
	}
	var items []sdk.Item
	for _, s := range req.Spans {
		if s.Kind != "user" && s.Kind != "system" && s.ID != CandidateSpanID {
			continue
		}
		for _, loc := range sentenceRE.FindAllStringIndex(s.Text, -1) {
			sent := strings.TrimSpace(s.Text[loc[0]:loc[1]])
			start := loc[0] + strings.Index(s.Text[loc[0]:loc[1]], sent)
			end := start + len(sent)
			switch {
			case strings.Contains(strings.ToLower(sent), "do not"):
				items = append(items, sdk.Item{Category: sdk.CategoryProhibition, Text: sent, Span: s.ID, Start: start, End: end})
			case twoDigits.MatchString(sent):
				items = append(items, sdk.Item{Category: sdk.CategoryNumericCommitment, Text: sent, Span: s.ID, Start: start, End: end})
			}
		}
	}
	return &sdk.ExtractResponse{Items: items}, nil
}

// substringScorer calls an item preserved when its text appears in the
// candidate (case and whitespace folded), citing that text as evidence.
type substringScorer struct {
	info
	lastOriginals []sdk.Span
	lastCandidate []sdk.Item
	self          float64
}

func (s *substringScorer) Score(_ context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	s.lastOriginals = req.Originals
	s.lastCandidate = req.CandidateItems
	resp := &sdk.ScoreResponse{}
	kept := 0
	for i, it := range req.Items {
		v := sdk.ItemScore{Index: i, Fate: sdk.FateLost}
		if strings.Contains(sdk.Fold(req.Candidate), sdk.Fold(it.Text)) {
			v = sdk.ItemScore{Index: i, Preserved: true, Score: 1, Evidence: it.Text, Fate: sdk.FateKept}
			kept++
		}
		resp.Items = append(resp.Items, v)
	}
	resp.Score = 1
	if len(req.Items) > 0 {
		resp.Score = float64(kept) / float64(len(req.Items))
	}
	return resp, nil
}

func (s *substringScorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: s.self}, nil
}

// fixedPolicy answers every phase signal with the scores it holds.
type fixedPolicy struct {
	info
	scores map[string]float64
	hcl    string
}

func (p *fixedPolicy) PhaseSignal(context.Context, *sdk.PhaseSignalRequest) (*sdk.PhaseSignalResponse, error) {
	return &sdk.PhaseSignalResponse{Scores: p.scores}, nil
}

func (p *fixedPolicy) ProposePolicy(_ context.Context, req *sdk.ProposePolicyRequest) (*sdk.ProposePolicyResponse, error) {
	if p.hcl != "" {
		return &sdk.ProposePolicyResponse{PolicyHCL: p.hcl}, nil
	}
	for _, ph := range req.Phases {
		if ph.Name == req.Phase {
			return &sdk.ProposePolicyResponse{PolicyName: ph.Policy}, nil
		}
	}
	return &sdk.ProposePolicyResponse{}, nil
}

const testPolicies = `
policy "explore" {
  top_k = 10
  category "reads" {
    match = span.kind == "tool_result"
    cap   = 200
    score = span.recency
  }
}
policy "wide" {
  top_k = 100
  category "reads" {
    match = span.kind == "tool_result"
    cap   = 5000
    score = span.recency
  }
  category "talk" {
    match = span.kind == "user" || span.kind == "assistant"
    cap   = 5000
    score = span.recency
  }
}
policy "explore_rescored" {
  top_k = 10
  category "reads" {
    match = span.kind == "tool_result"
    cap   = 200
    score = 1 - span.recency
  }
}
`

func compilePolicies(t testing.TB, src string) map[string]*policy.Policy {
	t.Helper()
	f, diags := hclsyntax.ParseConfig([]byte(src), "test.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	content, diags := f.Body.Content(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "policy", LabelNames: []string{"name"}}}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	out := map[string]*policy.Policy{}
	for _, b := range content.Blocks {
		p, diags := policy.Decode(b.Labels[0], b.Body, b.DefRange)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		out[p.Name] = p
	}
	return out
}

type fixture struct {
	g   *Guard
	ex  *cueExtractor
	sc  *substringScorer
	pol *fixedPolicy
	ctx context.Context
}

const tenant = "t"

// builtinLexicon loads the built-in languages once per test binary:
// under -race a load takes seconds, and every fixture needs the same
// read-only set (Options.Lexicon).
var builtinLexicon = sync.OnceValues(lexicon.Default)

// testLexicon returns the built-in languages, loaded once.
func testLexicon(t testing.TB) *lexicon.Set {
	t.Helper()
	lex, err := builtinLexicon()
	if err != nil {
		t.Fatal(err)
	}
	return lex
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	return newFixtureOn(t, ledger.NewMemory())
}

// newFixtureOn is newFixture over another store.
func newFixtureOn(t testing.TB, store ledger.Store) *fixture {
	t.Helper()
	tok, err := tokens.New("")
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{
		ex:  &cueExtractor{info: info{sdk.KindExtractor}},
		sc:  &substringScorer{info: info{sdk.KindScorer}, self: 0.93},
		pol: &fixedPolicy{info: info{sdk.KindPolicy}, scores: map[string]float64{"exploration": 0.9}},
		ctx: context.Background(),
	}
	enter := 0.7
	f.g, err = New(Options{
		Store: store, Tokens: tok,
		Extractors: []Extractor{{Name: "cue", Extractor: f.ex}},
		Scorer:     f.sc, Policy: f.pol,
		Lexicon: testLexicon(t),
		Settings: Settings{
			Threshold: 0.8, MustKeep: []string{sdk.CategoryProhibition, sdk.CategoryNumericCommitment},
			GapWarning: 0.15, TrendWindow: 3,
			Budget: 1000, BudgetAuthority: "admin",
			Authorities: map[string]Authority{"admin": NewAuthority("admin", "s3cret")},
			Phases: []Phase{
				{Name: "exploration", Policy: "explore"},
				{Name: "synthesis", Policy: "wide", EnterAbove: &enter},
			},
			Policies: compilePolicies(t, testPolicies),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) session(t testing.TB, id string, spans ...sdk.Span) {
	t.Helper()
	if err := f.g.CreateSession(f.ctx, tenant, id); err != nil {
		t.Fatal(err)
	}
	if len(spans) > 0 {
		if _, err := f.g.Append(f.ctx, tenant, id, spans); err != nil {
			t.Fatal(err)
		}
	}
}

func span(id, kind, text string) sdk.Span { return sdk.Span{ID: id, Kind: kind, Text: text} }

func (f *fixture) decisions(t testing.TB, id string) []ledger.DecisionRecord {
	t.Helper()
	var ds []ledger.DecisionRecord
	if err := f.g.Store().View(f.ctx, tenant, id, func(tx ledger.Tx) error {
		var err error
		ds, err = tx.Decisions()
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return ds
}
