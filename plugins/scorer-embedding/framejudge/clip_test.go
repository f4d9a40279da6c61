package framejudge

import (
	"testing"

	"github.com/compactguard/compactguard/sdk/frame"
)

// TestClippedPairsAWordWithItsFirstThreeOrFourLetters: a stem pairs with a
// word of the window that is its clipped form or that it clips, three
// letters or more apart; digits, "=" forms and near lengths do not pair.
func TestClippedPairsAWordWithItsFirstThreeOrFourLetters(t *testing.T) {
	tests := []struct {
		window []string
		stem   string
		want   bool
	}{
		{[]string{"environ", "stage"}, "env", true}, // the stem clips a word
		{[]string{"env", "stage"}, "environ", true}, // a word clips the stem
		{[]string{"repositori"}, "repo", true},      // four letters
		{[]string{"depend"}, "deps", false},         // "deps" does not begin "depend"
		{[]string{"envs"}, "env", false},            // one letter apart
		{[]string{"enviro"}, "envi", false},         // two letters apart
		{[]string{"env2stage"}, "env", false},       // a digit in the word
		{[]string{"=environ"}, "env", false},        // an "=" form is no word
		{[]string{"environ"}, "en", false},          // under three letters
		{[]string{"deploy", "environment"}, "env", true},
		{[]string{"περιβάλλον"}, "περ", true}, // letters, not bytes
		{[]string{"περιβ"}, "περ", false},
	}
	for _, tt := range tests {
		ws := map[string]bool{}
		for _, w := range tt.window {
			ws[w] = true
		}
		cd := newCand(&frame.Doc{})
		if got := clipped(cd, window{0, 1}, ws, tt.stem); got != tt.want {
			t.Errorf("clipped(%v, %q) = %v, want %v", tt.window, tt.stem, got, tt.want)
		}
	}
}
