package frame

import (
	"fmt"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestTagalogRulesRead pins how rules written in Tagalog (with the English
// words Filipino writers mix in) read: the modality of the first clause,
// every bound (op, value in the base unit, dimension) and, where the rule
// is softened, excepted or lifted, that cue.
func TestTagalogRulesRead(t *testing.T) {
	tests := []struct {
		text, modality, bounds string
		cue                    lexicon.Class
	}{
		{"Bawal ang pagbura ng production database.", MustNot, "", 0},
		{"Pagbabawal sa paggamit ng personal na account sa payment server.", MustNot, "", 0},
		{"Ang ops team lang ang puwedeng magbago ng firewall.", Only, "", 0},
		{"Dapat may hindi bababa sa 2 replica na tumatakbo sa lahat ng oras.", Limit, ">=2 count", 0},
		{"Maghintay ng hindi bababa sa 20 minuto sa pagitan ng mga restart.", Limit, ">=1200 time", 0},
		{"Kailangang maipasa ang ulat bago ang Marso 15.", Limit, "before315 date", 0},
		{"Huwag i-restart ang server bago ang 22:00.", Limit, "after1320 clock", 0},
		{"Kung maaari, iwasan ang pagbabago sa database tuwing Lunes.", MustNot, "=1 weekday", lexicon.Weaken},
		{"Huwag galawin ang config ng cluster, maliban kung may malubhang insidente.", MustNot, "", lexicon.Exception},
		{"Hindi na kailangan ang approval ng manager para sa deploy.", "", "", lexicon.Lift},
		{"Ang budget ay hindi dapat lumampas sa 50,000 piso bawat buwan.", Limit, fmt.Sprintf("<=%g money:PHP/time", 50000.0/2592000), 0},
		{"Nabigo ang migration nang dalawang beses kahapon.", Failed, "", 0},
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
			if want := r.Lexicon().Bit("tl"); d.Language() != want {
				t.Errorf("language bit %b, want tl (%b)", d.Language(), want)
			}
		})
	}
}

// TestTagalogStealsNoNeighbour: Tagalog shares no function word with
// Indonesian that Indonesian does not count too, and leaves out words
// common in English, Polish or Turkish texts; those texts keep their
// language.
func TestTagalogStealsNoNeighbour(t *testing.T) {
	tests := []struct{ text, lang string }{
		{"Jangan pernah deploy ke produksi pada hari Jumat karena kami sibuk.", "id"},
		{"Please store the raw logs in the archive bucket.", "en"},
		{"Her ay yedekleme yapılmalı ve bu kontrol edilmeli.", "tr"},
		{"Ang ops team lang ang puwedeng magbago ng firewall.", "tl"},
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
