package framejudge

import (
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// restricts reports whether the window restricts (frame.Doc.Restricts).
func restricts(cd *cand, w window) bool { return cd.Restricts(w.a, w.b) }

// ownModality reports a clause of the window whose own words (not a
// heading's) give it modality m.
func ownModality(cd *cand, w window, m string) bool {
	if m == "" {
		return false
	}
	for i := w.a; i <= w.b; i++ {
		if cd.Clauses[i].Modality == m && cd.LentBy(i) < 0 {
			return true
		}
	}
	return false
}

// dutyByHeading reports a window that is a rule only by the heading it
// stands under ("Rules:"), with no word of its own that forbids, limits
// or qualifies: a duty, which keeps no prohibition.
func dutyByHeading(cd *cand, w window) bool {
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		if c.Modality != "" && cd.LentBy(i) < 0 {
			return false
		}
	}
	return cues(cd, w)&(lexicon.Negation|lexicon.Only|lexicon.Exception|lexicon.Condition|lexicon.Upper|lexicon.Lower) == 0
}

// core narrows a window to the clauses that hold the atom's objects or
// values, or a third of its words (of a long atom, three words and a
// quarter: "no payslip is emailed before her sign-off" states the end of
// a rule of eleven words): the restriction must be where the rule is,
// not in the clause beside it.
// It is read against the atom's view (viewOf), built once per atom.
func (v *atomView) core(cd *cand, w window) window {
	lo, hi := -1, -1
	for i := w.a; i <= w.b; i++ {
		h := v.match(cd, window{i, i})
		if h.objs+h.quants > 0 || h.stems > 0 && (3*h.stems >= h.nStems || h.stems >= 3 && 4*h.stems >= h.nStems) || restrictsScope(cd, i, v.scope) {
			if lo < 0 {
				lo = i
			}
			hi = i
		}
	}
	if lo < 0 {
		return w
	}
	// Across languages a rule keeps only its cognates and names, and its
	// restriction's own words cannot be matched (scopeStems): a
	// restriction in the clause beside the core, on the same line and
	// sharing a word of the atom, is the rule's own ("The jaguar pieces
	// in the back room are not for sale; they are for the Feria del
	// Alebrije" for "las piezas de jaguar … NO se venden, son para la
	// Feria del Alebrije"). In one language it is not: "only use SSH
	// remotes; --force … is OK" does not forbid --force.
	if acrossLanguages(v.od, cd) && !restricts(cd, window{lo, hi}) {
		for _, i := range []int{lo - 1, hi + 1} {
			if i < w.a || i > w.b || cd.Clauses[i].Line != cd.Clauses[min(max(i, lo), hi)].Line {
				continue
			}
			if restricts(cd, window{i, i}) && v.match(cd, window{i, i}).stems > 0 {
				lo, hi = min(lo, i), max(hi, i)
				break
			}
		}
	}
	return window{lo, hi}
}

// restrictsScope reports clause i of the candidate restricting at least
// half the words of one of scope's sets (frame.Doc.ScopeStems).
func restrictsScope(cd *cand, i int, scope []map[string]bool) bool {
	return len(scope) > 0 && restricts(cd, window{i, i}) && cd.HoldsScope(i, scope)
}

// scopeIn reports a clause of w that restricts half the words of one of
// scope's sets (restrictsScope).
func scopeIn(cd *cand, w window, scope []map[string]bool) bool {
	for i := w.a; i <= w.b; i++ {
		if restrictsScope(cd, i, scope) {
			return true
		}
	}
	return false
}

func cues(cd *cand, w window) lexicon.Class {
	var c lexicon.Class
	for i := w.a; i <= w.b; i++ {
		c |= cd.Clauses[i].Cues
	}
	return c
}

// modality compares the atom's modality with the window's.
func modality(od *frame.Doc, a frame.Clause, view *atomView, h hits, cd *cand, w window, category string, crossLang bool) (string, string) {
	wc := cues(cd, w)
	switch a.Modality {
	case frame.MustNot, frame.Only, frame.Limit, frame.Must:
		if wc&lexicon.Weaken != 0 && a.Cues&lexicon.Weaken == 0 {
			return "weakened to a preference", sdk.FateAltered
		}
		if lifted(cd, w, valuesRuledOut(od, a)) && a.Cues&lexicon.Lift == 0 {
			return "stated as lifted", sdk.FateInverted
		}
		// Across languages the words cannot be counted: a duty whose
		// every value is restated ("Request timeout: 15,000 ms" for "O
		// timeout deve ser 15 segundos") is the rule. A limit is not: a
		// status line holds its number too ("3 running now").
		// An action the person kept for themselves, or an answer that
		// refuses an offer, may be kept without a restriction
		// (frame.Doc.KeptAsOwn).
		own := od.KeptAsOwn(a, cd.Doc, w.a, w.b)
		if !own && !restricts(cd, w) && !((a.Modality == frame.Limit || a.Modality == frame.Must) && valuesAndWords(h) || a.Modality == frame.Must && crossLang && h.nQ > 0 && h.quants == h.nQ || task(a) && taskKept(h)) {
			if a.Modality == frame.MustNot {
				return "kept without its restriction", sdk.FateInverted
			}
			return "kept only as a status, not as a rule", sdk.FateAltered
		}
		if a.Modality == frame.MustNot && !own && !saysMore(view, cd, w) && dutyByHeading(cd, w) {
			// "Rules: - watering in full sun" makes a duty of what the
			// original forbids. A rule line with words of its own
			// ("derived roles keep their names" for "do not rename
			// derived roles") may say the ban as what stays: it is not
			// read as the duty.
			return "kept as a duty, not as a prohibition", sdk.FateInverted
		}
	case frame.Failed:
		// The cause of a failure and the failure itself may stand on two
		// lines side by side ("Cause: pid 4471 idle for 2h41m" / "The
		// retry also FAILED"): the line before or after says it failed.
		if w.a > 0 && cd.Clauses[w.a-1].Line >= cd.Clauses[w.a].Line-1 {
			wc |= cd.Clauses[w.a-1].Cues & lexicon.Failed
		}
		if w.b+1 < len(cd.Clauses) && cd.Clauses[w.b+1].Line <= cd.Clauses[w.b].Line+1 {
			wc |= cd.Clauses[w.b+1].Cues & lexicon.Failed
		}
		if category == sdk.CategoryFailedAttempt && wc&(lexicon.Failed|lexicon.Negation) == 0 {
			return "kept without saying it failed", sdk.FateLost
		}
		// A negation that is not about the attempt ("an 'account on
		// hold' notice" for "ORDER REJECTED: account on credit hold")
		// says the reason, not that the attempt failed: the window must
		// then name what failed.
		if category == sdk.CategoryFailedAttempt && wc&lexicon.Failed == 0 && !crossLang && !namesAttempt(od, a, cd, w) {
			return "kept without saying it failed", sdk.FateLost
		}
	}
	return "", ""
}

// saysMore reports a window whose clauses (not its heading) say the rule
// in words of their own: a word that is none of the atom's, and a word of
// the atom left out.
func saysMore(view *atomView, cd *cand, w window) bool {
	own := map[string]bool{}
	for _, s := range view.stems {
		own[s] = true
	}
	said, more := map[string]bool{}, false
	for i := w.a; i <= w.b; i++ {
		if cd.Clauses[i].Heading {
			continue
		}
		for _, s := range cd.Clauses[i].Main.Stems {
			said[s] = true
			more = more || !own[s]
		}
	}
	if !more {
		return false
	}
	// And it leaves out a word of the rule: "Rename existing derived
	// roles freely" says the rule's own action as a duty.
	for s := range own {
		if !said[s] {
			return true
		}
	}
	return false
}

// namesAttempt reports whether a clause of the window negates what
// failed: a word beside the atom's failure cue in its phrase ("ORDER" in
// "ORDER REJECTED") in a clause with a negation ("the order did not go
// through"). An atom with no such word asks nothing.
func namesAttempt(od *frame.Doc, a frame.Clause, cd *cand, w window) bool {
	head := map[string]bool{}
	for k := a.I; k < a.J; k++ {
		if od.Class(k)&lexicon.Failed == 0 {
			continue
		}
		// Two words each side, within the cue's phrase: a colon or a
		// comma ends it ("ORDER REJECTED: account on hold").
		for _, step := range []int{-1, 1} {
			for m, n := k+step, 0; m >= a.I && m < a.J && n < 2; m += step {
				t := od.Toks[m]
				if t.Kind == lexicon.Punct || t.Kind == lexicon.Newline {
					break
				}
				if t.Kind == lexicon.Word && !od.IsStop(m) && od.Class(m) == 0 {
					head[od.Stem(t.Norm)] = true
					n++
				}
			}
		}
	}
	if len(head) == 0 {
		return true
	}
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		if c.Cues&lexicon.Negation == 0 {
			continue
		}
		for k := c.I; k < c.J; k++ {
			if t := cd.Toks[k]; t.Kind == lexicon.Word && head[cd.Stem(t.Norm)] {
				return true
			}
		}
	}
	return false
}
