package extractor

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestExtractSurvivesAwkwardText: text whose lower-cased form is shorter
// (K, ẞ), a number past float64 and a line of commas are read without a
// panic, and the items still encode as JSON (the ledger stores them so).
func TestExtractSurvivesAwkwardText(t *testing.T) {
	x, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		"\u212a\u212a feel free to",
		"ẞẞẞ. Feel free to edit it.",
		"Never keep more than 1" + strings.Repeat("0", 308) + " thousand workers running.",
		strings.Repeat("x, ", 20000) + "never do it.",
	} {
		spans := []sdk.Span{{ID: "u1", Kind: "user", Text: text, Meta: map[string]string{"source": sdk.SourceHuman}}}
		resp, err := x.Extract(context.Background(), &sdk.ExtractRequest{Spans: spans})
		if err != nil {
			t.Fatalf("%.40q: %v", text, err)
		}
		if _, err := json.Marshal(resp.Items); err != nil {
			t.Errorf("%.40q: items do not encode: %v", text, err)
		}
	}
}
