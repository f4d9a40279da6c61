package phaseplugin

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

func TestDescribe(t *testing.T) {
	d, err := New().Describe(context.Background(), &sdk.DescribeRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "phase" || d.Kind != sdk.KindPolicy || d.ProtocolVersion != sdk.ProtocolVersion {
		t.Errorf("Describe = %+v", d)
	}
	types := map[string]string{}
	for _, a := range d.ConfigSchema {
		types[a.Name] = a.Type
	}
	if types["window"] != "number" || types["proposals"] != "map(string)" {
		t.Errorf("config schema = %+v, want window number and proposals map(string)", d.ConfigSchema)
	}
}

func TestConfigureDiagnostics(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "synth.hcl")
	if err := os.WriteFile(good, []byte(`policy "mine" { top_k = 5 }`), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.hcl")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		config string
		attr   string // attribute of the expected error; "-" for none
	}{
		{"empty config", ``, "-"},
		{"defaults", `{}`, "-"},
		{"window ok", `{"window": 12}`, "-"},
		{"window zero", `{"window": 0}`, "window"},
		{"window negative", `{"window": -3}`, "window"},
		{"window fractional", `{"window": 2.5}`, "window"},
		{"window wrong type", `{"window": "thirty"}`, "window"},
		{"proposal ok", `{"proposals": {"synthesis": ` + quote(good) + `}}`, "-"},
		{"proposal missing file", `{"proposals": {"synthesis": ` + quote(filepath.Join(dir, "nope.hcl")) + `}}`, `proposals["synthesis"]`},
		{"proposal empty file", `{"proposals": {"repair": ` + quote(empty) + `}}`, `proposals["repair"]`},
		{"proposal empty path", `{"proposals": {"repair": ""}}`, `proposals["repair"]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := New().Configure(context.Background(), &sdk.ConfigureRequest{Config: json.RawMessage(tt.config)})
			if err != nil {
				t.Fatal(err)
			}
			if tt.attr == "-" {
				if resp.Diagnostics.HasErrors() {
					t.Fatalf("unexpected diagnostics: %v", resp.Diagnostics)
				}
				return
			}
			if !resp.Diagnostics.HasErrors() {
				t.Fatalf("no error, want one naming %s", tt.attr)
			}
			if got := resp.Diagnostics[0].Attribute; got != tt.attr {
				t.Errorf("diagnostic attribute = %q, want %q (%v)", got, tt.attr, resp.Diagnostics)
			}
		})
	}
}

func TestConfigureErrorKeepsPreviousConfig(t *testing.T) {
	p := New()
	ctx := context.Background()
	if r, _ := p.Configure(ctx, &sdk.ConfigureRequest{Config: json.RawMessage(`{"window": 7}`)}); r.Diagnostics.HasErrors() {
		t.Fatal(r.Diagnostics)
	}
	if r, _ := p.Configure(ctx, &sdk.ConfigureRequest{Config: json.RawMessage(`{"window": -1}`)}); !r.Diagnostics.HasErrors() {
		t.Fatal("want an error for window -1")
	}
	if got := p.classifier.Window(); got != 7 {
		t.Errorf("window after a refused config = %d, want 7", got)
	}
}

var table = []sdk.PhaseInfo{
	{Name: "exploration", Policy: "explore"},
	{Name: "synthesis", Policy: "synthesize"},
	{Name: "verification", Policy: "verify"},
	{Name: "repair", Policy: "repair"},
}

func TestProposePolicy(t *testing.T) {
	dir := t.TempDir()
	custom := filepath.Join(dir, "synth.hcl")
	text := "policy \"synthesize_small\" {\n  top_k = 10\n}\n"
	if err := os.WriteFile(custom, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		config   string
		req      sdk.ProposePolicyRequest
		wantName string
		wantHCL  string
		wantErr  bool
	}{
		{name: "phase table maps synthesis", req: sdk.ProposePolicyRequest{Phase: "synthesis", Phases: table}, wantName: "synthesize"},
		{name: "phase table maps repair", req: sdk.ProposePolicyRequest{Phase: "repair", Phases: table}, wantName: "repair"},
		{name: "no phase: top score", req: sdk.ProposePolicyRequest{Scores: map[string]float64{"exploration": 0.2, "verification": 0.8}, Phases: table}, wantName: "verify"},
		{name: "no phase: tie to sort order", req: sdk.ProposePolicyRequest{Scores: map[string]float64{"verification": 0.5, "repair": 0.5}, Phases: table}, wantName: "repair"},
		{name: "configured proposal wins", config: `{"proposals": {"synthesis": ` + quote(custom) + `}}`, req: sdk.ProposePolicyRequest{Phase: "synthesis", Phases: table}, wantHCL: text},
		{name: "proposal for another phase", config: `{"proposals": {"synthesis": ` + quote(custom) + `}}`, req: sdk.ProposePolicyRequest{Phase: "exploration", Phases: table}, wantName: "explore"},
		{name: "phase not in table", req: sdk.ProposePolicyRequest{Phase: "deployment", Phases: table}, wantErr: true},
		{name: "nothing to go on", req: sdk.ProposePolicyRequest{Phases: table}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := New()
			if tt.config != "" {
				if r, _ := p.Configure(context.Background(), &sdk.ConfigureRequest{Config: json.RawMessage(tt.config)}); r.Diagnostics.HasErrors() {
					t.Fatal(r.Diagnostics)
				}
			}
			resp, err := p.ProposePolicy(context.Background(), &tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantErr {
				if !resp.Diagnostics.HasErrors() {
					t.Fatalf("want an error diagnostic, got %+v", resp)
				}
				return
			}
			if resp.Diagnostics.HasErrors() || resp.PolicyName != tt.wantName || resp.PolicyHCL != tt.wantHCL {
				t.Errorf("ProposePolicy = %+v, want name %q hcl %q", resp, tt.wantName, tt.wantHCL)
			}
		})
	}
}

func TestPhaseSignalScoresRequestedPhases(t *testing.T) {
	v := []sdk.Span{
		{ID: "s1", Kind: "tool_call", Text: "read a.go", Meta: map[string]string{"tool": "read", "path": "a.go"}},
		{ID: "s2", Kind: "tool_result", Text: "package a", Meta: map[string]string{"tool": "read", "path": "a.go"}},
	}
	tests := []struct {
		name      string
		phases    []sdk.PhaseInfo
		wantKeys  []string
		zero      string
		wantWarns int
	}{
		{"configured table", table, []string{"exploration", "synthesis", "verification", "repair"}, "", 0},
		{"subset", table[:2], []string{"exploration", "synthesis"}, "", 0},
		{"aliases", []sdk.PhaseInfo{{Name: "explore", Policy: "x"}}, []string{"explore"}, "", 0},
		{"unknown phase scores 0", []sdk.PhaseInfo{{Name: "exploration"}, {Name: "deployment"}}, []string{"exploration", "deployment"}, "deployment", 1},
		{"empty table: the four phases", nil, []string{"exploration", "synthesis", "verification", "repair"}, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := New().PhaseSignal(context.Background(), &sdk.PhaseSignalRequest{View: v, Phases: tt.phases})
			if err != nil {
				t.Fatal(err)
			}
			if len(resp.Scores) != len(tt.wantKeys) {
				t.Fatalf("scores %v, want keys %v", resp.Scores, tt.wantKeys)
			}
			for _, k := range tt.wantKeys {
				v, ok := resp.Scores[k]
				if !ok || v < 0 || v > 1 {
					t.Errorf("score %q = %v, %v", k, v, ok)
				}
			}
			if tt.zero != "" && resp.Scores[tt.zero] != 0 {
				t.Errorf("unknown phase %q scored %v, want 0", tt.zero, resp.Scores[tt.zero])
			}
			if len(resp.Diagnostics) != tt.wantWarns || resp.Diagnostics.HasErrors() {
				t.Errorf("diagnostics = %v, want %d warnings", resp.Diagnostics, tt.wantWarns)
			}
			if tt.zero == "" && !strings.HasPrefix(tt.name, "subset") && resp.Scores[tt.wantKeys[0]] < 0.9 {
				t.Errorf("a read-only view scores %s %.3f, want exploration high", tt.wantKeys[0], resp.Scores[tt.wantKeys[0]])
			}
		})
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
