package frame

import (
	"fmt"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestTagalogRulesRead pins how rules written in Tagalog (with the English
// words Filipino writers mix in) read: the modality of the first clause,
// every bound (op, value in the base unit, dimension) and, where the rule
// is softened, excepted or lifted, that cue.
func TestTagalogRulesRead(t *testing.T) {
	checkScriptRules(t, []scriptRule{
		{"tl", "Bawal ang pagbura ng production database.", MustNot, "", 0},
		{"tl", "Pagbabawal sa paggamit ng personal na account sa payment server.", MustNot, "", 0},
		{"tl", "Ang ops team lang ang puwedeng magbago ng firewall.", Only, "", 0},
		{"tl", "Dapat may hindi bababa sa 2 replica na tumatakbo sa lahat ng oras.", Limit, ">=2 count", 0},
		{"tl", "Maghintay ng hindi bababa sa 20 minuto sa pagitan ng mga restart.", Limit, ">=1200 time", 0},
		{"tl", "Kailangang maipasa ang ulat bago ang Marso 15.", Limit, "before315 date", 0},
		{"tl", "Huwag i-restart ang server bago ang 22:00.", Limit, "after1320 clock", 0},
		{"tl", "Kung maaari, iwasan ang pagbabago sa database tuwing Lunes.", MustNot, "=1 weekday", lexicon.Weaken},
		{"tl", "Huwag galawin ang config ng cluster, maliban kung may malubhang insidente.", MustNot, "", lexicon.Exception},
		{"tl", "Hindi na kailangan ang approval ng manager para sa deploy.", "", "", lexicon.Lift},
		{"tl", "Ang budget ay hindi dapat lumampas sa 50,000 piso bawat buwan.", Limit, fmt.Sprintf("<=%g money:PHP/time", 50000.0/2592000), 0},
		{"tl", "Nabigo ang migration nang dalawang beses kahapon.", Failed, "", 0},
	})
}

// TestTagalogStealsNoNeighbour: Tagalog shares no function word with
// Indonesian that Indonesian does not count too, and leaves out words
// common in English, Polish or Turkish texts; those texts keep their
// language.
func TestTagalogStealsNoNeighbour(t *testing.T) {
	checkTold(t, []told{
		{"Jangan pernah deploy ke produksi pada hari Jumat karena kami sibuk.", "id"},
		{"Please store the raw logs in the archive bucket.", "en"},
		{"Her ay yedekleme yapılmalı ve bu kontrol edilmeli.", "tr"},
		{"Ang ops team lang ang puwedeng magbago ng firewall.", "tl"},
	})
}
