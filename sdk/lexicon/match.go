package lexicon

import (
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Class is a set of cue classes, one bit each.
type Class uint64

// The cue classes of a language file (lang/en.hcl says what each means),
// and the classes of its value words.
const (
	Negation Class = 1 << iota
	Only
	Upper
	Lower
	Before
	After
	Must
	Weaken
	Exception
	Condition
	Lift
	Replace
	Failed
	Report
	Coordinator
	Disjunction
	Per
	Clock
	PM
	AM
	NumberWord
	ScaleWord
	UnitWord
	MonthWord
	WeekdayWord
	Ask
	// Neutral marks a phrase that carries no cue: it only keeps its
	// words from matching as one.
	Neutral
	// ClockWord is a word for a time of day ("noon"); its value is the
	// hour.
	ClockWord
	// Concession opens a clause the rule holds in spite of ("even if the
	// score looks off"): no condition of it.
	Concession
	// Consequence opens what happens when the rule is broken ("otherwise
	// the warranty is void"): read apart from the rule, no rule of its own.
	Consequence
	// Reason opens why the rule holds ("because the old heaters can't
	// take more"): read apart from the rule, no rule of its own.
	Reason
	// Minus writes a value below zero ("minus 25 °C").
	Minus
	// Summary names the summary the agent is asked to write.
	Summary
	// PeriodWord names the period of a rate in one word: "monthly",
	// "täglich", "saatte" (per hour), "月額"; its value is a time unit.
	PeriodWord
	// Every makes the number after it an interval ("every 20 minutes",
	// "alle 20 Minuten"): a bound before it bounds how often, so the
	// interval's bound is the other way ("at least every 20 minutes" is
	// at most 20 minutes apart).
	Every
	// RuleWord names a list of rules ("rules", "constraints", "Regeln",
	// "règles", "規則"): a heading or a topic with one ("Constraints:
	// cron unchanged at 11:30 UTC") makes what it heads a rule.
	RuleWord
	// Without is a condition word meaning "without" ("ohne", "sem"): a
	// sentence it opens, with no negation of its own, forbids what it
	// names ("Sem saltos de versão major" is "no major version jumps").
	Without
	// DayWord names a day of the month before its number ("day 21",
	// "dia 21").
	DayWord
	// Ordinal is a suffix written glued to a number that makes it an
	// ordinal ("20th", "1º").
	Ordinal
	// OwnAction opens what the speaker will do themselves ("I'll", "ich
	// mache"): after a rule, the speaker's plan, not part of it.
	OwnAction
	// SelfWord says someone does a thing themselves ("themselves",
	// "selbst", "manually").
	SelfWord
	// RangeWord joins the two ends of a range ("10 to 4 pm", "van 10 tot
	// 16 uur", "von 10 bis 16 Uhr"): a bare end takes the other's unit.
	RangeWord
	// Topic says what an opening before a colon is about ("regarding",
	// "concerning", "について", "关于"): the opening is context, however
	// long, and its names and values are not the rule's.
	Topic
	// Standing makes a duty hold at all times ("always", "from now on",
	// "immer", "toujours"): a rule, not a task done once.
	Standing
	// Firm marks a bound word that names the bound outright ("at least",
	// "at most", "minimum"): a negation in its clause is said of the act
	// the bound measures, not of the bound ("no picking for at least 7
	// days" is a wait of 7 days or more), so it does not flip it.
	Firm
	// Relative is a relative pronoun ("who", "der", "qui", "который"): a
	// negation right after it, when it follows a noun, is said of the
	// people or things the noun names ("the 5 teams who have not paid"),
	// not the rule's.
	Relative
	// Approx marks a value as an estimate ("about 40 minutes", "~410M",
	// "etwa 5"): what was measured or guessed, which binds no one.
	Approx
	// Dismiss sets aside, or holds for checking, what the speaker has
	// just reported ("ignore it", "can you check").
	Dismiss
	// Stress insists on the rule before it ("no exceptions", "keine
	// Ausnahmen"): alone in its clause it forbids nothing of its own; with
	// words of its own ("no exceptions for admins") it is a negation
	// (frame reads which).
	Stress
	// Aside opens a statement of how things are ("we", "they", "wir"):
	// behind a rule's comma or dash ("birds 4-9 kg only, we can't do
	// bigger") it says why the rule holds and is no part of it.
	Aside
	// Former places what follows in a past that no longer holds ("back
	// then", "früher"): a rule told after it is history.
	Former
)

// phrase is one cue phrase of the index: its folded tokens, its classes
// and the languages (a bit each) it belongs to.
type phrase struct {
	toks  []string
	class Class
	bits  uint64
	// word: the phrase is one word of Hangul syllables (no space), which
	// two words of a text ("13일 일요일") do not make.
	word bool
	// gap > 0 is the place of a "…" in the phrase: one to gapWords words
	// of the text stand there ("leave … alone" in "leave WriteCSV alone").
	gap int
}

// gapWords is how many words a phrase's "…" may stand for.
const gapWords = 4

func (s *Set) add(text string, c Class, bit uint64) {
	ts := Tokens(text)
	if len(ts) == 0 {
		return
	}
	norm := make([]string, len(ts))
	word := len(ts) > 1
	for i, t := range ts {
		norm[i] = t.Norm
		word = word && hangul(t) && (i == 0 || t.Glued)
	}
	gap := slices.Index(norm, "...") // "…", folded
	if gap == 0 || gap == len(norm)-1 {
		gap = -1 // a gap needs words on both sides
	}
	if gap > 0 {
		norm = slices.Delete(slices.Clone(norm), gap, gap+1)
	}
	key := norm[0]
	for i, p := range s.phrases[key] {
		if equal(p.toks, norm) && p.class == c && p.word == word && p.gap == max(gap, 0) {
			s.phrases[key][i].bits |= bit
			return
		}
	}
	s.phrases[key] = append(s.phrases[key], phrase{toks: norm, class: c, bits: bit, word: word, gap: max(gap, 0)})
}

// gapMatch matches a phrase with a gap at ts[i]: its words before the gap,
// one to gapWords words of the text (no punctuation, no line break), then
// its words after the gap. It returns where the gap starts and where its
// last words start and end.
func gapMatch(ts []Token, i int, p phrase) (gapAt, tailAt, end int, ok bool) {
	gapAt = i + p.gap
	if gapAt > len(ts) {
		return 0, 0, 0, false
	}
	for k := 1; k < p.gap; k++ {
		if ts[i+k].Norm != p.toks[k] {
			return 0, 0, 0, false
		}
	}
	tail := p.toks[p.gap:]
	for n := 1; n <= gapWords && gapAt+n+len(tail) <= len(ts); n++ {
		if t := ts[gapAt+n-1]; t.Kind != Word && t.Kind != Number {
			break
		}
		at := gapAt + n
		match := true
		for k, w := range tail {
			if ts[at+k].Norm != w {
				match = false
				break
			}
		}
		if match {
			return gapAt, at, at + len(tail), true
		}
	}
	return 0, 0, 0, false
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Cue is one phrase of a lexicon found in a token list: tokens [I, J)
// carry Class (every class the phrase has in the languages asked).
type Cue struct {
	Class Class
	I, J  int
}

// valueWords are the classes of words that stand for a value.
const valueWords = NumberWord | ScaleWord | UnitWord | MonthWord | WeekdayWord | ClockWord | PeriodWord

// Match finds the cues of the languages langs (a bit per language index)
// in ts, longest phrase first, without overlaps. Value words (numbers,
// units, months) are cues too, so a scanner can read them in one pass. A
// value word of three letters or fewer ("to" is Thursday in Finnish,
// "sal" Tuesday in Turkish) counts only in the languages of confident:
// those the text's function words name.
func (s *Set) Match(ts []Token, langs, confident uint64) []Cue {
	return s.MatchIn(ts, langs, confident, 0)
}

// MatchIn is Match for a text whose primary language (the one with the
// most function words; 0 when none) is known. A function word of the
// primary language is read as that language reads it: a one-word cue
// another language gives it does not count ("no" is a Spanish negation,
// but in "pode incluir a troca no cronograma" it is the Portuguese "in
// the"). Longer phrases still count in every language of langs.
func (s *Set) MatchIn(ts []Token, langs, confident, primary uint64) []Cue {
	return s.MatchBeside(ts, langs, confident, primary, 0)
}

// MatchBeside is MatchIn that also reads the phrases of the languages of
// beside, but only those no word of another language could be: of two
// words or more, or one hyphenated word ("off-limits", "read-only",
// "hands off" in an Italian summary). A lingua franca's set phrases
// travel into other languages' text; its short words ("no", "over") are
// other languages' words too.
func (s *Set) MatchBeside(ts []Token, langs, confident, primary, beside uint64) []Cue {
	var out []Cue
	// tail is the last words of a phrase with a gap, read at the head:
	// they carry no cue of their own (Neutral), so that a negation is not
	// counted twice and its words are not read as terms.
	var tail *Cue
	for i := 0; i < len(ts); {
		if tail != nil && i >= tail.I {
			out = append(out, *tail)
			i, tail = tail.J, nil
			continue
		}
		best, class := 0, Class(0)
		ownWord := primary != 0 && s.stop[ts[i].Norm]&primary != 0
		var gapped *Cue
		for _, p := range s.phrases[ts[i].Norm] {
			if p.gap > 0 {
				if best > 0 || tail != nil || p.bits&langs == 0 {
					continue
				}
				if gapAt, tailAt, end, ok := gapMatch(ts, i, p); ok && gapped == nil {
					best, class = gapAt-i, p.class
					gapped = &Cue{Class: Neutral, I: tailAt, J: end}
				}
				continue
			}
			if len(p.toks) < best || i+len(p.toks) > len(ts) {
				continue
			}
			if p.bits&langs == 0 && (p.bits&beside == 0 || len(p.toks) < 2 && !strings.Contains(p.toks[0], "-")) {
				continue
			}
			// A function word of the primary language is its own, not
			// another language's word, nor its abbreviation ("sem", nor
			// in Hungarian, is not French "sem." for a week).
			if ownWord && p.bits&primary == 0 && (len(p.toks) == 1 || len(p.toks) == 2 && p.toks[1] == ".") {
				continue
			}
			if p.class&valueWords != 0 && len(p.toks) == 1 && len([]rune(p.toks[0])) <= 3 && p.bits&confident == 0 && sharedScript(p.toks[0]) {
				continue
			}
			if len(p.toks) == 1 && (p.class&valueWords == 0 && syllableInWord(ts, i+1) && !afterDigits(ts, i) || p.class&valueWords != 0 && syllableInWord(ts, i)) {
				continue
			}
			ok := true
			for k := 1; k < len(p.toks); k++ {
				if ts[i+k].Norm != p.toks[k] || p.word && !ts[i+k].Glued {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			if len(p.toks) > best || gapped != nil {
				best, class, gapped = len(p.toks), 0, nil
			}
			class |= p.class
		}
		if best == 0 {
			i++
			continue
		}
		if tail != nil && i+best > tail.I {
			tail = nil // a cue that runs into the tail ends the gapped phrase
		}
		out = append(out, Cue{Class: class, I: i, J: i + best})
		i += best
		if gapped != nil {
			tail = gapped
		}
	}
	if tail != nil {
		out = append(out, *tail)
	}
	return out
}

// syllableInWord reports a Hangul syllable glued to the Hangul syllable
// before it: two syllables of one word. Korean writes spaces between
// words but the tokenizer cuts Hangul into syllables, so a cue of one
// syllable is read only where a word allows it. A cue word ("안", not;
// "마", don't; "단", but) must end its word ("안 돼요"), not stand inside
// one ("안내", guidance; "마포구", a district; "단체", a group); it may
// still carry a particle's sense at a word's end ("8명만"). A value word
// ("세", three; "주", week; "구", nine) must start its word, or follow its
// digits ("12일에", "2시로"): "주세요" (please) holds no week and no three,
// "마포구" no nine.
func syllableInWord(ts []Token, i int) bool {
	return i > 0 && i < len(ts) && ts[i].Glued && hangul(ts[i-1]) && hangul(ts[i])
}

// hangul reports a token that is one Hangul syllable.
func hangul(t Token) bool {
	r, n := utf8.DecodeRuneInString(t.Text)
	return t.Kind == Rune && n == len(t.Text) && unicode.Is(unicode.Hangul, r)
}

// afterDigits reports a token glued to the number before it: a unit or a
// mark of that number ("18시까지", six in the evening until), read
// whatever follows it in its word.
func afterDigits(ts []Token, i int) bool {
	return i > 0 && ts[i].Glued && ts[i-1].Kind == Number
}

// Detect returns the language of ts as a bit set: the language with the
// most stopwords among the words, or for scripts written without spaces
// the language of that script. It returns 0 when nothing tells.
func (s *Set) Detect(ts []Token) uint64 {
	langs, _ := s.DetectConfident(ts)
	return langs
}

// DetectConfident is Detect, and also the languages the function words
// themselves name (for a terse text, where Detect returns every
// language): the ones short value words are read in.
func (s *Set) DetectConfident(ts []Token) (langs, confident uint64) {
	counts := make([]int, len(s.Languages))
	own := make([]int, len(s.Languages)) // function words no other language lists
	var han, kana, hangul, thai int
	for _, t := range ts {
		switch t.Kind {
		case Word:
			b := s.stop[t.Norm]
			if b != 0 && b&(b-1) == 0 {
				own[bits.TrailingZeros64(b)]++
			}
			for b != 0 {
				k := bits.TrailingZeros64(b)
				counts[k]++
				b &^= 1 << k
			}
		case Rune:
			r := []rune(t.Text)[0]
			switch {
			case unicode.In(r, unicode.Hiragana, unicode.Katakana):
				kana++
			case unicode.Is(unicode.Han, r):
				han++
			case unicode.Is(unicode.Hangul, r):
				hangul++
			case unicode.Is(unicode.Thai, r):
				thai++
			}
		}
	}
	var script string
	switch {
	case kana > 0:
		script = "ja"
	case hangul > 0:
		script = "ko"
	case han > 0:
		script = "zh"
	case thai > 0:
		script = "th"
	}
	var out uint64
	if i, ok := s.byCode[script]; ok {
		out |= 1 << i
	}
	// The language with the most function words is read, and every other
	// with two or more and at least half as many. A text with at most one
	// (a terse list, a single rule) is read with every language's cues,
	// since cue phrases rarely collide across languages while single
	// function words often do.
	best := 0
	for _, c := range counts {
		best = max(best, c)
	}
	scriptLangs := out
	for i, c := range counts {
		// Two function words are still weak evidence ("to" and "go" are
		// Polish too): below three, every language with one is read.
		// Three function words that only this language lists are
		// evidence of their own, however many words it shares with its
		// neighbours: a Catalan summary counts fewer function words than
		// the Spanish and French that share its "de" and "la".
		if c > 0 && (c == best || c >= 2 && 2*c >= best || best <= 2 || own[i] >= 3) {
			out |= 1 << i
		}
	}
	if best <= 1 && scriptLangs == 0 {
		return s.allLanguages(), out
	}
	return out, out
}

// Primary returns the index of the language with the most function words
// in ts (of equals, English, else the one whose letters the text writes),
// or, with none, of the language whose letters or script mark it; -1 when
// nothing tells.
func (s *Set) Primary(ts []Token) int {
	counts := make([]int, len(s.Languages))
	for _, t := range ts {
		if t.Kind != Word && t.Kind != Rune {
			continue
		}
		b := s.stop[t.Norm]
		for b != 0 {
			k := bits.TrailingZeros64(b)
			counts[k]++
			b &^= 1 << k
		}
	}
	best, bi := 0, -1
	en, hasEn := s.byCode["en"]
	if !hasEn {
		en = -1
	}
	for i, c := range counts {
		// Of equals, English (the lingua franca of code: "freeze on
		// payments-api" is not Czech for its "on"), else the first.
		if c > best || c == best && c > 0 && i == en {
			best, bi = c, i
		}
	}
	if bi >= 0 && bi != en {
		// Of languages that share their function words ("i", "na", "z"
		// are Polish and Czech), the one whose own letters the text
		// writes: "pełnoletni z dowodem" is Polish by its ł.
		marks := s.marks(ts, false)
		tied := make([]int, len(s.Languages))
		for i, c := range counts {
			if c == best {
				tied[i] = marks[i] + 1
			}
		}
		if k := argmax(tied); k >= 0 && tied[k] > tied[bi] {
			bi = k
		}
	}
	if bi >= 0 {
		return bi
	}
	// No function word (a terse line, "Üretim veritabanında asla doğrudan
	// UPDATE çalıştırma."): the letters (or the script) that mark a
	// language tell it, when one language has more of them than any other.
	return argmax(s.marks(ts, true))
}

// marks counts, for each language, the letters of ts that mark it
// (Letters) and, with scripts, the characters of the script only it
// writes.
func (s *Set) marks(ts []Token, scripts bool) []int {
	counts := make([]int, len(s.Languages))
	for _, t := range ts {
		if t.Kind != Word && t.Kind != Rune {
			continue
		}
		for _, r := range t.Norm {
			for i, l := range s.Languages {
				if l.Letters != "" && strings.ContainsRune(l.Letters, r) {
					counts[i]++
				}
			}
			if !scripts {
				continue
			}
			if i, ok := s.byCode[scriptOf(r)]; ok {
				counts[i]++
			}
		}
	}
	return counts
}

// sharedScript reports a word in a script several languages write
// (Latin, Cyrillic, Han): a short word there may be any of them ("to" is
// Thursday in Finnish). A word in Hebrew, Greek, Arabic, Devanagari or
// Hangul letters belongs to the one language that writes them, however
// short: Hebrew writes "half" and "hour" in three letters (חצי שעה).
func sharedScript(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) {
			return unicode.In(r, unicode.Latin, unicode.Cyrillic, unicode.Han)
		}
	}
	return true
}

// scriptOf names the language a rune's script alone tells (kana is
// Japanese, Hangul Korean, Han without kana Chinese, Thai script Thai), or "".
func scriptOf(r rune) string {
	switch {
	case unicode.In(r, unicode.Hiragana, unicode.Katakana):
		return "ja"
	case unicode.Is(unicode.Hangul, r):
		return "ko"
	case unicode.Is(unicode.Han, r):
		return "zh"
	case unicode.Is(unicode.Thai, r):
		return "th"
	}
	return ""
}

// argmax returns the index of the one greatest positive count, or -1 when
// there is none or two share it.
func argmax(counts []int) int {
	best, bi := 0, -1
	for i, c := range counts {
		switch {
		case c > best:
			best, bi = c, i
		case c == best && c > 0:
			bi = -1
		}
	}
	return bi
}

// allLanguages returns the bits of every loaded language.
func (s *Set) allLanguages() uint64 {
	var all uint64
	for i := range s.Languages {
		all |= 1 << i
	}
	return all
}

// Bit returns the bit of a language code, or 0 when it is not loaded.
func (s *Set) Bit(code string) uint64 {
	if i, ok := s.byCode[code]; ok {
		return 1 << i
	}
	return 0
}

// IsStopword reports whether a folded word is a function word of langs.
func (s *Set) IsStopword(folded string, langs uint64) bool {
	return s.stop[folded]&langs != 0
}

// Is reports whether one folded word is a phrase of class c in langs.
func (s *Set) Is(folded string, c Class, langs uint64) bool {
	for _, p := range s.phrases[folded] {
		if len(p.toks) == 1 && p.class&c != 0 && p.bits&langs != 0 {
			return true
		}
	}
	return false
}

// IsAbbreviation reports whether a folded word, followed by a dot, is an
// abbreviation of langs ("dr", "prof", "z. b" ends in "b").
func (s *Set) IsAbbreviation(folded string, langs uint64) bool {
	return s.abbr[folded]&langs != 0
}

// IsLeadingBound reports a bound word that stands before its value in a
// script written without spaces (LeadingBounds), given as its folded
// tokens joined by spaces.
func (s *Set) IsLeadingBound(folded string, langs uint64) bool {
	return s.leading[folded]&langs != 0
}

// IsBoundNoun reports a limit noun that heads its clause's value
// (BoundNouns), given as its folded tokens joined by spaces.
func (s *Set) IsBoundNoun(folded string, langs uint64) bool {
	return s.boundNouns[folded]&langs != 0
}

// IsKindWord reports a cue word that names a kind of thing before another
// word (KindWords).
func (s *Set) IsKindWord(folded string, langs uint64) bool {
	return s.kinds[folded]&langs != 0
}
