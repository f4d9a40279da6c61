package frame

import (
	"fmt"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestSwahiliRulesRead pins how rules written in Swahili read: the
// modality of the first clause, every bound (op, value in the base unit,
// dimension) and, where the rule is softened or lifted, that cue.
func TestSwahiliRulesRead(t *testing.T) {
	checkRulesReadIn(t, []scriptRule{
		{"sw", "Ni marufuku kufuta hifadhidata ya uzalishaji.", MustNot, "", 0},
		{"sw", "Usifute faili za kumbukumbu kwenye seva ya majaribio.", MustNot, "", 0},
		{"sw", "Tafadhali tumia tawi la main tu kwa toleo hili.", Only, "", 0},
		{"sw", "Michakato isiyozidi 3 kwa wakati mmoja.", Limit, "<=3 number", 0},
		{"sw", "Bajeti ya wingu iwe angalau TSh 10,000 kwa mwezi.", Limit, fmt.Sprintf(">=%g money:TZS/time", 10000.0/2592000), 0},
		{"sw", "Tafadhali ripoti yako lazima iwasilishwe kabla ya 15 Machi.", Limit, "before315 date", 0},
		{"sw", "Tafadhali usianzishe upya seva kabla ya 22:00.", Limit, "after1320 clock", 0},
		{"sw", "Ikiwezekana, usitumie maktaba mpya katika mradi huu.", MustNot, "", lexicon.Weaken},
		{"sw", "Usifanye deploy Ijumaa, isipokuwa kama kuna hitilafu kubwa.", MustNot, "=5 weekday", lexicon.Exception},
		{"sw", "Idhini ya meneja haihitajiki tena kwa mabadiliko haya.", "", "", lexicon.Lift},
		{"sw", "Sasa unaweza kufanya deploy siku ya Ijumaa.", "", "=5 weekday", lexicon.Lift},
		{"sw", "Uhamisho wa data ulishindwa mara mbili jana.", Failed, "", 0},
	})
}
