package scorer

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

func configure(t *testing.T, s *Scorer, cfg string) sdk.Diagnostics {
	t.Helper()
	resp, err := s.Configure(context.Background(), &sdk.ConfigureRequest{Config: json.RawMessage(cfg)})
	if err != nil {
		t.Fatal(err)
	}
	return resp.Diagnostics
}

func TestConfigure(t *testing.T) {
	tests := []struct {
		name     string
		cfg      string
		wantAttr string // attribute of the first error, "" for none
	}{
		{"empty", `{}`, ""},
		{"hashed with an old dims (a warning)", `{"backend":"hashed","dims":256,"threshold":0.5}`, ""},
		{"numbers as strings", `{"threshold":"0.8","weights":{"prohibition":"5","entity":2}}`, ""},
		{"the removed similarity judge", `{"judge":"similarity"}`, "judge"},
		{"unknown backend", `{"backend":"bert"}`, "backend"},
		{"openai without base_url", `{"backend":"openai","model":"m"}`, "base_url"},
		{"openai ok", `{"backend":"openai","base_url":"http://localhost:11434/v1","model":"m","batch_size":8,"timeout":"5s"}`, ""},
		{"bad timeout", `{"backend":"openai","base_url":"http://x/v1","timeout":"soon"}`, "timeout"},
		{"bad threshold", `{"threshold":1.5}`, "threshold"},
		{"bad weight", `{"weights":{"prohibition":"heavy"}}`, "weights"},
		{"negative weight", `{"weights":{"entity":"-1"}}`, "weights"},
		{"one worker", `{"workers":1}`, ""},
		{"negative workers", `{"workers":-2}`, "workers"},
		{"fractional workers", `{"workers":"1.5"}`, "workers"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diags := configure(t, NewWithEnv(func(string) string { return "" }), tt.cfg)
			var got string
			for _, d := range diags {
				if d.Severity == sdk.SeverityError {
					got = d.Attribute
					break
				}
			}
			if got != tt.wantAttr || diags.HasErrors() != (tt.wantAttr != "") {
				t.Errorf("diagnostics %v: first error attribute %q, want %q", diags, got, tt.wantAttr)
			}
		})
	}
}

func TestDescribe(t *testing.T) {
	d, err := New().Describe(context.Background(), &sdk.DescribeRequest{})
	if err != nil || d.Name != "embedding" || d.Kind != sdk.KindScorer || d.ProtocolVersion != sdk.ProtocolVersion {
		t.Fatalf("Describe = %+v, %v", d, err)
	}
	names := map[string]bool{}
	for _, a := range d.ConfigSchema {
		names[a.Name] = true
	}
	for _, n := range []string{"backend", "base_url", "model", "api_key_env", "batch_size", "weights", "threshold", "judge"} {
		if !names[n] {
			t.Errorf("schema lacks %q", n)
		}
	}
}

// The seed incident: the third compaction dropped the prohibition and
// read as coherent. Anchored, it must score low; its self score must not
// notice.
func TestScoreSeedIncident(t *testing.T) {
	items := []sdk.Item{
		{Category: sdk.CategoryProhibition, Text: "Important: do not run DROP TABLE on legacy_orders.", Span: "s2", KeyTerms: []string{"DROP TABLE", "legacy_orders"}},
		{Category: sdk.CategoryNumericCommitment, Text: "Copy legacy_orders into orders_v2 in batches of 5,000 rows.", Span: "s2", KeyTerms: []string{"5,000 rows"}},
		{Category: sdk.CategoryEntity, Text: "Copy legacy_orders into orders_v2.", Span: "s2", KeyTerms: []string{"legacy_orders", "orders_v2"}},
	}
	kept := "legacy_orders is copied into orders_v2 in batches of 5,000 rows. Do not run DROP TABLE on legacy_orders; it stays read-only."
	dropped := "legacy_orders is copied into orders_v2 in batches of 5,000 rows. Next: clean up the legacy schema."
	s := New()
	ctx := context.Background()
	rk, err := s.Score(ctx, &sdk.ScoreRequest{Candidate: kept, Items: items})
	if err != nil {
		t.Fatal(err)
	}
	rd, err := s.Score(ctx, &sdk.ScoreRequest{Candidate: dropped, Items: items})
	if err != nil {
		t.Fatal(err)
	}
	if rk.Score != 1 {
		t.Errorf("kept candidate scores %v, want 1 (%+v)", rk.Score, rk.Items)
	}
	if rd.Score > 0.6 || rd.Items[0].Preserved {
		t.Errorf("dropped prohibition scores %v, item %+v", rd.Score, rd.Items[0])
	}
	for _, r := range []*sdk.ScoreResponse{rk, rd} {
		for _, it := range r.Items {
			if it.Preserved && !strings.Contains(strings.ToLower(kept+dropped), strings.ToLower(it.Evidence)) {
				t.Errorf("evidence %q not in candidate", it.Evidence)
			}
		}
	}
	sk, _ := s.SelfScore(ctx, &sdk.SelfScoreRequest{Candidate: kept})
	sd, _ := s.SelfScore(ctx, &sdk.SelfScoreRequest{Candidate: dropped})
	if sd.Score < 0.7 || sk.Score < 0.7 {
		t.Errorf("self scores %v / %v: a coherent summary should rate itself high", sk.Score, sd.Score)
	}
	if gap := sd.Score - rd.Score; gap < 0.2 {
		t.Errorf("gap %v: self score should sit well above the anchored score", gap)
	}
}

func TestScoreNoItems(t *testing.T) {
	r, err := New().Score(context.Background(), &sdk.ScoreRequest{Candidate: "anything"})
	if err != nil || r.Score != 1 {
		t.Fatalf("no items: %v, %v", r, err)
	}
}

func TestScoreWeights(t *testing.T) {
	items := []sdk.Item{
		{Category: sdk.CategoryProhibition, Text: "Never push to main.", KeyTerms: []string{"push", "main"}},
		{Category: sdk.CategoryEntity, Text: "Use bucket logs-eu.", KeyTerms: []string{"logs-eu"}},
	}
	s := New()
	if d := configure(t, s, `{"weights":{"prohibition":"3","entity":"1"}}`); d.HasErrors() {
		t.Fatal(d)
	}
	r, err := s.Score(context.Background(), &sdk.ScoreRequest{Candidate: "Logs go to logs-eu.", Items: items})
	if err != nil {
		t.Fatal(err)
	}
	if r.Score != 0.25 {
		t.Errorf("score %v, want 1/(3+1)", r.Score)
	}
}

func TestScoreItemTextFromOriginals(t *testing.T) {
	orig := "Deploy to staging. Never deploy to prod-eu-1 during the freeze."
	start := strings.Index(orig, "Never")
	items := []sdk.Item{{Category: sdk.CategoryProhibition, Span: "s1", Start: start, End: len(orig)}}
	r, err := New().Score(context.Background(), &sdk.ScoreRequest{
		Candidate: "Deployed to staging. Next: deploy to prod-eu-1.",
		Items:     items,
		Originals: []sdk.Span{{ID: "s1", Kind: "user", Text: orig}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if r.Items[0].Preserved || r.Items[0].Fate != sdk.FateInverted {
		t.Errorf("got %+v, want inverted", r.Items[0])
	}
}

// TestScoreJudgesByWordsWhenTheEndpointFails: a dead embedding endpoint
// costs pairing by meaning, with a warning, never a verdict.
func TestScoreJudgesByWordsWhenTheEndpointFails(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusBadGateway)
	}))
	defer srv.Close()
	s := New()
	if d := configure(t, s, `{"backend":"openai","base_url":"`+srv.URL+`/v1","model":"m","max_attempts":1}`); d.HasErrors() {
		t.Fatal(d)
	}
	r, err := s.Score(context.Background(), &sdk.ScoreRequest{
		Candidate: "Do not run DROP TABLE on legacy_orders. Migrations: none on Fridays.",
		Items: []sdk.Item{
			{Category: sdk.CategoryProhibition, Text: "do not run DROP TABLE on legacy_orders"},
			{Category: sdk.CategoryProhibition, Text: "never page the on-call engineer before 7 am"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Diagnostics) == 0 || r.Diagnostics.HasErrors() || !r.Items[0].Preserved || r.Items[1].Preserved {
		t.Errorf("want a warning, the kept rule kept and the dropped one lost, got %+v", r)
	}
}

// TestScorePairsAParaphraseByMeaning: with an embedding endpoint, a rule
// the candidate words differently is paired with the nearest clause that
// restricts, and judged as a frame; the same rule turned into a task is
// not kept however near it is.
func TestScorePairsAParaphraseByMeaning(t *testing.T) {
	// The endpoint gives the original rule and the paraphrase the same
	// vector, and every other text an orthogonal one: a stand-in for a
	// multilingual model, which cannot be downloaded here.
	rule := "Nie wdrażaj w piątki."
	para := "No deploys on Fridays."
	task := "Next: deploy on Friday."
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Input []string `json:"input"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		type datum struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		var out struct {
			Data []datum `json:"data"`
		}
		for i, in := range req.Input {
			v := []float32{0, 0, 1}
			switch strings.TrimSuffix(in, ".") {
			case strings.TrimSuffix(rule, "."), strings.TrimSuffix(para, "."), strings.TrimSuffix(task, "."):
				v = []float32{1, 0, 0}
			}
			out.Data = append(out.Data, datum{Index: i, Embedding: v})
		}
		_ = json.NewEncoder(w).Encode(out)
	}))
	defer srv.Close()
	s := New()
	if d := configure(t, s, `{"backend":"openai","base_url":"`+srv.URL+`/v1","model":"m","max_attempts":1}`); d.HasErrors() {
		t.Fatal(d)
	}
	for _, tt := range []struct {
		candidate string
		want      bool
	}{
		{"Status: release 4.2 tagged. " + para, true},
		{"Status: release 4.2 tagged. " + task, false},
	} {
		r, err := s.Score(context.Background(), &sdk.ScoreRequest{
			Candidate: tt.candidate,
			Items:     []sdk.Item{{Category: sdk.CategoryProhibition, Text: rule, Span: "s1"}},
			Originals: []sdk.Span{{ID: "s1", Kind: "user", Text: rule}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Diagnostics) > 0 || r.Items[0].Preserved != tt.want {
			t.Errorf("%q: preserved %v, want %v (%+v)", tt.candidate, r.Items[0].Preserved, tt.want, r)
		}
	}
}

func TestSelfScoreBlindAndBounded(t *testing.T) {
	r := New().reader
	for _, c := range []string{"", "ok", "Actually not. That was wrong. Scratch that. Contradicts ?? the above.", strings.Repeat("Deployed v1.2.3 to us-east-1. ", 50)} {
		got := selfScore(r, c)
		if got < 0 || got > 1 {
			t.Errorf("selfScore(%q) = %v", c, got)
		}
	}
	if selfScore(r, "") != 0 {
		t.Error("empty candidate should score 0")
	}
}
