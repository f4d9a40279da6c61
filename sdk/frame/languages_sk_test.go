package frame

import (
	"fmt"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestSlovakRulesRead pins how rules written in Slovak read: the modality
// of the first clause, every bound (op, value in the base unit, dimension)
// and, where the rule is softened, excepted or lifted, that cue. Slovak
// shares many function words with Czech, so a Slovak rule is read beside
// Czech; its own cues (najviac, najskôr, iba, treba), months, weekdays and
// units are what these rows pin.
func TestSlovakRulesRead(t *testing.T) {
	checkRulesReadIn(t, []scriptRule{
		{"sk", "V sále môže byť najviac 8 osôb za deň.", Limit, fmt.Sprintf("<=%g count/time", 8.0/86400), 0},
		{"sk", "Objednávku nám musíte poslať do piatka 18. decembra do 17:00, aby sme ju stihli spracovať.", Limit, "<=5 weekday; <=1218 date; <=1020 clock", 0},
		{"sk", "Platby sa spracujú až po 20. decembri.", Limit, "after1220 date", 0},
		{"sk", "Montáž sa začne najskôr od pondelka.", Limit, "after1 weekday", 0},
		{"sk", "Nikdy nemeň poradie.", MustNot, "", 0},
		{"sk", "Dodávku vozí iba Peter, lebo má vodičský preukaz.", Only, "", 0},
		{"sk", "Pred nasadením vždy spusti všetky testy.", Must, "", 0},
		{"sk", "Záloha nesmie trvať viac ako tri hodiny.", Limit, "<=10800 time", 0},
		{"sk", "Rozpočet je maximálne 1 200 € na mesiac.", Limit, fmt.Sprintf("<=%g money:EUR/time", 1200.0/2592000), 0},
		{"sk", "Prihlášky posielajte najneskôr do 15. marca.", Limit, "before315 date", 0},
		{"sk", "Ak je to možné, vyhni sa zmenám databázy v pondelok.", MustNot, "=1 weekday", lexicon.Weaken},
		{"sk", "Nemažte logy, s výnimkou prípadu, keď je disk plný.", MustNot, "", lexicon.Exception},
		{"sk", "Schválenie vedúceho už nie je potrebné.", "*", "", lexicon.Lift},
		{"sk", "Migrácia zlyhala dvakrát tento týždeň.", Failed, "*", 0},
	})
}

// TestSlovakStealsNoNeighbour: Slovak lists the function words it shares
// with Czech, and Czech keeps every tie; a Slovak text is told by the
// words only Slovak uses, and a Czech, Croatian or Polish text keeps its
// language.
func TestSlovakStealsNoNeighbour(t *testing.T) {
	checkTold(t, []told{
		{"Nikdy nenasazujte do produkce v pátek, protože to je riskantní.", "cs"},
		{"Prosím, nemažte ty zálohy, které jsou na disku, děkuji.", "cs"},
		{"Nikdy nenasadzujte do produkcie v piatok, pretože je to riskantné a sú s tým problémy.", "sk"},
		{"Prosím, nemažte tie zálohy, ktoré sú na disku, ďakujem.", "sk"},
		{"Najviše 3 procesa istovremeno, jer je to sve što server može podnijeti.", "hr"},
		{"Nie wdrażaj na produkcję w piątki, bo to jest ryzykowne.", "pl"},
		{"Please store the raw logs in the archive bucket.", "en"},
	})
}
