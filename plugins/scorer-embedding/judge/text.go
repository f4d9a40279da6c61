package judge

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Unit is a sentence or a clause of a text, located by byte offsets so that
// its text is always an exact substring of the text it came from.
type Unit struct {
	// Start and End are byte offsets into the source text, End exclusive.
	Start, End int
	// Text is source[Start:End].
	Text string
	// Sentence is the index of the sentence the unit belongs to.
	Sentence int
	// Clause is true for a clause of a multi-clause sentence.
	Clause bool
}

// abbreviations end in a dot without ending a sentence.
var abbreviations = map[string]bool{
	"e.g": true, "i.e": true, "etc": true, "vs": true, "mr": true, "mrs": true,
	"dr": true, "approx": true, "no": true, "cf": true, "jan": true, "feb": true,
	"mar": true, "apr": true, "jun": true, "jul": true, "aug": true, "sep": true,
	"sept": true, "oct": true, "nov": true, "dec": true, "fri": true, "mon": true,
	"tue": true, "wed": true, "thu": true, "sat": true, "sun": true, "z.b": true,
	"bzw": true, "ca": true, "min": true, "max": true,
	// titles before a name: "Prof. Halden", "Mme. Roux", "Sra. Díaz"
	"prof": true, "mme": true, "mlle": true, "sr": true, "sra": true, "jr": true,
}

// Sentences splits text into sentences. A sentence ends at . ! ? followed
// by white space (unless the dot ends a known abbreviation), at the CJK
// full stops, and at line breaks.
func Sentences(text string) []Unit {
	var out []Unit
	start := 0
	emit := func(end int) {
		s, e := trimSpan(text, start, end)
		if e > s {
			out = append(out, Unit{Start: s, End: e, Text: text[s:e], Sentence: len(out)})
		}
		start = end
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		next := i + size
		switch {
		case r == '\n':
			emit(next)
		case r == '。' || r == '！' || r == '？':
			emit(next)
		case r == '.' || r == '!' || r == '?':
			if next >= len(text) {
				break
			}
			n, _ := utf8.DecodeRuneInString(text[next:])
			if !unicode.IsSpace(n) {
				break
			}
			if r == '.' && isAbbreviation(text[start:i]) {
				break
			}
			emit(next)
		}
		i = next
	}
	emit(len(text))
	return out
}

func isAbbreviation(before string) bool {
	j := len(before)
	for j > 0 {
		r, size := utf8.DecodeLastRuneInString(before[:j])
		if !(unicode.IsLetter(r) || r == '.') {
			break
		}
		j -= size
	}
	w := strings.ToLower(before[j:])
	return abbreviations[w] || (len(w) == 1 && w != "")
}

func trimSpan(text string, s, e int) (int, int) {
	for s < e {
		r, size := utf8.DecodeRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		s += size
	}
	for e > s {
		r, size := utf8.DecodeLastRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		e -= size
	}
	return s, e
}

// Segment returns the units of text: every sentence, and for a sentence
// made of several clauses (separated by ';' or an enumeration marker such
// as "(2)"), each clause as well. Clauses come right after their sentence.
func Segment(text string) []Unit {
	var out []Unit
	for _, s := range Sentences(text) {
		out = append(out, s)
		cl := clauses(text, s)
		if len(cl) > 1 {
			out = append(out, cl...)
		}
	}
	return out
}

// clauses splits a sentence at ';' and at enumeration markers "(n)".
func clauses(text string, s Unit) []Unit {
	var out []Unit
	start := s.Start
	emit := func(end int) {
		a, b := trimSpan(text, start, end)
		if b > a {
			out = append(out, Unit{Start: a, End: b, Text: text[a:b], Sentence: s.Sentence, Clause: true})
		}
	}
	for i := s.Start; i < s.End; i++ {
		c := text[i]
		if c == ';' {
			emit(i)
			start = i + 1
			continue
		}
		if c == 0xEF && strings.HasPrefix(text[i:], "；") {
			// the full-width semicolon of CJK text
			emit(i)
			start = i + len("；")
			i = start - 1
			continue
		}
		if c == '(' && i > s.Start && isEnumMarker(text[i:s.End]) {
			emit(i)
			start = i
		}
	}
	emit(s.End)
	return out
}

// isEnumMarker reports whether s starts with "(n)" or "(a)" for a small n.
func isEnumMarker(s string) bool {
	if len(s) < 3 || s[0] != '(' {
		return false
	}
	j := 1
	for j < len(s) && j < 4 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == 1 && s[1] >= 'a' && s[1] <= 'h' {
		j = 2
	}
	return j > 1 && j < len(s) && s[j] == ')'
}

// isWordRune reports whether r belongs to a plain word.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
}

// isJoiner reports whether r joins word parts into one identifier
// ("legacy_orders", "prod-eu-1", "release/2026.11", "docs/RUNBOOK.md").
func isJoiner(r rune) bool {
	return r == '-' || r == '.' || r == '/' || r == '@' || r == ':' || r == '='
}

// Words returns the lower-cased plain words of text (runs of letters,
// digits and underscores).
func Words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !isWordRune(r) })
}

// Identifiers returns the identifier-like tokens of text: tokens that join
// word parts with - . / @ : = or mix letters with digits or underscores,
// plus dot-files such as ".env". They are names that a paraphrase keeps
// verbatim, so they are matched exactly.
func Identifiers(text string) []string {
	var out []string
	for _, tok := range rawTokens(text) {
		if isIdentifier(tok) {
			out = append(out, tok)
		}
	}
	return out
}

// rawTokens splits text on white space and strips surrounding punctuation
// that cannot be part of a name.
func rawTokens(text string) []string {
	var out []string
	for _, f := range strings.Fields(text) {
		f = strings.TrimRightFunc(f, func(r rune) bool {
			return !isWordRune(r) && r != '/'
		})
		f = strings.TrimLeftFunc(f, func(r rune) bool {
			return !isWordRune(r) && r != '.' && r != '/'
		})
		f = strings.TrimRight(f, "/")
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

func isIdentifier(tok string) bool {
	if len(tok) < 2 {
		return false
	}
	if tok[0] == '.' {
		r, _ := utf8.DecodeRuneInString(tok[1:])
		return unicode.IsLetter(r)
	}
	var letters, digits, joins, under, upperInner int
	for i, r := range tok {
		switch {
		case unicode.IsLetter(r):
			letters++
			if i > 0 && unicode.IsUpper(r) {
				upperInner++
			}
		case unicode.IsDigit(r):
			digits++
		case r == '_':
			under++
		case isJoiner(r):
			joins++
		default:
			return false
		}
	}
	if letters == 0 {
		return false
	}
	if under > 0 || joins > 0 {
		return true
	}
	if digits > 0 {
		return true
	}
	// CamelCase names such as CopyBatch; an all-caps word is an acronym.
	return upperInner > 0 && upperInner < letters-1
}

// ContainsTerm reports whether term occurs in text, case-insensitively and
// word-bounded, and returns its byte offsets in text. lower must be
// strings.ToLower(text) with the same byte length (callers use Fold).
func ContainsTerm(text, lower, term string) (int, int, bool) {
	return containsFolded(lower, strings.ToLower(strings.TrimSpace(term)))
}

// containsFolded is ContainsTerm for a term already lower-cased and
// trimmed.
func containsFolded(lower, t string) (int, int, bool) {
	if t == "" {
		return 0, 0, false
	}
	from := 0
	for {
		i := strings.Index(lower[from:], t)
		if i < 0 {
			return 0, 0, false
		}
		s := from + i
		e := s + len(t)
		if boundedBefore(lower, s, t) && boundedAfter(lower, e, t) {
			return s, e, true
		}
		from = s + 1
		if from >= len(lower) {
			return 0, 0, false
		}
	}
}

func boundedBefore(lower string, s int, t string) bool {
	first, _ := utf8.DecodeRuneInString(t)
	if s == 0 || !isWordRune(first) {
		return true
	}
	r, size := utf8.DecodeLastRuneInString(lower[:s])
	if isWordRune(r) {
		return false
	}
	if isJoiner(r) && s-size > 0 {
		p, _ := utf8.DecodeLastRuneInString(lower[:s-size])
		return !isWordRune(p) || r == ':' || r == '='
	}
	return true
}

func boundedAfter(lower string, e int, t string) bool {
	last, _ := utf8.DecodeLastRuneInString(t)
	if e >= len(lower) || !isWordRune(last) {
		return true
	}
	r, size := utf8.DecodeRuneInString(lower[e:])
	if isWordRune(r) {
		return false
	}
	if isJoiner(r) && e+size < len(lower) {
		n, _ := utf8.DecodeRuneInString(lower[e+size:])
		return !isWordRune(n) || r == ':' || r == '='
	}
	return true
}

// Fold lower-cases text keeping byte offsets aligned with the original:
// runes whose lower case has another UTF-8 length are left as they are.
func Fold(text string) string {
	b := make([]byte, 0, len(text))
	for _, r := range text {
		l := unicode.ToLower(r)
		if utf8.RuneLen(l) != utf8.RuneLen(r) {
			l = r
		}
		b = utf8.AppendRune(b, l)
	}
	return string(b)
}

// irregular maps word forms the suffix stemmer cannot reach.
var irregular = map[string]string{
	"frozen": "freez", "froze": "freez", "freeze": "freez", "freezes": "freez",
	"broken": "break", "broke": "break", "ran": "run", "written": "writ",
	"wrote": "writ", "write": "writ", "writes": "writ", "writing": "writ",
	"deletion": "delet", "removal": "remov", "went": "go", "gone": "go",
	"req": "request", "reqs": "request", "prod": "production", "deps": "depend",
	"dependency": "depend", "dependencies": "depend", "repo": "repositori",
}

// Stem reduces an English word to a crude stem ("dropped" -> "drop",
// "batches" -> "batch"), enough to match inflections of the same word.
// Words of other languages pass through mostly unchanged.
func Stem(w string) string {
	w = strings.ToLower(w)
	if s, ok := irregular[w]; ok {
		return s
	}
	if len(w) <= 3 {
		return w
	}
	for _, suf := range []string{"ations", "ation", "ings", "ing", "edly", "ies", "ied", "es", "ed", "ly", "s", "e"} {
		if !strings.HasSuffix(w, suf) {
			continue
		}
		base := w[:len(w)-len(suf)]
		if len(base) < 3 && !(suf == "ing" && len(base) == 2) {
			continue
		}
		switch suf {
		case "ies", "ied":
			base += "i"
		case "es":
			if !(strings.HasSuffix(base, "ch") || strings.HasSuffix(base, "sh") || strings.HasSuffix(base, "x") || strings.HasSuffix(base, "ss") || strings.HasSuffix(base, "z")) {
				base = w[:len(w)-1]
				base = strings.TrimSuffix(base, "e")
			}
		case "s":
			if strings.HasSuffix(base, "s") || strings.HasSuffix(base, "u") || strings.HasSuffix(base, "i") {
				return w
			}
		}
		n := len(base)
		if (suf == "ing" || suf == "ed") && n >= 4 && base[n-1] == base[n-2] && !strings.ContainsRune("lsz", rune(base[n-1])) {
			base = base[:n-1]
		}
		base = strings.TrimSuffix(base, "e")
		return base
	}
	return w
}

// stopwords are function words that carry no object of a rule.
var stopwords = toSet(`a an the and or of to in on at by for from with into onto over under
is are was were be been being it its this that these those there here as so if then than
we you i he she they them us our your my me his her their it's i'm we're you're
do does did done have has had will would can could should shall may might must
just also still only very too some any all each every both either neither other such
what which who whom whose when where why how not no never nor
about after before again against between through during until while up down out off
once more most own same few many much per via please ok okay yes new anything something
everything nothing one`)

func toSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// ContentStems returns the stems of the content words of text: words that
// are not stop words, negation cues or weakeners.
func ContentStems(text string) []string {
	var out []string
	for _, w := range Words(text) {
		if stopwords[w] || cueWords[w] {
			continue
		}
		out = append(out, Stem(w))
	}
	return out
}
