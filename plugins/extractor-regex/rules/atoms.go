package rules

import (
	"fmt"
	"regexp"

	"github.com/compactguard/compactguard/sdk"
	"github.com/hashicorp/hcl/v2"
)

// compileAtoms compiles the packs' atom separators into one pattern (nil
// when there are none).
func compileAtoms(packs []*Pack) (*regexp.Regexp, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	var alts []string
	for _, p := range packs {
		if p == nil {
			continue
		}
		for i := range p.Atoms {
			a := &p.Atoms[i]
			if _, err := compilePattern(a.Pattern); err != nil {
				diags = append(diags, diag(&a.DefRange, "invalid atom pattern", fmt.Sprintf("atom %q: %v", a.Name, err)))
				continue
			}
			alts = append(alts, "(?:"+a.Pattern+")")
		}
	}
	if len(alts) == 0 || diags.HasErrors() {
		return nil, diags
	}
	re := alts[0]
	for _, a := range alts[1:] {
		re += "|" + a
	}
	return regexp.MustCompile(anyScriptDigits(re)), diags
}

// restrictionCues marks the cues of prohibition rules: a restriction
// "sits" where one of them is.
func (e *Engine) restrictionCues() []bool {
	out := make([]bool, len(e.cueRules))
	for c, rs := range e.cueRules {
		for _, ri := range rs {
			// A rule checked by the frame reader draws its cues from
			// whole lexicon lists ("a", "ne" among them); its cues
			// split no atom.
			if ri >= 0 && e.rules[ri].category == sdk.CategoryProhibition && e.rules[ri].frame == "" {
				out[c] = true
				break
			}
		}
	}
	return out
}

// splitAtoms cuts each sentence into atoms at an atom separator that has a
// restriction cue on both sides: "Never run a migration during business
// hours, and do not touch the billing schema without a fresh backup" is two
// rules, each judged on its own. hits are the span's cue hits, in order.
//
// A sentence that is noise as a whole (the agent reporting what a vendor's
// docs say) stays whole, so that its atoms are dropped with it. kb is the
// kind bit the span is read as.
func (e *Engine) splitAtoms(text string, kb uint8, sents []sentence, hits []cueHit, out []sentence) []sentence {
	if e.atoms == nil {
		return append(out, sents...)
	}
	h := 0
	for _, st := range sents {
		for h < len(hits) && hits[h].End <= st.Start {
			h++
		}
		// The restriction cues of this sentence, by start offset.
		var cues []int
		for j := h; j < len(hits) && hits[j].End <= st.End; j++ {
			if e.restrictCue[hits[j].Cue] {
				if start, ok := e.cueAt(text, hits[j]); ok && start >= st.Start {
					cues = append(cues, start)
				}
			}
		}
		if len(cues) < 2 || cues[len(cues)-1] == cues[0] {
			out = append(out, st)
			continue
		}
		// Cut points first (cheap, and rare); the noise check, which
		// runs every noise pattern, only for a sentence that has one.
		var cuts [][2]int
		start := st.Start
		for _, m := range e.atoms.FindAllStringIndex(text[cues[0]:st.End], -1) {
			sepStart, sepEnd := cues[0]+m[0], cues[0]+m[1]
			if !anyIn(cues, start, sepStart) || !anyIn(cues, sepEnd, st.End) {
				continue
			}
			if text[sepStart] != ',' && isDigit(text[sepStart-1]) && sepEnd < st.End && isDigit(text[sepEnd]) {
				continue // a range, "between 21:00 and 08:00", joins no clauses ("4, and 2 of them" does)
			}
			cuts = append(cuts, [2]int{sepStart, sepEnd})
			start = sepEnd
		}
		if len(cuts) == 0 || e.noiseSentence(kb, text[st.Start:st.End]) {
			out = append(out, st)
			continue
		}
		start = st.Start
		for _, c := range cuts {
			out = append(out, trimmed(text, sentence{Start: start, End: c[0], Digit: st.Digit}))
			start = c[1]
		}
		out = append(out, trimmed(text, sentence{Start: start, End: st.End, Digit: st.Digit}))
	}
	return out
}

func anyIn(xs []int, from, to int) bool {
	for _, x := range xs {
		if x >= from && x < to {
			return true
		}
	}
	return false
}

// trimmed drops white space and clause punctuation at the ends of st.
func trimmed(text string, st sentence) sentence {
	for st.Start < st.End && (isSpace(text[st.Start]) || text[st.Start] == ',') {
		st.Start++
	}
	for st.End > st.Start && (isSpace(text[st.End-1]) || text[st.End-1] == ',') {
		st.End--
	}
	return st
}

// noiseSentence reports whether a noise block matches sentence s of a span
// read as kind kb.
func (e *Engine) noiseSentence(kb uint8, s string) bool {
	for i := range e.noise {
		n := &e.noise[i]
		if (n.kinds == 0 || n.kinds&kb != 0) && n.re.MatchString(s) {
			return true
		}
	}
	return false
}
