package judge

import (
	"context"
	"testing"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk"
)

// r9: Swiss thousands with apostrophes, the direction of a bound (a
// ceiling is not a floor) and the period of a duration ("3 hours a week"
// is not "3 hours a day") in several languages.
func TestR9BoundsPeriodsAndApostrophes(t *testing.T) {
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
		if got := sameQuantities(c.a, c.b); got != c.want {
			t.Errorf("sameQuantities(%q, %q) = %v, want %v (%v vs %v)", c.a, c.b, got, c.want, Quantities(c.a), Quantities(c.b))
		}
	}
}

// r9: a rule over a list of numbers ("lines 31 and 32") whose evidence
// keeps only part of the list, the rest nowhere, is narrowed: Altered.
func TestR9NarrowedList(t *testing.T) {
	j := New(embed.NewHashed(0), Options{})
	P := sdk.CategoryProhibition
	for _, tt := range []keptCase{
		{"no narrowed", P, "Ikke endre avgangstidene på linje 31 og 32 på helligdager.",
			"Regel: ikke endre helligdagsavgangene på linje 31.", []string{"endre avgangstidene på linje"}, false},
		{"no kept", P, "Ikke endre avgangstidene på linje 31 og 32 på helligdager.",
			"Regel: ikke endre avgangstidene på linje 31 og 32 på helligdager.", []string{"endre avgangstidene på linje"}, true},
		{"en narrowed", P, "Never reroute trains from platforms 4, 5 or 6 during the freeze.",
			"Never reroute trains from platforms 4 and 5 during the freeze.", []string{"reroute trains"}, false},
		{"en kept, split", P, "Never reroute trains from platforms 4 and 6 during the freeze.",
			"Never reroute trains from platform 4 during the freeze. The same holds for platform 6.", []string{"reroute trains"}, true},
		{"de narrowed", P, "Keine Wartung an Gleis 7 und 8 vor 22 Uhr.",
			"Keine Wartung an Gleis 7 vor 22 Uhr.", []string{"Wartung an Gleis"}, false},
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
