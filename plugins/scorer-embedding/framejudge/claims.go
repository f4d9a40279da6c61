package framejudge

import (
	"slices"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
)

// claimPass gives each rule that no clause states by its words, written in
// another language than the candidate, a clause that restricts as it does
// and that no other item stands on: a summary in English of Japanese rules
// shares few or none of their words, but it restates each in a clause of
// its own (claim says which clauses may be taken).
// The clauses are taken in the candidate's order, one item each, after
// every item paired by its words has taken its own; values, names,
// modality and roles are still compared. A summary that dropped a rule has
// one restricting clause fewer than the rules it must hold, so one stays
// lost.
func (j *Judge) claimPass(cd *cand, items []sdk.Item, docs []*frame.Doc, out []Verdict) {
	var redo []int
	for i, v := range out {
		if !v.Preserved && v.unpaired {
			redo = append(redo, i)
		}
	}
	if len(redo) == 0 {
		return
	}
	cd.claims = &claims{taken: make([]bool, len(cd.Clauses))}
	defer func() { cd.claims = nil }()
	for _, v := range out {
		if v.Preserved {
			cd.claims.take(cd, v)
		}
	}
	for _, i := range redo {
		if k := sameSaying(items, out, i); k >= 0 {
			// The same words, kept for another category, stand on the
			// clauses they already took.
			out[i] = out[k]
			continue
		}
		before := slices.Clone(cd.claims.taken)
		v := j.item(cd, items[i], docs[i])
		if !v.Preserved {
			cd.claims.taken = before
			continue
		}
		cd.claims.take(cd, v)
		out[i] = v
	}
}

// sameSaying returns a kept item with item i's span and words, or -1.
func sameSaying(items []sdk.Item, out []Verdict, i int) int {
	for k := range items {
		if k != i && out[k].Preserved && items[k].Span == items[i].Span && items[k].Text == items[i].Text {
			return k
		}
	}
	return -1
}

// near reports whether a clause of clause k's block (its run of lines
// with no blank line between) is taken: the rules a summary restates stand
// together, so a free clause among them is one of them, and one in a
// block no kept rule stands in (a status paragraph, the next steps) is
// not, unless a heading that names rules ("House rules:") says it is.
func (c *claims) near(cd *cand, k int) bool {
	if cd.Announced(k) {
		return true
	}
	for i := k - 1; i >= 0 && cd.Clauses[i].Line >= cd.Clauses[i+1].Line-1; i-- {
		if c.taken[i] {
			return true
		}
	}
	for i := k + 1; i < len(cd.Clauses) && cd.Clauses[i].Line <= cd.Clauses[i-1].Line+1; i++ {
		if c.taken[i] {
			return true
		}
	}
	return false
}

// take marks the clauses a kept verdict quotes.
func (c *claims) take(cd *cand, v Verdict) {
	for k, cl := range cd.Clauses {
		if cl.Start < v.to && cl.End > v.from {
			c.taken[k] = true
		}
	}
}

// claim finds the first clause no item stands on that restricts as the
// atom does and holds its values and names (see claimPass): among the
// rules already placed first, then anywhere by a word it shares.
func (j *Judge) claim(od *frame.Doc, a frame.Clause, view *atomView, cd *cand, category string) (Verdict, bool) {
	// A rule of two values or more is placed by them wherever it stands,
	// when no rule has been placed yet to say where the rules are: its
	// values are compared below, and a summary rarely holds them all in
	// one place by chance. Not a failed attempt: a failure reported as
	// one is held to none of its values.
	anchored := a.Modality != frame.Failed && len(od.Required(a.Main.Quants)) >= 2 && !slices.Contains(cd.claims.taken, true)
	// First a clause among the rules already placed (near); then,
	// wherever it stands, one that shares a word with the rule (a name, a
	// command, a cognate: "UPDATE" in "asla doğrudan UPDATE çalıştırma",
	// "klienta" and "medycznych" in "the client", "medical"): a summary
	// of one rule has no kept rule to stand beside.
	for _, wherever := range []bool{false, true} {
		for k := range cd.Clauses {
			w := window{k, k}
			if cd.claims.taken[k] || !sameDuty(a.Modality, cd.Clauses[k].Modality) || foreignIDs(a, cd.Clauses[k]) {
				continue
			}
			placed := anchored || cd.claims.near(cd, k)
			if placed == wherever {
				continue
			}
			h := view.match(cd, w)
			if wherever && h.stems+h.objs == 0 {
				continue
			}
			if v := j.settle(od, a, view, cd, category, w, 0.5, h, true); v.Preserved {
				cd.claims.taken[k] = true
				return v, true
			}
		}
	}
	return Verdict{}, false
}

// foreignIDs reports a clause that names an identifier or code the atom
// does not: identifiers are written alike in every language, so a clause
// about d-5531 is not the restatement of a rule that never named it.
func foreignIDs(a frame.Clause, c frame.Clause) bool {
	own := map[string]bool{}
	for _, p := range parts(a) {
		for _, o := range p.Objects {
			own[o.Skel] = true
		}
	}
	for _, p := range parts(c) {
		for _, o := range p.Objects {
			if (o.Type == frame.ObjID || o.Type == frame.ObjCode) && !own[o.Skel] {
				return true
			}
		}
	}
	return false
}

// sameDuty reports whether a clause of modality m states a rule of
// modality rule: a prohibition may be restated as "only" the allowed side,
// a limit as a prohibition beyond it; a duty is a duty.
func sameDuty(rule, m string) bool {
	switch rule {
	case frame.MustNot, frame.Only:
		return m == frame.MustNot || m == frame.Only
	case frame.Limit:
		return m == frame.Limit || m == frame.MustNot
	}
	return m == rule
}

// claims are the candidate clauses already standing for an item.
type claims struct {
	taken []bool
}
