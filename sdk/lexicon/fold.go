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
// to their base), decimal digits of every script to ASCII (NFKC leaves
// "٢١:٠٠" and "१२" as they are, and a value must read the same in any
// script), and lower case. Diacritics are kept: in Vietnamese or Turkish
// they tell words apart ("báo" is not "bao", "prş" is not "prs"), and a
// cue list is written with them.
func Fold(s string) string {
	if isPlainLower(s) {
		return s
	}
	return asciiDigits(strings.ToLower(norm.NFKC.String(s)))
}

// asciiDigits writes the numerals of s in ASCII (asciiNumeral).
func asciiDigits(s string) string {
	isNumeral := func(r rune) bool { _, ok := asciiNumeral(r); return ok }
	if !strings.ContainsFunc(s, isNumeral) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if a, ok := asciiNumeral(r); ok {
			return a
		}
		return r
	}, s)
}

// asciiNumeral returns the ASCII form of a decimal digit of another
// script, or of the Arabic decimal and thousands separators ("٣٫٥",
// "١٬٠٠٠"), which NFKC keeps as they are. Unicode lays out every script's
// decimal digits (category Nd) as runs of ten from zero, so a digit's
// value is its distance from the start of its run, modulo ten; no library
// exports that table's values.
func asciiNumeral(r rune) (rune, bool) {
	switch {
	case r < 0x80:
		return r, false
	case r == '\u066B':
		return '.', true
	case r == '\u066C':
		return ',', true
	case !unicode.IsDigit(r):
		return r, false
	}
	for _, rg := range unicode.Nd.R16 {
		if lo, hi := rune(rg.Lo), rune(rg.Hi); r >= lo && r <= hi {
			return '0' + (r-lo)%10, true
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if lo, hi := rune(rg.Lo), rune(rg.Hi); r >= lo && r <= hi {
			return '0' + (r-lo)%10, true
		}
	}
	return r, false
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
