package judge

import (
	"context"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

func extractSpans() []sdk.Span {
	return []sdk.Span{
		{ID: "u1", Kind: "user", Text: "Please never push to main without a review, and keep PRs under 400 lines."},
		{ID: "t1", Kind: "tool_result", Meta: map[string]string{"exit_code": "2"}, Text: "make release failed: signing key expired"},
		{ID: "r1", Kind: "reasoning", Text: "I should never touch the billing schema."},
		{ID: "a1", Kind: "assistant", Text: "Do not worry, I will not push to main."},
	}
}

func TestExtractKeepsOnlyQuotesFoundInTheirSpan(t *testing.T) {
	srv := replay(t, "extract.json")
	j, _ := configured(t, srv.URL, nil)
	x := NewExtractor(j)
	resp, err := x.Extract(context.Background(), &sdk.ExtractRequest{Spans: extractSpans()})
	if err != nil || resp.Diagnostics.HasErrors() {
		t.Fatalf("Extract: %v %v", err, resp.Diagnostics.Err())
	}
	sent := srv.requests()
	if len(sent) != 1 {
		t.Fatalf("sent %d requests, want 1", len(sent))
	}
	prompt := sent[0].Body.Messages[0].Content
	for _, s := range extractSpans() {
		shown := strings.Contains(prompt, `"id":"`+s.ID+`"`)
		if want := s.ID == "u1" || s.ID == "t1"; shown != want {
			t.Errorf("span %s shown to the model: %v, want %v (only sources that can set rules, and failed tool results)", s.ID, shown, want)
		}
	}
	want := []sdk.Item{
		{Category: sdk.CategoryProhibition, Text: "never push to main without a review", Span: "u1", Start: 7, End: 42, KeyTerms: []string{"main"}, Extractor: Name},
		{Category: sdk.CategoryFailedAttempt, Text: "make release failed: signing key expired", Span: "t1", Start: 0, End: 40, KeyTerms: []string{"make release"}, Extractor: Name},
	}
	if len(resp.Items) != len(want) {
		t.Fatalf("items %+v, want %+v (the paraphrased 400-line quote dropped)", resp.Items, want)
	}
	for i, w := range want {
		got := resp.Items[i]
		if got.Category != w.Category || got.Text != w.Text || got.Span != w.Span || got.Start != w.Start || got.End != w.End || got.Extractor != w.Extractor {
			t.Errorf("item %d = %+v, want %+v", i, got, w)
		}
		if s := extractSpans()[map[string]int{"u1": 0, "t1": 1}[got.Span]].Text; s[got.Start:got.End] != got.Text {
			t.Errorf("item %d range does not hold its text", i)
		}
	}
	// The same spans again: answered from the cache.
	again, _ := x.Extract(context.Background(), &sdk.ExtractRequest{Spans: extractSpans()})
	if len(srv.requests()) != 1 || len(again.Items) != len(want) {
		t.Errorf("second extraction: %d requests, %d items; want 1 request, %d items", len(srv.requests()), len(again.Items), len(want))
	}
}

func TestExtractRefusesAnItemCitingASpanNotAsked(t *testing.T) {
	srv := replay(t, "extract-unasked-span.json")
	j, _ := configured(t, srv.URL, nil)
	resp, err := NewExtractor(j).Extract(context.Background(), &sdk.ExtractRequest{Spans: extractSpans()})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Diagnostics) != 1 || resp.Diagnostics[0].Code != sdk.CodeInvalidOutput || len(resp.Items) != 0 {
		t.Fatalf("response %+v, want one invalid_output diagnostic and no items", resp)
	}
}
