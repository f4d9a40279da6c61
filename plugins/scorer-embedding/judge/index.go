package judge

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/compactguard/compactguard/plugins/scorer-embedding/embed"
)

// The analysed candidate.
//
// A candidate is analysed once per Judge call: its units, the words and
// stems of every unit in inverted indexes (key -> units, ascending), its
// quantities by class, and one embedding per distinct unit text. Judging
// an item then costs in proportion to the units that share a term or a
// quantity with it, plus one pass of cheap arithmetic over the units for
// the support of each (see judgeItem); nothing scans the candidate's text
// per (item, unit) pair. The indexes give exactly the answers of the
// per-unit checks they replace: postings hold the very keys a per-unit
// word set would, and substring hits are confirmed with ContainsTerm on
// the unit itself.

// unit is a candidate unit with its precomputed features.
type unit struct {
	Unit
	idx    int    // index in doc.units
	lower  string // Fold(Text)
	text   int32  // index of the unit's distinct text (doc.texts)
	cues   uint8  // see cue
	parts  []int  // for a split sentence: indices of its clause units
	quants []Quantity
}

// doc is the analysed candidate.
type doc struct {
	text      string
	lower     string
	units     []*unit
	sentences []*unit
	// lang is the candidate's language (see language), once langDone.
	lang     string
	langDone bool
	// words and stems map an index key (see wordKeys) to the units that
	// hold it, ascending.
	words, stems map[string][]int32
	// keys caches the index keys of each distinct word.
	keys map[string]wordKeys
	// texts maps each distinct unit text to its index.
	texts map[string]int32
	// dims indexes the embeddings of the distinct texts by dimension:
	// dims[i] lists the texts whose vector is non-zero at i, in text
	// order, with the value. vlen is each text's vector length; acc is
	// scratch for dots.
	dims [][]dimEntry
	vlen []int
	acc  []float32
	// holds memoises the units holding a part; found memoises the units
	// in which a term occurs word-bounded (ContainsTerm).
	holds map[string][]int32
	found map[string][]int32
	// byClass lists the quantities of sentence units per class, in unit
	// then text order; built on first use.
	byClass map[string][]qref
	// Identifiers and standalone words of the whole text, on first use.
	idents     []ident
	identsDone bool
	standalone []string
	aloneDone  bool
	// free holds zeroed per-unit counters for reuse by cover.
	free [][]int32
	// qmemo memoises Quantities of item texts, key terms and evidence
	// (see quantitiesOf).
	qmemo map[string][]Quantity
}

// qref is a quantity of a sentence unit.
type qref struct {
	unit int32
	q    *Quantity
}

// ident is an identifier of the candidate with its lower case, skeleton
// and first part, for contrast.
type ident struct {
	text, lower, shape, head string
}

func analyse(candidate string) *doc {
	d := &doc{text: candidate, lower: Fold(candidate), words: map[string][]int32{}, stems: map[string][]int32{},
		keys: map[string]wordKeys{}, texts: map[string]int32{}, holds: map[string][]int32{}, found: map[string][]int32{}}
	for _, u := range Segment(candidate) {
		cu := &unit{Unit: u, idx: len(d.units), lower: d.lower[u.Start:u.End]}
		id, ok := d.texts[u.Text]
		if !ok {
			id = int32(len(d.texts))
			d.texts[u.Text] = id
		}
		cu.text = id
		d.index(cu)
		if !u.Clause {
			d.sentences = append(d.sentences, cu)
		} else {
			s := d.sentences[len(d.sentences)-1]
			s.parts = append(s.parts, len(d.units))
		}
		d.units = append(d.units, cu)
	}
	// Each quantity belongs to the sentence its start falls in, in the
	// order Quantities returns them.
	for _, q := range Quantities(candidate) {
		if s := d.sentenceAt(q.Start); s != nil && q.Start < s.End {
			s.quants = append(s.quants, q)
		}
	}
	return d
}

// quantitiesOf returns Quantities(text), parsed once per Judge call:
// items repeat their texts (one sentence yields items of several
// categories) and kept rules share evidence sentences. The result is the
// caller's own copy.
func (d *doc) quantitiesOf(text string) []Quantity {
	qs, ok := d.qmemo[text]
	if !ok {
		qs = Quantities(text)
		if d.qmemo == nil {
			d.qmemo = map[string][]Quantity{}
		}
		d.qmemo[text] = qs
	}
	return slices.Clone(qs)
}

// sentenceAt returns the last sentence starting at or before byte offset
// i, or nil.
func (d *doc) sentenceAt(i int) *unit {
	k := sort.Search(len(d.sentences), func(k int) bool { return d.sentences[k].Start > i }) - 1
	if k < 0 {
		return nil
	}
	return d.sentences[k]
}

// wordKeys are the index keys of one word (see addKeys).
type wordKeys struct {
	words, stems []string
}

// keysOf returns the index keys of the word w: the word, its stem, its
// prefix key, its CJK bigrams, the stems of its sub-words ("analytics" of
// "analytics_replica") and the leading number of a glued quantity ("24"
// of "24h").
func keysOf(w string) wordKeys {
	k := wordKeys{words: []string{w}, stems: []string{Stem(w)}}
	if b := adverbBase(w); b != w {
		k.stems = append(k.stems, Stem(b))
	}
	if pre, ok := prefixKey(w); ok {
		k.stems = append(k.stems, pre)
	}
	k.stems = append(k.stems, cjkBigrams(w)...)
	if v := phrasalVerb(w); v != "" {
		k.stems = append(k.stems, Stem(v))
	}
	if strings.Contains(w, "_") {
		for _, sw := range strings.Split(w, "_") {
			if sw != "" {
				k.stems = append(k.stems, Stem(sw))
			}
		}
	}
	if i := strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }); i > 0 {
		k.words = append(k.words, w[:i])
	}
	return k
}

// particles end the nouns made of a phrasal verb.
var particles = []string{"outs", "out", "ups", "up", "backs", "back", "offs", "off", "downs", "down", "overs", "over"}

// phrasalVerb returns the verb of a noun made of a phrasal verb ("pay"
// of "payouts", "roll" of "rollback", "shut" of "shutdown"), or "": a
// summary nominalises "do not pay out anything to them" as "no payouts".
func phrasalVerb(w string) string {
	for _, p := range particles {
		if v, ok := strings.CutSuffix(w, p); ok && len(v) >= 3 && strings.IndexFunc(v, func(r rune) bool { return r < 'a' || r > 'z' }) < 0 {
			return v
		}
	}
	return ""
}

// index adds the words of u to the inverted indexes.
func (d *doc) index(u *unit) {
	ui := int32(u.idx)
	add := func(m map[string][]int32, key string) {
		l := m[key]
		if n := len(l); n == 0 || l[n-1] != ui {
			m[key] = append(l, ui)
		}
	}
	for _, w := range Words(u.Text) {
		k, ok := d.keys[w]
		if !ok {
			k = keysOf(w)
			d.keys[w] = k
		}
		for _, x := range k.words {
			add(d.words, x)
		}
		for _, x := range k.stems {
			add(d.stems, x)
		}
	}
}

// bag is the word set of a short text (a clause of an item), for cover
// outside the candidate.
type bag struct {
	lower        string
	words, stems map[string]bool
}

func newBag(text string) *bag {
	b := &bag{lower: Fold(text), words: map[string]bool{}, stems: map[string]bool{}}
	for _, w := range Words(text) {
		k := keysOf(w)
		for _, x := range k.words {
			b.words[x] = true
		}
		for _, x := range k.stems {
			b.stems[x] = true
		}
	}
	return b
}

func (p part) in(b *bag) bool {
	switch {
	case p.id:
		_, _, ok := ContainsTerm(b.lower, b.lower, p.text)
		for _, f := range otherForms(p.text) {
			if ok {
				break
			}
			_, _, ok = ContainsTerm(b.lower, b.lower, f)
		}
		return ok
	case p.num:
		return b.words[p.text] || b.words["v"+p.text]
	}
	if b.stems[p.stem] {
		return true
	}
	pre, ok := prefixKey(p.text)
	return ok && b.stems[pre]
}

// holding returns the units that hold the part p, ascending: the units
// for which a per-unit check of p would succeed.
func (d *doc) holding(p part) []int32 {
	key := p.text + "\x00" + p.stem
	switch {
	case p.id:
		key = "i" + key
	case p.num:
		key = "n" + key
	default:
		key = "s" + key
	}
	if l, ok := d.holds[key]; ok {
		return l
	}
	var l []int32
	switch {
	case p.id:
		l = d.containing(p.text)
		for _, f := range otherForms(p.text) {
			l = union(l, d.containing(f))
		}
	case p.num:
		l = union(d.words[p.text], d.words["v"+p.text])
	default:
		l = d.stems[p.stem]
		if pre, ok := prefixKey(p.text); ok {
			l = union(l, d.stems[pre])
		}
	}
	d.holds[key] = l
	return l
}

// union merges two ascending lists.
func union(a, b []int32) []int32 {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	out := make([]int32, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// containing returns the units in which term occurs word-bounded
// (ContainsTerm on the unit), ascending. Each occurrence of the term in
// the whole text proposes the sentence and clauses around it; the check
// on each proposed unit decides.
func (d *doc) containing(term string) []int32 {
	t := strings.ToLower(strings.TrimSpace(term))
	if l, ok := d.found[t]; ok {
		return l
	}
	var cands []int32
	if t != "" {
		for from := 0; from < len(d.lower); {
			i := strings.Index(d.lower[from:], t)
			if i < 0 {
				break
			}
			s := from + i
			e := s + len(t)
			if sen := d.sentenceAt(s); sen != nil && e <= sen.End {
				cands = append(cands, int32(sen.idx))
				for _, ci := range sen.parts {
					if c := d.units[ci]; s >= c.Start && e <= c.End {
						cands = append(cands, int32(ci))
					}
				}
			}
			from = s + 1
		}
	}
	slices.Sort(cands)
	cands = slices.Compact(cands)
	l := cands[:0]
	for _, ui := range cands {
		u := d.units[ui]
		if _, _, ok := ContainsTerm(u.lower, u.lower, term); ok {
			l = append(l, ui)
		}
	}
	d.found[t] = l
	return l
}

// sentencesWith returns the indices of the sentences whose folded text
// contains sub, ascending.
func (d *doc) sentencesWith(sub string) []int32 {
	var out []int32
	if sub == "" {
		for k := range d.sentences {
			out = append(out, int32(k))
		}
		return out
	}
	for from := 0; from < len(d.lower); {
		i := strings.Index(d.lower[from:], sub)
		if i < 0 {
			break
		}
		s := from + i
		if sen := d.sentenceAt(s); sen != nil && s+len(sub) <= sen.End {
			if k := int32(sen.Sentence); len(out) == 0 || out[len(out)-1] != k {
				out = append(out, k)
			}
		}
		from = s + 1
	}
	return out
}

// intersect returns the elements common to two ascending lists.
func intersect(a, b []int32) []int32 {
	var out []int32
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case b[j] < a[i]:
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// quantities returns the quantities of class c in sentence units, in unit
// order and, within a unit, in the order of u.quants.
func (d *doc) quantities(c string) []qref {
	if d.byClass == nil {
		d.byClass = map[string][]qref{}
		for _, s := range d.sentences {
			for k := range s.quants {
				q := &s.quants[k]
				d.byClass[q.Class] = append(d.byClass[q.Class], qref{unit: int32(s.idx), q: q})
			}
		}
	}
	return d.byClass[c]
}

// identifiers returns Identifiers(d.text) with what contrast compares.
func (d *doc) identifiers() []ident {
	if !d.identsDone {
		d.identsDone = true
		for _, id := range Identifiers(d.text) {
			li := strings.ToLower(id)
			d.idents = append(d.idents, ident{text: id, lower: li, shape: skeleton(li), head: firstPart(li)})
		}
	}
	return d.idents
}

// standaloneWords returns standaloneWords(d.text), computed once.
func (d *doc) standaloneWords() []string {
	if !d.aloneDone {
		d.aloneDone = true
		d.standalone = standaloneWords(d.text)
	}
	return d.standalone
}

// coverTable is cover(parts, u) for every unit u of a doc at once.
type coverTable struct {
	matched, idMatched []int32 // per unit
	total, idTotal     int
	touched            []int32 // units with a match, ascending
}

// at returns cover(parts, d.units[i]).
func (c *coverTable) at(i int) coverage {
	return coverage{matched: int(c.matched[i]), total: c.total, idMatched: int(c.idMatched[i]), idTotal: c.idTotal}
}

// cover counts, for every unit, the parts it holds; release the table
// when done.
func (d *doc) cover(parts []part) *coverTable {
	c := &coverTable{matched: d.counters(), idMatched: d.counters()}
	for _, p := range parts {
		c.total++
		if p.id {
			c.idTotal++
		}
		for _, ui := range d.holding(p) {
			if c.matched[ui] == 0 {
				c.touched = append(c.touched, ui)
			}
			c.matched[ui]++
			if p.id {
				c.idMatched[ui]++
			}
		}
	}
	slices.Sort(c.touched)
	return c
}

// counters returns a zeroed counter per unit.
func (d *doc) counters() []int32 {
	if n := len(d.free); n > 0 {
		l := d.free[n-1]
		d.free = d.free[:n-1]
		return l
	}
	return make([]int32, len(d.units))
}

// release zeroes c's counters and keeps them for reuse.
func (d *doc) release(c *coverTable) {
	for _, ui := range c.touched {
		c.matched[ui], c.idMatched[ui] = 0, 0
	}
	d.free = append(d.free, c.matched, c.idMatched)
}

// reserve makes room in the dimension index for the non-zero values of
// vecs, so that adding them appends in place: one allocation per chunk
// for the dimensions still empty, one per dimension for the others.
func (d *doc) reserve(vecs [][]float32) {
	n := 0
	for _, v := range vecs {
		n = max(n, len(v))
	}
	if len(d.dims) < n {
		d.dims = append(d.dims, make([][]dimEntry, n-len(d.dims))...)
	}
	counts := make([]int, n)
	total := 0
	for _, v := range vecs {
		for i, x := range v {
			if x != 0 {
				counts[i]++
				total++
			}
		}
	}
	var buf []dimEntry
	for i, c := range counts {
		switch {
		case c == 0:
		case len(d.dims[i]) == 0:
			if buf == nil {
				buf = make([]dimEntry, total)
			}
			d.dims[i], buf = buf[:0:c], buf[c:]
		default:
			d.dims[i] = slices.Grow(d.dims[i], c)
		}
	}
}

// embedChunk is how many texts one Embed call gets: unit vectors go into
// the dimension index chunk by chunk, so a large candidate never holds all
// its dense vectors at once.
const embedChunk = 1024

// embed embeds the item texts and the distinct unit texts. It returns the
// item vectors; the unit vectors go to the dimension index (see dots).
func (d *doc) embed(ctx context.Context, emb embed.Embedder, itemTexts []string) ([][]float32, error) {
	texts := make([]string, len(d.texts))
	for t, id := range d.texts {
		texts[id] = t
	}
	total := len(itemTexts) + len(texts)
	var items [][]float32
	d.vlen = make([]int, 0, len(texts))
	all := append(slices.Clip(itemTexts), texts...)
	for from := 0; from < len(all) || from == 0; from += embedChunk {
		chunk := all[from:min(len(all), from+embedChunk)]
		vecs, err := emb.Embed(ctx, chunk)
		if err != nil {
			return nil, fmt.Errorf("embedding %d texts: %w", total, err)
		}
		if len(vecs) != len(chunk) {
			return nil, fmt.Errorf("embedder returned %d vectors for %d texts", len(vecs), len(chunk))
		}
		d.reserve(vecs[min(len(vecs), max(0, len(itemTexts)-from)):])
		for k, v := range vecs {
			if from+k < len(itemTexts) {
				items = append(items, v)
				continue
			}
			t := int32(len(d.vlen))
			d.vlen = append(d.vlen, len(v))
			for i, x := range v {
				if x != 0 {
					d.dims[i] = append(d.dims[i], dimEntry{t, x})
				}
			}
		}
		if len(all) == 0 {
			break
		}
	}
	d.acc = make([]float32, 4*len(d.vlen))
	return items, nil
}

// dimEntry is a non-zero entry of the vector of a distinct unit text.
type dimEntry struct {
	text int32
	v    float32
}

// dots sets out[t] to embed.Dot(a, v) for the vector v of each distinct
// unit text t, bit for bit. embed.Dot sums the products of each of four
// lanes (index mod 4; the tail of a length that is not a multiple of four
// goes to the first lane, last) in index order and adds the four sums.
// dots walks the non-zero dimensions of a in index order and, for each,
// only the unit vectors that are non-zero there, adding to the same lane
// sums in the same order: a zero product adds nothing to a sum. The
// vectors of the hashed embedder are mostly zeros, so this costs a
// fraction of one dense product per unit.
func (d *doc) dots(a []float32, out []float64) {
	clear(d.acc)
	n4 := len(a) &^ 3
	for i, x := range a {
		if x == 0 || i >= len(d.dims) {
			continue
		}
		lane := int32(i & 3)
		if i >= n4 {
			lane = 0
		}
		for _, e := range d.dims[i] {
			d.acc[4*e.text+lane] += x * e.v
		}
	}
	for t := range out {
		if d.vlen[t] != len(a) {
			out[t] = 0 // embed.Dot of vectors of different lengths
			continue
		}
		s := d.acc[4*t : 4*t+4]
		out[t] = float64(s[0] + s[1] + s[2] + s[3])
	}
}
