// Package sdk is what a compactguard plugin author imports: the request
// and response types, the three plugin interfaces (Extractor, Scorer,
// Policy), and Serve, which runs a plugin binary under
// hashicorp/go-plugin over gRPC. The host imports the same package for the
// handshake, the plugin map and the gRPC client adapters, so both sides
// always agree on the protocol. Generated protobuf code stays in
// sdk/internal/pb behind hand-written types: authors never see it, and
// fields can be added without breaking them.
//
// A plugin is a main package that implements one interface and calls
// Serve. Nothing may be printed to stdout before Serve (the host reads the
// handshake there); log with hclog (the default logger writes JSON to
// stderr, which the host forwards under the plugin's name). A minimal
// extractor:
//
//	type extractor struct{}
//
//	func (extractor) Describe(ctx context.Context, _ *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
//		return &sdk.DescribeResponse{Name: "todo", Kind: sdk.KindExtractor, Version: "0.1.0", ProtocolVersion: sdk.ProtocolVersion}, nil
//	}
//	func (extractor) Configure(ctx context.Context, _ *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
//		return &sdk.ConfigureResponse{}, nil
//	}
//	func (extractor) Extract(ctx context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
//		var resp sdk.ExtractResponse
//		for _, s := range req.Spans {
//			if i := strings.Index(s.Text, "do not"); i >= 0 {
//				resp.Items = append(resp.Items, sdk.Item{Category: sdk.CategoryProhibition, Text: s.Text, Span: s.ID, Start: i, End: len(s.Text)})
//			}
//		}
//		return &resp, nil
//	}
//
//	func main() { sdk.Serve(&sdk.ServeConfig{Extractor: extractor{}}) }
//
// Report a problem with the input or the config as a Diagnostic in the
// response (an error diagnostic makes the host fail closed); return an
// error only when the call itself failed. A returned error that carries a
// gRPC status keeps its code; any other becomes codes.Internal.
//
// A scorer's evidence is held to one rule, Cites (with Fold, how it
// compares text): the host applies it to every verdict and the
// conformance kit (sdk/sdktest) calls the same code, so a scorer can call
// it before it answers.
package sdk
