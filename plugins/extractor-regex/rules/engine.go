package rules

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
	"github.com/hashicorp/hcl/v2"
)

// ExtractorName is the value of sdk.Item.Extractor for items found here.
const ExtractorName = "regex"

// spanKinds lists the span kinds a rule may name.
func spanKinds() []string {
	return []string{"system", "user", "assistant", "reasoning", "tool_call", "tool_result", "summary"}
}

// kindBit maps a span kind to its bit in a rule's kind mask (0: unknown).
func kindBit(kind string) uint8 {
	switch kind {
	case "system":
		return 1 << 0
	case "user":
		return 1 << 1
	case "assistant":
		return 1 << 2
	case "reasoning":
		return 1 << 3
	case "tool_call":
		return 1 << 4
	case "tool_result":
		return 1 << 5
	case "summary":
		return 1 << 6
	}
	return 0
}

// termMode says how a rule turns a match into key terms.
type termMode int

const (
	termsMatch termMode = iota
	termsEntity
	termsAction
	termsState
	termsFailure
)

// parseTermMode maps a rule's `terms` attribute to its mode.
func parseTermMode(s string) (termMode, bool) {
	switch s {
	case "", "match":
		return termsMatch, true
	case "entity":
		return termsEntity, true
	case "action":
		return termsAction, true
	case "state":
		return termsState, true
	case "failure":
		return termsFailure, true
	}
	return 0, false
}

// rule is a compiled RuleSpec.
type rule struct {
	name      string
	category  string
	kinds     uint8
	companion uint8
	cued      bool // has cues: runs only when one was seen in the sentence
	lead      int  // how many words before a cue a match may start (matchNear)
	digits    bool
	re        *regexp.Regexp
	at0       *regexp.Regexp // \A-anchored pattern, tried at the sentence start
	atN       *regexp.Regexp // \A-anchored, with ^ made unmatchable, tried inside
	unless    *regexp.Regexp
	veto      *regexp.Regexp
	terms     termMode
	groups    []int  // submatch indexes of groups named "term"
	binds     bool   // the match binds the speaker: a duty (RuleSpec.Binds)
	frame     string // a modality the frame reader must read in the sentence (RuleSpec.Frame)
	langs     uint64 // the primary languages a frame rule reads (RuleSpec.Languages); 0: every one
}

type noise struct {
	name   string
	cued   bool
	kinds  uint8 // 0: every kind
	re     *regexp.Regexp
	unless *regexp.Regexp // nil: the pattern alone decides
}

// Options adjust which compiled rules are active.
type Options struct {
	// Disable names rules to leave out.
	Disable []string
	// Enable names rules that their pack marks `enabled = false` to turn on.
	Enable []string
	// Categories, when not empty, keeps only rules of these categories.
	Categories []string
	// Lexicon is the shared language data (sdk/lexicon) the engine reads
	// cue classes from, so the extractor's rules and its frame reader
	// agree on what a cue is. Nil loads lexicon.Default(), which costs a
	// parse of every language file: pass the set you already hold.
	Lexicon *lexicon.Set
}

// Engine is a compiled, immutable set of rules. Build it once with Compile
// and share it; Extract is safe for concurrent use.
type Engine struct {
	frames   *frame.Reader // for rules with a frame check (RuleSpec.Frame); nil when none has one
	rules    []rule
	noise    []noise
	cues     *cueSet
	cueRules [][]int32 // cue id -> rule indexes (noise as -1-index)
	cueWord  []bool    // cue begins a word: a hit inside a word is no hit
	kinds    uint8     // union of all rules' kinds and companion kinds
	uncued   bool      // some rule has neither cues nor a digit requirement
	tokens   *regexp.Regexp
	caps     *regexp.Regexp
	named    *regexp.Regexp
	// authority says, per span source, what the rules may take from it
	// (the packs' authority blocks); nil reads every span by its kind.
	authority map[string]*authority
	byKind    authority // what authorityOf answers when there is no table
	// atoms matches the separators a compound rule is cut at (nil: none);
	// restrictCue marks the cues of prohibition rules.
	atoms       *regexp.Regexp
	restrictCue []bool
	// splitBytes marks the bytes splitSentences looks at (sentenceBytes);
	// every other byte only counts towards a sentence's length.
	splitBytes [256]bool
	// states read the session's working state (state.go).
	states []state
	// words is the language knowledge the packs and the lexicon give the
	// Go that makes sentences and key terms.
	words *words
}

// Rules lists the active rule names in evaluation order.
func (e *Engine) Rules() []string {
	names := make([]string, len(e.rules))
	for i, r := range e.rules {
		names[i] = r.name
	}
	return names
}

func diag(subject *hcl.Range, summary, detail string) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail, Subject: subject}
}

// Compile merges packs (a later pack's rule replaces an earlier rule of the
// same name), applies opts and compiles every pattern. All problems are
// reported, each with the file:line:col of the rule that has it.
func Compile(packs []*Pack, opts Options) (*Engine, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	var specs []RuleSpec
	index := map[string]int{}
	var noiseSpecs []NoiseSpec
	for _, p := range packs {
		if p == nil {
			continue
		}
		for _, r := range p.Rules {
			if i, ok := index[r.Name]; ok {
				specs[i] = r
				continue
			}
			index[r.Name] = len(specs)
			specs = append(specs, r)
		}
		noiseSpecs = append(noiseSpecs, p.Noise...)
	}
	stateNames := map[string]bool{}
	for _, p := range packs {
		if p != nil {
			for _, s := range p.States {
				stateNames[s.Name] = true
			}
		}
	}
	disabled := map[string]bool{}
	for _, n := range opts.Disable {
		if _, ok := index[n]; !ok && !stateNames[n] {
			diags = append(diags, diag(nil, "unknown rule in disable", fmt.Sprintf("no rule is named %q; known rules: %s", n, strings.Join(sortedKeys(index), ", "))))
		}
		disabled[n] = true
	}
	enabled := map[string]bool{}
	for _, n := range opts.Enable {
		if _, ok := index[n]; !ok {
			diags = append(diags, diag(nil, "unknown rule in enable", fmt.Sprintf("no rule is named %q", n)))
		}
		enabled[n] = true
	}
	e := &Engine{}
	if len(opts.Categories) == 0 || slices.Contains(opts.Categories, sdk.CategoryEntity) {
		states, ds := compileStates(packs, disabled)
		diags = append(diags, ds...)
		e.states = states
	}
	auth, ds := compileAuthority(packs)
	diags = append(diags, ds...)
	e.authority = auth
	atoms, ds := compileAtoms(packs)
	diags = append(diags, ds...)
	e.atoms = atoms
	lex := opts.Lexicon
	if lex == nil {
		var err error
		if lex, err = lexicon.Default(); err != nil {
			diags = append(diags, diag(nil, "cannot load the lexicons", fmt.Sprintf("%v; pass Options.Lexicon", err)))
			return nil, diags
		}
	}
	e.words, ds = compileWords(packs, lex)
	diags = append(diags, ds...)
	var cueList []string
	cueID := map[string]int32{}
	add := func(c string, idx int32) {
		id, ok := cueID[c]
		if !ok {
			id = int32(len(cueList))
			cueID[c] = id
			cueList = append(cueList, c)
			e.cueRules = append(e.cueRules, nil)
		}
		if n := len(e.cueRules[id]); n == 0 || e.cueRules[id][n-1] != idx {
			e.cueRules[id] = append(e.cueRules[id], idx)
		}
	}
	addCue := func(c string, idx int32) {
		c = strings.ToLower(c)
		add(c, idx)
		// The automaton folds ASCII letters only; a cue with other
		// letters is found in capitals too ("ÉCHEC", "BAŞARISIZ", "НЕ
		// УДАЛОСЬ": tools and reports shout their failures).
		if up := asciiLower(strings.ToUpper(c)); up != c {
			add(up, idx)
		}
	}
	for i := range noiseSpecs {
		n := &noiseSpecs[i]
		re, err := compilePattern(n.Pattern)
		if err != nil {
			diags = append(diags, diag(&n.DefRange, "invalid noise pattern", fmt.Sprintf("noise %q: %v", n.Name, err)))
			continue
		}
		var kinds uint8
		for _, k := range n.Kinds {
			b := kindBit(k)
			if b == 0 {
				diags = append(diags, diag(&n.DefRange, "unknown span kind", fmt.Sprintf("noise %q: kind %q is not one of %s", n.Name, k, strings.Join(spanKinds(), ", "))))
			}
			kinds |= b
		}
		idx := int32(-1 - len(e.noise))
		for _, c := range n.Cues {
			if c != "" {
				addCue(c, idx)
			}
		}
		var unless *regexp.Regexp
		if n.Unless != "" {
			if unless, err = compilePattern(strings.TrimRight(n.Unless, "\r\n")); err != nil {
				diags = append(diags, diag(&n.DefRange, "invalid noise unless pattern", fmt.Sprintf("noise %q: %v", n.Name, err)))
				continue
			}
		}
		e.noise = append(e.noise, noise{name: n.Name, cued: len(n.Cues) > 0, kinds: kinds, re: re, unless: unless})
	}
	for i := range specs {
		s := &specs[i]
		if disabled[s.Name] {
			continue
		}
		if s.Enabled != nil && !*s.Enabled && !enabled[s.Name] {
			continue
		}
		if len(opts.Categories) > 0 && !slices.Contains(opts.Categories, s.Category) {
			continue
		}
		cues, ds := lexiconCues(s, lex)
		diags = append(diags, ds...)
		r, ds := compileRule(s, cues)
		diags = append(diags, ds...)
		if ds.HasErrors() {
			continue
		}
		if r.frame != "" && e.frames == nil {
			e.frames = frame.NewReader(lex)
		}
		if len(s.Languages) > 0 && r.frame == "" {
			diags = append(diags, diag(&s.DefRange, "languages without frame", fmt.Sprintf("rule %q: languages limits the frame check; set frame too", s.Name)))
		}
		for _, code := range s.Languages {
			b := lex.Bit(code)
			if b == 0 {
				diags = append(diags, diag(&s.DefRange, "unknown language", fmt.Sprintf("rule %q: no lexicon file is for language %q", s.Name, code)))
			}
			r.langs |= b
		}
		idx := int32(len(e.rules))
		for _, list := range [][]string{s.Cues, cues} {
			for _, c := range list {
				if c != "" {
					addCue(c, idx)
				}
			}
		}
		e.kinds |= r.kinds | r.companion
		if !r.cued && !r.digits {
			e.uncued = true
		}
		e.rules = append(e.rules, r)
	}
	if diags.HasErrors() {
		return nil, diags
	}
	e.cues = newCueSet(cueList)
	e.restrictCue = e.restrictionCues()
	e.splitBytes = sentenceBytes()
	e.cueWord = make([]bool, len(cueList))
	for i, c := range cueList {
		e.cueWord[i] = len(c) >= 2 && isLetter(c[0]) && isLetter(c[1])
	}
	e.tokens = regexp.MustCompile(`[^\s"'` + "`" + `,;:()\[\]{}<>!?]+`)
	e.caps = regexp.MustCompile(`\b[A-Z][A-Z0-9_]+(?:[ \t]+[A-Z][A-Z0-9_]+)*\b`)
	e.named = regexp.MustCompile(`\b[A-Za-z][\w.+-]*\s+v?\d+(?:\.\d+)*(?:\.x)?\b`)
	return e, diags
}

func sortedKeys(m map[string]int) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// lexiconCues returns the phrases of the lexicon list a rule names
// (RuleSpec.Lexicon), in every language.
func lexiconCues(s *RuleSpec, lex *lexicon.Set) ([]string, hcl.Diagnostics) {
	if s.Lexicon == "" {
		return nil, nil
	}
	cues, ok := lex.Phrases(s.Lexicon)
	if !ok {
		return nil, hcl.Diagnostics{diag(&s.DefRange, "unknown lexicon list", fmt.Sprintf("rule %q: lexicon %q is not one of negation, prohibitive, only, must, failed", s.Name, s.Lexicon))}
	}
	if len(cues) == 0 {
		return nil, hcl.Diagnostics{diag(&s.DefRange, "empty lexicon list", fmt.Sprintf("rule %q: no language file lists %q", s.Name, s.Lexicon))}
	}
	return cues, nil
}

// lexiconPattern matches any of phrases, the longest first, each as
// written with any run of spaces between its words.
func lexiconPattern(phrases []string) string {
	ps := slices.Clone(phrases)
	slices.SortFunc(ps, func(a, b string) int { return len(b) - len(a) })
	alts := make([]string, len(ps))
	for i, p := range ps {
		alts[i] = strings.Join(strings.Fields(regexp.QuoteMeta(p)), `\s+`)
	}
	return `(?i)(?:` + strings.Join(alts, "|") + `)`
}

// compileRule compiles one rule; cues are the phrases of its lexicon list
// (lexiconCues), which make its pattern when it has none.
func compileRule(s *RuleSpec, cues []string) (rule, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	r := rule{name: s.Name, category: s.Category, cued: len(s.Cues)+len(cues) > 0, digits: s.Digits, binds: s.Binds, frame: s.Frame, lead: leadWords}
	if s.Category == "" {
		diags = append(diags, diag(&s.DefRange, "rule has no category", fmt.Sprintf("rule %q: set category", s.Name)))
	}
	switch {
	case s.Lead < 0:
		diags = append(diags, diag(&s.DefRange, "negative lead", fmt.Sprintf("rule %q: lead %d is below 0", s.Name, s.Lead)))
	case s.Lead > 0:
		r.lead = s.Lead
	}
	switch s.Frame {
	case "", frame.MustNot, frame.Must, frame.Only, frame.Limit, frame.Failed:
	default:
		diags = append(diags, diag(&s.DefRange, "unknown frame modality", fmt.Sprintf("rule %q: frame %q is not one of must_not, must, only, limit, failed", s.Name, s.Frame)))
	}
	source := s.Pattern
	if source == "" {
		if len(cues) == 0 {
			diags = append(diags, diag(&s.DefRange, "rule has no pattern", fmt.Sprintf("rule %q: set pattern, or lexicon to match a lexicon list", s.Name)))
			return r, diags
		}
		source = lexiconPattern(cues)
	}
	kinds := s.Kinds
	if len(kinds) == 0 {
		kinds = []string{"system", "user"}
	}
	for _, k := range kinds {
		b := kindBit(k)
		if b == 0 {
			diags = append(diags, diag(&s.DefRange, "unknown span kind", fmt.Sprintf("rule %q: kind %q is not one of %s", s.Name, k, strings.Join(spanKinds(), ", "))))
		}
		r.kinds |= b
	}
	for _, k := range s.CompanionKinds {
		b := kindBit(k)
		if b == 0 {
			diags = append(diags, diag(&s.DefRange, "unknown span kind", fmt.Sprintf("rule %q: companion kind %q is not one of %s", s.Name, k, strings.Join(spanKinds(), ", "))))
		}
		r.companion |= b
	}
	r.companion &^= r.kinds
	mode, ok := parseTermMode(s.Terms)
	if !ok {
		diags = append(diags, diag(&s.DefRange, "unknown terms mode", fmt.Sprintf("rule %q: terms %q is not one of match, entity, action, state, failure", s.Name, s.Terms)))
	}
	r.terms = mode
	var err error
	pattern := anyScriptDigits(source)
	if r.re, err = regexp.Compile(pattern); err != nil {
		diags = append(diags, diag(&s.DefRange, "invalid rule pattern", fmt.Sprintf("rule %q: %v", s.Name, err)))
	} else {
		r.at0 = regexp.MustCompile(`\A(?:` + pattern + `)`)
		r.atN = regexp.MustCompile(`\A(?:` + noCaret(pattern) + `)`)
		for i, n := range r.re.SubexpNames() {
			if n == "term" {
				r.groups = append(r.groups, i)
			}
		}
	}
	if s.Unless != "" {
		if r.unless, err = compilePattern(`\A(?:` + s.Unless + `)`); err != nil {
			diags = append(diags, diag(&s.DefRange, "invalid unless pattern", fmt.Sprintf("rule %q: %v", s.Name, err)))
		}
	}
	if s.Veto != "" {
		if r.veto, err = compilePattern(s.Veto); err != nil {
			diags = append(diags, diag(&s.DefRange, "invalid veto pattern", fmt.Sprintf("rule %q: %v", s.Name, err)))
		}
	}
	return r, diags
}

// found is what the rules of one category saw in one sentence.
type found struct {
	standalone bool
	companion  bool
	binds      bool // a rule that binds by its match fired (RuleSpec.Binds)
	terms      []term
}

// term is a key term and where it sits in the sentence, so overlapping
// terms from different rules can be merged.
type term struct {
	start, end int
	text       string
}

// scratch holds per-call buffers so Extract allocates little per span.
type scratch struct {
	hits  []cueHit
	sents []sentence
	atoms []sentence // splitAtoms' output buffer, swapped with sents
	cand  []bool
	at    [][]int // per rule: where its cues start in the sentence
	noise []bool
	cats  map[string]*found
	order []string
	role  bool // the sentence is in a system span's role preamble
	// auth and document describe the span being read: what its source may
	// set, and whether it is document-shaped.
	auth     *authority
	document bool
}

// Extract finds the items in spans. Items come in span order, then by
// position; one sentence yields at most one item per category. What a
// later message lifts or replaces is not decided here: package extractor
// reads the timeline with the lexicons and marks each item's frame.
func (e *Engine) Extract(spans []sdk.Span) []sdk.Item {
	var items []sdk.Item
	sc := &scratch{cand: make([]bool, len(e.rules)), at: make([][]int, len(e.rules)), noise: make([]bool, len(e.noise)), cats: map[string]*found{}}
	for i := range spans {
		items = e.extractSpan(&spans[i], sc, items)
	}
	return items
}

func (e *Engine) extractSpan(sp *sdk.Span, sc *scratch, items []sdk.Item) []sdk.Item {
	auth := e.authorityOf(sp)
	if auth == nil {
		return items // the span's source sets no rules
	}
	kb := auth.kind(sp.Kind)
	if kb&e.kinds == 0 || sp.Text == "" {
		return items
	}
	// Document shape matters only to a source with document_companion
	// categories: the scan is skipped for every other span.
	sc.auth, sc.document = auth, len(auth.docComp) > 0 && documentShaped(sp.Text)
	text := sp.Text
	sc.hits = e.cues.scan(text, sc.hits[:0])
	sc.sents = e.splitSentences(text, sc.sents[:0])
	if e.atoms != nil {
		sc.atoms = e.splitAtoms(text, kb, sc.sents, sc.hits, sc.atoms[:0])
		sc.sents, sc.atoms = sc.atoms, sc.sents
	}
	fences := codeFences(text)
	h := 0
	pre := rolePreamble{role: e.words.role, tools: e.words.tools}
	for _, st := range sc.sents {
		if inFence(fences, st) {
			continue // an example in a code block is data, not an instruction
		}
		if auth.listsOnly && !onListLine(text, st.Start) {
			continue
		}
		sc.role = sp.Kind == "system" && pre.next(text[st.Start:st.End])
		for h < len(sc.hits) && sc.hits[h].End <= st.Start {
			h++
		}
		for ri := range sc.cand {
			if sc.cand[ri] {
				sc.cand[ri] = false
				sc.at[ri] = sc.at[ri][:0]
			}
		}
		clear(sc.noise)
		any := false
		for j := h; j < len(sc.hits) && sc.hits[j].End <= st.End; j++ {
			hit := sc.hits[j]
			start, ok := e.cueAt(text, hit)
			if !ok || start < st.Start {
				continue
			}
			for _, ri := range e.cueRules[hit.Cue] {
				if ri < 0 {
					sc.noise[-1-ri] = true
				} else {
					sc.cand[ri] = true
					sc.at[ri] = append(sc.at[ri], start-st.Start)
					// Only a rule that reads this kind of span makes the
					// sentence worth the noise checks: "fail" in the
					// agent's prose wakes tool_failed, which reads tool
					// answers only.
					any = any || (e.rules[ri].kinds|e.rules[ri].companion)&kb != 0
				}
			}
		}
		if !any && !st.Digit && !e.uncued {
			continue // no rule can fire on this sentence
		}
		items = e.extractSentence(sp, kb, st, sc, items)
	}
	return items
}

func (e *Engine) extractSentence(sp *sdk.Span, kb uint8, st sentence, sc *scratch, items []sdk.Item) []sdk.Item {
	s := sp.Text[st.Start:st.End]
	clear(sc.cats)
	sc.order = sc.order[:0]
	// Standalone rules first; companion rules (an entity named in a rule
	// the agent adopted) only run once a standalone rule found an item.
	e.runRules(kb, s, st, sc, false)
	if len(sc.order) == 0 {
		return items
	}
	// A noise sentence (a log line, a quoted template) gives nothing.
	// Checked only once a rule found something: most cued sentences give
	// nothing anyway, and the noise patterns cost more than the rules.
	for ni := range e.noise {
		n := &e.noise[ni]
		if (n.kinds == 0 || n.kinds&kb != 0) && (!n.cued || sc.noise[ni]) && n.re.MatchString(s) && (n.unless == nil || !n.unless.MatchString(s)) {
			return items
		}
	}
	e.runRules(kb, s, st, sc, true)
	if len(sc.order) == 0 {
		return items
	}
	// The source decides what the sentence may set: a category it cannot
	// set is dropped, one it gives only beside another item is demoted.
	for _, c := range sc.order {
		f := sc.cats[c]
		switch standalone, companion := sc.auth.sets(c, sc.document); {
		case !companion:
			f.standalone, f.companion = false, false
		case !standalone:
			f.standalone, f.companion = false, true
		}
	}
	anyStandalone := false
	for _, c := range sc.order {
		if sc.cats[c].standalone {
			anyStandalone = true
		}
	}
	if !anyStandalone {
		return items
	}
	// Entities named in the sentence are key terms of its rules too: "do
	// not touch it" forbids touching the prod-eu-1 the sentence names.
	var ents []term
	if f := sc.cats[sdk.CategoryEntity]; f != nil {
		ents = f.terms
	}
	text := collapse(s)
	for _, c := range sc.order {
		f := sc.cats[c]
		if !f.standalone && !f.companion {
			continue
		}
		if sc.role && (c == sdk.CategoryEntity || c == sdk.CategoryNumericCommitment && !e.words.bounded(s)) {
			// What the role preamble names says what the agent is, and
			// its numbers where ("the committee of SVJ Lipová 12 in
			// Brno"), unless it writes a bound.
			continue
		}
		ts := f.terms
		if c == sdk.CategoryProhibition || c == sdk.CategoryFailedAttempt {
			ts = append(ts, ents...)
		}
		it := sdk.Item{
			Category:  c,
			Text:      text,
			Span:      sp.ID,
			Start:     st.Start,
			End:       st.End,
			KeyTerms:  mergeTerms(ts),
			Extractor: ExtractorName,
		}
		if f.binds {
			// The rule's own reading, for the frame reader to refine.
			it.Frame = &sdk.Frame{Modality: sdk.ModalityMust}
		}
		items = append(items, it)
	}
	return items
}

// runRules runs the rules that may fire on kind kb (standalone rules, or
// with companion set the companion rules) over sentence s and records what
// they found in sc.
func (e *Engine) runRules(kb uint8, s string, st sentence, sc *scratch, companion bool) {
	for ri := range e.rules {
		r := &e.rules[ri]
		if companion {
			if r.companion&kb == 0 {
				continue
			}
		} else if r.kinds&kb == 0 {
			continue
		}
		if r.cued && !sc.cand[ri] {
			continue
		}
		if r.digits && !st.Digit {
			continue
		}
		var locs [][]int
		if r.cued {
			locs = e.matchNear(r, s, sc.at[ri])
		} else {
			locs = r.re.FindAllStringSubmatchIndex(s, -1)
		}
		if len(locs) == 0 {
			continue
		}
		if r.veto != nil && r.veto.MatchString(s) {
			continue
		}
		var kept [][]int
		for _, loc := range locs {
			if r.unless != nil && r.unless.MatchString(s[loc[0]:]) {
				continue
			}
			kept = append(kept, loc)
		}
		if len(kept) == 0 {
			continue
		}
		if r.frame != "" && (sc.cats[r.category] != nil || !e.readsAs(s, r.frame, r.langs)) {
			// Already found by another rule, or not a rule by the
			// frame reader's reading.
			continue
		}
		terms := e.ruleTerms(r, s, kept)
		if terms == nil {
			continue
		}
		f := sc.cats[r.category]
		if f == nil {
			f = &found{}
			sc.cats[r.category] = f
			sc.order = append(sc.order, r.category)
		}
		if companion {
			f.companion = true
		} else {
			f.standalone = true
		}
		f.terms = append(f.terms, terms...)
		f.binds = f.binds || r.binds
	}
}

// readsAs reports whether the frame reader reads a clause of sentence s
// with modality m, in one of langs (0: any language) or in a language
// its words do not tell.
func (e *Engine) readsAs(s, m string, langs uint64) bool {
	d := e.frames.Read(s)
	if langs != 0 && d.Language() != 0 && d.Language()&langs == 0 {
		return false // a language the other rules read; one too terse to tell is read here
	}
	for _, c := range d.Clauses {
		if c.Modality == m {
			return true
		}
	}
	return false
}

// leadWords is how many words before a cue a match may start, unless
// the rule sets its own lead: "we should not" starts two words before its
// cue "not", "at most 5 requests per second" three before "per".
const leadWords = 4

// matchNear runs a cued rule only where its cues are: it tries the
// \A-anchored pattern at the sentence start and at every token boundary
// from leadWords words before each cue up to the cue, and keeps the
// leftmost non-overlapping matches. An anchored attempt gives up within a
// few bytes when the text does not fit, so a rule costs about the length
// of its cue neighbourhoods instead of the sentence times its program.
func (e *Engine) matchNear(r *rule, s string, cues []int) [][]int {
	var locs [][]int
	var tried []int
	try := func(p int) {
		for _, t := range tried {
			if t == p {
				return
			}
		}
		tried = append(tried, p)
		re := r.atN
		if p == 0 {
			re = r.at0
		}
		loc := re.FindStringSubmatchIndex(s[p:])
		if loc == nil || loc[1] == 0 {
			return
		}
		for i := range loc {
			if loc[i] >= 0 {
				loc[i] += p
			}
		}
		locs = append(locs, loc)
	}
	try(0)
	for _, c := range cues {
		// Walk back the rule's lead of words from the cue.
		from := c
		for w := 0; w < r.lead && from > 0; w++ {
			from--
			for from > 0 && isSpace(s[from]) {
				from--
			}
			for from > 0 && !isSpace(s[from-1]) {
				from--
			}
		}
		for p := from; p <= c && p < len(s); p++ {
			if p == 0 || isSpace(s[p]) {
				continue
			}
			if isDigit(s[p]) && p >= 2 && (s[p-1] == ',' || s[p-1] == '.') && isDigit(s[p-2]) {
				continue // inside a number: "10,000"
			}
			// A digit after a CJK character starts a token: these scripts
			// have no spaces ("1日あたり10,000回まで").
			if isAlnum(s[p]) != isAlnum(s[p-1]) || isSpace(s[p-1]) || (isDigit(s[p]) && s[p-1] >= 0x80) {
				try(p)
			}
		}
		// Scripts without spaces (Japanese, Chinese) have no token
		// boundary before a cue: try at the cue itself.
		if c < len(s) && s[c] >= 0x80 {
			try(c)
		}
	}
	if len(locs) < 2 {
		return locs
	}
	sort.Slice(locs, func(i, j int) bool {
		if locs[i][0] != locs[j][0] {
			return locs[i][0] < locs[j][0]
		}
		return locs[i][1] > locs[j][1]
	})
	out := locs[:1]
	for _, l := range locs[1:] {
		if l[0] >= out[len(out)-1][1] {
			out = append(out, l)
		}
	}
	return out
}

// noCaret rewrites a pattern so that its ^ anchors can never match: the
// anchored variant tried inside a sentence must not treat its own start
// as the sentence start. ^ inside a class or escaped is left alone.
func noCaret(p string) string {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p):
			b.WriteByte(c)
			b.WriteByte(p[i+1])
			i++
			continue
		case c == '[' && !inClass:
			inClass = true
		case c == ']' && inClass && i > 0 && p[i-1] != '[' && !(i > 1 && p[i-1] == '^' && p[i-2] == '['):
			inClass = false
		case c == '^' && !inClass:
			b.WriteString(`\b\B`)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// collapse folds runs of white space into one space.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// mergeTerms orders terms by position, drops a term that lies inside a
// longer one, and drops case-insensitive duplicates.
func mergeTerms(ts []term) []string {
	if len(ts) == 0 {
		return nil
	}
	sort.SliceStable(ts, func(i, j int) bool {
		if ts[i].start != ts[j].start {
			return ts[i].start < ts[j].start
		}
		return ts[i].end > ts[j].end
	})
	var out []string
	seen := map[string]bool{}
	lastEnd := -1
	for _, t := range ts {
		if t.start >= 0 && t.start < lastEnd {
			continue // overlaps a longer or earlier term
		}
		if t.start >= 0 && t.end > lastEnd {
			lastEnd = t.end
		}
		k := strings.ToLower(t.text)
		if t.text == "" || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, t.text)
	}
	return out
}

// isLetter reports whether b is an ASCII letter.
func isLetter(b byte) bool { return (b|0x20) >= 'a' && (b|0x20) <= 'z' }

// codeFences returns the byte ranges of the fenced code blocks of text
// (from a line opening with ``` or ~~~ to the next such line, or to the
// end of the text when the fence is not closed). Nil when there are none.
func codeFences(text string) [][2]int {
	if !strings.Contains(text, "```") && !strings.Contains(text, "~~~") {
		return nil
	}
	var out [][2]int
	open := -1
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			j = len(text)
		} else {
			j += i
		}
		line := strings.TrimLeft(text[i:j], " \t")
		if strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~") {
			if open < 0 {
				open = i
			} else {
				out = append(out, [2]int{open, j})
				open = -1
			}
		}
		i = j + 1
	}
	if open >= 0 {
		out = append(out, [2]int{open, len(text)})
	}
	return out
}

// inFence reports whether sentence st overlaps a fenced code block.
func inFence(fences [][2]int, st sentence) bool {
	for _, f := range fences {
		if st.Start < f[1] && st.End > f[0] {
			return true
		}
	}
	return false
}

// compilePattern compiles a pattern of a pack (a rule's, a noise block's,
// a state's, an atom's or the preamble's) with its \d read as a decimal
// digit of any script (anyScriptDigits), as the pack's header says.
func compilePattern(pattern string) (*regexp.Regexp, error) {
	return regexp.Compile(anyScriptDigits(pattern))
}

// anyScriptDigits reads a pack pattern's \d as a decimal digit of any
// script (\p{Nd}): RE2's \d is ASCII only, and a rule written "最大\d名"
// must find "最大４名" and "٢١:٠٠" too. A \d after another backslash is a
// literal backslash and a d, left as it is.
func anyScriptDigits(pattern string) string {
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		if pattern[i] == '\\' && i+1 < len(pattern) {
			if pattern[i+1] == 'd' {
				b.WriteString(`\p{Nd}`)
				i++
				continue
			}
			b.WriteByte(pattern[i])
			b.WriteByte(pattern[i+1])
			i++
			continue
		}
		b.WriteByte(pattern[i])
	}
	return b.String()
}

// cueAt returns where hit's cue starts in text, and false for a cue of
// letters that starts inside a word: "not" in "another", "ne " in "the
// one and".
func (e *Engine) cueAt(text string, hit cueHit) (int, bool) {
	start := hit.End - e.cues.cueLens[hit.Cue]
	return start, !(e.cueWord[hit.Cue] && start > 0 && isLetter(text[start-1]))
}
