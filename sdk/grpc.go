package sdk

import (
	"context"
	"errors"
	"fmt"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/compactguard/compactguard/sdk/internal/pb"
)

// MaxMessageBytes bounds one gRPC message in either direction, on both the
// host and the plugin side. gRPC's default of 4 MiB breaks on large
// contexts (a whole session's spans in one ExtractRequest), so both ends set
// it explicitly.
const MaxMessageBytes = 64 << 20

// GRPCServer builds the plugin-side gRPC server with the message-size
// limits set. It has the signature of go-plugin's ServeConfig.GRPCServer,
// so a plugin that calls plugin.Serve itself can still use it; Serve uses it.
func GRPCServer(opts []grpc.ServerOption) *grpc.Server {
	opts = append(opts,
		grpc.MaxRecvMsgSize(MaxMessageBytes),
		grpc.MaxSendMsgSize(MaxMessageBytes),
	)
	return grpc.NewServer(opts...)
}

// GRPCDialOptions are the host-side dial options (go-plugin's
// ClientConfig.GRPCDialOptions) that match GRPCServer's message limits.
func GRPCDialOptions() []grpc.DialOption {
	return []grpc.DialOption{
		grpc.WithDefaultCallOptions(
			grpc.MaxCallRecvMsgSize(MaxMessageBytes),
			grpc.MaxCallSendMsgSize(MaxMessageBytes),
		),
	}
}

// toStatus turns a plugin method's error into a gRPC status error so the
// host can tell transport and plugin failures apart: an error that already
// carries a status keeps it, a context error keeps its meaning, anything
// else is codes.Internal with the error's text.
func toStatus(err error) error {
	if err == nil {
		return nil
	}
	if s, ok := status.FromError(err); ok {
		return s.Err()
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	case errors.Is(err, context.Canceled):
		return status.Error(codes.Canceled, err.Error())
	}
	return status.Error(codes.Internal, err.Error())
}

// errNoResponse is what a server adapter answers when a plugin method
// returns neither a response nor an error: a plugin bug the host must not
// read as an empty (and so passing) answer.
func errNoResponse(method string) error {
	return status.Errorf(codes.Internal, "plugin returned no %s response and no error", method)
}

// serve runs one plugin method for its gRPC server, the same way for
// every method of every kind: the request from protobuf, the plugin's
// method, the answer back to protobuf; an error becomes a gRPC status
// (toStatus), no answer at all a plugin bug (errNoResponse).
func serve[PReq, Req, Resp, PResp any](ctx context.Context, method string, req *PReq, from func(*PReq) *Req, call func(context.Context, *Req) (*Resp, error), to func(*Resp) *PResp) (*PResp, error) {
	resp, err := call(ctx, from(req))
	if err != nil {
		return nil, toStatus(err)
	}
	if resp == nil {
		return nil, errNoResponse(method)
	}
	return to(resp), nil
}

// invoke calls one plugin method over gRPC for the host, the same way for
// every method of every kind: the request to protobuf, the call, the
// answer from protobuf. A transport or plugin error is returned as gRPC
// reports it, for the host to classify.
func invoke[Req, PReq, PResp, Resp any](ctx context.Context, req *Req, to func(*Req) *PReq, call func(context.Context, *PReq, ...grpc.CallOption) (*PResp, error), from func(*PResp) *Resp) (*Resp, error) {
	resp, err := call(ctx, to(req))
	if err != nil {
		return nil, err
	}
	return from(resp), nil
}

// describe fills what a Go plugin leaves unset in its DescribeResponse: the
// kind of the service asked and the protocol version this SDK speaks. A
// kind the plugin did set is passed on as is, so the host can refuse it.
func describe(ctx context.Context, impl Plugin, kind Kind) (*pb.DescribeResponse, error) {
	out, err := serve(ctx, "Describe", &pb.DescribeRequest{}, func(*pb.DescribeRequest) *DescribeRequest { return &DescribeRequest{} }, impl.Describe, toProtoDescribeResponse)
	if err != nil {
		return nil, err
	}
	if out.Kind == "" {
		out.Kind = string(kind)
	}
	if out.ProtocolVersion == 0 {
		out.ProtocolVersion = ProtocolVersion
	}
	return out, nil
}

// server is the plugin side of every kind's service. A kind's GRPCServer
// registers it for that kind's service alone, with the plugin set for that
// kind (extractor, scorer or policy), so only the methods of that service
// are ever called on it. Each service's Unimplemented type sits one level
// down (extractorBase...), where its stubs of Describe and Configure lose
// to the methods below.
type server struct {
	extractorBase
	scorerBase
	policyBase
	impl      Plugin
	kind      Kind
	extractor Extractor
	scorer    Scorer
	policy    Policy
}

type (
	extractorBase struct {
		pb.UnimplementedExtractorServer
	}
	scorerBase struct{ pb.UnimplementedScorerServer }
	policyBase struct{ pb.UnimplementedPolicyServer }
)

func (s *server) Describe(ctx context.Context, _ *pb.DescribeRequest) (*pb.DescribeResponse, error) {
	return describe(ctx, s.impl, s.kind)
}

func (s *server) Configure(ctx context.Context, req *pb.ConfigureRequest) (*pb.ConfigureResponse, error) {
	return serve(ctx, "Configure", req, fromProtoConfigureRequest, s.impl.Configure, toProtoConfigureResponse)
}

func (s *server) Extract(ctx context.Context, req *pb.ExtractRequest) (*pb.ExtractResponse, error) {
	return serve(ctx, "Extract", req, fromProtoExtractRequest, s.extractor.Extract, toProtoExtractResponse)
}

func (s *server) Score(ctx context.Context, req *pb.ScoreRequest) (*pb.ScoreResponse, error) {
	return serve(ctx, "Score", req, fromProtoScoreRequest, s.scorer.Score, toProtoScoreResponse)
}

func (s *server) SelfScore(ctx context.Context, req *pb.SelfScoreRequest) (*pb.SelfScoreResponse, error) {
	return serve(ctx, "SelfScore", req, fromProtoSelfScoreRequest, s.scorer.SelfScore, toProtoSelfScoreResponse)
}

func (s *server) PhaseSignal(ctx context.Context, req *pb.PhaseSignalRequest) (*pb.PhaseSignalResponse, error) {
	return serve(ctx, "PhaseSignal", req, fromProtoPhaseSignalRequest, s.policy.PhaseSignal, toProtoPhaseSignalResponse)
}

func (s *server) ProposePolicy(ctx context.Context, req *pb.ProposePolicyRequest) (*pb.ProposePolicyResponse, error) {
	return serve(ctx, "ProposePolicy", req, fromProtoProposePolicyRequest, s.policy.ProposePolicy, toProtoProposePolicyResponse)
}

// register is every kind's GRPCServer: it refuses a nil Impl (what names
// the plugin type) and registers srv as the kind's service.
func register[S any](what string, impl Plugin, s *grpc.Server, reg func(grpc.ServiceRegistrar, S), srv S) error {
	if impl == nil {
		return fmt.Errorf("%s: Impl is nil", what)
	}
	reg(s, srv)
	return nil
}

// pluginClient is the host side of the methods every kind serves; each
// kind's client embeds it. The clients stay a type per kind, so a
// dispensed Scorer is not also an Extractor.
type pluginClient struct {
	c interface {
		Describe(context.Context, *pb.DescribeRequest, ...grpc.CallOption) (*pb.DescribeResponse, error)
		Configure(context.Context, *pb.ConfigureRequest, ...grpc.CallOption) (*pb.ConfigureResponse, error)
	}
}

func (c pluginClient) Describe(ctx context.Context, req *DescribeRequest) (*DescribeResponse, error) {
	return invoke(ctx, req, func(*DescribeRequest) *pb.DescribeRequest { return &pb.DescribeRequest{} }, c.c.Describe, fromProtoDescribeResponse)
}

func (c pluginClient) Configure(ctx context.Context, req *ConfigureRequest) (*ConfigureResponse, error) {
	return invoke(ctx, req, toProtoConfigureRequest, c.c.Configure, fromProtoConfigureResponse)
}

type extractorClient struct {
	pluginClient
	c pb.ExtractorClient
}

func (c *extractorClient) Extract(ctx context.Context, req *ExtractRequest) (*ExtractResponse, error) {
	return invoke(ctx, req, toProtoExtractRequest, c.c.Extract, fromProtoExtractResponse)
}

type scorerClient struct {
	pluginClient
	c pb.ScorerClient
}

func (c *scorerClient) Score(ctx context.Context, req *ScoreRequest) (*ScoreResponse, error) {
	return invoke(ctx, req, toProtoScoreRequest, c.c.Score, fromProtoScoreResponse)
}

func (c *scorerClient) SelfScore(ctx context.Context, req *SelfScoreRequest) (*SelfScoreResponse, error) {
	return invoke(ctx, req, toProtoSelfScoreRequest, c.c.SelfScore, fromProtoSelfScoreResponse)
}

type policyClient struct {
	pluginClient
	c pb.PolicyClient
}

func (c *policyClient) PhaseSignal(ctx context.Context, req *PhaseSignalRequest) (*PhaseSignalResponse, error) {
	return invoke(ctx, req, toProtoPhaseSignalRequest, c.c.PhaseSignal, fromProtoPhaseSignalResponse)
}

func (c *policyClient) ProposePolicy(ctx context.Context, req *ProposePolicyRequest) (*ProposePolicyResponse, error) {
	return invoke(ctx, req, toProtoProposePolicyRequest, c.c.ProposePolicy, fromProtoProposePolicyResponse)
}

// ExtractorPlugin is the go-plugin GRPCPlugin for the extractor kind. On
// the plugin side Impl is served; on the host side Impl is nil and
// Dispense returns an Extractor that calls over gRPC.
type ExtractorPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	Impl Extractor
}

// GRPCServer registers Impl as the Extractor service.
func (p *ExtractorPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	return register("sdk.ExtractorPlugin", p.Impl, s, pb.RegisterExtractorServer, pb.ExtractorServer(&server{impl: p.Impl, kind: KindExtractor, extractor: p.Impl}))
}

// GRPCClient returns an Extractor that calls the plugin over conn.
func (p *ExtractorPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, conn *grpc.ClientConn) (any, error) {
	c := pb.NewExtractorClient(conn)
	return Extractor(&extractorClient{pluginClient{c}, c}), nil
}

// ScorerPlugin is the go-plugin GRPCPlugin for the scorer kind (see
// ExtractorPlugin).
type ScorerPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	Impl Scorer
}

// GRPCServer registers Impl as the Scorer service.
func (p *ScorerPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	return register("sdk.ScorerPlugin", p.Impl, s, pb.RegisterScorerServer, pb.ScorerServer(&server{impl: p.Impl, kind: KindScorer, scorer: p.Impl}))
}

// GRPCClient returns a Scorer that calls the plugin over conn.
func (p *ScorerPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, conn *grpc.ClientConn) (any, error) {
	c := pb.NewScorerClient(conn)
	return Scorer(&scorerClient{pluginClient{c}, c}), nil
}

// PolicyPlugin is the go-plugin GRPCPlugin for the policy kind (see
// ExtractorPlugin).
type PolicyPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	Impl Policy
}

// GRPCServer registers Impl as the Policy service.
func (p *PolicyPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	return register("sdk.PolicyPlugin", p.Impl, s, pb.RegisterPolicyServer, pb.PolicyServer(&server{impl: p.Impl, kind: KindPolicy, policy: p.Impl}))
}

// GRPCClient returns a Policy that calls the plugin over conn.
func (p *PolicyPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, conn *grpc.ClientConn) (any, error) {
	c := pb.NewPolicyClient(conn)
	return Policy(&policyClient{pluginClient{c}, c}), nil
}
