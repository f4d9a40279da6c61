package frame

import (
	"fmt"
	"slices"
	"testing"
)

// TestRolesGiveEachNameItsOwnPhrase: a clause is cut at commas and
// coordinators; a phrase with one name gives it a part, a phrase with two
// or none gives no one a part.
func TestRolesGiveEachNameItsOwnPhrase(t *testing.T) {
	tests := []struct {
		text string
		want string // name: stems, per role
	}{
		{"For the billing PR, Lena Fischer reviews the code and Otto Brandt merges it.", "[Lena Fischer:[code review] Otto Brandt:[merg]]"},
		{"Marta Ibáñez será la árbitra principal y Lucía Prats la cuarta árbitra.", "[Marta Ibáñez:[arbitr principal ser] Lucía Prats:[arbitr cuart]]"},
		{"Lena Fischer and Otto Brandt review the code together.", "[Otto Brandt:[code review togeth]]"},
		{"Deploys need a green CI run.", "[]"},
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
