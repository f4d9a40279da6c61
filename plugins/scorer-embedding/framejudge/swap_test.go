package framejudge

import (
	"strings"
	"testing"

	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// TestForbidsAnotherSparesANameBoundByADutyOfItsOwn: a name the summary
// binds by a duty ("remains pinned") is not traded for another forbidden
// name in the same place; a bare mention or a permission is.
func TestForbidsAnotherSparesANameBoundByADutyOfItsOwn(t *testing.T) {
	lex, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := frame.NewReader(lex)
	tests := []struct {
		candidate string
		want      string
	}{
		{"react-native-maps remains pinned at 1.18.0. No data may go to a third-party service.", ""},
		{"react-native-maps is used for the map. No data may go to a third-party service.", "third-party"},
	}
	for _, tt := range tests {
		cd := newCand(r.Read(tt.candidate))
		od := r.Read("Never touch react-native-maps.")
		var o frame.Obj
		for _, x := range od.Clauses[0].Main.Objects {
			if strings.Contains(x.Text, "react-native-maps") {
				o = x
			}
		}
		if o.Text == "" {
			t.Fatalf("the rule names no react-native-maps: %v", od.Clauses[0].Main.Objects)
		}
		if got := forbidsAnother(cd, window{0, len(cd.Clauses) - 1}, o); got != tt.want {
			t.Errorf("%q: forbidsAnother = %q, want %q", tt.candidate, got, tt.want)
		}
	}
}

// TestRolesTradedSeesTwoNamesTradeTheirParts: each name kept with the
// other's part is a swap; each with its own is not; across languages the
// words cannot be compared, so nothing is said.
func TestRolesTradedSeesTwoNamesTradeTheirParts(t *testing.T) {
	lex, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := frame.NewReader(lex)
	original := "For the billing PR, Lena Fischer reviews the code and Otto Brandt merges it after CI is green."
	tests := []struct {
		candidate string
		traded    bool
	}{
		{"Roles: Otto Brandt reviews the PR; Lena Fischer merges it after CI is green.", true},
		{"Roles: Lena Fischer reviews the PR; Otto Brandt merges it after CI is green.", false},
		{"Rollen: Otto Brandt prüft den PR; Lena Fischer führt ihn zusammen, sobald CI grün ist.", false},
	}
	for _, tt := range tests {
		od := r.Read(original)
		got := rolesTraded(od, od.Roles(), newCand(r.Read(tt.candidate)))
		if (got != "") != tt.traded {
			t.Errorf("%q: rolesTraded = %q, want traded %v", tt.candidate, got, tt.traded)
		}
	}
	// Two names in a phrase: who goes where. A summary that sends each
	// driver to the other's place trades them, though every name is kept.
	paired := "Next week, Peter drives the cheese to Koliba, and Juraj drives to Hotel Tatra."
	for _, tt := range []struct {
		candidate string
		traded    bool
	}{
		{"Deliveries: this week Juraj drives to Koliba; this week Peter drives to Hotel Tatra.", true},
		{"Deliveries: this week Peter drives to Koliba; this week Juraj drives to Hotel Tatra.", false},
		{"Deliveries: Koliba gets the cheese from Peter, and Hotel Tatra from Juraj.", false},
	} {
		od := r.Read(paired)
		got := rolesTraded(od, od.Roles(), newCand(r.Read(tt.candidate)))
		if (got != "") != tt.traded {
			t.Errorf("%q: rolesTraded = %q, want traded %v", tt.candidate, got, tt.traded)
		}
	}
}

// TestPartnerTradedSeesAPairGoTheOtherWay: two names the original pairs
// in one phrase that the candidate pairs each with another name were
// traded; kept together anywhere, or one written alone, they were not.
func TestPartnerTradedSeesAPairGoTheOtherWay(t *testing.T) {
	lex, err := lexicon.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := frame.NewReader(lex)
	original := "Next week, the cheese for Koliba always goes with Peter."
	for _, tt := range []struct {
		candidate string
		traded    bool
	}{
		{"Deliveries: the cheese for Koliba goes with Juraj; the milk for Hotel Tatra goes with Peter.", true},
		{"Deliveries: the cheese for Koliba goes with Peter; the milk for Hotel Tatra goes with Juraj.", false},
		{"Deliveries: the cheese for Koliba goes with Juraj. Driver on duty: Peter.", false},
	} {
		got := partnerTraded(r.Read(original).Roles(), newCand(r.Read(tt.candidate)))
		if (got != "") != tt.traded {
			t.Errorf("%q: partnerTraded = %q, want traded %v", tt.candidate, got, tt.traded)
		}
	}
}

func TestShareWordReadsADeclinedNameWholeAndNoOtherPerson(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"оксану петрівну", "оксана петрівна", true}, // the accusative of the same name
		{"katarzynie malinowskiej", "katarzyna malinowska", true},
		{"johan eklund", "johanna ek", false}, // another person
		{"johan eklund", "eklund", true},      // by surname
		{"petra", "peter", false},
		{"katarzynie", "katarzyna malinowska", true}, // the first name alone, declined
		{"johan", "johanna ek", false},
		{"johan", "johanna", false},
	}
	for _, tt := range tests {
		if got := shareWord(tt.a, tt.b); got != tt.want {
			t.Errorf("shareWord(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
