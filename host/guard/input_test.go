package guard

import (
	"errors"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestInputErrorFields pins the field and message of every input error
// a list of spans or covers can raise: the field names ("covers[1]") are
// built only when an error is returned, and must read as they always did.
func TestInputErrorFields(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", migration...)
	sum := "x"
	if _, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{ID: "sum-1", Covers: []string{"s3"}, Summary: sum}); err != nil {
		t.Fatal(err)
	}
	long := string(make([]byte, 257))
	compact := []struct {
		name string
		req  CompactionRequest
		want string
	}{
		{"empty cover", CompactionRequest{Covers: []string{"s1", ""}, Summary: sum}, "covers[1]: must not be empty"},
		{"control character in cover", CompactionRequest{Covers: []string{"s1", "s2", "a\nb"}, Summary: sum}, "covers[2]: must be valid UTF-8 without control characters or line breaks, at most 256 bytes"},
		{"long cover", CompactionRequest{Covers: []string{long}, Summary: sum}, "covers[0]: must be valid UTF-8 without control characters or line breaks, at most 256 bytes"},
		{"duplicate cover", CompactionRequest{Covers: []string{"s1", "s2", "s1"}, Summary: sum}, `covers[2]: duplicate id "s1"`},
		{"unknown cover", CompactionRequest{Covers: []string{"s1", "nope"}, Summary: sum}, `covers[1]: unknown span id "nope": append it first, or send it in originals to have the compaction judged as unpinned`},
		{"covered cover", CompactionRequest{Covers: []string{"s1", "s3"}, Summary: sum}, `covers[1]: span "s3" is no longer in the live view (covered by "sum-1")`},
		{"original without id", CompactionRequest{Covers: []string{"x1"}, Summary: sum, Originals: []sdk.Span{span("x1", "user", "a"), span("", "user", "t")}, HasOriginals: true}, "originals[1].id: must not be empty"},
		{"original of unknown kind", CompactionRequest{Covers: []string{"x1"}, Summary: sum, Originals: []sdk.Span{span("x1", "robot", "t")}, HasOriginals: true}, `originals[0].kind: unknown kind "robot" (one of system, user, assistant, tool_call, tool_result, reasoning, summary)`},
		{"summary original", CompactionRequest{Covers: []string{"x1"}, Summary: sum, Originals: []sdk.Span{span("x1", "summary", "t")}, HasOriginals: true}, "originals[0].kind: summaries enter the ledger only through an allowed compaction"},
		{"original with bad text", CompactionRequest{Covers: []string{"x1"}, Summary: sum, Originals: []sdk.Span{span("x1", "user", "\xff")}, HasOriginals: true}, "originals[0].text: not valid UTF-8"},
		{"original with bad meta", CompactionRequest{Covers: []string{"x1"}, Summary: sum, Originals: []sdk.Span{{ID: "x1", Kind: "user", Text: "t", Meta: map[string]string{"k": "\xff"}}}, HasOriginals: true}, "originals[0].meta: not valid UTF-8"},
		{"original with an unknown source", CompactionRequest{Covers: []string{"x1"}, Summary: sum, Originals: []sdk.Span{{ID: "x1", Kind: "user", Text: "t", Meta: map[string]string{"source": "subagent-report"}}}, HasOriginals: true}, "originals[0].meta.source: unknown source \"subagent-report\" (one of human, harness, command_template, delegation, subagent_report, command_output, project_rule, document, config_file, tool_result, agent, reasoning, system, summary)"},
		{"duplicate original", CompactionRequest{Covers: []string{"x1"}, Summary: sum, Originals: []sdk.Span{span("x1", "user", "a"), span("x1", "user", "b")}, HasOriginals: true}, `originals[1].id: duplicate id "x1"`},
		{"original not covered", CompactionRequest{Covers: []string{"x1"}, Summary: sum, Originals: []sdk.Span{span("x1", "user", "a"), span("x2", "user", "b")}, HasOriginals: true}, `originals[1].id: "x2" is not in covers`},
	}
	for _, c := range compact {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.g.Compact(f.ctx, tenant, "s", c.req)
			var ie *InputError
			if !errors.As(err, &ie) || err.Error() != c.want {
				t.Fatalf("got %v, want input error %q", err, c.want)
			}
		})
	}
	appends := []struct {
		name  string
		spans []sdk.Span
		want  string
	}{
		{"span without id", []sdk.Span{span("n1", "user", "a"), span("", "user", "t")}, "spans[1].id: must not be empty"},
		{"span of unknown kind", []sdk.Span{span("n1", "robot", "t")}, `spans[0].kind: unknown kind "robot" (one of system, user, assistant, tool_call, tool_result, reasoning, summary)`},
		{"summary span", []sdk.Span{span("n1", "user", "a"), span("n2", "summary", "t")}, "spans[1].kind: summaries enter the ledger only through an allowed compaction"},
		{"duplicate span", []sdk.Span{span("n1", "user", "a"), span("n1", "user", "a")}, `spans[1].id: duplicate id "n1" (also spans[0])`},
		{"changed span", []sdk.Span{span("n1", "user", "a"), span("s1", "user", "changed")}, `spans[1].id: span "s1" is already pinned with different content (the ledger is append-only)`},
	}
	for _, c := range appends {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.g.Append(f.ctx, tenant, "s", c.spans)
			var ie *InputError
			if !errors.As(err, &ie) || err.Error() != c.want {
				t.Fatalf("got %v, want input error %q", err, c.want)
			}
		})
	}
	if err := CheckSpan("span", span("", "user", "t")); err == nil || err.Error() != "span.id: must not be empty" {
		t.Fatalf("CheckSpan: %v", err)
	}
	if err := CheckSpan("span", span("a", "user", "t")); err != nil {
		t.Fatalf("CheckSpan of a valid span: %v", err)
	}
}

// TestBudgetTokensBound: a budget change names "tokens" when its value is
// not a whole number of tokens from 1 to MaxBudgetTokens (2^62 was once
// accepted), whoever asks; the bound itself is accepted.
func TestBudgetTokensBound(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s", migration...)
	tests := []struct {
		name   string
		tokens int
		want   string // the input error, or "" for an accepted change
	}{
		{"zero", 0, "tokens: must be a whole number of tokens from 1 to 1073741824 (2^30); got 0"},
		{"negative", -5, "tokens: must be a whole number of tokens from 1 to 1073741824 (2^30); got -5"},
		{"one above the bound", MaxBudgetTokens + 1, "tokens: must be a whole number of tokens from 1 to 1073741824 (2^30); got 1073741825"},
		{"2^62", 1 << 62, "tokens: must be a whole number of tokens from 1 to 1073741824 (2^30); got 4611686018427387904"},
		{"the bound", MaxBudgetTokens, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := f.g.ChangeBudget(f.ctx, tenant, "s", BudgetRequest{Tokens: tt.tokens, Authority: "admin", Credential: "s3cret"})
			if tt.want == "" {
				if err != nil || d.Reason != ReasonBudgetChanged {
					t.Fatalf("got %+v, %v; want budget_changed", d, err)
				}
				return
			}
			var ie *InputError
			if !errors.As(err, &ie) || ie.Field != "tokens" || err.Error() != tt.want {
				t.Fatalf("got %v, want input error %q", err, tt.want)
			}
		})
	}
}

// Ids end up in logs, audit trails, replay reports and the dashboard: a
// carriage return, an escape sequence or a Unicode line separator in one
// can forge a line there. They are input errors wherever an id is taken.
func TestIDsRejectControlCharacters(t *testing.T) {
	tests := []struct {
		id string
		ok bool
	}{
		{"s1", true},
		{"résumé-ß-日本", true},
		{"a b", true},
		{"", false},
		{"a\x00b", false},
		{"a\nb", false},
		{"a\rb", false},
		{"a\tb", false},
		{"a\x1b[31mb", false},
		{"a\x7fb", false},
		{"a\u0085b", false},
		{"a\u2028b", false},
		{"a\u2029b", false},
		{strings.Repeat("x", 257), false},
	}
	for _, tt := range tests {
		f := newFixture(t)
		f.session(t, "s")
		_, err := f.g.Append(f.ctx, tenant, "s", []sdk.Span{span(tt.id, "user", "hello")})
		var ie *InputError
		if tt.ok != (err == nil) || (err != nil && (!errors.As(err, &ie) || ie.Field != "spans[0].id")) {
			t.Errorf("span id %q: err %v, want ok=%v", tt.id, err, tt.ok)
		}
		err = f.g.CreateSession(f.ctx, tenant, tt.id)
		if tt.ok != (err == nil) {
			t.Errorf("session id %q: err %v, want ok=%v", tt.id, err, tt.ok)
		}
	}
}
