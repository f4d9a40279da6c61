package framejudge

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// qualifiers returns the condition, reason and exceptions of a clause
// (an atom of an original has no reason: atomsOf sets it apart).
func qualifiers(c frame.Clause) []frame.Part {
	var ps []frame.Part
	if c.Condition != nil {
		ps = append(ps, *c.Condition)
	}
	if c.Reason != nil {
		ps = append(ps, *c.Reason)
	}
	return append(ps, c.Exceptions...)
}

// parts returns every part of a clause: its main part, topic and
// qualifiers.
func parts(c frame.Clause) []frame.Part {
	ps := []frame.Part{c.Main}
	if c.Topic != nil {
		ps = append(ps, *c.Topic)
	}
	return append(ps, qualifiers(c)...)
}

// topicNames reports whether o is named in a topic of the window and
// nowhere else in it.
func topicNames(cd *cand, w window, o frame.Obj) bool {
	inTopic := false
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		if c.Topic != nil {
			for _, x := range c.Topic.Objects {
				if x.Skel == o.Skel && o.Skel != "" {
					inTopic = true
				}
			}
		}
		for _, p := range append([]frame.Part{c.Main}, qualifiers(c)...) {
			for _, x := range p.Objects {
				if x.Skel == o.Skel && o.Skel != "" {
					return false
				}
			}
		}
	}
	return inTopic
}

// hasObject reports whether the window names o: the same folded name, the
// same skeleton (legacy_orders = "legacy orders"), or the same number of a
// numbered thing.
func hasObject(cd *cand, w window, o frame.Obj) bool {
	return objectMatch(cd, w, o) > 0
}

// sameObject reports x and o the same name: folded alike, or of the same
// skeleton (legacy_orders and "legacy orders").
func sameObject(x, o frame.Obj) bool {
	return x.Norm == o.Norm || x.Skel == o.Skel && o.Skel != ""
}

// namesOne reports x naming o: the same folded name or skeleton, an
// inflected form of it, or for a person one of the words of the name.
func namesOne(x, o frame.Obj) bool {
	return sameObject(x, o) || frame.Inflected(x.Skel, o.Skel) || o.Type == frame.ObjName && x.Type == frame.ObjName && shareWord(x.Norm, o.Norm)
}

// objectMatch is 2 when the window names o as an object (the same folded
// name or skeleton, an inflected form of it, or for a person one of the
// words of the name), 1 when o's skeleton is only found inside the
// window's text (a path that holds it), 0 when the window lacks it.
func objectMatch(cd *cand, w window, o frame.Obj) int {
	for i := w.a; i <= w.b; i++ {
		for _, p := range parts(cd.Clauses[i]) {
			for _, x := range p.Objects {
				if namesOne(x, o) {
					return 2
				}
			}
		}
	}
	if strings.HasPrefix(o.Norm, "#") || len(o.Skel) < 3 {
		return 0
	}
	if o.Type == frame.ObjName && hasWords(cd, w, o.Norm) {
		return 2 // a name written where a capital does not mark it (a list item's first word)
	}
	if o.Type == frame.ObjName && nameAcross(cd, w, o) {
		return 2 // the name in another script: Кракові for Kraków
	}
	sk := cd.skelOf(w.a)
	if w.b > w.a {
		sk = sk[:len(sk)-1] + cd.skelOf(w.b)
	}
	if o.Type != frame.ObjName && plainWord(o.Norm) && stemSet(cd, w)[cd.Stem(o.Norm)] {
		return 2 // a command's word written as a word: `plan` in "plans against prod"
	}
	if frame.ContainsWhole(sk, o.Skel) || frame.ContainsParts(sk, o.Norm) {
		return 1
	}
	if tail := frame.QualifiedTail(o.Text); tail != "" && frame.ContainsWhole(sk, frame.Skeleton(tail)) {
		return 2 // the member named alone: page_allocator for std.heap.page_allocator
	}
	if frame.ContainsPathTail(sk, o.Text) {
		return 2 // a path named by its last two segments: "Migrations 0001–0014"
	}
	return 0
}

// plainWord reports a name that is one word of letters only: a code
// span's word a summary may write inflected, in prose.
func plainWord(s string) bool {
	return utf8.RuneCountInString(s) >= 3 && !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}

// nameAcross reports a word of the window that writes a word of name o
// in another script (frame.SameNameAcrossScripts).
func nameAcross(cd *cand, w window, o frame.Obj) bool {
	for _, part := range strings.Fields(o.Norm) {
		for k := cd.Clauses[w.a].I; k < cd.Clauses[w.b].J; k++ {
			if t := cd.Toks[k]; t.Kind == lexicon.Word && frame.SameNameAcrossScripts(part, t.Norm) {
				return true
			}
		}
	}
	return false
}

// hasWords reports whether every word of a folded phrase is a token of
// the window.
func hasWords(cd *cand, w window, phrase string) bool {
	words := strings.Fields(phrase)
	found := 0
	for _, wd := range words {
		for k := cd.Clauses[w.a].I; k < cd.Clauses[w.b].J; k++ {
			if cd.Toks[k].Norm == wd {
				found++
				break
			}
		}
	}
	return len(words) > 0 && found == len(words)
}

// shareWord reports whether two names share a word of three letters or
// more: a person named in full and by surname, or in another case of a
// language that declines names: a first name alone (Katarzynie for
// Katarzyna Malinowska: frame.Declined), or the whole name word by word
// (Оксану Петрівну, Оксана Петрівна: caseEnding).
func shareWord(a, b string) bool {
	xs, ys := strings.Fields(a), strings.Fields(b)
	for _, x := range xs {
		if len([]rune(x)) < 3 {
			continue
		}
		for _, y := range ys {
			if x == y {
				return true
			}
		}
	}
	// A first name alone, declined, against the full name ("pani
	// Katarzynie" for Katarzyna Malinowska): its ending may differ by a
	// letter or two, not grow into another name (Johan is not Johanna).
	if len(xs) == 1 || len(ys) == 1 {
		for _, x := range xs {
			for _, y := range ys {
				if frame.Declined(x, y) {
					return true
				}
			}
		}
	}
	// Declined, the whole name is: each word in turn (Johan Eklund is not
	// Johanna Ek).
	if len(xs) != len(ys) || len(xs) < 2 {
		return false
	}
	for k := range xs {
		if xs[k] != ys[k] && !caseEnding(xs[k], ys[k]) {
			return false
		}
	}
	return true
}

// caseEnding reports two words that differ only in an ending of at most
// three letters after a shared start of four or more: one word declined,
// asked only of a whole name of two words or more, each word in turn.
func caseEnding(x, y string) bool {
	p, ex, ey := frame.Endings(x, y)
	return p >= 4 && ex <= 3 && ey <= 3
}

// objects checks that every object of the atom is in the window (or the
// clause beside it) and keeps its role.
func objects(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	near := window{max(w.a-1, 0), min(w.b+1, len(cd.Clauses)-1)}
	if a.Modality == "" && len(cd.Clauses) > 0 {
		// A statement of names (no rule) keeps its names anywhere in
		// the candidate; a rule keeps them where it is stated.
		near = window{0, len(cd.Clauses) - 1}
	}
	for _, o := range a.Main.Objects {
		// A prohibition whose one object of its kind is o rules o out
		// though no negation stands right before it ("nigdy Double").
		was := ruledOut(a, o) || onlyForbidden(a, o)
		if named, out := ruledOutIn(cd, w, o, o.Negated); named && out != was && (out || o.Negated) {
			if was {
				return fmt.Sprintf("%s was ruled out, the candidate keeps it", o.Text)
			}
			return fmt.Sprintf("%s is now ruled out", o.Text)
		}
		if a.Modality == frame.Only && !o.Negated && forbidsAlone(cd, w, o) {
			// What an "only" allows, a clause that forbids it and nothing
			// else, with no "only" of its own, rules out
			// ("staging-osaka にだけ出して" against "staging-osaka には出さない").
			return fmt.Sprintf("%s is now ruled out", o.Text)
		}
		if hasObject(cd, w, o) || hasObject(cd, near, o) || o.Negated {
			continue // (what the rule rules out may go unnamed: "Y — not the old one")
		}
		if o.Type == frame.ObjTerm {
			// A hyphenated term may be reworded; it helps pairing only.
			// But one the candidate names nowhere, with a sibling of it
			// where the rule stands ("northwind-prod" for
			// "northwind-staging"), is another thing in its place.
			if x := siblingTerm(a, cd, w, o); x != "" && !hasObject(cd, window{0, len(cd.Clauses) - 1}, o) {
				return fmt.Sprintf("%s became %s", o.Text, x)
			}
			continue
		}
		if other := sameType(od, a, cd, w, o); other != "" {
			return fmt.Sprintf("%s became %s", o.Text, other)
		}
		if len(cd.Clauses) > 0 && hasObject(cd, window{0, len(cd.Clauses) - 1}, o) {
			// Named elsewhere and nothing of its kind in its place: the
			// summary set it as the context (a tool in the goal line),
			// not swapped it.
			continue
		}
		return fmt.Sprintf("%s missing", o.Text)
	}
	return ""
}

// ruledOut reports whether clause c rules object o out: right after a
// negation beside another of its kind ("4410-2290, not 4410-2209"). The
// object of a prohibition ("never use 4410-2209") is not ruled out this
// way: a summary may restate the rule around it in many shapes.
func ruledOut(c frame.Clause, o frame.Obj) bool {
	return o.Negated
}

// ruledOutIn reports whether the window names o, and whether every
// clause that names it rules it out. With forbidding, a prohibition whose
// only name of that kind is o rules it out too ("never use 4410-2209"):
// asked only of a name the original ruled out, which a summary may
// restate as a prohibition.
func ruledOutIn(cd *cand, w window, o frame.Obj, forbidding bool) (named, out bool) {
	return everyNaming(cd, w, o, func(c frame.Clause, x frame.Obj) bool {
		return ruledOut(c, x) || forbidding && onlyForbidden(c, x)
	})
}

// forbidsAlone reports whether the window names o and every clause of it
// that does forbids o alone (onlyForbidden) with no "only" of its own.
func forbidsAlone(cd *cand, w window, o frame.Obj) bool {
	_, all := everyNaming(cd, w, o, func(c frame.Clause, x frame.Obj) bool {
		return onlyForbidden(c, x) && c.Cues&lexicon.Only == 0
	})
	return all
}

// everyNaming reports whether the window's clauses name o, and whether
// each of its namings holds pred (false when none does).
func everyNaming(cd *cand, w window, o frame.Obj, pred func(frame.Clause, frame.Obj) bool) (named, all bool) {
	all = true
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		for _, x := range c.Main.Objects {
			if x.Skel == o.Skel && o.Skel != "" {
				named = true
				all = all && pred(c, x)
			}
		}
	}
	return named, named && all
}

// siblingTerm returns a name of window w, not one atom a names itself,
// that is a sibling of the hyphenated term o: as many parts, the same
// first part and another one after it that starts differently
// (northwind-staging and northwind-prod, eu-west-1 and eu-west-2; see
// otherParts), or "" when there is none.
func siblingTerm(a frame.Clause, cd *cand, w window, o frame.Obj) string {
	op := strings.Split(o.Norm, "-")
	if len(op) < 2 {
		return ""
	}
	own := map[string]bool{} // the atom's own names are no stand-ins
	for _, p := range parts(a) {
		for _, y := range p.Objects {
			own[y.Skel] = true
		}
	}
	for i := w.a; i <= w.b; i++ {
		for _, p := range parts(cd.Clauses[i]) {
			for _, x := range p.Objects {
				if xp := strings.Split(x.Norm, "-"); !own[x.Skel] && len(xp) == len(op) && xp[0] == op[0] && otherParts(op, xp) {
					return x.Text
				}
			}
		}
	}
	return ""
}

// otherParts reports two splits of a name whose differing parts start
// differently: other names (staging, prod; 1, 2), not two forms of one
// word (de-icing, de-ice; co-investigator, Co-I).
func otherParts(a, b []string) bool {
	for k := range a {
		if a[k] != b[k] && (a[k] == "" || b[k] == "" || a[k][0] == b[k][0]) {
			return false
		}
	}
	return true
}

// onlyForbidden reports a prohibition whose only name of x's kind is x.
func onlyForbidden(c frame.Clause, x frame.Obj) bool {
	if c.Modality != frame.MustNot {
		return false
	}
	for _, y := range c.Main.Objects {
		if y.Skel != x.Skel && y.Type == x.Type {
			return false
		}
	}
	return true
}

// topicConflict finds an object of the original's topic ("Safety brief
// for berth B4:") replaced by one of the same shape in the window ("Berth
// B6 limits:").
func topicConflict(a frame.Clause, cd *cand, w window) string {
	if a.Topic == nil {
		return ""
	}
	named := map[string]bool{}
	for _, p := range parts(a) {
		for _, o := range p.Objects {
			named[o.Skel] = true
		}
	}
	for _, o := range a.Topic.Objects {
		if o.Type == frame.ObjTerm || hasObject(cd, w, o) {
			continue
		}
		for i := w.a; i <= w.b; i++ {
			for _, p := range parts(cd.Clauses[i]) {
				for _, x := range p.Objects {
					if x.Type == o.Type && shape(x.Skel) == shape(o.Skel) && !named[x.Skel] {
						return fmt.Sprintf("%s became %s", o.Text, x.Text)
					}
				}
			}
		}
	}
	return ""
}

// shape maps letters to a and digits to 9: B4 and B6 share one.
func shape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteByte('9')
		default:
			b.WriteByte('a')
		}
	}
	return b.String()
}

// sameType returns an object of the window of o's type that the atom does
// not name: what o was replaced by.
func sameType(od *frame.Doc, a frame.Clause, cd *cand, w window, o frame.Obj) string {
	named := map[string]bool{}
	for _, x := range a.Main.Objects {
		named[x.Norm] = true
	}
	for i := w.a; i <= w.b; i++ {
		for _, x := range cd.Clauses[i].Main.Objects {
			if x.Type == o.Type && !named[x.Norm] {
				return x.Text
			}
		}
	}
	return ""
}

// qualifierKept reports whether a condition or exception survives near
// the window: half of its anchors and words, at least one.
func qualifierKept(od *frame.Doc, p frame.Part, cd *cand, w window, cue lexicon.Class) bool {
	if cue == lexicon.Exception {
		// Who or what an exception names is what it allows: "unless a
		// reviewer has approved" for "unless Ingrid has approved" widens
		// it, whatever words of its own the candidate keeps.
		for _, o := range p.Objects {
			if o.Type != frame.ObjTerm && !hasObject(cd, w, o) {
				return false
			}
		}
	}
	fake := frame.Clause{Main: p}
	var h hits
	matched := false
	if cue != lexicon.Exception && len(p.Quants) > 0 {
		// A condition's value is what it turns on: one whose values the
		// window holds none of ("only if the QC pass is dated after
		// 2026-11-30" against "the QC-pass records are listed") is not
		// kept, whatever duty or condition stands there. (An exception
		// is held to the names it allows, above.)
		if h, matched = match(od, fake, cd, w), true; h.quants == 0 {
			return false
		}
	}
	if cues(cd, w)&cue != 0 {
		return true // the candidate keeps a condition (an exception) of its own words
	}
	if !matched {
		h = match(od, fake, cd, w)
	}
	total := h.nObjs + h.nQ + h.nStems
	if total == 0 {
		return true
	}
	got := h.objs + h.quants + h.stems
	return got > 0 && float64(got)/float64(total) >= 0.5
}

// exceptedAsCondition returns a clause of window w that allows, with no
// negation of its own, under a condition holding every exception of atom
// a by a name or a word each: the rule's exceptions made the condition of
// the bound's other side. -1 when there is none.
func exceptedAsCondition(a frame.Clause, cd *cand, w window) int {
	if len(a.Exceptions) == 0 {
		return -1
	}
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i].Condition
		if c == nil || cd.Clauses[i].Cues&lexicon.Negation != 0 {
			continue
		}
		held := true
		for _, e := range a.Exceptions {
			held = held && partsShare(e, *c)
		}
		if held {
			return i
		}
	}
	return -1
}

// partsShare reports a name or a stem that parts p and q both hold.
func partsShare(p, q frame.Part) bool {
	for _, o := range p.Objects {
		for _, x := range q.Objects {
			if sameObject(x, o) {
				return true
			}
		}
	}
	for _, s := range p.Stems {
		if slices.Contains(q.Stems, s) {
			return true
		}
	}
	return false
}
