package frame

import (
	"fmt"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestCroatianRulesRead pins how rules written in Croatian (and Bosnian or
// Serbian in Latin letters) read: the modality of the first clause, every
// bound (op, value in the base unit, dimension) and, where the rule is
// softened, excepted or lifted, that cue.
func TestCroatianRulesRead(t *testing.T) {
	tests := []struct {
		text, modality, bounds string
		cue                    lexicon.Class
	}{
		{"Zabranjeno je brisanje produkcijske baze podataka.", MustNot, "", 0},
		{"Zabrana pristupa serveru za plaćanja s osobnih računa.", MustNot, "", 0},
		{"Nije dozvoljeno pokretati migracije u petak.", MustNot, "=5 weekday", 0},
		{"Samo tim za operacije smije mijenjati firewall.", Only, "", 0},
		{"Moraju biti aktivne najmanje 2 replike u svakom trenutku.", Limit, ">=2 count", 0},
		{"Izveštaj treba poslati najkasnije do 31.12.2026.", Limit, "before1231 date", 0},
		{"Molim te, ne restartaj server prije 22:00 jer su korisnici još prijavljeni.", Limit, "after1320 clock", 0},
		{"Ako je moguće, izbjegavaj promjene baze ponedjeljkom.", MustNot, "=1 weekday", lexicon.Weaken},
		{"Molimo vas da ne brišete logove, osim ako je disk pun.", MustNot, "", lexicon.Exception},
		{"Odobrenje voditelja više nije potrebno za deploy.", "", "", lexicon.Lift},
		{"Budžet ne smije prelaziti 5.000 eura mjesečno.", Limit, fmt.Sprintf("<=%g money:EUR/time", 5000.0/2592000), 0},
		{"Migracija nije uspjela dva puta ovaj tjedan.", Failed, "", 0},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) == 0 {
				t.Fatal("no clause")
			}
			var bounds []string
			for _, q := range d.Quants {
				bounds = append(bounds, fmt.Sprintf("%s%g %s", q.Op, q.Value, q.Dim))
			}
			if got := d.Clauses[0].Modality; got != tt.modality || strings.Join(bounds, "; ") != tt.bounds {
				t.Errorf("modality %q bounds %q, want %q %q: %v", got, strings.Join(bounds, "; "), tt.modality, tt.bounds, describeAll(d))
			}
			if tt.cue != 0 && d.Clauses[0].Cues&tt.cue == 0 {
				t.Errorf("cues %b lack %b: %v", d.Clauses[0].Cues, tt.cue, describeAll(d))
			}
			if d.Langs&r.Lexicon().Bit("hr") == 0 {
				t.Errorf("languages %b: Croatian not read", d.Langs)
			}
		})
	}
}

// TestCroatianStealsNoNeighbour: Croatian shares function words with Czech
// and Polish; a Czech or Polish text keeps its language, and a Croatian
// text is told as Croatian.
func TestCroatianStealsNoNeighbour(t *testing.T) {
	tests := []struct{ text, lang string }{
		{"Nikdy nenasazujte do produkce v pátek, protože to je riskantní.", "cs"},
		{"Nie wdrażaj na produkcję w piątki, bo to jest ryzykowne.", "pl"},
		{"To jest tylko dla zespołu operacyjnego, nie dla wszystkich.", "pl"},
		{"Mi sto occupando del server di produzione.", "it"},
		{"Molim te, ne restartaj server prije 22:00 jer su korisnici još prijavljeni.", "hr"},
		{"Najviše 3 procesa istovremeno, jer je to sve što server može podnijeti.", "hr"},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if want := r.Lexicon().Bit(tt.lang); d.Language() != want {
				t.Errorf("language bit %b, want %s (%b)", d.Language(), tt.lang, want)
			}
		})
	}
}
