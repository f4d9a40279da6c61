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

// describe fills what a Go plugin leaves unset in its DescribeResponse: the
// kind of the service asked and the protocol version this SDK speaks. A
// kind the plugin did set is passed on as is, so the host can refuse it.
func describe(ctx context.Context, impl Plugin, kind Kind) (*pb.DescribeResponse, error) {
	resp, err := impl.Describe(ctx, &DescribeRequest{})
	if err != nil {
		return nil, toStatus(err)
	}
	if resp == nil {
		return nil, errNoResponse("Describe")
	}
	out := toProtoDescribeResponse(resp)
	if out.Kind == "" {
		out.Kind = string(kind)
	}
	if out.ProtocolVersion == 0 {
		out.ProtocolVersion = ProtocolVersion
	}
	return out, nil
}

func configure(ctx context.Context, impl Plugin, req *pb.ConfigureRequest) (*pb.ConfigureResponse, error) {
	resp, err := impl.Configure(ctx, fromProtoConfigureRequest(req))
	if err != nil {
		return nil, toStatus(err)
	}
	if resp == nil {
		return nil, errNoResponse("Configure")
	}
	return toProtoConfigureResponse(resp), nil
}

// ---- Extractor ----

type extractorServer struct {
	pb.UnimplementedExtractorServer
	impl Extractor
}

func (s *extractorServer) Describe(ctx context.Context, _ *pb.DescribeRequest) (*pb.DescribeResponse, error) {
	return describe(ctx, s.impl, KindExtractor)
}

func (s *extractorServer) Configure(ctx context.Context, req *pb.ConfigureRequest) (*pb.ConfigureResponse, error) {
	return configure(ctx, s.impl, req)
}

func (s *extractorServer) Extract(ctx context.Context, req *pb.ExtractRequest) (*pb.ExtractResponse, error) {
	resp, err := s.impl.Extract(ctx, fromProtoExtractRequest(req))
	if err != nil {
		return nil, toStatus(err)
	}
	if resp == nil {
		return nil, errNoResponse("Extract")
	}
	return toProtoExtractResponse(resp), nil
}

type extractorClient struct{ c pb.ExtractorClient }

func (c *extractorClient) Describe(ctx context.Context, _ *DescribeRequest) (*DescribeResponse, error) {
	resp, err := c.c.Describe(ctx, &pb.DescribeRequest{})
	if err != nil {
		return nil, err
	}
	return fromProtoDescribeResponse(resp), nil
}

func (c *extractorClient) Configure(ctx context.Context, req *ConfigureRequest) (*ConfigureResponse, error) {
	resp, err := c.c.Configure(ctx, toProtoConfigureRequest(req))
	if err != nil {
		return nil, err
	}
	return fromProtoConfigureResponse(resp), nil
}

func (c *extractorClient) Extract(ctx context.Context, req *ExtractRequest) (*ExtractResponse, error) {
	resp, err := c.c.Extract(ctx, toProtoExtractRequest(req))
	if err != nil {
		return nil, err
	}
	return fromProtoExtractResponse(resp), nil
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
	if p.Impl == nil {
		return fmt.Errorf("sdk.ExtractorPlugin: Impl is nil")
	}
	pb.RegisterExtractorServer(s, &extractorServer{impl: p.Impl})
	return nil
}

// GRPCClient returns an Extractor that calls the plugin over conn.
func (p *ExtractorPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, conn *grpc.ClientConn) (any, error) {
	return Extractor(&extractorClient{c: pb.NewExtractorClient(conn)}), nil
}

// ---- Scorer ----

type scorerServer struct {
	pb.UnimplementedScorerServer
	impl Scorer
}

func (s *scorerServer) Describe(ctx context.Context, _ *pb.DescribeRequest) (*pb.DescribeResponse, error) {
	return describe(ctx, s.impl, KindScorer)
}

func (s *scorerServer) Configure(ctx context.Context, req *pb.ConfigureRequest) (*pb.ConfigureResponse, error) {
	return configure(ctx, s.impl, req)
}

func (s *scorerServer) Score(ctx context.Context, req *pb.ScoreRequest) (*pb.ScoreResponse, error) {
	resp, err := s.impl.Score(ctx, fromProtoScoreRequest(req))
	if err != nil {
		return nil, toStatus(err)
	}
	if resp == nil {
		return nil, errNoResponse("Score")
	}
	return toProtoScoreResponse(resp), nil
}

func (s *scorerServer) SelfScore(ctx context.Context, req *pb.SelfScoreRequest) (*pb.SelfScoreResponse, error) {
	resp, err := s.impl.SelfScore(ctx, fromProtoSelfScoreRequest(req))
	if err != nil {
		return nil, toStatus(err)
	}
	if resp == nil {
		return nil, errNoResponse("SelfScore")
	}
	return toProtoSelfScoreResponse(resp), nil
}

type scorerClient struct{ c pb.ScorerClient }

func (c *scorerClient) Describe(ctx context.Context, _ *DescribeRequest) (*DescribeResponse, error) {
	resp, err := c.c.Describe(ctx, &pb.DescribeRequest{})
	if err != nil {
		return nil, err
	}
	return fromProtoDescribeResponse(resp), nil
}

func (c *scorerClient) Configure(ctx context.Context, req *ConfigureRequest) (*ConfigureResponse, error) {
	resp, err := c.c.Configure(ctx, toProtoConfigureRequest(req))
	if err != nil {
		return nil, err
	}
	return fromProtoConfigureResponse(resp), nil
}

func (c *scorerClient) Score(ctx context.Context, req *ScoreRequest) (*ScoreResponse, error) {
	resp, err := c.c.Score(ctx, toProtoScoreRequest(req))
	if err != nil {
		return nil, err
	}
	return fromProtoScoreResponse(resp), nil
}

func (c *scorerClient) SelfScore(ctx context.Context, req *SelfScoreRequest) (*SelfScoreResponse, error) {
	resp, err := c.c.SelfScore(ctx, toProtoSelfScoreRequest(req))
	if err != nil {
		return nil, err
	}
	return fromProtoSelfScoreResponse(resp), nil
}

// ScorerPlugin is the go-plugin GRPCPlugin for the scorer kind (see
// ExtractorPlugin).
type ScorerPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	Impl Scorer
}

// GRPCServer registers Impl as the Scorer service.
func (p *ScorerPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	if p.Impl == nil {
		return fmt.Errorf("sdk.ScorerPlugin: Impl is nil")
	}
	pb.RegisterScorerServer(s, &scorerServer{impl: p.Impl})
	return nil
}

// GRPCClient returns a Scorer that calls the plugin over conn.
func (p *ScorerPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, conn *grpc.ClientConn) (any, error) {
	return Scorer(&scorerClient{c: pb.NewScorerClient(conn)}), nil
}

// ---- Policy ----

type policyServer struct {
	pb.UnimplementedPolicyServer
	impl Policy
}

func (s *policyServer) Describe(ctx context.Context, _ *pb.DescribeRequest) (*pb.DescribeResponse, error) {
	return describe(ctx, s.impl, KindPolicy)
}

func (s *policyServer) Configure(ctx context.Context, req *pb.ConfigureRequest) (*pb.ConfigureResponse, error) {
	return configure(ctx, s.impl, req)
}

func (s *policyServer) PhaseSignal(ctx context.Context, req *pb.PhaseSignalRequest) (*pb.PhaseSignalResponse, error) {
	resp, err := s.impl.PhaseSignal(ctx, fromProtoPhaseSignalRequest(req))
	if err != nil {
		return nil, toStatus(err)
	}
	if resp == nil {
		return nil, errNoResponse("PhaseSignal")
	}
	return toProtoPhaseSignalResponse(resp), nil
}

func (s *policyServer) ProposePolicy(ctx context.Context, req *pb.ProposePolicyRequest) (*pb.ProposePolicyResponse, error) {
	resp, err := s.impl.ProposePolicy(ctx, fromProtoProposePolicyRequest(req))
	if err != nil {
		return nil, toStatus(err)
	}
	if resp == nil {
		return nil, errNoResponse("ProposePolicy")
	}
	return toProtoProposePolicyResponse(resp), nil
}

type policyClient struct{ c pb.PolicyClient }

func (c *policyClient) Describe(ctx context.Context, _ *DescribeRequest) (*DescribeResponse, error) {
	resp, err := c.c.Describe(ctx, &pb.DescribeRequest{})
	if err != nil {
		return nil, err
	}
	return fromProtoDescribeResponse(resp), nil
}

func (c *policyClient) Configure(ctx context.Context, req *ConfigureRequest) (*ConfigureResponse, error) {
	resp, err := c.c.Configure(ctx, toProtoConfigureRequest(req))
	if err != nil {
		return nil, err
	}
	return fromProtoConfigureResponse(resp), nil
}

func (c *policyClient) PhaseSignal(ctx context.Context, req *PhaseSignalRequest) (*PhaseSignalResponse, error) {
	resp, err := c.c.PhaseSignal(ctx, toProtoPhaseSignalRequest(req))
	if err != nil {
		return nil, err
	}
	return fromProtoPhaseSignalResponse(resp), nil
}

func (c *policyClient) ProposePolicy(ctx context.Context, req *ProposePolicyRequest) (*ProposePolicyResponse, error) {
	resp, err := c.c.ProposePolicy(ctx, toProtoProposePolicyRequest(req))
	if err != nil {
		return nil, err
	}
	return fromProtoProposePolicyResponse(resp), nil
}

// PolicyPlugin is the go-plugin GRPCPlugin for the policy kind (see
// ExtractorPlugin).
type PolicyPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	Impl Policy
}

// GRPCServer registers Impl as the Policy service.
func (p *PolicyPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	if p.Impl == nil {
		return fmt.Errorf("sdk.PolicyPlugin: Impl is nil")
	}
	pb.RegisterPolicyServer(s, &policyServer{impl: p.Impl})
	return nil
}

// GRPCClient returns a Policy that calls the plugin over conn.
func (p *PolicyPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, conn *grpc.ClientConn) (any, error) {
	return Policy(&policyClient{c: pb.NewPolicyClient(conn)}), nil
}
