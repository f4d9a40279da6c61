package frame

import (
	"strings"

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
	for _, qi := range p.Quants {
		q := d.Quants[qi]
		if q.Negated {
			continue
		}
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
