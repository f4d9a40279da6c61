package judge

import (
	"context"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk"
)

// r5: a glued "m" reads as minutes or metres; a CJK character ends a Latin
// unit; a key term's count takes the period its sentence gives it.
func TestR5Quantities(t *testing.T) {
	eq := func(a, b string) bool {
		qa, qb := Quantities(a), Quantities(b)
		return len(qa) == 1 && len(qb) == 1 && qa[0].Equal(qb[0])
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"飛行高度は150m以下", "altitude 150 m or lower", true},
		{"空港から5km以内", "within 5 km", true},
		{"150m", "150 minutes", true},
		{"150m", "150 m", true},
		{"150m", "15 m", false},
		{"150m", "150 km", false},
	} {
		if got := eq(c.a, c.b); got != c.want {
			t.Errorf("%q = %q: got %v, want %v (%v / %v)", c.a, c.b, got, c.want, Quantities(c.a), Quantities(c.b))
		}
	}
	qs := withPeriods(Quantities("3 releases"), Quantities("capped at 3 releases a month"))
	if len(qs) != 1 || !qs[0].Equal(Quantities("3 releases per month")[0]) || qs[0].Equal(Quantities("3 releases per week")[0]) {
		t.Errorf("withPeriods: %v", qs)
	}
}

// r5: a rule's hyphenated name of words may be spelled with a space or an
// underscore; one with a digit may not.
func TestR5HyphenatedNames(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	P := sdk.CategoryProhibition
	for _, tt := range []keptCase{
		{"spaced", P, "Gevaarlijke stoffen mogen nooit via de Antwerpen-hub worden verzonden.", "Dangerous goods are never shipped through the Antwerpen hub.", []string{"Antwerpen-hub"}, true},
		{"underscored", P, "Never ship hazmat via the antwerpen-hub.", "Never ship hazmat via antwerpen_hub.", []string{"antwerpen-hub"}, true},
		{"other hub", P, "Never ship hazmat via the antwerpen-hub.", "Never ship hazmat via the Rotterdam hub.", []string{"antwerpen-hub"}, false},
		{"digit exact", P, "Never deploy to prod-eu-1.", "Never deploy to prod eu 1.", []string{"prod-eu-1"}, false},
	} {
		v, err := j.Judge(context.Background(), tt.cand, []sdk.Item{{Category: tt.cat, Text: tt.item, KeyTerms: tt.keys}})
		if err != nil {
			t.Fatal(err)
		}
		if v[0].Preserved != tt.kept {
			t.Errorf("%s: preserved = %v (%s: %s), want %v", tt.name, v[0].Preserved, v[0].Fate, v[0].Note, tt.kept)
		}
	}
}

// r5: the one scope of an "only" and a name under a legal hold swap
// across clauses.
func TestR5OnlyMoved(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	E := sdk.CategoryEntity
	item := "Only apply the new filter to the eu-west-2 shard;"
	for _, tt := range []keptCase{
		{"swapped", E, item, "filter: apply to na-east-1 shard only\nlegal_hold: eu-west-2 (leave alone)", []string{"eu-west-2"}, false},
		{"kept", E, item, "filter: apply to eu-west-2 shard only\nlegal_hold: na-east-1 (leave alone)", []string{"eu-west-2"}, true},
		{"kept, prose", E, item, "The new filter goes only to eu-west-2; na-east-1 is under legal hold and is left alone.", []string{"eu-west-2"}, true},
		{"no only in item", E, "Apply the new filter to the eu-west-2 shard.", "filter: apply to na-east-1 shard only\nlegal_hold: eu-west-2 (leave alone)", []string{"eu-west-2"}, true},
	} {
		v, err := j.Judge(context.Background(), tt.cand, []sdk.Item{{Category: tt.cat, Text: tt.item, KeyTerms: tt.keys}})
		if err != nil {
			t.Fatal(err)
		}
		if v[0].Preserved != tt.kept {
			t.Errorf("%s: preserved = %v (%s: %s), want %v", tt.name, v[0].Preserved, v[0].Fate, v[0].Note, tt.kept)
		}
	}
}
