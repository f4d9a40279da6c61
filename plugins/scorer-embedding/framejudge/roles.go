package framejudge

import (
	"fmt"

	"github.com/compactguard/compactguard/sdk/frame"
)

// rolesTraded reports two names the original gives phrases of their own
// ("Lena reviews the code, Otto merges it", frame.Roles) that the
// candidate trades: each name's phrase in the candidate shares more words
// with the other name's phrase of the original than with its own. Each
// atom alone may be kept (every name and word is there), so only the pair
// shows the swap. Across languages the words cannot be compared, so it
// says nothing there.
func rolesTraded(od *frame.Doc, cd *cand) string {
	if od.Language() != 0 && cd.Language() != 0 && od.Language() != cd.Language() {
		return ""
	}
	orig := od.Roles()
	if len(orig) < 2 {
		return ""
	}
	if cd.roles == nil {
		rs := cd.Roles()
		cd.roles = &rs
	}
	cands := *cd.roles
	for i := 0; i < len(orig); i++ {
		for j := i + 1; j < len(orig); j++ {
			a, b := orig[i], orig[j]
			if a.Name.Skel == b.Name.Skel {
				continue
			}
			ca, cb := phrasesNaming(cands, a.Name), phrasesNaming(cands, b.Name)
			if ca == nil || cb == nil {
				continue
			}
			own := shared(a.Stems, ca) + shared(b.Stems, cb)
			crossA, crossB := shared(a.Stems, cb), shared(b.Stems, ca)
			if crossA > 0 && crossB > 0 && crossA+crossB > own {
				return fmt.Sprintf("%s and %s traded roles", a.Name.Text, b.Name.Text)
			}
		}
	}
	return ""
}

// phrasesNaming returns the stems of the candidate's phrases that give o
// a part, nil when none does.
func phrasesNaming(rs []frame.Role, o frame.Obj) map[string]bool {
	var out map[string]bool
	for _, r := range rs {
		if r.Name.Skel != o.Skel || o.Skel == "" {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		for s := range r.Stems {
			out[s] = true
		}
	}
	return out
}

// shared counts the stems of a that b holds.
func shared(a, b map[string]bool) int {
	n := 0
	for s := range a {
		if b[s] {
			n++
		}
	}
	return n
}
