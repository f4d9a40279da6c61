package framejudge

import (
	"fmt"
	"slices"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// spelled reports a count written in words in the window (frame
// Doc.Spelled) with q's value and, when both name it, q's noun.
func spelled(q frame.Quantity, cd *cand, w window) bool {
	if q.Dim != frame.DimCount && q.Dim != frame.DimNumber {
		return false
	}
	for _, x := range cd.SpelledIn(w.a, w.b) {
		if frame.CloseTo(x.Value, q.Value) && (q.Noun == "" || x.Noun == q.Noun) {
			return true
		}
	}
	return q.Op == frame.OpEq && cd.ScoresIn(w.a, w.b, q.Value)
}

// findQuant returns the index of a quantity of the window equal to q (in a
// compatible dimension); with strictOp, its op must agree too. Of several,
// it returns the closest: the same value in the same dimension before a
// bare number that could be it ("chuyền 4" beside "≤ 4 giờ/ngày"), and the
// same side of a bound before an unstated one.
func findQuant(q frame.Quantity, cd *cand, w window, strictOp bool) int {
	best, bestRank := -1, 4
	for _, qi := range cd.QuantsIn(w.a, w.b) {
		x := cd.Quants[qi]
		if !cd.Holds(q, qi, w.a, w.b) {
			continue
		}
		same := frame.Comparable(q.Dim, x.Dim) && frame.SameAmount(x.Dim, q.Value, x.Value)
		if strictOp && !opsAgree(q.Op, x.Op) {
			continue
		}
		rank := 0
		if !same {
			rank += 2
		}
		if frame.Side(q.Op) != frame.Side(x.Op) {
			rank++
		}
		if rank < bestRank {
			best, bestRank = qi, rank
		}
	}
	return best
}

// describes reports whether the candidate's value qi is a bound in a
// clause that reports what fails ("NewPool returns an error for values
// below 40"), which says where the rule's other side is, not the rule. A
// value a clause states ("NewPool caps the pool at 40") is no such report.
func describes(cd *cand, qi int) bool {
	c := cd.Quants[qi].Clause
	return cd.Quants[qi].Op != frame.OpEq && c >= 0 && c < len(cd.Clauses) && cd.Clauses[c].Modality == frame.Failed
}

// binds reports whether the clause of the candidate's value qi says in
// words that it binds (an obligation, a negation, an "only"), not only
// by the bound itself.
func binds(cd *cand, qi int) bool {
	c := cd.Quants[qi].Clause
	return c >= 0 && c < len(cd.Clauses) && cd.Clauses[c].Modality != "" && cd.Clauses[c].Cues&(lexicon.Must|lexicon.Negation|lexicon.Only) != 0
}

// boundIn returns a value of the window equal to q in a clause that binds
// in words, or -1.
func boundIn(q frame.Quantity, cd *cand, w window) int {
	for _, qi := range cd.QuantsIn(w.a, w.b) {
		x := cd.Quants[qi]
		if binds(cd, qi) && cd.Holds(q, qi, w.a, w.b) && frame.Comparable(q.Dim, x.Dim) && frame.SameAmount(x.Dim, q.Value, x.Value) {
			return qi
		}
	}
	return -1
}

// nounedBound returns the candidate's one value that restates bound q
// with the same side and the same noun ("at least one trained mechanic"),
// or -1: a bound that names what it counts is the same rule wherever the
// summary puts it. A bare value, an equality, or a value the candidate
// gives twice is not paired this way.
func nounedBound(q frame.Quantity, cd *cand) int {
	if q.Noun == "" || q.Op == frame.OpEq {
		return -1
	}
	found := -1
	for qi, x := range cd.Quants {
		if x.Noun == q.Noun && x.Op == q.Op && frame.Comparable(q.Dim, x.Dim) && frame.SameAmount(x.Dim, q.Value, x.Value) {
			if found >= 0 {
				return -1
			}
			found = qi
		}
	}
	return found
}

// monthNamed returns the clause that names a whole month (a date of day
// 0): the window's first, or a heading above it (frame.MonthAbove: "Lingua
// Viva, January term:" over "B2 groups: at most 12 students"); or a
// heading or the opening line above that holds the date itself
// (frame.DayAbove). The evidence then quotes it too; -1 when none does.
func monthNamed(cd *cand, w window, date float64) int {
	if cd.NamesMonth(cd.Clauses[w.a].I, cd.Clauses[w.b].J, date) {
		return w.a
	}
	if k := cd.MonthAbove(w.a, date); k >= 0 {
		return k
	}
	return cd.DayAbove(w.a, frame.DimDate, date) // the event's date at the text's top
}

// opsAgree: the same bound, or one side unstated.
func opsAgree(a, b string) bool {
	return a == b || a == frame.OpEq || b == frame.OpEq || frame.Side(a) == frame.Side(b)
}

// sidedBounds counts the atom's bounds the window holds with the same
// value on the same side.
func sidedBounds(od *frame.Doc, a frame.Clause, cd *cand, w window) int {
	n := 0
	for _, qi := range a.Main.Quants {
		if q := od.Quants[qi]; q.Op != frame.OpEq && findQuant(q, cd, w, true) >= 0 {
			n++
		}
	}
	return n
}

// itemBounds returns the bounds the item's text sets, in any of its
// atoms: "Open Water at most 18 m, Advanced up to 30 m" sets both. A
// status value ("the pool has 5 nodes") and a ruled-out one are none.
func itemBounds(od *frame.Doc) []frame.Quantity {
	var out []frame.Quantity
	for _, q := range itemValues(od) {
		if q.Op != frame.OpEq {
			out = append(out, q)
		}
	}
	return out
}

// bound checks one bound of the atom against the window; own are the
// bounds its item sets, none of which is another value of the same
// limit, and mine every value the item states.
func bound(q frame.Quantity, cd *cand, w window, own, mine []frame.Quantity) (string, string) {
	// The value with the same bound first: a window that lists "≤ £2,500"
	// and "over £2.5k up to £20k" keeps a rule "above £2,500" by the
	// second.
	at := findQuant(q, cd, w, true)
	if at < 0 || describes(cd, at) {
		// But a value where the candidate binds in words comes before
		// the same bound in a report of what fails: "the pool must keep
		// at least 40" restates the rule, "NewPool returns an error for
		// values below 40" beside it does not.
		if x := boundIn(q, cd, w); x >= 0 {
			at = x
		} else if at < 0 {
			at = findQuant(q, cd, w, false)
		}
	}
	if at >= 0 {
		x := cd.Quants[at]
		if !opsAgree(q.Op, x.Op) {
			return fmt.Sprintf("%s became %s %s", describe(q), x.Op, x.Text), sdk.FateAltered
		}
		if q.Op != frame.OpEq && x.Op == frame.OpEq {
			// The value is there as a status; a same-kind bound with
			// another value here or in the clause after it says the
			// limit moved ("3 running now, cap raised to 6").
			// A value the rule itself sets for another case ("Open Water
			// 18 m, Advanced up to 30 m") is not the limit moved.
			for _, yi := range cd.QuantsIn(w.a, w.b+1) {
				if y := cd.Quants[yi]; frame.Comparable(q.Dim, y.Dim) && frame.Side(y.Op) == frame.Side(q.Op) && !frame.CloseTo(y.Value, q.Value) && !slices.ContainsFunc(own, func(o frame.Quantity) bool {
					return frame.CloseTo(o.Value, y.Value) && frame.Comparable(o.Dim, y.Dim) && frame.Side(o.Op) == frame.Side(y.Op)
				}) {
					return fmt.Sprintf("%s, was %s", y.Text, q.Text), sdk.FateAltered
				}
			}
		}
		return "", ""
	}
	if q.Dim == frame.DimDate && monthNamed(cd, w, q.Value) >= 0 {
		return "", "" // a whole month, named before a noun ("the January term")
	}
	if q.Dim == frame.DimWeekday && cd.DayAbove(w.a, q.Dim, q.Value) >= 0 {
		return "", "" // the event's weekday in the title over the rule ("Gara sociale — sabato 12/12")
	}
	if spelled(q, cd, w) {
		return "", "" // "two podiatrists on every Saturday" for "at least two"
	}
	for _, yi := range cd.QuantsIn(w.a, w.b) {
		// A value the item itself states for another of its parts ("TTL
		// 8760h, leaf certs 720h" beside "leaf max_ttl 30 days") is that
		// part, not this one changed.
		if y := cd.Quants[yi]; frame.Comparable(q.Dim, y.Dim) && (q.Noun == "" || y.Noun == "" || q.Noun == y.Noun) && !stated(y, mine) {
			return fmt.Sprintf("%s, was %s", y.Text, q.Text), sdk.FateAltered
		}
	}
	return fmt.Sprintf("%s missing", q.Text), sdk.FateLost
}

// apart returns a value of the candidate outside w equal to q, on q's
// side of the bound, in a clause that shares a word of the atom: a rule
// of several values a summary gives in sentences apart ("TTL 8760h, leaf
// certs max_ttl 720h" as "new intermediate … TTL 365 days" and, two
// sentences on, "Leaf max_ttl 30 days"). Only a plain value is read
// apart: a bound, or the value an "only" confines the rule to, is the
// rule itself and must stand where it is. -1 when there is none.
func apart(q frame.Quantity, a frame.Clause, cd *cand, w window, v *atomView) int {
	if q.Op != frame.OpEq || a.Modality == frame.Only {
		return -1
	}
	for qi, x := range cd.Quants {
		if x.Clause < 0 || x.Clause >= len(cd.Clauses) || x.Clause >= w.a && x.Clause <= w.b {
			continue
		}
		if !frame.Comparable(q.Dim, x.Dim) || !frame.SameAmount(x.Dim, q.Value, x.Value) || !opsAgree(q.Op, x.Op) || describes(cd, qi) {
			continue
		}
		if v.match(cd, window{x.Clause, x.Clause}).stems > 0 {
			return qi
		}
	}
	return -1
}

// stated reports whether y is one of the values vs.
func stated(y frame.Quantity, vs []frame.Quantity) bool {
	return slices.ContainsFunc(vs, func(v frame.Quantity) bool {
		return frame.Comparable(v.Dim, y.Dim) && frame.SameAmount(y.Dim, v.Value, y.Value) && frame.Side(v.Op) == frame.Side(y.Op)
	})
}

// itemValues returns every value the item's text states and does not
// rule out.
func itemValues(od *frame.Doc) []frame.Quantity {
	var out []frame.Quantity
	for _, q := range od.Quants {
		if !q.Negated {
			out = append(out, q)
		}
	}
	return out
}

// listReach widens w by up to k clauses on each side without crossing a
// heading: the place of a rule of k+1 values a summary split into a list
// ("Start 21:30, menu 65 €, children under 10 half price" as three
// bullets). A value found there with the rule's own side of the bound is
// the rule's.
func listReach(cd *cand, w window, k int) window {
	r := w
	for i := 0; i < k && r.a > 0 && !cd.OpensSection(r.a) && !cd.OpensSection(r.a-1); i++ {
		r.a--
	}
	for i := 0; i < k && r.b+1 < len(cd.Clauses) && !cd.OpensSection(r.b+1); i++ {
		r.b++
	}
	return r
}

// forbiddenRange reports the condition of a prohibition restated as the
// range it forbids: "do not start when the sea is under 4 °C" (a
// condition <= 4) as "no start under 4 °C", which the reader, turning
// the negation onto the bound, reads as a rule >= 4. The value stands in
// the main part of a prohibition of the window, with the other side of
// the condition's bound.
func forbiddenRange(q frame.Quantity, cd *cand, w window) bool {
	at := findQuant(q, cd, w, false)
	if at < 0 {
		return false
	}
	x := cd.Quants[at]
	c := cd.Clauses[x.Clause]
	return c.Cues&lexicon.Negation != 0 && slices.Contains(c.Main.Quants, at) && frame.Side(x.Op) == frame.Side(frame.Flip(q.Op))
}

func describe(q frame.Quantity) string {
	if q.Op == frame.OpEq {
		return q.Text
	}
	return q.Op + " " + q.Text
}

// lifted reports a clause of the window that says a rule was lifted and
// states no rule itself ("the freeze was lifted"; not "NGC 3114 removed,
// targets must be ≥ 30° from the Moon").
func lifted(cd *cand, w window, out []frame.Quantity) bool {
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		if c.Cues&lexicon.Lift != 0 && c.Cues&(lexicon.Negation|lexicon.Only|lexicon.Must|lexicon.Upper|lexicon.Lower) == 0 && c.Modality == "" && !liftsOnly(cd, i, out) {
			return true
		}
	}
	return false
}

// valuesRuledOut returns the values atom a rules out ("£18.50 per run, not £18
// like last year").
func valuesRuledOut(od *frame.Doc, a frame.Clause) []frame.Quantity {
	var out []frame.Quantity
	for _, qi := range a.Main.Quants {
		if q := od.Quants[qi]; q.Negated {
			out = append(out, q)
		}
	}
	return out
}

// liftsOnly reports a lifting clause i whose values are all values the
// rule itself rules out: "(last year's GBP 18 no longer applies)" ends
// the old fee, not the rule that sets the new one.
func liftsOnly(cd *cand, i int, out []frame.Quantity) bool {
	qs := cd.QuantsIn(i, i)
	if len(qs) == 0 || len(out) == 0 {
		return false
	}
	for _, qi := range qs {
		x, found := cd.Quants[qi], false
		for _, q := range out {
			if frame.Comparable(q.Dim, x.Dim) && frame.SameAmount(x.Dim, q.Value, x.Value) {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}
