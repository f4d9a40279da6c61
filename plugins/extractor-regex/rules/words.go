package rules

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk/lexicon"
	"github.com/hashicorp/hcl/v2"
)

// words is the compiled language knowledge of the packs (their words,
// sentence and preamble blocks) and the shared lexicons: everything the
// Go of this package knows of natural languages, held as data.
type words struct {
	phraseStop, phraseEdge []string // compared with strings.EqualFold
	numberTail             map[string]bool
	prose                  map[string]bool
	environments           map[string]bool
	elisionLead            map[string]bool
	attitude               map[string]bool

	lower, titles, inline, numberSigns map[string]bool
	ordinalMonths                      []string

	role, tools *regexp.Regexp // nil: no role preamble is recognised

	// lex holds the cue classes shared with the frame reader; all has a
	// bit for each of its languages, since a key term is read without
	// telling its sentence's language first.
	lex *lexicon.Set
	all uint64
	// ruleTails are the one-word rule words of the lexicons, five letters
	// or more, folded: a compound that ends in one names rules too
	// ("Våpeninstruks", "Betriebsordnung", "Sicherheitsregeln").
	ruleTails []ruleTail
}

// compileWords merges the packs' words, sentence and preamble blocks (a
// later pack's attribute replaces an earlier one) and compiles the
// preamble patterns, reporting each bad pattern at its block.
func compileWords(packs []*Pack, lex *lexicon.Set) (*words, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	var ws WordsSpec
	var ss SentenceSpec
	var role, tools *string
	var roleAt, toolsAt hcl.Range
	set := func(dst *[]string, src []string) {
		if src != nil {
			*dst = src
		}
	}
	for _, p := range packs {
		if p == nil {
			continue
		}
		if w := p.Words; w != nil {
			set(&ws.PhraseStop, w.PhraseStop)
			set(&ws.PhraseEdge, w.PhraseEdge)
			set(&ws.NumberTail, w.NumberTail)
			set(&ws.Prose, w.Prose)
			set(&ws.Environments, w.Environments)
			set(&ws.ElisionLead, w.ElisionLead)
			set(&ws.Attitude, w.Attitude)
		}
		if s := p.Sentence; s != nil {
			set(&ss.Lower, s.Lower)
			set(&ss.Titles, s.Titles)
			set(&ss.Inline, s.Inline)
			set(&ss.NumberSigns, s.NumberSigns)
			set(&ss.OrdinalMonths, s.OrdinalMonths)
		}
		if pr := p.Preamble; pr != nil {
			if pr.Role != nil {
				role, roleAt = pr.Role, pr.DefRange
			}
			if pr.Tools != nil {
				tools, toolsAt = pr.Tools, pr.DefRange
			}
		}
	}
	w := &words{
		phraseStop:    ws.PhraseStop,
		phraseEdge:    ws.PhraseEdge,
		numberTail:    lowerSet(ws.NumberTail),
		prose:         lowerSet(ws.Prose),
		environments:  lowerSet(ws.Environments),
		elisionLead:   lowerSet(ws.ElisionLead),
		attitude:      lowerSet(ws.Attitude),
		lower:         lowerSet(ss.Lower),
		titles:        lowerSet(ss.Titles),
		inline:        lowerSet(ss.Inline),
		numberSigns:   lowerSet(ss.NumberSigns),
		ordinalMonths: lowerList(ss.OrdinalMonths),
		lex:           lex,
	}
	for i := range lex.Languages {
		w.all |= lex.Bit(lex.Languages[i].Code)
		for _, rw := range lex.Languages[i].RuleWords {
			if ts := lexicon.Tokens(rw); len(ts) == 1 && ts[0].Kind == lexicon.Word && utf8.RuneCountInString(ts[0].Norm) >= 5 {
				w.ruleTails = append(w.ruleTails, ruleTail{word: ts[0].Norm, letters: utf8.RuneCountInString(ts[0].Norm)})
			}
		}
	}
	compile := func(name string, p *string, at hcl.Range) *regexp.Regexp {
		if p == nil || *p == "" {
			return nil
		}
		re, err := compilePattern(*p)
		if err != nil {
			diags = append(diags, diag(&at, "invalid preamble pattern", fmt.Sprintf("preamble %s: %v", name, err)))
			return nil
		}
		return re
	}
	w.role = compile("role", role, roleAt)
	w.tools = compile("tools", tools, toolsAt)
	return w, diags
}

// lowerSet makes a set of lower-cased words: the code looks a word up
// after strings.ToLower.
func lowerSet(list []string) map[string]bool {
	m := make(map[string]bool, len(list))
	for _, x := range list {
		m[strings.ToLower(x)] = true
	}
	return m
}

func lowerList(list []string) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = strings.ToLower(x)
	}
	return out
}

// onlyCue reports whether m is nothing but one "only" cue of a lexicon
// ("only", "seulement", "nur"): a restriction's match that is its cue alone
// names no state.
func (w *words) onlyCue(m string) bool {
	ts := lexicon.Tokens(m)
	if len(ts) == 0 {
		return false
	}
	cs := w.lex.Match(ts, w.all, w.all)
	return len(cs) == 1 && cs[0].I == 0 && cs[0].J == len(ts) && cs[0].Class&lexicon.Only != 0
}

// cued reports whether s holds a cue of one of the classes in any
// lexicon.
func (w *words) cued(s string, classes lexicon.Class) bool {
	for _, c := range w.lex.Match(lexicon.Tokens(s), w.all, w.all) {
		if c.Class&classes != 0 {
			return true
		}
	}
	return false
}

// bounded reports whether s holds a bound cue of a lexicon ("at most",
// "höchstens", "nejvýš"): a number beside one is a limit, not a label.
func (w *words) bounded(s string) bool { return w.cued(s, lexicon.Upper|lexicon.Lower) }

// rules reports a line with a cue of a rule in any lexicon: a negation,
// an "only", a duty or a bound.
func (w *words) rules(line string) bool {
	return w.cued(line, lexicon.Negation|lexicon.Only|lexicon.Must|lexicon.Upper|lexicon.Lower)
}

// rulesHeading reports a text whose first line is a heading that names
// rules in a lexicon's words ("Clayhouse kiln rules:", "## Hausordnung",
// "**Booking rules**", "Regolamento doposcuola 2027" over a numbered
// list): a short line that is a Markdown heading, bold, ends with a
// colon, or stands as a plain title over a list.
func (w *words) rulesHeading(text string) bool {
	line, rest := strings.TrimSpace(text), ""
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line, rest = strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+1:])
	}
	head := strings.HasPrefix(line, "#") || strings.HasPrefix(line, "**") && strings.HasSuffix(line, "**") || capitals(line) || titleOverList(line, rest)
	line = strings.Trim(line, "#*_ \t")
	if c, ok := strings.CutSuffix(line, ":"); ok {
		line, head = c, true
	}
	return head && w.namesRules(line, maxHeadingWords, true)
}

// titleOverList reports a plain title line (no sentence end, at most
// maxTitleWords words and numbers: a name, not a sentence such as "Vehicle
// rules are in the handbook") over a list whose first item opens the
// next line (onListLine: "1.", "1)", "-", "•", "*"). Plain-text rules (an
// email, a notice, a wiki page) are set that way. A note in brackets ("ERP
// release policy (last edited 2026-11-20 by M. Okafor)") is no word of
// the title.
func titleOverList(line, rest string) bool {
	if line == "" || strings.ContainsAny(line[len(line)-1:], ".!?;,") || len(strings.Fields(unbracketed(line))) > maxTitleWords {
		return false
	}
	return onListLine(rest, 0)
}

// unbracketed returns line without its notes in round or square brackets.
func unbracketed(line string) string {
	var b strings.Builder
	depth := 0
	for _, r := range line {
		switch {
		case r == '(' || r == '[':
			depth++
		case r == ')' || r == ']':
			depth = max(depth-1, 0)
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// capitals reports a line written in capitals, as a plain-text document
// sets its headings ("VEHICLE RULES", "ROUTING RESTRICTIONS (rev.
// 11/2026)"): at least four letters of a cased script, nine in ten of
// them upper case, a note in brackets aside.
func capitals(line string) bool {
	upper, cased := 0, 0
	for _, r := range unbracketed(line) {
		switch {
		case unicode.IsUpper(r):
			upper++
			cased++
		case unicode.IsLower(r):
			cased++
		}
	}
	return cased >= 4 && upper*10 >= cased*9
}

// maxHeadingWords is the longest line, in words and numbers, read as a
// heading.
const maxHeadingWords = 10

// maxTitleWords is the longest plain line, with no mark of a heading,
// read as a title over a list.
const maxTitleWords = 5

// rulesTopic reports a text with a line whose topic, the words before its
// colon since the last sentence end, names rules ("Hollins Chapel (Grade
// II listed). Venue rules: no open flames …"), in at most maxTopicWords
// words.
func (w *words) rulesTopic(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		colon := strings.IndexAny(line, ":：")
		if colon < 0 {
			continue
		}
		topic := line[:colon]
		if i := strings.LastIndexAny(topic, ".!?"); i >= 0 {
			topic = topic[i+1:]
		}
		if w.namesRules(topic, maxTopicWords, false) {
			return true
		}
	}
	return false
}

// maxTopicWords is the longest topic, in words, read as naming rules.
const maxTopicWords = 5

// namesRules reports a short text, of one to max words (numbers counted
// as words when numbers is set), that holds a rule word of a lexicon.
func (w *words) namesRules(text string, max int, numbers bool) bool {
	ts := lexicon.Tokens(text)
	n := 0
	for _, t := range ts {
		if t.Kind == lexicon.Word || t.Kind == lexicon.Rune || numbers && t.Kind == lexicon.Number {
			n++
		}
	}
	if n == 0 || n > max {
		return false
	}
	for _, c := range w.lex.Match(ts, w.all, w.all) {
		if c.Class&lexicon.RuleWord != 0 {
			return true
		}
	}
	for _, t := range ts {
		if t.Kind != lexicon.Word {
			continue
		}
		letters := utf8.RuneCountInString(t.Norm)
		for _, tail := range w.ruleTails {
			if letters >= tail.letters+3 && strings.HasSuffix(t.Norm, tail.word) {
				return true
			}
		}
	}
	return false
}

// ruleTail is a rule word a compound may end in, with its length in
// letters: the compound needs three more of its own.
type ruleTail struct {
	word    string
	letters int
}
