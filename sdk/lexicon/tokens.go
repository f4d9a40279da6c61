package lexicon

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// TokenKind says what a Token is.
type TokenKind uint8

// Token kinds.
const (
	Word   TokenKind = iota + 1 // letters, digits and joiners: never, legacy_orders, release/2026.10
	Number                      // digits with their separators: 1,500  17:00  2026-12-04  １２，０００
	Rune                        // one character of a script written without spaces (Han, kana, Hangul, Thai)
	Symbol                      // ≤ € % ± and the like
	Punct                       // sentence and clause punctuation, brackets, quotes
	Newline
)

// Token is one token of a text, with its byte range in the text.
type Token struct {
	Kind       TokenKind
	Text       string // as written
	Norm       string // Fold(Text); "," for the space between Thai phrases
	Start, End int
	// Glued is set when no space separates the token from the one before
	// (48k, 5pm, 14h30).
	Glued bool
	// Quoted is set inside backticks: code the person named.
	Quoted bool
	// Upper is set when the token opens with an upper-case letter.
	Upper bool
}

// Tokens cuts text into tokens. Offsets are bytes of text, so a token's
// Text is text[Start:End].
func Tokens(text string) []Token {
	var out []Token
	quoted := false
	prevEnd := -1
	emit := func(k TokenKind, start, end int) {
		raw := text[start:end]
		t := Token{Kind: k, Text: raw, Norm: Fold(raw), Start: start, End: end, Glued: start == prevEnd, Quoted: quoted}
		if r, _ := utf8.DecodeRuneInString(raw); unicode.IsUpper(r) {
			t.Upper = true
		}
		out = append(out, t)
		prevEnd = end
	}
	i := 0
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		nr := narrow(r)
		switch {
		case r == '\n':
			quoted = false // inline code does not span lines
			emit(Newline, i, i+n)
			i += n
		case unicode.IsSpace(r):
			// Thai, Lao, Khmer and Burmese write no space between words
			// but one between phrases: there a space is a comma ("ได้ไม่
			// เกิน 8 คน ห้ามออกเรือหลัง 18:00" is two rules).
			j := i + n
			for j < len(text) {
				r2, n2 := utf8.DecodeRuneInString(text[j:])
				if r2 == '\n' || !unicode.IsSpace(r2) {
					break
				}
				j += n2
			}
			if k := len(out) - 1; k >= 0 && out[k].Kind == Rune && out[k].End == i && j < len(text) {
				prev, _ := utf8.DecodeLastRuneInString(out[k].Text)
				next, _ := utf8.DecodeRuneInString(text[j:])
				if phraseSpaced(prev) && phraseSpaced(next) {
					// Its Norm is the comma it stands for, not its folded text.
					out = append(out, Token{Kind: Punct, Text: text[i:j], Norm: ",", Start: i, End: j, Quoted: quoted})
				}
			}
			i = j
		case r == '`':
			// Inline code toggles; a fence (```) does not: a fenced block
			// is a document, not one name.
			if strings.HasPrefix(text[i:], "```") {
				i += 3
				prevEnd = -1
				continue
			}
			quoted = !quoted
			i += n
		case unicode.IsDigit(nr):
			j := scanNumber(text, i)
			emit(Number, i, j)
			i = j
		case Spaceless(r):
			emit(Rune, i, i+n)
			i += n
		case unicode.IsLetter(r) || unicode.IsMark(r):
			j := scanWord(text, i)
			emit(Word, i, j)
			i = j
		case (r == '<' || r == '>') && i+n < len(text) && text[i+n] == '=':
			emit(Symbol, i, i+n+1)
			i += n + 1
		case unicode.IsPunct(r) && !strings.ContainsRune("%#&@*/\\", r):
			emit(Punct, i, i+n)
			i += n
		default:
			emit(Symbol, i, i+n)
			i += n
		}
	}
	return out
}

// narrow maps a fullwidth form to its ASCII rune (１ → 1, ， → ,), and a
// decimal digit of any script to its ASCII digit (٢ → 2).
func narrow(r rune) rune {
	if r < 0x80 {
		return r
	}
	if n := width.LookupRune(r).Narrow(); n != 0 {
		return n
	}
	if a, ok := asciiNumeral(r); ok {
		return a
	}
	return r
}

// Spaceless reports scripts whose words are not separated by spaces;
// Tokens reads each of their characters as a token, so a cue matches
// inside a word.
func Spaceless(r rune) bool {
	if r < firstSpaceless {
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar) || r == 'ー' || r == '々'
}

// firstSpaceless and firstPrefixed are the lowest letters of the scripts
// Spaceless and prefixScript test (Thai's ก; Hebrew's first point). Every
// rune of a word is tested, and most are Latin, Greek or Cyrillic: below
// these they skip the search of the Unicode tables (eight for Spaceless),
// a tenth of the extractor's time. TestScriptBoundsHoldEveryRune pins
// them to the tables.
const (
	firstSpaceless = 0x0E01
	firstPrefixed  = 0x0591
)

// phraseSpaced reports the scripts written without spaces between words
// that put one between phrases: Thai, Lao, Khmer, Myanmar.
func phraseSpaced(r rune) bool {
	return r >= firstSpaceless && unicode.In(r, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

// prefixScript reports the scripts that write a one-letter conjunction or
// preposition joined to the word after it, a number too ("بين 1 و3",
// "ב3 בלילה").
func prefixScript(r rune) bool {
	return r >= firstPrefixed && unicode.In(r, unicode.Arabic, unicode.Hebrew)
}

// scanWord returns the end of the word that starts at i: letters, marks
// and digits, joined by _ - . / ' ’ @ when a letter or digit follows.
func scanWord(text string, i int) int {
	start := i
	letters := true // every rune so far is a letter
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		if Spaceless(r) {
			return i
		}
		if unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(narrow(r)) {
			// "Rp10.000.000", "RM1,500": an amount written in groups of
			// three right after letters is a number after its currency,
			// not one name; a model ("A100") or a version ("v1.2.3") is
			// not grouped so.
			if i > start && letters && unicode.IsDigit(narrow(r)) && grouped(text, i) {
				return i
			}
			letters = letters && unicode.IsLetter(r)
			if prefixScript(r) && i+n < len(text) {
				if r2, _ := utf8.DecodeRuneInString(text[i+n:]); unicode.IsDigit(narrow(r2)) {
					return i + n // "و3": Arabic and Hebrew glue a conjunction or preposition to a number
				}
			}
			i += n
			continue
		}
		// A slash that ends a word names a directory ("licensing/",
		// "vendor/"): it is part of the name, which then reads as a path.
		if r == '/' && i > start && dirEnd(text, i+n) {
			return i + n
		}
		// An apostrophe splits: "Saturday's", "l'été", "don't" are read as
		// their parts, the same way in the text and in the cue lists.
		// The joiners' fullwidth forms join too ("Ｒ－８８４" is R-884).
		if nr := narrow(r); strings.ContainsRune("_-./@+", nr) && i+n < len(text) {
			r2, _ := utf8.DecodeRuneInString(text[i+n:])
			if nr == '-' && unicode.IsDigit(narrow(r2)) && unitAfterNumber(text, start, i) {
				return i // "14h-18h", "5km-10km": a range of two values, not one word
			}
			if (unicode.IsLetter(r2) || unicode.IsDigit(narrow(r2))) && !Spaceless(r2) {
				i, letters = i+n, false
				continue
			}
		}
		return i
	}
	return i
}

// grouped reports a number at text[i:] written in groups of three: one to
// three digits, then at least one "." or "," and three digits, and nothing
// after that continues it (another digit, a letter, or a separator before a
// digit). Only ASCII digits are read: the amounts glued to a currency's
// letters are written so (Rp10.000.000, RM1,500, Rs5,000).
func grouped(text string, i int) bool {
	digits := func(i int) (end, n int) {
		for end = i; end < len(text) && text[end] >= '0' && text[end] <= '9'; end++ {
		}
		return end, end - i
	}
	i, lead := digits(i)
	if lead == 0 || lead > 3 {
		return false
	}
	groups := 0
	for i < len(text) && (text[i] == '.' || text[i] == ',') {
		end, n := digits(i + 1)
		if n != 3 {
			break
		}
		i, groups = end, groups+1
	}
	if groups == 0 {
		return false
	}
	if i >= len(text) {
		return true
	}
	r, n := utf8.DecodeRuneInString(text[i:])
	if unicode.IsLetter(r) || unicode.IsDigit(narrow(r)) {
		return false
	}
	return !((r == '.' || r == ',') && countDigits(text, i+n) > 0)
}

// dirEnd reports whether a word's trailing slash at text[:i] ends it: the
// text ends there, or a space or a closing mark follows.
func dirEnd(text string, i int) bool {
	if i >= len(text) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(text[i:])
	return unicode.IsSpace(r) || strings.ContainsRune("),;:.`'\"]", r)
}

// unitAfterNumber reports a word text[start:i] of at most three letters
// glued to a number before it: the unit of a value ("14h", "5km").
func unitAfterNumber(text string, start, i int) bool {
	if start == 0 || i-start > 3 {
		return false
	}
	if r, _ := utf8.DecodeLastRuneInString(text[:start]); !unicode.IsDigit(narrow(r)) {
		return false // a fullwidth digit counts as one
	}
	for _, r := range text[start:i] {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// scanNumber returns the end of the number that starts at i. Digit groups
// join across , . ' and thin or no-break spaces; across a plain space only
// when exactly three digits follow (1 000 000); across : when two digits
// follow (17:00); across - and / for dates (2026-12-04, 04/12/2026).
func scanNumber(text string, i int) int {
	sawColon := false
	run := 0 // digits since the last separator
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		nr := narrow(r)
		if unicode.IsDigit(nr) {
			i += n
			run++
			continue
		}
		next := i + n
		digits := countDigits(text, next)
		switch {
		case (nr == ',' || nr == '.' || nr == '\'' || r == '\u00a0' || r == '\u202f' || r == '\u2009') && digits > 0:
			i, run = next, 0
			continue
		case r == ' ' && digits == 3 && run <= 3 && !digitAfter(text, next, 3):
			i, run = next, 0
			continue
		case nr == ':' && digits == 2:
			i, run, sawColon = next, 0, true
			continue
		case (nr == '-' || nr == '/') && digits > 0 && digits <= 4 && !sawColon:
			i, run = next, 0
			continue
		}
		return i
	}
	return i
}

// countDigits counts the digits at text[i:].
func countDigits(text string, i int) int {
	c := 0
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsDigit(narrow(r)) {
			break
		}
		c++
		i += n
	}
	return c
}

// digitAfter reports whether a digit follows k digits at text[i:].
func digitAfter(text string, i, k int) bool {
	for ; k > 0 && i < len(text); k-- {
		_, n := utf8.DecodeRuneInString(text[i:])
		i += n
	}
	return countDigits(text, i) > 0
}

// joinNorm joins the folded forms of tokens with single spaces, the key a
// phrase is indexed by.
func joinNorm(ts []Token) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.Norm)
	}
	return b.String()
}

// FaceEmoji reports a token that opens with a face emoji (🙄, 😅, 🤦):
// chat writes one where a sentence ends. Objects, arrows and symbols
// (🔑, 👉, 🚀, ➜) stand inside sentences and are not counted.
func FaceEmoji(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r >= 0x1F600 && r <= 0x1F64F || r >= 0x1F910 && r <= 0x1F92F || r >= 0x1F970 && r <= 0x1F97A
}
