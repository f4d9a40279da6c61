package lexicon

import (
	"testing"
	"unicode"
)

// The script tests skip the Unicode tables below a bound (tokens.go);
// every rune must get the answer the tables alone give.
func TestScriptBoundsHoldEveryRune(t *testing.T) {
	tests := []struct {
		name   string
		fast   func(rune) bool
		tables func(rune) bool
	}{
		{"Spaceless", Spaceless, func(r rune) bool {
			return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar) || r == 'ー' || r == '々'
		}},
		{"phraseSpaced", phraseSpaced, func(r rune) bool { return unicode.In(r, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar) }},
		{"prefixScript", prefixScript, func(r rune) bool { return unicode.In(r, unicode.Arabic, unicode.Hebrew) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for r := rune(0); r <= unicode.MaxRune; r++ {
				if got, want := tt.fast(r), tt.tables(r); got != want {
					t.Fatalf("%s(%U) = %v, the tables say %v", tt.name, r, got, want)
				}
			}
		})
	}
}
