package guard

import (
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

func TestStandingItemsKeepsOneCopyAndRecurringDelegationRules(t *testing.T) {
	spans := map[string]sdk.Span{
		"u1": {ID: "u1", Kind: "user"},
		"u2": {ID: "u2", Kind: "user", Text: "Marketing wants Plausible events for the intake form."},
		"d1": {ID: "d1", Kind: "tool_call", Meta: map[string]string{"source": "delegation"}},
		"d2": {ID: "d2", Kind: "tool_call", Meta: map[string]string{"source": "delegation"}},
		"c1": {ID: "c1", Kind: "tool_result"},
		"c2": {ID: "c2", Kind: "tool_result"},
	}
	pos := map[string]int{"u1": 0, "d1": 1, "d2": 2, "u2": 3, "c1": 4, "c2": 5}
	item := func(span, cat, text string) sdk.Item { return sdk.Item{Span: span, Category: cat, Text: text} }
	state := func(span, slot, text string) sdk.Item {
		return sdk.Item{Span: span, Category: "entity", Text: text, KeyTerms: strings.Fields(text)[len(strings.Fields(text))-1:], Frame: &sdk.Frame{Slot: slot}}
	}
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
		{"a one-task delegation rule stands when the person later raises what it is about",
			[]sdk.Item{{Span: "d1", Category: "prohibition", Text: "Do not send it to the Plausible endpoint.", Frame: &sdk.Frame{Objects: []sdk.FrameObject{{Name: "Plausible", Type: "name"}}}}},
			[]string{"d1:Do not send it to the Plausible endpoint."}},
		{"a later message naming the object only inside a longer word raises nothing",
			[]sdk.Item{{Span: "d1", Category: "prohibition", Text: "Never open the vent.", Frame: &sdk.Frame{Objects: []sdk.FrameObject{{Name: "vent", Type: "code"}}}}},
			nil},
		{"a rule given in two delegations is standing, kept once",
			[]sdk.Item{item("d1", "prohibition", "Do NOT commit."), item("d2", "prohibition", "Do NOT commit.")},
			[]string{"d1:Do NOT commit."}},
		{"repeated inside one delegation is still one task",
			[]sdk.Item{item("d1", "prohibition", "Do NOT commit."), item("d1", "prohibition", "Do NOT commit.")},
			nil},
		{"only the latest value of a working-state slot stands, wherever it sits in the list",
			[]sdk.Item{state("u2", "branch", "On branch feat/b"), state("u1", "branch", "On branch feat/a"), state("u1", "test_baseline", "tests: 1274")},
			[]string{"u2:On branch feat/b", "u1:tests: 1274"}},
		{"the latest value stands as first reported since it last changed",
			[]sdk.Item{state("c2", "branch", "On branch feat/b"), state("c1", "branch", "On branch feat/b"), state("u2", "branch", "git checkout feat/b"), state("u1", "branch", "git checkout feat/a")},
			[]string{"u2:git checkout feat/b"}},
		{"a rule that names a slot is not working state and is never set aside",
			[]sdk.Item{{Span: "u1", Category: "prohibition", Text: "Never push to feat/a.", KeyTerms: []string{"feat/a"}, Frame: &sdk.Frame{Slot: "branch"}}, state("u2", "branch", "On branch feat/b")},
			[]string{"u1:Never push to feat/a.", "u2:On branch feat/b"}},
		{"one extractor's slot does not set aside another's items",
			[]sdk.Item{state("u1", "branch", "On branch feat/a"), {Span: "u2", Category: "entity", Text: "On branch feat/b", KeyTerms: []string{"feat/b"}, Extractor: "other", Frame: &sdk.Frame{Slot: "branch"}}},
			[]string{"u1:On branch feat/a", "u2:On branch feat/b"}},
		{"a slot item does not displace a rule that names the same thing",
			[]sdk.Item{item("u1", "prohibition", "Never push to feat/a."), state("u2", "branch", "On branch feat/a")},
			[]string{"u1:Never push to feat/a.", "u2:On branch feat/a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, it := range standingItems(tt.items, spans, pos) {
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
