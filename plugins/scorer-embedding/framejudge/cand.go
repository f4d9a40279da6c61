package framejudge

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// windows lists the candidate's clauses alone and with the next one on
// the same or the next line (a rule and its bullet, a heading and its
// item).
func windows(cd *cand) []window {
	var out []window
	for i := range cd.Clauses {
		out = append(out, cd.windowsAt(i)...)
	}
	return out
}

// windowsAt returns the windows that start at clause i.
func (cd *cand) windowsAt(i int) []window {
	out := []window{{i, i}}
	if i+1 < len(cd.Clauses) && cd.Clauses[i+1].Line <= cd.Clauses[i].Line+1 {
		out = append(out, window{i, i + 1})
	}
	return out
}

// windowsFor returns the windows that hold at least one of the atom's
// words, names or values: the only ones that could state it. The index is
// built once per candidate, so a long candidate is not scanned once per
// atom.
func (cd *cand) windowsFor(od *frame.Doc, a frame.Clause) []window {
	if cd.index == nil {
		cd.buildIndex()
	}
	seen := map[int]bool{}
	add := func(key string) {
		for _, i := range cd.index[key] {
			seen[i] = true
			if i > 0 {
				seen[i-1] = true // the window that ends here
			}
		}
	}
	for _, p := range append([]frame.Part{a.Main}, qualifiers(a)...) {
		for _, st := range p.Stems {
			add(st)
			if key := kinKey(cd.kinFolded(st)); key != "" {
				add(key) // another inflection: pełnoletni for pełnoletnich
			}
		}
		for _, wd := range p.Words {
			add("=" + wd)
		}
		for _, o := range p.Objects {
			add("o:" + o.Skel)
			for _, part := range strings.FieldsFunc(o.Norm, func(r rune) bool { return r == ' ' || r == '-' || r == '_' || r == '.' || r == '/' }) {
				add(part)
			}
			// A name in a script read a character at a time is indexed as
			// the pairs of characters its text is read as.
			if rs := []rune(o.Norm); len(rs) >= 2 && lexicon.Spaceless(rs[0]) {
				for k := 0; k+1 < len(rs); k++ {
					add(string(rs[k : k+2]))
				}
			}
		}
		for _, qi := range p.Quants {
			add(valueKey(od.Quants[qi]))
		}
	}
	if len(seen) > 0 && len(cd.Clauses) < 64 {
		return windows(cd) // a short candidate: every window, as cheap as the lookup
	}
	idx := make([]int, 0, len(seen))
	for i := range seen {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	var out []window
	for _, i := range idx {
		out = append(out, cd.windowsAt(i)...)
	}
	return out
}

// buildIndex maps every word, name and value of the candidate to the
// clauses that hold it.
func (cd *cand) buildIndex() {
	cd.index = map[string][]int{}
	put := func(key string, i int) {
		if l := cd.index[key]; len(l) == 0 || l[len(l)-1] != i {
			cd.index[key] = append(l, i)
		}
	}
	for i, c := range cd.Clauses {
		for k := range cd.stemsOf(i) {
			put(k, i)
		}
		for _, k := range cd.kinOf(i) {
			if key := kinKey(k); key != "" {
				put(key, i)
			}
		}
		for _, p := range parts(c) {
			for _, o := range p.Objects {
				put("o:"+o.Skel, i)
			}
		}
		for _, qi := range cd.QuantsIn(i, i) {
			put(valueKey(cd.Quants[qi]), i)
			if q := cd.Quants[qi]; q.Raw != 0 {
				put(valueKey(frame.Quantity{Dim: frame.DimNumber, Value: q.Raw}), i)
			}
		}
	}
}

// valueKey is a quantity's index key: its value, rounded so that equal
// values share it.
func valueKey(q frame.Quantity) string {
	return fmt.Sprintf("q:%.6g", q.Value)
}

// clipped reports a word of window w (stem set ws) that is the clipped
// form of stem s, or s the clipped form of one of the window's: the first
// three or four letters of a word at least three letters longer ("deps"
// for dependencies, "env" for environment, "repo" for repository), as
// people and summaries write them. It only pairs, as kin does. Neither
// side may hold a digit, and "=" forms are not words.
func clipped(cd *cand, w window, ws map[string]bool, s string) bool {
	n := utf8.RuneCountInString(s)
	if n < 3 || s[0] == '=' || strings.ContainsFunc(s, unicode.IsDigit) {
		return false
	}
	// s clipped: the window holds a word s begins, three letters longer.
	if n <= 4 && cd.clipsOf(w, ws)[s] >= n+3 {
		return true
	}
	// A word of the window clipped: s begins with it, three letters on.
	for k := 3; k <= 4 && n >= k+3; k++ {
		if ws[frame.FirstRunes(s, k)] {
			return true
		}
	}
	return false
}

// clipsOf maps the three- and four-letter beginnings of window w's words
// to the length in letters of the longest word so begun, built once per
// window: clipped asks it for every stem of every atom held against the
// window, and scanning the window's words each time was a third of the
// judge's time on a long candidate.
func (cd *cand) clipsOf(w window, ws map[string]bool) map[string]int {
	if m, ok := cd.clips[w]; ok {
		return m
	}
	m := map[string]int{}
	for word := range ws {
		n := utf8.RuneCountInString(word)
		if n < 6 || word[0] == '=' || strings.ContainsFunc(word, unicode.IsDigit) {
			continue
		}
		for k := 3; k <= 4 && n >= k+3; k++ {
			p := frame.FirstRunes(word, k)
			m[p] = max(m[p], n)
		}
	}
	if cd.clips == nil {
		cd.clips = map[window]map[string]int{}
	}
	cd.clips[w] = m
	return m
}

// kinStems returns a window's stems folded for kin: the stems of its
// parts, not the joined pairs or the "=" forms the exact lookup also
// holds. Each clause's are folded once per candidate.
func kinStems(cd *cand, w window) []string {
	if w.a == w.b {
		return cd.kinOf(w.a)
	}
	var out []string
	for i := w.a; i <= w.b; i++ {
		out = append(out, cd.kinOf(i)...)
	}
	return out
}

// kinOf returns clause i's stems of five letters or more, folded for kin.
func (cd *cand) kinOf(i int) []string {
	if cd.kins[i] != nil {
		return cd.kins[i]
	}
	out := []string{}
	for _, p := range parts(cd.Clauses[i]) {
		for _, st := range p.Stems {
			if utf8.RuneCountInString(st) >= 5 {
				out = append(out, kinFold(st))
			}
		}
	}
	cd.kins[i] = out
	return out
}

// kinFold folds a stem for kin: marks stripped, and the letters that
// spell one sound across Latin orthographies made one (k and c, y and i,
// w and v), so that klienta and client, medycznych and medical, share
// their start.
func kinFold(s string) string {
	return strings.NewReplacer("k", "c", "y", "i", "w", "v").Replace(lexicon.FoldMarks(s))
}

// namedThroughout returns the first clause that names the first of a
// statement's objects, when the statement has two or more and some clause
// of the candidate names each of them.
func namedThroughout(view *atomView, cd *cand) (window, bool) {
	objs := view.all.Objects
	if len(objs) < 2 {
		return window{}, false
	}
	first := -1
	for _, o := range objs {
		at := -1
		for i := range cd.Clauses {
			if hasObject(cd, window{i, i}, o) {
				at = i
				break
			}
		}
		if at < 0 {
			return window{}, false
		}
		if first < 0 {
			first = at
		}
	}
	return window{first, first}, true
}

// kinKey is the index key of a kin-folded stem: its first six letters,
// which any stem kin to it by its start shares (hasKin); "" for a shorter
// stem.
func kinKey(k string) string {
	if utf8.RuneCountInString(k) < 6 {
		return ""
	}
	return "k:" + frame.FirstRunes(k, 6)
}

// hasKin reports a stem of the window kin to s: the same start of six
// letters or more covering two thirds of the shorter word (messen and
// Messung, klienta and client), or, for long compounds, the same first
// three letters and the same head of five (Kerntemperaturfühler and
// Kernfühler). Snowball stems one language at a time; kin is what lets a
// summary's other inflection, compound or cognate pair with the rule. It
// only pairs: values, names and modality are still compared after.
func hasKin(window []string, s string) bool {
	if utf8.RuneCountInString(s) < 5 {
		return false
	}
	a := []rune(s)
	for _, w := range window {
		b := []rune(w)
		if len(b) < 5 {
			continue
		}
		p := 0
		for p < len(a) && p < len(b) && a[p] == b[p] {
			p++
		}
		if p >= 6 && 3*p >= 2*min(len(a), len(b)) {
			return true
		}
		if p >= 3 && len(a) >= 8 && len(b) >= 8 {
			q := 0
			for q < len(a)-p && q < len(b)-p && a[len(a)-1-q] == b[len(b)-1-q] {
				q++
			}
			if q >= 5 {
				return true
			}
		}
	}
	return false
}

func uniq(ss []string) []string {
	seen := make(map[string]bool, len(ss))
	out := ss[:0:0]
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// stemSet is every stem of a window, qualifiers included: the union of
// its clauses' sets, each built once per candidate.
func stemSet(cd *cand, w window) map[string]bool {
	if w.a == w.b {
		return cd.stemsOf(w.a)
	}
	if set, ok := cd.pairs[w]; ok {
		return set
	}
	out := make(map[string]bool, len(cd.stemsOf(w.a))+len(cd.stemsOf(w.b)))
	for i := w.a; i <= w.b; i++ {
		for k := range cd.stemsOf(i) {
			out[k] = true
		}
	}
	if cd.pairs == nil {
		cd.pairs = map[window]map[string]bool{}
	}
	cd.pairs[w] = out
	return out
}

// kinFolded returns kinFold(s), folded once per candidate: the same
// atom's stems are held against many windows.
func (cd *cand) kinFolded(s string) string {
	if f, ok := cd.folded[s]; ok {
		return f
	}
	if cd.folded == nil {
		cd.folded = map[string]string{}
	}
	f := kinFold(s)
	cd.folded[s] = f
	return f
}

// cand is the candidate as read, with what the judge asks of each clause
// again and again built once: its word set and its skeleton.
type cand struct {
	*frame.Doc
	stems []map[string]bool
	kins  [][]string
	skels []string
	index map[string][]int // word, name or value → clauses that hold it
	sem   *semantic        // nil: pairing by words alone
	// pairs and folded memoise, per candidate, the stem sets of two-clause
	// windows and the kin folds of atom stems.
	pairs  map[window]map[string]bool
	folded map[string]string
	// clips memoises each window's clipped-word index (clipsOf).
	clips map[window]map[string]int
	// text is the candidate's text folded (lexicon.Fold), on first need.
	text *string
	// roles are the candidate's role phrases (frame.Roles), read on first
	// need: once per candidate, not once per item judged against it.
	roles *[]frame.Role
	// partners maps each name the candidate pairs in one phrase to its
	// partners' skeletons and texts (pairedNames), built on first need.
	partners map[string]map[string]string
	// claims is set for the second pass: the clauses the first pass's
	// kept items quote, and those claimed since.
	claims *claims
}

// foldedText is the candidate's text folded, once per candidate.
func (cd *cand) foldedText() string {
	if cd.text == nil {
		t := lexicon.Fold(cd.Text)
		cd.text = &t
	}
	return *cd.text
}

func newCand(d *frame.Doc) *cand {
	return &cand{Doc: d, stems: make([]map[string]bool, len(d.Clauses)), kins: make([][]string, len(d.Clauses)), skels: make([]string, len(d.Clauses))}
}

// stemsOf returns clause i's stems, words, cue stems, compounds and the
// words of its names.
func (cd *cand) stemsOf(i int) map[string]bool {
	if cd.stems[i] != nil {
		return cd.stems[i]
	}
	out := map[string]bool{}
	c := cd.Clauses[i]
	for _, p := range parts(c) {
		for k, s := range p.Stems {
			out[s] = true
			if k+1 < len(p.Stems) {
				out[s+p.Stems[k+1]] = true // "pay out" = "payout"
			}
		}
		for _, s := range p.CueStems {
			out[s] = true
		}
		for _, wd := range p.Words {
			out["="+wd] = true // the word itself, for a text stemmed in another language
		}
		for _, o := range p.Objects {
			for _, wd := range strings.FieldsFunc(o.Norm, func(r rune) bool { return r == ' ' || r == '-' || r == '_' || r == '.' || r == '/' }) {
				out[wd] = true
				out[cd.Stem(wd)] = true
			}
		}
	}
	cd.stems[i] = out
	return out
}

// skelOf returns the letters and digits of clause i, marks folded away.
func (cd *cand) skelOf(i int) string {
	if cd.skels[i] == "" {
		c := cd.Clauses[i]
		cd.skels[i] = frame.SkeletonOf(cd.Doc, c.I, c.J) + "\x00"
	}
	return cd.skels[i]
}
