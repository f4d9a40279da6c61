package judge

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
	"github.com/compactguard/compactguard/sdk"
)

// DefaultThreshold is the support (0.5·cosine + 0.5·key-term coverage) a
// candidate unit needs to preserve an item that no category guard covers.
const DefaultThreshold = 0.45

// Options tunes a Judge.
type Options struct {
	// Threshold is the minimum support for items judged on similarity
	// alone (categories without a guard, or items the guards cannot
	// parse). DefaultThreshold when 0.
	Threshold float64
}

// Judge decides per item whether a candidate preserves it. It is safe for
// concurrent use if its Embedder is.
type Judge struct {
	emb  embed.Embedder
	opts Options
}

// New returns a Judge that finds supporting sentences with emb.
func New(emb embed.Embedder, opts Options) *Judge {
	if opts.Threshold <= 0 {
		opts.Threshold = DefaultThreshold
	}
	return &Judge{emb: emb, opts: opts}
}

// Verdict is the judgement on one item.
type Verdict struct {
	Preserved bool
	// Score in [0,1]: high when preserved, low otherwise.
	Score float64
	// Evidence is an exact substring of the candidate; empty unless
	// Preserved.
	Evidence string
	// Fate is sdk.FateKept, FateLost, FateInverted or FateAltered.
	Fate string
	Note string
}

// Judge returns one Verdict per item, in order.
func (j *Judge) Judge(ctx context.Context, candidate string, items []sdk.Item) ([]Verdict, error) {
	d := analyse(candidate)
	texts := make([]string, 0, len(items))
	for _, it := range items {
		texts = append(texts, it.Text)
	}
	vecs, err := d.embed(ctx, j.emb, texts)
	if err != nil {
		return nil, err
	}
	out := make([]Verdict, len(items))
	dots := make([]float64, len(d.vlen))
	support := make([]float64, len(d.units))
	for i, it := range items {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out[i] = j.judgeItem(d, it, vecs[i], dots, support)
	}
	return out, nil
}

// Cue flags of a unit: for each cue, a bit saying it was computed and a
// bit with the answer (the answer bit is the done bit shifted left).
const (
	cueNeg uint8 = 1 << (2 * iota)
	cueWeak
	cueFail
	cueLimit
)

// cue reports one cue of u (cueNeg, cueWeak, cueFail or cueLimit),
// scanning its cue list on first use only: most units of a long
// candidate are never asked.
func (u *unit) cue(flag uint8) bool {
	if u.cues&flag == 0 {
		u.cues |= flag
		var has bool
		switch flag {
		case cueNeg:
			has = HasNegation(u.lower)
		case cueWeak:
			has = HasWeakener(u.lower)
		case cueFail:
			has = HasFailure(u.lower)
		case cueLimit:
			has = HasLimit(u.lower)
		}
		if has {
			u.cues |= flag << 1
		}
	}
	return u.cues&(flag<<1) != 0
}

// limitOrNeg reports whether u states a ceiling or carries a negation cue.
func (u *unit) limitOrNeg() bool {
	return u.cue(cueLimit) || u.cue(cueNeg)
}

// part is one matchable piece of a key term.
type part struct {
	text string // lower-cased
	id   bool   // an identifier, matched exactly and word-bounded
	num  bool   // a number
	stem string
}

// term is a key term: all its parts should be present.
type term []part

// prefixKey is the key under which long words of one family meet across
// inflections the stemmer does not know ("supprimez", "supprimer";
// "gelöscht", "gelöschte"): their first six letters, for words of seven
// letters or more.
func prefixKey(w string) (string, bool) {
	r := []rune(w)
	if len(r) < 7 || isCJK(w) {
		return "", false
	}
	return "~" + string(r[:6]), true
}

// cjkFunction are particles and function characters of Chinese and
// Japanese: a bigram across one of them is no word.
var cjkFunction = map[rune]bool{'的': true, '在': true, '了': true, '是': true, '和': true, '与': true, '或': true, '也': true, '就': true, '都': true,
	'の': true, 'は': true, 'を': true, 'が': true, 'に': true, 'で': true, 'と': true, 'も': true, 'へ': true}

// hangulParticles end a Korean word (a case particle, the verb stem 하):
// "종목의" is "종목", "계좌에서" "계좌", "승인하" "승인".
var hangulParticles = []string{"에서", "으로", "에게", "까지", "부터", "의", "은", "는", "이", "가", "을", "를", "에", "도", "로", "와", "과", "하"}

// hangulStem drops the particle of a Korean word of three syllables or
// more (a two-syllable word is taken whole: "회의" is a noun).
func hangulStem(r []rune) []rune {
	if len(r) < 3 {
		return r
	}
	for _, x := range r {
		if x < 0xAC00 || x > 0xD7A3 {
			return r
		}
	}
	for _, p := range hangulParticles {
		pr := []rune(p)
		if len(r)-len(pr) >= 2 && string(r[len(r)-len(pr):]) == p {
			return r[:len(r)-len(pr)]
		}
	}
	return r
}

// cjkBigrams returns the character bigrams of the CJK runs of w: these
// scripts have no spaces, so bigrams stand in for words.
func cjkBigrams(w string) []string {
	if !isCJK(w) {
		return nil
	}
	var out []string
	r := hangulStem([]rune(w))
	for i := 0; i+1 < len(r); i++ {
		if cjkFunction[r[i]] || cjkFunction[r[i+1]] {
			continue // "后的", "在午": a particle joins, it names nothing
		}
		if r[i] >= 0x2E80 && r[i+1] >= 0x2E80 {
			out = append(out, "#"+string(r[i:i+2]))
		}
	}
	return out
}

// lightVerbs carry no object of their own.
var lightVerbs = toSet(`run use make keep get let go take put stay remain try want need
like even important note user asked said says tell told please rule rules`)

// parseTerm splits a key term or a clause into parts: identifiers whole,
// other words stemmed, function words dropped.
func parseTerm(s string) term {
	var t term
	var function []string
	words := 0
	seen := map[string]bool{}
	add := func(p part) {
		k := p.text + "|" + p.stem
		if !seen[k] {
			seen[k] = true
			t = append(t, p)
		}
	}
	for _, tok := range rawTokens(s) {
		if isIdentifier(tok) {
			add(part{text: strings.ToLower(tok), id: true})
			continue
		}
		for _, w := range Words(tok) {
			if cjkCue[w] {
				continue // "ないで" is the polarity, not the object
			}
			if bgs := cjkBigrams(w); len(bgs) > 0 {
				for _, bg := range bgs {
					add(part{text: bg, stem: bg})
				}
				continue
			}
			switch {
			case isNumber(w):
				add(part{text: w, num: true})
			case stopwords[w] || cueWords[w] || lightVerbs[w] || len([]rune(w)) < 2 || unitWord(w):
			case foreignFunctionWord(w):
				function = append(function, w)
			default:
				add(part{text: w, stem: Stem(adverbBase(w))})
				words++
			}
		}
	}
	if words < 2 {
		// Too few content words to stand alone ("dépasser 5 % du"): the
		// function words place them.
		for _, w := range function {
			add(part{text: w, stem: Stem(w)})
		}
	}
	return t
}

// elisions are the clitic stubs of other languages that Words splits off
// ("qu" of "qu'on", "se" of "se aprueban"): function words, no object.
var elisions = toSet(`qu se lo la le les el un une de en al del des du il di si`)

// foreignFunctionWord reports whether w is a short function word of a
// language other than English ("se", "qu", "der", "los"): a rule's
// object is its content words, in whatever language.
func foreignFunctionWord(w string) bool {
	return elisions[w] || len(funcWordLang[w]) > 0 && utf8.RuneCountInString(w) <= 4
}

// adverbSuffixes make adverbs of adjectives in French, Spanish, Italian
// and Portuguese: "directement" is "direct", "automáticamente"
// "automática".
var adverbSuffixes = []string{"mente", "ment"}

// adverbBase returns the adjective of a Romance adverb ("directe" of
// "directement"), or w.
func adverbBase(w string) string {
	for _, suf := range adverbSuffixes {
		if base, ok := strings.CutSuffix(w, suf); ok && utf8.RuneCountInString(base) >= 5 && (suf == "mente" || strings.HasSuffix(base, "e")) {
			return base
		}
	}
	return w
}

// unitWord reports whether w is a unit that the quantity guard compares
// (hours, percent, dollars): as a word it would only repeat the number.
func unitWord(w string) bool {
	return timeUnits[w] > 0 || rateUnits[w] > 0 || byteUnits[w] > 0 || currencyWords[w] != "" ||
		percentWords[w] || magnitudeWords[w] > 0 || w == "per"
}

func isNumber(w string) bool {
	for _, r := range w {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return w != ""
}

// coverage counts matched parts and identifiers of terms in u.
type coverage struct{ matched, total, idMatched, idTotal int }

func (c coverage) ratio() float64 {
	if c.total == 0 {
		return 0
	}
	return float64(c.matched) / float64(c.total)
}

// objectKept reports whether the object of a rule is present: at least
// half its parts, and at least half (and one) of its identifiers.
func (c coverage) objectKept() bool {
	if c.total == 0 || c.matched*2 < c.total {
		return false
	}
	return c.idTotal == 0 || (c.idMatched >= 1 && c.idMatched*2 >= c.idTotal)
}

// cover counts the parts of a rule found in b.
func cover(parts []part, b *bag) coverage {
	var c coverage
	for _, p := range parts {
		c.total++
		if p.id {
			c.idTotal++
		}
		if p.in(b) {
			c.matched++
			if p.id {
				c.idMatched++
			}
		}
	}
	return c
}

func flatten(ts []term) []part {
	var out []part
	seen := map[string]bool{}
	for _, t := range ts {
		for _, p := range t {
			k := p.text + "|" + p.stem
			if !seen[k] {
				seen[k] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// itemTerms returns the key terms of an item, or terms derived from its
// text when the extractor gave none.
func itemTerms(it sdk.Item) []term {
	var ts []term
	for _, k := range it.KeyTerms {
		if t := parseTerm(k); len(t) > 0 {
			ts = append(ts, t)
		}
	}
	if len(ts) == 0 {
		for _, p := range parseTerm(it.Text) {
			ts = append(ts, term{p})
		}
	}
	return ts
}

// judgeItem judges one item. dots (one per distinct unit text) and
// support (one per unit) are scratch space, overwritten here.
func (j *Judge) judgeItem(d *doc, it sdk.Item, vec []float32, dots, support []float64) Verdict {
	terms := itemTerms(it)
	all := flatten(terms)
	cAll := d.cover(all)
	defer d.release(cAll)
	d.dots(vec, dots)
	// The support of every unit: similarity plus key-term coverage.
	for i, u := range d.units {
		support[i] = 0.5*clamp01(dots[u.text]) + 0.5*cAll.at(i).ratio()
	}
	var v Verdict
	switch it.Category {
	case sdk.CategoryProhibition:
		v = j.prohibition(d, it, support)
	case sdk.CategoryNumericCommitment:
		v = j.numeric(d, it, cAll, support)
	case sdk.CategoryEntity:
		v = j.entity(d, it, support)
	case sdk.CategoryFailedAttempt:
		v = j.failedAttempt(d, it, terms, all, support)
	default:
		v = j.similar(d, support, "")
	}
	if v.Fate == sdk.FateLost {
		// A rule or a failure summarised in another language: judge it by
		// the names and numbers that survive translation.
		switch it.Category {
		case sdk.CategoryProhibition:
			if t, ok := j.translated(d, it, HasNegation, "rule", support); ok {
				v = t
			}
		case sdk.CategoryFailedAttempt:
			if t, ok := j.translated(d, it, HasFailure, "failed attempt", support); ok {
				v = t
			}
		}
	}
	return finish(v)
}

// finish fixes Score from the fate and the support recorded in Score.
func finish(v Verdict) Verdict {
	s := clamp01(v.Score)
	switch v.Fate {
	case sdk.FateKept:
		v.Preserved = v.Evidence != ""
		v.Score = 0.6 + 0.4*s
	case sdk.FateAltered:
		v.Score = 0.2 * s
	case sdk.FateInverted:
		v.Score = 0.1 * s
	default:
		v.Fate = sdk.FateLost
		v.Score = 0.3 * s
	}
	if !v.Preserved {
		v.Evidence = ""
		if v.Fate == sdk.FateKept {
			v.Fate = sdk.FateLost
		}
	}
	return v
}

func clamp01(x float64) float64 {
	switch {
	case x < 0 || x != x:
		return 0
	case x > 1:
		return 1
	}
	return x
}

// best returns the index of the unit with the highest support among those
// accepted, or -1.
func best(d *doc, support []float64, accept func(i int, u *unit) bool) int {
	bi := -1
	for i, u := range d.units {
		if accept != nil && !accept(i, u) {
			continue
		}
		if bi < 0 || support[i] > support[bi] {
			bi = i
		}
	}
	return bi
}

// similar judges an item on support alone.
func (j *Judge) similar(d *doc, support []float64, why string) Verdict {
	bi := best(d, support, nil)
	if bi < 0 {
		return Verdict{Fate: sdk.FateLost, Note: "empty candidate"}
	}
	note := fmt.Sprintf("best support %.2f (threshold %.2f)", support[bi], j.opts.Threshold)
	if why != "" {
		note = why + "; " + note
	}
	if support[bi] >= j.opts.Threshold {
		return Verdict{Fate: sdk.FateKept, Evidence: d.units[bi].Text, Score: support[bi], Note: note}
	}
	return Verdict{Fate: sdk.FateLost, Score: support[bi], Note: note}
}

// ruleClause is one negated (or positive) clause of a prohibition item.
type ruleClause struct {
	text  string
	parts []part
	neg   bool
	hard  bool
	weak  bool
}

// ruleClauses splits a prohibition item into the clauses that carry a cue,
// each with the key terms it governs.
func ruleClauses(it sdk.Item) []ruleClause {
	var cls []Unit
	for _, s := range Sentences(it.Text) {
		if c := clauses(it.Text, s); len(c) > 1 {
			cls = append(cls, c...)
		} else {
			cls = append(cls, s)
		}
	}
	var keys []term
	var keyOf []int // the key term of each of keys
	for i, k := range it.KeyTerms {
		if t := parseTerm(k); len(t) > 0 {
			keys = append(keys, t)
			keyOf = append(keyOf, i)
		}
	}
	mk := func(text string, parts []part) ruleClause {
		l := Fold(text)
		return ruleClause{text: text, parts: parts, neg: HasNegation(l), hard: IsHard(l), weak: HasWeakener(l)}
	}
	var out []ruleClause
	for _, c := range cls {
		l := Fold(c.Text)
		if !HasNegation(l) {
			continue
		}
		if len(keys) == 0 {
			if p := parseTerm(c.Text); len(p) > 0 {
				out = append(out, mk(c.Text, p))
			}
			continue
		}
		cu := newBag(c.Text)
		var mine []term
		for ki, k := range keys {
			if kl := Fold(it.KeyTerms[keyOf[ki]]); len(kl) > len(l) && strings.Contains(kl, l) {
				// A key term that spans several clauses ("体育课不能排在午饭后的第一节；
				// 每位老师每天最多上5节课"): each clause keeps its own share.
				var own term
				for _, p := range k {
					if p.in(cu) {
						own = append(own, p)
					}
				}
				if len(own) >= 2 {
					mine = append(mine, own)
				}
			} else if cov := cover(k, cu); cov.matched*2 >= cov.total {
				mine = append(mine, k)
			}
		}
		if len(mine) > 0 {
			out = append(out, mk(c.Text, flatten(mine)))
		}
	}
	if len(out) == 0 {
		var parts []part
		if len(keys) > 0 {
			parts = flatten(keys)
		} else {
			parts = parseTerm(it.Text)
		}
		if len(parts) > 0 {
			out = append(out, mk(it.Text, parts))
		}
	}
	return out
}

// prohibition keeps an item only if every rule clause survives with its
// object and its polarity.
func (j *Judge) prohibition(d *doc, it sdk.Item, support []float64) Verdict {
	if v, ok := j.limitRule(d, it, support); ok {
		return v
	}
	rules := ruleClauses(it)
	if len(rules) == 0 {
		return j.similar(d, support, "no object terms")
	}
	var first Verdict
	for k, r := range rules {
		v := j.rule(d, r, support)
		if k == 0 || (first.Fate == sdk.FateKept && v.Fate != sdk.FateKept) {
			first = v
		}
		if v.Fate != sdk.FateKept {
			v.Note = fmt.Sprintf("rule %q: %s", abbreviate(r.text), v.Note)
			return v
		}
	}
	if first.Fate == sdk.FateKept {
		if change := d.changedQuantity(it.Text, first.Evidence); change != "" {
			return Verdict{Fate: sdk.FateAltered, Score: first.Score,
				Note: fmt.Sprintf("rule kept with a changed number: %s", change)}
		}
	}
	if ex := exceptionOf(it.Text); first.Fate == sdk.FateKept && ex != "" && !d.keepsException(ex) {
		return Verdict{Fate: sdk.FateAltered, Score: first.Score,
			Note: fmt.Sprintf("rule kept without its exception %q: the candidate forbids more than the original", strings.TrimSpace(abbreviate(ex)))}
	}
	return first
}

// changedQuantity returns how the evidence of a kept rule changes one of
// the rule's numbers ("num 500 e became \"5.000\""), or "": the rule's
// sentence was kept, but "não envie mais de 500 e-mails" is not "não envie
// mais de 5.000 e-mails". A number the evidence does not state at all, or
// that the candidate states elsewhere (the evidence may be another
// sentence on the same subject), is left to the numeric item that states
// it.
func (d *doc) changedQuantity(itemText, evidence string) string {
	if evidence == "" {
		return ""
	}
	eq := d.quantitiesOf(evidence)
	for _, q := range d.quantitiesOf(itemText) {
		var other *Quantity
		kept := false
		for k := range eq {
			if q.Equal(eq[k]) {
				kept = true
				break
			}
			// A count of something ("two constraints") is changed only
			// into a count of the same thing: a bare number of the
			// evidence ("Sat 14") counts something else.
			if other == nil && q.Comparable(eq[k]) && (q.Class != ClassNumber || q.Noun == "" || eq[k].Noun == q.Noun) {
				other = &eq[k]
			}
		}
		for _, r := range d.quantities(q.Class) {
			kept = kept || q.Equal(*r.q)
		}
		if !kept && other != nil {
			return fmt.Sprintf("%s became %q", q, evidence[other.Start:other.End])
		}
	}
	return d.narrowedList(itemText, eq)
}

// listJoins join the members of a list of numbers: "lines 31 and 32",
// "linje 31 og 32", "Gleis 4, 5 oder 6".
var listJoins = toSet(`and or und oder og eller och et ou y o e i en of ja tai и или і або nebo a oraz lub ve veya dan atau`)

// narrowedList reports a list of numbers of the item ("linje 31 og 32")
// that the evidence keeps only in part, the rest nowhere in the
// candidate: the rule's scope narrowed ("linje 31").
func (d *doc) narrowedList(itemText string, eq []Quantity) string {
	iq := d.quantitiesOf(itemText)
	lower := Fold(itemText)
	keptIn := func(q Quantity, qs []Quantity) bool {
		for _, e := range qs {
			if q.Equal(e) {
				return true
			}
		}
		return false
	}
	for i := 0; i+1 < len(iq); i++ {
		a, b := iq[i], iq[i+1]
		if a.Class != b.Class || a.Class == ClassDate || a.Start >= b.Start || b.Start > len(lower) {
			continue
		}
		gap := strings.TrimLeft(lower[a.Start:b.Start], "0123456789.,'’")
		gap = strings.Trim(gap, " ,;")
		if gap != "" && !listJoins[gap] {
			continue
		}
		aIn, bIn := keptIn(a, eq), keptIn(b, eq)
		if aIn == bIn {
			continue
		}
		miss := a
		if aIn {
			miss = b
		}
		found := false
		for _, r := range d.quantities(miss.Class) {
			found = found || miss.Equal(*r.q)
		}
		if !found {
			return fmt.Sprintf("list narrowed: %s dropped", miss)
		}
	}
	return ""
}

// keepsException reports whether some sentence of the candidate holds at
// least half (and one) of the content words of an exception.
func (d *doc) keepsException(ex string) bool {
	parts := parseTerm(ex)
	if len(parts) == 0 {
		return true // nothing to look for: "except as noted"
	}
	c := d.cover(parts)
	defer d.release(c)
	for _, ui := range c.touched {
		if cov := c.at(int(ui)); cov.matched*2 >= cov.total {
			return true
		}
	}
	return false
}

// limitRule judges a prohibition that forbids going over a quantity
// ("must not exceed $1.5M", "ne doit pas dépasser 5 %"): it is kept when
// every quantity survives unchanged in a sentence that still states a
// ceiling, however phrased. ok is false when the item is not such a limit,
// or when the quantities are not all kept under a limit cue; the ordinary
// rule check then decides.
func (j *Judge) limitRule(d *doc, it sdk.Item, support []float64) (Verdict, bool) {
	var qs []Quantity
	onlyQuantities := len(it.KeyTerms) > 0
	for _, k := range it.KeyTerms {
		kq := d.quantitiesOf(k)
		if len(kq) == 0 {
			onlyQuantities = false
		}
		qs = append(qs, kq...)
	}
	if len(qs) == 0 && HasExceed(Fold(it.Text)) {
		// "do not bump max_connections above 200": the key terms name the
		// object; the ceiling is in the text.
		qs = d.quantitiesOf(it.Text)
	}
	if len(qs) == 0 || !(onlyQuantities || HasExceed(Fold(it.Text))) {
		return Verdict{}, false
	}
	ev := -1
	for _, q := range qs {
		found := -1
		for _, r := range d.quantities(q.Class) {
			i := int(r.unit)
			if q.Equal(*r.q) && d.units[i].limitOrNeg() && (found < 0 || support[i] > support[found]) {
				found = i
			}
		}
		if found < 0 {
			return Verdict{}, false
		}
		if ev < 0 || support[found] > support[ev] {
			ev = found
		}
	}
	return Verdict{Fate: sdk.FateKept, Evidence: d.units[ev].Text, Score: support[ev],
		Note: fmt.Sprintf("limit kept: %d quantities unchanged under a ceiling", len(qs))}, true
}

func (j *Judge) rule(d *doc, r ruleClause, support []float64) Verdict {
	const (
		none = iota
		bare
		weakened
		good
	)
	bestKind, bi := none, -1
	var bestCov coverage
	c := d.cover(r.parts)
	defer d.release(c)
	for _, ui := range c.touched {
		i, u := int(ui), d.units[ui]
		cov := c.at(i)
		if !cov.objectKept() {
			continue
		}
		kind := bare
		if neg := u.cue(cueNeg) && d.governs(u, c); neg || !r.neg {
			kind = good
			if r.neg && r.hard && !r.weak && u.cue(cueWeak) {
				kind = weakened
			}
		}
		better := kind > bestKind ||
			(kind == bestKind && (cov.ratio() > bestCov.ratio() || (cov.ratio() == bestCov.ratio() && support[i] > support[bi])))
		if better {
			bestKind, bi, bestCov = kind, i, cov
		}
	}
	if bestKind < good && r.neg {
		if k, kind, cov := d.anaphoric(r, c); kind > bestKind {
			s := d.sentences[k]
			if kind == good {
				a := d.sentences[k-1]
				return Verdict{Fate: sdk.FateKept, Evidence: d.text[a.Start:s.End], Score: max(support[a.idx], support[s.idx]),
					Note: fmt.Sprintf("object and polarity kept across two sentences (%d/%d terms)", cov.matched, cov.total)}
			}
			bestKind, bi = kind, s.idx
		}
	}
	switch bestKind {
	case good:
		return Verdict{Fate: sdk.FateKept, Evidence: d.units[bi].Text, Score: support[bi],
			Note: fmt.Sprintf("object and polarity kept (%d/%d terms)", bestCov.matched, bestCov.total)}
	case weakened:
		return Verdict{Fate: sdk.FateAltered, Score: support[bi], Note: fmt.Sprintf("prohibition weakened to a preference in %q", abbreviate(d.units[bi].Text))}
	case bare:
		return Verdict{Fate: sdk.FateInverted, Score: support[bi], Note: fmt.Sprintf("object kept without its prohibition in %q", abbreviate(d.units[bi].Text))}
	}
	bs := 0.0
	if b := best(d, support, nil); b >= 0 {
		bs = support[b]
	}
	return Verdict{Fate: sdk.FateLost, Score: bs, Note: "object of the prohibition not found"}
}

// anaphoric finds a negated sentence that refers back to the rule's
// object named in the sentence before it: "matchmaking runs 2–4
// replicas; never scale it to zero", "Build 4.2.0 pronta. Vietato
// pubblicarla sul Play Store". The negated sentence must hold at least one
// of the rule's parts itself (the action), and the two sentences together
// the object with every number, and name no identifier of its own. It returns the index in d.sentences of the negated sentence,
// the kind of match (good, or weakened when the candidate sentence turns
// a hard rule into a preference; 0 when none) and the joint coverage.
func (d *doc) anaphoric(r ruleClause, c *coverTable) (int, int, coverage) {
	const weakened, good = 2, 3
	seen := map[int]bool{}
	for _, ui := range c.touched {
		k := d.units[ui].Sentence
		if k == 0 || seen[k] {
			continue
		}
		seen[k] = true
		s, a := d.sentences[k], d.sentences[k-1]
		// The negated sentence refers back only if it names nothing
		// itself: one that names an identifier negates that.
		if !s.cue(cueNeg) || len(Identifiers(s.Text)) > 0 {
			continue
		}
		joint := coverage{}
		own, numLost := 0, false
		for _, p := range r.parts {
			joint.total++
			if p.id {
				joint.idTotal++
			}
			inS, inA := d.unitHolds(p, s.idx), d.unitHolds(p, a.idx)
			if inS {
				own++
			}
			if inS || inA {
				joint.matched++
				if p.id {
					joint.idMatched++
				}
			} else if p.num {
				numLost = true
			}
		}
		// Numbers are exact: "moves to port 6432 only" does not refer
		// back to a rule about port 5432.
		if own == 0 || numLost || !joint.objectKept() {
			continue
		}
		if r.hard && !r.weak && s.cue(cueWeak) {
			return k, weakened, joint
		}
		return k, good, joint
	}
	return 0, 0, coverage{}
}

// unitHolds reports whether unit ui holds part p.
func (d *doc) unitHolds(p part, ui int) bool {
	_, ok := slices.BinarySearch(d.holding(p), int32(ui))
	return ok
}

// governs reports whether u's negation sits in a clause that mentions the
// rule's object: a sentence split in clauses only counts the negation of a
// clause with at least one object term.
func (d *doc) governs(u *unit, parts *coverTable) bool {
	if len(u.parts) == 0 {
		return u.cue(cueNeg)
	}
	for _, ci := range u.parts {
		c := d.units[ci]
		if !c.cue(cueNeg) {
			continue
		}
		// A clause that names other identifiers than the rule's negates
		// something else: "X in us-east-1; eu-west-1 stays off-limits".
		// One that names no identifier at all refers back to the clause
		// before it: "matchmaking in eu-west-1 runs 2–4 replicas; never
		// scale it to zero".
		if cov := parts.at(ci); cov.matched > 0 && (cov.idTotal == 0 || cov.idMatched > 0 ||
			cov.matched > cov.idMatched && len(Identifiers(c.Text)) == 0) {
			return true
		}
	}
	return false
}

// standaloneWords returns the lower-cased words of text that are not part
// of a longer identifier: "staging" of "run on staging", not of
// "staging-jp".
func standaloneWords(text string) []string {
	var out []string
	for _, t := range roleTokens(Fold(text)) {
		if !t.barrier {
			out = append(out, t.word)
		}
	}
	return out
}

// numeric keeps an item only if each of its quantities appears unchanged.
func (j *Judge) numeric(d *doc, it sdk.Item, all *coverTable, support []float64) Verdict {
	var qs []Quantity
	var lowerItem string
	for _, k := range it.KeyTerms {
		kq := d.quantitiesOf(k)
		if len(kq) > 0 && lowerItem == "" {
			lowerItem = Fold(it.Text)
		}
		if at := strings.Index(lowerItem, Fold(k)); at >= 0 {
			// A key term "150 km" of "maximal 150 km am Tag" is the
			// rate the item's text makes of it.
			text := d.quantitiesOf(it.Text)
			for i, q := range kq {
				for _, t := range text {
					// ... and the currency its text names before it:
					// the key term "35,000 元" of "新台幣 35,000 元".
					if q.Class != ClassNumber && t.Start == at+q.Start && strings.HasPrefix(t.Class, q.Class+"/") ||
						t.Start == at+q.Start && strings.HasPrefix(q.Class, ClassMoney) && strings.HasPrefix(t.Class, ClassMoney) && t.Value == q.Value {
						kq[i] = t
						break
					}
					// The bound and period the text writes around the
					// key term: "au plus 16 °C", "3 ore a settimana".
					if t.Start >= at+q.Start && t.Start < at+q.End && t.Class == q.Class && t.Equal(Quantity{Class: q.Class, Value: q.Value}) {
						if kq[i].Bound == 0 {
							kq[i].Bound = t.Bound
						}
						if kq[i].Per == 0 {
							kq[i].Per = t.Per
						}
					}
				}
			}
		}
		qs = append(qs, kq...)
	}
	if len(qs) == 0 {
		qs = d.quantitiesOf(it.Text)
	} else {
		qs = withPeriods(qs, d.quantitiesOf(it.Text))
	}
	if len(qs) == 0 {
		return j.similar(d, support, "no quantity in item")
	}
	// The content words of the item ("token", "budget") also place a bare
	// number: "below 48,000 tokens" keeps the "48k" of "a 48k token
	// budget".
	var context []part
	for _, p := range parseTerm(it.Text) {
		if !p.id && !p.num {
			context = append(context, p)
		}
	}
	cContext := d.cover(context)
	defer d.release(cContext)
	found := map[int]int{} // sentence unit index -> quantities found there
	var altered, lost []string
	minSupport := 0.5 * j.opts.Threshold
	for _, q := range qs {
		// Only sentences with a quantity of q's class can hold q: the
		// first with the highest support whose context places it.
		bi := -1
		cands := d.quantities(q.Class)
		if q.GluedM {
			cands = append(cands[:len(cands):len(cands)], d.quantities(ClassPhysical+":m")...)
		}
		switch {
		case q.HourH:
			cands = append(cands[:len(cands):len(cands)], d.quantities(ClassClock)...)
		case q.Class == ClassClock:
			cands = append(cands[:len(cands):len(cands)], d.quantities(ClassDuration)...)
		case q.Class == ClassPercent:
			cands = append(cands[:len(cands):len(cands)], d.quantities(ClassFactor)...)
		case q.Class == ClassFactor:
			cands = append(cands[:len(cands):len(cands)], d.quantities(ClassPercent)...)
		}
		for _, r := range cands {
			i := int(r.unit)
			if !q.Equal(*r.q) {
				continue
			}
			contextOK := all.matched[i] > 0 || cContext.matched[i] > 0 || support[i] >= minSupport ||
				(q.Class != ClassNumber && q.Class != ClassFactor)
			if contextOK && (bi < 0 || support[i] > support[bi]) {
				bi = i
			}
		}
		if bi < 0 && q.Class == ClassNumber && foreign(d, it.Text) {
			bi = d.translatedCount(q)
		}
		if bi >= 0 {
			found[bi]++
			continue
		}
		// Not found: a comparable quantity in a supporting sentence is an
		// alteration. Among the supporting sentences with a comparable
		// quantity, the first with the highest support; its first
		// comparable quantity.
		var cq *Quantity
		ci := -1
		for _, r := range d.quantities(q.Class) {
			i := int(r.unit)
			if i == ci || !(support[i] >= minSupport || all.matched[i] > 0) || !q.Comparable(*r.q) {
				continue
			}
			if ci < 0 || support[i] > support[ci] {
				ci, cq = i, r.q
			}
		}
		change := ""
		if cq != nil {
			change = fmt.Sprintf("%s became %q", q, d.text[cq.Start:cq.End])
		}
		if change != "" {
			altered = append(altered, change)
		} else {
			lost = append(lost, q.String())
		}
	}
	bs := 0.0
	if b := best(d, support, nil); b >= 0 {
		bs = support[b]
	}
	switch {
	case len(altered) > 0:
		return Verdict{Fate: sdk.FateAltered, Score: bs, Note: strings.Join(append(altered, lost...), "; ")}
	case len(lost) > 0:
		return Verdict{Fate: sdk.FateLost, Score: bs, Note: "missing " + strings.Join(lost, ", ")}
	}
	// The sentence holding the most quantities, then the highest support
	// (the first of equals).
	at := make([]int, 0, len(found))
	for i := range found {
		at = append(at, i)
	}
	sort.Ints(at)
	bi, bn := -1, 0
	for _, i := range at {
		if n := found[i]; n > bn || (n == bn && support[i] > support[bi]) {
			bi, bn = i, n
		}
	}
	return Verdict{Fate: sdk.FateKept, Evidence: d.units[bi].Text, Score: support[bi],
		Note: fmt.Sprintf("%d quantities unchanged", len(qs))}
}

// translatedCount finds, for a bare count of a translated item, the
// candidate unit that states the same count with the unit or period the
// item wrote in words the quantity parser does not read: "Har din 50
// refunds" = "50 refunds per day", "Rp 5.000.000 per bulan" = "Rp
// 5,000,000 per month", "300 запросов в минуту" = "300 requests/minute".
// The count must be equal, and its noun the same or one the candidate
// does not spell at all (a word of the item's language). It returns -1
// when no unit does.
// withPeriods reads a key term's bare count with the period the item's text
// gives it: the key term "3 releases" of "capped at 3 releases a month" is
// the rate 3 releases per month, and "3 releases per month" keeps it.
func withPeriods(qs, text []Quantity) []Quantity {
	out := make([]Quantity, len(qs))
	for i, q := range qs {
		out[i] = q
		if q.Class != ClassNumber || q.Noun == "" {
			continue
		}
		for _, t := range text {
			if t.Class == ClassRate && t.Count == q.Value && t.Noun == q.Noun {
				out[i] = t
				break
			}
		}
	}
	return out
}

func (d *doc) translatedCount(q Quantity) int {
	nounOK := func(n string) bool {
		if q.Noun == "" || n == q.Noun {
			return true
		}
		_, _, spelt := ContainsTerm(d.lower, d.lower, q.Noun)
		return !spelt
	}
	for _, r := range d.quantities(ClassRate) {
		if r.q.Count == q.Value && nounOK(r.q.Noun) {
			return int(r.unit)
		}
	}
	for _, r := range d.quantities(ClassNumber) {
		if r.q.Value == q.Value && nounOK(r.q.Noun) {
			return int(r.unit)
		}
	}
	return -1
}

// envWords are names of environments and branches that are swapped for one
// another.
var envWords = toSet(`prod production live staging stage stg dev develop development main master
test testing qa uat preprod pre-prod sandbox canary trunk`)

// entity keeps an item only if every name appears word-bounded.
func (j *Judge) entity(d *doc, it sdk.Item, support []float64) Verdict {
	names := nonEmpty(it.KeyTerms)
	if len(names) == 0 {
		names = Identifiers(it.Text)
	}
	if len(names) == 0 {
		return j.similar(d, support, "no name in item")
	}
	var missing, swapped []string
	hits := map[int]int{}
	for _, n := range names {
		if _, _, ok := ContainsTerm(d.lower, d.lower, n); !ok {
			if pl := plural(d, n); pl != "" {
				n = pl
			} else if sp := spaced(d, n); sp != "" {
				n = sp
			} else if whole := wholeName(d, it.Text, n); whole != "" {
				n = whole
			} else if other := contrast(d, n); other != "" {
				swapped = append(swapped, fmt.Sprintf("%s became %s", n, other))
				continue
			} else {
				missing = append(missing, n)
				continue
			}
		}
		for _, i := range d.containing(n) {
			hits[int(i)]++
		}
	}
	bs := 0.0
	if b := best(d, support, nil); b >= 0 {
		bs = support[b]
	}
	switch {
	case len(swapped) > 0:
		return Verdict{Fate: sdk.FateAltered, Score: bs, Note: strings.Join(swapped, "; ")}
	case len(missing) > 0:
		return Verdict{Fate: sdk.FateLost, Score: bs, Note: "missing " + strings.Join(missing, ", ")}
	}
	if note := roleSwap(d, it.Text, names); note != "" {
		return Verdict{Fate: sdk.FateAltered, Score: bs, Note: note}
	}
	if note := onlyMoved(d, it.Text, names); note != "" {
		return Verdict{Fate: sdk.FateAltered, Score: bs, Note: note}
	}
	at := make([]int, 0, len(hits))
	for i := range hits {
		at = append(at, i)
	}
	sort.Ints(at)
	bi, bn := -1, 0
	for _, i := range at {
		if n := hits[i]; n > bn || (n == bn && n > 0 && support[i] > support[bi]) {
			bi, bn = i, n
		}
	}
	return Verdict{Fate: sdk.FateKept, Evidence: d.units[bi].Text, Score: max(support[bi], 0.5), Note: fmt.Sprintf("%d names present", len(names))}
}

// plural returns the candidate's spelling of name n with a plural ending
// ("user_ids", "custodian lists" for user_id, custodian list), or "": a
// plural names the same thing, not a substitute. Names that end in a digit
// take no plural.
func plural(d *doc, n string) string {
	if n == "" {
		return ""
	}
	if r, _ := utf8.DecodeLastRuneInString(n); !unicode.IsLetter(r) {
		return ""
	}
	for _, suf := range []string{"s", "es"} {
		if _, _, ok := ContainsTerm(d.lower, d.lower, n+suf); ok {
			return n + suf
		}
	}
	return ""
}

// spaced returns the candidate's spelling of a snake_case name n made of
// words only, with spaces for its underscores ("legacy orders" for
// legacy_orders, as in "the legacy orders table"), or "". Names with a
// digit or another joiner (orders_v2, prod-eu-1) must be spelled exactly.
func spaced(d *doc, n string) string {
	sp := spacedForm(n)
	if sp == "" {
		return ""
	}
	if _, _, ok := ContainsTerm(d.lower, d.lower, sp); ok {
		return sp
	}
	return ""
}

// spacedForm returns snake_case name n with spaces for its underscores
// when every part is a word of two letters or more, or "".
func spacedForm(n string) string {
	parts := strings.Split(strings.ToLower(n), "_")
	if len(parts) < 2 {
		return ""
	}
	for _, p := range parts {
		if len(p) < 2 || strings.IndexFunc(p, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
			return ""
		}
	}
	return strings.Join(parts, " ")
}

// otherForms returns the other spellings under which a rule's identifier
// of words may appear in a summary: a snake_case name with spaces
// (legacy_orders as "legacy orders"), a hyphenated name with spaces or
// underscores ("Antwerpen hub", "antwerpen_hub" for Antwerpen-hub). Names
// with a digit or another joiner (orders_v2, prod-eu-1) have none.
func otherForms(n string) []string {
	if sp := spacedForm(n); sp != "" {
		return []string{sp}
	}
	if strings.Contains(n, "_") {
		return nil
	}
	sp := spacedForm(strings.ReplaceAll(n, "-", "_"))
	if sp == "" {
		return nil
	}
	return []string{sp, strings.ReplaceAll(sp, " ", "_")}
}

// wholeName returns the longer identifier of the item's text that holds
// name n and that the candidate spells exactly ("optout_2026.parquet" for
// the key term optout_2026), or "": the candidate kept the original's own
// spelling of the name.
func wholeName(d *doc, itemText, n string) string {
	ln := strings.ToLower(n)
	for _, id := range Identifiers(itemText) {
		if len(id) > len(n) && strings.Contains(strings.ToLower(id), ln) {
			if _, _, ok := ContainsTerm(d.lower, d.lower, id); ok {
				return id
			}
		}
	}
	return ""
}

// contrast finds a name in the candidate that looks like a substitute for
// the missing name n: the same shape and first part (release/2026.10 for
// release/2026.11, us-west-2 for us-east-1), or another environment word.
func contrast(d *doc, n string) string {
	ln := strings.ToLower(n)
	if envWords[ln] {
		for _, w := range d.standaloneWords() {
			if envWords[w] && w != ln && !(isProd(w) && isProd(ln)) {
				return w
			}
		}
		return ""
	}
	shape, head := skeleton(ln), firstPart(ln)
	for _, id := range d.identifiers() {
		if id.lower != ln && id.shape == shape && id.head == head {
			return id.text
		}
	}
	return ""
}

func isProd(w string) bool { return w == "prod" || w == "production" || w == "live" }

func skeleton(s string) string {
	var b strings.Builder
	var last rune
	for _, r := range s {
		c := r
		switch {
		case unicode.IsLetter(r):
			c = 'a'
		case unicode.IsDigit(r):
			c = '0'
		}
		if c != last || (c != 'a' && c != '0') {
			b.WriteRune(c)
		}
		last = c
	}
	return b.String()
}

func firstPart(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return isJoiner(r) || r == '_' })
	if i < 0 {
		return s
	}
	return s[:i]
}

// failedAttempt keeps an item only if the attempt and a failure or
// do-not-retry cue appear together in a window of up to three sentences.
func (j *Judge) failedAttempt(d *doc, it sdk.Item, terms []term, all []part, support []float64) Verdict {
	if len(all) == 0 {
		return j.similar(d, support, "no terms in item")
	}
	haveKeys := len(nonEmpty(it.KeyTerms)) > 0
	// Which parts each sentence holds, computed once; a window is the
	// union of up to three consecutive sentences.
	index := map[string]int{}
	for k, p := range all {
		index[p.text+"|"+p.stem] = k
	}
	n := len(d.sentences)
	hold := map[int][]bool{} // sentence index -> parts it holds; absent: none
	for k, p := range all {
		for _, ui := range d.holding(p) {
			u := d.units[ui]
			if u.Clause {
				continue
			}
			h := hold[u.Sentence]
			if h == nil {
				h = make([]bool, len(all))
				hold[u.Sentence] = h
			}
			h[k] = true
		}
	}
	starts := make([]int, 0, len(hold))
	for a := range hold {
		starts = append(starts, a)
	}
	sort.Ints(starts)
	type window struct {
		a, b  int // sentence indices, inclusive
		ok    bool
		fail  bool
		ratio float64
	}
	var bw *window
	in := make([]bool, len(all))
	for _, a := range starts {
		clear(in)
		fail := false
		for b := a; b < n && b < a+3; b++ {
			fail = fail || d.sentences[b].cue(cueFail)
			if h := hold[b]; h != nil {
				for k := range in {
					in[k] = in[k] || h[k]
				}
			}
			cov := coverage{}
			for k, p := range all {
				cov.total++
				if p.id {
					cov.idTotal++
				}
				if in[k] {
					cov.matched++
					if p.id {
						cov.idMatched++
					}
				}
			}
			ok := false
			if haveKeys {
				ok = true
				for _, t := range terms {
					var m, ids, idm int
					for _, p := range t {
						h := in[index[p.text+"|"+p.stem]]
						if h {
							m++
						}
						if p.id {
							ids++
							if h {
								idm++
							}
						}
					}
					if m*2 < len(t) || (ids > 0 && idm == 0) {
						ok = false
					}
				}
			} else {
				ok = cov.objectKept()
			}
			cand := &window{a: a, b: b, ok: ok, fail: fail, ratio: cov.ratio()}
			if bw == nil || better(cand.ok, cand.fail, cand.ratio, bw.ok, bw.fail, bw.ratio) {
				bw = cand
			}
		}
	}
	if bw == nil {
		return Verdict{Fate: sdk.FateLost, Note: "empty candidate"}
	}
	sc := 0.0
	for k := bw.a; k <= bw.b; k++ {
		sc = max(sc, support[d.sentences[k].idx])
	}
	switch {
	case bw.ok && bw.fail:
		s, e := d.sentences[bw.a].Start, d.sentences[bw.b].End
		return Verdict{Fate: sdk.FateKept, Evidence: d.text[s:e], Score: max(sc, bw.ratio), Note: fmt.Sprintf("attempt and failure kept (%.0f%% of terms)", 100*bw.ratio)}
	case bw.ok:
		return Verdict{Fate: sdk.FateAltered, Score: sc, Note: "attempt kept without its failure or do-not-retry reason"}
	}
	return Verdict{Fate: sdk.FateLost, Score: sc, Note: fmt.Sprintf("attempt not found (best %.0f%% of terms)", 100*bw.ratio)}
}

// better orders windows: complete first, then with a failure cue, then by
// coverage; ties keep the earlier, shorter window.
func better(ok, fail bool, ratio float64, bok, bfail bool, bratio float64) bool {
	if ok != bok {
		return ok
	}
	if ok && fail != bfail {
		return fail
	}
	return ratio > bratio
}

func nonEmpty(ss []string) []string {
	var out []string
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, strings.TrimSpace(s))
		}
	}
	return out
}

func abbreviate(s string) string {
	r := []rune(s)
	if len(r) > 80 {
		return string(r[:77]) + "..."
	}
	return s
}

// onlyWords open a restriction to one scope ("only apply it to X").
var onlyWords = []string{"only", "exclusively", "solely", "nur", "seulement", "uniquement", "solo", "solamente", "alleen", "enbart", "tylko"}

// protectCues put a name out of bounds ("Y is under legal hold, leave it
// alone").
var protectCues = []string{"legal hold", "on hold", "under hold", "leave alone", "leave it alone", "left alone",
	"alone", "off-limits", "off limits", "hands off", "do not touch", "don't touch", "never touch",
	"frozen", "freeze", "read-only", "read only", "locked"}

// onlyMoved reports a name that the item makes the one scope of a
// restriction ("Only apply the filter to eu-west-2") and that the
// candidate puts out of bounds instead (a hold, or a negation: "never
// send to it"), while a same-shaped other name
// takes the "only" ("apply to na-east-1 only; legal hold: eu-west-2"): the
// two names swapped across clauses. It returns a note, or "".
func onlyMoved(d *doc, itemText string, names []string) string {
	item := Fold(itemText)
	if _, ok := hasAny(item, onlyWords); !ok {
		return ""
	}
	if _, ok := hasAny(item, protectCues); ok {
		return ""
	}
	for _, n := range names {
		ln := strings.ToLower(n)
		protected := false
		for _, si := range d.sentencesWith(ln) {
			s := d.sentences[si]
			if _, _, ok := ContainsTerm(s.lower, s.lower, ln); !ok {
				continue
			}
			if _, ok := hasAny(s.lower, onlyWords); ok {
				protected = false
				break
			}
			if _, ok := hasAny(s.lower, protectCues); ok || HasNegation(s.lower) {
				protected = true
			}
		}
		if !protected {
			continue
		}
		shape := skeleton(ln)
		for _, id := range d.identifiers() {
			if id.lower == ln || id.shape != shape {
				continue
			}
			for _, si := range d.sentencesWith(id.lower) {
				s := d.sentences[si]
				if _, _, ok := ContainsTerm(s.lower, s.lower, id.lower); !ok {
					continue
				}
				if _, ok := hasAny(s.lower, onlyWords); ok {
					return fmt.Sprintf("%s is put out of bounds and %s takes its \"only\" in %q", n, id.text, abbreviate(s.Text))
				}
			}
		}
	}
	return ""
}
