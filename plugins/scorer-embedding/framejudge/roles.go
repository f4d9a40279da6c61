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
func rolesTraded(od *frame.Doc, orig []frame.Role, cd *cand) string {
	if od.Language() != 0 && cd.Language() != 0 && od.Language() != cd.Language() {
		return ""
	}
	if len(orig) < 2 {
		return ""
	}
	cands := cd.phraseRoles()
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

// partnerTraded reports two names the original pairs in one phrase
// ("do Koliby Zbojnícka vozí vždy Peter": Koliba is Peter's) that the
// candidate pairs each with another name and not with each other
// ("do Koliby Zbojnícka jazdí Juraj; do Hotela Tatra jazdí Peter"): who
// goes where was traded. A name the candidate writes alone or not at all
// says nothing, nor does a pair kept anywhere in the candidate. Names are
// written alike in every language, so it reads across languages too.
func partnerTraded(orig []frame.Role, cd *cand) string {
	partners := cd.pairedNames()
	for _, r := range orig {
		if !r.Paired || r.Name.Skel == "" || r.Partner.Skel == "" {
			continue
		}
		pa, pb := partners[r.Name.Skel], partners[r.Partner.Skel]
		if len(pa) == 0 || len(pb) == 0 {
			continue
		}
		if _, ok := pa[r.Partner.Skel]; ok {
			continue
		}
		if _, ok := pb[r.Name.Skel]; ok {
			continue
		}
		for _, other := range pb {
			return fmt.Sprintf("%s now goes with %s, was %s", r.Partner.Text, other, r.Name.Text)
		}
	}
	return ""
}

// pairedNames maps each name the candidate pairs in one phrase to its
// partners (skeleton → text), built once per candidate.
func (cd *cand) pairedNames() map[string]map[string]string {
	if cd.partners != nil {
		return cd.partners
	}
	cd.partners = map[string]map[string]string{}
	for _, r := range cd.phraseRoles() {
		if !r.Paired {
			continue
		}
		if cd.partners[r.Name.Skel] == nil {
			cd.partners[r.Name.Skel] = map[string]string{}
		}
		cd.partners[r.Name.Skel][r.Partner.Skel] = r.Partner.Text
	}
	return cd.partners
}

// phraseRoles returns the candidate's roles (frame.Roles), read once per
// candidate: every item's role checks ask for them.
func (cd *cand) phraseRoles() []frame.Role {
	if cd.roles == nil {
		rs := cd.Roles()
		cd.roles = &rs
	}
	return *cd.roles
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
