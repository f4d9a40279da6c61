package frame

import (
	"strings"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// ScopeStems are the stems of the words a restriction of clause c stands
// on: the first three words of content after each negation or "only"
// cue, up to a comma, a dash or the end of its sentence ("but never
// medicates", "no raw hex values"). Each cue's words are one set, and a
// place must hold half of one (HoldsScope), so "only use SSH remotes" is
// not "never use the --force flag". The reference judge places a rule's
// restriction by them, and KeptAsOwn asks whether a summary says the
// forbidden act freely.
func (d *Doc) ScopeStems(c Clause) []map[string]bool {
	var out []map[string]bool
	for k := c.Main.I; k < c.Main.J; k++ {
		if !d.cueStart[k] || d.cls[k]&(lexicon.Negation|lexicon.Only) == 0 {
			continue
		}
		set := map[string]bool{}
		for m := k + 1; m < c.Main.J && len(set) < 3; m++ {
			t := d.Toks[m]
			if t.Kind == lexicon.Punct && strings.ContainsAny(t.Norm, ",;:.!?()—–") || t.Kind == lexicon.Newline {
				break
			}
			if t.Kind == lexicon.Word && d.cls[m] == 0 && !d.IsStop(m) {
				set[d.Stem(strings.Trim(t.Norm, "-"))] = true
			}
		}
		if len(set) > 0 {
			out = append(out, set)
		}
	}
	return out
}

// HoldsScope reports clause i holding at least half the words of one of
// scope's sets (ScopeStems). A part of a hyphened compound holds its word
// too: an "alcohol-free event" holds alcohol.
func (d *Doc) HoldsScope(i int, scope []map[string]bool) bool {
	c := d.Clauses[i]
	for _, set := range scope {
		held := map[string]bool{}
		for k := c.I; k < c.J; k++ {
			t := d.Toks[k]
			if t.Kind != lexicon.Word {
				continue
			}
			for _, w := range append(strings.Split(t.Norm, "-"), t.Norm) {
				if st := d.Stem(w); w != "" && set[st] {
					held[st] = true
				}
			}
		}
		if 2*len(held) >= len(set) {
			return true
		}
	}
	return false
}

// saysFreely reports a clause of [i, j] that holds the words clause c of
// the item forbids (ScopeStems) and restricts nothing, nor says the
// person does it themselves: the forbidden act, or what it is done to,
// said as allowed ("merge it once CI is green").
func (d *Doc) saysFreely(item *Doc, c Clause, i, j int) bool {
	scope := item.ScopeStems(c)
	for k := i; k <= j; k++ {
		if d.Restricts(k, k) || d.Clauses[k].Cues&lexicon.SelfWord != 0 {
			continue
		}
		if d.HoldsScope(k, scope) {
			return true
		}
	}
	return false
}
