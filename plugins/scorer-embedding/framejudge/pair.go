package framejudge

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// acrossLanguages reports an original and a candidate whose main
// languages are known and differ: their words cannot be compared, only
// their names, values and cognates.
func acrossLanguages(od *frame.Doc, cd *cand) bool {
	return od.Language() != 0 && cd.Language() != 0 && od.Language() != cd.Language()
}

// window is a run of candidate clauses [a, b] read as one place.
type window struct{ a, b int }

// atom judges one atom of an original against the candidate.
func (j *Judge) atom(od *frame.Doc, a frame.Clause, cd *cand, category string) Verdict {
	best, bestScore := window{-1, -1}, 0.0
	var bestHits hits
	bestFits, bestSided, bestSame := false, 0, false
	view := viewOf(od, a)
	limits := limitsOf(od, a)
	bestHolds := false
	for _, w := range cd.windowsFor(od, a) {
		h := view.match(cd, w)
		s := h.score()
		// The restriction must stand where the rule's words are, not in
		// the clause beside them ("Chip.module.css: 2 raw hex → token
		// vars. - Chip stories: … (had only Default/Disabled)").
		fits := a.Modality == ""
		if !fits {
			rw := restricts(cd, w)
			if rw && w.b > w.a {
				rw = restricts(cd, view.core(cd, w)) // a narrower place restricts only if the window does
			}
			fits = rw == (a.Modality != frame.Failed)
		}
		// Of two places as close, the one that bounds the values on the
		// rule's side: "≤ £2,500" and "over £2.5k" both hold £2,500, only
		// the second keeps "above £2,500".
		sided := sidedBounds(od, a, cd, w)
		// Then the one that restricts as the rule does by its own words
		// ("SQL style | no `SELECT *`"), not by a heading's duty lent to
		// a row that shares a word.
		same := ownModality(cd, w, a.Modality)
		// A window that holds the rule's bounds, each with its op, states
		// it before one that shares more of its other words ("Generator
		// must not run more than 6 hours per night, I told Sunday (the
		// night supervisor)" is "six hours a night at most", not "Sunday
		// (night supervisor) has been told"), unless it holds fewer of
		// the rule's values.
		holds := len(limits) > 0 && h.paired() && s >= 0.75*bestScore && holdsAll(limits, cd, w)
		if best.a >= 0 && holds != bestHolds && (holds && h.quants >= bestHits.quants || !holds && bestHits.quants >= h.quants) {
			if holds {
				best, bestScore, bestHits, bestFits, bestSided, bestSame, bestHolds = w, s, h, fits, sided, same, true
			}
			continue
		}
		tie := s > bestScore-1e-9 && best.a >= 0
		switch {
		case s > bestScore+1e-9:
		case tie && fits && !bestFits:
		case tie && fits == bestFits && sided > bestSided:
		case tie && fits == bestFits && sided == bestSided && same && !bestSame:
		case tie && fits == bestFits && sided == bestSided && same == bestSame && w.b-w.a < best.b-best.a:
		default:
			continue
		}
		best, bestScore, bestHits, bestFits, bestSided, bestSame, bestHolds = w, s, h, fits, sided, same, holds
	}
	// A sentence a summary writes in three clauses on one line ("Kamau
	// proposed 3,000 doses; rejected, the order stays at 2,000") may
	// state a rule no clause and its neighbour does: looked at only when
	// no closer place pairs, so it never outvotes one.
	if best.a < 0 || !bestHits.paired() {
		// In a long candidate, only around places that hold a word of the
		// atom (a short one is read whole, as windowsFor reads it).
		all := len(cd.Clauses) < 64
		starts := map[int]bool{}
		if !all {
			for _, w := range cd.windowsFor(od, a) {
				starts[w.a], starts[max(w.a-1, 0)], starts[max(w.a-2, 0)] = true, true, true
			}
		}
		for i := range len(cd.Clauses) {
			if !all && !starts[i] || i+2 >= len(cd.Clauses) || cd.Clauses[i+2].Line != cd.Clauses[i].Line {
				continue
			}
			w := window{i, i + 2}
			h := view.match(cd, w)
			if h.paired() && h.score() > bestScore+1e-9 {
				fits := a.Modality == "" || restricts(cd, w) == (a.Modality != frame.Failed)
				best, bestScore, bestHits, bestFits, bestSided, bestSame = w, h.score(), h, fits, sidedBounds(od, a, cd, w), ownModality(cd, w, a.Modality)
			}
		}
	}
	// A clause that shares the rule's words but not its restriction
	// ("Okonkwo notified about the auto-score on her signed studies")
	// loses to one nearly as close that restricts as the rule does
	// ("studies signed by Dr. Okonkwo are not modified"): the words of a
	// condition must not outvote the rule itself.
	if best.a >= 0 && !bestFits && a.Modality != "" {
		fitW, fitScore, fitHits := window{-1, -1}, 0.0, hits{}
		// A clause that restricts half the words the rule's restriction
		// stands on (scopeStems), sharing two of the rule's words, states
		// it though it shares fewer of them than a closer place ("no raw
		// hex, tokens only" for "no raw hex values in component CSS").
		fitScope := false
		for _, w := range cd.windowsFor(od, a) {
			if restricts(cd, w) != (a.Modality != frame.Failed) {
				continue
			}
			h := view.match(cd, w)
			onScope := h.stems >= 2 && scopeIn(cd, w, view.scope)
			if (h.paired() || onScope) && (onScope && !fitScope || onScope == fitScope && h.score() > fitScore+1e-9) {
				fitW, fitScore, fitHits, fitScope = w, h.score(), h, onScope
			}
		}
		if fitW.a >= 0 && (fitScore >= 0.75*bestScore || fitScope && fitScore >= 0.5*bestScore) {
			best, bestScore, bestHits, bestFits = fitW, fitScore, fitHits, true
		}
	}
	// Across languages most words cannot match; a rule the candidate
	// restates in its own language shares only its cognates and names. A
	// window that restricts as the atom does and shares two of them (one,
	// for an atom of three words or fewer) states it; values, names and
	// modality are still compared below.
	crossLang := acrossLanguages(od, cd)
	acrossPaired := crossLang && best.a >= 0 && bestFits && a.Modality != "" &&
		(bestHits.stems >= 2 || bestHits.stems >= 1 && bestHits.nStems <= 3)
	// A ban with no names or values, restated in a clause that forbids
	// too, shares fewer of its words than a statement must: "Amounts are
	// whole pence, never floats" for "Money is integer pence everywhere
	// (no floats)". Two shared words and two in five will do.
	restatedBan := best.a >= 0 && bestFits && a.Modality == frame.MustNot && ownModality(cd, best, frame.MustNot) && bestHits.nObjs+bestHits.nQ == 0 &&
		bestHits.stems >= 2 && 5*bestHits.stems >= 2*bestHits.nStems
	if (best.a < 0 || !bestHits.paired() && !acrossPaired && !restatedBan) && a.Modality == "" {
		// A statement of names ("dokku-01 runs three apps: billing-api,
		// web-front, cron-worker") may be kept as a table or a list, a
		// name to a row: it is stated where its first name is when every
		// name of it is somewhere in the candidate.
		if w, ok := namedThroughout(view, cd); ok {
			best, bestScore, bestHits = w, 1, view.match(cd, w)
			return j.settle(od, a, view, cd, category, best, bestScore, bestHits, crossLang)
		}
	}
	if best.a < 0 || !bestHits.paired() && !acrossPaired && !restatedBan {
		// The restriction must stand where the rule's words are: "send
		// the CVs today" beside a list of other rules states no rule.
		fits := func(w window) bool {
			return a.Modality == "" || restricts(cd, view.core(cd, w)) == (a.Modality != frame.Failed)
		}
		w, cos, ok := cd.sem.nearest(od, a, cd, fits)
		if !ok {
			if v, ok := altered(od, a, view, cd); ok {
				return v
			}
			if crossLang && a.Modality != "" && cd.claims != nil {
				if v, ok := j.claim(od, a, view, cd, category); ok {
					return v
				}
			}
			return Verdict{Fate: sdk.FateLost, Score: bestScore * 0.5, Note: "no clause of the candidate states it", unpaired: crossLang && a.Modality != ""}
		}
		best, bestScore, bestHits = w, cos, view.match(cd, w)
	}
	return j.settle(od, a, view, cd, category, best, bestScore, bestHits, crossLang)
}

// settle checks the clauses chosen to state an atom: its bounds, modality,
// objects and their roles, condition and exceptions.
func (j *Judge) settle(od *frame.Doc, a frame.Clause, view *atomView, cd *cand, category string, best window, bestScore float64, bestHits hits, crossLang bool) Verdict {
	fail := func(fate, note string) Verdict {
		return Verdict{Fate: fate, Score: bestScore * 0.5, Note: note}
	}
	// Bounds, the qualifiers' too: "only during the 02:10–02:24 pass".
	near0 := window{max(best.a-1, 0), min(best.b+1, len(cd.Clauses)-1)}
	// "may not start before 10 pm" is "only from 22:00 onward": a bound
	// the rule forbids, restated without a negation, is the other side of
	// it.
	ruleAt := view.core(cd, best)
	ev := best // the clauses the evidence quotes
	turned := a.Modality == frame.MustNot && cues(cd, ruleAt)&lexicon.Negation == 0
	// "not after 18:00 unless Mihai is on shift" is "after 18:00 only
	// when Mihai is on shift": the other side of the bound, allowed under
	// the condition the rule excepts, restates the rule.
	excepted := exceptedAsCondition(a, cd, ruleAt)
	own, mine := itemBounds(od), itemValues(od)
	values := od.Required(a.Main.Quants)
	// A failure the summary reports as one, by a failure word where the
	// rule's words are, is kept: its figures ("63 instead of 0",
	// "71/400") and the names beside them say how it failed, and a
	// summary may give them in another order or only the last of them.
	// "No longer fails" lifts the failure and is still held to every
	// value.
	reported := a.Modality == frame.Failed && cues(cd, ruleAt)&(lexicon.Failed|lexicon.Lift) == lexicon.Failed
	if reported {
		values = nil
	}
	for _, qi := range values {
		q := od.Quants[qi]
		if turned {
			q.Op = frame.Flip(q.Op)
		}
		note, fate := bound(q, cd, best, own, mine)
		if fate == sdk.FateAltered && excepted >= 0 {
			// The other side, stated in the clause that allows it only
			// under the excepted condition.
			other := q
			other.Op = frame.Flip(q.Op)
			if findQuant(other, cd, window{excepted, excepted}, true) >= 0 {
				note = ""
			}
		}
		// A rule of several values, or of parts joined by "or"/"nor",
		// may be listed a part to a line.
		n := len(values)
		if note != "" && (best.b-best.a+1 < n || od.Disjoined(a)) {
			at := findQuant(q, cd, near0, true)
			if at < 0 {
				// Further along the same list, on the rule's own side.
				if wide := findQuant(q, cd, listReach(cd, best, max(n-1, 1)), true); wide >= 0 && (q.Op == frame.OpEq || frame.Side(cd.Quants[wide].Op) == frame.Side(q.Op)) {
					at = wide
				}
			}
			if at >= 0 {
				// A rule of several values the summary lists one to a
				// clause ("OM £250k; PM £187.5k; clearly trivial
				// £12.5k"): the value is in the clause beside the
				// window, which the evidence then quotes too.
				note = ""
				ev.a, ev.b = min(ev.a, cd.Quants[at].Clause), max(ev.b, cd.Quants[at].Clause)
			}
		}
		if note != "" && fate == sdk.FateLost {
			if at := nounedBound(q, cd); at >= 0 {
				// A rule of two statements the summary gave a line
				// each ("Tue and Thu 18:00–20:30, at least one trained
				// mechanic per session" → the times under "Sessions",
				// "needs at least one trained mechanic" further down):
				// the bound with its own noun stands where it is.
				note = ""
				ev.a, ev.b = min(ev.a, cd.Quants[at].Clause), max(ev.b, cd.Quants[at].Clause)
			}
		}
		if note != "" && n > 1 {
			if at := apart(q, a, cd, best, view); at >= 0 {
				note = ""
				ev.a, ev.b = min(ev.a, cd.Quants[at].Clause), max(ev.b, cd.Quants[at].Clause)
			}
		}
		if note != "" {
			return fail(fate, note)
		}
		if q.Dim == frame.DimDate && findQuant(q, cd, best, false) < 0 {
			if k := monthNamed(cd, best, q.Value); k >= 0 {
				ev.a = min(ev.a, k)
			}
		}
	}
	for _, p := range qualifiers(a) {
		for _, qi := range od.Required(p.Quants) {
			q := od.Quants[qi]
			if turned && cues(cd, ruleAt)&lexicon.Only != 0 && a.Condition != nil && slices.Contains(a.Condition.Quants, qi) {
				// "No launch if the wind is above 8 knots", restated as
				// what is allowed ("launch only if wind ≤ 8 kt", an
				// "only" and no negation): the condition's bound from the
				// other side.
				q.Op = frame.Flip(q.Op)
			}
			if note, fate := bound(q, cd, near0, own, mine); note != "" && fate == sdk.FateAltered && !(a.Modality == frame.MustNot && forbiddenRange(q, cd, near0)) {
				return fail(fate, note)
			}
		}
	}
	// Modality, read where the rule is.
	if note, fate := modality(od, a, view, bestHits, cd, ruleAt, category, crossLang); note != "" {
		return fail(fate, note)
	}
	// The alternatives a prohibition forbids ("never against the prod
	// database or the staging replica"): a summary that keeps the first
	// allows the others.
	if a.Modality == frame.MustNot && !crossLang {
		if phrase := droppedAlternative(od, a, cd, near0); phrase != "" {
			return fail(sdk.FateAltered, fmt.Sprintf("'%s' dropped from what the rule forbids", phrase))
		}
	}
	// Objects and their roles.
	if note := objects(od, a, cd, best); note != "" && !reported {
		return fail(sdk.FateAltered, note)
	}
	if note := strayName(od, a, cd, best); note != "" {
		return fail(sdk.FateAltered, note)
	}
	if note := topicConflict(a, cd, best); note != "" {
		return fail(sdk.FateAltered, note)
	}
	if note := segmentRoles(od, a, cd, best); note != "" {
		return fail(sdk.FateAltered, note)
	}
	if note := sides(od, a, cd, best); note != "" {
		return fail(sdk.FateAltered, note)
	}
	if note := prepositionRoles(od, a, cd, best); note != "" {
		return fail(sdk.FateAltered, note)
	}
	if note := objectPolarity(od, a, cd, best); note != "" {
		return fail(sdk.FateInverted, note)
	}
	// Condition and exceptions.
	near := window{max(best.a-1, 0), min(best.b+1, len(cd.Clauses)-1)}
	// Across languages a qualifier of words alone cannot be compared; its
	// names and values still can. A rule stated without its condition
	// ("do NOT stop the experiment" for "while you're in there: do NOT
	// stop it") holds always, which asks more of the agent, not less; a
	// condition the summary restates is still read, as a qualifier kept
	// by its own words (qualifierKept). So only a statement's condition
	// must be kept, and the condition of an "only" ("nur, wenn die
	// Feuerwehr an der Strecke steht"): there the condition is what is
	// allowed, and without it the rule allows more.
	ruleOf := a.Modality != "" && a.Modality != frame.Failed && a.Modality != frame.Only && a.Cues&lexicon.Only == 0
	if a.Condition != nil && !ruleOf && !(crossLang && len(a.Condition.Objects)+len(a.Condition.Quants) == 0) && !qualifierKept(od, *a.Condition, cd, near, lexicon.Condition|lexicon.Exception|lexicon.Must) {
		return fail(sdk.FateAltered, fmt.Sprintf("condition '%s' dropped", od.Text[od.Toks[a.Condition.I].Start:od.Toks[a.Condition.J-1].End]))
	}
	for _, e := range a.Exceptions {
		if !(crossLang && len(e.Objects)+len(e.Quants) == 0) && !qualifierKept(od, e, cd, near, lexicon.Exception) {
			return fail(sdk.FateAltered, fmt.Sprintf("exception '%s' dropped", od.Text[od.Toks[e.I].Start:od.Toks[e.J-1].End]))
		}
	}
	if a.Modality == "" {
		ev = statementEvidence(a, cd, ev)
	} else {
		// A rule the summary lists under a heading that names rules
		// ("Constraints:") with no word of its own that restricts is a
		// rule by that heading: the quote holds it.
		own, lent := false, ev.a
		for i := ev.a; i <= ev.b; i++ {
			if l := cd.LentBy(i); l >= 0 {
				lent = min(lent, l)
				own = own || cd.OwnRestriction(i)
			} else if restricts(cd, window{i, i}) {
				own = true
			}
		}
		if !own {
			ev.a = lent
		}
	}
	from, to := cd.Clauses[ev.a].Start, cd.Clauses[ev.b].End
	return Verdict{Preserved: true, Fate: sdk.FateKept, Score: bestScore, Evidence: cd.Text[from:to], from: from, to: to}
}

// droppedAlternative returns an alternative the atom forbids after an
// "or"/"nor" within its negation's reach ("… or the staging replica")
// of which window w holds no word, as a word, stem, kin or clipped form;
// "" when each is there. An alternative is the words after its "or" up to
// the next punctuation, cue or "or"; its names and values are the objects
// and bounds checks' to compare, so one of names or values alone is
// passed over. One shared word keeps an alternative: a summary rewords
// ("bump timeouts" → "raise the timeouts").
func droppedAlternative(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	inQuant := func(k int) bool {
		for _, qi := range a.Main.Quants {
			if q := od.Quants[qi]; k >= q.I && k < q.J {
				return true
			}
		}
		return false
	}
	ws := stemSet(cd, w)
	var kin []string
	held := func(word string) bool {
		s := od.Stem(word)
		if ws[s] || ws["="+word] || clipped(cd, w, ws, s) {
			return true
		}
		if kin == nil {
			kin = kinStems(cd, w)
		}
		return hasKin(kin, cd.kinFolded(s))
	}
	// The main part's range still holds the clause's qualifiers: an
	// exception's "or" ("except hotfixes or reverts") allows, a
	// condition's does not forbid.
	inQual := func(k int) bool {
		for _, p := range qualifiers(a) {
			if k >= p.I && k < p.J {
				return true
			}
		}
		return false
	}
	// stops ends an alternative: punctuation, another cue that opens or
	// joins.
	stops := func(k int) bool {
		return od.Toks[k].Kind == lexicon.Punct || od.Class(k)&(lexicon.Disjunction|lexicon.Coordinator|lexicon.Negation|lexicon.Condition|lexicon.Exception) != 0
	}
	// word reports an alternative's word of its own (not a name, a value
	// or a cue, which the other checks compare).
	word := func(k int) bool {
		t := od.Toks[k]
		return t.Kind == lexicon.Word && od.Class(k) == 0 && !od.IsStop(k) && !inQuant(k) && !t.Upper && utf8.RuneCountInString(t.Norm) > 2 && !strings.ContainsFunc(t.Norm, func(r rune) bool { return !unicode.IsLetter(r) })
	}
	// objectsIn returns the atom's objects that start in [from, to).
	objectsIn := func(from, to int) []frame.Obj {
		var out []frame.Obj
		for _, o := range a.Main.Objects {
			if o.I >= from && o.I < to {
				out = append(out, o)
			}
		}
		return out
	}
	// dropped returns the alternative [from, to), "" when kept. byName:
	// the alternatives are names ("rust-toolchain or any crate in
	// Cargo.lock"), so one the window names is kept, its other words
	// only placing it; alternatives that are actions ("drop or truncate
	// anything in signoz_traces") share their name and differ in words.
	dropped := func(from, to int, byName bool) string {
		var words []string
		for m := from; m < to; m++ {
			if word(m) {
				words = append(words, od.Toks[m].Norm)
			}
		}
		if len(words) == 0 || slices.ContainsFunc(words, held) {
			return ""
		}
		if byName && slices.ContainsFunc(objectsIn(from, to), func(o frame.Obj) bool { return objectMatch(cd, w, o) == 2 }) {
			return ""
		}
		return od.Text[od.Toks[from].Start:od.Toks[to-1].End]
	}
	negated, seenNeg := false, false
	for k := a.Main.I; k < a.Main.J; k++ {
		c := od.Class(k)
		if c&lexicon.Reason != 0 && od.CueStart(k) {
			break // why the rule holds: "because the QA or release team is off"
		}
		if t := od.Toks[k]; t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == "，" || t.Norm == ";") {
			negated = false // "never on Friday, use staging or canary instead"
			continue
		}
		if inQual(k) {
			continue
		}
		if c&lexicon.Negation != 0 && c&lexicon.Disjunction == 0 {
			negated, seenNeg = true, true // "never A or B" forbids B; "A or B, never C" does not
			continue
		}
		if c&lexicon.Disjunction == 0 {
			continue
		}
		if k+1 == a.Main.J || od.Toks[k+1].Kind == lexicon.Punct {
			// A "nor" written after its alternative, at the end of a
			// negated rule ("… nem mehetnek a medencébe, és a szaunába
			// sem": and not into the sauna either): the alternative is
			// what comes before it, back to its joint.
			from := k
			for from > a.Main.I && !stops(from-1) {
				from--
			}
			// It is joined to the negated part by a comma or "and":
			// "don't touch X either" has no alternative of its own.
			joined := from > a.Main.I && (od.Toks[from-1].Kind == lexicon.Punct || od.Class(from-1)&lexicon.Coordinator != 0)
			if seenNeg && joined && from < k {
				if alt := dropped(from, k+1, false); alt != "" {
					return alt
				}
			}
			continue
		}
		if !negated {
			continue
		}
		end := k + 1
		for end < a.Main.J && !stops(end) {
			end++
		}
		prev := k
		for prev > a.Main.I && !stops(prev-1) {
			prev--
		}
		if alt := dropped(k, end, len(objectsIn(prev, k)) > 0); alt != "" {
			return alt
		}
	}
	return ""
}

// statementEvidence widens the evidence of a statement of names (no rule)
// to the candidate text from the first to the last clause naming one of
// them, so the quote holds every name the statement needs.
func statementEvidence(a frame.Clause, cd *cand, w window) window {
	lo, hi := w.a, w.b
	for _, o := range a.Main.Objects {
		if o.Type == frame.ObjTerm || hasObject(cd, w, o) {
			continue
		}
		for i := range cd.Clauses {
			if hasObject(cd, window{i, i}, o) {
				lo, hi = min(lo, i), max(hi, i)
				break
			}
		}
	}
	return window{lo, hi}
}

// altered looks for a clause that states the atom's objects and words
// with another value: the bound was changed, not dropped.
func altered(od *frame.Doc, a frame.Clause, view *atomView, cd *cand) (Verdict, bool) {
	if len(a.Main.Quants) == 0 {
		return Verdict{}, false
	}
	for _, w := range cd.windowsFor(od, a) {
		h := view.match(cd, w)
		if h.nObjs+h.nStems == 0 || float64(h.objs*2+h.stems)/float64(h.nObjs*2+h.nStems) < 0.6 {
			continue
		}
		for _, qi := range a.Main.Quants {
			q := od.Quants[qi]
			if findQuant(q, cd, w, false) >= 0 {
				continue
			}
			for _, yi := range cd.QuantsIn(w.a, w.b) {
				if y := cd.Quants[yi]; frame.Comparable(q.Dim, y.Dim) && q.Dim != frame.DimNumber {
					return Verdict{Fate: sdk.FateAltered, Score: 0.2, Note: fmt.Sprintf("%s, was %s", y.Text, q.Text)}, true
				}
			}
		}
	}
	return Verdict{}, false
}

// valuesAndWords: every value of the atom is in the window, and half its
// words: a limit or an obligation restated without a cue ("shelf life 30
// days, then discard"; "humidity | 45–55 %").
// task reports a duty to be done once ("We need to move the clusters
// from 3.8.0 to 3.9.0", "Il faut caler les ramonages de la semaine du 14
// décembre"): a must with no bound, "only", frequency, condition or
// exception, and no word that makes it hold at all times.
func task(a frame.Clause) bool {
	const standing = lexicon.Standing | lexicon.Per | lexicon.Every | lexicon.Only | lexicon.Upper | lexicon.Lower | lexicon.Negation | lexicon.Exception | lexicon.Condition
	return a.Modality == frame.Must && a.Cues&standing == 0 && a.Condition == nil && len(a.Exceptions) == 0
}

// taskKept reports a window that names everything a task is about, its
// names and its values, and most of its words: a summary reports a task
// as done, under way or next ("moved from 3.8.0 to 3.9.0"), not as a rule.
func taskKept(h hits) bool {
	return h.nObjs+h.nQ > 0 && h.objs == h.nObjs && h.quants == h.nQ && 2*h.stems >= h.nStems
}

func valuesAndWords(h hits) bool {
	// Both ends of a range restated ("kept between 45 % and 60 %") are
	// the rule, whatever the words around them: a status line holds one
	// reading, not the two ends of a band.
	return h.nQ > 0 && h.quants == h.nQ && (h.nStems == 0 || 2*h.stems >= h.nStems || h.nQ >= 2)
}

// limitsOf returns the bounds of the atom's main part (a value with an op
// other than "="): what a limit is about.
func limitsOf(od *frame.Doc, a frame.Clause) []frame.Quantity {
	var out []frame.Quantity
	for _, qi := range od.Required(a.Main.Quants) {
		if q := od.Quants[qi]; q.Op != frame.OpEq && !q.Negated {
			out = append(out, q)
		}
	}
	return out
}

// holdsAll reports a window that holds every one of qs as a bound of the
// same op in a comparable unit: a status line's "minutes=15" holds the value, not
// the limit, and "maximum 4 g" is no "no higher than tier 4".
func holdsAll(qs []frame.Quantity, cd *cand, w window) bool {
	for _, q := range qs {
		if at := findQuant(q, cd, w, true); at < 0 || cd.Quants[at].Op != q.Op || !frame.Comparable(q.Dim, cd.Quants[at].Dim) {
			return false
		}
	}
	return true
}
