package frame

import (
	"fmt"
	"slices"
	"testing"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestRolesGiveEachNameItsOwnPhrase: a clause is cut at commas and
// coordinators; a phrase with one name gives it a part, its words and its
// values (a weekday, a time); a phrase with two gives each the other and
// the words; a phrase with none gives no one a part.
func TestRolesGiveEachNameItsOwnPhrase(t *testing.T) {
	tests := []struct {
		text string
		want string // name: stems, per role
	}{
		{"For the billing PR, Lena Fischer reviews the code and Otto Brandt merges it.", "[Lena Fischer:[code review] Otto Brandt:[merg]]"},
		{"Marta Ibáñez será la árbitra principal y Lucía Prats la cuarta árbitra.", "[Marta Ibáñez:[arbitr principal ser] Lucía Prats:[arbitr cuart]]"},
		{"Lena Fischer and Otto Brandt review the code together.", "[Otto Brandt:[code review togeth]]"},
		{"Deploys need a green CI run.", "[]"},
		// Two names in one phrase: each has the other as part of its own.
		{"On Tuesday, Peter drives the cheese to Koliba, Juraj drives to Hotel Tatra.", "[Peter:[@koliba chees drive] Koliba:[@peter chees drive] Juraj:[@hoteltatra drive] Hotel Tatra:[@juraj drive]]"},
		// A value gives a name its part as words do: the day each visits.
		{"Les visites à domicile: le mardi avec Claire Roux, et Julien Petit le jeudi.", "[Claire Roux:[#weekday=2] Julien Petit:[#weekday=4]]"},
	}
	r := reader(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			var got []string
			for _, ro := range r.Read(tt.text).Roles() {
				got = append(got, ro.Name.Text+":"+fmt.Sprint(sortedKeys(ro.Stems)))
			}
			if fmt.Sprint(got) != tt.want {
				t.Errorf("roles %v, want %s", got, tt.want)
			}
		})
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestAKnownNameOpeningAClauseIsAName: a capitalised word opening a clause
// is a name when the session writes it as one mid-sentence elsewhere
// (NameWords, Tell.Knowing); the same clause read without that knowledge
// names nothing, and a word the session never writes as a name stays a
// word.
func TestAKnownNameOpeningAClauseIsAName(t *testing.T) {
	lex, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(lex)
	names := map[string]bool{}
	r.NameWords("Adulți: Ioana Marin (dirijor adjunct), Radu Stoica (șofer), Elena Pop (costume)", names)
	r.NameWords("Die Kasse führt Frau Berger.", names) // German capitalises nouns: no names learnt
	for _, w := range []string{"marin", "stoica", "pop"} {
		if !names[w] {
			t.Errorf("NameWords missed %q: %v", w, names)
		}
	}
	if names["kasse"] || names["berger"] {
		t.Errorf("NameWords took German capitals: %v", names)
	}
	r.NameWords("Ioana ține cutia, iar banii îi numără Ioana cu Radu.", names)
	const rule = "Radu conduce microbuzul și nu se atinge de bani deloc."
	namesIn := func(d *Doc) []string {
		var out []string
		for _, c := range d.Clauses {
			for _, o := range c.Main.Objects {
				if o.Type == ObjName {
					out = append(out, o.Norm)
				}
			}
		}
		return out
	}
	if got := namesIn(r.ReadTold(rule, r.Tell(rule).Knowing(names))); !slices.Contains(got, "radu") {
		t.Errorf("knowing the session's names: %v, want radu", got)
	}
	if got := namesIn(r.Read(rule)); slices.Contains(got, "radu") {
		t.Errorf("without the session's names: %v, want no radu", got)
	}
	const plain = "Banii merg la cantina socială."
	if got := namesIn(r.ReadTold(plain, r.Tell(plain).Knowing(names))); len(got) != 0 {
		t.Errorf("a word the session never names: %v", got)
	}
}
