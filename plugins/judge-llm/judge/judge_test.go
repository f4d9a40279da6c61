package judge

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/sdk"
)

// These tests run the judge against recorded responses (replay_test.go),
// never a model: no model can run here.

// candidate is the compaction the recordings answer about.
const candidate = "Handover. Never run DROP TABLE on legacy_orders. Keep the token budget per session as agreed. Deploys should preferably wait for the freeze to end."

func testItems() []sdk.Item {
	return []sdk.Item{
		{Category: sdk.CategoryProhibition, Text: "Do not run DROP TABLE on legacy_orders", Span: "s1", KeyTerms: []string{"DROP TABLE", "legacy_orders"}},
		{Category: sdk.CategoryNumericCommitment, Text: "The budget is 48000 tokens per session", Span: "s1", KeyTerms: []string{"48000"}},
		{Category: sdk.CategoryProhibition, Text: "No deploys until the freeze ends", Span: "s2"},
		{Category: sdk.CategoryFailedAttempt, Text: "pytest failed: the lock on orders_v2 was held", Span: "s3"},
	}
}

// configured returns a judge configured against url, with waits recorded
// instead of slept.
func configured(t *testing.T, url string, extra map[string]any) (*Judge, *[]time.Duration) {
	t.Helper()
	cfg := map[string]any{"base_url": url + "/v1", "model": "qwen2.5:7b-instruct", "api_key_env": "JUDGE_KEY", "timeout": "5s"}
	for k, v := range extra {
		cfg[k] = v
	}
	raw, _ := json.Marshal(cfg)
	j := New()
	j.log = hclog.NewNullLogger()
	j.getenv = func(k string) string {
		if k == "JUDGE_KEY" {
			return "sk-test"
		}
		return ""
	}
	resp, err := j.Configure(context.Background(), &sdk.ConfigureRequest{Config: raw})
	if err != nil || resp.Diagnostics.HasErrors() {
		t.Fatalf("Configure: %v %v", err, resp.Diagnostics.Err())
	}
	var mu sync.Mutex
	waits := &[]time.Duration{}
	j.client.sleep = func(_ context.Context, d time.Duration) error {
		mu.Lock()
		*waits = append(*waits, d)
		mu.Unlock()
		return nil
	}
	return j, waits
}

func score(t *testing.T, j *Judge, cand string) *sdk.ScoreResponse {
	t.Helper()
	resp, err := j.Score(context.Background(), &sdk.ScoreRequest{Candidate: cand, Items: testItems()})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func TestScoreAsksWithJSONSchemaAndMapsVerdicts(t *testing.T) {
	srv := replay(t, "schema.json")
	j, _ := configured(t, srv.URL, nil)
	resp := score(t, j, candidate)
	if err := resp.Diagnostics.Err(); err != nil {
		t.Fatal(err)
	}
	sent := srv.requests()
	if len(sent) != 1 {
		t.Fatalf("sent %d requests, want 1 (one batch)", len(sent))
	}
	r := sent[0]
	if r.Path != "/v1/chat/completions" || r.Authorization != "Bearer sk-test" || r.Body.Model != "qwen2.5:7b-instruct" || r.Body.Temperature != 0 {
		t.Errorf("request: path %s auth %q model %s temperature %v", r.Path, r.Authorization, r.Body.Model, r.Body.Temperature)
	}
	if r.Format.Type != "json_schema" || r.Format.JSONSchema == nil || !r.Format.JSONSchema.Strict || !strings.Contains(string(r.Format.JSONSchema.Schema), `"weakened"`) {
		t.Errorf("response_format = %s, want a strict json_schema with the verdict enum", r.Body.ResponseFormat)
	}
	if len(r.Body.Messages) != 2 || !strings.Contains(r.Body.Messages[1].Content, candidate) || !strings.Contains(r.Body.Messages[1].Content, `"id":"3"`) {
		t.Errorf("messages do not carry the candidate and the item ids: %+v", r.Body.Messages)
	}
	want := []struct {
		preserved bool
		fate      string
		evidence  string
		note      string
	}{
		{true, sdk.FateKept, "Never run DROP TABLE on legacy_orders.", "The prohibition is stated with the same table."},
		{true, sdk.FateKept, "Keep the token budget per session as agreed.", "The budget per session is kept."},
		{false, sdk.FateWeakened, "", "A hard freeze became a preference."},
		{false, sdk.FateLost, "", "The summary does not say that the pytest run failed on the lock."},
	}
	if len(resp.Items) != len(want) {
		t.Fatalf("%d item scores, want %d", len(resp.Items), len(want))
	}
	for i, w := range want {
		got := resp.Items[i]
		if got.Index != i || got.Preserved != w.preserved || got.Fate != w.fate || got.Evidence != w.evidence || got.Note != w.note {
			t.Errorf("item %d = %+v, want %+v", i, got, w)
		}
	}
	if resp.Score != 0.5 {
		t.Errorf("score %v, want 0.5 (2 of 4 kept)", resp.Score)
	}
}

func TestFallsBackToJSONModeWhenServerLacksSchemaSupport(t *testing.T) {
	srv := replay(t, "schema-unsupported.json", "schema.json")
	j, _ := configured(t, srv.URL, nil)
	resp := score(t, j, candidate)
	if err := resp.Diagnostics.Err(); err != nil {
		t.Fatal(err)
	}
	if resp.Items[0].Fate != sdk.FateKept || resp.Items[1].Fate != sdk.FateLost {
		t.Errorf("verdicts from the fenced JSON-mode answer: %+v", resp.Items)
	}
	// A second decision goes straight to JSON mode.
	resp = score(t, j, candidate+" (v2)")
	if err := resp.Diagnostics.Err(); err != nil {
		t.Fatal(err)
	}
	sent := srv.requests()
	if len(sent) != 3 {
		t.Fatalf("sent %d requests, want 3", len(sent))
	}
	for i, want := range []string{"json_schema", "json_object", "json_object"} {
		if sent[i].Format.Type != want {
			t.Errorf("request %d asked for %q, want %q", i+1, sent[i].Format.Type, want)
		}
	}
}

func TestRetriesA429AfterItsRetryAfter(t *testing.T) {
	srv := replay(t, "ratelimited.json")
	j, waits := configured(t, srv.URL, nil)
	resp := score(t, j, candidate)
	if err := resp.Diagnostics.Err(); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.requests()); n != 2 {
		t.Errorf("sent %d requests, want 2 (the 429, then the retry)", n)
	}
	if len(*waits) != 1 || (*waits)[0] != 7*time.Second {
		t.Errorf("waited %v, want [7s] (the Retry-After header)", *waits)
	}
}

func TestTimeoutFailsClosed(t *testing.T) {
	srv := replay(t, "timeout.json")
	j, _ := configured(t, srv.URL, map[string]any{"timeout": "50ms", "max_attempts": 2})
	resp := score(t, j, candidate)
	err := resp.Diagnostics.Err()
	if err == nil || !strings.Contains(err.Error(), "no answer within timeout = 50ms") || !strings.Contains(err.Error(), "2 tries failed") {
		t.Fatalf("diagnostics %v, want a timeout after 2 tries", err)
	}
	if resp.Diagnostics[0].Code != "" {
		t.Errorf("a timeout is a plugin failure, not invalid output: code %q", resp.Diagnostics[0].Code)
	}
	if len(resp.Items) != 0 {
		t.Errorf("verdicts returned beside a failure: %+v", resp.Items)
	}
}

func TestMalformedAnswersAreInvalidOutput(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{"malformed-not-json.json", "invalid character"},
		{"malformed-unknown-verdict.json", `verdict "preserved"`},
		{"malformed-missing-item.json", `no verdict for id "3"`},
		{"malformed-unasked-id.json", `id "9", which was not asked`},
		{"truncated.json", "cut at max_answer_tokens"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			srv := replay(t, tc.file)
			j, _ := configured(t, srv.URL, nil)
			resp := score(t, j, candidate)
			if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Code != sdk.CodeInvalidOutput || !strings.Contains(resp.Diagnostics[0].Summary, tc.want) {
				t.Fatalf("diagnostics %+v, want one invalid_output error naming %q", resp.Diagnostics, tc.want)
			}
			if len(resp.Items) != 0 {
				t.Errorf("verdicts returned beside invalid output: %+v", resp.Items)
			}
		})
	}
}

func TestKeptWithAQuoteNotInTheCandidateIsLost(t *testing.T) {
	srv := replay(t, "quote-not-in-candidate.json")
	j, _ := configured(t, srv.URL, nil)
	resp := score(t, j, candidate)
	if err := resp.Diagnostics.Err(); err != nil {
		t.Fatal(err)
	}
	got := resp.Items[0]
	if got.Preserved || got.Evidence != "" || got.Fate != sdk.FateLost || !strings.Contains(got.Note, "not in the candidate") {
		t.Errorf("item 0 = %+v: a quote that is not in the candidate must not stand as evidence", got)
	}
	if resp.Score != 0 {
		t.Errorf("score %v, want 0 (nothing verifiably kept)", resp.Score)
	}
}

func TestCacheAnswersTheSameQuestionWithoutACall(t *testing.T) {
	srv := replay(t, "schema.json", "schema.json")
	j, _ := configured(t, srv.URL, nil)
	first := score(t, j, candidate)
	again := score(t, j, candidate)
	if n := len(srv.requests()); n != 1 {
		t.Fatalf("sent %d requests for the same decision twice, want 1 (a cache hit)", n)
	}
	a, _ := json.Marshal(first.Items)
	b, _ := json.Marshal(again.Items)
	if string(a) != string(b) || first.Score != again.Score {
		t.Errorf("cached answer differs:\n%s\n%s", a, b)
	}
	// The usage the host reports: the recorded call's tokens, then none.
	if first.Usage == nil || first.Usage.Calls != 1 || first.Usage.Tokens != 508 {
		t.Errorf("first usage %+v, want 1 call and the 508 tokens the server reported", first.Usage)
	}
	if again.Usage == nil || again.Usage.Calls != 0 || again.Usage.Tokens != 0 {
		t.Errorf("cached usage %+v, want no call and no token", again.Usage)
	}
	// Another candidate is another question.
	score(t, j, candidate+" ")
	if n := len(srv.requests()); n != 2 {
		t.Errorf("sent %d requests, want 2 (a changed candidate is asked again)", n)
	}
	if k1, k2 := cacheKey("a", "v1", testItems()[0], digest(candidate)), cacheKey("b", "v1", testItems()[0], digest(candidate)); k1 == k2 {
		t.Error("the cache key ignores the model")
	}
	if k1, k2 := cacheKey("a", "v1", testItems()[0], digest(candidate)), cacheKey("a", "v2", testItems()[0], digest(candidate)); k1 == k2 {
		t.Error("the cache key ignores the prompt version")
	}
}

func TestPerDecisionCapsFailClosed(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		extra      map[string]any
		want       string
	}{
		// The 429's retry would be a second call.
		{"calls", "ratelimited.json", map[string]any{"max_calls": 1}, "max_calls = 1"},
		{"tokens", "schema.json", map[string]any{"max_tokens": 1000}, "max_tokens = 1000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := replay(t, tc.file)
			j, _ := configured(t, srv.URL, tc.extra)
			resp := score(t, j, candidate)
			err := resp.Diagnostics.Err()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("diagnostics %v, want the cap %q", err, tc.want)
			}
		})
	}
}

func TestSelfScore(t *testing.T) {
	srv := replay(t, "self.json")
	j, _ := configured(t, srv.URL, nil)
	for range 2 {
		resp, err := j.SelfScore(context.Background(), &sdk.SelfScoreRequest{Candidate: candidate})
		if err != nil || resp.Diagnostics.HasErrors() || resp.Score != 0.92 {
			t.Fatalf("SelfScore = %+v, %v; want 0.92", resp, err)
		}
	}
	if n := len(srv.requests()); n != 1 {
		t.Errorf("sent %d requests, want 1 (the second is cached)", n)
	}
}

func TestConfigErrorsNameTheirAttribute(t *testing.T) {
	for _, tc := range []struct {
		name, config, attr string
	}{
		{"no base_url", `{"model":"m"}`, "base_url"},
		{"no model", `{"base_url":"http://localhost:11434/v1"}`, "model"},
		{"bad scheme", `{"base_url":"localhost:11434","model":"m"}`, "base_url"},
		{"unknown prompts", `{"base_url":"http://x/v1","model":"m","prompt_version":"v9"}`, "prompt_version"},
		{"api key unset", `{"base_url":"http://x/v1","model":"m","api_key_env":"NOT_SET_ANYWHERE"}`, "api_key_env"},
		{"bad format", `{"base_url":"http://x/v1","model":"m","response_format":"xml"}`, "response_format"},
		{"bad timeout", `{"base_url":"http://x/v1","model":"m","timeout":"soon"}`, "timeout"},
		{"bad concurrency", `{"base_url":"http://x/v1","model":"m","concurrency":0}`, "concurrency"},
		{"bad temperature", `{"base_url":"http://x/v1","model":"m","temperature":3}`, "temperature"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := New()
			j.getenv = func(string) string { return "" }
			resp, err := j.Configure(context.Background(), &sdk.ConfigureRequest{Config: json.RawMessage(tc.config)})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, d := range resp.Diagnostics {
				found = found || (d.Severity == sdk.SeverityError && d.Attribute == tc.attr)
			}
			if !found {
				t.Errorf("diagnostics %+v, want an error naming %s", resp.Diagnostics, tc.attr)
			}
		})
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 12, 2, 4, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		h    string
		want time.Duration
	}{
		{"7", 7 * time.Second},
		{"0", 0},
		{"", 0},
		{"soon", 0},
		{"Wed, 02 Dec 2026 04:00:30 GMT", 30 * time.Second},
		{"Wed, 02 Dec 2026 03:59:00 GMT", 0},
	} {
		if got := parseRetryAfter(tc.h, now); got != tc.want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", tc.h, got, tc.want)
		}
	}
}

// TestConfigureReachesNoEndpoint: `compactguard validate` starts the
// plugin and configures it; the model is first called by a judgement.
func TestConfigureReachesNoEndpoint(t *testing.T) {
	srv := replay(t) // no recording: any request fails the test
	j, _ := configured(t, srv.URL, nil)
	if _, err := j.Describe(context.Background(), &sdk.DescribeRequest{}); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.requests()); n != 0 {
		t.Errorf("Configure sent %d requests, want none", n)
	}
}
