package frame

import (
	"fmt"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestSwahiliRulesRead pins how rules written in Swahili read: the
// modality of the first clause, every bound (op, value in the base unit,
// dimension) and, where the rule is softened or lifted, that cue.
func TestSwahiliRulesRead(t *testing.T) {
	tests := []struct {
		text, modality, bounds string
		cue                    lexicon.Class
	}{
		{"Ni marufuku kufuta hifadhidata ya uzalishaji.", MustNot, "", 0},
		{"Usifute faili za kumbukumbu kwenye seva ya majaribio.", MustNot, "", 0},
		{"Tafadhali tumia tawi la main tu kwa toleo hili.", Only, "", 0},
		{"Michakato isiyozidi 3 kwa wakati mmoja.", Limit, "<=3 number", 0},
		{"Bajeti ya wingu iwe angalau TSh 10,000 kwa mwezi.", Limit, fmt.Sprintf(">=%g money:TZS/time", 10000.0/2592000), 0},
		{"Tafadhali ripoti yako lazima iwasilishwe kabla ya 15 Machi.", Limit, "before315 date", 0},
		{"Tafadhali usianzishe upya seva kabla ya 22:00.", Limit, "after1320 clock", 0},
		{"Ikiwezekana, usitumie maktaba mpya katika mradi huu.", MustNot, "", lexicon.Weaken},
		{"Usifanye deploy Ijumaa, isipokuwa kama kuna hitilafu kubwa.", MustNot, "=5 weekday", lexicon.Exception},
		{"Idhini ya meneja haihitajiki tena kwa mabadiliko haya.", "", "", lexicon.Lift},
		{"Sasa unaweza kufanya deploy siku ya Ijumaa.", "", "=5 weekday", lexicon.Lift},
		{"Uhamisho wa data ulishindwa mara mbili jana.", Failed, "", 0},
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
			if want := r.Lexicon().Bit("sw"); d.Language()&want == 0 {
				t.Errorf("language bit %b, not read as Swahili", d.Language())
			}
		})
	}
}
