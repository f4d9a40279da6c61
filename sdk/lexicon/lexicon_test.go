package lexicon

import (
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hashicorp/hcl/v2"
)

func mustDefault(t testing.TB) *Set {
	t.Helper()
	s, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestDefaultLexiconsLoad(t *testing.T) {
	s := mustDefault(t)
	if s.Language("en") == nil {
		t.Fatal("no English lexicon")
	}
}

func TestFoldFoldsWidthAndCaseButKeepsDiacritics(t *testing.T) {
	for in, want := range map[string]string{
		"Ｎｅｖｅｒ": "never", "１２，０００": "12,000", "Créer": "créer", "ÜBER": "über", "plain": "plain", "Báo": "báo",
		// Decimal digits of every script read as ASCII digits.
		"الساعة ٢١:٠٠": "الساعة 21:00", "۱۲۰۰ تومان": "1200 تومان", "४ घंटे": "4 घंटे", "৩০ মিনিট": "30 মিনিট", "๒๕": "25", "٣٫٥ كغ": "3.5 كغ", "١٬٢٠٠": "1,200",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
	if got := FoldMarks("Köln Créer"); got != "koln creer" {
		t.Errorf("FoldMarks = %q", got)
	}
}

func TestTokensKeepNumbersIdentifiersAndOffsets(t *testing.T) {
	text := "Never run `DROP TABLE` on legacy_orders before 17:00; cap ₹2,00,000 or 1 000 000 (１２，０００), 禁止 ٢١:٠٠ 票Ｒ－８８４"
	var got []string
	for _, tk := range Tokens(text) {
		if text[tk.Start:tk.End] != tk.Text {
			t.Fatalf("token %q has offsets %d-%d", tk.Text, tk.Start, tk.End)
		}
		got = append(got, tk.Norm)
	}
	want := "never run drop table on legacy_orders before 17:00 ; cap ₹ 2,00,000 or 1 000 000 ( 12,000 ) , 禁 止 21:00 票 r-884"
	if strings.Join(got, " ") != want {
		t.Fatalf("tokens\n got %s\nwant %s", strings.Join(got, " "), want)
	}
}

// TestTokensSplitAnAmountFromTheLettersItIsGluedTo: "Rp10.000.000" is a
// currency and a number; a model or a version stays one word.
func TestTokensSplitAnAmountFromTheLettersItIsGluedTo(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Rp10.000.000.", "rp 10.000.000 ."},
		{"RM1,500 sebulan", "rm 1,500 sebulan"},
		{"four A100s", "four a100s"},
		{"pin v1.100.2 now", "pin v1.100.2 now"},
		{"node12.300x", "node12.300x"},
	}
	for _, tt := range tests {
		if got := norms(tt.text); got != tt.want {
			t.Errorf("Tokens(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// norms is the folded tokens of text, one space between.
func norms(text string) string {
	var got []string
	for _, tk := range Tokens(text) {
		got = append(got, tk.Norm)
	}
	return strings.Join(got, " ")
}

func TestMatchTakesTheLongestPhrase(t *testing.T) {
	s := mustDefault(t)
	en := s.Bit("en")
	ts := Tokens("Spill must not exceed 3 k, and do not start before 9")
	var classes []Class
	for _, c := range s.Match(ts, en, en) {
		classes = append(classes, c.Class)
	}
	var sawUpper, sawNeg, sawBefore bool
	for _, c := range classes {
		sawUpper = sawUpper || c&Upper != 0
		sawNeg = sawNeg || c&Negation != 0
		sawBefore = sawBefore || c&Before != 0
	}
	if !sawUpper || !sawNeg || !sawBefore {
		t.Fatalf("cues %v: want an upper bound, a negation and a before", classes)
	}
}

// TestMatchReadsAPhraseWithAGap: a cue phrase with a "…" takes one to
// four words of the text in its place ("leave WriteCSV alone"); the gap's
// words carry no cue, its last words only a Neutral one, and punctuation
// or a fifth word breaks it.
func TestMatchReadsAPhraseWithAGap(t *testing.T) {
	s := mustDefault(t)
	en, de := s.Bit("en"), s.Bit("de")
	tests := []struct {
		text      string
		langs     uint64
		negations int
		cued      []string // the words that carry a cue
	}{
		{"Leave WriteCSV alone, I'll raise it", en, 1, []string{"leave", "alone"}},
		{"leave the swagger docs alone", en, 1, []string{"leave", "alone"}},
		{"Lass den Cronjob in Ruhe.", de, 1, []string{"lass", "in", "ruhe"}},
		{"We leave at 5. Alone time after.", en, 0, nil},
		{"leave the frontend, the API and the docs alone", en, 0, nil},
	}
	for _, tt := range tests {
		ts := Tokens(tt.text)
		negations := 0
		var cued []string
		for _, c := range s.Match(ts, tt.langs, tt.langs) {
			if c.Class&Negation != 0 {
				negations++
			}
			if c.Class&(Negation|Neutral) != 0 {
				for k := c.I; k < c.J; k++ {
					cued = append(cued, ts[k].Norm)
				}
			}
		}
		if negations != tt.negations || !slices.Equal(cued, tt.cued) {
			t.Errorf("Match(%q): %d negations on %v, want %d on %v", tt.text, negations, cued, tt.negations, tt.cued)
		}
	}
}

func TestMatchInReadsAFunctionWordOfThePrimaryLanguageAsItsOwn(t *testing.T) {
	s := mustDefault(t)
	pt, es := s.Bit("pt"), s.Bit("es")
	tests := []struct {
		text       string
		primary    uint64
		wantNegate bool
	}{
		// "no" is "in the" in Portuguese, a negation in Spanish.
		{"pode incluir a troca no cronograma", pt, false},
		{"pode incluir a troca no cronograma", 0, true},
		{"no lo hagas en producción", es, true},
		// A phrase of several words counts in every language read.
		{"pode incluir a troca, não pode trocar as portas", pt, true},
	}
	for _, tt := range tests {
		negate := false
		for _, c := range s.MatchIn(Tokens(tt.text), pt|es, pt|es, tt.primary) {
			negate = negate || c.Class&Negation != 0
		}
		if negate != tt.wantNegate {
			t.Errorf("MatchIn(%q, primary %b) negation = %v, want %v", tt.text, tt.primary, negate, tt.wantNegate)
		}
	}
}

// TestMatchInReadsAFunctionWordOfThePrimaryLanguageBeforeAnAbbreviation:
// Hungarian "sem" (nor) before a full stop is not French "sem." (a week).
func TestMatchInReadsAFunctionWordOfThePrimaryLanguageBeforeAnAbbreviation(t *testing.T) {
	s := mustDefault(t)
	hu, fr := s.Bit("hu"), s.Bit("fr")
	tests := []struct {
		text    string
		primary uint64
		want    Class
	}{
		{"és a szaunába sem.", hu, Disjunction},
		{"dans 3 sem.", fr, UnitWord},
	}
	for _, tt := range tests {
		var got Class
		for _, c := range s.MatchIn(Tokens(tt.text), hu|fr, hu|fr, tt.primary) {
			got |= c.Class
		}
		if got&tt.want == 0 {
			t.Errorf("MatchIn(%q) classes %b, want %b among them", tt.text, got, tt.want)
		}
	}
}

func TestLoadReportsTheFileOfABadLexicon(t *testing.T) {
	_, diags := LoadFS(fstest.MapFS{
		"xx.hcl": {Data: []byte("language \"xx\" {\n  name = 3\n}\n")},
	})
	if !diags.HasErrors() || !strings.Contains(diags.Error(), "xx.hcl") {
		t.Fatalf("diags %v: want an error naming xx.hcl", diags)
	}
}

// TestPrimaryTellsATerseTextByItsLetters: a line with no function word is
// told by the letters (or script) that mark one language, and by none
// when two languages share them equally.
func TestPrimaryTellsATerseTextByItsLetters(t *testing.T) {
	s, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ text, want string }{
		{"Üretim veritabanında asla doğrudan UPDATE çalıştırma.", "tr"},
		{"Żadnych wdrożeń w piątek.", "pl"},
		{"Никаких выкладок в пятницу.", "ru"},
		{"금요일 배포 금지.", "ko"},
		{"Deploy freeze on payments-api.", "en"},
		{"Ürün çıkışı öncesi kontrol.", "tr"},
		{"Žiadne mazanie ľubovoľných záloh.", "sk"},
		{"Přeskočit řešení úkolů.", "cs"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := primaryCode(s, tt.text); got != tt.want {
				t.Errorf("Primary = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPrimaryCountsTheNegationsAndPrepositionsOfALanguage: a sentence
// whose articles English shares ("i", "a") is told by the function words
// only its own language has (negations, "without", "before").
func TestPrimaryCountsTheNegationsAndPrepositionsOfALanguage(t *testing.T) {
	s, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ text, want string }{
		{"Ricorda: non superare mai i 600 euro a ordine senza chiedermi prima.", "it"},
		{"Paczki po 1.000 wierszy do API hurtowni, nie więcej.", "pl"},
		{"Never go above 600 euro a day without asking me first.", "en"},
	}
	for _, tt := range tests {
		if got := primaryCode(s, tt.text); got != tt.want {
			t.Errorf("Primary(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// primaryCode is the code of the language Primary tells for text, "" for
// none.
func primaryCode(s *Set, text string) string {
	if i := s.Primary(Tokens(text)); i >= 0 {
		return s.Languages[i].Code
	}
	return ""
}

// TestPrimaryBreaksATieOfFunctionWordsByLetters: languages that share
// their function words ("i", "na", "z" are Polish and Czech) are told
// apart by the letters only one of them writes.
func TestPrimaryBreaksATieOfFunctionWordsByLetters(t *testing.T) {
	s, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ text, want string }{
		{"Na degustacji alkohol podajemy tylko pełnoletnim gościom z dowodem osobistym.", "pl"},
		{"Na degustaci podáváme alkohol jen plnoletým hostům s občanským průkazem.", "cs"},
	}
	for _, tt := range tests {
		if got := primaryCode(s, tt.text); got != tt.want {
			t.Errorf("Primary(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestDetectReadsALanguageByFunctionWordsOnlyItLists: Catalan shares
// "de", "la" and "el" with its neighbours and lists only its own function
// words, so a Catalan text counts fewer of them than Spanish does; three
// words no other language lists are evidence enough to read it. A Spanish
// text with none is not read as Catalan.
func TestDetectReadsALanguageByFunctionWordsOnlyItLists(t *testing.T) {
	s, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	ca := uint64(1) << s.byCode["ca"]
	tests := []struct {
		text string
		want bool
	}{
		{"Mai reservar el menjador del celler a grups amb nens petits. Els Puig van a la sala gran de la casa, amb la resta dels convidats i tots els nens de la família de la Laia.", true},
		{"Nunca reservamos el comedor de la bodega a grupos con niños pequeños, y la familia de la Laia va a la sala grande de la casa con el resto de los invitados.", false},
	}
	for _, tt := range tests {
		t.Run(tt.text[:20], func(t *testing.T) {
			if got := s.Detect(Tokens(tt.text))&ca != 0; got != tt.want {
				t.Errorf("Catalan read = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestNegatedReadsAWordThatNegatesTheWordInside: a negative word pattern
// (prefix*suffix) gives the word it negates, only in its own language and
// with enough letters for the star.
func TestNegatedReadsAWordThatNegatesTheWordInside(t *testing.T) {
	s := mustDefault(t)
	en := s.Bit("en")
	for _, tt := range []struct {
		word  string
		langs uint64
		inner string // "" when not a negative word
	}{
		{"untranslated", en, "translated"},
		{"uncommitted", en, "committed"},
		{"united", en, ""},     // too few letters for the star
		{"understand", en, ""}, // no suffix
		{"untranslated", s.Bit("de"), ""},
		{"ongewijzigd", s.Bit("nl"), ""}, // no pattern in Dutch
	} {
		t.Run(tt.word, func(t *testing.T) {
			in, ok := s.Negated(tt.word, tt.langs)
			if ok != (tt.inner != "") || in != tt.inner {
				t.Fatalf("Negated(%q) = %q, %v; want %q", tt.word, in, ok, tt.inner)
			}
		})
	}
}

// loadEnglishWith loads the English lexicon (with units.hcl) after
// replacing old by repl in en.hcl, failing t when en.hcl holds no old: a
// test that breaks nothing would test nothing.
func loadEnglishWith(t *testing.T, old, repl string) hcl.Diagnostics {
	t.Helper()
	en, err := os.ReadFile("lang/en.hcl")
	if err != nil {
		t.Fatal(err)
	}
	units, err := os.ReadFile("lang/units.hcl")
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(en), old, repl, 1)
	if changed == string(en) {
		t.Fatalf("en.hcl holds no %s to change: the test would test nothing", old)
	}
	_, diags := LoadFS(fstest.MapFS{"en.hcl": {Data: []byte(changed)}, "units.hcl": {Data: units}})
	return diags
}

// TestLoadReportsABadNegativeWordPattern: a pattern without its star is
// reported with the language that holds it.
func TestLoadReportsABadNegativeWordPattern(t *testing.T) {
	const line = `negative_words = ["un*ed"]`
	if diags := loadEnglishWith(t, line, `negative_words = ["uned"]`); !diags.HasErrors() || !strings.Contains(diags.Error(), `"uned"`) {
		t.Fatalf("diags %v: want an error naming the pattern", diags)
	}
	// A suffix alone must be long enough to name a negation.
	if diags := loadEnglishWith(t, line, `negative_words = ["*ed"]`); !diags.HasErrors() || !strings.Contains(diags.Error(), `"*ed"`) {
		t.Fatalf("diags %v: want an error naming the short suffix pattern", diags)
	}
	if diags := loadEnglishWith(t, line, `negative_words = ["*less"]`); diags.HasErrors() {
		t.Fatalf("diags %v: a suffix of four letters is a pattern", diags)
	}
}

// TestLoadReportsAFirmWordThatIsNoBound: a firm word only says that a
// bound word's bound is named outright, so it must be an upper or lower
// word too.
func TestLoadReportsAFirmWordThatIsNoBound(t *testing.T) {
	if diags := loadEnglishWith(t, `firm = ["at least"`, `firm = ["at leisure"`); !diags.HasErrors() || !strings.Contains(diags.Error(), `"at leisure"`) {
		t.Fatalf("diags %v: want an error naming the firm word", diags)
	}
}

// TestTokensKeepADirectorysTrailingSlash: "licensing/" names a directory,
// so its slash is part of the word when a space, a closing mark or the end
// follows; a slash between two words joins them as before.
func TestTokensKeepADirectorysTrailingSlash(t *testing.T) {
	tests := []struct{ text, want string }{
		{"don't touch licensing/ today", "don ' t touch licensing/ today"},
		{"the module (licensing/)", "the module ( licensing/ )"},
		{"edit vendor/", "edit vendor/"},
		{"and/or 5 km/h", "and/or 5 km/h"},
		{"a / b", "a / b"},
	}
	for _, tt := range tests {
		if got := norms(tt.text); got != tt.want {
			t.Errorf("%q: tokens %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestTokensReadAPhraseSpaceAsAComma: Thai, Lao, Khmer and Burmese put a
// space between phrases, not words, so a space between two of their
// letters is a comma; a space before a number, or in another script, is
// nothing.
func TestTokensReadAPhraseSpaceAsAComma(t *testing.T) {
	tests := []struct {
		text   string
		commas int
	}{
		{"ได้ไม่เกิน 8 คน ห้ามออกเรือหลัง 18:00", 1},
		{"ไม่เกิน 8 คน", 0},
		{"금요일 배포 금지", 0},
		{"no deploys on Friday", 0},
	}
	for _, tt := range tests {
		n := 0
		for _, tk := range Tokens(tt.text) {
			if tk.Kind == Punct && tk.Norm == "," {
				n++
			}
		}
		if n != tt.commas {
			t.Errorf("%q: %d phrase commas, want %d", tt.text, n, tt.commas)
		}
	}
}

// TestDetectTellsSlovakFromCzech: Slovak lists the function words it
// shares with Czech, and Czech, first in file order, keeps every tie; a
// Slovak paragraph is read as Slovak (Czech beside it is fine) and told as
// Slovak by the words only Slovak writes so, and a Czech paragraph stays
// Czech.
func TestDetectTellsSlovakFromCzech(t *testing.T) {
	s := mustDefault(t)
	sk, cs := s.Bit("sk"), s.Bit("cs")
	tests := []struct {
		text    string
		primary string
		read    uint64 // languages that must be read
	}{
		{"Prosím, nikdy nemažte zálohy, ktoré sú na disku. Je to veľmi dôležité, lebo ich ešte potrebujeme a bez nich by sme nemali čo obnoviť.", "sk", sk},
		{"Prosím, nikdy nemažte zálohy, které jsou na disku. Je to velmi důležité, protože je ještě potřebujeme a bez nich bychom neměli co obnovit.", "cs", cs},
	}
	for _, tt := range tests {
		t.Run(tt.primary, func(t *testing.T) {
			ts := Tokens(tt.text)
			if got := s.Detect(ts); got&tt.read != tt.read {
				t.Errorf("Detect = %b, want %b among them", got, tt.read)
			}
			got := ""
			if i := s.Primary(ts); i >= 0 {
				got = s.Languages[i].Code
			}
			if got != tt.primary {
				t.Errorf("Primary = %q, want %q", got, tt.primary)
			}
		})
	}
}

// TestMatchReadsKoreanCuesByTheirWords: Hangul is cut into syllables, but
// Korean writes spaces between words, so a one-syllable cue counts where
// its word allows it and a word of the lexicon does not span a space.
func TestMatchReadsKoreanCuesByTheirWords(t *testing.T) {
	s := mustDefault(t)
	ko := s.Bit("ko")
	tests := []struct {
		name, text string
		class      Class
		want       bool
	}{
		{"a negation that ends its word", "유약실은 안 돼요.", Negation, true},
		{"a syllable inside a word is no negation", "최은정 씨에게 안내해 주세요.", Negation, false},
		{"a place name is no negation", "마포구 공방입니다.", Negation, false},
		{"a number word inside a word is no number", "연락해 주세요.", NumberWord, false},
		{"a number word that starts its word is one", "세 명까지 받아요.", NumberWord, true},
		{"a unit after its digits is read before a particle", "2시로 옮겨요.", Clock | UnitWord, true},
		{"two words do not make a word of the lexicon", "13일 일요일", PeriodWord, false},
		{"the word itself does", "일일 점검", PeriodWord, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := false
			for _, c := range s.Match(Tokens(tt.text), ko, ko) {
				got = got || c.Class&tt.class != 0
			}
			if got != tt.want {
				t.Errorf("%q: cue of class %b found = %v, want %v", tt.text, tt.class, got, tt.want)
			}
		})
	}
}

// TestSynonymsGiveTheOtherWordsOfTheirGroup: a word's synonyms are the
// other words of its groups, in the languages asked only.
func TestSynonymsGiveTheOtherWordsOfTheirGroup(t *testing.T) {
	s := mustDefault(t)
	en, de := s.Bit("en"), s.Bit("de")
	if got := s.Synonyms("touch", en); !slices.Contains(got, "change") || slices.Contains(got, "touch") {
		t.Errorf("Synonyms(touch, en) = %v, want change and not touch itself", got)
	}
	if got := s.Synonyms("touch", de); len(got) != 0 {
		t.Errorf("Synonyms(touch, de) = %v, want none", got)
	}
}

// TestLoadReportsABadSynonymGroup: a group of one word, or an entry of
// two words, is an error naming the language.
func TestLoadReportsABadSynonymGroup(t *testing.T) {
	const line = `synonyms = [`
	for _, group := range []string{`["touch"],`, `["touch", "hands on"],`} {
		diags := loadEnglishWith(t, line, line+group)
		if !diags.HasErrors() || !strings.Contains(diags.Error(), `language "en"`) {
			t.Errorf("synonyms = %s: diagnostics %v, want an error naming language en", group, diags)
		}
	}
}
