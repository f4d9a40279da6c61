package framejudge

import (
	"slices"

	"github.com/compactguard/compactguard/sdk/frame"
)

// hits counts what of an atom a window holds.
type hits struct {
	// topicOnly: every object found was found in a clause's topic only.
	topicOnly     bool
	objs, nObjs   int
	quants, nQ    int
	stems, nStems int
	// kin: stems found only as kin (another inflection, compound or
	// cognate), not as the same stem.
	kin int
}

func (h hits) score() float64 {
	den := 2*h.nObjs + 2*h.nQ + h.nStems
	if den == 0 {
		return 0
	}
	return float64(2*h.objs+2*h.quants+h.stems) / float64(den)
}

// paired says whether the window states the atom at all: some of its
// anchors (objects, values) and enough of its words, or most of its words
// when it has no anchors.
func (h hits) paired() bool {
	anchors := h.nObjs + h.nQ
	stemRatio := 0.0
	if h.nStems > 0 {
		stemRatio = float64(h.stems) / float64(h.nStems)
	}
	switch {
	case anchors > 0 && h.objs+h.quants > 0:
		// A clause that names the object only in its heading and shares
		// no word is about something else under that heading ("Grant
		// GR-7: indirect costs capped" is not "funds from grant GR-7 must
		// not buy vehicles").
		if h.topicOnly && h.quants == 0 && h.stems <= 1 && h.nStems >= 3 {
			return false
		}
		ratio := float64(h.objs+h.quants) / float64(anchors)
		return ratio >= 0.5 && (h.score() >= 0.3 || ratio == 1) || h.score() >= 0.4
	case anchors > 0:
		return stemRatio >= 0.6 && h.stems >= 2
	default:
		return h.stems >= 1 && stemRatio >= 0.5
	}
}

// match counts the atom's objects, values and stems the window holds.
func match(od *frame.Doc, a frame.Clause, cd *cand, w window) hits {
	return viewOf(od, a).match(cd, w)
}

// atomView is what of an atom every window is held against: its objects,
// required values and stems, gathered once per atom rather than once per
// window.
type atomView struct {
	od    *frame.Doc
	all   frame.Part
	stems []string
	word  map[string]string // stem → a word behind it
	// topic holds the stems of what the atom's clause opens with before
	// its colon and its rule does not repeat ("Security reports: do not
	// discuss in public issues"). A topic may be a heading of no weight
	// ("Rules:") or the rule's subject: a window that names it counts
	// those words as the rule's, one that does not is not held to them.
	topic []string
	// scope holds the words each of the atom's restrictions stands on
	// (frame.Doc.ScopeStems).
	scope []map[string]bool
	// syn holds, for a stem, the stems of the words the lexicon gives as
	// its synonyms ("touch": change, modify, edit).
	syn map[string][]string
}

func viewOf(od *frame.Doc, a frame.Clause) *atomView {
	v := &atomView{od: od}
	for _, p := range parts(frame.Clause{Main: a.Main, Condition: a.Condition, Exceptions: a.Exceptions}) {
		v.all.Objects = append(v.all.Objects, p.Objects...)
		v.all.Quants = append(v.all.Quants, od.Required(p.Quants)...)
		v.all.Stems = append(v.all.Stems, p.Stems...)
		v.all.Words = append(v.all.Words, p.Words...)
	}
	v.stems = uniq(v.all.Stems)
	if a.Topic != nil {
		for _, t := range uniq(a.Topic.Stems) {
			if !slices.Contains(v.stems, t) {
				v.topic = append(v.topic, t)
			}
		}
	}
	v.scope = od.ScopeStems(a)
	v.word = make(map[string]string, len(v.all.Stems))
	for k, s := range v.all.Stems {
		if k < len(v.all.Words) {
			v.word[s] = v.all.Words[k]
		}
	}
	for s, w := range v.word {
		if syn := od.SynonymStems(w); len(syn) > 0 {
			if v.syn == nil {
				v.syn = map[string][]string{}
			}
			v.syn[s] = syn
		}
	}
	return v
}

// match counts the atom's objects, values and stems the window holds.
func (v *atomView) match(cd *cand, w window) hits {
	od, all, stems, word := v.od, v.all, v.stems, v.word
	h := hits{nObjs: len(all.Objects), nQ: len(all.Quants), nStems: len(stems)}
	h.topicOnly = true
	for _, o := range all.Objects {
		m := objectMatch(cd, w, o)
		if m == 0 && o.Negated {
			// What the rule rules out ("not X but Y") a summary may leave
			// unnamed where it keeps the rule ("Y — not the old one").
			h.nObjs--
			continue
		}
		switch m {
		case 2:
			h.objs += 2
		case 1:
			h.objs++
		}
		if m > 0 && !topicNames(cd, w, o) {
			h.topicOnly = false
		}
	}
	h.topicOnly = h.topicOnly && h.objs > 0
	h.objs = (h.objs + 1) / 2
	for _, qi := range all.Quants {
		if findQuant(od.Quants[qi], cd, w, false) >= 0 || spelled(od.Quants[qi], cd, w) {
			h.quants++
		}
	}
	ws := stemSet(cd, w)
	var kinOf []string // the window's stems, folded for kin, built on first need
	built := false
	for i, s := range stems {
		if ws[s] || ws["="+word[s]] || i+1 < len(stems) && ws[s+stems[i+1]] || i > 0 && ws[stems[i-1]+s] {
			h.stems++
			continue
		}
		if !built {
			kinOf, built = kinStems(cd, w), true
		}
		if hasKin(kinOf, cd.kinFolded(s)) || clipped(cd, w, ws, s) || slices.ContainsFunc(v.syn[s], func(y string) bool { return ws[y] }) {
			h.stems++
			h.kin++
		}
	}
	for _, s := range v.topic {
		if ws[s] {
			h.stems++
			h.nStems++
		}
	}
	return h
}
