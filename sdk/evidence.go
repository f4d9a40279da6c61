package sdk

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The evidence rule. A scorer that calls an item preserved cites, in
// ItemScore.Evidence, text copied from the candidate. The host holds every
// such verdict to this rule and counts the item lost when it fails;
// sdktest holds a plugin to the same rule, by calling the same code, so a
// plugin that passes the kit is not overridden by the host for it.
//
// This is the first of two layers. The second, for an item with a frame
// (frame.Reader.Cites), asks more of a must-keep item's quote: that one
// clause of it states the frame's values and names. The two compare text
// differently on purpose: this rule finds the quote in the candidate as
// written (case and spacing aside), the frame layer reads the quote's
// words and quantities (marks folded, 3k = 3,000).

// Errors of Cites, to test with errors.Is. Each says why the host counts a
// preserved verdict as lost.
var (
	// ErrNoEvidence: the verdict cites nothing (or only whitespace).
	ErrNoEvidence = errors.New("no evidence cited")
	// ErrEvidenceNotInCandidate: the cited text is not in the candidate,
	// even with case and whitespace folded.
	ErrEvidenceNotInCandidate = errors.New("the evidence is not in the candidate")
	// ErrEvidenceOffItem: the cited text is in the candidate but shares
	// no term with the item (see FoldedCandidate.Cites).
	ErrEvidenceOffItem = errors.New("the evidence shares no term with the item")
)

// Fold lowercases and collapses whitespace, so a quote survives
// re-wrapping and capitalisation but not a changed word. It is how the
// evidence rule compares a quote with the candidate; unlike
// lexicon.Fold it keeps compatibility forms as written, since the quote
// must be copied from the candidate, not reworded.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// FoldedCandidate is a candidate folded once (see Fold), for checking
// every verdict of one ScoreResponse against it without folding a large
// candidate per item.
type FoldedCandidate struct{ folded string }

// FoldCandidate folds candidate for Cites.
func FoldCandidate(candidate string) FoldedCandidate {
	return FoldedCandidate{folded: Fold(candidate)}
}

// Cites is FoldCandidate(candidate).Cites(evidence, it), for one verdict.
func Cites(candidate, evidence string, it Item) error {
	return FoldCandidate(candidate).Cites(evidence, it)
}

// Cites reports whether evidence may back a verdict that item it is
// preserved in the candidate: nil, or ErrNoEvidence,
// ErrEvidenceNotInCandidate or ErrEvidenceOffItem.
//
// Being in the candidate is not enough: a quote as small as "a" or "the"
// is in nearly every candidate, so a scorer could call anything preserved
// with it. The folded evidence must also contain at least one of the
// item's terms: its key terms, and the words of its text of four or more
// letters or with a digit (or the stem of a long one); for scripts
// written without spaces, every two-character run; for an item whose
// words give none of these, the words of three letters or more of its
// frame's action as well; and for an item with no term at all, its whole
// text. Numbers match with or without digit-group
// separators. This cannot prove the quote preserves the item (that is the
// scorer's judgement), but a quote that shares nothing with the item
// preserves nothing the host can see.
func (c FoldedCandidate) Cites(evidence string, it Item) error {
	if strings.TrimSpace(evidence) == "" {
		return ErrNoEvidence
	}
	ev := Fold(evidence)
	if !strings.Contains(c.folded, ev) {
		return ErrEvidenceNotInCandidate
	}
	if !sharesTerm(ev, it) {
		return ErrEvidenceOffItem
	}
	return nil
}

// sharesTerm reports whether folded evidence contains one of the item's
// terms (see itemTerms), numbers compared without group separators.
func sharesTerm(evidence string, it Item) bool {
	plain := ungroup(evidence)
	for _, t := range itemTerms(it) {
		if strings.Contains(evidence, t) || strings.Contains(plain, ungroup(t)) {
			return true
		}
	}
	for _, n := range unitNumbers(it) {
		if hasNumber(plain, n) {
			return true
		}
	}
	return false
}

// unitNumbers returns the numbers an item writes with their unit joined
// on ("17h", "30min", "5km", "40mg"): a summary, above all one in another
// language, writes the number apart with its own unit ("5 pm", "30
// minutes"), so the number alone is a term too. It is matched as a whole
// number (hasNumber), not inside another: "8" is not in "18".
func unitNumbers(it Item) []string {
	var out []string
	for _, w := range strings.Fields(Fold(it.Text)) {
		rs := []rune(w)
		k := 0
		for k < len(rs) && (unicode.IsDigit(rs[k]) || k > 0 && (rs[k] == '.' || rs[k] == ',') && k+1 < len(rs) && unicode.IsDigit(rs[k+1])) {
			k++
		}
		if k > 0 && k < len(rs) && unicode.IsLetter(rs[k]) {
			out = append(out, ungroup(string(rs[:k])))
		}
	}
	return out
}

// hasNumber reports n in s with no digit (or decimal point between
// digits) right before or after it.
func hasNumber(s, n string) bool {
	return anyBounded(s, n, func(before, after rune, i, j int) bool {
		return !unicode.IsDigit(before) && !unicode.IsDigit(after) && !decimalAround(s, i, j)
	})
}

// ContainsWord reports word in text with no letter or digit right before
// or after it: "Plausible" in "wire Plausible events", not "form" in
// "formula". Both are compared as given; fold them first (Fold) to
// compare names as a summary or a person may write them.
func ContainsWord(text, word string) bool {
	wordRune := func(r rune) bool { return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r)) }
	return anyBounded(text, word, func(before, after rune, _, _ int) bool {
		return !wordRune(before) && !wordRune(after)
	})
}

// anyBounded reports a place of sub in s that ok accepts, given the runes
// either side of it (utf8.RuneError at an end) and its byte range.
func anyBounded(s, sub string, ok func(before, after rune, i, j int) bool) bool {
	if sub == "" {
		return false
	}
	for from := 0; ; {
		i := strings.Index(s[from:], sub)
		if i < 0 {
			return false
		}
		i += from
		j := i + len(sub)
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[j:])
		if ok(before, after, i, j) {
			return true
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		from = i + size
	}
}

// decimalAround reports a decimal point joining s[i:j] to a digit
// ("4.5" holds no whole "5" and no whole "4").
func decimalAround(s string, i, j int) bool {
	if i >= 2 && (s[i-1] == '.' || s[i-1] == ',') && s[i-2] >= '0' && s[i-2] <= '9' {
		return true
	}
	return j+1 < len(s) && (s[j] == '.' || s[j] == ',') && s[j+1] >= '0' && s[j+1] <= '9'
}

// ungroup writes numbers without their digit-group separators: "4,000",
// "4.000", "4 000" and "4'000" are all "4000" (a summary regroups the
// number it keeps). Only a separator followed by exactly three digits is
// one, so "4.5" stays "4.5".
func ungroup(s string) string {
	if !strings.ContainsAny(s, ",. '\u00a0\u202f") {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		if i > 0 && i+3 < len(rs)+1 && strings.ContainsRune(",. '\u00a0\u202f", r) && unicode.IsDigit(rs[i-1]) && threeDigits(rs[i+1:]) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// threeDigits reports rs starting with exactly three digits.
func threeDigits(rs []rune) bool {
	if len(rs) < 3 {
		return false
	}
	for _, r := range rs[:3] {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return len(rs) == 3 || !unicode.IsDigit(rs[3])
}

// itemTerms returns the folded terms of an item (see Cites).
func itemTerms(it Item) []string {
	var out []string
	for _, k := range it.KeyTerms {
		if k = Fold(k); strings.TrimSpace(k) != "" {
			out = append(out, k)
		}
	}
	keys := len(out)
	// A vowel sign is part of its word (Devanagari, Thai, Tamil write
	// vowels as marks): "मांसाहार" is one word, not the consonants
	// between its signs.
	words := strings.FieldsFunc(Fold(it.Text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) && r != '_'
	})
	for _, w := range words {
		rs := []rune(w)
		if unspaced(rs) {
			for i := 0; i+1 < len(rs); i++ {
				out = append(out, string(rs[i:i+2]))
			}
			if len(rs) == 1 {
				out = append(out, w)
			}
			continue
		}
		if len(rs) >= 4 || strings.ContainsFunc(w, unicode.IsDigit) {
			out = append(out, w)
		}
		// A summary inflects and compounds: "vaccinaties" for
		// "vaccinatieafspraken", 승인 불가 for 승인하지. A long word's stem
		// (its first five letters, or two Hangul syllables) still ties
		// the quote to the item's subject.
		if p := termStem(rs); p != "" {
			out = append(out, p)
		}
	}
	if len(out) == keys && it.Frame != nil {
		// Only short words ("Don't run it yet."): what the frame says is
		// done, its action ("run"), is what a quote that keeps it names
		// ("the agent does not run it"), whatever the short words around.
		for _, w := range strings.Fields(Fold(it.Frame.Action)) {
			if utf8.RuneCountInString(w) >= 3 {
				out = append(out, w)
			}
		}
	}
	if len(out) == 0 {
		// Only short words ("do not"): the evidence must hold them all.
		if t := strings.TrimSpace(Fold(it.Text)); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// termStem returns the prefix of a long word that Cites also accepts, or
// "": five letters of a word of seven or more, two syllables of a Hangul
// word of three or more. Words with digits are matched whole.
func termStem(rs []rune) string {
	for _, r := range rs {
		if unicode.IsDigit(r) {
			return ""
		}
	}
	if unicode.In(rs[0], unicode.Hangul) {
		if len(rs) >= 3 {
			return string(rs[:2])
		}
		return ""
	}
	if len(rs) >= 7 {
		return string(rs[:5])
	}
	return ""
}

// unspaced reports whether a word is in a script written without spaces
// between words (Han, Hiragana, Katakana, Thai, ...), so one "word" is a
// whole clause.
func unspaced(rs []rune) bool {
	for _, r := range rs {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar) {
			return true
		}
	}
	return false
}
