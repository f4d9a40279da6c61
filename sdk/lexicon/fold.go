package lexicon

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold is the one normaliser text and lexicon phrases are compared
// after: NFKC (fullwidth digits and letters to ASCII, compatibility forms
// to their base) and lower case. Diacritics are kept: in Vietnamese or
// Turkish they tell words apart ("báo" is not "bao", "prş" is not
// "prs"), and a cue list is written with them.
func Fold(s string) string {
	if isPlainLower(s) {
		return s
	}
	return strings.ToLower(norm.NFKC.String(s))
}

// FoldMarks is Fold with diacritics removed too, for names compared by
// their letters (Köln and Koln, Zürich and Zurich). A new transformer is
// built per call because x/text transformers keep state and are not safe
// for concurrent use.
func FoldMarks(s string) string {
	if isPlainLower(s) {
		return s
	}
	t := transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), norm.NFKC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = norm.NFKC.String(s)
	}
	return strings.ToLower(out)
}

// isPlainLower reports whether s is ASCII without upper-case letters, the
// common case, which Fold returns unchanged.
func isPlainLower(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || (c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// FoldRune folds one rune the way Fold folds text, for scanners that walk
// text rune by rune and must agree with Fold.
func FoldRune(r rune) string {
	if r < 0x80 {
		return string(unicode.ToLower(r))
	}
	return Fold(string(r))
}
