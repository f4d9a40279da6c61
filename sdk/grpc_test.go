package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// fake serves every kind. It records the last request it got and answers
// with the canned response (or error) set on it, so a test can compare
// both ends of the wire.
type fake struct {
	describe *DescribeResponse
	err      error // returned by every call when set

	gotConfigure *ConfigureRequest
	configure    *ConfigureResponse

	gotExtract *ExtractRequest
	extract    *ExtractResponse

	gotScore *ScoreRequest
	score    *ScoreResponse

	gotSelf *SelfScoreRequest
	self    *SelfScoreResponse

	gotSignal *PhaseSignalRequest
	signal    *PhaseSignalResponse

	gotPropose *ProposePolicyRequest
	propose    *ProposePolicyResponse
}

func (f *fake) Describe(context.Context, *DescribeRequest) (*DescribeResponse, error) {
	return f.describe, f.err
}

func (f *fake) Configure(_ context.Context, req *ConfigureRequest) (*ConfigureResponse, error) {
	f.gotConfigure = req
	return f.configure, f.err
}

func (f *fake) Extract(_ context.Context, req *ExtractRequest) (*ExtractResponse, error) {
	f.gotExtract = req
	return f.extract, f.err
}

func (f *fake) Score(_ context.Context, req *ScoreRequest) (*ScoreResponse, error) {
	f.gotScore = req
	return f.score, f.err
}

func (f *fake) SelfScore(_ context.Context, req *SelfScoreRequest) (*SelfScoreResponse, error) {
	f.gotSelf = req
	return f.self, f.err
}

func (f *fake) PhaseSignal(_ context.Context, req *PhaseSignalRequest) (*PhaseSignalResponse, error) {
	f.gotSignal = req
	return f.signal, f.err
}

func (f *fake) ProposePolicy(_ context.Context, req *ProposePolicyRequest) (*ProposePolicyResponse, error) {
	f.gotPropose = req
	return f.propose, f.err
}

// connect serves impl under the given kinds over an in-process gRPC
// connection and returns the host-side clients.
func connect(t *testing.T, impl *fake, kinds ...Kind) (Extractor, Scorer, Policy) {
	t.Helper()
	set := plugin.PluginSet{}
	for _, k := range kinds {
		switch k {
		case KindExtractor:
			set[string(k)] = &ExtractorPlugin{Impl: impl}
		case KindScorer:
			set[string(k)] = &ScorerPlugin{Impl: impl}
		case KindPolicy:
			set[string(k)] = &PolicyPlugin{Impl: impl}
		}
	}
	// Closing the client stops the server through go-plugin's controller
	// (stopping the server here as well would race inside go-plugin).
	client, _ := plugin.TestPluginGRPCConn(t, false, set)
	t.Cleanup(func() { _ = client.Close() })
	// The client side dispenses from the host's plugin map, which knows
	// every kind whatever the server serves.
	client.Plugins = PluginMap()
	dispense := func(k Kind) any {
		raw, err := client.Dispense(string(k))
		if err != nil {
			t.Fatalf("dispense %s: %v", k, err)
		}
		return raw
	}
	return dispense(KindExtractor).(Extractor), dispense(KindScorer).(Scorer), dispense(KindPolicy).(Policy)
}

var (
	fullSpans = []Span{
		{ID: "s1", Kind: "user", Text: "do not run DROP TABLE", Meta: map[string]string{"tool": "bash", "exit_code": "0"}, Covers: []string{"a", "b"}, Tokens: 7, Turn: 3},
		{ID: "s2", Kind: "summary", Text: "ünïcödé ✓", Tokens: 1 << 40, Turn: 1 << 33},
	}
	fullItems = []Item{
		{Category: CategoryProhibition, Text: "do not run DROP TABLE", Span: "s1", Start: 0, End: 21, KeyTerms: []string{"DROP TABLE", "legacy_orders"}, Extractor: "regex"},
		{Category: CategoryNumericCommitment, Text: "48k", Span: "s2", Start: 5, End: 8},
	}
	fullDiags = Diagnostics{
		{Severity: SeverityError, Summary: "bad", Detail: "very bad", Attribute: "threshold", Code: CodeInvalidOutput},
		{Severity: SeverityWarning, Summary: "meh"},
	}
	fullPhases = []PhaseInfo{{Name: "exploration", Policy: "explore"}, {Name: "synthesis", Policy: "synthesize"}}
)

func TestRoundTripEveryField(t *testing.T) {
	ctx := context.Background()
	f := &fake{
		describe: &DescribeResponse{
			Name: "every", Kind: KindScorer, Version: "1.2.3", ProtocolVersion: 1, Description: "all of it",
			ConfigSchema: []ConfigAttribute{
				{Name: "threshold", Type: "number", Required: true, Description: "cut-off"},
				{Name: "labels", Type: "map(string)"},
			},
		},
		configure: &ConfigureResponse{Diagnostics: fullDiags},
		extract:   &ExtractResponse{Items: fullItems, Diagnostics: fullDiags},
		score: &ScoreResponse{Score: 0.58, Diagnostics: fullDiags, Items: []ItemScore{
			{Index: 0, Preserved: true, Score: 0.9, Evidence: "never DROP TABLE", Fate: FateKept, Note: "paraphrased"},
			{Index: 1, Score: 0.1, Fate: FateAltered},
		}, Usage: &Usage{Calls: 3, Tokens: 4120, LatencyMS: 2100}},
		self:    &SelfScoreResponse{Score: 0.91, Diagnostics: fullDiags},
		signal:  &PhaseSignalResponse{Scores: map[string]float64{"exploration": 0.2, "synthesis": 0.8}, Diagnostics: fullDiags},
		propose: &ProposePolicyResponse{PolicyName: "synthesize", PolicyHCL: "policy \"x\" {\n top_k = 3\n}\n", Diagnostics: fullDiags},
	}
	ex, sc, po := connect(t, f, KindExtractor, KindScorer, KindPolicy)

	check := func(name string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %#v\nwant %#v", name, got, want)
		}
	}

	for _, p := range []Plugin{ex, sc, po} {
		d, err := p.Describe(ctx, &DescribeRequest{})
		if err != nil {
			t.Fatal(err)
		}
		check("describe", d, f.describe)
	}

	cfgReq := &ConfigureRequest{Config: json.RawMessage(`{"threshold":0.8,"labels":{"a":"b"}}`)}
	cr, err := sc.Configure(ctx, cfgReq)
	if err != nil {
		t.Fatal(err)
	}
	check("configure request", f.gotConfigure, cfgReq)
	check("configure response", cr, f.configure)

	exReq := &ExtractRequest{Spans: fullSpans}
	er, err := ex.Extract(ctx, exReq)
	if err != nil {
		t.Fatal(err)
	}
	check("extract request", f.gotExtract, exReq)
	check("extract response", er, f.extract)

	scReq := &ScoreRequest{Candidate: "never DROP TABLE; budget 48k", Items: fullItems, Originals: fullSpans}
	sr, err := sc.Score(ctx, scReq)
	if err != nil {
		t.Fatal(err)
	}
	check("score request", f.gotScore, scReq)
	check("score response", sr, f.score)

	selfReq := &SelfScoreRequest{Candidate: "summary"}
	ssr, err := sc.SelfScore(ctx, selfReq)
	if err != nil {
		t.Fatal(err)
	}
	check("self-score request", f.gotSelf, selfReq)
	check("self-score response", ssr, f.self)

	sigReq := &PhaseSignalRequest{View: fullSpans, Version: 42, Phases: fullPhases, CurrentPhase: "exploration"}
	pr, err := po.PhaseSignal(ctx, sigReq)
	if err != nil {
		t.Fatal(err)
	}
	check("phase-signal request", f.gotSignal, sigReq)
	check("phase-signal response", pr, f.signal)

	propReq := &ProposePolicyRequest{Phase: "synthesis", Scores: map[string]float64{"synthesis": 0.8}, ActivePolicy: "explore@1", Phases: fullPhases, Policies: []string{"explore", "synthesize"}}
	ppr, err := po.ProposePolicy(ctx, propReq)
	if err != nil {
		t.Fatal(err)
	}
	check("propose request", f.gotPropose, propReq)
	check("propose response", ppr, f.propose)
}

// Empty requests and responses must come back as they went (nil slices
// and maps stay nil), and a nil request from the host must not panic.
func TestRoundTripZeroValues(t *testing.T) {
	ctx := context.Background()
	f := &fake{
		describe:  &DescribeResponse{Kind: KindExtractor, ProtocolVersion: 1},
		configure: &ConfigureResponse{},
		extract:   &ExtractResponse{},
		score:     &ScoreResponse{},
		self:      &SelfScoreResponse{},
		signal:    &PhaseSignalResponse{},
		propose:   &ProposePolicyResponse{},
	}
	ex, sc, po := connect(t, f, KindExtractor, KindScorer, KindPolicy)

	tests := []struct {
		name    string
		call    func() (any, error)
		got     func() any
		wantReq any
		resp    any
	}{
		{"configure", func() (any, error) { return ex.Configure(ctx, nil) }, func() any { return f.gotConfigure }, &ConfigureRequest{}, f.configure},
		{"extract", func() (any, error) { return ex.Extract(ctx, &ExtractRequest{}) }, func() any { return f.gotExtract }, &ExtractRequest{}, f.extract},
		{"score", func() (any, error) { return sc.Score(ctx, nil) }, func() any { return f.gotScore }, &ScoreRequest{}, f.score},
		{"self-score", func() (any, error) { return sc.SelfScore(ctx, &SelfScoreRequest{}) }, func() any { return f.gotSelf }, &SelfScoreRequest{}, f.self},
		{"phase-signal", func() (any, error) { return po.PhaseSignal(ctx, &PhaseSignalRequest{}) }, func() any { return f.gotSignal }, &PhaseSignalRequest{}, f.signal},
		{"propose", func() (any, error) { return po.ProposePolicy(ctx, nil) }, func() any { return f.gotPropose }, &ProposePolicyRequest{}, f.propose},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := tt.call()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(tt.got(), tt.wantReq) {
				t.Errorf("request: got %#v want %#v", tt.got(), tt.wantReq)
			}
			if !reflect.DeepEqual(resp, tt.resp) {
				t.Errorf("response: got %#v want %#v", resp, tt.resp)
			}
		})
	}
}

func TestDescribeFillsKindAndProtocol(t *testing.T) {
	f := &fake{describe: &DescribeResponse{Name: "bare"}}
	ex, sc, _ := connect(t, f, KindExtractor, KindScorer)
	for _, tt := range []struct {
		p    Plugin
		kind Kind
	}{{ex, KindExtractor}, {sc, KindScorer}} {
		d, err := tt.p.Describe(context.Background(), &DescribeRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if d.Kind != tt.kind || d.ProtocolVersion != ProtocolVersion {
			t.Errorf("got kind %q protocol %d, want %q %d", d.Kind, d.ProtocolVersion, tt.kind, ProtocolVersion)
		}
	}
}

func TestErrorsBecomeStatus(t *testing.T) {
	tests := []struct {
		name     string
		err      error
		nilResp  bool
		wantCode codes.Code
		wantMsg  string
	}{
		{"plain error is Internal", errors.New("model file missing"), false, codes.Internal, "model file missing"},
		{"status kept", status.Error(codes.InvalidArgument, "span too large"), false, codes.InvalidArgument, "span too large"},
		{"wrapped status kept", fmt.Errorf("scoring: %w", status.Error(codes.ResourceExhausted, "quota")), false, codes.ResourceExhausted, "quota"},
		{"deadline", fmt.Errorf("embedding: %w", context.DeadlineExceeded), false, codes.DeadlineExceeded, "deadline"},
		{"nil response is Internal", nil, true, codes.Internal, "no Extract response"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{err: tt.err}
			if !tt.nilResp {
				f.extract = &ExtractResponse{}
			}
			ex, _, _ := connect(t, f, KindExtractor)
			_, err := ex.Extract(context.Background(), &ExtractRequest{})
			s, ok := status.FromError(err)
			if !ok || s.Code() != tt.wantCode || !strings.Contains(s.Message(), tt.wantMsg) {
				t.Fatalf("got %v (code %v), want code %v containing %q", err, s.Code(), tt.wantCode, tt.wantMsg)
			}
		})
	}
}

// A host that dispenses a kind the binary does not serve gets
// codes.Unimplemented on Describe: the host uses that to name the kind
// mismatch.
func TestUnservedKindIsUnimplemented(t *testing.T) {
	f := &fake{describe: &DescribeResponse{Kind: KindScorer}}
	ex, sc, _ := connect(t, f, KindScorer)
	if _, err := sc.Describe(context.Background(), &DescribeRequest{}); err != nil {
		t.Fatalf("scorer: %v", err)
	}
	_, err := ex.Describe(context.Background(), &DescribeRequest{})
	if status.Code(err) != codes.Unimplemented {
		t.Fatalf("got %v, want Unimplemented", err)
	}
}

func TestPluginMap(t *testing.T) {
	tests := []struct {
		kinds []Kind
		want  []string
	}{
		{nil, []string{"extractor", "policy", "scorer"}},
		{[]Kind{KindScorer}, []string{"scorer"}},
		{[]Kind{KindExtractor, KindPolicy}, []string{"extractor", "policy"}},
	}
	for _, tt := range tests {
		set := PluginMap(tt.kinds...)
		var got []string
		for k := range set {
			got = append(got, k)
		}
		if len(got) != len(tt.want) {
			t.Errorf("PluginMap(%v) = %v, want %v", tt.kinds, got, tt.want)
		}
		for _, k := range tt.want {
			if _, ok := set[k].(plugin.GRPCPlugin); !ok {
				t.Errorf("PluginMap(%v)[%q] is not a GRPCPlugin", tt.kinds, k)
			}
		}
	}
	if _, ok := VersionedPlugins()[ProtocolVersion]; !ok {
		t.Errorf("VersionedPlugins has no version %d", ProtocolVersion)
	}
}

func TestServeRefusesEmptyConfig(t *testing.T) {
	for _, cfg := range []*ServeConfig{nil, {}} {
		func() {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(fmt.Sprint(r), "at least one of") {
					t.Errorf("Serve(%v): recovered %v, want a panic naming the missing kinds", cfg, r)
				}
			}()
			Serve(cfg)
		}()
	}
}
