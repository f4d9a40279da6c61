package rules

import (
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk"
)

// TestLexiconProhibitionReadsEveryListedLanguage: rule
// "lexicon_prohibition" (off by default) takes its cues from the
// lexicons' prohibitive lists and keeps a sentence the frame reader reads
// as a prohibition, in the languages the pack's patterns do not read; a
// negated statement, and a language those patterns read, give it nothing.
func TestLexiconProhibitionReadsEveryListedLanguage(t *testing.T) {
	on := testEngine(t, Options{Enable: []string{"lexicon_prohibition"}})
	off := testEngine(t, Options{})
	tests := []struct {
		text string
		want bool // a prohibition with the rule on
	}{
		{"Älä koskaan poista tuotannon tietokantaa.", true},
		{"Μην σβήσεις ποτέ τη βάση παραγωγής.", true},
		{"לעולם אל תמחק את מסד הנתונים של הייצור.", true},
		{"لا تحذف قاعدة بيانات الإنتاج أبدا.", true},
		{"Jangan guna kacang tanah dalam hidangan.", true},
		{"Nikad ne briši produkcijsku bazu.", true},
		{"Nikdy nemaž produkčnú databázu, prosím.", true},
		{"ห้ามลบฐานข้อมูล production", true},
		// A negation that says what is not so.
		{"Buran tidak sehat hari ini.", false},
		{"Peter dnes nepríde do kancelárie, je chorý.", false},
		{"ואבי שוב לא יענה לוואטסאפ, אבל שיהיה.", false},
		// English has its own patterns; a bare answer is no rule.
		{"No, not this year.", false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got := len(byCategory(extractOne(t, on, "user", tt.text), sdk.CategoryProhibition)) > 0
			if got != tt.want {
				t.Errorf("prohibition = %v, want %v", got, tt.want)
			}
			if tt.want && len(byCategory(extractOne(t, off, "user", tt.text), sdk.CategoryProhibition)) > 0 {
				t.Skip("read by another rule too")
			}
		})
	}
}

// TestLexiconRuleReportsABadListOrLanguage: a pack rule naming a lexicon
// list or a language no file has is reported on the rule.
func TestLexiconRuleReportsABadListOrLanguage(t *testing.T) {
	tests := []struct{ body, want string }{
		{`lexicon = "prohibitions"`, "unknown lexicon list"},
		{"lexicon = \"prohibitive\"\n  frame = \"must_not\"\n  languages = [\"xx\"]", "unknown language"},
		{"lexicon = \"prohibitive\"\n  frame = \"forbidden\"", "unknown frame modality"},
		{`cues = ["x"]`, "rule has no pattern"},
		{"lexicon = \"prohibitive\"\n  languages = [\"fi\"]", "languages without frame"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			src := "rule \"mine\" {\n  category = \"prohibition\"\n  " + tt.body + "\n}\n"
			p, diags := ParsePack("mine.hcl", []byte(src))
			if !diags.HasErrors() {
				_, diags = Compile([]*Pack{p}, Options{Lexicon: testLexicon(t)})
			}
			if !diags.HasErrors() || !strings.Contains(diags.Error(), tt.want) {
				t.Fatalf("diagnostics %v, want %q", diags, tt.want)
			}
			if !strings.Contains(diags.Error(), "mine") {
				t.Errorf("diagnostics %v do not name the rule", diags)
			}
		})
	}
}
