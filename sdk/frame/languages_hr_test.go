package frame

import (
	"fmt"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestCroatianRulesRead pins how rules written in Croatian (and Bosnian or
// Serbian in Latin letters) read: the modality of the first clause, every
// bound (op, value in the base unit, dimension) and, where the rule is
// softened, excepted or lifted, that cue.
func TestCroatianRulesRead(t *testing.T) {
	checkRulesReadIn(t, []scriptRule{
		{"hr", "Zabranjeno je brisanje produkcijske baze podataka.", MustNot, "", 0},
		{"hr", "Zabrana pristupa serveru za plaćanja s osobnih računa.", MustNot, "", 0},
		{"hr", "Nije dozvoljeno pokretati migracije u petak.", MustNot, "=5 weekday", 0},
		{"hr", "Samo tim za operacije smije mijenjati firewall.", Only, "", 0},
		{"hr", "Moraju biti aktivne najmanje 2 replike u svakom trenutku.", Limit, ">=2 count", 0},
		{"hr", "Izveštaj treba poslati najkasnije do 31.12.2026.", Limit, "before1231 date", 0},
		{"hr", "Molim te, ne restartaj server prije 22:00 jer su korisnici još prijavljeni.", Limit, "after1320 clock", 0},
		{"hr", "Ako je moguće, izbjegavaj promjene baze ponedjeljkom.", MustNot, "=1 weekday", lexicon.Weaken},
		{"hr", "Molimo vas da ne brišete logove, osim ako je disk pun.", MustNot, "", lexicon.Exception},
		{"hr", "Odobrenje voditelja više nije potrebno za deploy.", "", "", lexicon.Lift},
		{"hr", "Budžet ne smije prelaziti 5.000 eura mjesečno.", Limit, fmt.Sprintf("<=%g money:EUR/time", 5000.0/2592000), 0},
		{"hr", "Migracija nije uspjela dva puta ovaj tjedan.", Failed, "", 0},
	})
}

// TestCroatianStealsNoNeighbour: Croatian shares function words with Czech
// and Polish; a Czech or Polish text keeps its language, and a Croatian
// text is told as Croatian.
func TestCroatianStealsNoNeighbour(t *testing.T) {
	checkTold(t, []told{
		{"Nikdy nenasazujte do produkce v pátek, protože to je riskantní.", "cs"},
		{"Nie wdrażaj na produkcję w piątki, bo to jest ryzykowne.", "pl"},
		{"To jest tylko dla zespołu operacyjnego, nie dla wszystkich.", "pl"},
		{"Mi sto occupando del server di produzione.", "it"},
		{"Molim te, ne restartaj server prije 22:00 jer su korisnici još prijavljeni.", "hr"},
		{"Najviše 3 procesa istovremeno, jer je to sve što server može podnijeti.", "hr"},
	})
}
