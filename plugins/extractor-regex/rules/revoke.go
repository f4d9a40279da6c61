package rules

import (
	"regexp"
	"strings"

	"github.com/compactguard/compactguard/sdk"
)

// revokeRe finds a user lifting an earlier rule: "actually, you can drop
// that restriction now", "the freeze is lifted", "feel free to edit X
// again", "X is no longer off-limits". It runs once per system or user
// span that passes the cheap revokePrefilter, so extraction stays linear.
var revokeRe = regexp.MustCompile(`(?i)\b(?:you\s+(?:can|may)\s+(?:now\s+)?(?:drop|ignore|lift|forget|remove)\s+(?:that|the|this|my)\b|(?:restriction|rule|freeze|ban|prohibition)\s+(?:is|has\s+been|was)\s+(?:now\s+)?(?:lifted|removed|dropped|revoked|over|gone)|no\s+longer\s+(?:applies|apply|needed|in\s+(?:force|effect)|off[- ]limits|frozen|read[- ]only|forbidden)|feel\s+free\s+to|ignore\s+(?:my|the)\s+(?:earlier|previous)|scrap\s+that\s+rule|lift(?:ed)?\s+the\s+(?:restriction|freeze|ban))`)

// revokePrefilter holds lower-case words one of which every revocation
// contains.
var revokePrefilter = []string{"drop", "ignore", "lift", "forget", "remove", "revoke", "longer", "free", "scrap", "over", "gone"}

// dropRevoked removes the prohibitions that a later system or user
// sentence explicitly revokes, naming one of the prohibition's technical
// key terms (feature_flags, prod-eu-1, .env). A revocation that names
// nothing, or names only plain words, revokes nothing: a rule stays until
// its object is named as released.
func dropRevoked(spans []sdk.Span, items []sdk.Item) []sdk.Item {
	pos := map[string]int{}
	for i := range spans {
		pos[spans[i].ID] = i
	}
	var revs []revocation
	for i := range spans {
		sp := &spans[i]
		if _, ok := instructionWith(sp, revokePrefilter); !ok {
			continue
		}
		for _, loc := range revokeRe.FindAllStringIndex(sp.Text, -1) {
			a, b := sentenceAround(sp.Text, loc[0], loc[1])
			// Lower-case the sentence itself: offsets into the whole
			// text do not hold in its lower-cased copy (K, ẞ and Ω
			// change length).
			revs = append(revs, revocation{span: i, start: loc[0], lower: strings.ToLower(sp.Text[a:b])})
		}
	}
	if len(revs) == 0 {
		return items
	}
	out := items[:0]
	for _, it := range items {
		if it.Category == sdk.CategoryProhibition && revokedBy(it, pos[it.Span], revs) {
			continue
		}
		out = append(out, it)
	}
	return out
}

// revocation is a sentence of a system or user span that lifts a rule.
type revocation struct {
	span  int    // index of its span
	start int    // byte offset of the revoking phrase in the span
	lower string // its sentence, lower-cased
}

// revokedBy reports whether a revocation after the item, in span order,
// names one of its technical key terms.
func revokedBy(it sdk.Item, span int, revs []revocation) bool {
	for _, r := range revs {
		if r.span < span || (r.span == span && r.start < it.End) {
			continue
		}
		for _, k := range it.KeyTerms {
			if isTechnical(k) && strings.Contains(r.lower, strings.ToLower(k)) {
				return true
			}
		}
	}
	return false
}

// sentenceAround returns the sentence of text around [a, b): from the
// previous sentence end to the end of the line.
func sentenceAround(text string, a, b int) (int, int) {
	s := strings.LastIndexAny(text[:a], ".!?\n")
	e := strings.IndexAny(text[b:], "!?\n")
	if e < 0 {
		e = len(text)
	} else {
		e += b
	}
	return s + 1, e
}

// retractRe finds a sentence that takes back the sentence just before it:
// "Actually, scrap that", "scratch that", "never mind", "on second
// thought". It must open its sentence.
var retractRe = regexp.MustCompile(`(?i)^\W*(?:(?:actually|wait|hmm|no|ok|okay|sorry|oh)\W+){0,2}(?:(?:scrap|scratch|forget|ignore|cancel|disregard)\s+(?:that|this|it)\b|never\s*mind\b|on\s+second\s+thought)`)

// retractPrefilter holds lower-case words one of which every retraction
// contains.
var retractPrefilter = []string{"scrap", "scratch", "forget", "ignore", "cancel", "disregard", "mind", "second thought"}

// dropRetracted removes the numeric commitments and entities of a
// sentence that the next sentence of the same system or user span takes
// back ("Let's send it to 50,000 users on Monday. Actually, scrap that,
// marketing will pick the date."): a plan the user dropped is not a
// commitment. Prohibitions stay: a rule is only lifted by naming its
// object (see dropRevoked), and so do the numbers and names of its
// sentence.
func dropRetracted(spans []sdk.Span, items []sdk.Item) []sdk.Item {
	type rng struct {
		span       string
		start, end int
		off        bool // the sentence states a rule: keep its items
	}
	var gone []rng
	var sents []sentence
	for i := range spans {
		sp := &spans[i]
		_, ok := instructionWith(sp, retractPrefilter)
		if !ok {
			continue
		}
		sents = splitSentences(sp.Text, sents[:0])
		for k := 1; k < len(sents); k++ {
			if retractRe.MatchString(sp.Text[sents[k].Start:sents[k].End]) {
				gone = append(gone, rng{span: sp.ID, start: sents[k-1].Start, end: sents[k-1].End})
			}
		}
	}
	if len(gone) == 0 {
		return items
	}
	// A sentence that states a rule keeps all its items: the rule stays,
	// and so do the names and numbers it is about.
	for _, it := range items {
		if it.Category != sdk.CategoryProhibition {
			continue
		}
		for k, g := range gone {
			if it.Span == g.span && it.Start >= g.start && it.End <= g.end {
				gone[k].off = true
			}
		}
	}
	out := items[:0]
	for _, it := range items {
		drop := false
		if it.Category == sdk.CategoryNumericCommitment || it.Category == sdk.CategoryEntity {
			for _, g := range gone {
				if !g.off && it.Span == g.span && it.Start >= g.start && it.End <= g.end {
					drop = true
					break
				}
			}
		}
		if !drop {
			out = append(out, it)
		}
	}
	return out
}

// correctionRe finds a user correcting a number they gave earlier, naming
// both values: "the budget is now £1,200, not £1,800", "jetzt 5 statt 8",
// "désormais 30 jours au lieu de 45" (groups new, old), or "lower the cap
// from 500 to 300" (groups old2, new2).
var correctionRe = regexp.MustCompile(`(?i)\b(?:now|jetzt|nun|désormais|maintenant|ahora|ora|adesso|agora|nu)\b[^.;!?\n]{0,40}?(?P<new>[$€£¥]?\s?\d[\d,.]*)\s*(?:[kKM%€]|\s?\pL+)?\s*,?\s+(?:but\s+)?(?:not|instead\s+of|rather\s+than|statt|anstatt|nicht|et\s+non|au\s+lieu\s+de|pas|en\s+lugar\s+de|en\s+vez\s+de|y\s+no|invece\s+di|non|em\s+vez\s+de|e\s+não|niet|in\s+plaats\s+van)\s+(?:the\s+|de\s+|di\s+|der\s+|die\s+|das\s+)?(?P<old>[$€£¥]?\s?\d[\d,.]*)|\b(?:chang|lower|rais|reduc|increas|cut|mov|bump|adjust|revis|updat|shift)\pL*\b[^.;!?\n]{0,40}?\bfrom\s+(?P<old2>[$€£¥]?\s?\d[\d,.]*)\s*(?:[kKM%€]|\s?\pL+)?\s+to\s+(?P<new2>[$€£¥]?\s?\d[\d,.]*)|\b(?:correggo|correzione|correction|correcting|korrektur|korrigiere|corrijo|corrección|correcci[oó]n|corrigo|correção|correctie|rectific\pL*|retific\pL*)\b[^.;!?\n]{0,80}?(?P<new3>[$€£¥]?\s?\d[\d,.]*)(?:\s*[kKM%€°]|\s+\pL+){0,3}\s*,?\s+(?:but\s+)?(?:not|instead\s+of|rather\s+than|statt|anstatt|nicht|et\s+non|au\s+lieu\s+de|pas|en\s+lugar\s+de|en\s+vez\s+de|y\s+no|invece\s+di|non|em\s+vez\s+de|e\s+não|não|no|niet|in\s+plaats\s+van)\s+(?:the\s+|de\s+|di\s+|dei\s+|der\s+|die\s+|das\s+|los\s+|i\s+|os\s+)?(?P<old3>[$€£¥]?\s?\d[\d,.]*)`)

// correctionPrefilter holds lower-case words one of which every correction
// contains.
var correctionPrefilter = []string{"now", "jetzt", "nun", "désormais", "maintenant", "ahora", "ora", "adesso", "agora", "nu", "from", "corre", "korr", "rectific", "retific"}

// correction is a number a system or user span replaced.
type correction struct {
	span     int
	start    int
	old, new string // digits only
}

// digitsOf keeps the digits of a number: "£1,800" and "1800" are one value.
func digitsOf(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if isDigit(s[i]) {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// numberRe finds the numbers of a key term.
var numberRe = regexp.MustCompile(`\d[\d,.]*\d|\d`)

// dropSuperseded removes what a later correction replaced: a numeric key
// term whose every number is the old value of a later system or user
// correction that names both values ("now £1,200, not £1,800") is no longer
// a commitment, and a numeric item left with no key term is dropped. The
// correcting sentence keeps its new value. A correction naming only the
// new value supersedes nothing: without the old value it is not known
// which earlier number it replaces.
func dropSuperseded(spans []sdk.Span, items []sdk.Item) []sdk.Item {
	var cors []correction
	for i := range spans {
		sp := &spans[i]
		_, ok := instructionWith(sp, correctionPrefilter)
		if !ok {
			continue
		}
		names := correctionRe.SubexpNames()
		for _, m := range correctionRe.FindAllStringSubmatchIndex(sp.Text, -1) {
			c := correction{span: i, start: m[0]}
			for g, n := range names {
				if m[2*g] < 0 {
					continue
				}
				v := digitsOf(sp.Text[m[2*g]:m[2*g+1]])
				switch n {
				case "old", "old2", "old3":
					c.old = v
				case "new", "new2", "new3":
					c.new = v
				}
			}
			if c.old != "" && c.new != "" && c.old != c.new {
				cors = append(cors, c)
			}
		}
	}
	if len(cors) == 0 {
		return items
	}
	pos := map[string]int{}
	for i := range spans {
		pos[spans[i].ID] = i
	}
	out := items[:0]
	for _, it := range items {
		if it.Category == sdk.CategoryProhibition && bareOldValue(it, pos[it.Span], cors) {
			continue // "6 minutes, not 4": the "not" sets the new value against the old
		}
		if it.Category != sdk.CategoryNumericCommitment || len(it.KeyTerms) == 0 {
			out = append(out, it)
			continue
		}
		span := pos[it.Span]
		var kept []string
		for _, k := range it.KeyTerms {
			if !superseded(k, span, it.Start, cors) {
				kept = append(kept, k)
			}
		}
		if len(kept) == 0 {
			continue
		}
		it.KeyTerms = kept
		out = append(out, it)
	}
	return out
}

// superseded reports whether every number of key term k is the old value
// of a correction at or after the item (span, start).
func superseded(k string, span, start int, cors []correction) bool {
	nums := numberRe.FindAllString(k, -1)
	if len(nums) == 0 {
		return false
	}
	for _, n := range nums {
		v := digitsOf(n)
		found := false
		for _, c := range cors {
			if (c.span > span || (c.span == span && c.start >= start)) && c.old == v {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// instructionWith returns the lower-cased text of a user or system span
// that contains one of the prefilter's words; ok is false for any other
// span, which the caller skips.
func instructionWith(sp *sdk.Span, prefilter []string) (lower string, ok bool) {
	if sp.Kind != "user" && sp.Kind != "system" {
		return "", false
	}
	lower = strings.ToLower(sp.Text)
	for _, w := range prefilter {
		if strings.Contains(lower, w) {
			return lower, true
		}
	}
	return "", false
}

// bareOldValue reports whether prohibition it is only the "not Y" of a
// correction inside its own sentence: every key term is a bare number, the
// old value of a correction that starts within the item's sentence.
func bareOldValue(it sdk.Item, span int, cors []correction) bool {
	if len(it.KeyTerms) == 0 {
		return false
	}
	for _, k := range it.KeyTerms {
		if numberRe.FindString(strings.TrimSpace(k)) != strings.TrimSpace(k) {
			return false
		}
		v := digitsOf(k)
		found := false
		for _, c := range cors {
			if c.span == span && c.start >= it.Start && c.start < it.End && c.old == v {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
