package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ruleTerms turns a rule's surviving matches in sentence s into key terms.
// It returns nil when the matches, on a closer look, state nothing (an
// entity rule that caught only plain words, a number glued to an
// identifier).
func (e *Engine) ruleTerms(r *rule, s string, locs [][]int) []term {
	var out []term
	switch r.terms {
	case termsMatch, termsEntity:
		for _, loc := range locs {
			ts := matchTerms(r, s, loc)
			if r.terms == termsEntity && len(ts) > 1 && !e.allEntityNames(ts) {
				continue // a contrast needs a name on both sides
			}
			for _, t := range ts {
				if r.terms == termsEntity && (!e.isEntityName(t.text) || inPath(s, t)) {
					continue
				}
				if r.terms == termsMatch && r.category == "numeric_commitment" {
					if gluedNumber(s, t) {
						continue
					}
					t = e.trimTrailingWord(t)
				}
				out = append(out, t)
			}
		}
	case termsAction:
		loc := locs[0]
		scope, off := clauseAfter(s, loc[1])
		if strings.TrimSpace(scope) == "" {
			scope, off = clauseBefore(s, loc[0])
		}
		out = e.actionTerms(scope, off)
		if len(out) == 0 && off > loc[0] {
			// Only function words after the cue ("… पूरी तरह वर्जित है"):
			// the cue ends a verb-final clause, whose action stands
			// before it.
			before, boff := clauseBefore(s, loc[0])
			if out = e.techTokens(before, boff, false); len(out) == 0 {
				if p := e.phrase(before, boff, true); p.text != "" {
					out = []term{p}
				}
			}
		}
		if e.verbFinal(out) {
			// German, Dutch, Swedish and Japanese put the object before
			// the negation ("den Kran TK-3 bei Wind über 72 km/h auf
			// keinen Fall betreiben"): a bare verb after the cue takes the
			// technical names of the clause before it too.
			before, boff := clauseBefore(s, loc[0])
			out = append(out, e.techTokens(before, boff, false)...)
		}
		if len(out) == 0 {
			out = e.elidedObject(s, loc[0])
		}
		if len(out) == 0 {
			out = []term{{start: loc[0], end: loc[1], text: collapse(s[loc[0]:loc[1]])}}
		}
	case termsState:
		loc := locs[0]
		// The cue alone ("only", "seulement") names no state: the
		// state is the names of the sentence.
		if m := collapse(s[loc[0]:loc[1]]); !e.words.onlyCue(m) && len(strings.Fields(m)) <= 3 {
			out = append(out, term{start: loc[0], end: loc[1], text: m})
		}
		toks := e.techTokens(s, 0, false)
		out = append(out, toks...)
		if len(toks) == 0 {
			scope, off := clauseBefore(s, loc[0])
			if p := e.phrase(scope, off, true); p.text != "" {
				out = append(out, p)
			}
		}
	case termsFailure:
		loc := locs[0]
		before, off := clauseBefore(s, loc[0])
		if p := e.phrase(before, off, true); p.text != "" {
			out = append(out, p)
		}
		out = append(out, e.techTokens(s, 0, true)...)
		if len(out) == 0 {
			after, off := clauseAfter(s, loc[1])
			if p := e.phrase(after, off, false); p.text != "" {
				out = append(out, p)
			}
		}
		if len(out) == 0 {
			out = []term{{start: loc[0], end: loc[1], text: collapse(s[loc[0]:loc[1]])}}
		}
	}
	return out
}

// matchTerms returns the rule's "term" groups of one match, or the whole
// match when the pattern has none or none took part.
func matchTerms(r *rule, s string, loc []int) []term {
	var out []term
	for _, g := range r.groups {
		a, b := loc[2*g], loc[2*g+1]
		if a >= 0 && b > a {
			out = append(out, term{start: a, end: b, text: collapse(trimPunct(s[a:b]))})
		}
	}
	if len(out) == 0 {
		out = append(out, term{start: loc[0], end: loc[1], text: collapse(trimPunct(s[loc[0]:loc[1]]))})
	}
	return out
}

// gluedNumber reports whether a numeric term is really a piece of an
// identifier: the 8 of n2-standard-8, the 2026.11 of release/2026.11.
func gluedNumber(s string, t term) bool {
	if t.text == "" {
		return true
	}
	if c := t.text[0]; c >= '0' && c <= '9' && t.start > 0 {
		p := s[t.start-1]
		if r, _ := utf8.DecodeLastRuneInString(s[:t.start]); r >= 0x2E80 {
			return false // CJK has no spaces: "1日あたり10,000回" is no name
		}
		if isAlnum(p) || p == '-' || p == '/' || p == '.' || p == '_' || p == '#' || p == '=' || p == '@' {
			return true
		}
	}
	if c := s[t.end-1]; c >= '0' && c <= '9' && t.end < len(s) {
		n := s[t.end]
		if isAlnum(n) || n == '/' || n == '_' {
			return true
		}
		if (n == '.' || n == '-') && t.end+1 < len(s) && isAlnum(s[t.end+1]) {
			return true
		}
	}
	return false
}

// trimPunct strips quotes, brackets and trailing sentence punctuation.
func trimPunct(s string) string {
	// The marks that end a clause in the scripts the pack reads: the
	// Devanagari danda, CJK full stops and commas, the Arabic question
	// mark and comma, the Urdu full stop.
	return strings.Trim(strings.TrimRight(s, ".,;:!?।॥。、，；：！？؟،۔"), "\"'`()[]{}<> \t\n")
}

// clauseEnd reports whether b ends a clause inside a sentence.
func clauseEnd(s string, i int) bool {
	switch s[i] {
	case ',', ';', ':', '(', ')', '!', '?':
		return true
	case '.':
		return i+1 >= len(s) || isSpace(s[i+1])
	}
	return false
}

// clauseAfter returns the text from i to the end of its clause and its
// offset in s.
func clauseAfter(s string, i int) (string, int) {
	j := i
	for j < len(s) && !clauseEnd(s, j) {
		j++
	}
	return s[i:j], i
}

// clauseBefore returns the text from the start of the clause holding i up
// to i, and its offset in s.
func clauseBefore(s string, i int) (string, int) {
	j := i
	for j > 0 && !clauseEnd(s, j-1) {
		j--
	}
	return s[j:i], j
}

// phrase makes the short key phrase of a clause: up to four words from its
// start (tail=false) or end (tail=true), cut at the pack's phrase_stop
// words (what follows is a condition, a reason or a second clause, not the
// forbidden action), with its phrase_edge words (articles, prepositions,
// pronouns: "Je ne réessaierai pas" attempts nothing called "Je") trimmed
// from both edges.
func (e *Engine) phrase(clause string, off int, tail bool) term {
	type w struct{ a, b int }
	var words []w
	i := 0
	for i < len(clause) {
		for i < len(clause) && isSpace(clause[i]) {
			i++
		}
		j := i
		for j < len(clause) && !isSpace(clause[j]) {
			j++
		}
		if j > i {
			words = append(words, w{i, j})
		}
		i = j
	}
	stops, edges := e.words.phraseStop, e.words.phraseEdge
	isStop := func(x w) bool {
		return containsFold(stops, trimPunct(clause[x.a:x.b]))
	}
	isEdge := func(x w) bool {
		return containsFold(edges, trimPunct(clause[x.a:x.b]))
	}
	if tail {
		// last words before i, back to a stop word
		k := len(words)
		for k > 0 && !isStop(words[k-1]) && len(words)-k < 5 {
			k--
		}
		words = words[k:]
	} else {
		k := 0
		for k < len(words) && !isStop(words[k]) && k < 4 {
			k++
		}
		words = words[:k]
	}
	for len(words) > 0 && isEdge(words[0]) {
		words = words[1:]
	}
	for len(words) > 0 && isEdge(words[len(words)-1]) {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return term{}
	}
	a, b := words[0].a, words[len(words)-1].b
	t := trimPunct(clause[a:b])
	return term{start: off + a, end: off + b, text: collapse(t)}
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// verbFinal reports whether action terms are one short phrase of at most
// two words with no technical token: the bare verb a verb-final clause
// leaves after its negation.
func (e *Engine) verbFinal(ts []term) bool {
	return len(ts) == 1 && len(strings.Fields(ts[0].text)) <= 2 && !e.isTechnical(ts[0].text)
}

// actionTerms are the key terms of a forbidden action: the technical
// tokens of its clause (DROP TABLE, legacy_orders, .env) or, when it names
// none, its short phrase ("call the payments API").
func (e *Engine) actionTerms(scope string, off int) []term {
	p := e.phrase(scope, off, false)
	toks := e.techTokens(scope, off, false)
	if len(toks) > 0 {
		return toks
	}
	if p.text != "" {
		return []term{p}
	}
	return nil
}

// techTokens finds technical tokens in s: upper-case command words (DROP
// TABLE), identifiers with _ / @ = or inner dots and hyphens, dotfiles,
// and, with named set, a name followed by a version ("Node 20").
func (e *Engine) techTokens(s string, off int, named bool) []term {
	var out []term
	for _, loc := range e.caps.FindAllStringIndex(s, -1) {
		c := s[loc[0]:loc[1]]
		letters := 0
		for i := 0; i < len(c); i++ {
			if c[i] >= 'A' && c[i] <= 'Z' {
				letters++
			}
		}
		if letters >= 4 || strings.ContainsAny(c, " \t") {
			out = append(out, term{start: off + loc[0], end: off + loc[1], text: collapse(c)})
		}
	}
	for _, loc := range e.tokens.FindAllStringIndex(s, -1) {
		raw := s[loc[0]:loc[1]]
		t := strings.TrimRight(trimGluedParticle(raw), ".")
		if e.isTechnical(t) {
			out = append(out, term{start: off + loc[0], end: off + loc[0] + len(t), text: t})
		}
	}
	if named {
		for _, loc := range e.named.FindAllStringIndex(s, -1) {
			out = append(out, term{start: off + loc[0], end: off + loc[1], text: s[loc[0]:loc[1]]})
		}
	}
	return out
}

// isTechnical reports whether a token looks like a name in a system
// rather than a word: it has _ / @ or ==, starts with a dot, has an inner
// dot or hyphen between letters, or mixes letters and digits; and the
// pack does not list it as prose ("e.g", "read-only").
func (e *Engine) isTechnical(t string) bool {
	if len(t) < 2 || strings.Contains(t, "://") && len(t) > 200 {
		return false
	}
	if e.words.prose[strings.ToLower(t)] {
		return false
	}
	if strings.ContainsAny(t, "_@") || strings.Contains(t, "==") {
		return true
	}
	if t[0] == '.' && len(t) > 1 && isAlnum(t[1]) {
		return true
	}
	letters, digits := false, false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case isDigit(c):
			digits = true
		case isAlnum(c):
			letters = true
		case (c == '.' || c == '-' || c == '/') && i > 0 && i+1 < len(t) && isAlnum(t[i-1]) && isAlnum(t[i+1]):
			return hasLetter(t)
		case c == '/' && i == len(t)-1 && i > 0:
			return true // secrets/
		}
	}
	return letters && digits
}

func hasLetter(t string) bool {
	for i := 0; i < len(t); i++ {
		if isAlnum(t[i]) && !isDigit(t[i]) {
			return true
		}
	}
	return false
}

// isEntityName reports whether an entity rule's term is a name worth
// keeping: technical, or an environment/branch word of the pack; a file
// path is not an entity (it is an object of work, not a thing one
// confuses).
func (e *Engine) isEntityName(t string) bool {
	if e.words.environments[strings.ToLower(t)] {
		return true
	}
	if numericID(t) {
		return true
	}
	if !e.isTechnical(t) {
		return false
	}
	if i := strings.LastIndexByte(t, '/'); i >= 0 {
		if dot := strings.LastIndexByte(t[i+1:], '.'); dot > 0 && isExtension(t[i+1+dot+1:]) {
			return false // path/to/file.ext
		}
	}
	if dot := strings.LastIndexByte(t, '.'); dot > 0 {
		switch t[dot+1:] {
		case "py", "go", "js", "ts", "tsx", "jsx", "md", "txt", "json", "yaml", "yml", "toml", "sh", "rs", "java", "rb", "c", "h", "cpp", "lock", "sql", "log", "cfg", "ini", "html", "css":
			return false
		}
	}
	return true
}

// isExtension reports whether s looks like a file extension: one to five
// letters (digits allowed after the first), as in .md, .py, .mp4.
func isExtension(s string) bool {
	if len(s) == 0 || len(s) > 5 || isDigit(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) {
			return false
		}
	}
	return true
}

func (e *Engine) allEntityNames(ts []term) bool {
	for _, t := range ts {
		if !e.isEntityName(t.text) {
			return false
		}
	}
	return true
}

// inPath reports whether an entity term is only a piece of a file path:
// the test_orders of tests/test_orders.py.
func inPath(s string, t term) bool {
	if t.start > 0 && (s[t.start-1] == '/' || s[t.start-1] == '\\') {
		return true
	}
	if t.end < len(s) && s[t.end] == '/' && !strings.Contains(t.text, "/") {
		return true
	}
	if t.end+1 < len(s) && s[t.end] == '.' {
		j := t.end + 1
		for j < len(s) && isAlnum(s[j]) {
			j++
		}
		if isExtension(s[t.end+1 : j]) {
			return true
		}
	}
	return false
}

// trimTrailingWord drops a function word (the pack's number_tail) that a
// generic unit pattern caught after a number ("$2,000 this" -> "$2,000").
func (e *Engine) trimTrailingWord(t term) term {
	i := strings.LastIndexAny(t.text, " \t")
	if i < 0 {
		return t
	}
	if e.words.numberTail[strings.ToLower(t.text[i+1:])] {
		t.text = strings.TrimSpace(t.text[:i])
		t.end = t.start + len(t.text)
	}
	return t
}

// numericID reports whether t is an id made of digit groups, like an
// account number 4411-2093-7781.
func numericID(t string) bool {
	if len(t) < 8 || !strings.Contains(t, "-") {
		return false
	}
	for i := 0; i < len(t); i++ {
		if !isDigit(t[i]) && t[i] != '-' {
			return false
		}
	}
	return true
}

// elidedObject finds the object of an elided negation ("The client hates
// Monday deploys, so don't."): when nothing follows the cue and only a
// connective (the pack's elision_lead) precedes it in its clause, the
// object is in the clause before: its technical tokens, or else its tail
// phrase without the subject and its verb of attitude ("Monday deploys").
func (e *Engine) elidedObject(s string, cue int) []term {
	own, j := clauseBefore(s, cue)
	for _, w := range strings.Fields(own) {
		if !e.words.elisionLead[strings.ToLower(trimPunct(w))] {
			return nil
		}
	}
	if j == 0 || s[j-1] != ',' && s[j-1] != ';' && s[j-1] != ':' {
		return nil
	}
	prev, off := clauseBefore(s, j-1)
	if toks := e.techTokens(prev, off, false); len(toks) > 0 {
		return toks
	}
	p := e.phrase(prev, off, true)
	if p.text == "" {
		return nil
	}
	ws := strings.Fields(p.text)
	for i, w := range ws {
		if i+1 < len(ws) && e.words.attitude[strings.ToLower(w)] {
			raw := s[p.start:p.end]
			k := strings.Index(raw, w) + len(w)
			for k < len(raw) && isSpace(raw[k]) {
				k++
			}
			p.start += k
			p.text = collapse(s[p.start:p.end])
			break
		}
	}
	return []term{p}
}

// trimGluedParticle cuts a Korean, Japanese or Chinese suffix glued to a
// Latin name: Korean and Japanese write particles without a space
// ("STAGE-LED에", "prod-eu-1に"), and the name alone is the term.
func trimGluedParticle(t string) string {
	for i, r := range t {
		if i > 0 && (unicode.Is(unicode.Hangul, r) || unicode.Is(unicode.Han, r) ||
			unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r)) {
			return t[:i]
		}
		if i == 0 && r >= utf8.RuneSelf {
			return t
		}
	}
	return t
}
