// Command extractor-schema declares a config schema with every attribute
// type, one of them required (threshold, a number), and checks the value
// in Configure: a threshold outside [0,1] is an error diagnostic naming
// the attribute. Extract emits one item whose Text is the config JSON it
// was given, so tests can see exactly what the host sent.
package main

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/compactguard/compactguard/sdk"
)

type extractor struct {
	mu  sync.Mutex
	raw json.RawMessage
}

func (*extractor) Describe(context.Context, *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
	return &sdk.DescribeResponse{
		Name:            "schema",
		Kind:            sdk.KindExtractor,
		Version:         "0.0.1",
		ProtocolVersion: sdk.ProtocolVersion,
		Description:     "test extractor with a config schema",
		ConfigSchema: []sdk.ConfigAttribute{
			{Name: "threshold", Type: "number", Required: true, Description: "cut-off in [0,1]"},
			{Name: "mode", Type: "string"},
			{Name: "strict", Type: "bool"},
			{Name: "tags", Type: "list(string)"},
			{Name: "labels", Type: "map(string)"},
		},
	}, nil
}

func (e *extractor) Configure(_ context.Context, req *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
	var cfg struct {
		Threshold *float64 `json:"threshold"`
	}
	if err := req.Decode(&cfg); err != nil {
		return &sdk.ConfigureResponse{Diagnostics: sdk.Diagnostics{sdk.Errorf("", "config is not valid JSON: %v", err)}}, nil
	}
	if cfg.Threshold == nil {
		return &sdk.ConfigureResponse{Diagnostics: sdk.Diagnostics{sdk.Errorf("threshold", "is required")}}, nil
	}
	if *cfg.Threshold < 0 || *cfg.Threshold > 1 {
		return &sdk.ConfigureResponse{Diagnostics: sdk.Diagnostics{sdk.Errorf("threshold", "must be between 0 and 1, got %g", *cfg.Threshold)}}, nil
	}
	e.mu.Lock()
	e.raw = req.Config
	e.mu.Unlock()
	return &sdk.ConfigureResponse{}, nil
}

func (e *extractor) Extract(context.Context, *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return &sdk.ExtractResponse{Items: []sdk.Item{{Category: "config", Text: string(e.raw), Extractor: "schema"}}}, nil
}

func main() {
	sdk.Serve(&sdk.ServeConfig{Extractor: &extractor{}})
}
