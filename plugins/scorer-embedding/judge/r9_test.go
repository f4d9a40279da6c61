package judge

import "testing"

// r9: Swiss thousands with apostrophes, the direction of a bound (a
// ceiling is not a floor) and the period of a duration ("3 hours a week"
// is not "3 hours a day") in several languages.
func TestR9BoundsPeriodsAndApostrophes(t *testing.T) {
	same := func(a, b string) bool {
		qa, qb := Quantities(a), Quantities(b)
		if len(qa) != len(qb) || len(qa) == 0 {
			return false
		}
		for i := range qa {
			if !qa[i].Equal(qb[i]) {
				return false
			}
		}
		return true
	}
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"below CHF 1200 per night", "floor CHF 1'200/night", true},
		{"a budget of 1250000 francs", "a budget of 1'250'000 francs", true},
		{"1’500.50 CHF", "1500.50 CHF", true},
		{"at or under 4 percent", "max. 4 %", true},
		{"au plus 16 °C", "au moins 16 °C", false},
		{"au plus 16 °C", "16 °C maximum", true},
		{"at most 30 minutes", "at least 30 minutes", false},
		{"höchstens 5 Tage", "mindestens 5 Tage", false},
		{"al massimo 3 ore", "almeno 3 ore", false},
		{"como máximo 20 kg", "como mínimo 20 kg", false},
		{"no máximo 10 litros", "pelo menos 10 litros", false},
		{"не более 5 минут", "не менее 5 минут", false},
		{"maximaal 8 uur", "ten minste 8 uur", false},
		{"at most 16 °C", "no more than 16 °C", true},
		{"at least $5", "a minimum of $5", true},
		{"3 ore a settimana", "3 ore al giorno", false},
		{"3 hours a week", "3 hours per week", true},
		{"3 hours a week", "3 hours daily", false},
		{"2 Stunden pro Tag", "2 Stunden pro Woche", false},
		{"2 horas a la semana", "2 horas por semana", true},
		{"3 ore a settimana", "3 ore", true},
		{"新台幣 35,000 元", "NT$35,000", true},
		{"新台幣35,000元", "TWD 35,000", true},
		{"港幣 500 元", "HK$500", true},
		{"NT$35,000", "$35,000", false},
		{"人民币 200 元", "200 元", true},
		{"R$ 80", "US$80", false},
	} {
		if got := same(c.a, c.b); got != c.want {
			t.Errorf("same(%q, %q) = %v, want %v (%v vs %v)", c.a, c.b, got, c.want, Quantities(c.a), Quantities(c.b))
		}
	}
}
