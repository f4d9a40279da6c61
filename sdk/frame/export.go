package frame

import (
	"strings"
	"unicode"

	"github.com/compactguard/compactguard/sdk"
)

// Frame returns clause c as the protocol's frame: its modality, its
// action (the stems of its main part), its objects, its bounds (values a
// text rules out are left out), its condition and its exceptions.
func (d *Doc) Frame(c Clause) sdk.Frame {
	f := sdk.Frame{
		Modality: c.Modality,
		Action:   strings.Join(c.Main.Stems, " "),
		Objects:  d.objects(c.Main),
		Bounds:   d.bounds(c.Main),
		Status:   sdk.StatusActive,
	}
	if c.Condition != nil {
		q := d.qualifier(*c.Condition)
		f.Condition = &q
	}
	for _, e := range c.Exceptions {
		f.Exceptions = append(f.Exceptions, d.qualifier(e))
	}
	return f
}

// Primary returns the clause of d that best stands for the whole text:
// the first with a modality, else the first that names something, else
// the first. ok is false for a text without clauses.
func (d *Doc) Primary() (Clause, bool) {
	for _, c := range d.Clauses {
		if c.Modality != "" {
			return c, true
		}
	}
	for _, c := range d.Clauses {
		if len(c.Main.Objects)+len(c.Main.Quants) > 0 {
			return c, true
		}
	}
	if len(d.Clauses) > 0 {
		return d.Clauses[0], true
	}
	return Clause{}, false
}

func (d *Doc) objects(p Part) []sdk.FrameObject {
	var out []sdk.FrameObject
	for _, o := range p.Objects {
		if o.Negated {
			continue // "not 4410-2209": ruled out, not a name the rule needs
		}
		out = append(out, sdk.FrameObject{Name: o.Text, Type: o.Type})
	}
	return out
}

func (d *Doc) bounds(p Part) []sdk.Bound {
	var out []sdk.Bound
	for _, qi := range d.Required(p.Quants) {
		q := d.Quants[qi]
		op := q.Op
		if q.Range && op == OpEq {
			op = OpBetween
		}
		out = append(out, sdk.Bound{Op: op, Value: q.Value, Unit: q.Dim, Text: q.Text})
	}
	return out
}

func (d *Doc) qualifier(p Part) sdk.Qualifier {
	text := ""
	if p.J > p.I {
		text = d.Text[d.Toks[p.I].Start:d.Toks[p.J-1].End]
	}
	return sdk.Qualifier{Text: text, Objects: d.objects(p), Bounds: d.bounds(p)}
}

// Required drops the values a text rules out ("not £1,800"): they need
// not be kept. It drops too the "one" a bound is measured against: beside
// a bound in the same part, a count of one written as a word ("depth of
// one pass at most 3 mm", "in one day no more than 4 hours") names the
// unit the bound is per, which a summary writes as "per pass" or "a day".
// It drops a value in brackets in the record of a failure (Quantity.Aside).
// The judge and the frame an item carries (so the host's floor) keep the
// same values.
func (d *Doc) Required(qs []int) []int {
	bounded := false
	for _, qi := range qs {
		if q := d.Quants[qi]; q.Op != OpEq && !q.Negated {
			bounded = true
		}
	}
	var out []int
	for _, qi := range qs {
		q := d.Quants[qi]
		if q.Negated || q.Aside || q.Approx || bounded && perOne(q) {
			continue
		}
		out = append(out, qi)
	}
	return out
}

// perOne reports a count of one written as a word, or one unit of time
// ("एक दिन में अधिकतम 6 ट्रक", at most 6 trucks in one day), with no bound
// of its own.
func perOne(q Quantity) bool {
	one := q.Value == 1 && (q.Dim == DimCount || q.Dim == DimNumber) || q.Raw == 1 && q.Dim == DimTime
	return q.Op == OpEq && one && !strings.ContainsFunc(q.Text, unicode.IsDigit)
}
