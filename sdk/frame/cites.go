package frame

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// Cites is the floor every scorer is held to (the host calls it on every
// must-keep item a scorer calls kept, sdktest on every kept verdict of the
// kit): the evidence must state the item, in one clause of it (or two
// adjacent ones: a heading and its line; three of one line, a sentence cut
// at its commas; for a rule of n bounds, a run of up to n clauses), not
// across the whole candidate.
//
//   - (for a statement without a modality, "that clause" is the whole
//     evidence: its names may stand in different sentences)
//   - every bound value of the item's frame is in that clause, compared as
//     quantities (3 k m³/s = three thousand cubic metres per second);
//   - every object of the item's frame (an identifier, a name, code) is in
//     that clause, compared by its letters and digits;
//   - for a rule that restricts (must_not, only, limit), the clause
//     restricts too: a candidate frame over it (candidate items, span
//     "candidate") with a modality, or, when the extractors gave none
//     there, a modality the clause reads with.
//
// It returns "" when the evidence cites the item, else what is missing. An
// item without a frame is not checked: an extractor that reads no frames
// is held to the host's older evidence check only.
//
// It is the second layer of the evidence rule. The first, sdk.Cites, holds
// every verdict (framed or not) to evidence found in the candidate and
// sharing a term with the item; callers apply it first, and this layer
// only to evidence that passed it. The two read text differently on
// purpose: sdk.Cites finds the quote as written (case and spacing folded),
// this layer reads its clauses, quantities and names (marks folded, 3k
// read as 3,000), so neither normaliser can stand in for the other.
func (r *Reader) Cites(it sdk.Item, evidence, candidate string, cand []sdk.Item) string {
	if it.Frame == nil || strings.TrimSpace(evidence) == "" {
		return ""
	}
	return r.CitesRead(it, r.ReadIn(evidence, candidate), candidate, cand)
}

// CitesRead is Cites with the evidence already read (in the languages of
// the candidate it was quoted from, as Cites reads it: a quoted line holds
// too few function words to tell its own), for a caller that checks
// several items against one quote.
func (r *Reader) CitesRead(it sdk.Item, ed *Doc, candidate string, cand []sdk.Item) string {
	f := it.Frame
	evidence := ed.Text
	if f == nil || strings.TrimSpace(evidence) == "" {
		return ""
	}
	if it.Category == sdk.CategoryEntity && f.Modality == "" {
		// A statement of names holds its names and their numbers
		// (postgres 15.4), not the span of a plan ("batches 41-64 today").
		g := *f
		g.Bounds = nil
		for _, b := range f.Bounds {
			if b.Op != OpBetween {
				g.Bounds = append(g.Bounds, b)
			}
		}
		// And the names the extractor kept of it, when it kept any: the
		// other names are the sentence it came in ("you run commands on
		// gis-app-01 and edit the repo gis/deploy").
		if len(it.KeyTerms) > 0 {
			var objs []sdk.FrameObject
			for _, o := range f.Objects {
				if Keyed(it.KeyTerms, o.Name) {
					objs = append(objs, o)
				}
			}
			if len(objs) > 0 {
				g.Objects = objs
			}
		}
		f = &g
	}
	if len(ed.Clauses) == 0 {
		return "the evidence holds no clause"
	}
	if f.Modality == "" {
		// A statement of names may name them across the quote: one look
		// at the whole of it.
		return ed.lacks(*f, 0, len(ed.Clauses)-1, &itemReading{r: r, it: it})
	}
	// What is missing is said of the place that came closest: one that
	// holds the rule's values and names but does not restrict, before one
	// that holds its values but not its names, before one without them.
	missing, closest := "", 0
	lack := func(got int, m string) {
		if got > closest {
			missing, closest = m, got
		}
	}
	inRule, looked := false, false
	own := &itemReading{r: r, it: it}
	// A rule of several bounds ("beginners 10 m only, members 18 m or
	// further, at most 70 m on field 2") may be restated as a run of
	// short clauses, one bound each; any other rule is held to one clause
	// and the one beside it (a heading and its line), or to three clauses
	// of one line, a sentence the reader cut at its commas ("Kamau
	// proposed 3,000 doses; rejected, the order stays at 2,000").
	span := max(1, len(f.Bounds)-1)
	for i := range ed.Clauses {
		for j := i; j < len(ed.Clauses) && (j <= i+span || j == i+2 && ed.OneSentence(i, j)); j++ {
			if m := ed.boundsLack(*f, i, j, own); m != "" {
				lack(1, m)
				continue
			}
			// A list names what its lines are about once, in its
			// heading ("Liisa's booking rules: … - nothing after
			// 16:00"): the line's values, its or the heading's names.
			places := [][2]int{{i, j}}
			if h := ed.listHeading(i); h >= 0 {
				places = append(places, [2]int{h, h})
			}
			if m := ed.objectsLack(*f, places...); m != "" {
				lack(2, m)
				continue
			}
			if restricting(f.Modality) && !ed.Restricts(i, j) && !own.kept(ed, i, j) {
				if !looked {
					inRule, looked = overlapsRule(evidence, candidate, cand), true
				}
				if !inRule {
					lack(3, "the cited clause does not restrict")
					continue
				}
			}
			return ""
		}
	}
	return missing
}

// itemReading is an item's own text, read once and only when a check
// needs it: most kept rules hold their values as the frame gives them and
// restrict where they are cited.
type itemReading struct {
	r    *Reader
	it   sdk.Item
	read bool
	od   *Doc
}

func (o *itemReading) doc() *Doc {
	if !o.read {
		o.read, o.od = true, o.r.Read(o.it.Text)
	}
	return o.od
}

// kept asks KeptAsOwn of the item's clause of its frame's modality against
// clauses [i, j] of ed.
func (o *itemReading) kept(ed *Doc, i, j int) bool {
	if o.it.Frame == nil || ed.cuesIn(i, j)&(lexicon.SelfWord|lexicon.Failed) == 0 {
		return false
	}
	od := o.doc()
	for _, c := range od.Clauses {
		if c.Modality == o.it.Frame.Modality {
			// The whole quote, not only the place kept by it, must not
			// say the forbidden act freely: a scorer that cites "reviews
			// PR 212 himself; merge it once CI is green" keeps no ban on
			// merging by its first clause.
			return od.KeptAsOwn(c, ed, i, j) && !(c.Modality == MustNot && ed.saysFreely(od, c, 0, len(ed.Clauses)-1))
		}
	}
	return false
}

// cuesIn returns the cues of clauses [i, j].
func (d *Doc) cuesIn(i, j int) lexicon.Class {
	var wc lexicon.Class
	for k := i; k <= j; k++ {
		wc |= d.Clauses[k].Cues
	}
	return wc
}

// bound returns bound b of the item's frame as a Quantity. The number as
// written before its unit's factor (Raw) is read from the item's text only
// when asked (raw true), since only a bare number in the summary needs it:
// "menores de 12 años" kept as "under-12s".
func (o *itemReading) bound(b sdk.Bound, raw bool) Quantity {
	dim := b.Unit
	if dim == "" {
		dim = DimNumber
	}
	q := Quantity{Dim: dim, Value: b.Value, Op: b.Op, Text: b.Text, HalfDay: halfDayText(b.Text, b.Value)}
	if raw {
		for _, x := range o.doc().Quants {
			if x.Text == b.Text && closeTo(x.Value, b.Value) {
				q.Raw = x.Raw
				break
			}
		}
	}
	return q
}

// ErrQuoteTaken is the evidence rule's answer to a quote that cites an
// item only by its place (see Citations.Cite) when another item of the
// same answer already stands on it.
var ErrQuoteTaken = errors.New("the quote shares no word with the item, and another item already stands on it")

// Citations applies the evidence rule's first layer to the kept verdicts
// of one scorer's answer: sdk.FoldedCandidate.Cites, with two exceptions
// for a quote that shares no term with its item.
//
//   - The item's frame has a value, and one clause of the quote holds
//     every value and name of the frame (a rule of three or more values, a
//     clause and the next): "only until 9 pm" keeps "sampai jam 21.00".
//   - The item's frame has no value, the item is written in another
//     language than the quote, and one clause of the quote holds the
//     frame's names and its modality (a restriction for a restriction, a
//     duty for a duty): "No perfume." may keep "香水はつけてこないでください".
//     Nothing of the words can be compared, so such a quote stands for
//     one item only: a summary that dropped one of five rules has four
//     clauses left for them, and the fifth item finds its quote taken.
//
// The host and sdktest both apply it, so a verdict the kit passes is one
// the host keeps. A Citations is for one answer, used by one goroutine.
type Citations struct {
	r      *Reader
	folded sdk.FoldedCandidate
	taken  map[string]int // a quote cited by place → the item it stands for
}

// NewCitations returns the evidence rule for one answer on candidate.
func (r *Reader) NewCitations(candidate string) *Citations {
	return &Citations{r: r, folded: sdk.FoldCandidate(candidate), taken: map[string]int{}}
}

// Cite reports whether evidence may back the verdict that item index (it)
// is kept: nil, or sdk.ErrNoEvidence, sdk.ErrEvidenceNotInCandidate,
// sdk.ErrEvidenceOffItem or ErrQuoteTaken. read returns the quote read
// (as CitesRead takes it); it is asked only for a quote sharing no term.
func (c *Citations) Cite(index int, evidence string, it sdk.Item, read func() *Doc) error {
	err := c.folded.Cites(evidence, it)
	if !errors.Is(err, sdk.ErrEvidenceOffItem) || it.Frame == nil {
		return err
	}
	f := it.Frame
	own := &itemReading{r: c.r, it: it}
	byPlace := len(f.Bounds) == 0
	if byPlace && f.Modality != Must && !restricting(f.Modality) {
		return err
	}
	ed := read()
	if byPlace {
		lang := own.doc().Language()
		if lang == 0 || ed.Language() == 0 || lang == ed.Language() {
			return err
		}
	}
	span := max(0, len(f.Bounds)-2)
	for i := range ed.Clauses {
		if ed.lacks(*f, i, min(i+span, len(ed.Clauses)-1), own) != "" {
			continue
		}
		if !byPlace {
			return nil // its values, in another notation or language
		}
		if !ed.Restricts(i, i) {
			continue
		}
		key := lexicon.Fold(strings.TrimSpace(evidence))
		if other, ok := c.taken[key]; ok && other != index {
			return ErrQuoteTaken
		}
		c.taken[key] = index
		return nil
	}
	return err
}

// Keyed reports whether name is one of an item's key terms, or holds one
// or is held by one (folded): the names an extractor said the item is
// about.
func Keyed(keyTerms []string, name string) bool {
	name = lexicon.Fold(name)
	if name == "" {
		return false
	}
	for _, k := range keyTerms {
		if k := lexicon.Fold(k); k != "" && (strings.Contains(name, k) || strings.Contains(k, name)) {
			return true
		}
	}
	return false
}

func restricting(modality string) bool {
	return modality == MustNot || modality == Only || modality == Limit
}

// OneSentence reports clauses [i, j] of one sentence: no line break and
// no full stop, question or exclamation mark between them (a semicolon or
// a comma the reader cut at may stand there).
func (d *Doc) OneSentence(i, j int) bool {
	for k := d.Clauses[i].I; k < d.Clauses[j].I; k++ {
		if t := d.Toks[k]; t.Kind == lexicon.Newline || t.Kind == lexicon.Punct && strings.ContainsAny(t.Norm, ".!?。！？") {
			return false
		}
	}
	return true
}

// lacks says what of frame f clauses [i, j] of d do not hold.
func (d *Doc) lacks(f sdk.Frame, i, j int, own *itemReading) string {
	if m := d.boundsLack(f, i, j, own); m != "" {
		return m
	}
	return d.objectsLack(f, [2]int{i, j})
}

// listHeading returns the heading clause whose list clause i stands in
// (lines with no blank line between), when another line of the list
// stands between them; -1 when there is none.
func (d *Doc) listHeading(i int) int {
	for k := i - 1; k >= 0 && k >= i-12 && d.Clauses[k+1].Line <= d.Clauses[k].Line+1; k-- {
		if d.Clauses[k].Heading {
			if k < i-1 && d.Clauses[k].Line < d.Clauses[i].Line {
				return k
			}
			return -1
		}
	}
	return -1
}

// boundsLack names the first bound of f that clauses [i, j] do not hold,
// each compared by Holds, as the judge compares them.
func (d *Doc) boundsLack(f sdk.Frame, i, j int, own *itemReading) string {
	for _, b := range f.Bounds {
		found, raw := false, false
		q := own.bound(b, false)
		for _, qi := range d.QuantsIn(i, j) {
			if !raw && d.Quants[qi].Dim == DimNumber && !PlainNumber(q.Dim) {
				q, raw = own.bound(b, true), true
			}
			if d.Holds(q, qi, i, j) {
				found = true
				break
			}
		}
		if !found && b.Unit == DimDate && (d.NamesMonth(d.Clauses[i].I, d.Clauses[j].J, b.Value) || d.MonthAbove(i, b.Value) >= 0) {
			found = true // a whole month named before a noun ("the January term") or in the heading over it
		}
		if !found && d.DayAbove(i, b.Unit, b.Value) >= 0 {
			found = true // the event's date or weekday in the heading or the opening line over it
		}
		if !found && (b.Unit == DimCount || b.Unit == DimNumber) {
			for _, q := range d.SpelledIn(i, j) {
				if closeTo(b.Value, q.Value) {
					found = true // "at least 2" kept as "two podiatrists on"
					break
				}
			}
			found = found || b.Op == OpEq && d.ScoresIn(i, j, b.Value)
		}
		if !found {
			return fmt.Sprintf("the cited clause lacks %q", b.Text)
		}
	}
	return ""
}

// objectsLack names the first name of f that none of the places (runs of
// clauses [i, j]) holds.
func (d *Doc) objectsLack(f sdk.Frame, places ...[2]int) string {
	texts := make([][2]string, len(places))
	for n, p := range places {
		texts[n][0], texts[n][1] = d.nameText(p[0], p[1])
	}
	held := func(o sdk.FrameObject) bool {
		count, err := strconv.Atoi(o.Name)
		for n, p := range places {
			if holdsName(texts[n][0], texts[n][1], o) || err == nil && d.ScoresIn(p[0], p[1], float64(count)) {
				return true // a count the state names ("23" passing tests) may be written "23/23"
			}
		}
		return false
	}
	for _, o := range f.Objects {
		if hardObject(o.Type) && !held(o) {
			return fmt.Sprintf("the cited clause lacks %q", o.Name)
		}
	}
	return ""
}

// nameText returns clauses [i, j] as the skeleton and the folded words
// names are looked for in.
func (d *Doc) nameText(i, j int) (text, words string) {
	var sk strings.Builder
	for k := d.Clauses[i].I; k < d.Clauses[j].J; k++ {
		sk.WriteString(lexicon.FoldMarks(d.Toks[k].Text))
		sk.WriteByte(' ')
	}
	return SkeletonOf(d, d.Clauses[i].I, d.Clauses[j].J), " " + lexicon.FoldMarks(sk.String()) + " "
}

// holdsName reports whether a text (its skeleton and its words) names o.
func holdsName(text, words string, o sdk.FrameObject) bool {
	os := skeleton(lexicon.FoldMarks(o.Name))
	if os == "" || ContainsWhole(text, os) || ContainsParts(text, o.Name) {
		return true
	}
	if tail := QualifiedTail(o.Name); tail != "" && ContainsWhole(text, skeleton(lexicon.FoldMarks(tail))) || ContainsPathTail(text, o.Name) {
		return true
	}
	if o.Type == ObjName {
		return nameWord(words, o.Name) || nameAcross(words, o.Name)
	}
	for _, w := range strings.Fields(words) {
		if Inflected(skeleton(w), os) {
			return true // "2 vCPU" for "2 vCPUs", as the judge pairs them
		}
	}
	return false
}

// Inflected reports two skeletons of one name, one with an ending of at
// most two letters more (Ardmore, Ardmore's; Kühlschrank, Kühlschranks;
// vCPU, vCPUs). The judge pairs names by it and the host's floor checks
// them by it.
func Inflected(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) < 4 || !strings.HasPrefix(b, a) || len(b)-len(a) > 2 {
		return false
	}
	for _, r := range b[len(a):] {
		if r >= '0' && r <= '9' {
			return false // release2026.10 is not release2026.1
		}
	}
	return true
}

// hardObject: the objects a kept rule must name; a hyphenated term may be
// reworded.
func hardObject(typ string) bool { return typ != ObjTerm && typ != "" }

// nameWord reports a word of a person's name in the folded words.
func nameWord(words, name string) bool {
	var ws []string // the text's words, split on first need
	for _, w := range strings.Fields(lexicon.FoldMarks(name)) {
		if len([]rune(w)) >= 3 && strings.Contains(words, " "+w) {
			return true
		}
		if ws == nil {
			ws = strings.Fields(words)
		}
		for _, x := range ws {
			if Declined(w, x) {
				return true
			}
		}
	}
	return false
}

// Declined reports two words of five letters or more in common that end
// in at most two other letters each, of lengths one apart at most: one
// name in two cases of a language that declines names (Katarzynie,
// Katarzyna; Оксану, Оксана), not a name and a longer one (Johan,
// Johanna). Names that differ only so (Alexander, Alexandra) it cannot
// tell apart.
func Declined(x, y string) bool {
	p, ex, ey := Endings(x, y)
	return p >= 5 && ex <= 2 && ey <= 2 && ex-ey <= 1 && ey-ex <= 1
}

// Endings returns how many letters x and y share at their start, and how
// many each has after them: how far apart two forms of one word are.
func Endings(x, y string) (start, endX, endY int) {
	a, b := []rune(x), []rune(y)
	for start < len(a) && start < len(b) && a[start] == b[start] {
		start++
	}
	return start, len(a) - start, len(b) - start
}

// Bounded reports a clause whose main part holds a bound written as a
// sign (≤ 40, ≥ 5, < 2 %) or a span of times or dates written with a dash
// ("2–4 pm"): it restricts as a bound word would.
func (d *Doc) Bounded(i int) bool {
	for _, qi := range d.Clauses[i].Main.Quants {
		if q := d.Quants[qi]; q.Op != OpEq && !q.Negated && q.I > 0 && signOp(d.Toks[q.I-1].Norm) != "" || q.Span && !q.Negated {
			return true
		}
	}
	return false
}

// Disjoined reports a clause that joins what one modality rules with
// "or" or "nor" ("never on Tuesdays nor after 16:00"): a summary may give
// each part a line of its own.
func (d *Doc) Disjoined(c Clause) bool {
	return d.hasCue(c.Main.I, c.Main.J, lexicon.Disjunction)
}

// Restricts reports whether clauses [i, j] restrict: a restricting
// modality (its own, or one a heading lent it), an obligation, or words
// of their own that restrict (OwnRestriction). "until" or "before" without
// a value do not ("can be released until Thursday"). The host's floor and
// the reference judge ask the same question through it.
func (d *Doc) Restricts(i, j int) bool {
	for k := i; k <= j; k++ {
		switch d.Clauses[k].Modality {
		case MustNot, Only, Limit, Must:
			return true
		}
		if d.Clauses[k].Cues&lexicon.Must != 0 || d.OwnRestriction(k) {
			return true
		}
	}
	return false
}

// KeptAsOwn reports a rule that clauses [i, j] of ed keep though they
// restrict nothing by their own words. An action the speaker kept for
// themselves ("I'll call them myself") is kept by a clause that says they
// do it themselves ("the user will call them herself"): the agent's part
// is not to. An answer that opens with a refusal ("No, I'll do that
// myself"; "No, 08:30 is too late") refuses what was offered before it,
// which its own clause does not name: a clause that says the person does
// it themselves, or that the offer was turned down ("rejected 08:30 as
// too late"), keeps it. The scorer's judge and the host's floor both ask
// this, so neither overrides the other on it.
//
// A prohibition followed in its sentence by the speaker's own action
// ("Leave the field units alone, I'll roll the firmware out to them
// tomorrow") is kept the same way: what the agent must not touch is what
// the person does. No prohibition is kept so when another clause of the
// place says the forbidden act freely ("the user reviews PR 212 himself;
// merge it once CI is green").
func (d *Doc) KeptAsOwn(c Clause, ed *Doc, i, j int) bool {
	wc := ed.cuesIn(i, j)
	reply := c.Modality == MustNot && d.Replies(c)
	ownNext := c.Modality == MustNot && d.nextInSentence(c).Cues&lexicon.OwnAction != 0
	kept := ((c.Modality == Must || reply) && c.Cues&lexicon.OwnAction != 0 || ownNext) && wc&lexicon.SelfWord != 0 || reply && wc&lexicon.Failed != 0
	return kept && !(c.Modality == MustNot && ed.saysFreely(d, c, i, j))
}

// nextInSentence returns the clause after c when no sentence end
// (sentenceEnd) stands between them, else an empty clause.
func (d *Doc) nextInSentence(c Clause) Clause {
	for i := 0; i+1 < len(d.Clauses); i++ {
		if d.Clauses[i].I != c.I {
			continue
		}
		n := d.Clauses[i+1]
		for k := c.J; k < n.I && k < len(d.Toks); k++ {
			if sentenceEnd(d.Toks[k]) {
				return Clause{}
			}
		}
		return n
	}
	return Clause{}
}

// Replies reports a clause whose only negation is the answer word that
// opens it, set off by punctuation ("No, …", "ні, …", "לא, …").
func (d *Doc) Replies(c Clause) bool {
	first := -1
	for k := c.I; k < c.J; k++ {
		if d.Toks[k].Kind == lexicon.Word {
			first = k
			break
		}
	}
	if first < 0 || first+1 >= c.J || d.Class(first)&lexicon.Negation == 0 || d.Toks[first+1].Kind != lexicon.Punct {
		return false
	}
	for k := first + 2; k < c.J; k++ {
		if d.Class(k)&lexicon.Negation != 0 {
			return false
		}
	}
	return true
}

// OwnRestriction reports a clause whose own words restrict: a negation,
// an "only", an exception (only a rule has one), a bound word beside a
// value ("no higher than tier 4", not "under review"), or a bound written
// as a sign ("≤ −25 °C"), which no cue marks. A duty a heading lent it
// ("Rules:") is not its own.
func (d *Doc) OwnRestriction(i int) bool {
	c := d.Clauses[i]
	return c.Cues&(lexicon.Negation|lexicon.Only|lexicon.Exception) != 0 ||
		c.Cues&(lexicon.Upper|lexicon.Lower) != 0 && len(c.Main.Quants) > 0 || d.Bounded(i)
}

// overlapsRule reports a candidate item with a restricting frame whose
// range overlaps where the evidence stands in the candidate.
func overlapsRule(evidence, candidate string, cand []sdk.Item) bool {
	at := strings.Index(candidate, evidence)
	if at < 0 {
		return false
	}
	end := at + len(evidence)
	for _, c := range cand {
		if c.Frame == nil || c.End <= at || c.Start >= end {
			continue
		}
		switch c.Frame.Modality {
		case MustNot, Only, Limit, Must:
			return true
		}
	}
	return false
}

// Comparable reports two dimensions whose values may be compared: the
// same (SameDim), or two plain numbers, counted or not ("4.2 LTS" and
// "4.1").
func Comparable(a, b string) bool {
	return SameDim(a, b) || PlainNumber(a) && PlainNumber(b)
}

// PlainNumber reports a dimension of a bare number, counted or not, with
// no unit of its own.
func PlainNumber(dim string) bool { return dim == DimNumber || dim == DimCount }

// SameDim reports two dimensions that measure the same thing: equal, or
// two sums of money of which one is written with a symbol several
// currencies share ("450 kr" read in English is any crown, "money:
// DKK/ISK/NOK/SEK"; in Danish it is "money:DKK").
func SameDim(a, b string) bool {
	if a == b {
		return true
	}
	ca, oka := strings.CutPrefix(a, "money:")
	cb, okb := strings.CutPrefix(b, "money:")
	if !oka || !okb {
		return false
	}
	// A rate keeps its period after the codes ("money:DKK/ISK/NOK/SEK/
	// time", 450 kr an hour): the periods must agree, and one code.
	codesA, perA := currencyCodes(ca)
	codesB, perB := currencyCodes(cb)
	if perA != perB {
		return false
	}
	for _, x := range codesA {
		if slices.Contains(codesB, x) {
			return true
		}
	}
	return false
}

// currencyCodes splits the part of a money dimension after "money:" into
// its currency codes (upper case) and the rate's period after them ("time"
// of "DKK/SEK/time"; "" for a plain sum).
func currencyCodes(dim string) (codes []string, per string) {
	parts := strings.Split(dim, "/")
	k := 0
	for k < len(parts) && parts[k] != "" && parts[k] == strings.ToUpper(parts[k]) {
		k++
	}
	return parts[:k], strings.Join(parts[k:], "/")
}

// CloseTo reports two values equal up to rounding (a relative 1e-6):
// 0.1+0.2 and 0.3, 90 min read as 5400 s.
func CloseTo(x, y float64) bool { return closeTo(x, y) }

func closeTo(x, y float64) bool {
	return x == y || math.Abs(x-y) <= 1e-6*math.Max(math.Abs(x), math.Abs(y))
}

// HourOfDay reports a whole hour written as a duration (dimension dim,
// value v: "ve středu 14–17 h", "od 8 do 15 hodin") and the same hour as
// a time of day (xDim clock, xValue in minutes: 14:00–17:00): many
// languages write the hours of a day so.
func HourOfDay(dim string, v float64, xDim string, xValue float64) bool {
	return dim == DimTime && xDim == DimClock && v > 0 && v <= 24*3600 &&
		math.Mod(v, 3600) == 0 && closeTo(v/60, xValue)
}

// DimBytes is the dimension of data sizes.
const DimBytes = "bytes"

// SameAmount reports whether x and y, both in dimension dim, are the same
// amount. Data sizes are written with binary and decimal prefixes for the
// same thing ("512 MiB" and "512 MB", "1536 MiB" and "1.5 GiB"): a size
// that differs by exactly a power of 1.024 (one prefix read as the other)
// is the same.
func SameAmount(dim string, x, y float64) bool {
	if closeTo(x, y) {
		return true
	}
	if dim != DimBytes || x == 0 || y == 0 {
		return false
	}
	r := math.Max(x, y) / math.Min(x, y)
	for k, f := 1, 1.024; k <= 4; k, f = k+1, f*1.024 {
		if math.Abs(r-f) <= 1e-6*f {
			return true
		}
	}
	return false
}

// halfDayText reports a bound's text that is a time of day written without
// its half ("1:00", not "01:00", "1:00 pm" or "13:00"): the host's floor
// has the bound's text, not the reader's Quantity.HalfDay.
func halfDayText(text string, minutes float64) bool {
	text = strings.TrimSpace(text)
	return minutes >= 60 && minutes < 13*60 && text != "" && text[0] >= '1' && text[0] <= '9' &&
		!strings.ContainsFunc(text, unicode.IsLetter)
}

// OtherHalfOfDay reports a time of day written without its half (q.HalfDay)
// and the same time in the other half: "7:30" in "6:15 pm for a 7:30
// start" is kept by "19:30". Only the unmarked side is open: "19:30" in
// the rule is not kept by a "7:30" in the summary that writes no half.
func OtherHalfOfDay(q, x Quantity) bool {
	return q.HalfDay && q.Dim == DimClock && x.Dim == DimClock && closeTo(q.Value+12*60, x.Value)
}

// ContainsParts reports a hyphenated name each of whose parts is in the
// skeleton sk (SkeletonOf): "A100-hours" is kept by "A100 GPU-hours", a compound
// written apart. Every part must hold a letter, so that "eu-west-1" is
// not kept by "eu-west-2" and a stray 1.
func ContainsParts(sk, name string) bool {
	ps := strings.Split(lexicon.Fold(name), "-")
	if len(ps) < 2 {
		return false
	}
	for _, p := range ps {
		k := Skeleton(p)
		if len(k) < 2 || !strings.ContainsFunc(k, unicode.IsLetter) || !ContainsWhole(sk, k) {
			return false
		}
	}
	return true
}

// ContainsPathTail reports a path of three or more segments whose last
// two are in the skeleton sk (SkeletonOf), each part of them whole:
// "orders/migrations/0001-0014" is named by "Migrations 0001–0014",
// "src/legacy/payments/" by "the legacy payments module". One segment
// alone is not enough: two directories may hold files of one name.
func ContainsPathTail(sk, name string) bool {
	segs := strings.FieldsFunc(lexicon.Fold(name), func(r rune) bool { return r == '/' || r == '\\' })
	if len(segs) < 3 {
		return false
	}
	letters := false
	for _, seg := range segs[len(segs)-2:] {
		for _, p := range strings.FieldsFunc(seg, func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
			k := Skeleton(p)
			if k == "" {
				continue
			}
			if !ContainsWhole(sk, k) {
				return false
			}
			letters = letters || strings.ContainsFunc(k, unicode.IsLetter)
		}
	}
	return letters
}

// PathTailOf reports a path written by its last segments: "finance/" for
// "notebooks/finance/", "lib/loaders.py" for "notebooks/lib/loaders.py".
// Both must be paths (hold a slash). Within one session, a later message
// that names a directory by its last segment names that directory; across
// a summary it may not, so the judge asks ContainsPathTail instead.
func PathTailOf(short, long string) bool {
	split := func(s string) []string {
		return strings.FieldsFunc(lexicon.Fold(s), func(r rune) bool { return r == '/' || r == '\\' })
	}
	if !strings.ContainsAny(short, "/\\") || !strings.ContainsAny(long, "/\\") {
		return false
	}
	ss, ls := split(short), split(long)
	if len(ss) == 0 || len(ss) >= len(ls) {
		return false
	}
	for k := 1; k <= len(ss); k++ {
		if sk := Skeleton(ss[len(ss)-k]); sk == "" || sk != Skeleton(ls[len(ls)-k]) {
			return false
		}
	}
	return true
}

// QualifiedTail returns the member a qualified code name ends with
// (std.heap.page_allocator → page_allocator, Foo::Bar::max_retries →
// max_retries), or "" when name is none or its last part is too plain to
// name a thing alone (os.path.join). A summary names a member by itself
// once the package is plain from the context. Paths are not qualified
// names: two directories may hold files of one name.
func QualifiedTail(name string) string {
	if strings.ContainsAny(name, "/\\ ") {
		return ""
	}
	parts := strings.FieldsFunc(strings.ReplaceAll(name, "::", "."), func(r rune) bool { return r == '.' })
	if len(parts) < 2 {
		return ""
	}
	tail := parts[len(parts)-1]
	if len(tail) < 6 || !strings.ContainsFunc(tail, unicode.IsLetter) {
		return ""
	}
	camel := false
	for i, r := range tail {
		if i > 0 && unicode.IsUpper(r) {
			camel = true
		}
	}
	if !camel && !strings.Contains(tail, "_") {
		return ""
	}
	return tail
}

// ContainsWhole reports sub inside s where a digit at either end of sub
// is not continued by another digit: archive_1 is not inside archive_12.
func ContainsWhole(s, sub string) bool {
	digit := func(b byte) bool { return b >= '0' && b <= '9' }
	for from := 0; ; {
		k := strings.Index(s[from:], sub)
		if k < 0 {
			return false
		}
		k += from
		end := k + len(sub)
		okStart := k == 0 || !digit(sub[0]) || !digit(s[k-1])
		okEnd := end == len(s) || !digit(sub[len(sub)-1]) || !digit(s[end])
		if okStart && okEnd {
			return true
		}
		from = k + 1
	}
}

// SkeletonOf returns the letters and digits of tokens [i, j) of d, marks
// folded away, with a "|" where one token's digits would run into the
// next one's ("p99 < 250ms" is "p99|250ms", so p99 stays whole).
func SkeletonOf(d *Doc, i, j int) string {
	var b strings.Builder
	last := byte(0)
	for k := i; k < j; k++ {
		sk := skeleton(lexicon.FoldMarks(d.Toks[k].Text))
		if sk == "" {
			continue
		}
		if last >= '0' && last <= '9' && sk[0] >= '0' && sk[0] <= '9' {
			b.WriteByte('|')
		}
		b.WriteString(sk)
		last = sk[len(sk)-1]
	}
	return b.String()
}

// ScoresIn reports a count written as a score of its total in clauses
// [i, j]: "23/23 tests pass" and "41/42 passed" hold 23 and 41. The
// tokenizer keeps "23/23" whole, as a name; "9/9" it reads as a date.
func (d *Doc) ScoresIn(i, j int, v float64) bool {
	score := func(text string) bool {
		a, b, found := strings.Cut(text, "/")
		n, errA := strconv.Atoi(a)
		total, errB := strconv.Atoi(b)
		return found && errA == nil && errB == nil && total > 0 && n <= total && closeTo(float64(n), v)
	}
	for k := i; k <= j && k < len(d.Clauses); k++ {
		for _, o := range d.Clauses[k].Main.Objects {
			if score(o.Text) {
				return true
			}
		}
		// A full score reads as a day and month too ("9/9 tests pass");
		// another date ("5/12") is a date, not 5 of 12.
		for _, qi := range d.QuantsIn(k, k) {
			q := d.Quants[qi]
			if a, b, _ := strings.Cut(q.Text, "/"); q.Dim == DimDate && a == b && score(q.Text) {
				return true
			}
		}
	}
	return false
}
