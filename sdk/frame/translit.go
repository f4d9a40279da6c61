package frame

import (
	"strings"
	"unicode"

	"github.com/mozillazg/go-unidecode"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// A summary written in another script than its source writes the source's
// names transliterated, and inflected in its own grammar: "Кракові" is
// Kraków, "Κώστας" is Kostas, "Галина" is Halyna. Transliteration is
// go-unidecode's (a well-kept table of every script to ASCII); what
// no library does is compare two transliterations made by different
// conventions (Г as g or h, в as v or w), so nameKey keeps a name's
// consonants, read one way.

// nameKey is the consonant skeleton of a word's ASCII transliteration:
// vowels dropped (they are what conventions and inflections change
// most), w read as v and h as g, a doubled letter once.
func nameKey(w string) string {
	var b strings.Builder
	last := rune(0)
	for _, r := range strings.ToLower(unidecode.Unidecode(w)) {
		switch {
		case r < 'a' || r > 'z', strings.ContainsRune("aeiouy", r):
			continue
		case r == 'w':
			r = 'v'
		case r == 'h':
			r = 'g'
		}
		if r != last {
			b.WriteRune(r)
		}
		last = r
	}
	return b.String()
}

// scriptOfWord returns the script of a word's first letter.
func scriptOfWord(w string) *unicode.RangeTable {
	for _, r := range w {
		for _, t := range []*unicode.RangeTable{unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Armenian, unicode.Georgian, unicode.Hebrew, unicode.Arabic, unicode.Devanagari} {
			if unicode.Is(t, r) {
				return t
			}
		}
		return nil
	}
	return nil
}

// SameNameAcrossScripts reports whether two words in two alphabets are one
// name transliterated: their consonant keys are equal, or one holds the
// other whole at its start with three consonants or more (an inflected
// form: Krakow, Кракові, Краковом). Words of one script are not compared
// here; their letters are.
func SameNameAcrossScripts(a, b string) bool {
	sa, sb := scriptOfWord(a), scriptOfWord(b)
	if sa == nil || sb == nil || sa == sb {
		return false
	}
	ka, kb := nameKey(a), nameKey(b)
	if len(ka) > len(kb) {
		ka, kb = kb, ka
	}
	return len(ka) >= 3 && strings.HasPrefix(kb, ka) && len(kb)-len(ka) <= 1
}

// nameAcross reports a word of folded words that writes a word of name in
// another script (SameNameAcrossScripts).
func nameAcross(words, name string) bool {
	for _, w := range strings.Fields(lexicon.FoldMarks(name)) {
		if len([]rune(w)) < 3 {
			continue
		}
		for _, x := range strings.Fields(words) {
			if SameNameAcrossScripts(w, x) {
				return true
			}
		}
	}
	return false
}
