package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk/lexicon"
)

// sentence is a byte range [Start, End) of a span's text holding one
// sentence or clause, and whether it contains a digit or currency sign
// (the prefilter for numeric rules).
type sentence struct {
	Start, End int
	Digit      bool
}

// maxSentence bounds a sentence's length so that one pathological line
// (a minified blob pasted by a user) cannot make a rule's regexp see more
// than this many bytes at once; a longer run is cut into pieces.
const maxSentence = 2048

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '\v'
}
func isLower(b byte) bool { return b >= 'a' && b <= 'z' }
func isDigit(b byte) bool { return b >= '0' && b <= '9' }
func isAlnum(b byte) bool {
	return isDigit(b) || isLower(b) || (b >= 'A' && b <= 'Z') || b == '_' || b >= 0x80
}

// maxCodeSpan bounds the code in backticks a sentence reads as one word:
// a stray backtick must not swallow the rest of a message.
const maxCodeSpan = 200

// splitSentences cuts text into sentences and clauses: at '.', '!' and '?'
// followed by space and not by a lower-case word after an abbreviation (so
// "e.g. foo" and "1.26.4" stay whole), at the CJK full stops 。！？, the
// Devanagari danda । ॥, the Arabic question mark ؟ and the Urdu full stop ۔, at ';',
// at line breaks that are not soft wraps, and before numbered list markers
// "(1)". Leading bullets and list markers and surrounding white space are
// trimmed from each range. Code in backticks is one word. The
// abbreviations and month names are the pack's sentence block.
func (e *Engine) splitSentences(text string, out []sentence) []sentence {
	w := e.words
	start := 0
	digit := false
	emit := func(end int) {
		s, e := start, end
		for s < e && (isSpace(text[s]) || text[s] == '-' || text[s] == '*' || text[s] == '>' || text[s] == '#') {
			s++
		}
		// "(3) " list marker
		if s+3 < e && text[s] == '(' && isDigit(text[s+1]) {
			j := s + 1
			for j < e && isDigit(text[j]) {
				j++
			}
			if j < e && text[j] == ')' && j-s <= 3 {
				s = j + 1
				for s < e && isSpace(text[s]) {
					s++
				}
			}
		}
		for e > s && isSpace(text[e-1]) {
			e--
		}
		if e > s {
			out = append(out, sentence{Start: s, End: e, Digit: digit})
		}
		digit = false
	}
	n := len(text)
	for i := 0; i < n; i++ {
		b := text[i]
		if !e.splitBytes[b] {
			// Letters, spaces and most punctuation: the switch below
			// has nothing for them, only the length bound applies.
			if i-start >= maxSentence {
				emit(i + 1)
				start = i + 1
			}
			continue
		}
		switch {
		case isDigit(b) || b == '$' || b == 0xE2 || b == 0xC2: // digits, $, € (E2 82 AC), £ (C2 A3)
			digit = true
		case b == 0xE3 && i+2 < n && text[i+1] == 0x80 && text[i+2] == 0x82, // 。
			b == 0xEF && i+2 < n && text[i+1] == 0xBC && (text[i+2] == 0x81 || text[i+2] == 0x9F), // ！ ？
			b == 0xE0 && i+2 < n && text[i+1] == 0xA5 && (text[i+2] == 0xA4 || text[i+2] == 0xA5): // । ॥ (Devanagari)
			emit(i + 3)
			start = i + 3
			i += 2
			continue
		case b == 0xD8 && i+1 < n && text[i+1] == 0x9F, // ؟
			b == 0xDB && i+1 < n && text[i+1] == 0x94: // ۔ (Urdu)
			emit(i + 2)
			start = i + 2
			i++
			continue
		case b == '`':
			// Code in backticks is one word: its ";" or "." ends no
			// sentence ("no blanket `-keep class ** { *; }` in release").
			if j := strings.IndexByte(text[i+1:], '`'); j >= 0 && j < maxCodeSpan && !strings.Contains(text[i+1:i+1+j], "\n") {
				if strings.ContainsAny(text[i+1:i+1+j], "0123456789") {
					digit = true
				}
				i += j + 1
				continue
			}
		case b == 0xF0 && emojiEnd(text, i):
			// A face emoji (four bytes, lead 0xF0) that ends a sentence,
			// as chat writes one in place of a full stop ("… obraz
			// dockera 🙄 Aha, i PR …").
			_, n := utf8.DecodeRuneInString(text[i:])
			emit(i + n)
			start = i + n
			i += n - 1
			continue
		case b >= 0xC0 && !digit && otherDigit(text[i:]):
			// A digit of another script or width ("４", "٢", "৫"): the
			// sentence holds a number.
			digit = true
		case b == ';':
			emit(i + 1)
			start = i + 1
			continue
		case b == '\n':
			// A soft wrap (letter or comma, newline, lower-case word) does
			// not end a sentence.
			if i > 0 && i+1 < n && isLower(text[i+1]) && (isAlnum(text[i-1]) || text[i-1] == ',') {
				continue
			}
			emit(i)
			start = i + 1
			continue
		case b == '.' || b == '!' || b == '?':
			if i+1 < n && !isSpace(text[i+1]) && closer(text[i+1:]) == 0 {
				break
			}
			j := i + 1
			for j < n && closer(text[j:]) > 0 {
				j += closer(text[j:])
			}
			k := j
			for k < n && (text[k] == ' ' || text[k] == '\t') {
				k++
			}
			if b == '.' && k < n && isLower(text[k]) && w.abbreviation(text, i) {
				break // "e.g. this", "vs. that"
			}
			if b == '.' && k < n && k > j && w.titleOrNumberAbbreviation(text, i, k) {
				break // "Prof. Halden", "Nr. 5", "z. B. Tabellen"
			}
			if b == '.' && w.ordinalDate(text, i, k) {
				break // "bis 15. Dezember"
			}
			emit(j)
			start = j
			i = j - 1
			continue
		case b == '(' && i+2 < n && isDigit(text[i+1]) && i > start && isSpace(text[i-1]):
			j := i + 1
			for j < n && isDigit(text[j]) {
				j++
			}
			if j < n && text[j] == ')' && j-i <= 3 {
				emit(i)
				start = i
			}
		}
		if i-start >= maxSentence {
			emit(i + 1)
			start = i + 1
		}
	}
	emit(n)
	return out
}

// emojiEnd reports a face emoji at text[i] followed by spaces and a
// capital letter, a line break or the end: the end of a sentence (the
// frame reader's emojiEnd reads tokens the same way).
func emojiEnd(text string, i int) bool {
	if !lexicon.FaceEmoji(text[i:]) {
		return false
	}
	_, n := utf8.DecodeRuneInString(text[i:])
	k := i + n
	for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
		k++
	}
	if k == len(text) || text[k] == '\n' {
		return true
	}
	r, _ := utf8.DecodeRuneInString(text[k:])
	return k > i+n && unicode.IsUpper(r)
}

// sentenceBytes marks every byte a case of splitSentences' switch starts
// with: digits and currency signs, the lead bytes of the multi-byte stops
// and of other scripts' digits, backticks, ';', line breaks, '.', '!', '?'
// and '('. Most of a text is none of these, and skipping the switch for
// them is a third of the splitter's time. TestSentenceBytesCoverTheSwitch
// pins it to the switch.
func sentenceBytes() [256]bool {
	var t [256]bool
	for b := '0'; b <= '9'; b++ {
		t[b] = true
	}
	for _, b := range []byte("$`;\n.!?(") {
		t[b] = true
	}
	for b := 0xC0; b < 0x100; b++ {
		t[b] = true // lead bytes: €, £, 。, ！, ？, ।, ؟, ۔ and other scripts' digits
	}
	return t
}

// closer returns the length of the closing quote or bracket that text
// opens with, or 0 (“ closes a German „quote“): a sentence that ends
// inside a quotation ends after it ("… to book.' — booking KF-30417" is
// two sentences).
func closer(text string) int {
	if text == "" {
		return 0
	}
	switch {
	case text[0] == '"' || text[0] == ')' || text[0] == '\'':
		return 1
	case strings.HasPrefix(text, "’"), strings.HasPrefix(text, "”"), strings.HasPrefix(text, "“"),
		strings.HasPrefix(text, "»"), strings.HasPrefix(text, "」"), strings.HasPrefix(text, "』"):
		_, n := utf8.DecodeRuneInString(text)
		return n
	}
	return 0
}

// abbreviation reports whether the word ending at the '.' at i is an
// abbreviation after which a lower-case word continues the sentence.
func (ws *words) abbreviation(text string, i int) bool {
	j := i
	for j > 0 && !isSpace(text[j-1]) && text[j-1] != '(' {
		j--
	}
	w := text[j:i]
	if strings.Contains(w, ".") && len(w) <= 5 {
		return true // e.g, i.e, a.m
	}
	return ws.lower[strings.ToLower(w)]
}

// ordinalDate reports whether the '.' at i ends a one- or two-digit
// ordinal followed at k by a month name, as German, Danish, Norwegian,
// Czech and Slovak write dates. The pack lists the beginnings of month
// names, not whole words: one prefix covers a month's cases ("14. června",
// "v červnu") without a form for each.
func (ws *words) ordinalDate(text string, i, k int) bool {
	j := i
	for j > 0 && isDigit(text[j-1]) {
		j--
	}
	// The ordinal stands after a space, or ends a range of ordinals
	// ("20.–22. ledna", "3.-5. Mai").
	if i-j == 0 || i-j > 2 || (j > 0 && !isSpace(text[j-1]) && !strings.HasSuffix(text[:j], ".–") && !strings.HasSuffix(text[:j], ".-")) {
		return false
	}
	if ws.monthAt(text, k) {
		return true
	}
	// The first of two ordinals joined by a short word before their month
	// ("22. a 23. decembra", "1. oder 2. Mai").
	m := k
	for m < len(text) && m-k <= 4 && isLower(text[m]) {
		m++
	}
	if m == k || m-k > 4 || m >= len(text) || !isSpace(text[m]) {
		return false
	}
	for m < len(text) && isSpace(text[m]) {
		m++
	}
	d := m
	for m < len(text) && isDigit(text[m]) {
		m++
	}
	if m-d == 0 || m-d > 2 || m >= len(text) || text[m] != '.' {
		return false
	}
	m++
	for m < len(text) && isSpace(text[m]) {
		m++
	}
	return ws.monthAt(text, m)
}

// monthAt reports the beginning of a month name at k.
func (ws *words) monthAt(text string, k int) bool {
	rest := strings.ToLower(text[k:min(len(text), k+8)])
	for _, m := range ws.ordinalMonths {
		if strings.HasPrefix(rest, m) {
			return true
		}
	}
	return false
}

// titleOrNumberAbbreviation reports whether the '.' at i closes an
// abbreviation that never ends a sentence even before a capital, a digit
// or a non-ASCII letter (at k): a title before a name ("Prof. Halden",
// "Dr. Marsh", "Mgr. Horáková"), a number sign before a number ("Nr. 5",
// "No. 12", "Art. 6"), an inline abbreviation ("e.g. Redis"), or a spaced
// German/Czech abbreviation of single letters ("z. B.", "d. h.", "u. a.").
func (ws *words) titleOrNumberAbbreviation(text string, i, k int) bool {
	j := i
	for j > 0 && !isSpace(text[j-1]) && text[j-1] != '(' {
		j--
	}
	w := strings.ToLower(text[j:i])
	next := text[k]
	upper := next >= 'A' && next <= 'Z' || next >= 0x80
	switch {
	case ws.titles[w]:
		return upper || isDigit(next)
	case ws.inline[w]:
		return true // "z.B. Tabellen", "e.g. Redis"
	case ws.numberSigns[w]:
		return isDigit(next)
	}
	// "z. B.", "d. h.", "u. a.": a single lower-case letter, or a single
	// letter after one.
	if len(w) == 1 && isLetter(w[0]) {
		if isLower(text[j]) {
			return true
		}
		p := j - 1
		for p > 0 && isSpace(text[p]) {
			p--
		}
		return p >= 2 && text[p] == '.' && isLetter(text[p-1]) && (p-2 < 0 || isSpace(text[p-2]))
	}
	return false
}

// otherDigit reports a decimal digit of any script at the start of s
// (the caller asks only at a byte that starts a non-ASCII character).
func otherDigit(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsDigit(r)
}
