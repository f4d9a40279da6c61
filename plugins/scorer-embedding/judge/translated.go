package judge

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk"
)

// A candidate may summarise an original in another language: a team's
// convention can be to summarise in English whatever language the user
// wrote in. The words of a translated rule are then gone, but its names,
// identifiers and numbers survive translation unchanged. The functions of
// this file judge an item that is foreign to the candidate by those
// anchors alone: the item is kept when one candidate unit holds every
// anchor and the cue of its category (a negation or restriction cue for a
// prohibition, a failure cue for a failed attempt), inverted when the
// anchors stand there without the cue. An item with no anchor cannot be
// judged this way and keeps the verdict of the ordinary check.

// foreign reports whether an item's text reads as another language than
// the candidate: a CJK item summarised in a script without CJK (or the
// reverse), or an item whose function words name another language than the
// candidate's (see language) and of which fewer than half of the
// content words (three letters or more, not names or numbers) occur in the
// candidate at all. An unrelated candidate in the item's own language is
// not a translation.
func foreign(d *doc, text string) bool {
	if isCJK(text) != isCJK(d.text) {
		return true
	}
	if si, sc := script(text), script(d.text); si != sc && si != "" && sc != "" {
		return true // "Никогда не удаляйте …" against an English candidate
	}
	li, lc := language(Fold(text)), d.language()
	if (li == "" || li == lc) && lc != "" && unlike(Fold(text), lc) {
		li = "other" // Indonesian, Czech…: no function word of the candidate's language
	}
	if li == "" || lc == "" || li == lc {
		return false
	}
	var words, present int
	for _, tok := range rawTokens(text) {
		if isIdentifier(tok) || utf8.RuneCountInString(tok) < 3 || strings.IndexFunc(tok, unicode.IsDigit) >= 0 {
			continue
		}
		for _, w := range Words(tok) {
			if utf8.RuneCountInString(w) < 3 || cueWords[w] {
				continue
			}
			words++
			if _, _, ok := ContainsTerm(d.lower, d.lower, Fold(w)); ok {
				present++
			}
		}
	}
	return words >= 2 && present*2 < words
}

// script returns the dominant script of the letters of text: "latin",
// "cyrillic", "greek", "arabic", "hebrew", "devanagari", "thai" or "cjk";
// "" when it has no letters.
func script(text string) string {
	counts := map[string]int{}
	for _, r := range text {
		if !unicode.IsLetter(r) {
			continue
		}
		switch {
		case unicode.Is(unicode.Latin, r):
			counts["latin"]++
		case unicode.Is(unicode.Cyrillic, r):
			counts["cyrillic"]++
		case unicode.Is(unicode.Greek, r):
			counts["greek"]++
		case unicode.Is(unicode.Arabic, r):
			counts["arabic"]++
		case unicode.Is(unicode.Hebrew, r):
			counts["hebrew"]++
		case unicode.Is(unicode.Devanagari, r):
			counts["devanagari"]++
		case unicode.Is(unicode.Thai, r):
			counts["thai"]++
		case r >= 0x2E80:
			counts["cjk"]++
		}
	}
	best, bn := "", 0
	for s, n := range counts {
		if n > bn || (n == bn && s < best) {
			best, bn = s, n
		}
	}
	return best
}

// unlike reports whether a folded text is too poor in the function words
// of lang to be written in it: fewer than one word in five, or for a text
// of three or four words at most one ("Anggaran cloud maksimal Rp 5.000.000 per bulan" has only "per"
// of English). It names languages the function-word table does not know.
func unlike(lower, lang string) bool {
	words, hits := 0, 0
	for _, w := range strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		words++
		if slices.Contains(funcWordLang[w], lang) {
			hits++
		}
	}
	if words < 5 {
		// Short texts: one stray hit ("on" of Finnish "Rajoitus on 500
		// pyyntöä minuutissa") does not make them the candidate's language.
		return words >= 3 && hits <= 1 && hits*3 < words
	}
	return hits*5 < words
}

// functionWords are frequent short words of each language, nearly all
// unique to it; they tell the language of a sentence.
var functionWords = map[string][]string{
	"en": {"the", "a", "an", "to", "of", "in", "on", "for", "is", "are", "and", "or", "with", "not", "do", "don't", "be", "must", "never", "by", "from", "at", "this", "that", "it", "any", "no", "only", "per", "each", "every", "after", "before", "during", "without", "max", "use", "can", "all", "into", "than", "when", "until", "then", "next", "up", "out", "as", "but", "if", "so", "its", "their", "was", "were", "has", "have", "will", "should", "may", "need", "keep", "get", "which", "most", "least", "these", "those"},
	"de": {"der", "die", "das", "und", "nicht", "ist", "mit", "auf", "für", "zu", "den", "dem", "ein", "eine", "keine", "kein", "nie", "im", "bei", "von", "werden", "dürfen", "darf", "nur", "über", "älter", "als", "während"},
	"fr": {"le", "les", "des", "du", "et", "ne", "pas", "est", "une", "pour", "dans", "sur", "avec", "au", "aux", "jamais", "vers", "pendant", "sans"},
	"es": {"el", "los", "las", "del", "y", "es", "una", "para", "con", "por", "que", "nunca", "sin", "al", "superiores", "cuenta"},
	"it": {"il", "lo", "gli", "della", "di", "è", "non", "per", "che", "mai", "senza", "nella", "sono", "tabella"},
	"pt": {"os", "as", "do", "da", "não", "é", "um", "uma", "com", "em", "na", "pela", "pelo", "nunca", "sem", "mais", "conta"},
	"nl": {"het", "een", "en", "niet", "van", "voor", "met", "op", "te", "nooit", "geen", "dat", "alleen", "gebruik"},
	"tr": {"ve", "bir", "bu", "için", "ile", "asla", "değil", "her", "olarak"},
	"vi": {"không", "được", "và", "của", "là", "các", "cho", "vào", "lên", "trong", "với", "một"},
	"hi": {"ko", "ka", "ki", "hai", "mat", "nahi", "nahin", "karo", "karna", "kabhi", "bhi", "aur", "har", "hi", "se", "को", "का", "की", "है", "मत", "नहीं", "और", "कभी"},
	"sv": {"och", "inte", "att", "för", "med", "på", "aldrig", "får", "är"},
	"pl": {"nie", "się", "jest", "na", "do", "nigdy", "wolno", "oraz"},
}

// funcWordLang maps each function word to its languages.
var funcWordLang = func() map[string][]string {
	m := map[string][]string{}
	for lang, ws := range functionWords {
		for _, w := range ws {
			m[w] = append(m[w], lang)
		}
	}
	return m
}()

// language guesses the language of a folded text from its function words:
// the language with the most hits, more than any other; "" when unsure.
// A word shared by several languages counts for none.
func language(lower string) string {
	hits := map[string]int{}
	for _, w := range strings.FieldsFunc(lower, func(r rune) bool { return !isWordRune(r) && r != '\'' }) {
		if ls := funcWordLang[w]; len(ls) == 1 {
			hits[ls[0]]++
		}
	}
	best, bn, tie := "", 0, false
	for l, n := range hits {
		switch {
		case n > bn:
			best, bn, tie = l, n, false
		case n == bn:
			tie = true
		}
	}
	if bn < 1 || tie {
		return ""
	}
	return best
}

// language returns the language of the candidate, computed once.
func (d *doc) language() string {
	if !d.langDone {
		d.lang, d.langDone = language(d.lower), true
	}
	return d.lang
}

// anchors returns the parts of a text that survive translation: its
// quantities, and the names it spells the same in every language —
// identifiers with a digit or one of _ / . @ : (fatture_2025,
// optout_2026.parquet), lower-case slugs (db-prod-nl), acronyms (TLS,
// TRUNCATE), the acronym parts of a compound (TLS of TLS-Konfiguration),
// and, in CJK text, every token in Latin script (payments-db). Currency
// codes are left to the quantities they follow ("10.000 USD" = "$10,000").
func anchors(text string) (names []string, qs []Quantity) {
	cjk := isCJK(text)
	seen := map[string]bool{}
	add := func(s string) {
		if l := strings.ToLower(s); !seen[l] && currencyWords[l] == "" {
			seen[l] = true
			names = append(names, s)
		}
	}
	for _, tok := range rawTokens(text) {
		switch {
		case cjk && !isCJK(tok):
			for _, f := range strings.FieldsFunc(tok, func(r rune) bool { return r >= 0x2E80 }) {
				if f = strings.Trim(f, "。、，：；（）()"); len(f) >= 2 && strings.IndexFunc(f, unicode.IsLetter) >= 0 {
					add(f)
				}
			}
		case isIdentifier(tok) && strings.ContainsAny(tok, "0123456789_/.@:"):
			if strings.IndexFunc(tok, unicode.IsLetter) >= 0 {
				add(tok)
			}
		case isIdentifier(tok) && isSlug(tok):
			add(tok)
		default:
			for _, p := range strings.Split(tok, "-") {
				if isAcronym(p) {
					add(p)
				}
			}
		}
	}
	return names, Quantities(text)
}

// isSlug reports whether tok is a lower-case name of two or more parts of
// two or more letters or digits joined by hyphens: db-prod-nl, prod-vn.
func isSlug(tok string) bool {
	parts := strings.Split(tok, "-")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if len(p) < 2 {
			return false
		}
		for _, r := range p {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
				return false
			}
		}
	}
	return true
}

// isAcronym reports whether p is two or more upper-case ASCII letters.
func isAcronym(p string) bool {
	if len(p) < 2 {
		return false
	}
	for _, r := range p {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// anchoredUnit finds the candidate unit that holds every anchor, preferring
// one where cue holds. It returns the unit index (or -1) and whether cue
// holds there.
func (d *doc) anchoredUnit(names []string, qs []Quantity, cue func(lower string) bool) (int, bool) {
	found := -1
	for i, u := range d.units {
		ok := true
		for _, n := range names {
			if _, _, in := ContainsTerm(u.lower, u.lower, n); !in {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		uq := d.quantitiesOf(u.Text)
		for _, q := range qs {
			has := false
			for _, o := range uq {
				has = has || q.Equal(o)
			}
			if !has {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if cue(u.lower) {
			return i, true
		}
		if found < 0 {
			found = i
		}
	}
	return found, false
}

// translated judges an item foreign to the candidate by its anchors (see
// above). ok is false when the item is not foreign, has no anchor, or no
// unit holds every anchor.
func (j *Judge) translated(d *doc, it sdk.Item, cue func(lower string) bool, what string, support []float64) (Verdict, bool) {
	if !foreign(d, it.Text) {
		return Verdict{}, false
	}
	names, qs := anchors(it.Text)
	if len(names)+len(qs) == 0 {
		if it.Category == sdk.CategoryFailedAttempt && hasRetry(Fold(it.Text)) {
			return d.translatedNoRetry(support)
		}
		return Verdict{}, false
	}
	i, withCue := d.anchoredUnit(names, qs, cue)
	if i < 0 {
		return Verdict{}, false
	}
	n := len(names) + len(qs)
	if !withCue {
		return Verdict{Fate: sdk.FateInverted, Score: support[i],
			Note: fmt.Sprintf("translated %s: its %d names and numbers kept without its cue in %q", what, n, abbreviate(d.units[i].Text))}, true
	}
	return Verdict{Fate: sdk.FateKept, Evidence: d.units[i].Text, Score: max(support[i], 0.5),
		Note: fmt.Sprintf("translated %s: its %d names and numbers kept with its cue", what, n)}, true
}

// retryCues name trying again, in the languages of the extractor's
// failure rules; with a negation they are the advice not to retry.
var retryCues = []string{
	"retry", "re-try", "again", "rerun", "re-run", "reattempt", "re-attempt",
	"erneut", "nochmal", "noch einmal", "réessayer", "réessaie", "à nouveau",
	"reintentar", "reintentes", "volver a intentar", "de nuevo", "riprovare",
	"riprova", "di nuovo", "tentar novamente", "de novo", "opnieuw",
	"再試行", "重试", "再次", "다시",
}

// hasRetry reports whether a folded text names trying again.
func hasRetry(lower string) bool {
	for _, c := range retryCues {
		if isCJK(c) {
			if strings.Contains(lower, c) {
				return true
			}
		} else if _, _, ok := ContainsTerm(lower, lower, c); ok {
			return true
		}
	}
	return false
}

// translatedNoRetry judges a translated "do not retry" with nothing that
// survives translation ("nicht erneut versuchen, bevor das Zertifikat
// erneuert ist"): it is kept by a candidate unit that also advises
// against trying again.
func (d *doc) translatedNoRetry(support []float64) (Verdict, bool) {
	for i, u := range d.units {
		if hasRetry(u.lower) && HasNegation(u.lower) {
			return Verdict{Fate: sdk.FateKept, Evidence: u.Text, Score: max(support[i], 0.5),
				Note: "translated advice not to retry kept"}, true
		}
	}
	return Verdict{}, false
}
