package frame

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// Reader reads texts into clauses and frames with one lexicon Set. It is
// immutable and safe for concurrent use.
type Reader struct {
	lex *lexicon.Set
	en  uint64 // English is read beside every language: the lingua franca of code and of many teams' summaries
	// weekdays maps a stemmer's name to the stems of its languages'
	// weekday words: an inflected form the lexicon does not list
	// ("tiistaille", "wtorkami") is the day its stem names.
	weekdays map[string]*dayStems
	// stemmers holds one stemmer per Snowball algorithm the lexicons
	// name, by that name.
	stemmers map[string]*stemmer
}

// dayStems are the weekday stems of one stemmer, and their first two
// letters: a stemmer cuts endings, so only a word that opens like a
// weekday is worth stemming (every text is read, most of it no day).
type dayStems struct {
	byStem map[string]float64
	opens  map[string]bool
}

// day returns the weekday a word's stem names.
func (ds *dayStems) day(st *stemmer, w string) (float64, bool) {
	if ds == nil || !ds.opens[FirstRunes(w, 2)] {
		return 0, false
	}
	v, ok := ds.byStem[st.stem(w)]
	return v, ok
}

// FirstRunes returns the first n runes of s (all of s when it has fewer).
func FirstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// NewReader returns a Reader over lex.
func NewReader(lex *lexicon.Set) *Reader {
	r := &Reader{lex: lex, en: lex.Bit("en"), weekdays: map[string]*dayStems{}, stemmers: map[string]*stemmer{}}
	for _, l := range lex.Languages {
		st := r.stemmers[l.Stemmer]
		if st == nil {
			st = newStemmer(l.Stemmer)
			if st == nil {
				continue
			}
			r.stemmers[l.Stemmer] = st
		}
		ds := r.weekdays[l.Stemmer]
		if ds == nil {
			ds = &dayStems{byStem: map[string]float64{}, opens: map[string]bool{}}
			r.weekdays[l.Stemmer] = ds
		}
		for w, v := range l.Weekdays {
			if s := st.stem(lexicon.Fold(w)); utf8.RuneCountInString(s) >= 4 && !strings.ContainsRune(s, ' ') {
				ds.byStem[s] = float64(v)
				ds.opens[FirstRunes(s, 2)] = true
			}
		}
	}
	return r
}

// Lexicon returns the Reader's lexicon set.
func (r *Reader) Lexicon() *lexicon.Set { return r.lex }

// Doc is a text read into tokens, cues, quantities and clauses.
type Doc struct {
	Text    string
	Toks    []lexicon.Token
	Langs   uint64
	Clauses []Clause
	Quants  []Quantity
	// Spelled are counts written in words with no bound or unit near
	// ("two podiatrists on every Saturday"): no value the text sets, so
	// not among Quants, but how a summary may write a rule's value
	// ("at least 2 podiatrists"). Only a text that is judged looks here.
	Spelled []Quantity

	lex      *lexicon.Set
	weekday  map[int]float64 // token → day, for a weekday found by its stem
	primary  uint64          // the language with the most function words (or none)
	cls      []lexicon.Class // per token: the classes of the cue covering it
	cueStart []bool          // per token: a cue starts here
	valueNeg []bool          // per token: a negation of the value after it ("not £1,800")
	// rangeWord is set per token of a word joining a range's ends ("10 to
	// 4 pm"), kept apart from cls so that it stays a plain preposition
	// everywhere else ("…, not to `main`").
	rangeWord []bool
	// inner holds, per token of a word that negates the word inside it
	// ("untouched"), that word ("touched"): a negation cue whose word
	// still counts among the clause's terms.
	inner map[int]string
	stem  *stemmer
	// names are the folded words the session writes as names elsewhere
	// (Tell.Knowing): such a word opening a clause is a name too.
	names map[string]bool
}

// Clause is one clause (or atom) of a Doc: tokens [I, J).
type Clause struct {
	I, J       int
	Start, End int // bytes of Doc.Text
	Line       int
	Heading    bool // ends a line with ':' and heads what follows
	Modality   string
	Cues       lexicon.Class
	// Topic is what a clause opens with before a colon ("App Store rule
	// for this release: …"): context, not part of the rule's terms.
	Topic      *Part
	Main       Part
	Condition  *Part
	Exceptions []Part
	// Reason is why the rule holds ("because the old heaters can't take
	// more"): read apart, so that nothing of it is the rule's own terms,
	// but a clause that gives its rule a reason still says its words.
	Reason *Part
	// ruleJ ends the rule's own tokens: a consequence ("otherwise …")
	// after it is not the rule's, so its negation turns no bound.
	ruleJ int
	// lentBy+1 is the clause that lent this one its modality (a heading
	// or a topic that names rules); 0 when its modality is its own.
	lentBy int
	// announced is set for a clause under a heading or after a topic
	// that names rules, whatever its own modality (Doc.Announced).
	announced bool
}

// LentBy returns the clause that lent clause i its modality (the heading
// it stands under, or the topic of its line), or -1 when the modality is
// its own: a quote of clause i restricts only with that clause in it.
func (d *Doc) LentBy(i int) int { return d.Clauses[i].lentBy - 1 }

// Part is the main part of a clause or one of its qualifiers.
type Part struct {
	I, J    int
	Objects []Obj
	Quants  []int // indexes into Doc.Quants
	Stems   []string
	// Words are the folded words behind Stems, for a text in another
	// language whose stemmer cuts the same name otherwise (pgbouncer).
	Words []string
	// CueStems are the stems of the part's cue words ("ask" in "ask
	// before"): not its terms, but a candidate that says "ask before"
	// still holds the original's "without asking".
	CueStems []string
}

// Object types a reader gives: an identifier (letters with digits, a
// path, snake_case), code in backticks, a hyphenated term (which a
// summary may reword: it helps pairing, it is not required), a person's
// or place's name, or a numbered thing's noun stem.
const (
	ObjID   = "id"
	ObjCode = "code"
	ObjTerm = "term"
	ObjName = "name"
)

// Obj is an object as read: its text, its folded form, its skeleton
// (letters and digits only) and its type.
type Obj struct {
	Text, Norm, Skel, Type string
	I                      int
	// Negated is set for an object right after a negation: ruled out ("to
	// account 4410-2290, not 4410-2209").
	Negated bool
}

// Read reads text, telling its language from its own function words.
func (r *Reader) Read(text string) *Doc {
	return r.ReadIn(text, "")
}

// ReadIn reads text in the language of context (the message a sentence
// was cut from): one short sentence holds too few function words to tell
// its language, the message around it does. An empty context is text.
func (r *Reader) ReadIn(text, context string) *Doc {
	if context == "" || context == text {
		toks := lexicon.Tokens(text) // one pass tells the language and is read
		return r.readTold(text, toks, r.tellTokens(toks))
	}
	return r.ReadTold(text, r.Tell(context))
}

// Tell is what a message's function words say of its languages, worked
// out once and reused for every sentence cut from the message.
type Tell struct {
	langs, confident, primary uint64
	stemmer                   string
	names                     map[string]bool
}

// Knowing returns t that also knows names, the folded words the session
// writes as names in the middle of a sentence (Reader.NameWords): "Radu"
// opening a clause ("…; Radu conduce microbuzul") is then a name, as it is
// in "Radu Stoica (șofer)" elsewhere.
func (t Tell) Knowing(names map[string]bool) Tell {
	t.names = names
	return t
}

// NameWords adds to names the words text writes as names: a capitalised
// word (not all capitals) in the middle of a sentence, after a word, a
// number or a comma, that is no function word or cue of text's languages,
// in a text whose language does not capitalise every noun. It reads the
// tokens once, without the frames, so a caller can learn a whole
// session's names before reading any of it.
func (r *Reader) NameWords(text string, names map[string]bool) { r.TellNaming(text, names) }

// TellNaming is NameWords that returns text's Tell too, from the same
// reading of its tokens: a judge tells each original it reads names from.
func (r *Reader) TellNaming(text string, names map[string]bool) Tell {
	ts := lexicon.Tokens(text)
	t := r.tellTokens(ts)
	r.nameWords(ts, t, names)
	return t
}

// ReadKnowing reads text as Read does, knowing names (Tell.Knowing) and
// the names text itself writes mid-sentence (added to names): one pass
// over its tokens tells the language, learns its names and is read.
func (r *Reader) ReadKnowing(text string, names map[string]bool) *Doc {
	toks := lexicon.Tokens(text)
	t := r.tellTokens(toks)
	r.nameWords(toks, t, names)
	return r.readTold(text, toks, t.Knowing(names))
}

// nameWords is NameWords over tokens already told.
func (r *Reader) nameWords(ts []lexicon.Token, t Tell, names map[string]bool) {
	langs := t.langs
	if t.primary != 0 {
		langs = t.primary
	}
	if r.nounCapitals(langs) {
		return
	}
	for k := 1; k < len(ts); k++ {
		tk, p := ts[k], ts[k-1]
		mid := p.Kind == lexicon.Word || p.Kind == lexicon.Number && !outlineLabel(ts, k-1) || p.Kind == lexicon.Punct && (p.Norm == "," || p.Norm == "、" || p.Norm == "，")
		if tk.Kind != lexicon.Word || !tk.Upper || allCaps(tk.Text) || !mid || tk.Quoted || utf8.RuneCountInString(tk.Norm) < 3 {
			continue
		}
		if r.lex.IsStopword(tk.Norm, t.langs) || r.lex.Is(tk.Norm, ^lexicon.Class(0), t.langs) {
			continue
		}
		names[tk.Norm] = true
	}
}

// Tell reads the languages of a message.
func (r *Reader) Tell(message string) Tell {
	return r.tellTokens(lexicon.Tokens(message))
}

func (r *Reader) tellTokens(ts []lexicon.Token) Tell {
	// English is read only where the function words point to it or to no
	// language at all: "No final, faça commit" is Portuguese, and its "no"
	// forbids nothing. Its set phrases ("off-limits", "hands off") are
	// read in every text (readTold, lexicon.MatchBeside).
	var t Tell
	t.langs, t.confident = r.lex.DetectConfident(ts)
	if t.langs == 0 {
		t.langs = r.en
	}
	i := r.lex.Primary(ts)
	if i >= 0 {
		t.primary = 1 << i
	}
	t.stemmer = r.stemmerOf(i)
	return t
}

// ReadTold reads text in the languages t tells.
func (r *Reader) ReadTold(text string, t Tell) *Doc {
	return r.readTold(text, lexicon.Tokens(text), t)
}

func (r *Reader) readTold(text string, toks []lexicon.Token, t Tell) *Doc {
	d := &Doc{Text: text, Toks: toks, lex: r.lex, names: t.names}
	d.Langs, d.primary = t.langs, t.primary
	confident := t.confident
	d.stem = r.stemmers[t.stemmer]
	d.cls = make([]lexicon.Class, len(d.Toks))
	d.cueStart = make([]bool, len(d.Toks))
	d.valueNeg = make([]bool, len(d.Toks))
	d.rangeWord = make([]bool, len(d.Toks))
	for _, c := range r.lex.MatchBeside(d.Toks, d.Langs, confident|r.en, d.primary, r.en) {
		// A range word ("to", "a", "do") is a plain preposition to every
		// other reading: only the join of a range's ends asks for it.
		if c.Class&lexicon.RangeWord != 0 {
			for k := c.I; k < c.J; k++ {
				d.rangeWord[k] = true
			}
		}
		class := c.Class &^ lexicon.RangeWord
		if class == 0 {
			continue
		}
		d.cueStart[c.I] = true
		for k := c.I; k < c.J; k++ {
			d.cls[k] = class
		}
	}
	// A word that negates the word inside it negates the clause only when
	// it is said of something ("the Latin lines stay untranslated",
	// "changes uncommitted"), not when it names a kind of thing
	// ("uncleaned tank wagons only on track 7") or is a name ("Unreleased").
	for k, t := range d.Toks {
		if t.Kind != lexicon.Word || d.cls[k] != 0 || t.Quoted || t.Upper && k > 0 && !afterOpener(d, k) && !sentenceEnd(d.Toks[k-1]) {
			continue
		}
		if k+1 < len(d.Toks) && r.content(d, k+1) || k > 0 && d.Toks[k-1].Norm != "" && strings.Contains("\"'“”‘’«»„`", d.Toks[k-1].Norm) {
			continue // said of a thing after it, or quoted: a name
		}
		if in, ok := r.lex.Negated(t.Norm, d.Langs); ok {
			if d.inner == nil {
				d.inner = map[int]string{}
			}
			d.cls[k], d.cueStart[k], d.inner[k] = lexicon.Negation, true, in
		}
	}
	// A weekday in a case the lexicon does not list, found by its stem;
	// not a capitalised word, which is a name ("Marta" is not "martes").
	if days := r.weekdays[t.stemmer]; days != nil {
		for k, tk := range d.Toks {
			if d.cls[k] != 0 || tk.Kind != lexicon.Word || tk.Quoted || tk.Upper || utf8.RuneCountInString(tk.Norm) < 5 {
				continue
			}
			if v, ok := days.day(d.stem, tk.Norm); ok {
				if d.weekday == nil {
					d.weekday = map[int]float64{}
				}
				d.cls[k], d.cueStart[k], d.weekday[k] = lexicon.WeekdayWord, true, v
			}
		}
	}
	// A failure, negation or weakening word that names a kind of thing
	// ("keep 100% of error traces", "at most 10 frozen packs", "an optional
	// extra") is no cue: with a word of content right after it,
	// mid-sentence. A negation word that opens a sentence going on past
	// that word names a kind too ("Frozen items out ≤ 30 min"); one opening
	// a heading ("Frozen branches: release/3.8") restricts, and a failure
	// word that opens one reports ("Error connecting to the database").
	for k, t := range d.Toks {
		if d.cueStart[k] && (d.cls[k] == lexicon.Failed || d.cls[k] == lexicon.Negation || d.cls[k] == lexicon.Weaken) && d.cueEnd(k) == k+1 && k+1 < len(d.Toks) && r.content(d, k+1) &&
			(!opensSentence(d, k) || d.cls[k] == lexicon.Negation && k+2 < len(d.Toks) && d.Toks[k+2].Kind == lexicon.Word) && r.lex.IsKindWord(t.Norm, d.Langs) {
			d.cls[k], d.cueStart[k] = 0, false
		}
	}
	withoutOpens(d)
	r.stressAlone(d)
	r.relativeNegations(d)
	ruleDenials(d)
	d.Quants = r.quantities(d)
	for i := range d.Quants {
		d.Quants[i].Clause = -1
	}
	r.clauses(d)
	r.negate(d)
	return d
}

// stressAlone reads each phrase that insists on a rule ("no exceptions",
// "keine Ausnahmen") by what stands beside it: alone in its part of the
// sentence, or before a concession ("no exceptions even if mama signs"),
// it keeps no cue and sets no rule of its own; with a word of content in
// that part ("No exceptions for admins", "No exception may escape the
// handler") it is a negation, as any other.
func (r *Reader) stressAlone(d *Doc) {
	for k := 0; k < len(d.Toks); k++ {
		if !d.cueStart[k] || d.cls[k]&lexicon.Stress == 0 {
			continue
		}
		end := d.cueEnd(k)
		own := false
		for m := k - 1; m >= 0 && !partBreak(d, m) && !own; m-- {
			own = r.content(d, m) || d.Toks[m].Kind == lexicon.Number
		}
		for m := end; m < len(d.Toks) && !partBreak(d, m) && !own; m++ {
			own = r.content(d, m) || d.Toks[m].Kind == lexicon.Number
		}
		if own {
			for m := k; m < end; m++ {
				d.cls[m] = lexicon.Negation
			}
		}
		k = end - 1
	}
}

// partBreak reports a token that ends a part of a sentence for
// stressAlone: an end of sentence or line, a comma, colon or dash, or the
// start of a concession.
func partBreak(d *Doc, k int) bool {
	t := d.Toks[k]
	return sentenceEnd(t) || isComma(t) || phraseBreak(t) || d.cueStart[k] && d.cls[k]&lexicon.Concession != 0
}

// relativeNegations marks the negations of relative clauses as no
// negation of the clause's rule: a negation right after a relative
// pronoun (or one function word after it: "who did not sign") that
// follows a noun, or a comma after one ("de 5 hold, der ikke har
// betalt"), says which of the things named are meant. "Email the members
// who did not sign" sets no prohibition; "Der må ikke ryges" opens with
// its pronoun and still forbids.
func (r *Reader) relativeNegations(d *Doc) {
	for k := 1; k < len(d.Toks); k++ {
		if !d.cueStart[k] || d.cls[k]&lexicon.Relative == 0 || opensSentence(d, k) {
			continue
		}
		p := k - 1
		if d.Toks[p].Norm == "," && p > 0 {
			p--
		}
		if !r.content(d, p) {
			continue
		}
		n := d.cueEnd(k)
		if n < len(d.Toks) && d.cls[n] == 0 && d.IsStop(n) {
			n++ // "who did not", "die hat nicht"; not a modal ("which must not")
		}
		if n >= len(d.Toks) || !d.cueStart[n] || d.cls[n]&lexicon.Negation == 0 {
			continue
		}
		// A relative clause that obliges ("die nicht neu gestartet werden
		// dürfen", "der ikke må spille") states a rule of its own.
		obliges := false
		for m := d.cueEnd(n); m < len(d.Toks) && m < n+8 && d.Toks[m].Norm != "," && !sentenceEnd(d.Toks[m]); m++ {
			obliges = obliges || d.cls[m]&lexicon.Must != 0
		}
		if obliges {
			continue
		}
		for m := n; m < d.cueEnd(n); m++ {
			d.valueNeg[m] = true
		}
	}
}

// ruleDenials marks a negation said of a rule word ("that's a preference,
// not a rule", "there is no restriction on the port", "das ist keine
// Regel") as no negation: it says something is no rule, and forbids
// nothing. Only where nothing but function words stand between, the
// negation follows no word of content (a verb: "change nothing in the
// rules", "ändere nicht die Regeln" forbid) and the rule word heads
// nothing after it ("no rule changes after Friday", "no policy changes
// without approval" forbid).
func ruleDenials(d *Doc) {
	for k := range d.Toks {
		// One word of negation: a longer one ("ne touchez pas") holds
		// the verb it forbids.
		if !d.cueStart[k] || d.cls[k]&lexicon.Negation == 0 || d.cueEnd(k) != k+1 {
			continue
		}
		if p := k - 1; p >= 0 && d.Toks[p].Kind == lexicon.Word && !d.IsStop(p) {
			continue
		}
		n := k + 1
		for n < len(d.Toks) && n < k+3 && d.IsStop(n) && d.cls[n]&(lexicon.Negation|lexicon.Must|lexicon.Only|lexicon.RuleWord) == 0 {
			n++
		}
		if n >= len(d.Toks) || !d.cueStart[n] || d.cls[n]&lexicon.RuleWord == 0 {
			continue
		}
		if m := d.cueEnd(n); m < len(d.Toks) && d.Toks[m].Kind == lexicon.Word && !d.IsStop(m) {
			continue
		}
		d.valueNeg[k] = true
	}
}

// withoutOpens reads a "without" that opens a sentence, a line or a list
// item ("Sem saltos de versão major", "- Ohne Ausnahme") as a negation
// when nothing after it in the sentence negates, obliges or restricts
// and no comma leaves a main clause: such a sentence forbids what it
// names, as "No major version jumps" does. Mid-sentence, or before a
// clause of its own ("Without approval, never deploy"), it stays a
// condition.
func withoutOpens(d *Doc) {
	for k := range d.Toks {
		if !d.cueStart[k] || d.cls[k]&lexicon.Without == 0 || !opensSentence(d, k) {
			continue
		}
		end, own := d.cueEnd(k), false
		for m := end; m < len(d.Toks) && !sentenceEnd(d.Toks[m]) && !phraseBreak(d.Toks[m]); m++ {
			// A comma after it leaves a main clause the "without" is the
			// condition of ("Without the cache, builds take 20 min"); a
			// dash or a colon ends what it forbids ("Sem saltos de
			// versão major — passar por 28, …").
			if d.cls[m]&(lexicon.Negation|lexicon.Only|lexicon.Must|lexicon.Upper|lexicon.Lower) != 0 || d.Toks[m].Norm == "," || d.Toks[m].Norm == "，" || d.Toks[m].Norm == "、" {
				own = true
				break
			}
		}
		if own {
			continue
		}
		for m := k; m < end; m++ {
			d.cls[m] = lexicon.Negation
		}
	}
}

// phraseBreak reports a dash or colon between words: it ends a phrase.
func phraseBreak(t lexicon.Token) bool {
	switch t.Norm {
	case "—", "–", ":", "：":
		return true
	}
	return false
}

// opensSentence reports a token with only list markers (-, *, •, an
// enumerator "3.") between it and the start of its sentence, line or
// the text.
func opensSentence(d *Doc, k int) bool {
	for j := k - 1; j >= 0; j-- {
		t := d.Toks[j]
		switch {
		case sentenceEnd(t), t.Kind == lexicon.Punct && (t.Norm == ":" || t.Norm == "："), emojiEnd(d, j):
			return true
		case t.Kind == lexicon.Number && j+1 < k && (d.Toks[j+1].Norm == "." || d.Toks[j+1].Norm == ")"):
			continue
		case outlineNumber(d, j):
			continue // "4.1 Samples must not …"
		case t.Kind == lexicon.Punct || t.Kind == lexicon.Symbol:
			if strings.ContainsAny(t.Norm, "-*•·–—#>|()") || t.Norm == "." {
				continue
			}
			return false
		default:
			return false
		}
	}
	return true
}

// stemmerOf returns the stemmer of the primary language (the index of the
// language with the most function words, lexicon.Set.Primary), or
// English's when none has any (a terse line is most often English, the
// lingua franca of code).
func (r *Reader) stemmerOf(primary int) string {
	if i := primary; i >= 0 {
		return r.lex.Languages[i].Stemmer
	}
	for i, l := range r.lex.Languages {
		if uint64(1)<<i == r.en {
			return l.Stemmer
		}
	}
	return ""
}

// modal are the cue classes that make a clause a constraint.
const modal = lexicon.Negation | lexicon.Only | lexicon.Must | lexicon.Upper | lexicon.Lower | lexicon.Before | lexicon.After | lexicon.Failed

// RuleCues are the cues that set a rule by themselves: a negation, an
// "only", a duty, an upper or lower bound (not a time word or a failure,
// which may open a condition).
const RuleCues = lexicon.Negation | lexicon.Only | lexicon.Must | lexicon.Upper | lexicon.Lower

// splitModal are the cues that make an atom of their own; bounds count
// through their quantities (an "under" without a number is no bound).
const splitModal = lexicon.Negation | lexicon.Only | lexicon.Must | lexicon.Failed | lexicon.Upper

// sentenceEnd reports punctuation that ends a clause.
func sentenceEnd(t lexicon.Token) bool {
	if t.Kind == lexicon.Newline {
		return true
	}
	if t.Kind != lexicon.Punct {
		return false
	}
	switch t.Norm {
	case ".", ";", "!", "?", "。", "；", "！", "？", "…", "।", "॥", "؟", "۔":
		return true
	}
	return false
}

// emojiEnd reports a face emoji that ends a sentence, as chat writes it
// in place of a full stop ("… obraz dockera 🙄 Aha, i PR ma iść na
// develop"): one followed by a space and a capital, a line break or the
// text's end (the extractor's splitter reads it the same way).
func emojiEnd(d *Doc, k int) bool {
	t := d.Toks[k]
	if t.Kind != lexicon.Symbol || !lexicon.FaceEmoji(t.Text) {
		return false
	}
	return k+1 == len(d.Toks) || d.Toks[k+1].Kind == lexicon.Newline || d.Toks[k+1].Upper && !d.Toks[k+1].Glued
}

// clauses cuts d into clauses at sentence ends and lines, then into atoms
// where a coordinator or comma separates two parts that each carry a
// modal cue ("never A, and do not B").
func (r *Reader) clauses(d *Doc) {
	line := 1
	start := 0
	flush := func(end int, ln int) {
		if end <= start {
			return
		}
		for _, a := range r.atoms(d, start, end) {
			r.addClause(d, a[0], a[1], ln, start)
		}
	}
	for i, t := range d.Toks {
		if (sentenceEnd(t) || emojiEnd(d, i)) && !(t.Norm == "." && (i+1 < len(d.Toks) && d.Toks[i+1].Glued || i > 0 && t.Glued && r.lex.IsAbbreviation(d.Toks[i-1].Norm, d.Langs) || ordinalDate(d, i) || ordinalDay(d, i) || boundAbbreviation(d, i) || inDate(d, i))) {
			flush(i, line)
			if t.Kind == lexicon.Newline {
				line++
			}
			start = i + 1
		}
	}
	flush(len(d.Toks), line)
	// A clause that ends with a colon heads what follows, and so does a
	// Markdown heading that names rules ("## Rules", "**Booking
	// rules**"), as summaries write them.
	for i := range d.Clauses {
		c := &d.Clauses[i]
		last := d.Toks[c.J-1]
		if last.Kind == lexicon.Punct && (last.Norm == ":" || last.Norm == "：") || d.markdownHeading(i) && d.namesRules(c.I, c.J) {
			c.Heading = true
		}
	}
	// A heading lends its modality to the items under it that carry none
	// of their own ("Never:", "Constraints —"); a heading that names
	// rules ("Constraints:", "Repo rules from AGENTS.md:") lends a duty,
	// and so does a topic that names rules to the rest of its sentence
	// ("Constraints: cron unchanged at 11:30 UTC; every date in the
	// customer's timezone.").
	lend := func(from, k int, modality string, cues lexicon.Class) {
		if c := &d.Clauses[k]; c.Modality == "" {
			c.Modality, c.Cues, c.lentBy = modality, c.Cues|cues, from+1
		}
	}
	for i := 0; i < len(d.Clauses); i++ {
		h := d.Clauses[i]
		named := h.Main.Stems != nil && len(h.Main.Objects)+len(h.Main.Quants) > 0
		modality, cues := h.Modality, h.Cues&modal
		switch {
		case !h.Heading:
			continue
		case d.namesRules(h.I, h.J) && (modality == "" || named):
			modality, cues = Must, lexicon.Must
		case modality == "" || named:
			continue
		}
		rules := d.namesRules(h.I, h.J)
		for k := i + 1; k < len(d.Clauses) && (d.Clauses[k].Line <= d.Clauses[k-1].Line+1 || k == i+1 && d.Clauses[k].Line == h.Line+2) && !d.Clauses[k].Heading; k++ {
			// One blank line may part a heading from its list.
			lend(i, k, modality, cues)
			d.Clauses[k].announced = d.Clauses[k].announced || rules
		}
	}
	// A table whose header row names rules ("| Constraint | Status |")
	// makes each of its rows a rule, as a heading does its list.
	for i := 0; i < len(d.Clauses); i++ {
		h := d.Clauses[i]
		if !d.tableHeader(i) || !d.namesRules(h.I, h.J) {
			continue
		}
		for k := i + 1; k < len(d.Clauses) && d.tableRow(k) && d.Clauses[k].Line <= d.Clauses[k-1].Line+2; k++ {
			lend(i, k, Must, lexicon.Must)
		}
	}
	for i := 0; i < len(d.Clauses); i++ {
		if !d.rulesTopic(d.Clauses[i].Topic) {
			continue
		}
		d.Clauses[i].announced = true
		for k := i + 1; k < len(d.Clauses) && d.Clauses[k].Line == d.Clauses[i].Line && !fullStop(d, d.Clauses[k-1].J) && !d.Clauses[k].Heading; k++ {
			lend(i, k, Must, lexicon.Must)
			d.Clauses[k].announced = true
		}
	}
}

// lineOf returns the text of the line clause i stands on.
func (d *Doc) lineOf(i int) (line, next string) {
	c := d.Clauses[i]
	a := strings.LastIndexByte(d.Text[:c.Start], '\n') + 1
	b := strings.IndexByte(d.Text[c.Start:], '\n')
	if b < 0 {
		return d.Text[a:], ""
	}
	b += c.Start
	rest := d.Text[b+1:]
	if e := strings.IndexByte(rest, '\n'); e >= 0 {
		rest = rest[:e]
	}
	return d.Text[a:b], rest
}

// markdownHeading reports a clause that is the whole of a Markdown
// heading line: "## Rules", "**Booking rules**", "__Rules__".
func (d *Doc) markdownHeading(i int) bool {
	line, _ := d.lineOf(i)
	line = strings.TrimSpace(line)
	c := d.Clauses[i]
	if strings.TrimSpace(strings.Trim(line, "#*_ ")) == "" {
		return false
	}
	if !strings.Contains(line, strings.TrimSpace(d.Text[c.Start:c.End])) {
		return false
	}
	switch {
	case strings.HasPrefix(line, "#"):
		return true
	case strings.HasPrefix(line, "**") && strings.HasSuffix(line, "**"), strings.HasPrefix(line, "__") && strings.HasSuffix(line, "__"):
		return !strings.Contains(strings.Trim(line, "*_"), "**")
	}
	return false
}

// OpensSection reports a clause that starts a section of the text: a
// heading that ends with a colon, or a Markdown heading line of any
// topic. What a summary lists under one heading is one place; the next
// heading starts another.
func (d *Doc) OpensSection(i int) bool {
	return d.Clauses[i].Heading || d.markdownHeading(i)
}

// opening reports a clause on the text's first line when a blank line (or
// nothing) follows it: the lead that names what the text is about, ended
// as a sentence or not.
func (d *Doc) opening(i int) bool {
	c := d.Clauses[i]
	first := strings.TrimLeft(d.Text, " \t\r\n")
	lead := len(d.Text) - len(first)
	if c.Start < lead || strings.Contains(d.Text[lead:c.Start], "\n") {
		return false
	}
	_, next := d.lineOf(i)
	return strings.TrimSpace(next) == ""
}

// Title reports a clause on the text's title: its first line, standing
// alone (a blank line or nothing after it) and not ended as a sentence
// ("Cal Pere — January calçotadas, summary"). Like a heading, it says
// what everything under it is about.
func (d *Doc) Title(i int) bool {
	if !d.opening(i) {
		return false
	}
	line, _ := d.lineOf(i)
	line = strings.TrimSpace(line)
	return line != "" && !strings.ContainsAny(line[len(line)-1:], ".!?;")
}

// tableRow reports a clause on a line of a Markdown table ("| a | b |").
func (d *Doc) tableRow(i int) bool {
	line, _ := d.lineOf(i)
	return strings.HasPrefix(strings.TrimSpace(line), "|")
}

// tableHeader reports a clause on the header row of a Markdown table: a
// table row whose next line is the separator ("|---|:---:|").
func (d *Doc) tableHeader(i int) bool {
	line, next := d.lineOf(i)
	if !strings.HasPrefix(strings.TrimSpace(line), "|") {
		return false
	}
	next = strings.TrimSpace(next)
	return strings.HasPrefix(next, "|") && strings.Contains(next, "---") && strings.Trim(next, "|-: ") == ""
}

// fullStop reports the end of a sentence at token k (or the text's end),
// where a semicolon ends only a clause.
func fullStop(d *Doc, k int) bool {
	return k >= len(d.Toks) || sentenceEnd(d.Toks[k]) && d.Toks[k].Norm != ";" && d.Toks[k].Norm != "；"
}

// Announced reports a clause given as a rule by the words before it: it
// follows a topic that names rules in its sentence ("Venue rules: no open
// flames …; nothing may be fixed to the pews"), or stands in the list
// under a heading that names rules: the clauses the reader lends a duty
// to when they carry no modality of their own.
func (d *Doc) Announced(i int) bool { return d.Clauses[i].announced }

// namesRules reports tokens [i, j) that name a list of rules (a rule
// word) and do not lift, replace or condition one ("you can drop that
// restriction now" names a rule it ends).
func (d *Doc) namesRules(i, j int) bool {
	return d.hasCue(i, j, lexicon.RuleWord) && !d.hasCue(i, j, lexicon.Lift|lexicon.Replace|lexicon.Condition)
}

// rulesTopic reports a topic that names a list of rules: at most four
// words with a rule word ("Constraints", "Repo rules from AGENTS.md"),
// not a sentence about a rule.
func (d *Doc) rulesTopic(t *Part) bool {
	if t == nil || !d.namesRules(t.I, t.J) {
		return false
	}
	words := 0
	for k := t.I; k < t.J; k++ {
		if d.Toks[k].Kind == lexicon.Word || d.Toks[k].Kind == lexicon.Rune {
			words++
		}
	}
	return words <= 4
}

// atoms returns the token ranges of the atoms of tokens [i, j). A
// separator (a coordinator, a comma, a dash; ", and" counts once) cuts
// when the part before it since the last cut and the part after it up to
// the next separator each carry a modal cue: "never A, and do not B" is
// two atoms, "never A or B" and "at or under 4 %" are one.
func (r *Reader) atoms(d *Doc, i, j int) [][2]int {
	isSep := func(k int) bool {
		if d.cls[k]&(lexicon.Exception|lexicon.Disjunction) != 0 {
			return false
		}
		return d.cls[k] == lexicon.Coordinator || d.Toks[k].Kind == lexicon.Punct && (d.Toks[k].Norm == "," || d.Toks[k].Norm == "、" || d.Toks[k].Norm == "，" || d.Toks[k].Norm == "—")
	}
	// Separator runs [from, to).
	var seps [][2]int
	for k := i + 1; k < j-1; k++ {
		if !isSep(k) {
			continue
		}
		to := k + 1
		for to < j-1 && isSep(to) {
			to++
		}
		seps = append(seps, [2]int{k, to})
		k = to - 1
	}
	// Prefix counts of modal cues (tokens, and bounds by their first
	// token), so that a line of many separators is read in one pass.
	modalAt := make([]int, j-i+1)
	bounded := map[int]bool{}
	for _, qi := range d.quantsAt(i, j) {
		if q := d.Quants[qi]; q.Op != OpEq && q.J <= j {
			bounded[q.I] = true
		}
	}
	for k := i; k < j; k++ {
		v := 0
		// A value's own negation ("6 minutes, not 4") rules a value out
		// within the atom; it makes no atom of its own.
		if !d.valueNeg[k] && d.cls[k]&splitModal&^(lexicon.Upper|lexicon.Lower|lexicon.Before|lexicon.After) != 0 || bounded[k] {
			v = 1
		}
		modalAt[k-i+1] = modalAt[k-i] + v
	}
	modalIn := func(a, b int) bool { return b > a && modalAt[b-i]-modalAt[a-i] > 0 }
	var out [][2]int
	start := i
	for n, sp := range seps {
		next := j
		if n+1 < len(seps) {
			next = seps[n+1][0]
		}
		// What the speaker will do themselves after a rule ("don't GC
		// the builder — I'll do activations Monday") is their plan, an
		// atom of its own with no modality of its own; a bare "No, I'll
		// push it myself" stays whole: the plan is all the rule says.
		own := d.cueStart[sp[1]] && d.cls[sp[1]]&lexicon.OwnAction != 0 && modalIn(start, sp[0]) && r.contentIn(d, start, sp[0]) && !quoting(d, start, sp[0])
		if own || modalIn(start, sp[0]) && modalIn(sp[1], next) && !d.hasCue(sp[1], min(sp[1]+2, j), lexicon.Exception|lexicon.Condition|lexicon.Consequence|lexicon.Reason) && !(d.asideTo(sp[1], j) > 0 && d.ruleBefore(start, sp[1])) {
			out = append(out, [2]int{start, sp[0]})
			start = sp[1]
		}
	}
	return append(out, [2]int{start, j})
}

// quoting reports a colon or a quotation mark among tokens [i, j): what
// follows it is someone's words reported ("the user declined: \"No, I'll
// upload it myself\""), read whole.
func quoting(d *Doc, i, j int) bool {
	for k := i; k < j; k++ {
		if n := d.Toks[k].Norm; n == ":" || n != "" && strings.Contains("\"“”«»„", n) {
			return true
		}
	}
	return false
}

// bracketed reports an opening bracket among tokens [i, k) that is not
// closed before k: token k stands in a bracketed aside.
func bracketed(d *Doc, i, k int) bool {
	depth := 0
	for m := i; m < k; m++ {
		switch d.Toks[m].Norm {
		case "(", "[", "（":
			depth++
		case ")", "]", "）":
			depth = max(depth-1, 0)
		}
	}
	return depth > 0
}

// mainContentIn reports a word of content among tokens [i, j) that is
// in no qualifier.
func (r *Reader) mainContentIn(d *Doc, i, j int, inQual func(int) bool) bool {
	for k := i; k < j; k++ {
		if !inQual(k) && r.content(d, k) {
			return true
		}
	}
	return false
}

// contentIn reports a word of content among tokens [i, j).
func (r *Reader) contentIn(d *Doc, i, j int) bool {
	for k := i; k < j; k++ {
		if r.content(d, k) {
			return true
		}
	}
	return false
}

func (d *Doc) hasCue(i, j int, c lexicon.Class) bool {
	for k := i; k < j; k++ {
		if d.cls[k]&c&^(lexicon.Upper|lexicon.Lower|lexicon.Before|lexicon.After) != 0 {
			return true
		}
	}
	if c&lexicon.Upper == 0 {
		return false
	}
	for _, qi := range d.quantsAt(i, j) {
		if q := d.Quants[qi]; q.J <= j && q.Op != OpEq {
			return true
		}
	}
	return false
}

// quantsAt returns the indexes of the quantities that start in tokens
// [i, j). Quantities are in token order, so this is a binary search: a
// long candidate is read in one pass, not one pass per clause.
func (d *Doc) quantsAt(i, j int) []int {
	lo := sort.Search(len(d.Quants), func(k int) bool { return d.Quants[k].I >= i })
	hi := sort.Search(len(d.Quants), func(k int) bool { return d.Quants[k].I >= j })
	out := make([]int, 0, hi-lo)
	for k := lo; k < hi; k++ {
		out = append(out, k)
	}
	return out
}

// SpelledIn returns the counts written in words (Doc.Spelled) within
// clauses a to b.
func (d *Doc) SpelledIn(a, b int) []Quantity {
	a, b = max(a, 0), min(b, len(d.Clauses)-1)
	if a > b {
		return nil
	}
	var out []Quantity
	for _, q := range d.Spelled {
		if q.I >= d.Clauses[a].I && q.J <= d.Clauses[b].J {
			out = append(out, q)
		}
	}
	return out
}

// QuantsIn returns the indexes of the quantities of clauses [a, b].
func (d *Doc) QuantsIn(a, b int) []int {
	if a < 0 {
		a = 0
	}
	if b >= len(d.Clauses) {
		b = len(d.Clauses) - 1
	}
	if a > b {
		return nil
	}
	return d.quantsAt(d.Clauses[a].I, d.Clauses[b].J)
}

// addClause reads tokens [i, j) as one clause.
func (r *Reader) addClause(d *Doc, i, j, line, sentence int) {
	for i < j && (d.Toks[i].Kind == lexicon.Punct || d.Toks[i].Kind == lexicon.Symbol && d.Toks[i].Norm != "≤" && d.Toks[i].Norm != "≥" && !d.opensQuantity(i) || d.cls[i] == lexicon.Coordinator) {
		i++ // list bullets and opening punctuation, not the currency of an amount ("₹1,00,000 …")
	}
	if i >= j {
		return
	}
	c := Clause{I: i, J: j, Start: d.Toks[i].Start, End: d.Toks[j-1].End, Line: line}
	// What follows a consequence cue ("otherwise claims are lost") is what
	// breaking the rule brings about: its cues are not the rule's.
	ruleEnd := j
	opening := [2]int{-1, -1} // a purpose that opens the clause, up to its comma
	for k := i; k < j; k++ {
		if d.cueStart[k] && d.cls[k]&lexicon.Consequence != 0 {
			// One that opens the clause and ends at a comma ("In order
			// not to break CI, never push to main", "Pour ne pas casser
			// la CI, ne pousse jamais …") says what the rule after it is
			// for: read apart, as a reason is.
			if k == i {
				if m := commaIn(d, k+1, j); m > 0 {
					opening = [2]int{k, m}
					continue
				}
			}
			ruleEnd = k
			break
		}
	}
	why, cause := d.reasons(i, ruleEnd)
	if opening[0] >= 0 {
		why = append(why, opening)
	}
	for k := i; k < ruleEnd; k++ {
		if !d.valueNeg[k] && !why.has(k) {
			c.Cues |= d.cls[k]
		}
	}
	// Qualifiers: an exception runs from its cue to the clause end or the
	// next comma; a condition likewise.
	mainEnd := j
	var quals [][3]int // kind (0 condition, 1 exception, 2 concession), from, to
	for k := i; k < j; k++ {
		isEx := d.cls[k]&lexicon.Exception != 0
		isCon := d.cls[k]&lexicon.Concession != 0 && !isEx
		isCond := d.cls[k]&lexicon.Condition != 0 && !isEx && !isCon
		if !isEx && !isCond && !isCon || !d.cueStart[k] {
			continue
		}
		end := j
		for m := k + 1; m < j; m++ {
			if d.Toks[m].Kind == lexicon.Punct && (d.Toks[m].Norm == "," || d.Toks[m].Norm == ")" || d.Toks[m].Norm == "，") {
				end = m
				break
			}
			// A condition that opens its clause ends at its colon ("while
			// you're in there: do NOT stop the experiment"); a colon
			// glued to what follows is part of a name ("db:5432").
			if k == i && isCond && d.Toks[m].Kind == lexicon.Punct && (d.Toks[m].Norm == ":" && !(m+1 < j && d.Toks[m+1].Glued) || d.Toks[m].Text == "：") {
				end = m
				break
			}
		}
		kind := 0
		switch {
		case isEx:
			kind = 1
		case isCon:
			kind = 2 // "even if …": the rule holds either way
		}
		quals = append(quals, [3]int{kind, k, end})
		if k < mainEnd && end == j {
			mainEnd = k
		}
		k = end
	}
	// A preference after the rule's last comma ("Images under 300 KB,
	// WebP preferred") is advice beside it: its names are not the rule's.
	if m := d.preferenceTail(i, j); m > 0 {
		quals = append(quals, [3]int{2, m, j})
		if m < mainEnd {
			mainEnd = m
		}
	}
	inQual := func(k int) bool {
		if !cause && why.has(k) {
			return true
		}
		for _, q := range quals {
			if k >= q[1] && k < q[2] {
				return true
			}
		}
		return false
	}
	mainStart := i
	for k := i + 1; k < j-1 && k < i+40; k++ {
		t := d.Toks[k]
		// A colon glued to what follows is part of a name ("db:5432"),
		// except the full-width one of scripts written without spaces.
		if t.Kind != lexicon.Punct || t.Norm != ":" || t.Text == ":" && k+1 < j && d.Toks[k+1].Glued {
			continue
		}
		if k >= i+13 && !d.namesRules(i, k) && !d.hasCue(i, k, lexicon.Topic) {
			// A long opening is a topic only when it names the rules it
			// introduces: "For Sunday's race (13 December), the rules
			// the chair set:" dates the race, not each rule after it;
			// or when it says what it is about ("Repair ticket R-884
			// (the 1969 Seiko) regarding:").
			break
		}
		// A short opening without a rule or a value of its own is a
		// topic; "Upgrading pgbouncer to 1.22 failed: …" is not. One that
		// names rules is a topic whatever values it holds: "Rules for the
		// fair (11–13 Dec): fryer off by 23:30" dates the fair, not the
		// rule. So is one that says what it is about.
		p := r.part(d, i, k, func(int) bool { return true })
		if (len(p.Quants) == 0 || d.namesRules(i, k) || d.hasCue(i, k, lexicon.Topic)) && !d.hasCue(i, k, modal) {
			c.Topic, mainStart = &p, k+1
		}
		break
	}
	c.Main = r.part(d, mainStart, ruleEnd, func(k int) bool { return !inQual(k) })
	// "X, not Y": a second object of the same type right after a
	// negation is ruled out. A negation before the only object of its
	// kind ("no auto-ban", "keine Schema-Migrationen") is the rule's.
	kept := map[string]bool{} // types of which a name not ruled out came before
	for oi, o := range c.Main.Objects {
		if oi > 0 && c.Main.Objects[oi-1].I == o.I {
			// A name of a slash list ("no P3/P4 pages") is ruled out or
			// kept with the name it is written with.
			c.Main.Objects[oi].Negated = c.Main.Objects[oi-1].Negated
			continue
		}
		b := o.I - 1
		for k := 0; k < 2 && b > c.I && d.IsStop(b) && d.cls[b] == 0; k++ {
			b-- // "never in app/proguard-rules.pro": the negation before its preposition
		}
		kind := nameKind(o.Type)
		if b >= c.I && d.cls[b]&lexicon.Negation != 0 && kept[kind] {
			c.Main.Objects[oi].Negated = true
			continue
		}
		kept[kind] = true
	}
	// "「X」ではなく「Y」" (not X but Y): a negation that sets another in
	// its place, right after a name, rules it out when another of its
	// kind follows.
	for oi, o := range c.Main.Objects {
		if o.Negated || !negatedAfter(d, o, c.J) {
			continue
		}
		for _, y := range c.Main.Objects[oi+1:] {
			if nameKind(o.Type) == nameKind(y.Type) {
				c.Main.Objects[oi].Negated = true
				break
			}
		}
	}
	for _, q := range quals {
		p := r.part(d, q[1], q[2], func(int) bool { return true })
		switch {
		case q[0] == 1:
			c.Exceptions = append(c.Exceptions, p)
		case q[0] == 0 && c.Condition == nil:
			c.Condition = &p
		}
	}
	if len(why) > 0 && !cause {
		// The part spans the reason's own tokens, not the clause's.
		if p := r.part(d, why[0][0], why[len(why)-1][1], why.has); len(p.Stems)+len(p.Objects)+len(p.Quants) > 0 {
			c.Reason = &p
		}
	}
	c.ruleJ = ruleEnd
	// A negation within a condition that follows its rule ("I'll do it
	// tonight when nobody watches") says when, not what is forbidden: it
	// lends the rule no modality. A condition's span runs from its cue to
	// the next comma, and may hold the rule's own negation: when the
	// condition opens the clause ("while you're on it — don't deploy
	// after 16:00"), when a verb-final rule ends inside it ("bei Wind
	// über 72 km/h auf keinen Fall betreiben"), and right after "without"
	// ("sans jamais dépasser 3 g"; not "without a freeze").
	condNegs := r.conditionNegations(d, quals, mainStart, ruleEnd, inQual)
	inCond := func(k int) bool {
		for _, n := range condNegs {
			if k >= n[0] && k < n[1] {
				return true
			}
		}
		return false
	}
	c.Modality = d.modality(c, ruleEnd, why, inCond)
	if c.Modality == Failed {
		for _, qi := range c.Main.Quants {
			d.Quants[qi].Aside = bracketed(d, c.I, d.Quants[qi].I)
		}
	}
	if c.Modality != "" {
		// "Do not deploy around 17:00": a rule's value stays required,
		// however it is hedged.
		for _, qi := range c.Main.Quants {
			d.Quants[qi].Approx = false
		}
	}
	if c.Modality == "" && d.rulesTopic(c.Topic) {
		// "Constraints: cron schedule unchanged at 11:30 UTC" states a
		// rule as its topic says.
		c.Modality, c.Cues = Must, c.Cues|lexicon.Must
	}
	if c.Modality != "" && d.asked(sentence, c) {
		// "The client keeps asking whether we can't file next week": the
		// negation is the client's question, not a rule anyone set.
		c.Modality, c.Cues = "", c.Cues|lexicon.Report
	}
	if c.Modality != "" && d.former(sentence, c) {
		// "Früher hatten wir die Regel, dass wir Patienten über 80 nicht
		// anrufen": a rule of the past, told as history, binds no one.
		c.Modality, c.Cues = "", c.Cues|lexicon.Report
	}
	d.Clauses = append(d.Clauses, c)
	for _, qi := range d.quantsAt(i, j) {
		d.Quants[qi].Clause = len(d.Clauses) - 1
	}
}

// spans are runs of tokens [from, to).
type spans [][2]int

// has reports whether token k stands in one of the runs.
func (ss spans) has(k int) bool {
	for _, s := range ss {
		if k >= s[0] && k < s[1] {
			return true
		}
	}
	return false
}

// reasons returns the reasons of tokens [i, end): each runs from a reason
// cue ("because", "protože", "因为") to the next comma or end. A reason
// says why the rule holds ("bed temp max 110 °C, because the old heaters
// can't take more"): its negations and bounds are not the rule's cues, and
// its names and values are not the rule's terms, which a summary need not
// repeat. cause is set when the clause reports a failure outside its
// reason ("it failed because port 80 is blocked"): the cause is what the
// attempt teaches, so its words stay the attempt's terms (only its cues
// are set apart: "failed because the sensor does not answer" is no
// prohibition). A sentence that opens with its reason and runs to its end
// with no comma ("Because of the freeze no deploys this week") is read
// whole: cutting the reason would cut the rule away.
func (d *Doc) reasons(i, end int) (why spans, cause bool) {
	for k := i; k < end; k++ {
		if d.cls[k]&lexicon.Failed != 0 && !d.valueNeg[k] {
			cause = true
		}
		if to := d.asideTo(k, end); k > i && to > 0 && d.ruleBefore(i, k) {
			why = append(why, [2]int{k, to})
			k = to
			continue
		}
		if !d.cueStart[k] || d.cls[k]&lexicon.Reason == 0 {
			continue
		}
		to := end
		for m := k + 1; m < end; m++ {
			if t := d.Toks[m]; t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == "，" || t.Norm == "、" || t.Norm == ")") {
				to = m
				break
			}
		}
		// One the splitter cut at its comma ("Because the heaters are
		// old, never …") is a clause of reason alone.
		if to == end && opensSentence(d, k) && !(end < len(d.Toks) && (d.Toks[end].Norm == "," || d.Toks[end].Norm == "，")) {
			break
		}
		why = append(why, [2]int{k, to})
		k = to
	}
	return why, cause
}

// ruleBefore reports a cue among tokens [i, k) that sets a rule (a
// negation, a duty, an "only", an upper or lower bound; not a time word
// or a failure, which may open a condition): a negation alone between
// commas is a reply ("The doses Kamau asked for, no, we stay at 2,000
// doses"), and what follows it is the rule.
func (d *Doc) ruleBefore(i, k int) bool {
	sep := func(m int) bool { return m < i || m >= k || d.Toks[m].Kind == lexicon.Punct }
	for m := i; m < k; m++ {
		if d.cls[m]&RuleCues != 0 && !(d.cls[m]&RuleCues == lexicon.Negation && sep(m-1) && sep(m+1)) {
			return true
		}
	}
	return false
}

// replyNo reports a negation at token k that answers what was said before
// it, alone at the head of clause c behind which an instruction of its own
// follows: "No, push the branch and open the PR", "Ne, előbb megvárjuk a
// labort", "Não, deixa as placas na sexta". What follows is the rule, and
// the "no" forbids nothing of it. A "no" before what the speaker will do
// themselves ("No, I'll push it myself") declines the agent's doing it,
// and stays.
func (d *Doc) replyNo(c Clause, k, end int) bool {
	if k != c.I || d.cls[k]&lexicon.Negation == 0 || !d.cueStart[k] || d.cueEnd(k) != k+1 {
		return false
	}
	if k+1 >= end || !commaOrDash(d.Toks[k+1]) {
		return false
	}
	content := false
	for m := k + 2; m < end; m++ {
		if d.cls[m]&(lexicon.OwnAction|lexicon.SelfWord|lexicon.Negation) != 0 {
			return false
		}
		content = content || d.Toks[m].Kind == lexicon.Word && !d.IsStop(m)
	}
	return content
}

// asideTo returns where a statement of how things are, opening at token
// k behind a comma or dash, ends (its next comma, or end); -1 when none
// opens there. It opens with an aside word ("we", "they", "wir"); it
// holds no negation, duty, "only" or bound of any kind (a value alone
// may stand: "they bill 40 cents a call"), no lift or replace cue ("it's
// 100 pages now"), no act the speaker reserves ("I apply prod myself")
// and no identifier ("it is the closed FY2025 account"). Behind a rule
// it says why the rule holds: "contract tests never hit the sandbox,
// they bill 40 cents a call". A negation keeps it a rule of its own,
// whoever it is said of: "max 3 workers, they must never share a node"
// is a second rule, and "we can't do bigger" cannot be told from it.
func (d *Doc) asideTo(k, end int) int {
	if k == 0 || k >= end || !d.cueStart[k] || d.cls[k]&lexicon.Aside == 0 {
		return -1
	}
	if !commaOrDash(d.Toks[k-1]) {
		return -1
	}
	to := end
	for m := k + 1; m < end; m++ {
		if isComma(d.Toks[m]) {
			to = m
			break
		}
	}
	if d.hasCue(k, to, lexicon.Negation|lexicon.Must|lexicon.Only|lexicon.Upper|lexicon.Lower|lexicon.Before|lexicon.After|lexicon.SelfWord|lexicon.Replace|lexicon.Lift) {
		return -1
	}
	for m := k; m < to; m++ {
		if objectType(d.Toks[m]) != "" {
			return -1 // what a name is ("it is the closed FY2025 account") is the rule's to keep
		}
	}
	return to
}

// asked reports a clause whose modal cue is what someone asks or
// complains about: an ask cue ("asks whether", "fragt, ob", "かと聞いて")
// before the clause's first modal cue in its sentence, or after it in the
// clause (verb-final languages put the asking last), with no coordinator
// between them. "The client asks whether we can't file next week" sets no
// rule; "he asks whether we can ship Friday, but never ship without QA"
// does, after its "but".
func (d *Doc) asked(sentence int, c Clause) bool {
	first := d.firstCue(c, modal)
	if first < 0 {
		return false
	}
	for k := first - 1; k >= sentence; k-- {
		if d.cls[k] == lexicon.Coordinator {
			break
		}
		if d.cls[k]&lexicon.Ask != 0 {
			return true
		}
	}
	for k := first + 1; k < c.J; k++ {
		if d.cls[k] == lexicon.Coordinator {
			break
		}
		if d.cls[k]&lexicon.Ask != 0 {
			return true
		}
	}
	return false
}

// former reports a former cue (lexicon list "former": "back then",
// "früher", "we used to") before the first modal cue of clause c, in its
// phrase: from the start of its sentence, not across a coordinator ("we
// used to deploy daily, and we never will again") nor back past a word
// that says what holds now ("früher bis 22 Uhr, jetzt nie nach 20 Uhr")
// or always.
func (d *Doc) former(sentence int, c Clause) bool {
	// The cue that binds is a rule's cue where the clause has one: a time
	// word before it ("з", from) may be a preposition of the story.
	first := d.firstCue(c, RuleCues)
	if first < 0 {
		first = d.firstCue(c, modal)
	}
	for j := first - 1; first >= 0 && j >= sentence; j-- {
		switch {
		case d.cls[j] == lexicon.Coordinator, d.cls[j]&(lexicon.Replace|lexicon.Standing|lexicon.Lift) != 0:
			return false
		case d.cls[j]&lexicon.Former != 0:
			return true
		}
	}
	return false
}

// firstCue returns the first token of clause c with a cue of class cls,
// or -1.
func (d *Doc) firstCue(c Clause, cls lexicon.Class) int {
	for k := c.I; k < c.J; k++ {
		if d.cls[k]&cls != 0 {
			return k
		}
	}
	return -1
}

// conditionNegations returns the token spans of the negations that are a
// condition's own, not the rule's, in a clause whose rule runs from
// mainStart to ruleEnd: a negation within a condition that follows its
// rule ("I'll do it tonight when nobody watches") says when, not what is
// forbidden. A condition's span runs from its cue to the next comma, and
// may hold the rule's own negation: when the condition opens the clause
// ("while you're on it — don't deploy after 16:00"), when a verb-final
// rule ends inside it ("bei Wind über 72 km/h auf keinen Fall
// betreiben"), and right after "without" ("sans jamais dépasser 3 g"; not
// "without a freeze"). Only the condition's first negation is its own:
// "if the tests do not pass do not deploy" runs the span on into the
// rule, whose negation comes second.
func (r *Reader) conditionNegations(d *Doc, quals [][3]int, mainStart, ruleEnd int, inQual func(int) bool) [][2]int {
	var out [][2]int
	verbFinal := -1 // read once, at the first condition that needs it
	for _, q := range quals {
		if q[0] != 0 {
			continue
		}
		first := q[1] + 1
		for first < q[2] && !(d.cueStart[first] && d.cls[first]&lexicon.Negation != 0) {
			first++
		}
		if first >= q[2] || d.cls[q[1]]&lexicon.Without != 0 && first == q[1]+1 {
			continue
		}
		if verbFinal < 0 {
			verbFinal = 0
			if r.verbFinal(d.Langs) {
				verbFinal = 1
			}
		}
		if verbFinal == 1 && q[2] >= ruleEnd || !r.mainContentIn(d, mainStart, q[1], inQual) {
			continue
		}
		out = append(out, [2]int{first, d.cueEnd(first)})
	}
	return out
}

// modality reads a clause's modality from its cues and bounds; inCond
// marks the tokens inside its condition, whose negation is not the rule's.
func (d *Doc) modality(c Clause, end int, why spans, inCond func(int) bool) string {
	mainCues := lexicon.Class(0)
	for k := c.I; k < end; k++ {
		if !d.valueNeg[k] && !why.has(k) {
			cls := d.cls[k]
			if inCond(k) || d.replyNo(c, k, end) {
				cls &^= lexicon.Negation
			}
			mainCues |= cls
		}
	}
	hasBound, none := false, false
	for _, qi := range c.Main.Quants {
		q := d.Quants[qi]
		if q.Op != OpEq {
			hasBound = true
		}
		if q.Value == 0 && q.Dim == DimCount {
			none = true // "zero peanuts" forbids as "no peanuts" does
		}
	}
	switch {
	case mainCues&lexicon.Failed != 0 && mainCues&(lexicon.Negation|lexicon.Must) == 0:
		return Failed
	case hasBound:
		return Limit
	case mainCues&lexicon.Negation != 0 || none:
		return MustNot
	case mainCues&lexicon.Only != 0:
		return Only
	case mainCues&lexicon.Must != 0:
		return Must
	case mainCues&lexicon.Failed != 0:
		return Failed
	}
	return ""
}

// part reads the objects, quantities and stems of tokens [i, j) that keep
// accepts.
func (r *Reader) part(d *Doc, i, j int, keep func(int) bool) Part {
	p := Part{I: i, J: j}
	inQuant := make(map[int]bool)
	for _, qi := range d.quantsAt(i, j) {
		if q := d.Quants[qi]; keep(q.I) && !q.Nominal {
			p.Quants = append(p.Quants, qi)
			for k := q.I; k < q.J; k++ {
				inQuant[k] = true
			}
		}
	}
	first := true
	for k := i; k < j; k++ {
		if !keep(k) {
			continue
		}
		t := d.Toks[k]
		clauseStart := first
		if t.Kind == lexicon.Word || t.Kind == lexicon.Rune {
			first = false
		}
		if inQuant[k] {
			continue
		}
		if d.cls[k] != 0 && !t.Quoted {
			if in, ok := d.inner[k]; ok {
				p.Stems = append(p.Stems, d.stem.stem(in))
				p.Words = append(p.Words, in)
			} else if t.Kind == lexicon.Word {
				p.CueStems = append(p.CueStems, d.stem.stem(t.Norm))
			}
			continue
		}
		if end := bracketedName(d, k, j); end > 0 {
			// 「株式会社みどり設計」: a name in corner brackets, one
			// object, though its script is read a character at a time.
			p.Objects = append(p.Objects, obj(d.Text[d.Toks[k+1].Start:d.Toks[end-1].End], ObjName, k+1))
			k = end
			continue
		}
		if mention(d, k, i) {
			// "@skip", "@platform-team": a decorator, a handle or a
			// mention names one thing in a system, whatever its word.
			p.Objects = append(p.Objects, obj(d.Text[d.Toks[k-1].Start:t.End], ObjID, k))
			continue
		}
		switch t.Kind {
		case lexicon.Word:
			typ := objectType(t)
			if typ == ObjTerm && r.hasStopPart(t.Norm, d.primary|r.en) {
				typ = "" // in-app, end-of-month: words joined, not a name
			}
			if names := slashList(t.Text); len(names) > 0 && !t.Quoted {
				for _, n := range names {
					p.Objects = append(p.Objects, obj(n, ObjID, k))
				}
				continue
			}
			if typ != "" {
				p.Objects = append(p.Objects, obj(t.Text, typ, k))
				continue
			}
			if r.lex.IsStopword(t.Norm, d.Langs) {
				continue
			}
			nextName := k+1 < j && d.Toks[k+1].Kind == lexicon.Word && d.Toks[k+1].Upper && !allCaps(d.Toks[k+1].Text) && d.cls[k+1] == 0 && !r.lex.IsStopword(d.Toks[k+1].Norm, d.Langs)
			if t.Upper && !allCaps(t.Text) && (!clauseStart && !afterOpener(d, k) || nextName || d.names[t.Norm]) && !r.nounCapitals(d.capitalLangs()) {
				// A run of capitalised words is one name.
				m := k
				for m+1 < j && d.Toks[m+1].Kind == lexicon.Word && d.Toks[m+1].Upper && !allCaps(d.Toks[m+1].Text) && d.cls[m+1] == 0 {
					m++
				}
				p.Objects = append(p.Objects, obj(d.Text[t.Start:d.Toks[m].End], ObjName, k))
				k = m
				continue
			}
			if n := k + 1; n < j && d.Toks[n].Kind == lexicon.Number && !inQuant[n] && isSmallInt(d.Toks[n].Norm) {
				// A numbered thing: dock 2, kas 3, Platform 4.
				p.Objects = append(p.Objects, Obj{Text: d.Text[t.Start:d.Toks[n].End], Norm: "#" + d.Toks[n].Norm, Skel: "#" + d.Toks[n].Norm, Type: d.stem.stem(t.Norm), I: k})
				k = n
				continue
			}
			if len([]rune(t.Norm)) > 1 {
				p.Stems = append(p.Stems, d.stem.stem(t.Norm))
				p.Words = append(p.Words, t.Norm)
			}
		case lexicon.Rune:
			if k+1 < j && d.Toks[k+1].Kind == lexicon.Rune && d.Toks[k+1].Glued && d.cls[k+1] == 0 && !inQuant[k+1] {
				p.Stems = append(p.Stems, t.Norm+d.Toks[k+1].Norm)
			}
		case lexicon.Number:
			last := nameRangeEnd(d, k)
			switch {
			case inQuant[k]:
			case last != "":
				// "ingest-01..04": the run's last name, as a summary
				// writes it out ("ingest-01 to ingest-04").
				p.Objects = append(p.Objects, obj(last, ObjID, k))
			case isSmallInt(t.Norm) && k > i && d.Toks[k-1].Norm == "#":
				p.Objects = append(p.Objects, obj("#"+t.Text, "number", k))
			case outlineNumber(d, k):
				// "4.1 Samples must not …": the item's label.
			case sectionNumber(d, k):
				// "§ 12" names a section as "clause 12" does: a numbered
				// thing, not a value.
				p.Objects = append(p.Objects, Obj{Text: d.Text[d.Toks[k-1].Start:t.End], Norm: "#" + t.Norm, Skel: "#" + t.Norm, Type: "section", I: k})
			case !isSmallInt(t.Norm):
				// Not a quantity: a version, an address, a code.
				p.Objects = append(p.Objects, obj(t.Text, ObjID, k))
			}
		}
	}
	return p
}

// negatedAfter reports a negation that also sets something in its place
// ("not X but …", a negation and a replace cue at once) right after name o,
// past its closing bracket or quote, before j: "「株式会社みどり設計」
// ではなく". A negation of the verb after its object ("X nicht löschen")
// sets nothing in X's place and rules out no name.
func negatedAfter(d *Doc, o Obj, j int) bool {
	end := d.Toks[o.I].Start + len(o.Text)
	k := o.I
	for k < j && d.Toks[k].Start < end {
		k++
	}
	for k < j && d.Toks[k].Kind == lexicon.Punct && strings.Contains("」』》\"'”)", d.Toks[k].Text) {
		k++
	}
	return k < j && d.cueStart[k] && d.cls[k]&lexicon.Negation != 0 && d.cls[k]&lexicon.Replace != 0
}

// nameKind is the kind of a name of type typ: a file in backticks and one
// written bare are one kind, as are a term and an identifier.
func nameKind(typ string) string {
	if typ == ObjCode || typ == ObjTerm {
		return ObjID
	}
	return typ
}

// preferenceTail returns where the part after the last comma of tokens
// [i, j) starts when that part only states a preference (a weakening cue,
// no negation, "only", duty or bound of its own) and the part before it
// restricts or bounds; 0 when there is none.
func (d *Doc) preferenceTail(i, j int) int {
	comma := -1
	for k := j - 1; k > i; k-- {
		if isComma(d.Toks[k]) {
			comma = k
			break
		}
	}
	if comma < 0 {
		return 0
	}
	var tail, head lexicon.Class
	for k := comma + 1; k < j; k++ {
		tail |= d.cls[k]
	}
	for k := i; k < comma; k++ {
		head |= d.cls[k]
	}
	strong := lexicon.Negation | lexicon.Only | lexicon.Must | lexicon.Upper | lexicon.Lower
	if tail&lexicon.Weaken == 0 || tail&strong != 0 || head&strong == 0 {
		return 0
	}
	return comma + 1
}

// commaIn returns the first comma in tokens [from, to), or 0 when there is
// none.
func commaIn(d *Doc, from, to int) int {
	for m := from; m < to; m++ {
		if isComma(d.Toks[m]) {
			return m
		}
	}
	return 0
}

// commaOrDash reports a comma or a dash: what parts a rule from an aside
// or a reply before it within one clause.
func commaOrDash(t lexicon.Token) bool {
	return isComma(t) || t.Kind != lexicon.Word && spanDash(t.Norm)
}

// isComma reports a comma of any script ("," "，" "、").
func isComma(t lexicon.Token) bool {
	return t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == "，" || t.Norm == "、")
}

// opensQuantity reports a token that a quantity starts at: a currency
// sign before its amount.
func (d *Doc) opensQuantity(k int) bool {
	for _, q := range d.Quants {
		if q.I == k {
			return true
		}
	}
	return false
}

// bracketedName returns the index of the bracket that closes a name opened
// at token k with a corner or title bracket (「」, 『』, 《》), before j:
// two characters or more of a script written without spaces, within 40
// tokens. It returns 0 when k opens none.
func bracketedName(d *Doc, k, j int) int {
	closing := map[string]string{"「": "」", "『": "』", "《": "》"}[d.Toks[k].Text]
	if closing == "" {
		return 0
	}
	runes := 0
	for m := k + 1; m < j && m <= k+40; m++ {
		switch t := d.Toks[m]; {
		case t.Text == closing:
			if runes >= 2 {
				return m
			}
			return 0
		case t.Kind == lexicon.Rune:
			runes++
		case t.Kind == lexicon.Newline:
			return 0
		}
	}
	return 0
}

// afterOpener reports whether token k follows an opening quote or bracket,
// or a colon, where a capital letter starts a sentence, not a name.
func afterOpener(d *Doc, k int) bool {
	if k == 0 {
		return true
	}
	p := d.Toks[k-1]
	return p.Kind == lexicon.Punct && strings.Contains(":\"'“«(„-–—*", p.Norm) || p.Kind == lexicon.Symbol && strings.Contains("*#>•→", p.Norm)
}

// nounCapitals reports whether a language of langs capitalises every noun
// (German), so a capital letter does not make a name.
// capitalLangs are the languages whose use of capitals decides whether a
// capital makes a name: the text's main language when its function words
// tell one, else every language it is read in. A short Russian rule holds
// too few function words to rule German out, and German capitals every
// noun; its "Галину" is still a name.
func (d *Doc) capitalLangs() uint64 {
	if d.primary != 0 {
		return d.primary
	}
	return d.Langs
}

// boundsFollow reports a language of langs that writes "before" and
// "after" after the value they bound (lexicon.Language.BoundsFollow).
func (r *Reader) boundsFollow(langs uint64) bool {
	return r.anyLanguage(langs, func(l *lexicon.Language) bool { return l.BoundsFollow })
}

// dayMonthDots reports a language of langs that writes "18.12." for a
// date (lexicon day_month_dots).
func (r *Reader) dayMonthDots(langs uint64) bool {
	return r.anyLanguage(langs, func(l *lexicon.Language) bool { return l.DayMonthDots })
}

// verbFinal reports a language of langs whose clauses end with their verb
// and its negation (lexicon verb_final).
func (r *Reader) verbFinal(langs uint64) bool {
	return r.anyLanguage(langs, func(l *lexicon.Language) bool { return l.VerbFinal })
}

// nounCapitals reports a language of langs that capitalises its nouns
// (lexicon.Language.NounCapitals).
func (r *Reader) nounCapitals(langs uint64) bool {
	return r.anyLanguage(langs, func(l *lexicon.Language) bool { return l.NounCapitals })
}

// anyLanguage reports a language of langs for which has holds.
func (r *Reader) anyLanguage(langs uint64, has func(*lexicon.Language) bool) bool {
	for i, l := range r.lex.Languages {
		if langs&(1<<i) != 0 && has(l) {
			return true
		}
	}
	return false
}

func obj(text, typ string, i int) Obj {
	n := lexicon.Fold(text)
	return Obj{Text: text, Norm: n, Skel: skeleton(lexicon.FoldMarks(text)), Type: typ, I: i}
}

// Skeleton is the skeleton of a name as objects carry it (Obj.Skel):
// marks folded away, letters and digits kept.
func Skeleton(s string) string { return skeleton(lexicon.FoldMarks(s)) }

// skeleton keeps the letters and digits of s: legacy_orders, legacy-orders
// and "legacy orders" share one.
func skeleton(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// objectType says whether a word is an object by its shape: an identifier
// (letters with digits, snake_case, a path, a dotted or slashed name, an
// address), camelCase, an acronym, or code in backticks.
func objectType(t lexicon.Token) string {
	s := t.Text
	var letters, digits, upper, lowerThenUpper int
	prevLower := false
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsLetter(r):
			letters++
			if unicode.IsUpper(r) {
				upper++
				if prevLower {
					lowerThenUpper++
				}
			}
			prevLower = unicode.IsLower(r)
		}
	}
	switch {
	case t.Quoted:
		return ObjCode
	case letters > 0 && digits > 0:
		return ObjID
	case strings.ContainsAny(s, "_/@"):
		// A path or handle is a name even with a hyphen in it
		// ("deploy/prod-us-east/").
		return ObjID
	case strings.Contains(s, "-") && letters > 3 && !strings.HasPrefix(s, "-"):
		return ObjTerm
	case strings.Contains(s, ".") && letters > 2:
		return ObjID
	case lowerThenUpper > 0:
		return ObjID
	}
	return ""
}

// slashList returns the names of a list written with slashes ("P3/P4",
// "db1/db2/db3", "eu-west-1/eu-west-2"): parts of one shape, each with a
// digit, are the same kind of thing named one by one, as "P3 or P4" names
// them; nil for a path ("src/main", "deploy/prod-1"), whose parts differ.
func slashList(text string) []string {
	parts := strings.Split(text, "/")
	if len(parts) < 2 {
		return nil
	}
	shape := func(s string) string {
		var b strings.Builder
		last := rune(0)
		for _, r := range s {
			c := r
			switch {
			case unicode.IsDigit(r):
				c = '9'
			case unicode.IsLetter(r):
				c = 'a'
			}
			if c != last {
				b.WriteRune(c)
			}
			last = c
		}
		return b.String()
	}
	first := shape(parts[0])
	if !strings.ContainsRune(first, '9') {
		return nil
	}
	for _, p := range parts[1:] {
		if shape(p) != first {
			return nil
		}
	}
	return parts
}

func isSmallInt(s string) bool {
	if len(s) == 0 || len(s) > 4 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// ordinalDate reports the dot of a day written as an ordinal before its
// month ("am 15. Januar"): it ends no sentence.
// boundAbbreviation reports a period that shortens a bound word before
// its number ("máx. 6", "min. 3 h"): the lexicon already lists the short
// form as a bound cue, so the period abbreviates it and ends nothing.
func boundAbbreviation(d *Doc, i int) bool {
	return i > 0 && i+1 < len(d.Toks) && d.Toks[i].Glued && d.cls[i-1]&(lexicon.Upper|lexicon.Lower) != 0 &&
		(d.Toks[i+1].Kind == lexicon.Number || d.cueStart[i+1] && d.cls[i+1]&lexicon.UnitWord != 0) // "max. 14 dní", "max. týden"
}

// inDate reports token i inside a date quantity ("29. 1."): its dots
// end no sentence.
func inDate(d *Doc, i int) bool {
	for _, q := range d.Quants {
		if q.Dim == DimDate && q.I < i && i < q.J {
			return true
		}
	}
	return false
}

// ordinalDay reports the dot of a day written as an ordinal ("Štědrý den
// 24. jen do 11:00", "am 3. bitte"): glued to a number from 1 to 31 that
// a day word stands before, or that a word in lower case follows. It ends
// no sentence.
func ordinalDay(d *Doc, i int) bool {
	if i < 1 || i+1 >= len(d.Toks) || !d.Toks[i].Glued || d.Toks[i-1].Kind != lexicon.Number || !isSmallInt(d.Toks[i-1].Norm) {
		return false
	}
	if n, err := strconv.Atoi(d.Toks[i-1].Norm); err != nil || n < 1 || n > 31 {
		return false
	}
	if i >= 2 && d.cls[i-2]&lexicon.DayWord != 0 {
		return true
	}
	next := d.Toks[i+1]
	r, _ := utf8.DecodeRuneInString(next.Text)
	return next.Kind == lexicon.Word && unicode.IsLower(r)
}

func ordinalDate(d *Doc, i int) bool {
	return i > 0 && i+1 < len(d.Toks) && d.Toks[i].Glued && d.Toks[i-1].Kind == lexicon.Number &&
		isSmallInt(d.Toks[i-1].Norm) && d.cueStart[i+1] && d.cls[i+1]&lexicon.MonthWord != 0
}

// IsStop reports whether token k is a function word or a cue: no content.
func (d *Doc) IsStop(k int) bool {
	return d.cls[k] != 0 || d.stopword(k)
}

func (d *Doc) stopword(k int) bool { return d.lex.IsStopword(d.Toks[k].Norm, d.Langs) }

// allCaps reports a word written in capitals only (CI, DROP, UTC): an
// acronym or emphasis, read as a word, not as a name.
func allCaps(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
			if !unicode.IsUpper(r) {
				return false
			}
		}
	}
	return letters > 0
}

// hasStopPart reports whether a hyphenated word has a function word or a
// one-letter part: words joined (in-app, end-of-month), not a name. One
// that opens with a two-letter part no language lists as a function word
// (an abbreviation: bq-us-legacy) is a name whatever follows.
func (r *Reader) hasStopPart(w string, langs uint64) bool {
	parts := strings.Split(w, "-")
	if len(parts[0]) == 2 && !r.lex.IsStopword(parts[0], langs) {
		return false // a name that opens with an abbreviation: bq-us-legacy, db-in-eu
	}
	for _, part := range parts {
		if len(part) < 2 || r.lex.IsStopword(part, langs) {
			return true
		}
	}
	return false
}

// Stem returns the stem of a folded word in the Doc's language.
func (d *Doc) Stem(w string) string { return d.stem.stem(w) }

// SynonymStems returns the stems of the words the lexicons of d's
// languages give as synonyms of folded word w (lexicon Synonyms).
func (d *Doc) SynonymStems(w string) []string {
	var out []string
	for _, x := range d.lex.Synonyms(w, d.Langs) {
		out = append(out, d.stem.stem(x))
	}
	return out
}

// Class returns the cue classes of token k.
func (d *Doc) Class(k int) lexicon.Class { return d.cls[k] }

// CueStart reports whether a cue phrase starts at token k.
func (d *Doc) CueStart(k int) bool { return d.cueStart[k] }

// Language returns the bit of the language with the most function words
// in the text (or in its context), or 0 when none has any.
func (d *Doc) Language() uint64 { return d.primary }

// mention reports a word glued after an "@" that is not itself glued to
// a word before it: a decorator or a handle ("@skip", "@infra-oncall"),
// not the middle of an address.
func mention(d *Doc, k, from int) bool {
	if k == from || d.Toks[k].Kind != lexicon.Word || !d.Toks[k].Glued {
		return false
	}
	at := d.Toks[k-1]
	if at.Norm != "@" {
		return false
	}
	return k-1 == from || !at.Glued || d.Toks[k-2].Kind != lexicon.Word && d.Toks[k-2].Kind != lexicon.Number
}
