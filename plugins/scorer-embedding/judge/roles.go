package judge

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Role-aware entity checks.
//
// A summary can keep every name of an entity item and still swap what the
// names stand for: "run against prod only after the staging rehearsal"
// becomes "staging runs only after the prod rehearsal"; "pg-eu-01 is the
// primary, pg-eu-02 the replica" becomes the reverse; "account X, not Y"
// becomes "account Y, not X". Word-bounded presence cannot see that.
//
// The check reads the role of each name from its close neighbours: the
// content words within roleWindow tokens on each side (negation words
// within roleNegWindow), in the same clause, without crossing another name of the item. A role
// word is distinctive of name A when it is next to A but not next to B in
// the item. The candidate swaps A and B when, in a sentence that names
// both, a word distinctive of A sits next to B and not next to A.

// roleWindow is how many tokens on each side of a name are read.
const roleWindow = 2

// roleNegWindow is how far a negation word is read: "X, never straight
// to Y" sets "never" against Y.
const roleNegWindow = 3

// roleStop are function words of several languages that carry no role.
var roleStop = toSet(`de del la le les el los las un une una uno des du der die das den dem des ein eine
einen einem ist sind est es são é è e y et und en em il lo gli al au aux het een van voor op
is the a an and or of to in on at by for from with as be are was were it its this that
da do dos das na no nos nas se si ce cette qui que che`)

// roleNeg are negation words kept as role words: "X, not Y".
var roleNeg = toSet(`not never no nicht nie kein keine pas jamais nunca não nao non mai niet nooit geen`)

// roleToken is a word of a sentence, or a barrier (punctuation that ends a
// clause).
type roleToken struct {
	word    string
	start   int
	end     int
	barrier bool
}

// roleTokens splits lower (a folded sentence) into words and barriers.
// Identifier joiners stay inside words, so "pg-eu-01" is one token.
func roleTokens(lower string) []roleToken {
	var out []roleToken
	i := 0
	for i < len(lower) {
		r, size := utf8.DecodeRuneInString(lower[i:])
		switch {
		case isWordRune(r) || (r == '.' && i+size < len(lower) && nextIsWord(lower, i+size)):
			j := i
			for j < len(lower) {
				r2, s2 := utf8.DecodeRuneInString(lower[j:])
				if isWordRune(r2) || ((isJoiner(r2) || r2 == '_') && j+s2 < len(lower) && nextIsWord(lower, j+s2)) {
					j += s2
					continue
				}
				break
			}
			if j == i {
				j = i + size
			}
			out = append(out, roleToken{word: lower[i:j], start: i, end: j})
			i = j
			continue
		case strings.ContainsRune(",;:.!?()[]—–|", r) || r == '。' || r == '、' || r == '，':
			out = append(out, roleToken{barrier: true, start: i, end: i + size})
		}
		i += size
	}
	return out
}

func nextIsWord(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return isWordRune(r)
}

// roleKey is a role word with the side it stands on. The word is compared
// as written, not stemmed: a swap moves the same word ("the staging
// rehearsal" → "the prod rehearsal"), while a rephrasing changes its form
// ("enable checkout_v2 there" → "checkout_v2 has been enabled in ...").
func roleKey(side byte, w string) string { return string(side) + ":" + w }

// rolesOf returns, for each name, the role words around its occurrences in
// lower. ok is false when some name does not occur.
func rolesOf(lower string, names []string) (map[string]map[string]bool, bool) {
	toks := roleTokens(lower)
	isName := make([]int, len(toks)) // index+1 of the name at a token
	for ni, n := range names {
		ln := strings.ToLower(n)
		for ti, t := range toks {
			if !t.barrier && t.word == ln {
				isName[ti] = ni + 1
			}
		}
	}
	roles := map[string]map[string]bool{}
	for ni, n := range names {
		found := false
		set := map[string]bool{}
		for ti := range toks {
			if isName[ti] != ni+1 {
				continue
			}
			found = true
			for _, dir := range []int{-1, 1} {
				side := byte('R')
				if dir < 0 {
					side = 'L'
				}
				// roleWindow tokens on each side, and a negation up to
				// roleNegWindow tokens away ("never straight to prod-eu").
				for k, steps := ti+dir, 0; k >= 0 && k < len(toks) && steps < roleNegWindow; k, steps = k+dir, steps+1 {
					t := toks[k]
					if t.barrier || isName[k] != 0 {
						break
					}
					if roleNeg[t.word] || (steps < roleWindow && !roleStop[t.word] && !stopwords[t.word] && !isNumber(t.word)) {
						set[roleKey(side, t.word)] = true
					}
				}
			}
		}
		if !found {
			return nil, false
		}
		roles[strings.ToLower(n)] = set
	}
	return roles, true
}

// roleSwap reports a pair of names of the item whose roles the candidate
// swaps, as a note, or "" when none is found. Only names that are single
// tokens are compared.
func roleSwap(d *doc, itemText string, names []string) string {
	var ns []string
	for _, n := range names {
		if len(roleTokens(strings.ToLower(n))) == 1 {
			ns = append(ns, n)
		}
	}
	if len(ns) < 2 {
		return ""
	}
	orig, ok := rolesOf(Fold(itemText), ns)
	if !ok {
		return ""
	}
	// Only a sentence that contains every name can name them all.
	var in []int32
	for k, n := range ns {
		l := d.sentencesWith(strings.ToLower(n))
		if k == 0 {
			in = l
			continue
		}
		in = intersect(in, l)
	}
	for _, si := range in {
		s := d.sentences[si]
		cand, ok := rolesOf(s.lower, ns)
		if !ok {
			continue
		}
		for a := 0; a < len(ns); a++ {
			for b := 0; b < len(ns); b++ {
				if a == b {
					continue
				}
				la, lb := strings.ToLower(ns[a]), strings.ToLower(ns[b])
				for r := range orig[la] {
					if orig[lb][r] || !cand[lb][r] || cand[la][r] {
						continue
					}
					return fmt.Sprintf("%s and %s swap roles (%q moved from %s to %s) in %q", ns[a], ns[b], strings.TrimLeftFunc(r[2:], unicode.IsSpace), ns[a], ns[b], abbreviate(s.Text))
				}
			}
		}
	}
	return ""
}
