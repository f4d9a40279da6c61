package framejudge

import (
	"fmt"
	"sort"

	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// rolesTraded reports two names the original gives phrases of their own
// ("Lena reviews the code, Otto merges it", frame.Roles) that the
// candidate trades: each name's phrase in the candidate shares more words
// with the other name's phrase of the original than with its own. Each
// atom alone may be kept (every name and word is there), so only the pair
// shows the swap. Across languages the words cannot be compared, so it
// says nothing there.
func rolesTraded(od *frame.Doc, orig []frame.Role, cd *cand) string {
	if acrossLanguages(od, cd) {
		return ""
	}
	if len(orig) < 2 {
		return ""
	}
	cands := cd.phraseRoles()
	for i := 0; i < len(orig); i++ {
		for j := i + 1; j < len(orig); j++ {
			a, b := orig[i], orig[j]
			if a.Name.Skel == b.Name.Skel {
				continue
			}
			ca, cb := phrasesNaming(cands, a.Name), phrasesNaming(cands, b.Name)
			if ca == nil || cb == nil {
				continue
			}
			own := shared(a.Stems, ca) + shared(b.Stems, cb)
			crossA, crossB := shared(a.Stems, cb), shared(b.Stems, ca)
			if crossA > 0 && crossB > 0 && crossA+crossB > own {
				return fmt.Sprintf("%s and %s traded roles", a.Name.Text, b.Name.Text)
			}
		}
	}
	return ""
}

// partnerTraded reports two names the original pairs in one phrase
// ("do Koliby Zbojnícka vozí vždy Peter": Koliba is Peter's) that the
// candidate pairs each with another name and not with each other
// ("do Koliby Zbojnícka jazdí Juraj; do Hotela Tatra jazdí Peter"): who
// goes where was traded. A name the candidate writes alone or not at all
// says nothing, nor does a pair kept anywhere in the candidate. Names are
// written alike in every language, so it reads across languages too.
func partnerTraded(orig []frame.Role, cd *cand) string {
	partners := cd.pairedNames()
	for _, r := range orig {
		if !r.Paired || r.Name.Skel == "" || r.Partner.Skel == "" {
			continue
		}
		pa, pb := partners[r.Name.Skel], partners[r.Partner.Skel]
		if len(pa) == 0 || len(pb) == 0 {
			continue
		}
		if _, ok := pa[r.Partner.Skel]; ok {
			continue
		}
		if _, ok := pb[r.Name.Skel]; ok {
			continue
		}
		for _, other := range pb {
			return fmt.Sprintf("%s now goes with %s, was %s", r.Partner.Text, other, r.Name.Text)
		}
	}
	return ""
}

// pairedNames maps each name the candidate pairs in one phrase to its
// partners (skeleton → text), built once per candidate.
func (cd *cand) pairedNames() map[string]map[string]string {
	if cd.partners != nil {
		return cd.partners
	}
	cd.partners = map[string]map[string]string{}
	for _, r := range cd.phraseRoles() {
		if !r.Paired {
			continue
		}
		if cd.partners[r.Name.Skel] == nil {
			cd.partners[r.Name.Skel] = map[string]string{}
		}
		cd.partners[r.Name.Skel][r.Partner.Skel] = r.Partner.Text
	}
	return cd.partners
}

// phraseRoles returns the candidate's roles (frame.Roles), read once per
// candidate: every item's role checks ask for them.
func (cd *cand) phraseRoles() []frame.Role {
	if cd.roles == nil {
		rs := cd.Roles()
		cd.roles = &rs
	}
	return *cd.roles
}

// phrasesNaming returns the stems of the candidate's phrases that give o
// a part, nil when none does.
func phrasesNaming(rs []frame.Role, o frame.Obj) map[string]bool {
	var out map[string]bool
	for _, r := range rs {
		if r.Name.Skel != o.Skel || o.Skel == "" {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		for s := range r.Stems {
			out[s] = true
		}
	}
	return out
}

// shared counts the stems of a that b holds.
func shared(a, b map[string]bool) int {
	n := 0
	for s := range a {
		if b[s] {
			n++
		}
	}
	return n
}

// roleCues are the cues a rule turns on: what stands before "never",
// "only after", "at most" is on one side of the rule, what follows on the
// other.
const roleCues = lexicon.Negation | lexicon.Only | lexicon.Upper | lexicon.Lower | lexicon.Must

// slot is where a term stands in a rule: after the first role cue or not,
// and the function word before it ("from", "to").
type slot struct {
	after bool
	prep  string
	prev  string // the word right before, when it is no function word
}

// terms maps each word and object skeleton of tokens [i, j) of d, seen
// once, to its slot.
func terms(d *frame.Doc, i, j int) map[string]slot {
	cue := -1
	for k := i; k < j; k++ {
		if d.Class(k)&roleCues != 0 {
			cue = k
			break
		}
	}
	out := map[string]slot{}
	if cue < 0 {
		return out
	}
	isObj := map[int]bool{} // names move in a reworded sentence; identifiers keep their place
	isName := map[int]bool{}
	for _, c := range d.Clauses {
		if c.J <= i || c.I >= j {
			continue
		}
		for _, p := range parts(c) {
			for _, o := range p.Objects {
				isObj[o.I] = o.Type != frame.ObjName
				isName[o.I] = o.Type == frame.ObjName
			}
		}
	}
	for k := i; k < j; k++ {
		t := d.Toks[k]
		if t.Kind != lexicon.Word || d.IsStop(k) || isName[k] {
			continue
		}
		key := lexicon.FoldMarks(t.Norm)
		if _, seen := out[key]; seen {
			continue // a word said again keeps the place it was first given
		}
		// The slot word: any function word before a name; before a plain
		// word only a cue word ("from", "to"), not an article.
		prep := ""
		if k > i && d.IsStop(k-1) && (isObj[k] || d.Class(k-1) != 0) {
			prep = d.Toks[k-1].Norm
		}
		prev := "" // the word before, when it says something ("against"), not an article
		if k > i && d.Toks[k-1].Kind == lexicon.Word && !d.IsStop(k-1) {
			prev = lexicon.FoldMarks(d.Toks[k-1].Norm)
		}
		out[key] = slot{after: k > cue, prep: prep, prev: prev}
	}
	return out
}

// sides finds two terms that changed sides of the rule in opposite
// directions from parallel slots of the original (the same function word
// before each):
// "from release/3.2, never from main" against "from main, never from
// release/3.2"; "to canary-eu, never to prod-eu" against the reverse. A
// reworded sentence that moves the subject ("us-east-1 is off-limits for
// personal data" → "personal data must never go to us-east-1") moves terms
// from different slots, and is no swap.
func sides(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	ot := terms(od, a.Main.I, a.Main.J)
	ct := terms(cd.Doc, cd.Clauses[w.a].I, cd.Clauses[w.b].J)
	// A term that crossed to the other side where the original's term is
	// gone took its place: "against prod only after the staging
	// rehearsal" → "against staging only after the rehearsal".
	for _, k1 := range sortedKeys(ot) {
		s1 := ot[k1]
		c1, ok := ct[k1]
		if !ok || c1.after == s1.after {
			continue
		}
		for _, k2 := range sortedKeys(ot) {
			s2 := ot[k2]
			if _, kept := ct[k2]; kept || k2 == k1 || s2.after != c1.after || s2.prev == "" || s2.prev != c1.prev {
				continue
			}
			return fmt.Sprintf("%s took the place of %s", k1, k2)
		}
	}
	for _, k1 := range sortedKeys(ot) {
		s1 := ot[k1]
		c1, ok := ct[k1]
		if !ok || c1.after == s1.after || s1.prep == "" || s1.after {
			continue
		}
		for _, k2 := range sortedKeys(ot) {
			s2 := ot[k2]
			c2, ok := ct[k2]
			if !ok || k2 == k1 || !s2.after || c2.after || s2.prep != s1.prep {
				continue
			}
			return fmt.Sprintf("%s and %s swapped sides of the rule", k1, k2)
		}
	}
	return ""
}

// objectPolarity: an object the atom allows only ("only eu-west-1") must
// not sit in a forbidding clause of the candidate, and an object it
// forbids must not sit in an allowing one.
func objectPolarity(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	for _, o := range a.Main.Objects {
		if !governed(od, o.I, lexicon.Negation|lexicon.Only) {
			continue // not the name the rule forbids or allows ("…, go through Claire Mounier")
		}
		if a.Modality == frame.MustNot && governed(od, o.I, lexicon.Negation) {
			if other := forbidsAnother(cd, w, o); other != "" {
				return fmt.Sprintf("%s is forbidden in the original; the candidate forbids %s and names %s without a restriction", o.Text, other, o.Text)
			}
		}
		for i := w.a; i <= w.b; i++ {
			c := cd.Clauses[i]
			if !hasObject(cd, window{i, i}, o) || topicNames(cd, window{i, i}, o) {
				continue // a heading's name ("UN3480: freighters only") is what the rule is about, not what it allows
			}
			switch {
			case len(a.Exceptions) > 0 || len(c.Exceptions) > 0:
			case a.Modality == frame.MustNot && a.Condition != nil:
				// A prohibition under its condition is the "only" of the
				// other side: "no new dependencies without approval" is
				// "new dependencies only with approval".
			case a.Modality == frame.Only && c.Modality == frame.MustNot && c.Cues&lexicon.Only == 0 && governsObject(cd, c, o, lexicon.Negation):
				return fmt.Sprintf("%s is the only one allowed in the original, forbidden in the candidate", o.Text)
			case a.Modality == frame.MustNot && c.Modality == frame.Only && c.Cues&lexicon.Negation == 0 && governsObject(cd, c, o, lexicon.Only):
				return fmt.Sprintf("%s is forbidden in the original, the only one allowed in the candidate", o.Text)
			}
		}
	}
	return ""
}

// forbidsAnother returns the name of o's kind that a forbidding clause of
// the window rules out in o's place, when every clause of the window that
// names o forbids nothing: "do not send it to Johan Eklund" restated as
// "address it to Johan Eklund. Do not send it to Johanna Ek". "" when o
// is still under a restriction, or no other name took its place.
func forbidsAnother(cd *cand, w window, o frame.Obj) string {
	named := false
	for i := w.a; i <= w.b; i++ {
		if c := cd.Clauses[i]; hasObject(cd, window{i, i}, o) {
			// A clause that forbids it, or binds it by a duty of its own
			// ("react-native-maps remains pinned at 1.18.0"), states the
			// rule about it; a bare mention or a permission ("may be
			// deleted after 14 days") trades it for another.
			if c.Modality == frame.MustNot || c.Cues&lexicon.Negation != 0 || c.Modality == frame.Must && cd.LentBy(i) < 0 {
				return ""
			}
			named = true
		}
	}
	if !named {
		return ""
	}
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		if c.Modality != frame.MustNot {
			continue
		}
		for _, x := range c.Main.Objects {
			if x.Skel != o.Skel && x.Type == o.Type && governsObject(cd, c, x, lexicon.Negation) {
				return x.Text
			}
		}
	}
	return ""
}

// governsObject reports a cue of class cl governing object o where
// candidate clause c names it: before it, or after it with no comma
// between ("eu-west-1 stays off-limits", a verb-final clause). "Via their
// public entry (@acme/ui), never their src/" forbids src/, not @acme/ui.
func governsObject(cd *cand, c frame.Clause, o frame.Obj, cl lexicon.Class) bool {
	for _, x := range c.Main.Objects {
		if x.Skel != o.Skel {
			continue
		}
		if governed(cd.Doc, x.I, cl) {
			return true
		}
		for k := x.I + 1; k < c.J; k++ {
			if t := cd.Toks[k]; t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == ";" || t.Norm == "，" || t.Norm == "、") {
				return false
			}
			if cd.Class(k)&cl != 0 {
				return true
			}
		}
		return false
	}
	return true
}

// roles maps each word of a segment (a stretch between commas,
// semicolons and clause ends) that names exactly one object to that
// object: in "pg-eu-01 ist der Primary, pg-eu-02 die Replica" primary
// goes with pg-eu-01 and replica with pg-eu-02, whichever side the word
// stands on.
func roles(d *frame.Doc, i, j int) map[string]string {
	objAt := map[int]string{}
	for _, c := range d.Clauses {
		if c.J <= i || c.I >= j {
			continue
		}
		for _, p := range parts(c) {
			for _, o := range p.Objects {
				if o.Type != frame.ObjName {
					objAt[o.I] = o.Skel
				}
			}
		}
	}
	out := map[string]string{}
	clash := map[string]bool{}
	flush := func(from, to int) {
		obj, n := "", 0
		for k := from; k < to; k++ {
			if s, ok := objAt[k]; ok && s != obj {
				obj, n = s, n+1
			}
		}
		if n != 1 {
			return
		}
		for k := from; k < to; k++ {
			t := d.Toks[k]
			if _, isObj := objAt[k]; isObj || t.Kind != lexicon.Word || d.IsStop(k) {
				continue
			}
			w := lexicon.FoldMarks(t.Norm)
			if prev, ok := out[w]; ok && prev != obj {
				clash[w] = true
			}
			out[w] = obj
		}
	}
	start := i
	for k := i; k < j; k++ {
		if t := d.Toks[k]; t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == ";") {
			flush(start, k)
			start = k + 1
		}
	}
	flush(start, j)
	for w := range clash {
		delete(out, w)
	}
	return out
}

// segmentRoles finds a role word that went from one object of the atom
// to another: primary and replica swapped between pg-eu-01 and pg-eu-02.
func segmentRoles(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	or := roles(od, a.I, a.J)
	if len(or) == 0 {
		return ""
	}
	objs := map[string]bool{}
	for _, o := range a.Main.Objects {
		objs[o.Skel] = true
	}
	text := map[string]string{}
	for _, o := range a.Main.Objects {
		text[o.Skel] = o.Text
	}
	cr := roles(cd.Doc, cd.Clauses[w.a].I, cd.Clauses[w.b].J)
	for _, word := range sortedKeys(or) {
		o := or[word]
		if x, ok := cr[word]; ok && x != o && objs[x] {
			return fmt.Sprintf("%s now stands for %s, not %s", word, text[x], text[o])
		}
	}
	return ""
}

// prepositionRoles finds two names of the atom that traded the function
// words before them: "move the replicas from k8s-w07 to k8s-w11" restated
// as "from k8s-w11 to k8s-w07", "de staging a prod" as "de prod a
// staging". Source and target, sender and receiver swap so in every
// language that writes its prepositions before the name. A name the
// summary writes without one keeps no role to compare.
func prepositionRoles(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	before := func(d *frame.Doc, k, from int) string {
		if k > from && d.IsStop(k-1) {
			return lexicon.FoldMarks(d.Toks[k-1].Norm)
		}
		return ""
	}
	type named struct{ skel, text, prep string }
	var orig []named
	for _, o := range a.Main.Objects {
		if p := before(od, o.I, a.Main.I); p != "" && o.Skel != "" {
			orig = append(orig, named{o.Skel, o.Text, p})
		}
	}
	if len(orig) < 2 {
		return ""
	}
	preps := map[string]map[string]bool{} // the candidate's names → the words before them
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		for _, p := range parts(c) {
			for _, o := range p.Objects {
				if preps[o.Skel] == nil {
					preps[o.Skel] = map[string]bool{}
				}
				preps[o.Skel][before(cd.Doc, o.I, c.I)] = true
			}
		}
	}
	for _, x := range orig {
		for _, y := range orig {
			if x.skel == y.skel || x.prep == y.prep {
				continue
			}
			px, py := preps[x.skel], preps[y.skel]
			if px[y.prep] && !px[x.prep] && py[x.prep] && !py[y.prep] {
				return fmt.Sprintf("%s and %s swapped places (%s %s, %s %s)", x.text, y.text, x.prep, x.text, y.prep, y.text)
			}
		}
	}
	return ""
}

// sortedKeys returns m's keys in order, so that a note names the same
// pair on every run.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// governed reports a cue of class c before token k with no comma, dash or
// clause end between: the name a negation or an "only" is about ("only
// ever use the bucket in eu-west-1"; not "do not call the farmer, go
// through Claire Mounier").
func governed(d *frame.Doc, k int, c lexicon.Class) bool {
	for b := k - 1; b >= 0; b-- {
		// A name in parentheses is an aside ("never npm or yarn (the
		// lockfile is pnpm-lock.yaml)"): the cue before it is not its.
		if t := d.Toks[b]; t.Kind == lexicon.Newline || t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == ";" || t.Norm == "." || t.Norm == "，" || t.Norm == "(" || t.Norm == "（" || t.Norm == "—" || t.Norm == "–") {
			return false
		}
		if d.Class(b)&c != 0 {
			return true
		}
	}
	return false
}

// itemNames reports a name of the candidate that the item's text names
// too, in any of its clauses: "…, pero nunca firma los albaranes, solo los
// firma Lucía" gives Lucía her own part of the rule.
func itemNames(od *frame.Doc, x frame.Obj) bool {
	for _, c := range od.Clauses {
		for _, p := range parts(c) {
			for _, o := range p.Objects {
				if namesOne(x, o) {
					return true
				}
			}
		}
	}
	return false
}

// otherPerson returns a name of clauses i..j that the item does not name,
// or "".
func otherPerson(od *frame.Doc, cd *cand, i, j int) string {
	for k := i; k <= j; k++ {
		for _, p := range parts(cd.Clauses[k]) {
			for _, x := range p.Objects {
				if x.Type == frame.ObjName && !x.Negated && !itemNames(od, x) {
					return x.Text
				}
			}
		}
	}
	return ""
}

// strayName reports a rule about a person that the summary states only by
// joining the person's line to the next line's restriction, which names
// another person the item does not ("Sam … never medicates" against "-
// Sam gives all medication" over "- Kerry … does not medicate"): that
// line's rule is the other person's.
func strayName(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	if a.Modality == "" || a.Modality == frame.Failed {
		return ""
	}
	for _, o := range a.Main.Objects {
		if o.Type != frame.ObjName || o.Negated {
			continue
		}
		at, times := -1, 0
		for i := w.a; i <= w.b; i++ {
			if objectMatch(cd, window{i, i}, o) == 2 {
				at, times = i, times+1
			}
		}
		if times != 1 || cd.Clauses[w.a].Line == cd.Clauses[w.b].Line || restricts(cd, window{at, at}) {
			continue
		}
		for i := w.a; i <= w.b; i++ {
			if i == at || !restricts(cd, window{i, i}) {
				continue
			}
			if x := otherPerson(od, cd, i, i); x != "" {
				return fmt.Sprintf("the rule on %s is stated of %s", o.Text, x)
			}
		}
	}
	return ""
}
