package frame

import (
	"fmt"
	"strings"
)

// Describe renders a clause for people and tests: its modality, bounds,
// objects, stems and qualifiers.
func (d *Doc) Describe(c Clause) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%s] %q", c.Modality, d.Text[c.Start:c.End])
	describePart(&b, d, "", c.Main)
	if c.Condition != nil {
		describePart(&b, d, " if", *c.Condition)
	}
	for _, e := range c.Exceptions {
		describePart(&b, d, " except", e)
	}
	return b.String()
}

func describePart(b *strings.Builder, d *Doc, label string, p Part) {
	if label != "" {
		fmt.Fprintf(b, "%s{", label)
	}
	for _, qi := range p.Quants {
		q := d.Quants[qi]
		fmt.Fprintf(b, " %s%g %s", q.Op, q.Value, q.Dim)
		if q.Noun != "" {
			fmt.Fprintf(b, "(%s)", q.Noun)
		}
	}
	for _, o := range p.Objects {
		fmt.Fprintf(b, " <%s:%s>", o.Type, o.Norm)
	}
	if len(p.Stems) > 0 {
		fmt.Fprintf(b, " %v", p.Stems)
	}
	if label != "" {
		b.WriteString(" }")
	}
}
