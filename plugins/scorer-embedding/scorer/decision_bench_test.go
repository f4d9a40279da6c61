package scorer

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// decisionRequest reads the request the host sends for the first
// compaction of examples/migration-drop-table (the runtime's
// BenchmarkDecision40k), captured from the host.
func decisionRequest(tb testing.TB) *sdk.ScoreRequest {
	tb.Helper()
	b, err := os.ReadFile("testdata/decision40k-request.json")
	if err != nil {
		tb.Fatal(err)
	}
	var req sdk.ScoreRequest
	if err := json.Unmarshal(b, &req); err != nil {
		tb.Fatal(err)
	}
	return &req
}

// BenchmarkScoreDecision40k: go test ./plugins/scorer-embedding/scorer -run '^$' -bench ScoreDecision40k -benchmem
func BenchmarkScoreDecision40k(b *testing.B) {
	req := decisionRequest(b)
	s := New()
	ctx := context.Background()
	for b.Loop() {
		r, err := s.Score(ctx, req)
		if err != nil || len(r.Items) != len(req.Items) {
			b.Fatal(err)
		}
	}
}
