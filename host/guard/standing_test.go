package guard

import (
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

func TestStandingItemsKeepsOneCopyAndRecurringDelegationRules(t *testing.T) {
	spans := map[string]sdk.Span{
		"u1": {ID: "u1", Kind: "user"},
		"u2": {ID: "u2", Kind: "user"},
		"d1": {ID: "d1", Kind: "tool_call", Meta: map[string]string{"source": "delegation"}},
		"d2": {ID: "d2", Kind: "tool_call", Meta: map[string]string{"source": "delegation"}},
	}
	item := func(span, cat, text string) sdk.Item { return sdk.Item{Span: span, Category: cat, Text: text} }
	tests := []struct {
		name  string
		items []sdk.Item
		want  []string // span:text of the items kept
	}{
		{"a rule stated twice is one rule",
			[]sdk.Item{item("u1", "prohibition", "Never force-push."), item("u2", "prohibition", "never  force-push.")},
			[]string{"u1:Never force-push."}},
		{"same text, other category, stays",
			[]sdk.Item{item("u1", "prohibition", "Do not exceed 5 rps."), item("u1", "numeric_commitment", "Do not exceed 5 rps.")},
			[]string{"u1:Do not exceed 5 rps.", "u1:Do not exceed 5 rps."}},
		{"a one-task delegation rule ends with the task",
			[]sdk.Item{item("d1", "prohibition", "Do not modify anything."), item("u1", "prohibition", "Never force-push.")},
			[]string{"u1:Never force-push."}},
		{"a rule given in two delegations is standing, kept once",
			[]sdk.Item{item("d1", "prohibition", "Do NOT commit."), item("d2", "prohibition", "Do NOT commit.")},
			[]string{"d1:Do NOT commit."}},
		{"repeated inside one delegation is still one task",
			[]sdk.Item{item("d1", "prohibition", "Do NOT commit."), item("d1", "prohibition", "Do NOT commit.")},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, it := range standingItems(tt.items, spans) {
				got = append(got, it.Span+":"+it.Text)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("kept %q, want %q", got, tt.want)
			}
		})
	}
}

// TestItemsHoldStandingRulesOnly: the decision-relevant set a session is
// shown (GET /items, the hooks' pin list) is the set compactions are held to.
func TestItemsHoldStandingRulesOnly(t *testing.T) {
	f := newFixture(t)
	deleg := func(id, text string) sdk.Span {
		return sdk.Span{ID: id, Kind: "user", Text: text, Meta: map[string]string{"source": "delegation"}}
	}
	f.session(t, "s",
		span("u1", "user", "Do not run DROP TABLE on legacy_orders."),
		span("u2", "user", "Do not run DROP TABLE on legacy_orders."),
		deleg("d1", "Research the schema. Do not modify anything."),
		deleg("d2", "Fix the view. Do not push to main."),
		deleg("d3", "Fix the index. Do not push to main."),
	)
	res, err := f.g.Items(f.ctx, tenant, "s")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range res.Items {
		if it.Category == sdk.CategoryProhibition {
			got = append(got, it.Span+":"+it.Text)
		}
	}
	want := []string{"u1:Do not run DROP TABLE on legacy_orders.", "d2:Do not push to main."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("prohibitions %q, want %q", got, want)
	}
}
