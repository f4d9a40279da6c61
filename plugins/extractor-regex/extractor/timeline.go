package extractor

import (
	"strings"
	"unicode"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// setsRules reports the sources whose later words can lift or replace a
// rule: the person, the system prompt, the project's rules and documents.
// A subagent's report or a command's output cannot.
func setsRules(source string) bool {
	switch source {
	case sdk.SourceHuman, sdk.SourceSystem, sdk.SourceProjectRule, sdk.SourceDocument:
		return true
	}
	return false
}

// withFrames gives every item its frame (the primary atom of its text),
// the source of its span, and its status on the session's timeline: a
// later message from someone who sets rules that lifts it ("the freeze
// is lifted", "feel free to edit feature_flags again") marks it lifted; one
// that states a new value of the same bound ("now £1,200, not £1,800")
// marks it superseded. Both name what they change: an object of the rule,
// or most of its words.
func withFrames(sd *spanDocs, items []sdk.Item, docs []*frame.Doc) []sdk.Item {
	spans := sd.spans
	pos := make(map[string]int, len(spans))
	for i, sp := range spans {
		pos[sp.ID] = i
	}
	for k := range items {
		it := &items[k]
		d := docs[k]
		c, ok := d.Primary()
		if !ok {
			continue
		}
		f := d.Frame(c)
		if f.Modality == "" && it.Frame != nil {
			f.Modality = it.Frame.Modality // the rule's reading (the pack's `binds`)
		}
		p, known := pos[it.Span]
		if known {
			f.Source = sdk.SpanSource(spans[p])
			words := restrictingWords(d)
			for i := p + 1; i < len(spans) && f.Status == sdk.StatusActive; i++ {
				ld := sd.later(i)
				if ld == nil {
					continue
				}
				if status := changes(d, c, words, ld, setsRules(sdk.SpanSource(spans[i]))); status != "" {
					f.Status, f.ChangedBy = status, spans[i].ID
				}
			}
			rule := it.Category == sdk.CategoryProhibition || f.Modality == frame.MustNot || f.Modality == frame.Only
			if f.Status == sdk.StatusActive && !rule && setsRules(f.Source) && retracted(sd.read(p), it.End) {
				f.Status, f.ChangedBy = sdk.StatusLifted, it.Span
			}
		}
		it.Frame = &f
	}
	// The message that lifts a rule is no rule itself: "main への直接
	// push 禁止はもう解除でいいです" (the ban on pushing to main is lifted)
	// names the ban it ends, and a summary that drops both loses nothing.
	// So is one that names a restriction and lifts it ("The write freeze
	// is lifted, go ahead") when the rule it ends was never an item, and
	// one that takes back what came before without naming it ("Das gilt
	// nicht mehr", "That no longer applies"), whose lift cue may hold a
	// negation. A clause of it that restricts without lifting ("…
	// massimo 3 tentativi") is a new rule, and keeps the item a rule.
	lifters := map[string]bool{}
	for _, it := range items {
		if it.Frame != nil && it.Frame.Status == sdk.StatusLifted && it.Frame.ChangedBy != it.Span {
			lifters[it.Frame.ChangedBy] = true
		}
	}
	for k := range items {
		it := &items[k]
		if it.Frame != nil && it.Frame.Status == sdk.StatusActive && ruleCategory(it.Category) && (onlyLifts(docs[k], lifters[it.Span]) || takesBack(docs[k])) {
			it.Frame.Status, it.Frame.ChangedBy = sdk.StatusLifted, it.Span
		}
	}
	return items
}

// onlyLifts reports a text whose every restricting clause lifts
// (liftsClause) and sets no new bound, "only" or duty, and that lifts
// something: a rule an earlier item held
// (liftedOne: its message changed an earlier item's status), or a
// restriction it names before its lift cue ("the freeze is lifted", not
// "deploys are no longer allowed").
func onlyLifts(d *frame.Doc, liftedOne bool) bool {
	lifts, named := false, false
	for _, c := range d.Clauses {
		if !liftsClause(d, c) || c.Modality == frame.Limit || c.Cues&(lexicon.Only|lexicon.Must|lexicon.Upper|lexicon.Lower) != 0 {
			// A clause that restricts, or lifts and sets a new bound or
			// "only" ("you can retry them now, at most 3 attempts").
			if c.Modality != "" {
				return false
			}
			continue
		}
		lifts = true
		for k := c.I; k < c.J && d.Class(k)&lexicon.Lift == 0; k++ {
			named = named || d.Class(k)&lexicon.Negation != 0
		}
	}
	return lifts && (liftedOne || named)
}

// takesBack reports a text that opens by taking back what came before
// without naming it: its first phrase (to the first punctuation after
// the cue) is a lift cue and function words, with no word or value of
// its own ("Das gilt nicht mehr, die Siegerehrung ist jetzt in der
// anderen Halle"), and no clause of it binds or holds a value or a
// name: "Scratch that — the new rule: 6 km/h in the cold store" sets
// one. "We no longer deploy on Fridays" names what it stops, and stays a
// rule.
func takesBack(d *frame.Doc) bool {
	if len(d.Clauses) == 0 || d.Clauses[0].Cues&lexicon.Lift == 0 {
		return false
	}
	if len(d.Quants) > 0 {
		return false // a new value after it ("Scratch that — 6 km/h in the cold store") is the rule now
	}
	for _, c := range d.Clauses {
		if c.Modality != "" || len(c.Main.Objects) > 0 {
			return false
		}
	}
	c := d.Clauses[0]
	lifted := false
	for k := c.I; k < c.J; k++ {
		switch t := d.Toks[k]; {
		case d.Class(k)&lexicon.Lift != 0:
			lifted = true
		case t.Kind == lexicon.Punct && lifted:
			return true // the phrase that lifts ends here
		case t.Kind == lexicon.Number || t.Kind == lexicon.Word && !d.IsStop(k) && d.Class(k) == 0:
			return false
		}
	}
	return lifted
}

// retracted reports that the sentence right after byte end of a message
// takes back what came before without naming it ("Let's send it to 50,000
// users on Monday. Actually, scrap that, marketing will pick the date."): a
// lift cue in a clause that names nothing and holds no value, nor words
// of what it lifts before the cue (namesWhatItLifts). A plan taken
// back is no commitment. A prohibition is only lifted by naming what it
// forbids, so the caller asks this for values and names alone.
func retracted(d *frame.Doc, end int) bool {
	if d == nil || end <= 0 || end >= len(d.Text) {
		return false
	}
	for _, c := range d.Clauses {
		if c.Start < end {
			continue
		}
		for _, p := range append([]frame.Part{c.Main}, c.Exceptions...) {
			if len(p.Objects)+len(p.Quants) > 0 {
				return false
			}
		}
		return c.Cues&lexicon.Lift != 0 && !namesWhatItLifts(d, c)
	}
	return false
}

// namesWhatItLifts reports a word of content in the phrase before the
// clause's lift cue: "merging into main is fine now" lifts the merging it
// names, not the sentence before it, as "Actually, scrap that" does.
func namesWhatItLifts(d *frame.Doc, c frame.Clause) bool {
	named := false
	for k := c.I; k < c.J; k++ {
		switch t := d.Toks[k]; {
		case d.Class(k)&lexicon.Lift != 0:
			return named
		case t.Kind == lexicon.Punct:
			named = false // "Actually, scrap that": a new phrase
		case t.Kind == lexicon.Word && !d.IsStop(k) && d.Class(k) == 0:
			named = true
		}
	}
	return false
}

// spanDocs reads each message whose source sets rules (or, for the
// timeline, may lift them) once per extraction: the frame reading of the
// rules the pack missed, the timeline and the retraction check all ask
// for the same messages.
type spanDocs struct {
	r     *frame.Reader
	spans []sdk.Span
	docs  map[int]*frame.Doc
	// names are the words the session writes as names mid-sentence
	// (frame.Reader.NameWords), so that a name opening a clause in
	// another message is read as one.
	names map[string]bool
	// record reports a span whose word may lift or replace a rule though
	// it sets none (rules.Engine.SystemOfRecord: the licensing office's
	// email that lifts a ban); nil for none.
	record func(sdk.Span) bool
}

func newSpanDocs(r *frame.Reader, spans []sdk.Span, record func(sdk.Span) bool) *spanDocs {
	names := map[string]bool{}
	for _, sp := range spans {
		r.NameWords(sp.Text, names)
	}
	return &spanDocs{r: r, spans: spans, docs: map[int]*frame.Doc{}, names: names, record: record}
}

// tell reads the languages of text, knowing the session's names.
func (sd *spanDocs) tell(text string) frame.Tell {
	return sd.r.Tell(text).Knowing(sd.names)
}

// read returns span i read, or nil when its source sets no rules.
func (sd *spanDocs) read(i int) *frame.Doc {
	if !setsRules(sdk.SpanSource(sd.spans[i])) {
		return nil
	}
	return sd.doc(i)
}

// later returns span i read as a later word on a rule: a span that sets
// rules, or one whose word may lift them (record); nil otherwise.
func (sd *spanDocs) later(i int) *frame.Doc {
	if !setsRules(sdk.SpanSource(sd.spans[i])) && (sd.record == nil || !sd.record(sd.spans[i])) {
		return nil
	}
	return sd.doc(i)
}

// doc reads span i once, knowing the session's names; nil for no text.
func (sd *spanDocs) doc(i int) *frame.Doc {
	if d, ok := sd.docs[i]; ok {
		return d
	}
	var d *frame.Doc
	if sd.spans[i].Text != "" {
		d = sd.r.ReadKnowing(sd.spans[i].Text, sd.names)
	}
	sd.docs[i] = d
	return d
}

// changes says whether a later text lifts or supersedes clause c of d;
// words are d's restricting words (restrictingWords).
func changes(d *frame.Doc, c frame.Clause, words map[string]bool, later *frame.Doc, sets bool) string {
	// A message that opens with a correction naming nothing ("Sorry,
	// correction." "ごめん、訂正。") makes its next clauses replacements.
	corrected := false
	for k, lc := range later.Clauses {
		if k == 0 && lc.Modality == "" && lc.Cues&lexicon.Replace != 0 && len(lc.Main.Objects)+len(lc.Main.Quants) == 0 {
			corrected = true
			continue
		}
		// A lift may name the rule in the clause before it, in the same
		// message ("Ferri's technician finished the firewall. Now you can
		// retry them.").
		lifts := liftsClause(later, lc)
		if lifts && k > 0 && shares(d, c, later, later.Clauses[k-1]) {
			return sdk.StatusLifted
		}
		if lc.Cues&lexicon.Lift != 0 && namesRestriction(words, later, lc) {
			return sdk.StatusLifted
		}
		if lifts && movesBound(d, c, later, lc) {
			// "het verbod op 2024 is opgeheven" after "geen backfills
			// vóór 2025": the bound moved; the later message holds the
			// rule as it now stands.
			return sdk.StatusSuperseded
		}
		if corrected && restatesBound(d, c, later, lc, shares(d, c, later, lc)) {
			// "Sorry, correction. … minimum 3.9": after a correction cue,
			// a bound on the same side with another value of the same
			// unit (or of a plain number, in a clause sharing the rule's
			// words) is the rule as it now stands.
			return sdk.StatusSuperseded
		}
		if sets && countsAnew(d, c, later, lc) && setsAnew(later, k) {
			// "max 2 concurrent requests", later "you can go up to 6
			// concurrent, never more than 6": the same things counted,
			// bounded on the same side with another value, by someone
			// who sets rules, in a sentence that restricts.
			return sdk.StatusSuperseded
		}
		if sets && lc.Cues&lexicon.Replace != 0 && replacesName(d, c, later, lc) {
			// "branch off release/3.9 instead" after "work off
			// release/3.8": another name of the same kind put in the
			// rule's name's place.
			return sdk.StatusSuperseded
		}
		if !shares(d, c, later, lc) {
			continue
		}
		if lifts {
			return sdk.StatusLifted
		}
		// "Instead" replaces the rule's value only when the message names
		// it or bounds the same side anew ("every 200 files instead of
		// 500"): "offer him 16:00 instead" replaces a booking's time, not
		// the rule "no departures after 18:00".
		replaces := lc.Cues&lexicon.Replace != 0 && (namesOldValue(d, c, later) || restatesBound(d, c, later, lc, true))
		if out := ruledOut(d, c, later, lc); newValue(d, c, later, lc, out) && (out || replaces) {
			return sdk.StatusSuperseded
		}
	}
	return ""
}

// replacesName reports a later clause lc that names a sibling of a name of
// clause c: of the same type, the same up to its last separator, and not
// the same ("release/3.9" for "release/3.8", "eu-west-2" for "eu-west-1"),
// in a message that names the old one again, whole or by its last part
// ("scratch that, 3.8 got frozen … branch off release/3.9 instead"). A
// sibling named beside "for now" and nothing else ("Leave devnet-1 for
// now" after "Don't delete devnet-3") replaces nothing.
func replacesName(d *frame.Doc, c frame.Clause, ld *frame.Doc, lc frame.Clause) bool {
	for _, o := range c.Main.Objects {
		stemO, ok := nameStem(o.Norm)
		if !ok || o.Type == "" {
			continue
		}
		for _, l := range lc.Main.Objects {
			if stemL, ok := nameStem(l.Norm); ok && l.Type == o.Type && l.Norm != o.Norm && stemL == stemO && sdk.ContainsWord(lexicon.Fold(ld.Text), o.Norm[len(stemO)+1:]) {
				return true
			}
		}
	}
	return false
}

// nameStem returns a name up to its last separator ("release" of
// "release/3.8", "eu-west" of "eu-west-1"), when a separator stands
// between two non-empty parts.
func nameStem(name string) (string, bool) {
	k := strings.LastIndexAny(name, "/-_.")
	if k <= 0 || k == len(name)-1 {
		return "", false
	}
	return name[:k], true
}

// namesOldValue reports a later message that writes a value of clause c
// somewhere: what it replaces, named.
func namesOldValue(d *frame.Doc, c frame.Clause, ld *frame.Doc) bool {
	for _, qi := range c.Main.Quants {
		q := d.Quants[qi]
		for _, l := range ld.Quants {
			if frame.Comparable(l.Dim, q.Dim) && frame.CloseTo(l.Value, q.Value) {
				return true
			}
		}
	}
	return false
}

// restatesBound reports a bound of clause c that later clause lc sets
// again, on the same side, with another value: of the same unit, or of a
// plain number when the clauses share the rule's words (shared).
func restatesBound(d *frame.Doc, c frame.Clause, ld *frame.Doc, lc frame.Clause, shared bool) bool {
	for _, qi := range c.Main.Quants {
		q := d.Quants[qi]
		if q.Op == frame.OpEq {
			continue
		}
		for _, li := range lc.Main.Quants {
			l := ld.Quants[li]
			if l.Op == frame.OpEq || frame.Side(l.Op) != frame.Side(q.Op) || frame.CloseTo(l.Value, q.Value) || !frame.Comparable(l.Dim, q.Dim) {
				continue
			}
			if !frame.PlainNumber(q.Dim) || shared {
				return true
			}
		}
	}
	return false
}

// movesBound reports a lifting clause lc that names another value in the
// dimension of a bound of clause c, in a message that restricts that
// dimension anew: "the ban on 2024 is lifted … 2023 and earlier stay
// banned" after "no backfills before 2025". The bound moved, and the later
// message holds the rule as it now stands.
func movesBound(d *frame.Doc, c frame.Clause, ld *frame.Doc, lc frame.Clause) bool {
	for _, qi := range c.Main.Quants {
		q := d.Quants[qi]
		if q.Op == frame.OpEq {
			continue
		}
		named := false
		for _, li := range lc.Main.Quants {
			if l := ld.Quants[li]; l.Dim == q.Dim && !frame.CloseTo(l.Value, q.Value) {
				named = true
			}
		}
		if named && restrictsDim(ld, q.Dim) {
			return true
		}
	}
	return false
}

// restrictsDim reports a clause of d that restricts and holds a value of
// dimension dim.
func restrictsDim(d *frame.Doc, dim string) bool {
	for _, c := range d.Clauses {
		if c.Modality != frame.MustNot && c.Modality != frame.Limit && c.Modality != frame.Only || liftsClause(d, c) {
			continue
		}
		for _, qi := range c.Main.Quants {
			if d.Quants[qi].Dim == dim {
				return true
			}
		}
	}
	return false
}

// liftsClause reports a clause that lifts: a lift cue with no negation
// after it, none right before it, and no time or condition cue before
// it. The restriction it lifts may be named before it ("the write freeze
// is lifted", "禁止はもう解除"); "do not lift the freeze" and "the freeze
// is not lifted" lift nothing.
func liftsClause(d *frame.Doc, c frame.Clause) bool {
	if c.Cues&lexicon.Lift == 0 {
		return false
	}
	if c.Cues&lexicon.Negation == 0 {
		return true
	}
	first := -1
	for k := c.I; k < c.J; k++ {
		if d.Class(k)&lexicon.Lift != 0 {
			first = k
			break
		}
	}
	if first < 0 {
		return false
	}
	for k := first; k < c.J; k++ {
		if d.Class(k)&lexicon.Negation != 0 {
			return false
		}
	}
	for k := max(c.I, first-1); k < first; k++ {
		if d.Class(k)&lexicon.Negation != 0 {
			return false
		}
	}
	// "not before the embargo is lifted", "avant la levée de l'embargo":
	// a lift under a time or a condition is when a rule ends, not a lift.
	for k := c.I; k < first; k++ {
		if d.Class(k)&(lexicon.Before|lexicon.After|lexicon.Condition) != 0 {
			return false
		}
	}
	return true
}

// restrictingWords are the stems of the words that restrict in d's
// prohibitions, four letters or more ("freeze", "embargo", "Sperre"; not
// "no"; three for a longer word: "ban" of "banned"), or one character of a script without spaces (禁止): a later lift
// may name the rule by one of them. Read once per item.
func restrictingWords(d *frame.Doc) map[string]bool {
	rule := map[string]bool{}
	for _, dc := range d.Clauses {
		if dc.Modality != frame.MustNot {
			continue
		}
		// The restricting words as namesRestriction reads them: each
		// negation token's stem (a character, in scripts without spaces).
		for k := dc.Main.I; k < dc.Main.J; k++ {
			if d.Class(k)&lexicon.Negation == 0 {
				continue
			}
			// A word of four letters or more keeps a stem of three
			// ("banned" → "ban", which a lift writes: "lifting the ban").
			if s := d.Stem(d.Toks[k].Norm); len([]rune(s)) >= 4 || len([]rune(s)) == 3 && len([]rune(d.Toks[k].Norm)) >= 4 || unspacedWord(s) {
				rule[s] = true
			}
		}
	}
	return rule
}

// unspacedWord reports a word of a script written without spaces (Han,
// kana, Hangul), read a character at a time: there one character of 禁止
// names the restriction as "freeze" does in English.
func unspacedWord(s string) bool {
	for _, r := range s {
		return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
	}
	return false
}

// namesRestriction reports a later clause that names the rule by the word
// that restricts in it: "the freeze is lifted" lifts "Black Friday change
// freeze — no production deploys until further notice". Every restricting
// word of the later clause must be one the rule has (words), so "the
// freeze is lifted, but never deploy on Fridays" lifts nothing.
func namesRestriction(words map[string]bool, later *frame.Doc, lc frame.Clause) bool {
	if len(words) == 0 {
		return false
	}
	named := false
	for k := lc.I; k < lc.J; k++ {
		if later.Class(k)&lexicon.Negation == 0 {
			continue
		}
		if !words[later.Stem(later.Toks[k].Norm)] {
			return false
		}
		named = true
	}
	return named
}

// shares reports whether a later clause is about the same thing: an object
// or a value in common ("forget the 90 m limit"), or half the words (two
// at least).
//
// A rule's reason counts as its own terms here: "Dean's van is back, so
// that's lifted" ends "no jobs north of the A142 because Dean's van is in
// the garage".
func shares(d *frame.Doc, c frame.Clause, ld *frame.Doc, lc frame.Clause) bool {
	terms := []frame.Part{c.Main}
	if c.Reason != nil {
		terms = append(terms, *c.Reason)
	}
	for _, p := range terms {
		for _, qi := range p.Quants {
			q := d.Quants[qi]
			for _, li := range lc.Main.Quants {
				if l := ld.Quants[li]; l.Dim == q.Dim && frame.CloseTo(l.Value, q.Value) && q.Dim != frame.DimNumber {
					return true
				}
				// "Forget the 50": the rule's value, ruled out bare.
				if l := ld.Quants[li]; l.Negated && l.Dim == frame.DimNumber && q.Raw != 0 && frame.CloseTo(l.Value, q.Raw) {
					return true
				}
			}
		}
		for _, o := range p.Objects {
			for _, x := range lc.Main.Objects {
				if o.Skel == x.Skel && o.Skel != "" || frame.PathTailOf(x.Text, o.Text) {
					return true
				}
			}
		}
	}
	words := map[string]bool{}
	for _, s := range lc.Main.Stems {
		words[s] = true
	}
	hit := 0
	for _, s := range c.Main.Stems {
		if words[s] {
			hit++
		}
	}
	return hit >= 2 && 2*hit >= len(c.Main.Stems)
}

// newValue reports a bound of the later clause in a dimension of c with
// another value. A bare number is as often a label ("the #2 bleed
// valve", "AMM 36-11-05 rev 61") as an amount, so two of them differing
// count only when bare is set: the later clause rules out the old value
// ("11×11, not 13×13").
func newValue(d *frame.Doc, c frame.Clause, ld *frame.Doc, lc frame.Clause, bare bool) bool {
	for _, qi := range c.Main.Quants {
		q := d.Quants[qi]
		for _, li := range lc.Main.Quants {
			l := ld.Quants[li]
			if l.Dim == q.Dim && (q.Dim != frame.DimNumber || bare) && !frame.CloseTo(l.Value, q.Value) && !l.Negated {
				return true
			}
		}
	}
	return false
}

// countsAnew reports a later clause lc that bounds what a bound of clause
// c counts (the same counted noun) on the same side with another value.
// The caller asks that its message comes from someone who sets rules and
// that its sentence sets one (setsAnew).
// Both hold names? Then they must share one: "at most 2 requests to
// Oakridge" is not replaced by "at most 6 requests to Bolt".
func countsAnew(d *frame.Doc, c frame.Clause, ld *frame.Doc, lc frame.Clause) bool {
	if len(c.Main.Objects) > 0 && len(lc.Main.Objects) > 0 && !sharesObject(c, lc) {
		return false
	}
	for _, qi := range c.Main.Quants {
		q := d.Quants[qi]
		if q.Dim != frame.DimCount || q.Noun == "" || q.Op == frame.OpEq {
			continue
		}
		for _, li := range lc.Main.Quants {
			l := ld.Quants[li]
			if l.Dim == q.Dim && l.Noun == q.Noun && l.Op != frame.OpEq && frame.Side(l.Op) == frame.Side(q.Op) && !frame.CloseTo(l.Value, q.Value) && !l.Negated {
				return true
			}
		}
	}
	return false
}

// setsAnew reports a clause k of a later message that sets a rule: it,
// or a clause of its sentence, negates, obliges or says "only", and none
// of them asks, reports or is a question. "Staging handles at most 40
// concurrent requests anyway" and "Could we go up to 6?" set nothing.
func setsAnew(ld *frame.Doc, k int) bool {
	restricts := false
	for j, c := range ld.Clauses {
		if j != k && !ld.OneSentence(j, k) {
			continue
		}
		if c.Cues&(lexicon.Report|lexicon.Ask) != 0 || question(ld, c) {
			return false
		}
		restricts = restricts || c.Cues&(lexicon.Negation|lexicon.Must|lexicon.Only) != 0
	}
	return restricts
}

// sharesObject reports two clauses that name a name in common.
func sharesObject(c, lc frame.Clause) bool {
	for _, o := range c.Main.Objects {
		for _, x := range lc.Main.Objects {
			if o.Skel != "" && o.Skel == x.Skel {
				return true
			}
		}
	}
	return false
}

// ruledOut reports that the later clause rules out a value of c ("not
// £1,800").
func ruledOut(d *frame.Doc, c frame.Clause, ld *frame.Doc, lc frame.Clause) bool {
	for _, qi := range c.Main.Quants {
		q := d.Quants[qi]
		for _, li := range lc.Main.Quants {
			l := ld.Quants[li]
			if l.Negated && l.Dim == q.Dim && frame.CloseTo(l.Value, q.Value) {
				return true
			}
		}
	}
	return false
}
