package extractor

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
	x, err := New()
	if err != nil {
		t.Fatal(err)
	}
	d, err := x.Describe(context.Background(), &sdk.DescribeRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Name != "regex" || d.Kind != sdk.KindExtractor || d.ProtocolVersion != sdk.ProtocolVersion {
		t.Fatalf("describe = %+v", d)
	}
	names := map[string]bool{}
	for _, a := range d.ConfigSchema {
		names[a.Name] = true
	}
	for _, n := range []string{"rule_files", "disable", "enable", "categories"} {
		if !names[n] {
			t.Errorf("config schema lacks %q", n)
		}
	}
}

func TestConfigure(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.hcl", `
rule "ticket_id" {
  category = "entity"
  cues     = ["tkt-"]
  pattern  = "TKT-[0-9]+"
}
`)
	broken := write("broken.hcl", "rule \"x\" {\n  category = \n}\n")
	badRE := write("badre.hcl", "rule \"x\" {\n  category = \"entity\"\n  pattern = \"(\"\n}\n")
	tests := []struct {
		name     string
		config   map[string]any
		wantAttr string // "" means no error expected
		wantIn   string
	}{
		{"empty", map[string]any{}, "", ""},
		{"extra pack", map[string]any{"rule_files": []string{good}}, "", ""},
		{"missing file", map[string]any{"rule_files": []string{filepath.Join(dir, "nope.hcl")}}, "rule_files", "nope.hcl"},
		{"parse error has file:line:col", map[string]any{"rule_files": []string{broken}}, "rule_files", "broken.hcl:2:"},
		{"bad regexp has file:line:col", map[string]any{"rule_files": []string{badRE}}, "rule_files", "badre.hcl:1:1"},
		{"unknown disable", map[string]any{"disable": []string{"no_such_rule"}}, "disable", "no_such_rule"},
		{"unknown enable", map[string]any{"enable": []string{"no_such_rule"}}, "enable", "no_such_rule"},
		{"unknown category", map[string]any{"categories": []string{"vibes"}}, "categories", "vibes"},
		{"known disable", map[string]any{"disable": []string{"duration"}}, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x, err := New()
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := json.Marshal(tc.config)
			resp, err := x.Configure(context.Background(), &sdk.ConfigureRequest{Config: raw})
			if err != nil {
				t.Fatal(err)
			}
			if tc.wantAttr == "" {
				if resp.Diagnostics.HasErrors() {
					t.Fatalf("unexpected diagnostics: %v", resp.Diagnostics.Err())
				}
				return
			}
			found := false
			for _, d := range resp.Diagnostics {
				if d.Attribute == tc.wantAttr && strings.Contains(d.String(), tc.wantIn) {
					found = true
				}
			}
			if !found {
				t.Fatalf("want a diagnostic on %q mentioning %q, got %v", tc.wantAttr, tc.wantIn, resp.Diagnostics)
			}
		})
	}
}

func TestConfigureChangesExtraction(t *testing.T) {
	spans := []sdk.Span{{ID: "u1", Kind: "user", Text: "Keep the job under 30 minutes. Its logs sit on shelf TKT/4411."}}
	dir := t.TempDir()
	pack := filepath.Join(dir, "tickets.hcl")
	if err := os.WriteFile(pack, []byte("rule \"ticket_id\" {\n  category = \"entity\"\n  cues = [\"tkt/\"]\n  pattern = \"TKT/[0-9]+\"\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		config string
		want   []string // category:first key term
	}{
		{"default", `{}`, []string{"numeric_commitment:30 minutes"}},
		{"extra pack", `{"rule_files":[` + strconvQuote(pack) + `]}`, []string{"numeric_commitment:30 minutes", "entity:TKT/4411"}},
		{"category filter", `{"categories":["entity"]}`, nil},
		{"disabled rule", `{"disable":["duration","limit"]}`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x, _ := New()
			resp, _ := x.Configure(context.Background(), &sdk.ConfigureRequest{Config: json.RawMessage(tc.config)})
			if resp.Diagnostics.HasErrors() {
				t.Fatal(resp.Diagnostics.Err())
			}
			out, err := x.Extract(context.Background(), &sdk.ExtractRequest{Spans: spans})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range out.Items {
				if it.Extractor != "regex" {
					t.Errorf("extractor = %q", it.Extractor)
				}
				got = append(got, it.Category+":"+it.KeyTerms[0])
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
