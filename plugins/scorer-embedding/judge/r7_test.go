package judge

import (
	"context"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk"
)

// r7: a range whose unit is written once, after its second end, gives the
// unit to both ends.
func TestR7RangeUnits(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"45–55 %", "entre 45 % y 55 %", true},
		{"45-55%", "between 45% and 55%", true},
		{"5-10 mg", "5 mg to 10 mg", true},
		{"2 to 4 hours", "2 hours to 4 hours", true},
		{"45–55 %", "40 % y 55 %", false},
		{"2–4 replicas", "2 to 4 replicas", true},
	} {
		if got := sameQuantities(c.a, c.b); got != c.want {
			t.Errorf("%q ~ %q: got %v, want %v (%v / %v)", c.a, c.b, got, c.want, Quantities(c.a), Quantities(c.b))
		}
	}
}

// r7: the one scope of an "only" swaps with a name the candidate forbids
// ("never send to it"), not only one it puts on hold.
func TestR7OnlyMovedNegated(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	E := sdk.CategoryEntity
	item := "Wire the closing funds only to escrow account ESC-4471."
	for _, tt := range []keptCase{
		{"swapped", E, item, "Closing funds: wire only to ESC-4417. ESC-4471 was closed last month, never send to it.", []string{"ESC-4471"}, false},
		{"kept", E, item, "Closing funds: wire only to ESC-4471. ESC-4417 was closed last month, never send to it.", []string{"ESC-4471"}, true},
		{"kept, one sentence", E, item, "Wire closing funds only to ESC-4471, never to ESC-4417.", []string{"ESC-4471"}, true},
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
