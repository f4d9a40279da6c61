package sdktest_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/plugins/extractor-regex/extractor"
	"github.com/compactguard/compactguard/plugins/policy-phase/phaseplugin"
	"github.com/compactguard/compactguard/plugins/scorer-embedding/scorer"
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/sdktest"
)

// The reference plugins, served in process, pass every check that does
// not need a binary; those that do are skipped, saying so.
func TestReferencePluginsConformInProcess(t *testing.T) {
	x, err := extractor.New()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		kind      sdk.Kind
		impl      sdk.Plugin
		config    string
		badConfig string
	}{
		{"extractor-regex", sdk.KindExtractor, x, `categories = ["prohibition", "numeric_commitment", "entity", "failed_attempt"]`, `{"rule_files": ["/nonexistent/rules.hcl"]}`},
		{"scorer-embedding", sdk.KindScorer, scorer.New(), `backend = "hashed"`, `{"threshold": 7}`},
		{"policy-phase", sdk.KindPolicy, phaseplugin.New(), `{"window": 20}`, `{"window": -1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := sdktest.NewHarness(t, tt.kind, tt.impl)
			rep := sdktest.RunHarness(t, h, sdktest.Config{Config: tt.config, BadConfig: tt.badConfig})
			for _, res := range rep.Results {
				if res.Status != sdktest.Skip || kindSpecific(res.Name) {
					continue
				}
				switch res.Name {
				case sdktest.CheckHandshake, sdktest.CheckWrongKind, sdktest.CheckLargeInput, sdktest.CheckShutdown:
					if !strings.Contains(res.Message, "in process") {
						t.Errorf("check %s skipped without saying why: %s", res.Name, res.Message)
					}
				default:
					t.Errorf("check %s skipped in process: %s", res.Name, res.Message)
				}
			}
		})
	}
}

// offItemScorer calls every item preserved citing the candidate's first
// word: a quote that is in the candidate but says nothing of the item.
// The host counts such a verdict as lost, so the kit must fail it too.
type offItemScorer struct{}

func (offItemScorer) Describe(context.Context, *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
	return &sdk.DescribeResponse{Name: "off-item", Version: "0.0.1", Description: "cites the candidate's first word for every item", Kind: sdk.KindScorer, ProtocolVersion: sdk.ProtocolVersion}, nil
}

func (offItemScorer) Configure(context.Context, *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
	return &sdk.ConfigureResponse{}, nil
}

func (offItemScorer) Score(_ context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	resp := &sdk.ScoreResponse{Score: 1}
	quote, _, _ := strings.Cut(strings.TrimSpace(req.Candidate), " ")
	for i := range req.Items {
		resp.Items = append(resp.Items, sdk.ItemScore{Index: i, Preserved: quote != "", Score: 1, Evidence: quote, Fate: sdk.FateKept})
	}
	return resp, nil
}

func (offItemScorer) SelfScore(context.Context, *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return &sdk.SelfScoreResponse{Score: 1}, nil
}

// Evidence that is in the candidate but shares no term with the item
// passes the old in-candidate check and is overridden by the host: the
// kit holds it to the host's rule (sdk.Cites) and fails it.
func TestEvidenceOffTheItemFailsTheKit(t *testing.T) {
	h := sdktest.NewHarness(t, sdk.KindScorer, offItemScorer{})
	rep, err := sdktest.CheckHarness(t.Context(), h, sdktest.Config{})
	if err != nil {
		t.Fatal(err)
	}
	res, _ := rep.Result(sdktest.CheckEvidence)
	if res.Status != sdktest.Fail || !strings.Contains(res.Message, "shares no term with the item") {
		t.Errorf("check %s = %s %q, want FAIL mentioning %q\n%s", sdktest.CheckEvidence, res.Status, res.Message, "shares no term with the item", report(rep))
	}
}

// hangScorer never answers Score: it waits for the call's deadline.
type hangScorer struct{ offItemScorer }

func (hangScorer) Score(ctx context.Context, _ *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// In process, a call that outlives the per-call timeout fails its checks
// as it would against the host, and the plugin keeps serving the rest.
func TestHungCallInProcess(t *testing.T) {
	h := sdktest.NewHarness(t, sdk.KindScorer, hangScorer{})
	rep, err := sdktest.CheckHarness(t.Context(), h, sdktest.Config{Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		check  string
		status sdktest.Status
		want   string
	}{
		{sdktest.CheckTimeout, sdktest.Fail, "did not answer within"},
		{sdktest.CheckScoreRange, sdktest.Fail, "plugin call timed out"},
		{sdktest.CheckSelfScore, sdktest.Pass, "SelfScore in [0,1]"},
	}
	for _, tt := range tests {
		res, _ := rep.Result(tt.check)
		if res.Status != tt.status || !strings.Contains(res.Message, tt.want) {
			t.Errorf("check %s = %s %q, want %s mentioning %q", tt.check, res.Status, res.Message, tt.status, tt.want)
		}
	}
}
