package judge

import "testing"

// r8: restriction phrasings of several languages ("only", "excluded",
// "stay clear of") are polarity cues, and failure phrasings ("discarded",
// "gescheitert", "no funciona") are failure cues.
func TestR8RestrictionAndFailureCues(t *testing.T) {
	for _, c := range []struct {
		text string
		neg  bool
	}{
		{"reubicación únicamente en vuelos propios", true},
		{"aerolíneas asociadas descartadas", true},
		{"toute durée plus courte est exclue", true},
		{"durées inférieures exclues", true},
		{"LKW 07 ausschließlich Nahverkehr", true},
		{"Fremdsprachen sind ausgeschlossen", true},
		{"welding must stay clear of the timber stack", true},
		{"partner airlines are excluded", true},
		{"somente voos próprios", true},
		{"uitsluitend via de receptie", true},
		{"모든 계좌에서 매수·매도 승인 불가", true},
		{"rebook on partner airlines", false},
		{"la durée est de cinq ans", false},
	} {
		if got := HasNegation(Fold(c.text)); got != c.neg {
			t.Errorf("HasNegation(%q) = %v, want %v", c.text, got, c.neg)
		}
	}
	for _, c := range []struct {
		text string
		fail bool
	}{
		{"Verworfen: Join über kundenname", true},
		{"Neu anlernen → gescheitert", true},
		{"Das klappt nicht, nicht wieder versuchen", true},
		{"el join por nombre no funciona", true},
		{"cette piste ne marche pas", true},
		{"approach discarded after the test", true},
		{"de import is mislukt", true},
		{"Join über kunden_id, eindeutig", false},
	} {
		if got := HasFailure(Fold(c.text)); got != c.fail {
			t.Errorf("HasFailure(%q) = %v, want %v", c.text, got, c.fail)
		}
	}
}
