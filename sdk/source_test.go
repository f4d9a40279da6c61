package sdk

import "testing"

func TestSpanSourceDefaultsByKind(t *testing.T) {
	tests := []struct {
		kind, meta, want string
	}{
		{"user", "", SourceHuman},
		{"system", "", SourceSystem},
		{"assistant", "", SourceAgent},
		{"tool_call", "", SourceAgent},
		{"reasoning", "", SourceReasoning},
		{"tool_result", "", SourceToolResult},
		{"summary", "", SourceSummary},
		{"user", "subagent_report", SourceSubagentReport},
		{"tool_call", "delegation", SourceDelegation},
		{"user", "not-a-source", SourceHuman}, // plugins read an unknown value by the kind; the host refuses it at append (guard.CheckSpan)
	}
	for _, tt := range tests {
		sp := Span{Kind: tt.kind}
		if tt.meta != "" {
			sp.Meta = map[string]string{"source": tt.meta}
		}
		if got := SpanSource(sp); got != tt.want {
			t.Errorf("kind %q meta %q: %q, want %q", tt.kind, tt.meta, got, tt.want)
		}
	}
}
