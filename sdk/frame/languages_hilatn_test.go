package frame

import (
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestRomanizedHindiRulesRead pins how rules written in Hindi with Latin
// letters (with the English words its writers mix in) read: the modality
// of the first clause, every bound (op, value in the base unit,
// dimension) and, where the rule is softened, excepted or lifted, that
// cue.
func TestRomanizedHindiRulesRead(t *testing.T) {
	checkScriptRules(t, []scriptRule{
		{"hi-Latn", "Yeh server production ka hai, isko kabhi restart mat karna.", MustNot, "", 0},
		{"hi-Latn", "Database ko kabhi mat chhedna, sirf DBA team kar sakti hai.", MustNot, "", 0},
		{"hi-Latn", "Office TVs wala box standup ke time pe bilkul down nahi hona chahiye.", MustNot, "", 0},
		{"hi-Latn", "Deploy sirf staging pe karna hai, production pe nahi.", Only, "", 0},
		{"hi-Latn", "Refunds 5000 rupaye se zyada nahi hone chahiye.", Limit, "<=5000 money:INR", 0},
		{"hi-Latn", "Pichhle hafte ka freeze hata diya hai, ab aap deploy kar sakte hain.", "", "", lexicon.Lift},
		{"hi-Latn", "Backup job kal raat fail ho gaya kyunki disk full thi.", Failed, "", 0},
	})
	// Lines with few Hindi function words are read in every language,
	// Hindi among them.
	checkRulesReadIn(t, []scriptRule{
		{"hi-Latn", "Production server web-prod-3 ko kabhi bhi restart mat karna.", MustNot, "", 0},
		{"hi-Latn", "Har din maximum 50 refunds hi approve karo.", Limit, "<=0.0005787037037037037 count/time", 0},
		{"hi-Latn", "Migration shaam 6 baje ke baad hi chalana.", Limit, "after1080 clock", 0},
		{"hi-Latn", "Database ko chhedna mat, DBA team ke alawa.", MustNot, "", lexicon.Exception},
	})
}

// TestRomanizedHindiStealsNoNeighbour: the romanized Hindi function words
// are none of English's, German's, Indonesian's, Tagalog's, Turkish's,
// Romanian's, Swedish's or Polish's, and a short English line with an English word Hindi also
// writes ("mat") reads no rule.
func TestRomanizedHindiStealsNoNeighbour(t *testing.T) {
	checkTold(t, []told{
		{"Please store the raw logs in the archive bucket before the weekend.", "en"},
		{"Das Backup läuft jeden Tag um 3 Uhr und ist nach einer Stunde fertig.", "de"},
		{"Jangan pernah deploy ke produksi pada hari Jumat karena kami sibuk.", "id"},
		{"Ang ops team lang ang puwedeng magbago ng firewall.", "tl"},
		{"Her ay yedekleme yapılmalı ve bu kontrol edilmeli.", "tr"},
		{"Nu reporniți serverul vinerea sau sâmbăta, din motive de siguranță.", "ro"},
		{"Vi har tre servrar och ingen av dem får startas om på fredag.", "sv"},
		{"Tak, nie wdrażaj niczego na produkcję do piątku.", "pl"},
		{"Yeh server production ka hai, isko kabhi restart mat karna.", "hi-Latn"},
	})
	r := reader(t)
	for _, text := range []string{"Use the anti-fatigue mat.", "Order two yoga mats and a floor mat for the lobby."} {
		if d := r.Read(text); len(d.Clauses) > 0 && d.Clauses[0].Modality != "" {
			t.Errorf("%q reads as %s", text, d.Describe(d.Clauses[0]))
		}
	}
}
