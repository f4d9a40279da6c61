package lexicon

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/gohcl"
	"github.com/hashicorp/hcl/v2/hclparse"
)

//go:embed lang/*.hcl
var builtin embed.FS

// Language is one `language "CODE" { ... }` block: the cues of one
// natural language. lang/en.hcl documents every attribute.
type Language struct {
	Code    string `hcl:"code,label"`
	Name    string `hcl:"name"`
	Stemmer string `hcl:"stemmer"`

	Negation []string `hcl:"negation"`
	Only     []string `hcl:"only"`
	Upper    []string `hcl:"upper"`
	Lower    []string `hcl:"lower"`
	// Firm holds the upper and lower words that name a bound outright
	// ("at least", "at most", "minimum", "max"), which a negation of the
	// clause does not flip: "don't pick for at least 7 days" waits 7 days
	// or more. Each must also be an upper or lower word. Optional.
	Firm []string `hcl:"firm,optional"`
	// Relative holds relative pronouns ("who", "qui", "der"): a negation
	// right after one, when it follows a noun or a comma after one and
	// its clause obliges nothing, describes what the noun names ("the
	// members who did not sign") and sets no rule. A pronoun that opens
	// its sentence ("Der må ikke ryges") is read as no relative one.
	// Optional.
	Relative []string `hcl:"relative,optional"`
	// Approx holds the words that make the value right after them an
	// estimate ("about", "roughly", "~", "etwa", "environ"): a value so
	// marked, with no bound, is what someone measured or guessed, no
	// value a rule sets. Optional.
	Approx    []string `hcl:"approx,optional"`
	Before    []string `hcl:"before"`
	After     []string `hcl:"after"`
	Must      []string `hcl:"must"`
	Weaken    []string `hcl:"weaken"`
	Exception []string `hcl:"exception"`
	Condition []string `hcl:"condition"`
	Lift      []string `hcl:"lift"`
	Replace   []string `hcl:"replace"`
	Failed    []string `hcl:"failed"`
	Report    []string `hcl:"report"`
	// Ask holds the words that turn what follows them in the sentence
	// into a question or a complaint someone put ("asks whether", "fragt,
	// ob", "demande si"): a negation or bound after them is asked about,
	// never set.
	Ask []string `hcl:"ask,optional"`
	// Concession opens what a rule holds in spite of: "even if", "auch
	// wenn". Optional.
	Concession []string `hcl:"concession,optional"`
	// Consequence opens what follows when a rule is broken: "otherwise",
	// "sonst", "否则". The rule's own terms come before it; what it says
	// would happen is no second rule a summary must repeat. Optional.
	Consequence []string `hcl:"consequence,optional"`
	// Reason opens why a rule holds: "because", "weil", "protože", "因为".
	// What it says (to the next comma or the clause end) is the rule's
	// cause, not a second rule, and its values and names are not the
	// rule's. Only words that open their reason belong here: a marker
	// that closes one ("ので", "때문에") would cut the rule after it.
	// Optional.
	Reason []string `hcl:"reason,optional"`
	// Minus writes a value below zero in words: "minus twenty-four LUFS".
	// Optional.
	Minus []string `hcl:"minus,optional"`
	// Summary names the summary an agent is asked to write ("summary",
	// "résumé", "podsumuj", "要約"): a sentence that asks for it ("write the
	// summary in English for Mark, he doesn't read Polish well") is about
	// the compaction being judged, so its words set no rule the summary
	// must restate. Optional.
	Summary []string `hcl:"summary,optional"`
	// Dismiss holds the words by which a speaker sets aside, or holds for
	// checking, what they have just reported ("ignore it", "can you
	// check", "ignorier das"): a rule inside a report that the speaker
	// dismisses ("someone on reddit swore sync must never run hourly, but
	// that was the old plan, ignore") is not theirs. Optional.
	Dismiss []string `hcl:"dismiss,optional"`
	// Neutral holds phrases that contain a cue word and carry no cue ("not
	// sure", "no idea", "just in case", "non so"): matched as one phrase,
	// they keep their words from reading as a negation or an "only".
	Neutral []string `hcl:"neutral,optional"`
	// Stress holds phrases that insist on the rule before them ("no
	// exceptions", "without exception", "keine Ausnahmen"). Standing alone
	// in their clause ("Never deploy on Friday, no exceptions") they set
	// no rule of their own; followed by words of their own ("No exceptions
	// for admins", "No exception may escape the handler") they read as a
	// negation. Optional.
	Stress []string `hcl:"stress,optional"`
	// Prohibitive are the negations that forbid by themselves (an
	// imperative "don't", "never", "forbidden"), as against a negation
	// that also says what is not so ("Avi won't answer"). Optional; read
	// by the extractor's rule packs (rule "lexicon_prohibition").
	Prohibitive  []string `hcl:"prohibitive,optional"`
	Coordinators []string `hcl:"coordinators"`
	// Disjunctions ("or", "nor") join what one negation forbids: "no
	// welding or grinding" is one rule over both, never cut into atoms.
	Disjunctions []string `hcl:"disjunctions,optional"`

	Numbers map[string]float64 `hcl:"numbers"`
	Scales  map[string]float64 `hcl:"scales"`
	Units   map[string]string  `hcl:"units"`
	Per     []string           `hcl:"per"`
	// NegativeWords are patterns of words that negate the word inside
	// them, written prefix*suffix: "un*ed" reads "untranslated" as "not
	// translated" (the word after the prefix). A summary
	// writes a rule so ("us-central1 untouched", "the Latin lines stay
	// untranslated"). At least four letters stand for the star, so
	// "united" is no match. Optional.
	NegativeWords []string `hcl:"negative_words,optional"`
	// Every holds the words that make the number after them an interval:
	// "every", "alle", "toutes les", "cada", "co". Optional.
	Every []string `hcl:"every,optional"`
	// RuleWords name a list of rules: "rules", "constraints",
	// "restrictions", "Regeln", "règles". A heading or a topic before a
	// colon with one of them ("Constraints: cron schedule unchanged at
	// 11:30 UTC", "Repo rules from AGENTS.md:" over a table) makes what
	// it heads a rule, as a summary writes rules in a list. Optional.
	RuleWords []string `hcl:"rule_words,optional"`
	// Topic holds the words that say what an opening before a colon is
	// about ("regarding", "betreffend", "について", "关于"): such an
	// opening ("Repair ticket R-884 (Mr Yamamoto's 1969 Seiko)
	// regarding:") is context, however long, so its names and values
	// are not the rule's. Optional.
	Topic []string `hcl:"topic,optional"`
	// BoundNouns name a limit as a noun that heads its clause, the value
	// coming later with words between ("上限はオーバーホール込みで
	// ３５，０００円", the cap, overhaul included, is 35,000 yen). Not a
	// superlative that also says "biggest" or "highest" (最大, 最高).
	// Optional.
	BoundNouns []string `hcl:"bound_nouns,optional"`
	// Without holds the condition words that mean "without" ("ohne",
	// "sans", "sem", "без"). Mid-sentence they condition a rule ("never
	// deploy without approval"); a sentence they open with no negation of
	// its own forbids what they name ("Sem saltos de versão major", "Ohne
	// Ausnahme"), as "no" does. List each in condition too. Optional.
	Without []string `hcl:"without,optional"`
	// DayWords name a day of the month before its number: "day" ("day
	// 21"), "dia", "día". The number is then a day, which a date of that
	// day keeps ("21 December"). Optional.
	DayWords []string `hcl:"day_words,optional"`
	// OwnAction opens what the speaker will do themselves ("I'll",
	// "I will", "ich mache"): after a rule ("don't GC the builder — I'll
	// do activations Monday") it is the speaker's plan, not part of the
	// rule.
	OwnAction []string `hcl:"own_action,optional"`
	// Aside words are subject pronouns that open a statement about how
	// things are ("we", "they", "it's", "wir", "ils"): behind a rule's
	// comma or dash ("birds 4-9 kg only, we can't do bigger"; "contract
	// tests never hit the sandbox, they bill 40 cents a call") such a
	// statement says why the rule holds, and its negations and values
	// are not the rule's. Leave out a pronoun that addresses the reader
	// (a rule may follow it: "Sie dürfen …") or opens a rule as a phrase
	// ("il faut"). Optional; languages that drop their subjects have
	// none to list.
	Aside []string `hcl:"aside,optional"`
	// Former words place what follows in a past that no longer holds:
	// "back then", "we used to", "früher", "vroeger", "autrefois",
	// "раньше было". A rule told after one, in its own phrase ("Früher
	// hatten wir die Regel, dass wir Patienten über 80 nicht anrufen";
	// "Our old director used to insist that every show be under 30
	// minutes") is history, not a rule anyone sets now. Leave out words
	// that are also time bounds ("earlier than", "früher als", "antes",
	// "以前") unless the bound is a longer phrase of its own list.
	// Optional.
	Former []string `hcl:"former,optional"`
	// Standing words make a duty hold at all times, not once: "always",
	// "every time", "from now on", "immer", "toujours", "siempre". A duty
	// without one, a bound, a frequency or a condition is a task ("we
	// need to move the clusters to 3.9.0"), which a summary may report as
	// done or next instead of restating. Optional.
	Standing []string `hcl:"standing,optional"`
	// SelfWords say someone does a thing themselves ("themselves",
	// "herself", "selbst", "manually"): how a summary keeps an action the
	// person kept for themselves ("the user will push it themselves").
	SelfWords []string `hcl:"self_words,optional"`
	// RangeWords join the two ends of a range of values: "to", "through"
	// ("10 to 4 pm"), "tot" ("van 10 tot 16 uur"). A bare whole number
	// before one and a time of day after it is the range's start hour.
	// Optional.
	RangeWords []string `hcl:"range_words,optional"`
	// OrdinalSuffixes are written glued to a number to make it an
	// ordinal: "st", "nd", "rd", "th" ("the 20th"), "º". A bare ordinal
	// up to 31 is a day of the month, kept by a date of that day.
	// Optional.
	OrdinalSuffixes []string `hcl:"ordinal_suffixes,optional"`
	// Periods name a rate's period in one word, to its time unit:
	// "monthly" = "mo", "täglich" = "d", "saatte" = "h" (Turkish "in an
	// hour"). "a monthly budget of ¥150,000" is ¥150,000 per month.
	// Optional.
	Periods  map[string]string `hcl:"periods,optional"`
	Months   map[string]int    `hcl:"months"`
	Weekdays map[string]int    `hcl:"weekdays"`
	// ClockWords name a time of day by a word ("noon", "Mitternacht"),
	// to its hour.
	ClockWords map[string]int `hcl:"clock_words,optional"`
	Clock      []string       `hcl:"clock"`
	PM         []string       `hcl:"pm"`
	AM         []string       `hcl:"am"`

	Stopwords []string `hcl:"stopwords"`
	// Abbreviations end with a dot that does not end a sentence
	// ("Dr.", "Prof.", "z. B.").
	Abbreviations []string `hcl:"abbreviations,optional"`
	// KindWords are words of the negation or failed lists that name a
	// kind of thing when a word follows them mid-sentence ("keep 100% of
	// error traces", "at most 10 frozen packs"): a cue only alone or
	// first ("Error: …", "the deploy failed with an error", "the repo is
	// frozen").
	KindWords []string `hcl:"kind_words,optional"`
	// LeadingBounds are bound words of a script written without spaces
	// that stand before their value ("最多 10 包", "최대 10명"): right after
	// a number they open the next one, not bound the one before ("一次最多
	// 賣 10 包": at most 10 at a time). Words that stand after it (以下,
	// 이하, まで) are not listed.
	LeadingBounds []string `hcl:"leading_bounds,optional"`
	// Letters are the letters that mark the language's words (ß, ł, ğ,
	// ñ; or its script). A text too short to hold a function word is told
	// by them.
	Letters string `hcl:"letters,optional"`
	// NounCapitals is set for languages that capitalise every noun
	// (German), where a capital letter does not make a name.
	NounCapitals bool `hcl:"noun_capitals,optional"`
	// BoundsFollow is set for languages that write "before" and "after"
	// after the value they bound, as postpositions (Hindi "10 बजे के
	// बाद", Turkish "22'den sonra", Hungarian "22 óra után"): there a
	// time cue after a number is that number's.
	BoundsFollow bool `hcl:"bounds_follow,optional"`
	// DayMonthDots is set for languages that write a date as day and
	// month with dots and no year ("bis 18.12.", "do 18.12.", "до
	// 18.12."): there "18.12." with its closing dot is 18 December, not
	// eighteen point twelve.
	DayMonthDots bool `hcl:"day_month_dots,optional"`
	// Synonyms are groups of single words a person uses for the same act
	// or thing in a rule ("touch", "change", "modify", "edit"; "money",
	// "payment"): a summary that says the rule in another word of the
	// group states the same words. Keep a group to words that stand in
	// for each other in an instruction, not words that are only related.
	// Optional.
	Synonyms [][]string `hcl:"synonyms,optional"`
	// VerbFinal is set for languages whose instructions end with their
	// verb and its negation ("bei Wind über 72 km/h auf keinen Fall
	// betreiben", "雨の日は外で使わないで"): a negation at the end of a
	// condition's span is then the rule's, not the condition's.
	VerbFinal bool `hcl:"verb_final,optional"`

	DefRange hcl.Range `hcl:",def_range"`
}

// Unit is a `unit "SYMBOL" { ... }` block: a unit, its dimension and its
// factor to the dimension's base unit.
type Unit struct {
	Symbol    string   `hcl:"symbol,label"`
	Dimension string   `hcl:"dimension"`
	Factor    float64  `hcl:"factor"`
	Aliases   []string `hcl:"aliases,optional"`
}

// Currency is a `currency "CODE" { symbols = [...] }` block.
type Currency struct {
	Code    string   `hcl:"code,label"`
	Symbols []string `hcl:"symbols"`
}

type file struct {
	Languages  []*Language `hcl:"language,block"`
	Units      []Unit      `hcl:"unit,block"`
	Currencies []Currency  `hcl:"currency,block"`
	// TimeZones are the zone names every language writes after an hour
	// ("1 to 4 UTC", "bis 18 MEZ"): clock marks in all of them.
	TimeZones []string `hcl:"time_zones,optional"`
}

// Set is every loaded language with its phrase index, units and
// currencies. It is immutable once built and safe for concurrent use.
type Set struct {
	Languages []*Language
	byCode    map[string]int

	phrases    map[string][]phrase // first folded token → phrases, longest first
	units      map[string]Unit     // folded symbol or alias → unit
	money      map[string]string   // folded symbol → currency code
	stop       map[string]uint64   // folded stopword → language bits
	abbr       map[string]uint64   // folded last word of an abbreviation → language bits
	kinds      map[string]uint64   // folded cue word that can name a kind → language bits
	leading    map[string]uint64   // folded bound word that stands before its value → language bits
	boundNouns map[string]uint64   // folded limit noun that heads its clause's value → language bits
	vals       map[Class]map[string][]langValue
	negw       []negativeWord
	syn        map[string][]synGroup // folded word → the synonym groups it is in
}

// synGroup is one group of Language.Synonyms: its folded words and the
// language (a bit) it belongs to.
type synGroup struct {
	words []string
	bit   uint64
}

// negativeWord is one pattern of NegativeWords: a folded prefix and
// suffix, and the languages (a bit each) it belongs to.
type negativeWord struct {
	prefix, suffix string
	bits           uint64
}

// minNegatedStem is the fewest letters a negative word's pattern holds
// between its prefix and suffix.
const minNegatedStem = 4

// Negated reports a word of langs that negates the word inside it
// (NegativeWords), and that word: "untouched" is "touched" negated.
func (s *Set) Negated(folded string, langs uint64) (string, bool) {
	for _, n := range s.negw {
		if n.bits&langs == 0 || !strings.HasPrefix(folded, n.prefix) || !strings.HasSuffix(folded, n.suffix) {
			continue
		}
		if inner := folded[len(n.prefix) : len(folded)-len(n.suffix)]; utf8.RuneCountInString(inner) >= minNegatedStem {
			return folded[len(n.prefix):], true
		}
	}
	return "", false
}

// langValue is the value a word has in one language (a number word's
// number, a month's number, a unit word's symbol).
type langValue struct {
	bit uint64
	num float64
	sym string
}

// Default loads the languages and units embedded in the binary.
func Default() (*Set, error) {
	sub, err := fs.Sub(builtin, "lang")
	if err != nil {
		return nil, err
	}
	s, diags := LoadFS(sub)
	if diags.HasErrors() {
		return nil, fmt.Errorf("loading the built-in lexicons: %s", diags.Error())
	}
	return s, nil
}

// LoadFS loads every *.hcl file of fsys (not recursive).
func LoadFS(fsys fs.FS) (*Set, hcl.Diagnostics) {
	names, err := fs.Glob(fsys, "*.hcl")
	if err != nil {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "listing lexicon files", Detail: err.Error()}}
	}
	sort.Strings(names)
	files := make(map[string][]byte, len(names))
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "reading lexicon file", Detail: fmt.Sprintf("%s: %v", n, err)}}
		}
		files[n] = b
	}
	return Load(files)
}

// Load parses lexicon files (name → HCL source) and builds the Set. Every
// diagnostic names its file and line; a language defined twice, a unit
// word that names no unit, or a language without stopwords is an error.
func Load(files map[string][]byte) (*Set, hcl.Diagnostics) {
	p := hclparse.NewParser()
	var diags hcl.Diagnostics
	var all file
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		f, d := p.ParseHCL(files[n], path.Base(n))
		diags = append(diags, d...)
		if d.HasErrors() {
			continue
		}
		var one file
		d = gohcl.DecodeBody(f.Body, nil, &one)
		diags = append(diags, d...)
		if d.HasErrors() {
			continue
		}
		all.Languages = append(all.Languages, one.Languages...)
		all.Units = append(all.Units, one.Units...)
		all.Currencies = append(all.Currencies, one.Currencies...)
		all.TimeZones = append(all.TimeZones, one.TimeZones...)
	}
	if diags.HasErrors() {
		return nil, diags
	}
	s, d := build(all)
	return s, append(diags, d...)
}

func build(all file) (*Set, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	s := &Set{
		byCode:     map[string]int{},
		phrases:    map[string][]phrase{},
		units:      map[string]Unit{},
		money:      map[string]string{},
		stop:       map[string]uint64{},
		abbr:       map[string]uint64{},
		kinds:      map[string]uint64{},
		leading:    map[string]uint64{},
		boundNouns: map[string]uint64{},
		vals:       map[Class]map[string][]langValue{},
		syn:        map[string][]synGroup{},
	}
	if len(all.Languages) > 64 {
		return nil, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "too many languages", Detail: "a Set holds at most 64 languages"}}
	}
	for _, u := range all.Units {
		if u.Factor <= 0 {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "unit factor must be positive", Detail: fmt.Sprintf("unit %q has factor %v", u.Symbol, u.Factor)})
			continue
		}
		for _, k := range append([]string{u.Symbol}, u.Aliases...) {
			s.units[Fold(k)] = u
		}
	}
	for _, c := range all.Currencies {
		for _, sym := range c.Symbols {
			// A symbol several currencies write ("kr": Swedish, Norwegian,
			// Danish, Icelandic crowns) names all of them, "DKK/ISK/NOK/SEK",
			// until a language's own units say which.
			k := Fold(sym)
			codes := strings.Split(s.money[k], "/")
			if s.money[k] == "" {
				codes = nil
			}
			if !slices.Contains(codes, c.Code) {
				codes = append(codes, c.Code)
				slices.Sort(codes)
			}
			s.money[k] = strings.Join(codes, "/")
		}
	}
	for _, l := range all.Languages {
		rng := l.DefRange
		if _, dup := s.byCode[l.Code]; dup {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "language defined twice", Detail: fmt.Sprintf("language %q is already defined", l.Code), Subject: &rng})
			continue
		}
		if len(l.Stopwords) == 0 {
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "language without stopwords", Detail: fmt.Sprintf("language %q: stopwords tell the language and must not be empty", l.Code), Subject: &rng})
			continue
		}
		for w, sym := range l.Units {
			if _, ok := s.units[Fold(sym)]; ok {
				continue
			}
			if _, ok := s.money[Fold(sym)]; ok {
				continue
			}
			if isCurrencyCode(all.Currencies, sym) {
				continue
			}
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "unknown unit", Detail: fmt.Sprintf("language %q: units[%q] = %q names no unit or currency of units.hcl", l.Code, w, sym), Subject: &rng})
		}
		for w, sym := range l.Periods {
			if u, ok := s.units[Fold(sym)]; ok && u.Dimension == "time" {
				continue
			}
			diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "unknown period", Detail: fmt.Sprintf("language %q: periods[%q] = %q names no time unit of units.hcl", l.Code, w, sym), Subject: &rng})
		}
		for _, w := range l.Firm {
			if !slices.Contains(l.Upper, w) && !slices.Contains(l.Lower, w) {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "firm word that is no bound", Detail: fmt.Sprintf("language %q: firm entry %q must also be an upper or lower word", l.Code, w), Subject: &rng})
			}
		}
		for _, pat := range l.NegativeWords {
			pre, suf, ok := strings.Cut(Fold(pat), "*")
			// A language that negates by a suffix ("*க்கூடாது", Tamil
			// "must not") may leave the prefix out when the suffix is at
			// least three letters long: a shorter one is in too many words.
			if !ok || strings.Contains(suf, "*") || pre == "" && utf8.RuneCountInString(suf) < 3 {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "bad negative word pattern", Detail: fmt.Sprintf("language %q: negative_words entry %q must be prefix*suffix, with one star and a prefix, or *suffix with a suffix of three letters or more", l.Code, pat), Subject: &rng})
				continue
			}
			s.negw = append(s.negw, negativeWord{prefix: pre, suffix: suf, bits: uint64(1) << len(s.Languages)})
		}
		for w, h := range l.ClockWords {
			if h < 0 || h > 23 {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "clock word hour out of range", Detail: fmt.Sprintf("language %q: clock_words[%q] = %d; an hour is 0–23", l.Code, w, h), Subject: &rng})
			}
		}
		idx := len(s.Languages)
		s.byCode[l.Code] = idx
		s.Languages = append(s.Languages, l)
		bit := uint64(1) << idx
		for n, g := range l.Synonyms {
			var words []string
			for _, w := range g {
				f := Fold(w)
				if ts := Tokens(f); len(ts) != 1 || ts[0].Kind != Word {
					diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "synonym that is not one word", Detail: fmt.Sprintf("language %q: synonyms[%d] entry %q must be a single word", l.Code, n, w), Subject: &rng})
					continue
				}
				words = append(words, f)
			}
			if len(words) < 2 {
				diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "synonym group of one word", Detail: fmt.Sprintf("language %q: synonyms[%d] needs two words or more", l.Code, n), Subject: &rng})
				continue
			}
			for _, w := range words {
				s.syn[w] = append(s.syn[w], synGroup{words: words, bit: bit})
			}
		}
		for _, w := range l.Stopwords {
			for _, t := range Tokens(w) {
				if t.Kind == Word {
					s.stop[t.Norm] |= bit
				}
			}
		}
		for _, w := range l.KindWords {
			s.kinds[Fold(w)] |= bit
		}
		// Keyed as a reader joins a cue's tokens: one folded token per
		// character of these scripts, a space between.
		joined := func(w string) string {
			var parts []string
			for _, t := range Tokens(w) {
				parts = append(parts, t.Norm)
			}
			return strings.Join(parts, " ")
		}
		for _, w := range l.LeadingBounds {
			s.leading[joined(w)] |= bit
		}
		for _, w := range l.BoundNouns {
			s.boundNouns[joined(w)] |= bit
		}
		for _, a := range l.Abbreviations {
			// Indexed apart from the cues: "m." must not outvote the scale
			// "m" of "$1.5M." in the longest-match scan.
			ts := Tokens(a)
			if n := len(ts); n >= 2 && ts[n-1].Norm == "." {
				s.abbr[ts[n-2].Norm] |= bit
			}
		}
		for class, list := range l.classLists() {
			for _, ph := range list {
				s.add(ph, class, bit)
			}
		}
		for w, v := range l.Numbers {
			s.addValue(w, NumberWord, bit, langValue{num: v})
		}
		for w, v := range l.Scales {
			s.addValue(w, ScaleWord, bit, langValue{num: v})
		}
		for w, v := range l.Units {
			s.addValue(w, UnitWord, bit, langValue{sym: v})
		}
		for w, v := range l.Months {
			s.addValue(w, MonthWord, bit, langValue{num: float64(v)})
		}
		for w, v := range l.Weekdays {
			s.addValue(w, WeekdayWord, bit, langValue{num: float64(v)})
		}
		for w, v := range l.ClockWords {
			s.addValue(w, ClockWord, bit, langValue{num: float64(v)})
		}
		for w, v := range l.Periods {
			s.addValue(w, PeriodWord, bit, langValue{sym: v})
		}
	}
	for _, z := range all.TimeZones {
		s.add(z, Clock, s.allLanguages())
	}
	for k := range s.phrases {
		ps := s.phrases[k]
		sort.SliceStable(ps, func(i, j int) bool { return len(ps[i].toks) > len(ps[j].toks) })
	}
	if diags.HasErrors() {
		return nil, diags
	}
	return s, diags
}

func isCurrencyCode(cs []Currency, code string) bool {
	for _, c := range cs {
		if strings.EqualFold(c.Code, code) {
			return true
		}
	}
	return false
}

func (l *Language) classLists() map[Class][]string {
	return map[Class][]string{
		Concession: l.Concession, Consequence: l.Consequence, Reason: l.Reason, Minus: l.Minus, Summary: l.Summary, Negation: l.Negation, Only: l.Only, Upper: l.Upper, Lower: l.Lower, Firm: l.Firm, Relative: l.Relative, Approx: l.Approx,
		Before: l.Before, After: l.After, Must: l.Must, Weaken: l.Weaken,
		Exception: l.Exception, Condition: l.Condition, Lift: l.Lift,
		Replace: l.Replace, Failed: l.Failed, Report: l.Report, Ask: l.Ask, Dismiss: l.Dismiss, Neutral: l.Neutral, Stress: l.Stress,
		Coordinator: l.Coordinators, Disjunction: l.Disjunctions, Per: l.Per, Every: l.Every, RuleWord: l.RuleWords, Without: l.Without, DayWord: l.DayWords, RangeWord: l.RangeWords, Topic: l.Topic, OwnAction: l.OwnAction, Aside: l.Aside, Former: l.Former, SelfWord: l.SelfWords, Standing: l.Standing, Ordinal: l.OrdinalSuffixes, Clock: l.Clock, PM: l.PM, AM: l.AM,
	}
}

// Phrases returns the phrases of the cue list a language file names
// ("negation", "prohibitive", "failed", ...) in every language, each once,
// for packs that draw their cues from the lexicons; false for a name that
// is no such list.
func (s *Set) Phrases(list string) ([]string, bool) {
	get, ok := map[string]func(l *Language) []string{
		"negation":    func(l *Language) []string { return l.Negation },
		"prohibitive": func(l *Language) []string { return l.Prohibitive },
		"only":        func(l *Language) []string { return l.Only },
		"must":        func(l *Language) []string { return l.Must },
		"failed":      func(l *Language) []string { return l.Failed },
	}[list]
	if !ok {
		return nil, false
	}
	seen := map[string]bool{}
	var out []string
	for _, l := range s.Languages {
		for _, p := range get(l) {
			if p = Fold(p); p != "" && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out, true
}

// Synonyms returns the other words of the synonym groups (Language.Synonyms)
// of the languages langs that folded word is in.
func (s *Set) Synonyms(folded string, langs uint64) []string {
	var out []string
	for _, g := range s.syn[folded] {
		if g.bit&langs == 0 {
			continue
		}
		for _, w := range g.words {
			if w != folded && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// Language returns the language of a code, or nil.
func (s *Set) Language(code string) *Language {
	if i, ok := s.byCode[code]; ok {
		return s.Languages[i]
	}
	return nil
}

// Unit returns the unit a folded symbol, alias or unit word names, looked
// up in the languages of langs (a bit per language index) and then in the
// shared symbols.
func (s *Set) Unit(folded string, langs uint64) (Unit, bool) {
	if v, ok := s.Value(UnitWord, folded, langs); ok {
		if u, ok := s.units[Fold(v.sym)]; ok {
			return u, true
		}
		code := strings.ToUpper(v.sym)
		return Unit{Symbol: code, Dimension: "money:" + code, Factor: 1}, true
	}
	u, ok := s.units[folded]
	return u, ok
}

// Period returns the time unit a period word ("monthly", "saatte") names,
// looked up in the languages of langs.
func (s *Set) Period(folded string, langs uint64) (Unit, bool) {
	v, ok := s.Value(PeriodWord, folded, langs)
	if !ok {
		return Unit{}, false
	}
	u, ok := s.units[Fold(v.sym)]
	return u, ok
}

// Value returns what a folded phrase means as a number word, scale,
// month, weekday or unit word in the first of langs that knows it.
func (s *Set) Value(c Class, folded string, langs uint64) (langValue, bool) {
	for _, v := range s.vals[c][folded] {
		if v.bit&langs != 0 {
			return v, true
		}
	}
	return langValue{}, false
}

// Number returns the value of a number word, scale, month or weekday.
func (s *Set) Number(c Class, folded string, langs uint64) (float64, bool) {
	v, ok := s.Value(c, folded, langs)
	return v.num, ok
}

func (s *Set) addValue(w string, c Class, bit uint64, v langValue) {
	s.add(w, c, bit)
	key := joinNorm(Tokens(w))
	if s.vals[c] == nil {
		s.vals[c] = map[string][]langValue{}
	}
	v.bit = bit
	s.vals[c][key] = append(s.vals[c][key], v)
}

// Currency returns the currency code a folded symbol names, or the codes
// joined by "/" of a symbol several currencies write (frame.SameDim).
func (s *Set) Currency(folded string) (string, bool) {
	c, ok := s.money[folded]
	return c, ok
}
