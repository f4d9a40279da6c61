package frame

import (
	"fmt"
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// The harness of the per-language table tests (languages_<code>_test.go):
// a rule read alone pins its modality, bounds and cue; a line read alone
// pins the language it is told as.

// scriptRule is one rule of a language table test: the language the
// message is told as (its primary language; "" for a line its letters
// cannot tell), the modality of its first clause, its bounds (op,
// value in the base unit, dimension; "*" for any; a modality "*" is any too) and a cue class its
// first clause must carry (0 for none asked).
type scriptRule struct {
	lang, text, modality, bounds string
	cue                          lexicon.Class
}

// checkScriptRules reads each rule alone and checks what scriptRule pins;
// the rule's language must be the one the line is told as.
func checkScriptRules(t *testing.T, tests []scriptRule) {
	t.Helper()
	checkRules(t, tests, false)
}

// checkRulesReadIn is checkScriptRules for a language whose short lines
// a neighbour may be told as (its function words are few or shared): the
// rule's language must be among those the line is read in.
func checkRulesReadIn(t *testing.T, tests []scriptRule) {
	t.Helper()
	checkRules(t, tests, true)
}

func checkRules(t *testing.T, tests []scriptRule, among bool) {
	t.Helper()
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			d := r.Read(tt.text)
			if len(d.Clauses) == 0 {
				t.Fatal("no clause")
			}
			want := r.Lexicon().Bit(tt.lang)
			switch {
			case tt.lang == "":
			case among && d.Langs&want == 0:
				t.Errorf("languages %b: %s not read", d.Langs, tt.lang)
			case !among && d.Language() != want:
				t.Errorf("language bit %b, want %s (%b)", d.Language(), tt.lang, want)
			}
			var bounds []string
			for _, q := range d.Quants {
				bounds = append(bounds, fmt.Sprintf("%s%g %s", q.Op, q.Value, q.Dim))
			}
			c := d.Clauses[0]
			if tt.modality != "*" && c.Modality != tt.modality || tt.bounds != "*" && strings.Join(bounds, "; ") != tt.bounds {
				t.Errorf("modality %q bounds %q, want %q %q: %v", c.Modality, strings.Join(bounds, "; "), tt.modality, tt.bounds, describeAll(d))
			}
			if tt.cue != 0 && c.Cues&tt.cue == 0 {
				t.Errorf("cues %b lack %b: %v", c.Cues, tt.cue, describeAll(d))
			}
			if tt.cue == lexicon.Exception && len(c.Exceptions) == 0 {
				t.Errorf("no exception read: %v", describeAll(d))
			}
		})
	}
}

// told is a text and the language it must be told as.
type told struct{ text, lang string }

// checkTold checks that each text is told as its language: a new
// lexicon must not take its neighbours' text.
func checkTold(t *testing.T, tests []told) {
	t.Helper()
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
