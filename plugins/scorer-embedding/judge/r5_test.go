package judge

import "testing"

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
