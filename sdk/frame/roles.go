package frame

import (
	"fmt"
	"strings"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// Role is a phrase of a clause that gives one name its part: "Lena
// Fischer reviews the code" in "Lena Fischer reviews the code and Otto
// Brandt merges it". Stems are the phrase's content words, the name's own
// left out; I and J its tokens.
type Role struct {
	Name   Obj
	Stems  map[string]bool
	Clause int
	I, J   int
	// Paired: the phrase holds a second name, Partner, which also stands
	// in Stems as "@" and its skeleton.
	Paired  bool
	Partner Obj
}

// Roles cuts each clause into phrases at commas, semicolons, colons (a
// topic, "Rules for Christmas Eve:", is a phrase of its own) and
// coordinators and returns the phrases that hold one name, or two: a
// phrase with two gives each the other as part of its own (who drives to
// which place); one with three or more gives no one a part. A summary that keeps
// every name and word of "Lena reviews, Otto merges" may still trade
// who does what; the roles are what a judge compares to see it.
func (d *Doc) Roles() []Role {
	var out []Role
	for ci, c := range d.Clauses {
		var objs []Obj
		for _, p := range []*Part{c.Topic, &c.Main} {
			if p != nil {
				objs = append(objs, p.Objects...)
			}
		}
		start := c.I
		for k := c.I; k <= c.J; k++ {
			if k < c.J && !d.phraseEnd(k) {
				continue
			}
			var names []Obj
			for _, o := range objs {
				if o.Type == ObjName && o.I >= start && o.I < k && (len(names) == 0 || names[0].Skel != o.Skel) {
					names = append(names, o)
				}
			}
			switch len(names) {
			case 1:
				st := d.phraseStems(start, k, names[0])
				if d.addPhraseValues(start, k, st); len(st) > 0 {
					out = append(out, Role{Name: names[0], Stems: st, Clause: ci, I: start, J: k})
				}
			case 2:
				// "do Koliby Zbojnícka vozí vždy Peter": each name's part
				// is the other name with the phrase's words, so a summary
				// that pairs Peter with the other place trades roles.
				for x, nm := range names {
					other := names[1-x]
					st := d.phraseStems(start, k, nm)
					for _, w := range strings.Fields(other.Norm) {
						delete(st, d.Stem(w))
					}
					d.addPhraseValues(start, k, st)
					st["@"+other.Skel] = true
					out = append(out, Role{Name: nm, Stems: st, Clause: ci, I: start, J: k, Paired: true, Partner: other})
				}
			}
			start = k + 1
		}
	}
	return out
}

// phraseEnd reports a token that ends a phrase inside a clause.
func (d *Doc) phraseEnd(k int) bool {
	t := d.Toks[k]
	return t.Kind == lexicon.Punct && strings.ContainsAny(t.Norm, ",;:，；、：") || d.cls[k]&lexicon.Coordinator != 0
}

// addPhraseValues adds to st the values of tokens [i, j) ("Julien le
// jeudi": Thursday), which give a name its part as words do.
func (d *Doc) addPhraseValues(i, j int, st map[string]bool) {
	for _, q := range d.Quants {
		if q.I >= i && q.I < j {
			st[fmt.Sprintf("#%s=%g", q.Dim, q.Value)] = true
		}
	}
}

// phraseStems returns the stems of the content words of tokens [i, j),
// the name's own words left out.
func (d *Doc) phraseStems(i, j int, name Obj) map[string]bool {
	own := map[string]bool{}
	for _, w := range strings.Fields(name.Norm) {
		own[w] = true
	}
	out := map[string]bool{}
	for k := i; k < j; k++ {
		if t := d.Toks[k]; (t.Kind == lexicon.Word || t.Kind == lexicon.Rune) && !d.IsStop(k) && !own[t.Norm] {
			out[d.Stem(t.Norm)] = true
		}
	}
	return out
}
