package framejudge

import (
	"strings"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// atomsOf picks the clauses of an item that must be kept: those with a
// modality (for a failed attempt, the failure), else every clause that
// names something.
func atomsOf(d *frame.Doc, category string) []frame.Clause {
	atoms := clausesToKeep(d, category)
	for i := range atoms {
		// Why the rule holds is no part of what must be kept: "bed temp
		// max 110 °C, because the old heaters can't take more" is kept
		// by "bed ≤ 110 °C".
		atoms[i].Reason = nil
	}
	return atoms
}

// clausesToKeep returns the clauses of d that a summary must keep for an
// item of category (atomsOf).
func clausesToKeep(d *frame.Doc, category string) []frame.Clause {
	var out []frame.Clause
	for _, c := range d.Clauses {
		switch {
		case category == sdk.CategoryFailedAttempt && c.Modality == frame.Failed:
			out = append(out, c)
		case category != sdk.CategoryFailedAttempt && c.Modality != "" && c.Modality != frame.Failed:
			out = append(out, c)
		}
	}
	if len(out) > 0 {
		out = carrySubject(d, out)
		// An atom left with no word, name, value or qualifier ("…, not
		// from here") holds nothing a summary could state; the rule
		// beside it is judged.
		kept := out[:0]
		for _, a := range out {
			if len(a.Main.Objects)+len(a.Main.Quants)+len(a.Main.Stems)+len(a.Exceptions) > 0 || a.Condition != nil {
				kept = append(kept, a)
			}
		}
		if len(kept) > 0 {
			return kept
		}
		// Every restricting clause names nothing (a bare "No."): what
		// the item names is judged, as for a statement.
		if named := namedClauses(d); len(named) > 0 {
			return named
		}
		return out
	}
	return namedClauses(d)
}

// namedClauses returns the clauses of a statement that a summary must
// keep: those that name something or hold a value, else those with words.
func namedClauses(d *frame.Doc) []frame.Clause {
	var out []frame.Clause
	for _, c := range d.Clauses {
		switch {
		case len(c.Main.Objects)+len(c.Main.Quants) > 0:
			out = append(out, c)
		case len(c.Main.Stems) == 0 && c.Condition != nil && len(c.Condition.Objects)+len(c.Condition.Quants) > 0:
			// A sentence the reader took whole for a condition, with no
			// comma to end it ("If it finds a mismatch above €50 it pages
			// #payouts-oncall"), is judged by what it holds.
			c.Main, c.Condition = *c.Condition, nil
			out = append(out, c)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, c := range d.Clauses {
		if len(c.Main.Stems) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// carrySubject gives an atom that names nothing ("so do not pay out
// anything to them") the objects and words of the clauses before it in
// the item: the subject the rule is about.
func carrySubject(d *frame.Doc, atoms []frame.Clause) []frame.Clause {
	for i := range atoms {
		a := &atoms[i]
		if len(a.Main.Objects)+len(a.Main.Quants) > 0 {
			continue
		}
		for _, c := range d.Clauses {
			if c.I >= a.I {
				break
			}
			if c.Modality != "" || sentenceBetween(d, c.J, a.I) {
				continue // another rule, or another sentence: not the subject
			}
			a.Main.Objects = append(a.Main.Objects, c.Main.Objects...)
			a.Main.Stems = append(a.Main.Stems, c.Main.Stems...)
		}
	}
	return atoms
}

// sentenceBetween reports a sentence end (. ; ! ? or a line break) in
// tokens [i, j).
func sentenceBetween(d *frame.Doc, i, j int) bool {
	for k := i; k < j && k < len(d.Toks); k++ {
		if t := d.Toks[k]; t.Kind == lexicon.Newline || t.Kind == lexicon.Punct && strings.ContainsAny(t.Norm, ".;!?。；！？") {
			return true
		}
	}
	return false
}
