package sdktest_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/compactguard/compactguard/internal/plugintest"
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/sdktest"
)

func TestMain(m *testing.M) { plugintest.Main(m) }

// Every plugin the tests start, built in one `go build`.
var pluginPkgs = []string{
	"./plugins/extractor-regex",
	"./plugins/scorer-embedding",
	"./plugins/policy-phase",
	"./sdk/sdktest/testdata/wrong-cookie",
	"./sdk/sdktest/testdata/scorer-outofrange",
	"./sdk/sdktest/testdata/scorer-noevidence",
	"./sdk/sdktest/testdata/scorer-hang",
	"./sdk/sdktest/testdata/scorer-nofloor",
	"./sdk/sdktest/testdata/extractor-badframe",
}

func binary(t *testing.T, name string) string {
	t.Helper()
	return filepath.Join(plugintest.Build(t, pluginPkgs...), name)
}

func TestReferencePluginsConform(t *testing.T) {
	tests := []struct {
		name      string
		kind      sdk.Kind
		config    string
		badConfig string
		skip      []string
	}{
		{"extractor-regex", sdk.KindExtractor, `categories = ["prohibition", "numeric_commitment", "entity", "failed_attempt"]`, `{"rule_files": ["/nonexistent/rules.hcl"]}`, nil},
		{"scorer-embedding", sdk.KindScorer, `backend = "hashed"`, `{"threshold": 7}`, nil},
		{"policy-phase", sdk.KindPolicy, `{"window": 20}`, `{"window": -1}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := sdktest.Run(t, sdktest.Config{
				Path:      binary(t, tt.name),
				Kind:      tt.kind,
				Config:    tt.config,
				BadConfig: tt.badConfig,
				Timeout:   30 * time.Second, // the race detector on 2 cores, 8 MiB inputs
				Skip:      tt.skip,
			})
			for _, res := range rep.Results {
				if res.Status == sdktest.Skip && !kindSpecific(res.Name) && !slices.Contains(tt.skip, res.Name) {
					t.Errorf("check %s skipped: %s", res.Name, res.Message)
				}
			}
		})
	}
}

// kindSpecific reports whether a check applies to one kind only.
func kindSpecific(name string) bool {
	switch name {
	case sdktest.CheckScoreRange, sdktest.CheckEvidence, sdktest.CheckItemIndexes, sdktest.CheckSelfScore,
		sdktest.CheckExtractSpans, sdktest.CheckPhaseSignal, sdktest.CheckProposePolicy:
		return true
	}
	return false
}

func TestBrokenPluginsFailTheirCheck(t *testing.T) {
	tests := []struct {
		name    string
		path    string // binary name, or an absolute path
		args    []string
		kind    sdk.Kind // sdk.KindScorer when empty
		timeout time.Duration
		check   string
		want    string // in the failed check's message
	}{
		{"wrong magic cookie", "wrong-cookie", nil, "", 0, sdktest.CheckHandshake, "sdk.Serve"},
		{"not a plugin", "/bin/echo", []string{"hello"}, "", 0, sdktest.CheckHandshake, "hello"},
		{"score out of range", "scorer-outofrange", nil, "", 0, sdktest.CheckScoreRange, "returned score 1.7"},
		{"preserved without evidence", "scorer-noevidence", nil, "", 0, sdktest.CheckEvidence, "cited no evidence"},
		{"evidence below the host floor", "scorer-nofloor", nil, "", 0, sdktest.CheckEvidence, "does not state the item's frame: the cited clause lacks"},
		{"malformed frames", "extractor-badframe", nil, sdk.KindExtractor, 0, sdktest.CheckExtractSpans, `frame.bounds[0].op is "≈"`},
		{"hangs", "scorer-hang", nil, "", 300 * time.Millisecond, sdktest.CheckTimeout, "did not answer within"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := tt.path
			if !filepath.IsAbs(path) {
				path = binary(t, path)
			}
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			kind := tt.kind
			if kind == "" {
				kind = sdk.KindScorer
			}
			rep, err := sdktest.Check(ctx, sdktest.Config{Path: path, Args: tt.args, Kind: kind, Timeout: tt.timeout})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.Failed() {
				t.Fatalf("no check failed:\n%s", report(rep))
			}
			res, _ := rep.Result(tt.check)
			if res.Status != sdktest.Fail || !strings.Contains(res.Message, tt.want) {
				t.Errorf("check %s = %s %q, want FAIL mentioning %q\n%s", tt.check, res.Status, res.Message, tt.want, report(rep))
			}
		})
	}
}

func TestCheckRefusesAConfigItCannotUse(t *testing.T) {
	tests := []struct {
		name string
		cfg  sdktest.Config
		want string
	}{
		{"no path", sdktest.Config{Kind: sdk.KindScorer}, "Config.Path is empty"},
		{"unknown kind", sdktest.Config{Path: "/bin/true", Kind: "summariser"}, "not extractor, scorer or policy"},
		{"bad JSON", sdktest.Config{Path: "/bin/true", Kind: sdk.KindScorer, Config: `{"threshold": }`}, "not a JSON object"},
		{"not HCL", sdktest.Config{Path: "/bin/true", Kind: sdk.KindScorer, BadConfig: `threshold = = 1`}, "neither a JSON object nor HCL"},
		{"unknown skip", sdktest.Config{Path: "/bin/true", Kind: sdk.KindScorer, Skip: []string{"speed"}}, "not a check"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sdktest.Check(t.Context(), tt.cfg)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check = %v, want an error mentioning %q", err, tt.want)
			}
		})
	}
}

func report(rep *sdktest.Report) string {
	var b strings.Builder
	_ = rep.Write(&b)
	return b.String()
}
