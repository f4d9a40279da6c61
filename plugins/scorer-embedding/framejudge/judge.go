package framejudge

import (
	"context"
	"fmt"
	"maps"
	"math"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// Verdict is the judgement on one item.
type Verdict struct {
	Preserved bool
	Score     float64
	Evidence  string
	Fate      string
	Note      string
	// from and to are the byte range of Evidence in the candidate.
	from, to int
	// unpaired marks a rule in another language than the candidate that
	// no clause shares a word with: the second pass may give it a clause
	// no other item took (claim).
	unpaired bool
}

// Judge judges items against a candidate. It is safe for concurrent use.
type Judge struct {
	r    *frame.Reader
	opts Options
}

// New returns a Judge reading with r, pairing by words alone.
func New(r *frame.Reader) *Judge { return NewWithOptions(r, Options{}) }

// NewWithOptions returns a Judge reading with r, tuned by o.
func NewWithOptions(r *frame.Reader, o Options) *Judge {
	if o.Threshold <= 0 {
		o.Threshold = 0.75
	}
	return &Judge{r: r, opts: o}
}

// Judge returns one Verdict per item, in order. originals are the spans
// the items cite: each item is read in the language of its span. When the
// embedder fails, the verdicts are still returned, reached by words alone,
// with a *PairingError.
func (j *Judge) Judge(ctx context.Context, candidate string, items []sdk.Item, originals []sdk.Span) ([]Verdict, error) {
	workers := j.opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// Names the originals or the summary write mid-sentence are names
	// where they open a clause too ("Radu conduce microbuzul", named
	// "Radu Stoica (șofer)" in a roster the agent looked up). The reading
	// that finds them tells each original's languages too: each item is
	// read in the languages of its span.
	tells := make([]frame.Tell, len(originals))
	found := make([]map[string]bool, workers)
	err := each(ctx, workers, len(originals), func(w, i int) {
		if found[w] == nil {
			found[w] = map[string]bool{}
		}
		tells[i] = j.r.TellNaming(originals[i].Text, found[w])
	})
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	for _, f := range found {
		maps.Copy(names, f)
	}
	cd := newCand(j.r.ReadKnowing(candidate, names))
	if j.opts.Embedder != nil {
		cd.sem = &semantic{ctx: ctx, emb: j.opts.Embedder, threshold: j.opts.Threshold}
	}
	told := make(map[string]frame.Tell, len(originals)) // span → its tell; none for an empty message
	for i, sp := range originals {
		if sp.Text == "" {
			delete(told, sp.ID) // the last original of an id is the one read
			continue
		}
		told[sp.ID] = tells[i].Knowing(names)
	}
	// Each item text is read once per span, whatever its category.
	type reading struct {
		span, text string
		doc        *frame.Doc
	}
	var reads []reading
	at := make([]int, len(items))
	seen := map[[2]string]int{}
	for i, it := range items {
		key := [2]string{it.Span, it.Text}
		k, ok := seen[key]
		if !ok {
			k = len(reads)
			seen[key] = k
			reads = append(reads, reading{span: it.Span, text: it.Text})
		}
		at[i] = k
	}
	err = each(ctx, workers, len(reads), func(_, k int) {
		r := &reads[k]
		t, ok := told[r.span]
		if !ok {
			t = j.r.Tell(r.text).Knowing(names) // no message to tell by: the item's own words
		}
		r.doc = j.r.ReadTold(r.text, t)
	})
	if err != nil {
		return nil, err
	}
	docs := make([]*frame.Doc, len(items))
	for i := range items {
		docs[i] = reads[at[i]].doc
	}
	// Each item is judged on its own against the candidate, so the order
	// does not matter; each goroutine has a cand of its own, since a cand
	// memoises what it reads on first need. The semantic pairer keeps one
	// cache of the candidate's embeddings: with it, one goroutine.
	if cd.sem != nil {
		workers = 1
	}
	cands := make([]*cand, workers)
	cands[0] = cd
	out := make([]Verdict, len(items))
	err = each(ctx, workers, len(items), func(w, i int) {
		if cands[w] == nil {
			cands[w] = newCand(cd.Doc)
		}
		out[i] = j.item(cands[w], items[i], docs[i])
	})
	if err != nil {
		return nil, err
	}
	j.claimPass(cd, items, docs, out)
	restated(items, docs, out)
	if cd.sem != nil && cd.sem.err != nil {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return out, &PairingError{Err: cd.sem.err}
	}
	return out, nil
}

// each calls fn(w, i) for every i below n, on up to workers goroutines;
// w (below workers) names the goroutine, for state of its own. A panic
// in fn stops the handing out of items and is raised again on the
// caller's goroutine, with the worker's stack: in process, the host's
// recovery stands there (a panic on a goroutine of its own would end the
// host); out of process it ends the plugin, as it did before, and the
// host fails closed.
func each(ctx context.Context, workers, n int, fn func(w, i int)) error {
	if workers = min(workers, n); workers <= 1 {
		for i := range n {
			if err := ctx.Err(); err != nil {
				return err
			}
			fn(0, i)
		}
		return nil
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	var panicked any
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if p := recover(); p != nil {
					mu.Lock()
					if panicked == nil {
						panicked = fmt.Sprintf("%v\n\nworker stack:\n%s", p, debug.Stack())
					}
					mu.Unlock()
					next.Store(int64(n)) // no more items for anyone
				}
			}()
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				fn(w, i)
			}
		}()
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
	return ctx.Err()
}

// restated keeps a lost rule that only says again what a kept rule of the
// same originals says: every atom of it restricts as an atom of the kept
// item does and holds nothing (no word, name or value) the other lacks.
// People repeat a rule in short ("No. Only Marta collects them. Nothing
// for the driver."); a summary that kept the first saying keeps the
// second.
func restated(items []sdk.Item, docs []*frame.Doc, out []Verdict) {
	atoms := make([][]frame.Clause, len(items)) // read on first need, once per item
	atomsAt := func(i int) []frame.Clause {
		if atoms[i] == nil {
			atoms[i] = atomsOf(docs[i], items[i].Category)
		}
		return atoms[i]
	}
	for i := range out {
		if out[i].Preserved || items[i].Category == sdk.CategoryFailedAttempt || len(atomsAt(i)) == 0 {
			continue
		}
		for k := range out {
			// The same words judged for another category are no
			// second saying: each category asks its own question.
			if k == i || items[k].Text == items[i].Text || !out[k].Preserved || items[k].Category == sdk.CategoryFailedAttempt || !covers(docs[k], atomsAt(k), docs[i], atomsAt(i)) {
				continue
			}
			v := out[k]
			v.Note = "says again what a kept rule says"
			out[i] = v
			break
		}
	}
}

// covers reports whether every atom of as (in doc ad) restricts as an atom
// of bs (in doc bd) does and holds no word, name or value it lacks.
func covers(bd *frame.Doc, bs []frame.Clause, ad *frame.Doc, as []frame.Clause) bool {
	for _, a := range as {
		if a.Modality == "" || len(a.Main.Stems)+len(a.Main.Objects)+len(a.Main.Quants) == 0 {
			return false
		}
		found := false
		for _, b := range bs {
			if sameDuty(a.Modality, b.Modality) && within(ad, a, bd, b) {
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

// within reports whether clause a's stems, names and values all stand in
// clause b.
func within(ad *frame.Doc, a frame.Clause, bd *frame.Doc, b frame.Clause) bool {
	stems, names := map[string]bool{}, map[string]bool{}
	var values []frame.Quantity
	for _, p := range parts(b) {
		for _, s := range p.Stems {
			stems[s] = true
		}
		for _, o := range p.Objects {
			names[o.Norm] = true
		}
		for _, qi := range p.Quants {
			values = append(values, bd.Quants[qi])
		}
	}
	for _, p := range parts(a) {
		for _, s := range p.Stems {
			if !stems[s] {
				return false
			}
		}
		for _, o := range p.Objects {
			if !names[o.Norm] {
				return false
			}
		}
		for _, qi := range p.Quants {
			q, ok := ad.Quants[qi], false
			for _, x := range values {
				ok = ok || x.Dim == q.Dim && frame.CloseTo(x.Value, q.Value) && x.Op == q.Op
			}
			if !ok {
				return false
			}
		}
	}
	return true
}

// item judges one item, read in the languages of its message: every atom
// of it must be kept.
func (j *Judge) item(cd *cand, it sdk.Item, od *frame.Doc) Verdict {
	atoms := atomsOf(od, it.Category)
	if len(atoms) == 0 {
		return Verdict{Fate: sdk.FateLost, Note: "nothing in the item could be read"}
	}
	// A prohibition the extractor found where the reader sees no modal
	// word ("write a comment in #172, I'll handle it over there": the
	// action is the person's) still restricts: its clauses must be kept
	// as a rule, not as a mention of its names. Its words copied whole
	// keep it, whatever the reader makes of them.
	reserved := it.Category == sdk.CategoryProhibition
	for _, a := range atoms {
		if a.Modality != "" {
			reserved = false
		}
	}
	if reserved {
		reserved = !strings.Contains(cd.foldedText(), strings.TrimRight(lexicon.Fold(strings.TrimSpace(it.Text)), ".!;"))
	}
	// The agent's own account of a limit or a duty ("Studio Day is also
	// limited to 12, it's set on the platform") is the state of things as
	// it found them: a summary keeps it by its names and values, stated as
	// a rule or as a status ("12 places, 9 taken"). What the agent rules
	// out or restricts to stays a rule.
	narrated := it.Frame != nil && (it.Frame.Source == sdk.SourceAgent || it.Frame.Source == sdk.SourceReasoning)
	atoms = namedAtoms(od, atoms, it)
	var kept []Verdict
	for _, a := range atoms {
		if reserved {
			a.Modality = frame.Must
		}
		if narrated && (a.Modality == frame.Limit || a.Modality == frame.Must) {
			a.Modality = ""
		}
		if it.Category == sdk.CategoryEntity && a.Modality == "" {
			// A statement of names keeps its names and their numbers
			// (postgres 15.4), not the span of a plan ("batches 41-64
			// today, then we switch reads to orders_v2").
			var keep []int
			for _, qi := range a.Main.Quants {
				if !od.Quants[qi].Range {
					keep = append(keep, qi)
				}
			}
			a.Main.Quants = keep
		}
		v := j.atom(od, a, cd, it.Category)
		if !v.Preserved {
			return v
		}
		if cd.claims != nil {
			// The rule's other parts stand beside the ones already
			// placed (claimPass restores the claims if the item fails).
			cd.claims.take(cd, v)
		}
		kept = append(kept, v)
	}
	roles := od.Roles()
	if note := rolesTraded(od, roles, cd); note != "" {
		return Verdict{Fate: sdk.FateAltered, Score: 0.2, Note: note}
	}
	if note := partnerTraded(roles, cd); note != "" {
		return Verdict{Fate: sdk.FateAltered, Score: 0.2, Note: note}
	}
	// The evidence of a kept item runs from its first atom's clause to its
	// last's, so the quote holds every part of the rule ("max 14 h travel,
	// then ≥ 1 h rest"); the score is the weakest atom's.
	v := kept[0]
	for _, k := range kept[1:] {
		v.Score = math.Min(v.Score, k.Score)
		v.from, v.to = min(v.from, k.from), max(v.to, k.to)
	}
	v.from = namedAbove(cd, it, v.from, v.to)
	v.Evidence = cd.Text[v.from:v.to]
	return v
}

// namedAbove returns where a kept item's quote starts once it holds the
// names the item is about (its frame's objects) that the summary wrote
// once at the top: the heading of the quote's section or the opening line
// ("## Posyandu Melati — December session" over the session's hours), so
// the host's floor, reading the quote, finds them there.
func namedAbove(cd *cand, it sdk.Item, from, to int) int {
	if it.Frame == nil {
		return from
	}
	first := 0
	for first+1 < len(cd.Clauses) && cd.Clauses[first+1].Start <= from {
		first++
	}
	quote := lexicon.Fold(cd.Text[from:to])
	for _, o := range it.Frame.Objects {
		name := lexicon.Fold(o.Name)
		if name == "" || strings.Contains(quote, name) {
			continue
		}
		for _, k := range cd.Above(first) {
			if c := cd.Clauses[k]; strings.Contains(lexicon.Fold(cd.Text[c.Start:c.End]), name) {
				from = min(from, c.Start)
			}
		}
	}
	return from
}

// namedAtoms keeps, of a statement of names (an entity item with no rule
// in it), the names the extractor found in it: "you run commands on
// gis-app-01 and edit the repo gis/deploy" is about gis-app-01 when that
// is the name the extractor kept; the other names are the sentence it
// came in, and so are its words: a summary keeps the name wherever it
// puts it ("Parcels tiles on gis-app-01: done"). Clauses that hold none
// of its names are dropped. A rule's
// atoms, and an item without key terms, are kept whole.
func namedAtoms(d *frame.Doc, atoms []frame.Clause, it sdk.Item) []frame.Clause {
	if it.Category != sdk.CategoryEntity || len(it.KeyTerms) == 0 {
		return atoms
	}
	var out []frame.Clause
	for _, a := range atoms {
		if a.Modality != "" {
			return atoms
		}
		var objs []frame.Obj
		for _, o := range a.Main.Objects {
			if frame.Keyed(it.KeyTerms, o.Text) {
				objs = append(objs, o)
			}
		}
		if len(objs) > 0 {
			a.Main.Objects, a.Main.Stems, a.Main.Words = objs, nil, nil
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return atoms
	}
	return out
}

// atomsOf picks the clauses of an item that must be kept: those with a
// modality (for a failed attempt, the failure), else every clause that
// names something.
func atomsOf(d *frame.Doc, category string) []frame.Clause {
	atoms := clausesToKeep(d, category)
	for i := range atoms {
		// Why the rule holds is no part of what must be kept: "bed temp
		// max 110 °C, because the old heaters can't take more" is kept
		// by "bed ≤ 110 °C".
		atoms[i].Reason = nil
	}
	return atoms
}

// clausesToKeep returns the clauses of d that a summary must keep for an
// item of category (atomsOf).
func clausesToKeep(d *frame.Doc, category string) []frame.Clause {
	var out []frame.Clause
	for _, c := range d.Clauses {
		switch {
		case category == sdk.CategoryFailedAttempt && c.Modality == frame.Failed:
			out = append(out, c)
		case category != sdk.CategoryFailedAttempt && c.Modality != "" && c.Modality != frame.Failed:
			out = append(out, c)
		}
	}
	if len(out) > 0 {
		out = carrySubject(d, out)
		// An atom left with no word, name, value or qualifier ("…, not
		// from here") holds nothing a summary could state; the rule
		// beside it is judged.
		kept := out[:0]
		for _, a := range out {
			if len(a.Main.Objects)+len(a.Main.Quants)+len(a.Main.Stems)+len(a.Exceptions) > 0 || a.Condition != nil {
				kept = append(kept, a)
			}
		}
		if len(kept) > 0 {
			return kept
		}
		return out
	}
	for _, c := range d.Clauses {
		switch {
		case len(c.Main.Objects)+len(c.Main.Quants) > 0:
			out = append(out, c)
		case len(c.Main.Stems) == 0 && c.Condition != nil && len(c.Condition.Objects)+len(c.Condition.Quants) > 0:
			// A sentence the reader took whole for a condition, with no
			// comma to end it ("If it finds a mismatch above €50 it pages
			// #payouts-oncall"), is judged by what it holds.
			c.Main, c.Condition = *c.Condition, nil
			out = append(out, c)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, c := range d.Clauses {
		if len(c.Main.Stems) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// carrySubject gives an atom that names nothing ("so do not pay out
// anything to them") the objects and words of the clauses before it in
// the item: the subject the rule is about.
func carrySubject(d *frame.Doc, atoms []frame.Clause) []frame.Clause {
	for i := range atoms {
		a := &atoms[i]
		if len(a.Main.Objects)+len(a.Main.Quants) > 0 {
			continue
		}
		for _, c := range d.Clauses {
			if c.I >= a.I {
				break
			}
			if c.Modality != "" || sentenceBetween(d, c.J, a.I) {
				continue // another rule, or another sentence: not the subject
			}
			a.Main.Objects = append(a.Main.Objects, c.Main.Objects...)
			a.Main.Stems = append(a.Main.Stems, c.Main.Stems...)
		}
	}
	return atoms
}

// sentenceBetween reports a sentence end (. ; ! ? or a line break) in
// tokens [i, j).
func sentenceBetween(d *frame.Doc, i, j int) bool {
	for k := i; k < j && k < len(d.Toks); k++ {
		if t := d.Toks[k]; t.Kind == lexicon.Newline || t.Kind == lexicon.Punct && strings.ContainsAny(t.Norm, ".;!?。；！？") {
			return true
		}
	}
	return false
}

// window is a run of candidate clauses [a, b] read as one place.
type window struct{ a, b int }

// atom judges one atom of an original against the candidate.
func (j *Judge) atom(od *frame.Doc, a frame.Clause, cd *cand, category string) Verdict {
	best, bestScore := window{-1, -1}, 0.0
	var bestHits hits
	bestFits, bestSided, bestSame := false, 0, false
	view := viewOf(od, a)
	for _, w := range cd.windowsFor(od, a) {
		h := view.match(cd, w)
		s := h.score()
		fits := a.Modality == "" || restricts(cd, w) == (a.Modality != frame.Failed)
		// Of two places as close, the one that bounds the values on the
		// rule's side: "≤ £2,500" and "over £2.5k" both hold £2,500, only
		// the second keeps "above £2,500".
		sided := sidedBounds(od, a, cd, w)
		// Then the one that restricts as the rule does by its own words
		// ("SQL style | no `SELECT *`"), not by a heading's duty lent to
		// a row that shares a word.
		same := ownModality(cd, w, a.Modality)
		tie := s > bestScore-1e-9 && best.a >= 0
		switch {
		case s > bestScore+1e-9:
		case tie && fits && !bestFits:
		case tie && fits == bestFits && sided > bestSided:
		case tie && fits == bestFits && sided == bestSided && same && !bestSame:
		case tie && fits == bestFits && sided == bestSided && same == bestSame && w.b-w.a < best.b-best.a:
		default:
			continue
		}
		best, bestScore, bestHits, bestFits, bestSided, bestSame = w, s, h, fits, sided, same
	}
	// A sentence a summary writes in three clauses on one line ("Kamau
	// proposed 3,000 doses; rejected, the order stays at 2,000") may
	// state a rule no clause and its neighbour does: looked at only when
	// no closer place pairs, so it never outvotes one.
	if best.a < 0 || !bestHits.paired() {
		// In a long candidate, only around places that hold a word of the
		// atom (a short one is read whole, as windowsFor reads it).
		all := len(cd.Clauses) < 64
		starts := map[int]bool{}
		if !all {
			for _, w := range cd.windowsFor(od, a) {
				starts[w.a], starts[max(w.a-1, 0)], starts[max(w.a-2, 0)] = true, true, true
			}
		}
		for i := range len(cd.Clauses) {
			if !all && !starts[i] || i+2 >= len(cd.Clauses) || cd.Clauses[i+2].Line != cd.Clauses[i].Line {
				continue
			}
			w := window{i, i + 2}
			h := view.match(cd, w)
			if h.paired() && h.score() > bestScore+1e-9 {
				fits := a.Modality == "" || restricts(cd, w) == (a.Modality != frame.Failed)
				best, bestScore, bestHits, bestFits, bestSided, bestSame = w, h.score(), h, fits, sidedBounds(od, a, cd, w), ownModality(cd, w, a.Modality)
			}
		}
	}
	// A clause that shares the rule's words but not its restriction
	// ("Okonkwo notified about the auto-score on her signed studies")
	// loses to one nearly as close that restricts as the rule does
	// ("studies signed by Dr. Okonkwo are not modified"): the words of a
	// condition must not outvote the rule itself.
	if best.a >= 0 && !bestFits && a.Modality != "" {
		fitW, fitScore, fitHits := window{-1, -1}, 0.0, hits{}
		for _, w := range cd.windowsFor(od, a) {
			if restricts(cd, w) != (a.Modality != frame.Failed) {
				continue
			}
			if h := view.match(cd, w); h.score() > fitScore+1e-9 && h.paired() {
				fitW, fitScore, fitHits = w, h.score(), h
			}
		}
		if fitW.a >= 0 && fitScore >= 0.75*bestScore {
			best, bestScore, bestHits, bestFits = fitW, fitScore, fitHits, true
		}
	}
	// Across languages most words cannot match; a rule the candidate
	// restates in its own language shares only its cognates and names. A
	// window that restricts as the atom does and shares two of them (one,
	// for an atom of three words or fewer) states it; values, names and
	// modality are still compared below.
	crossLang := od.Language() != 0 && cd.Language() != 0 && od.Language() != cd.Language()
	acrossPaired := crossLang && best.a >= 0 && bestFits && a.Modality != "" &&
		(bestHits.stems >= 2 || bestHits.stems >= 1 && bestHits.nStems <= 3)
	// A ban with no names or values, restated in a clause that forbids
	// too, shares fewer of its words than a statement must: "Amounts are
	// whole pence, never floats" for "Money is integer pence everywhere
	// (no floats)". Two shared words and two in five will do.
	restatedBan := best.a >= 0 && bestFits && a.Modality == frame.MustNot && ownModality(cd, best, frame.MustNot) && bestHits.nObjs+bestHits.nQ == 0 &&
		bestHits.stems >= 2 && 5*bestHits.stems >= 2*bestHits.nStems
	if (best.a < 0 || !bestHits.paired() && !acrossPaired && !restatedBan) && a.Modality == "" {
		// A statement of names ("dokku-01 runs three apps: billing-api,
		// web-front, cron-worker") may be kept as a table or a list, a
		// name to a row: it is stated where its first name is when every
		// name of it is somewhere in the candidate.
		if w, ok := namedThroughout(od, a, cd); ok {
			best, bestScore, bestHits = w, 1, match(od, a, cd, w)
			return j.settle(od, a, cd, category, best, bestScore, bestHits, crossLang)
		}
	}
	if best.a < 0 || !bestHits.paired() && !acrossPaired && !restatedBan {
		// The restriction must stand where the rule's words are: "send
		// the CVs today" beside a list of other rules states no rule.
		fits := func(w window) bool {
			return a.Modality == "" || restricts(cd, core(od, a, cd, w)) == (a.Modality != frame.Failed)
		}
		w, cos, ok := cd.sem.nearest(od, a, cd, fits)
		if !ok {
			if v, ok := altered(od, a, cd); ok {
				return v
			}
			if crossLang && a.Modality != "" && cd.claims != nil {
				if v, ok := j.claim(od, a, cd, category); ok {
					return v
				}
			}
			return Verdict{Fate: sdk.FateLost, Score: bestScore * 0.5, Note: "no clause of the candidate states it", unpaired: crossLang && a.Modality != ""}
		}
		best, bestScore, bestHits = w, cos, match(od, a, cd, w)
	}
	return j.settle(od, a, cd, category, best, bestScore, bestHits, crossLang)
}

// settle checks the clauses chosen to state an atom: its bounds, modality,
// objects and their roles, condition and exceptions.
func (j *Judge) settle(od *frame.Doc, a frame.Clause, cd *cand, category string, best window, bestScore float64, bestHits hits, crossLang bool) Verdict {
	fail := func(fate, note string) Verdict {
		return Verdict{Fate: fate, Score: bestScore * 0.5, Note: note}
	}
	// Bounds, the qualifiers' too: "only during the 02:10–02:24 pass".
	near0 := window{max(best.a-1, 0), min(best.b+1, len(cd.Clauses)-1)}
	// "may not start before 10 pm" is "only from 22:00 onward": a bound
	// the rule forbids, restated without a negation, is the other side of
	// it.
	ruleAt := core(od, a, cd, best)
	ev := best // the clauses the evidence quotes
	turned := a.Modality == frame.MustNot && cues(cd, ruleAt)&lexicon.Negation == 0
	// "not after 18:00 unless Mihai is on shift" is "after 18:00 only
	// when Mihai is on shift": the other side of the bound, allowed under
	// the condition the rule excepts, restates the rule.
	excepted := exceptedAsCondition(a, cd, ruleAt)
	own := itemBounds(od)
	values := od.Required(a.Main.Quants)
	// A failure the summary reports as one, by a failure word where the
	// rule's words are, is kept: its figures ("63 instead of 0",
	// "71/400") and the names beside them say how it failed, and a
	// summary may give them in another order or only the last of them.
	// "No longer fails" lifts the failure and is still held to every
	// value.
	reported := a.Modality == frame.Failed && cues(cd, ruleAt)&(lexicon.Failed|lexicon.Lift) == lexicon.Failed
	if reported {
		values = nil
	}
	for _, qi := range values {
		q := od.Quants[qi]
		if turned {
			q.Op = frame.Flip(q.Op)
		}
		note, fate := bound(q, cd, best, own)
		if fate == sdk.FateAltered && excepted >= 0 {
			// The other side, stated in the clause that allows it only
			// under the excepted condition.
			other := q
			other.Op = frame.Flip(q.Op)
			if findQuant(other, cd, window{excepted, excepted}, true) >= 0 {
				note = ""
			}
		}
		// A rule of several values, or of parts joined by "or"/"nor",
		// may be listed a part to a line.
		n := len(values)
		if note != "" && (best.b-best.a+1 < n || od.Disjoined(a)) {
			at := findQuant(q, cd, near0, true)
			if at < 0 {
				// Further along the same list, on the rule's own side.
				if wide := findQuant(q, cd, listReach(cd, best, max(n-1, 1)), true); wide >= 0 && (q.Op == frame.OpEq || frame.Side(cd.Quants[wide].Op) == frame.Side(q.Op)) {
					at = wide
				}
			}
			if at >= 0 {
				// A rule of several values the summary lists one to a
				// clause ("OM £250k; PM £187.5k; clearly trivial
				// £12.5k"): the value is in the clause beside the
				// window, which the evidence then quotes too.
				note = ""
				ev.a, ev.b = min(ev.a, cd.Quants[at].Clause), max(ev.b, cd.Quants[at].Clause)
			}
		}
		if note != "" && fate == sdk.FateLost {
			if at := nounedBound(q, cd); at >= 0 {
				// A rule of two statements the summary gave a line
				// each ("Tue and Thu 18:00–20:30, at least one trained
				// mechanic per session" → the times under "Sessions",
				// "needs at least one trained mechanic" further down):
				// the bound with its own noun stands where it is.
				note = ""
				ev.a, ev.b = min(ev.a, cd.Quants[at].Clause), max(ev.b, cd.Quants[at].Clause)
			}
		}
		if note != "" {
			return fail(fate, note)
		}
		if q.Dim == frame.DimDate && findQuant(q, cd, best, false) < 0 {
			if k := monthNamed(cd, best, q.Value); k >= 0 {
				ev.a = min(ev.a, k)
			}
		}
	}
	for _, p := range qualifiers(a) {
		for _, qi := range od.Required(p.Quants) {
			q := od.Quants[qi]
			if turned && cues(cd, ruleAt)&lexicon.Only != 0 && a.Condition != nil && slices.Contains(a.Condition.Quants, qi) {
				// "No launch if the wind is above 8 knots", restated as
				// what is allowed ("launch only if wind ≤ 8 kt", an
				// "only" and no negation): the condition's bound from the
				// other side.
				q.Op = frame.Flip(q.Op)
			}
			if note, fate := bound(q, cd, near0, own); note != "" && fate == sdk.FateAltered && !(a.Modality == frame.MustNot && forbiddenRange(q, cd, near0)) {
				return fail(fate, note)
			}
		}
	}
	// Modality, read where the rule is.
	if note, fate := modality(od, a, bestHits, cd, ruleAt, category, crossLang); note != "" {
		return fail(fate, note)
	}
	// The alternatives a prohibition forbids ("never against the prod
	// database or the staging replica"): a summary that keeps the first
	// allows the others.
	if a.Modality == frame.MustNot && !crossLang {
		if phrase := droppedAlternative(od, a, cd, near0); phrase != "" {
			return fail(sdk.FateAltered, fmt.Sprintf("'%s' dropped from what the rule forbids", phrase))
		}
	}
	// Objects and their roles.
	if note := objects(od, a, cd, best); note != "" && !reported {
		return fail(sdk.FateAltered, note)
	}
	if note := topicConflict(a, cd, best); note != "" {
		return fail(sdk.FateAltered, note)
	}
	if note := segmentRoles(od, a, cd, best); note != "" {
		return fail(sdk.FateAltered, note)
	}
	if note := sides(od, a, cd, best); note != "" {
		return fail(sdk.FateAltered, note)
	}
	if note := prepositionRoles(od, a, cd, best); note != "" {
		return fail(sdk.FateAltered, note)
	}
	if note := objectPolarity(od, a, cd, best); note != "" {
		return fail(sdk.FateInverted, note)
	}
	// Condition and exceptions.
	near := window{max(best.a-1, 0), min(best.b+1, len(cd.Clauses)-1)}
	// Across languages a qualifier of words alone cannot be compared; its
	// names and values still can. A rule stated without its condition
	// ("do NOT stop the experiment" for "while you're in there: do NOT
	// stop it") holds always, which asks more of the agent, not less; a
	// condition the summary restates is still read, as a qualifier kept
	// by its own words (qualifierKept). So only a statement's condition
	// must be kept, and the condition of an "only" ("nur, wenn die
	// Feuerwehr an der Strecke steht"): there the condition is what is
	// allowed, and without it the rule allows more.
	ruleOf := a.Modality != "" && a.Modality != frame.Failed && a.Modality != frame.Only && a.Cues&lexicon.Only == 0
	if a.Condition != nil && !ruleOf && !(crossLang && len(a.Condition.Objects)+len(a.Condition.Quants) == 0) && !qualifierKept(od, *a.Condition, cd, near, lexicon.Condition|lexicon.Exception|lexicon.Must) {
		return fail(sdk.FateAltered, fmt.Sprintf("condition '%s' dropped", od.Text[od.Toks[a.Condition.I].Start:od.Toks[a.Condition.J-1].End]))
	}
	for _, e := range a.Exceptions {
		if !(crossLang && len(e.Objects)+len(e.Quants) == 0) && !qualifierKept(od, e, cd, near, lexicon.Exception) {
			return fail(sdk.FateAltered, fmt.Sprintf("exception '%s' dropped", od.Text[od.Toks[e.I].Start:od.Toks[e.J-1].End]))
		}
	}
	if a.Modality == "" {
		ev = statementEvidence(a, cd, ev)
	} else {
		// A rule the summary lists under a heading that names rules
		// ("Constraints:") with no word of its own that restricts is a
		// rule by that heading: the quote holds it.
		own, lent := false, ev.a
		for i := ev.a; i <= ev.b; i++ {
			if l := cd.LentBy(i); l >= 0 {
				lent = min(lent, l)
				own = own || cd.OwnRestriction(i)
			} else if restricts(cd, window{i, i}) {
				own = true
			}
		}
		if !own {
			ev.a = lent
		}
	}
	from, to := cd.Clauses[ev.a].Start, cd.Clauses[ev.b].End
	return Verdict{Preserved: true, Fate: sdk.FateKept, Score: bestScore, Evidence: cd.Text[from:to], from: from, to: to}
}

// droppedAlternative returns an alternative the atom forbids after an
// "or"/"nor" within its negation's reach ("… or the staging replica")
// of which window w holds no word, as a word, stem, kin or clipped form;
// "" when each is there. An alternative is the words after its "or" up to
// the next punctuation, cue or "or"; its names and values are the objects
// and bounds checks' to compare, so one of names or values alone is
// passed over. One shared word keeps an alternative: a summary rewords
// ("bump timeouts" → "raise the timeouts").
func droppedAlternative(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	inQuant := func(k int) bool {
		for _, qi := range a.Main.Quants {
			if q := od.Quants[qi]; k >= q.I && k < q.J {
				return true
			}
		}
		return false
	}
	ws := stemSet(cd, w)
	var kin []string
	held := func(word string) bool {
		s := od.Stem(word)
		if ws[s] || ws["="+word] || clipped(cd, w, ws, s) {
			return true
		}
		if kin == nil {
			kin = kinStems(cd, w)
		}
		return hasKin(kin, cd.kinFolded(s))
	}
	// The main part's range still holds the clause's qualifiers: an
	// exception's "or" ("except hotfixes or reverts") allows, a
	// condition's does not forbid.
	inQual := func(k int) bool {
		for _, p := range qualifiers(a) {
			if k >= p.I && k < p.J {
				return true
			}
		}
		return false
	}
	// stops ends an alternative: punctuation, another cue that opens or
	// joins.
	stops := func(k int) bool {
		return od.Toks[k].Kind == lexicon.Punct || od.Class(k)&(lexicon.Disjunction|lexicon.Coordinator|lexicon.Negation|lexicon.Condition|lexicon.Exception) != 0
	}
	// word reports an alternative's word of its own (not a name, a value
	// or a cue, which the other checks compare).
	word := func(k int) bool {
		t := od.Toks[k]
		return t.Kind == lexicon.Word && od.Class(k) == 0 && !od.IsStop(k) && !inQuant(k) && !t.Upper && utf8.RuneCountInString(t.Norm) > 2 && !strings.ContainsFunc(t.Norm, func(r rune) bool { return !unicode.IsLetter(r) })
	}
	// objectsIn returns the atom's objects that start in [from, to).
	objectsIn := func(from, to int) []frame.Obj {
		var out []frame.Obj
		for _, o := range a.Main.Objects {
			if o.I >= from && o.I < to {
				out = append(out, o)
			}
		}
		return out
	}
	// dropped returns the alternative [from, to), "" when kept. byName:
	// the alternatives are names ("rust-toolchain or any crate in
	// Cargo.lock"), so one the window names is kept, its other words
	// only placing it; alternatives that are actions ("drop or truncate
	// anything in signoz_traces") share their name and differ in words.
	dropped := func(from, to int, byName bool) string {
		var words []string
		for m := from; m < to; m++ {
			if word(m) {
				words = append(words, od.Toks[m].Norm)
			}
		}
		if len(words) == 0 || slices.ContainsFunc(words, held) {
			return ""
		}
		if byName && slices.ContainsFunc(objectsIn(from, to), func(o frame.Obj) bool { return objectMatch(cd, w, o) == 2 }) {
			return ""
		}
		return od.Text[od.Toks[from].Start:od.Toks[to-1].End]
	}
	negated, seenNeg := false, false
	for k := a.Main.I; k < a.Main.J; k++ {
		c := od.Class(k)
		if c&lexicon.Reason != 0 && od.CueStart(k) {
			break // why the rule holds: "because the QA or release team is off"
		}
		if t := od.Toks[k]; t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == "，" || t.Norm == ";") {
			negated = false // "never on Friday, use staging or canary instead"
			continue
		}
		if inQual(k) {
			continue
		}
		if c&lexicon.Negation != 0 && c&lexicon.Disjunction == 0 {
			negated, seenNeg = true, true // "never A or B" forbids B; "A or B, never C" does not
			continue
		}
		if c&lexicon.Disjunction == 0 {
			continue
		}
		if k+1 == a.Main.J || od.Toks[k+1].Kind == lexicon.Punct {
			// A "nor" written after its alternative, at the end of a
			// negated rule ("… nem mehetnek a medencébe, és a szaunába
			// sem": and not into the sauna either): the alternative is
			// what comes before it, back to its joint.
			from := k
			for from > a.Main.I && !stops(from-1) {
				from--
			}
			// It is joined to the negated part by a comma or "and":
			// "don't touch X either" has no alternative of its own.
			joined := from > a.Main.I && (od.Toks[from-1].Kind == lexicon.Punct || od.Class(from-1)&lexicon.Coordinator != 0)
			if seenNeg && joined && from < k {
				if alt := dropped(from, k+1, false); alt != "" {
					return alt
				}
			}
			continue
		}
		if !negated {
			continue
		}
		end := k + 1
		for end < a.Main.J && !stops(end) {
			end++
		}
		prev := k
		for prev > a.Main.I && !stops(prev-1) {
			prev--
		}
		if alt := dropped(k, end, len(objectsIn(prev, k)) > 0); alt != "" {
			return alt
		}
	}
	return ""
}

// claimPass gives each rule that no clause shares a word with, written in
// another language than the candidate, a clause that restricts as it does
// and that no other item stands on: a summary in English of Japanese rules
// shares none of their words, but it restates each in a clause of its own.
// The clauses are taken in the candidate's order, one item each, after
// every item paired by its words has taken its own; values, names,
// modality and roles are still compared. A summary that dropped a rule has
// one restricting clause fewer than the rules it must hold, so one stays
// lost.
func (j *Judge) claimPass(cd *cand, items []sdk.Item, docs []*frame.Doc, out []Verdict) {
	var redo []int
	for i, v := range out {
		if !v.Preserved && v.unpaired {
			redo = append(redo, i)
		}
	}
	if len(redo) == 0 {
		return
	}
	cd.claims = &claims{taken: make([]bool, len(cd.Clauses))}
	defer func() { cd.claims = nil }()
	for _, v := range out {
		if v.Preserved {
			cd.claims.take(cd, v)
		}
	}
	for _, i := range redo {
		if k := sameSaying(items, out, i); k >= 0 {
			// The same words, kept for another category, stand on the
			// clauses they already took.
			out[i] = out[k]
			continue
		}
		before := slices.Clone(cd.claims.taken)
		v := j.item(cd, items[i], docs[i])
		if !v.Preserved {
			cd.claims.taken = before
			continue
		}
		cd.claims.take(cd, v)
		out[i] = v
	}
}

// sameSaying returns a kept item with item i's span and words, or -1.
func sameSaying(items []sdk.Item, out []Verdict, i int) int {
	for k := range items {
		if k != i && out[k].Preserved && items[k].Span == items[i].Span && items[k].Text == items[i].Text {
			return k
		}
	}
	return -1
}

// near reports whether a clause of clause k's block (its run of lines
// with no blank line between) is taken: the rules a summary restates stand
// together, so a free clause among them is one of them, and one in a
// block no kept rule stands in (a status paragraph, the next steps) is
// not.
func (c *claims) near(cd *cand, k int) bool {
	for i := k - 1; i >= 0 && cd.Clauses[i].Line >= cd.Clauses[i+1].Line-1; i-- {
		if c.taken[i] {
			return true
		}
	}
	for i := k + 1; i < len(cd.Clauses) && cd.Clauses[i].Line <= cd.Clauses[i-1].Line+1; i++ {
		if c.taken[i] {
			return true
		}
	}
	return false
}

// take marks the clauses a kept verdict quotes.
func (c *claims) take(cd *cand, v Verdict) {
	for k, cl := range cd.Clauses {
		if cl.Start < v.to && cl.End > v.from {
			c.taken[k] = true
		}
	}
}

// claim finds the first clause no item stands on that restricts as the
// atom does and holds its values and names (see claimPass).
func (j *Judge) claim(od *frame.Doc, a frame.Clause, cd *cand, category string) (Verdict, bool) {
	for k := range cd.Clauses {
		w := window{k, k}
		if cd.claims.taken[k] || !sameDuty(a.Modality, cd.Clauses[k].Modality) || !cd.claims.near(cd, k) || foreignIDs(a, cd.Clauses[k]) {
			continue
		}
		if v := j.settle(od, a, cd, category, w, 0.5, match(od, a, cd, w), true); v.Preserved {
			cd.claims.taken[k] = true
			return v, true
		}
	}
	return Verdict{}, false
}

// foreignIDs reports a clause that names an identifier or code the atom
// does not: identifiers are written alike in every language, so a clause
// about d-5531 is not the restatement of a rule that never named it.
func foreignIDs(a frame.Clause, c frame.Clause) bool {
	own := map[string]bool{}
	for _, p := range parts(a) {
		for _, o := range p.Objects {
			own[o.Skel] = true
		}
	}
	for _, p := range parts(c) {
		for _, o := range p.Objects {
			if (o.Type == frame.ObjID || o.Type == frame.ObjCode) && !own[o.Skel] {
				return true
			}
		}
	}
	return false
}

// sameDuty reports whether a clause of modality m states a rule of
// modality rule: a prohibition may be restated as "only" the allowed side,
// a limit as a prohibition beyond it; a duty is a duty.
func sameDuty(rule, m string) bool {
	switch rule {
	case frame.MustNot, frame.Only:
		return m == frame.MustNot || m == frame.Only
	case frame.Limit:
		return m == frame.Limit || m == frame.MustNot
	}
	return m == rule
}

// statementEvidence widens the evidence of a statement of names (no rule)
// to the candidate text from the first to the last clause naming one of
// them, so the quote holds every name the statement needs.
func statementEvidence(a frame.Clause, cd *cand, w window) window {
	lo, hi := w.a, w.b
	for _, o := range a.Main.Objects {
		if o.Type == frame.ObjTerm || hasObject(cd, w, o) {
			continue
		}
		for i := range cd.Clauses {
			if hasObject(cd, window{i, i}, o) {
				lo, hi = min(lo, i), max(hi, i)
				break
			}
		}
	}
	return window{lo, hi}
}

// windows lists the candidate's clauses alone and with the next one on
// the same or the next line (a rule and its bullet, a heading and its
// item).
func windows(cd *cand) []window {
	var out []window
	for i := range cd.Clauses {
		out = append(out, cd.windowsAt(i)...)
	}
	return out
}

// windowsAt returns the windows that start at clause i.
func (cd *cand) windowsAt(i int) []window {
	out := []window{{i, i}}
	if i+1 < len(cd.Clauses) && cd.Clauses[i+1].Line <= cd.Clauses[i].Line+1 {
		out = append(out, window{i, i + 1})
	}
	return out
}

// windowsFor returns the windows that hold at least one of the atom's
// words, names or values: the only ones that could state it. The index is
// built once per candidate, so a long candidate is not scanned once per
// atom.
func (cd *cand) windowsFor(od *frame.Doc, a frame.Clause) []window {
	if cd.index == nil {
		cd.buildIndex()
	}
	seen := map[int]bool{}
	add := func(key string) {
		for _, i := range cd.index[key] {
			seen[i] = true
			if i > 0 {
				seen[i-1] = true // the window that ends here
			}
		}
	}
	for _, p := range append([]frame.Part{a.Main}, qualifiers(a)...) {
		for _, st := range p.Stems {
			add(st)
			if key := kinKey(cd.kinFolded(st)); key != "" {
				add(key) // another inflection: pełnoletni for pełnoletnich
			}
		}
		for _, wd := range p.Words {
			add("=" + wd)
		}
		for _, o := range p.Objects {
			add("o:" + o.Skel)
			for _, part := range strings.FieldsFunc(o.Norm, func(r rune) bool { return r == ' ' || r == '-' || r == '_' || r == '.' || r == '/' }) {
				add(part)
			}
			// A name in a script read a character at a time is indexed as
			// the pairs of characters its text is read as.
			if rs := []rune(o.Norm); len(rs) >= 2 && lexicon.Spaceless(rs[0]) {
				for k := 0; k+1 < len(rs); k++ {
					add(string(rs[k : k+2]))
				}
			}
		}
		for _, qi := range p.Quants {
			add(valueKey(od.Quants[qi]))
		}
	}
	if len(seen) > 0 && len(cd.Clauses) < 64 {
		return windows(cd) // a short candidate: every window, as cheap as the lookup
	}
	idx := make([]int, 0, len(seen))
	for i := range seen {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	var out []window
	for _, i := range idx {
		out = append(out, cd.windowsAt(i)...)
	}
	return out
}

// buildIndex maps every word, name and value of the candidate to the
// clauses that hold it.
func (cd *cand) buildIndex() {
	cd.index = map[string][]int{}
	put := func(key string, i int) {
		if l := cd.index[key]; len(l) == 0 || l[len(l)-1] != i {
			cd.index[key] = append(l, i)
		}
	}
	for i, c := range cd.Clauses {
		for k := range cd.stemsOf(i) {
			put(k, i)
		}
		for _, k := range cd.kinOf(i) {
			if key := kinKey(k); key != "" {
				put(key, i)
			}
		}
		for _, p := range parts(c) {
			for _, o := range p.Objects {
				put("o:"+o.Skel, i)
			}
		}
		for _, qi := range cd.QuantsIn(i, i) {
			put(valueKey(cd.Quants[qi]), i)
			if q := cd.Quants[qi]; q.Raw != 0 {
				put(valueKey(frame.Quantity{Dim: frame.DimNumber, Value: q.Raw}), i)
			}
		}
	}
}

// valueKey is a quantity's index key: its value, rounded so that equal
// values share it.
func valueKey(q frame.Quantity) string {
	return fmt.Sprintf("q:%.6g", q.Value)
}

// hits counts what of an atom a window holds.
type hits struct {
	// topicOnly: every object found was found in a clause's topic only.
	topicOnly     bool
	objs, nObjs   int
	quants, nQ    int
	stems, nStems int
	// kin: stems found only as kin (another inflection, compound or
	// cognate), not as the same stem.
	kin int
}

func (h hits) score() float64 {
	den := 2*h.nObjs + 2*h.nQ + h.nStems
	if den == 0 {
		return 0
	}
	return float64(2*h.objs+2*h.quants+h.stems) / float64(den)
}

// paired says whether the window states the atom at all: some of its
// anchors (objects, values) and enough of its words, or most of its words
// when it has no anchors.
func (h hits) paired() bool {
	anchors := h.nObjs + h.nQ
	stemRatio := 0.0
	if h.nStems > 0 {
		stemRatio = float64(h.stems) / float64(h.nStems)
	}
	switch {
	case anchors > 0 && h.objs+h.quants > 0:
		// A clause that names the object only in its heading and shares
		// no word is about something else under that heading ("Grant
		// GR-7: indirect costs capped" is not "funds from grant GR-7 must
		// not buy vehicles").
		if h.topicOnly && h.quants == 0 && h.stems <= 1 && h.nStems >= 3 {
			return false
		}
		ratio := float64(h.objs+h.quants) / float64(anchors)
		return ratio >= 0.5 && (h.score() >= 0.3 || ratio == 1) || h.score() >= 0.4
	case anchors > 0:
		return stemRatio >= 0.6 && h.stems >= 2
	default:
		return h.stems >= 1 && stemRatio >= 0.5
	}
}

// match counts the atom's objects, values and stems the window holds.
func match(od *frame.Doc, a frame.Clause, cd *cand, w window) hits {
	return viewOf(od, a).match(cd, w)
}

// atomView is what of an atom every window is held against: its objects,
// required values and stems, gathered once per atom rather than once per
// window.
type atomView struct {
	od    *frame.Doc
	all   frame.Part
	stems []string
	word  map[string]string // stem → a word behind it
	// topic holds the stems of what the atom's clause opens with before
	// its colon and its rule does not repeat ("Security reports: do not
	// discuss in public issues"). A topic may be a heading of no weight
	// ("Rules:") or the rule's subject: a window that names it counts
	// those words as the rule's, one that does not is not held to them.
	topic []string
}

func viewOf(od *frame.Doc, a frame.Clause) *atomView {
	v := &atomView{od: od}
	for _, p := range parts(frame.Clause{Main: a.Main, Condition: a.Condition, Exceptions: a.Exceptions}) {
		v.all.Objects = append(v.all.Objects, p.Objects...)
		v.all.Quants = append(v.all.Quants, od.Required(p.Quants)...)
		v.all.Stems = append(v.all.Stems, p.Stems...)
		v.all.Words = append(v.all.Words, p.Words...)
	}
	v.stems = uniq(v.all.Stems)
	if a.Topic != nil {
		for _, t := range uniq(a.Topic.Stems) {
			if !slices.Contains(v.stems, t) {
				v.topic = append(v.topic, t)
			}
		}
	}
	v.word = make(map[string]string, len(v.all.Stems))
	for k, s := range v.all.Stems {
		if k < len(v.all.Words) {
			v.word[s] = v.all.Words[k]
		}
	}
	return v
}

// match counts the atom's objects, values and stems the window holds.
func (v *atomView) match(cd *cand, w window) hits {
	od, all, stems, word := v.od, v.all, v.stems, v.word
	h := hits{nObjs: len(all.Objects), nQ: len(all.Quants), nStems: len(stems)}
	h.topicOnly = true
	for _, o := range all.Objects {
		m := objectMatch(cd, w, o)
		if m == 0 && o.Negated {
			// What the rule rules out ("not X but Y") a summary may leave
			// unnamed where it keeps the rule ("Y — not the old one").
			h.nObjs--
			continue
		}
		switch m {
		case 2:
			h.objs += 2
		case 1:
			h.objs++
		}
		if m > 0 && !topicNames(cd, w, o) {
			h.topicOnly = false
		}
	}
	h.topicOnly = h.topicOnly && h.objs > 0
	h.objs = (h.objs + 1) / 2
	for _, qi := range all.Quants {
		if findQuant(od.Quants[qi], cd, w, false) >= 0 || spelled(od.Quants[qi], cd, w) {
			h.quants++
		}
	}
	ws := stemSet(cd, w)
	var kinOf []string // the window's stems, folded for kin, built on first need
	built := false
	for i, s := range stems {
		if ws[s] || ws["="+word[s]] || i+1 < len(stems) && ws[s+stems[i+1]] || i > 0 && ws[stems[i-1]+s] {
			h.stems++
			continue
		}
		if !built {
			kinOf, built = kinStems(cd, w), true
		}
		if hasKin(kinOf, cd.kinFolded(s)) || clipped(cd, w, ws, s) {
			h.stems++
			h.kin++
		}
	}
	for _, s := range v.topic {
		if ws[s] {
			h.stems++
			h.nStems++
		}
	}
	return h
}

// clipped reports a word of window w (stem set ws) that is the clipped
// form of stem s, or s the clipped form of one of the window's: the first
// three or four letters of a word at least three letters longer ("deps"
// for dependencies, "env" for environment, "repo" for repository), as
// people and summaries write them. It only pairs, as kin does. Neither
// side may hold a digit, and "=" forms are not words.
func clipped(cd *cand, w window, ws map[string]bool, s string) bool {
	n := utf8.RuneCountInString(s)
	if n < 3 || s[0] == '=' || strings.ContainsFunc(s, unicode.IsDigit) {
		return false
	}
	// s clipped: the window holds a word s begins, three letters longer.
	if n <= 4 && cd.clipsOf(w, ws)[s] >= n+3 {
		return true
	}
	// A word of the window clipped: s begins with it, three letters on.
	for k := 3; k <= 4 && n >= k+3; k++ {
		if ws[frame.FirstRunes(s, k)] {
			return true
		}
	}
	return false
}

// clipsOf maps the three- and four-letter beginnings of window w's words
// to the length in letters of the longest word so begun, built once per
// window: clipped asks it for every stem of every atom held against the
// window, and scanning the window's words each time was a third of the
// judge's time on a long candidate.
func (cd *cand) clipsOf(w window, ws map[string]bool) map[string]int {
	if m, ok := cd.clips[w]; ok {
		return m
	}
	m := map[string]int{}
	for word := range ws {
		n := utf8.RuneCountInString(word)
		if n < 6 || word[0] == '=' || strings.ContainsFunc(word, unicode.IsDigit) {
			continue
		}
		for k := 3; k <= 4 && n >= k+3; k++ {
			p := frame.FirstRunes(word, k)
			m[p] = max(m[p], n)
		}
	}
	if cd.clips == nil {
		cd.clips = map[window]map[string]int{}
	}
	cd.clips[w] = m
	return m
}

// kinStems returns a window's stems folded for kin: the stems of its
// parts, not the joined pairs or the "=" forms the exact lookup also
// holds. Each clause's are folded once per candidate.
func kinStems(cd *cand, w window) []string {
	if w.a == w.b {
		return cd.kinOf(w.a)
	}
	var out []string
	for i := w.a; i <= w.b; i++ {
		out = append(out, cd.kinOf(i)...)
	}
	return out
}

// kinOf returns clause i's stems of five letters or more, folded for kin.
func (cd *cand) kinOf(i int) []string {
	if cd.kins[i] != nil {
		return cd.kins[i]
	}
	out := []string{}
	for _, p := range parts(cd.Clauses[i]) {
		for _, st := range p.Stems {
			if utf8.RuneCountInString(st) >= 5 {
				out = append(out, kinFold(st))
			}
		}
	}
	cd.kins[i] = out
	return out
}

// kinFold folds a stem for kin: marks stripped, and the letters that
// spell one sound across Latin orthographies made one (k and c, y and i,
// w and v), so that klienta and client, medycznych and medical, share
// their start.
func kinFold(s string) string {
	return strings.NewReplacer("k", "c", "y", "i", "w", "v").Replace(lexicon.FoldMarks(s))
}

// namedThroughout returns the first clause that names the first of a
// statement's objects, when the statement has two or more and some clause
// of the candidate names each of them.
func namedThroughout(od *frame.Doc, a frame.Clause, cd *cand) (window, bool) {
	objs := viewOf(od, a).all.Objects
	if len(objs) < 2 {
		return window{}, false
	}
	first := -1
	for _, o := range objs {
		at := -1
		for i := range cd.Clauses {
			if hasObject(cd, window{i, i}, o) {
				at = i
				break
			}
		}
		if at < 0 {
			return window{}, false
		}
		if first < 0 {
			first = at
		}
	}
	return window{first, first}, true
}

// kinKey is the index key of a kin-folded stem: its first six letters,
// which any stem kin to it by its start shares (hasKin); "" for a shorter
// stem.
func kinKey(k string) string {
	if utf8.RuneCountInString(k) < 6 {
		return ""
	}
	return "k:" + frame.FirstRunes(k, 6)
}

// hasKin reports a stem of the window kin to s: the same start of six
// letters or more covering two thirds of the shorter word (messen and
// Messung, klienta and client), or, for long compounds, the same first
// three letters and the same head of five (Kerntemperaturfühler and
// Kernfühler). Snowball stems one language at a time; kin is what lets a
// summary's other inflection, compound or cognate pair with the rule. It
// only pairs: values, names and modality are still compared after.
func hasKin(window []string, s string) bool {
	if utf8.RuneCountInString(s) < 5 {
		return false
	}
	a := []rune(s)
	for _, w := range window {
		b := []rune(w)
		if len(b) < 5 {
			continue
		}
		p := 0
		for p < len(a) && p < len(b) && a[p] == b[p] {
			p++
		}
		if p >= 6 && 3*p >= 2*min(len(a), len(b)) {
			return true
		}
		if p >= 3 && len(a) >= 8 && len(b) >= 8 {
			q := 0
			for q < len(a)-p && q < len(b)-p && a[len(a)-1-q] == b[len(b)-1-q] {
				q++
			}
			if q >= 5 {
				return true
			}
		}
	}
	return false
}

func uniq(ss []string) []string {
	seen := make(map[string]bool, len(ss))
	out := ss[:0:0]
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// stemSet is every stem of a window, qualifiers included: the union of
// its clauses' sets, each built once per candidate.
func stemSet(cd *cand, w window) map[string]bool {
	if w.a == w.b {
		return cd.stemsOf(w.a)
	}
	if set, ok := cd.pairs[w]; ok {
		return set
	}
	out := make(map[string]bool, len(cd.stemsOf(w.a))+len(cd.stemsOf(w.b)))
	for i := w.a; i <= w.b; i++ {
		for k := range cd.stemsOf(i) {
			out[k] = true
		}
	}
	if cd.pairs == nil {
		cd.pairs = map[window]map[string]bool{}
	}
	cd.pairs[w] = out
	return out
}

// kinFolded returns kinFold(s), folded once per candidate: the same
// atom's stems are held against many windows.
func (cd *cand) kinFolded(s string) string {
	if f, ok := cd.folded[s]; ok {
		return f
	}
	if cd.folded == nil {
		cd.folded = map[string]string{}
	}
	f := kinFold(s)
	cd.folded[s] = f
	return f
}

// cand is the candidate as read, with what the judge asks of each clause
// again and again built once: its word set and its skeleton.
type cand struct {
	*frame.Doc
	stems []map[string]bool
	kins  [][]string
	skels []string
	index map[string][]int // word, name or value → clauses that hold it
	sem   *semantic        // nil: pairing by words alone
	// pairs and folded memoise, per candidate, the stem sets of two-clause
	// windows and the kin folds of atom stems.
	pairs  map[window]map[string]bool
	folded map[string]string
	// clips memoises each window's clipped-word index (clipsOf).
	clips map[window]map[string]int
	// text is the candidate's text folded (lexicon.Fold), on first need.
	text *string
	// roles are the candidate's role phrases (frame.Roles), read on first
	// need: once per candidate, not once per item judged against it.
	roles *[]frame.Role
	// partners maps each name the candidate pairs in one phrase to its
	// partners' skeletons and texts (pairedNames), built on first need.
	partners map[string]map[string]string
	// claims is set for the second pass: the clauses the first pass's
	// kept items quote, and those claimed since.
	claims *claims
}

// claims are the candidate clauses already standing for an item.
type claims struct {
	taken []bool
}

// foldedText is the candidate's text folded, once per candidate.
func (cd *cand) foldedText() string {
	if cd.text == nil {
		t := lexicon.Fold(cd.Text)
		cd.text = &t
	}
	return *cd.text
}

func newCand(d *frame.Doc) *cand {
	return &cand{Doc: d, stems: make([]map[string]bool, len(d.Clauses)), kins: make([][]string, len(d.Clauses)), skels: make([]string, len(d.Clauses))}
}

// stemsOf returns clause i's stems, words, cue stems, compounds and the
// words of its names.
func (cd *cand) stemsOf(i int) map[string]bool {
	if cd.stems[i] != nil {
		return cd.stems[i]
	}
	out := map[string]bool{}
	c := cd.Clauses[i]
	for _, p := range parts(c) {
		for k, s := range p.Stems {
			out[s] = true
			if k+1 < len(p.Stems) {
				out[s+p.Stems[k+1]] = true // "pay out" = "payout"
			}
		}
		for _, s := range p.CueStems {
			out[s] = true
		}
		for _, wd := range p.Words {
			out["="+wd] = true // the word itself, for a text stemmed in another language
		}
		for _, o := range p.Objects {
			for _, wd := range strings.FieldsFunc(o.Norm, func(r rune) bool { return r == ' ' || r == '-' || r == '_' || r == '.' || r == '/' }) {
				out[wd] = true
				out[cd.Stem(wd)] = true
			}
		}
	}
	cd.stems[i] = out
	return out
}

// skelOf returns the letters and digits of clause i, marks folded away.
func (cd *cand) skelOf(i int) string {
	if cd.skels[i] == "" {
		c := cd.Clauses[i]
		cd.skels[i] = frame.SkeletonOf(cd.Doc, c.I, c.J) + "\x00"
	}
	return cd.skels[i]
}

// qualifiers returns the condition, reason and exceptions of a clause
// (an atom of an original has no reason: atomsOf sets it apart).
func qualifiers(c frame.Clause) []frame.Part {
	var ps []frame.Part
	if c.Condition != nil {
		ps = append(ps, *c.Condition)
	}
	if c.Reason != nil {
		ps = append(ps, *c.Reason)
	}
	return append(ps, c.Exceptions...)
}

// parts returns every part of a clause: its main part, topic and
// qualifiers.
func parts(c frame.Clause) []frame.Part {
	ps := []frame.Part{c.Main}
	if c.Topic != nil {
		ps = append(ps, *c.Topic)
	}
	return append(ps, qualifiers(c)...)
}

// topicNames reports whether o is named in a topic of the window and
// nowhere else in it.
func topicNames(cd *cand, w window, o frame.Obj) bool {
	inTopic := false
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		if c.Topic != nil {
			for _, x := range c.Topic.Objects {
				if x.Skel == o.Skel && o.Skel != "" {
					inTopic = true
				}
			}
		}
		for _, p := range append([]frame.Part{c.Main}, qualifiers(c)...) {
			for _, x := range p.Objects {
				if x.Skel == o.Skel && o.Skel != "" {
					return false
				}
			}
		}
	}
	return inTopic
}

// hasObject reports whether the window names o: the same folded name, the
// same skeleton (legacy_orders = "legacy orders"), or the same number of a
// numbered thing.
func hasObject(cd *cand, w window, o frame.Obj) bool {
	return objectMatch(cd, w, o) > 0
}

// sameObject reports x and o the same name: folded alike, or of the same
// skeleton (legacy_orders and "legacy orders").
func sameObject(x, o frame.Obj) bool {
	return x.Norm == o.Norm || x.Skel == o.Skel && o.Skel != ""
}

// objectMatch is 2 when the window names o as an object (the same folded
// name or skeleton, an inflected form of it, or for a person one of the
// words of the name), 1 when o's skeleton is only found inside the
// window's text (a path that holds it), 0 when the window lacks it.
func objectMatch(cd *cand, w window, o frame.Obj) int {
	for i := w.a; i <= w.b; i++ {
		for _, p := range parts(cd.Clauses[i]) {
			for _, x := range p.Objects {
				if sameObject(x, o) || frame.Inflected(x.Skel, o.Skel) {
					return 2
				}
				if o.Type == frame.ObjName && x.Type == frame.ObjName && shareWord(x.Norm, o.Norm) {
					return 2
				}
			}
		}
	}
	if strings.HasPrefix(o.Norm, "#") || len(o.Skel) < 3 {
		return 0
	}
	if o.Type == frame.ObjName && hasWords(cd, w, o.Norm) {
		return 2 // a name written where a capital does not mark it (a list item's first word)
	}
	if o.Type == frame.ObjName && nameAcross(cd, w, o) {
		return 2 // the name in another script: Кракові for Kraków
	}
	sk := cd.skelOf(w.a)
	if w.b > w.a {
		sk = sk[:len(sk)-1] + cd.skelOf(w.b)
	}
	if o.Type != frame.ObjName && plainWord(o.Norm) && stemSet(cd, w)[cd.Stem(o.Norm)] {
		return 2 // a command's word written as a word: `plan` in "plans against prod"
	}
	if frame.ContainsWhole(sk, o.Skel) || frame.ContainsParts(sk, o.Norm) {
		return 1
	}
	if tail := frame.QualifiedTail(o.Text); tail != "" && frame.ContainsWhole(sk, frame.Skeleton(tail)) {
		return 2 // the member named alone: page_allocator for std.heap.page_allocator
	}
	if frame.ContainsPathTail(sk, o.Text) {
		return 2 // a path named by its last two segments: "Migrations 0001–0014"
	}
	return 0
}

// plainWord reports a name that is one word of letters only: a code
// span's word a summary may write inflected, in prose.
func plainWord(s string) bool {
	return utf8.RuneCountInString(s) >= 3 && !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}

// nameAcross reports a word of the window that writes a word of name o
// in another script (frame.SameNameAcrossScripts).
func nameAcross(cd *cand, w window, o frame.Obj) bool {
	for _, part := range strings.Fields(o.Norm) {
		for k := cd.Clauses[w.a].I; k < cd.Clauses[w.b].J; k++ {
			if t := cd.Toks[k]; t.Kind == lexicon.Word && frame.SameNameAcrossScripts(part, t.Norm) {
				return true
			}
		}
	}
	return false
}

// hasWords reports whether every word of a folded phrase is a token of
// the window.
func hasWords(cd *cand, w window, phrase string) bool {
	words := strings.Fields(phrase)
	found := 0
	for _, wd := range words {
		for k := cd.Clauses[w.a].I; k < cd.Clauses[w.b].J; k++ {
			if cd.Toks[k].Norm == wd {
				found++
				break
			}
		}
	}
	return len(words) > 0 && found == len(words)
}

// shareWord reports whether two names share a word of three letters or
// more: a person named in full and by surname, or in another case of a
// language that declines names: a first name alone (Katarzynie for
// Katarzyna Malinowska: frame.Declined), or the whole name word by word
// (Оксану Петрівну, Оксана Петрівна: caseEnding).
func shareWord(a, b string) bool {
	xs, ys := strings.Fields(a), strings.Fields(b)
	for _, x := range xs {
		if len([]rune(x)) < 3 {
			continue
		}
		for _, y := range ys {
			if x == y {
				return true
			}
		}
	}
	// A first name alone, declined, against the full name ("pani
	// Katarzynie" for Katarzyna Malinowska): its ending may differ by a
	// letter or two, not grow into another name (Johan is not Johanna).
	if len(xs) == 1 || len(ys) == 1 {
		for _, x := range xs {
			for _, y := range ys {
				if frame.Declined(x, y) {
					return true
				}
			}
		}
	}
	// Declined, the whole name is: each word in turn (Johan Eklund is not
	// Johanna Ek).
	if len(xs) != len(ys) || len(xs) < 2 {
		return false
	}
	for k := range xs {
		if xs[k] != ys[k] && !caseEnding(xs[k], ys[k]) {
			return false
		}
	}
	return true
}

// caseEnding reports two words that differ only in an ending of at most
// three letters after a shared start of four or more: one word declined,
// asked only of a whole name of two words or more, each word in turn.
func caseEnding(x, y string) bool {
	p, ex, ey := frame.Endings(x, y)
	return p >= 4 && ex <= 3 && ey <= 3
}

// spelled reports a count written in words in the window (frame
// Doc.Spelled) with q's value and, when both name it, q's noun.
func spelled(q frame.Quantity, cd *cand, w window) bool {
	if q.Dim != frame.DimCount && q.Dim != frame.DimNumber {
		return false
	}
	for _, x := range cd.SpelledIn(w.a, w.b) {
		if frame.CloseTo(x.Value, q.Value) && (q.Noun == "" || x.Noun == q.Noun) {
			return true
		}
	}
	return q.Op == frame.OpEq && cd.ScoresIn(w.a, w.b, q.Value)
}

// findQuant returns the index of a quantity of the window equal to q (in a
// compatible dimension); with strictOp, its op must agree too. Of several,
// it returns the closest: the same value in the same dimension before a
// bare number that could be it ("chuyền 4" beside "≤ 4 giờ/ngày"), and the
// same side of a bound before an unstated one.
func findQuant(q frame.Quantity, cd *cand, w window, strictOp bool) int {
	best, bestRank := -1, 4
	for _, qi := range cd.QuantsIn(w.a, w.b) {
		x := cd.Quants[qi]
		if !cd.Holds(q, qi, w.a, w.b) {
			continue
		}
		same := frame.Comparable(q.Dim, x.Dim) && frame.SameAmount(x.Dim, q.Value, x.Value)
		if strictOp && !opsAgree(q.Op, x.Op) {
			continue
		}
		rank := 0
		if !same {
			rank += 2
		}
		if frame.Side(q.Op) != frame.Side(x.Op) {
			rank++
		}
		if rank < bestRank {
			best, bestRank = qi, rank
		}
	}
	return best
}

// nounedBound returns the candidate's one value that restates bound q
// with the same side and the same noun ("at least one trained mechanic"),
// or -1: a bound that names what it counts is the same rule wherever the
// summary puts it. A bare value, an equality, or a value the candidate
// gives twice is not paired this way.
func nounedBound(q frame.Quantity, cd *cand) int {
	if q.Noun == "" || q.Op == frame.OpEq {
		return -1
	}
	found := -1
	for qi, x := range cd.Quants {
		if x.Noun == q.Noun && x.Op == q.Op && frame.Comparable(q.Dim, x.Dim) && frame.SameAmount(x.Dim, q.Value, x.Value) {
			if found >= 0 {
				return -1
			}
			found = qi
		}
	}
	return found
}

// monthNamed returns the clause that names a whole month (a date of day
// 0): the window's first, or a heading above it (frame.MonthAbove: "Lingua
// Viva, January term:" over "B2 groups: at most 12 students"); or a
// heading or the opening line above that holds the date itself
// (frame.DayAbove). The evidence then quotes it too; -1 when none does.
func monthNamed(cd *cand, w window, date float64) int {
	if cd.NamesMonth(cd.Clauses[w.a].I, cd.Clauses[w.b].J, date) {
		return w.a
	}
	if k := cd.MonthAbove(w.a, date); k >= 0 {
		return k
	}
	return cd.DayAbove(w.a, frame.DimDate, date) // the event's date at the text's top
}

// opsAgree: the same bound, or one side unstated.
func opsAgree(a, b string) bool {
	return a == b || a == frame.OpEq || b == frame.OpEq || frame.Side(a) == frame.Side(b)
}

// sidedBounds counts the atom's bounds the window holds with the same
// value on the same side.
func sidedBounds(od *frame.Doc, a frame.Clause, cd *cand, w window) int {
	n := 0
	for _, qi := range a.Main.Quants {
		if q := od.Quants[qi]; q.Op != frame.OpEq && findQuant(q, cd, w, true) >= 0 {
			n++
		}
	}
	return n
}

// itemBounds returns the bounds the item's text sets, in any of its
// atoms: "Open Water at most 18 m, Advanced up to 30 m" sets both. A
// status value ("the pool has 5 nodes") and a ruled-out one are none.
func itemBounds(od *frame.Doc) []frame.Quantity {
	var out []frame.Quantity
	for _, q := range od.Quants {
		if q.Op != frame.OpEq && !q.Negated {
			out = append(out, q)
		}
	}
	return out
}

// bound checks one bound of the atom against the window; own are the
// bounds its item sets, none of which is another value of the same
// limit.
func bound(q frame.Quantity, cd *cand, w window, own []frame.Quantity) (string, string) {
	// The value with the same bound first: a window that lists "≤ £2,500"
	// and "over £2.5k up to £20k" keeps a rule "above £2,500" by the
	// second.
	at := findQuant(q, cd, w, true)
	if at < 0 {
		at = findQuant(q, cd, w, false)
	}
	if at >= 0 {
		x := cd.Quants[at]
		if !opsAgree(q.Op, x.Op) {
			return fmt.Sprintf("%s became %s %s", describe(q), x.Op, x.Text), sdk.FateAltered
		}
		if q.Op != frame.OpEq && x.Op == frame.OpEq {
			// The value is there as a status; a same-kind bound with
			// another value here or in the clause after it says the
			// limit moved ("3 running now, cap raised to 6").
			// A value the rule itself sets for another case ("Open Water
			// 18 m, Advanced up to 30 m") is not the limit moved.
			for _, yi := range cd.QuantsIn(w.a, w.b+1) {
				if y := cd.Quants[yi]; frame.Comparable(q.Dim, y.Dim) && frame.Side(y.Op) == frame.Side(q.Op) && !frame.CloseTo(y.Value, q.Value) && !slices.ContainsFunc(own, func(o frame.Quantity) bool {
					return frame.CloseTo(o.Value, y.Value) && frame.Comparable(o.Dim, y.Dim) && frame.Side(o.Op) == frame.Side(y.Op)
				}) {
					return fmt.Sprintf("%s, was %s", y.Text, q.Text), sdk.FateAltered
				}
			}
		}
		return "", ""
	}
	if q.Dim == frame.DimDate && monthNamed(cd, w, q.Value) >= 0 {
		return "", "" // a whole month, named before a noun ("the January term")
	}
	if q.Dim == frame.DimWeekday && cd.DayAbove(w.a, q.Dim, q.Value) >= 0 {
		return "", "" // the event's weekday in the title over the rule ("Gara sociale — sabato 12/12")
	}
	if spelled(q, cd, w) {
		return "", "" // "two podiatrists on every Saturday" for "at least two"
	}
	for _, yi := range cd.QuantsIn(w.a, w.b) {
		if y := cd.Quants[yi]; frame.Comparable(q.Dim, y.Dim) && (q.Noun == "" || y.Noun == "" || q.Noun == y.Noun) {
			return fmt.Sprintf("%s, was %s", y.Text, q.Text), sdk.FateAltered
		}
	}
	return fmt.Sprintf("%s missing", q.Text), sdk.FateLost
}

// listReach widens w by up to k clauses on each side without crossing a
// heading: the place of a rule of k+1 values a summary split into a list
// ("Start 21:30, menu 65 €, children under 10 half price" as three
// bullets). A value found there with the rule's own side of the bound is
// the rule's.
func listReach(cd *cand, w window, k int) window {
	r := w
	for i := 0; i < k && r.a > 0 && !cd.OpensSection(r.a) && !cd.OpensSection(r.a-1); i++ {
		r.a--
	}
	for i := 0; i < k && r.b+1 < len(cd.Clauses) && !cd.OpensSection(r.b+1); i++ {
		r.b++
	}
	return r
}

// forbiddenRange reports the condition of a prohibition restated as the
// range it forbids: "do not start when the sea is under 4 °C" (a
// condition <= 4) as "no start under 4 °C", which the reader, turning
// the negation onto the bound, reads as a rule >= 4. The value stands in
// the main part of a prohibition of the window, with the other side of
// the condition's bound.
func forbiddenRange(q frame.Quantity, cd *cand, w window) bool {
	at := findQuant(q, cd, w, false)
	if at < 0 {
		return false
	}
	x := cd.Quants[at]
	c := cd.Clauses[x.Clause]
	return c.Cues&lexicon.Negation != 0 && slices.Contains(c.Main.Quants, at) && frame.Side(x.Op) == frame.Side(frame.Flip(q.Op))
}

func describe(q frame.Quantity) string {
	if q.Op == frame.OpEq {
		return q.Text
	}
	return q.Op + " " + q.Text
}

// restricts reports whether the window restricts (frame.Doc.Restricts).
func restricts(cd *cand, w window) bool { return cd.Restricts(w.a, w.b) }

// ownModality reports a clause of the window whose own words (not a
// heading's) give it modality m.
func ownModality(cd *cand, w window, m string) bool {
	if m == "" {
		return false
	}
	for i := w.a; i <= w.b; i++ {
		if cd.Clauses[i].Modality == m && cd.LentBy(i) < 0 {
			return true
		}
	}
	return false
}

// dutyByHeading reports a window that is a rule only by the heading it
// stands under ("Rules:"), with no word of its own that forbids, limits
// or qualifies: a duty, which keeps no prohibition.
func dutyByHeading(cd *cand, w window) bool {
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		if c.Modality != "" && cd.LentBy(i) < 0 {
			return false
		}
	}
	return cues(cd, w)&(lexicon.Negation|lexicon.Only|lexicon.Exception|lexicon.Condition|lexicon.Upper|lexicon.Lower) == 0
}

// core narrows a window to the clauses that hold the atom's objects or
// values, or a third of its words (of a long atom, three words and a
// quarter: "no payslip is emailed before her sign-off" states the end of
// a rule of eleven words): the restriction must be where the rule is,
// not in the clause beside it.
func core(od *frame.Doc, a frame.Clause, cd *cand, w window) window {
	lo, hi := -1, -1
	for i := w.a; i <= w.b; i++ {
		h := match(od, a, cd, window{i, i})
		if h.objs+h.quants > 0 || h.stems > 0 && (3*h.stems >= h.nStems || h.stems >= 3 && 4*h.stems >= h.nStems) {
			if lo < 0 {
				lo = i
			}
			hi = i
		}
	}
	if lo < 0 {
		return w
	}
	return window{lo, hi}
}

func cues(cd *cand, w window) lexicon.Class {
	var c lexicon.Class
	for i := w.a; i <= w.b; i++ {
		c |= cd.Clauses[i].Cues
	}
	return c
}

// modality compares the atom's modality with the window's.
func modality(od *frame.Doc, a frame.Clause, h hits, cd *cand, w window, category string, crossLang bool) (string, string) {
	wc := cues(cd, w)
	switch a.Modality {
	case frame.MustNot, frame.Only, frame.Limit, frame.Must:
		if wc&lexicon.Weaken != 0 && a.Cues&lexicon.Weaken == 0 {
			return "weakened to a preference", sdk.FateAltered
		}
		if lifted(cd, w, valuesRuledOut(od, a)) && a.Cues&lexicon.Lift == 0 {
			return "stated as lifted", sdk.FateInverted
		}
		// Across languages the words cannot be counted: a duty whose
		// every value is restated ("Request timeout: 15,000 ms" for "O
		// timeout deve ser 15 segundos") is the rule. A limit is not: a
		// status line holds its number too ("3 running now").
		// An action the person kept for themselves, or an answer that
		// refuses an offer, may be kept without a restriction
		// (frame.Doc.KeptAsOwn).
		own := od.KeptAsOwn(a, wc)
		if !own && !restricts(cd, w) && !((a.Modality == frame.Limit || a.Modality == frame.Must) && valuesAndWords(h) || a.Modality == frame.Must && crossLang && h.nQ > 0 && h.quants == h.nQ || task(a) && taskKept(h)) {
			if a.Modality == frame.MustNot {
				return "kept without its restriction", sdk.FateInverted
			}
			return "kept only as a status, not as a rule", sdk.FateAltered
		}
		if a.Modality == frame.MustNot && !own && !saysMore(od, a, cd, w) && dutyByHeading(cd, w) {
			// "Rules: - watering in full sun" makes a duty of what the
			// original forbids. A rule line with words of its own
			// ("derived roles keep their names" for "do not rename
			// derived roles") may say the ban as what stays: it is not
			// read as the duty.
			return "kept as a duty, not as a prohibition", sdk.FateInverted
		}
	case frame.Failed:
		// The cause of a failure and the failure itself may stand on two
		// lines side by side ("Cause: pid 4471 idle for 2h41m" / "The
		// retry also FAILED"): the line before or after says it failed.
		if w.a > 0 && cd.Clauses[w.a-1].Line >= cd.Clauses[w.a].Line-1 {
			wc |= cd.Clauses[w.a-1].Cues & lexicon.Failed
		}
		if w.b+1 < len(cd.Clauses) && cd.Clauses[w.b+1].Line <= cd.Clauses[w.b].Line+1 {
			wc |= cd.Clauses[w.b+1].Cues & lexicon.Failed
		}
		if category == sdk.CategoryFailedAttempt && wc&(lexicon.Failed|lexicon.Negation) == 0 {
			return "kept without saying it failed", sdk.FateLost
		}
		// A negation that is not about the attempt ("an 'account on
		// hold' notice" for "ORDER REJECTED: account on credit hold")
		// says the reason, not that the attempt failed: the window must
		// then name what failed.
		if category == sdk.CategoryFailedAttempt && wc&lexicon.Failed == 0 && !crossLang && !namesAttempt(od, a, cd, w) {
			return "kept without saying it failed", sdk.FateLost
		}
	}
	return "", ""
}

// saysMore reports a window whose clauses (not its heading) say the rule
// in words of their own: a word that is none of the atom's, and a word of
// the atom left out.
func saysMore(od *frame.Doc, a frame.Clause, cd *cand, w window) bool {
	own := map[string]bool{}
	for _, s := range viewOf(od, a).stems {
		own[s] = true
	}
	said, more := map[string]bool{}, false
	for i := w.a; i <= w.b; i++ {
		if cd.Clauses[i].Heading {
			continue
		}
		for _, s := range cd.Clauses[i].Main.Stems {
			said[s] = true
			more = more || !own[s]
		}
	}
	if !more {
		return false
	}
	// And it leaves out a word of the rule: "Rename existing derived
	// roles freely" says the rule's own action as a duty.
	for s := range own {
		if !said[s] {
			return true
		}
	}
	return false
}

// namesAttempt reports whether a clause of the window negates what
// failed: a word beside the atom's failure cue in its phrase ("ORDER" in
// "ORDER REJECTED") in a clause with a negation ("the order did not go
// through"). An atom with no such word asks nothing.
func namesAttempt(od *frame.Doc, a frame.Clause, cd *cand, w window) bool {
	head := map[string]bool{}
	for k := a.I; k < a.J; k++ {
		if od.Class(k)&lexicon.Failed == 0 {
			continue
		}
		// Two words each side, within the cue's phrase: a colon or a
		// comma ends it ("ORDER REJECTED: account on hold").
		for _, step := range []int{-1, 1} {
			for m, n := k+step, 0; m >= a.I && m < a.J && n < 2; m += step {
				t := od.Toks[m]
				if t.Kind == lexicon.Punct || t.Kind == lexicon.Newline {
					break
				}
				if t.Kind == lexicon.Word && !od.IsStop(m) && od.Class(m) == 0 {
					head[od.Stem(t.Norm)] = true
					n++
				}
			}
		}
	}
	if len(head) == 0 {
		return true
	}
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		if c.Cues&lexicon.Negation == 0 {
			continue
		}
		for k := c.I; k < c.J; k++ {
			if t := cd.Toks[k]; t.Kind == lexicon.Word && head[cd.Stem(t.Norm)] {
				return true
			}
		}
	}
	return false
}

// objects checks that every object of the atom is in the window (or the
// clause beside it) and keeps its role.
func objects(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	near := window{max(w.a-1, 0), min(w.b+1, len(cd.Clauses)-1)}
	if a.Modality == "" && len(cd.Clauses) > 0 {
		// A statement of names (no rule) keeps its names anywhere in
		// the candidate; a rule keeps them where it is stated.
		near = window{0, len(cd.Clauses) - 1}
	}
	for _, o := range a.Main.Objects {
		// A prohibition whose one object of its kind is o rules o out
		// though no negation stands right before it ("nigdy Double").
		was := ruledOut(a, o) || onlyForbidden(a, o)
		if named, out := ruledOutIn(cd, w, o, o.Negated); named && out != was && (out || o.Negated) {
			if was {
				return fmt.Sprintf("%s was ruled out, the candidate keeps it", o.Text)
			}
			return fmt.Sprintf("%s is now ruled out", o.Text)
		}
		if hasObject(cd, w, o) || hasObject(cd, near, o) || o.Negated {
			continue // (what the rule rules out may go unnamed: "Y — not the old one")
		}
		if o.Type == frame.ObjTerm {
			// A hyphenated term may be reworded; it helps pairing only.
			// But one the candidate names nowhere, with a sibling of it
			// where the rule stands ("northwind-prod" for
			// "northwind-staging"), is another thing in its place.
			if x := siblingTerm(a, cd, w, o); x != "" && !hasObject(cd, window{0, len(cd.Clauses) - 1}, o) {
				return fmt.Sprintf("%s became %s", o.Text, x)
			}
			continue
		}
		if other := sameType(od, a, cd, w, o); other != "" {
			return fmt.Sprintf("%s became %s", o.Text, other)
		}
		if len(cd.Clauses) > 0 && hasObject(cd, window{0, len(cd.Clauses) - 1}, o) {
			// Named elsewhere and nothing of its kind in its place: the
			// summary set it as the context (a tool in the goal line),
			// not swapped it.
			continue
		}
		return fmt.Sprintf("%s missing", o.Text)
	}
	return ""
}

// ruledOut reports whether clause c rules object o out: right after a
// negation beside another of its kind ("4410-2290, not 4410-2209"). The
// object of a prohibition ("never use 4410-2209") is not ruled out this
// way: a summary may restate the rule around it in many shapes.
func ruledOut(c frame.Clause, o frame.Obj) bool {
	return o.Negated
}

// ruledOutIn reports whether the window names o, and whether every
// clause that names it rules it out. With forbidding, a prohibition whose
// only name of that kind is o rules it out too ("never use 4410-2209"):
// asked only of a name the original ruled out, which a summary may
// restate as a prohibition.
func ruledOutIn(cd *cand, w window, o frame.Obj, forbidding bool) (named, out bool) {
	out = true
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		for _, x := range c.Main.Objects {
			if x.Skel == o.Skel && o.Skel != "" {
				named = true
				out = out && (ruledOut(c, x) || forbidding && onlyForbidden(c, x))
			}
		}
	}
	return named, named && out
}

// siblingTerm returns a name of window w, not one atom a names itself,
// that is a sibling of the hyphenated term o: as many parts, the same
// first part and another one after it that starts differently
// (northwind-staging and northwind-prod, eu-west-1 and eu-west-2; see
// otherParts), or "" when there is none.
func siblingTerm(a frame.Clause, cd *cand, w window, o frame.Obj) string {
	op := strings.Split(o.Norm, "-")
	if len(op) < 2 {
		return ""
	}
	own := map[string]bool{} // the atom's own names are no stand-ins
	for _, p := range parts(a) {
		for _, y := range p.Objects {
			own[y.Skel] = true
		}
	}
	for i := w.a; i <= w.b; i++ {
		for _, p := range parts(cd.Clauses[i]) {
			for _, x := range p.Objects {
				if xp := strings.Split(x.Norm, "-"); !own[x.Skel] && len(xp) == len(op) && xp[0] == op[0] && otherParts(op, xp) {
					return x.Text
				}
			}
		}
	}
	return ""
}

// otherParts reports two splits of a name whose differing parts start
// differently: other names (staging, prod; 1, 2), not two forms of one
// word (de-icing, de-ice; co-investigator, Co-I).
func otherParts(a, b []string) bool {
	for k := range a {
		if a[k] != b[k] && (a[k] == "" || b[k] == "" || a[k][0] == b[k][0]) {
			return false
		}
	}
	return true
}

// onlyForbidden reports a prohibition whose only name of x's kind is x.
func onlyForbidden(c frame.Clause, x frame.Obj) bool {
	if c.Modality != frame.MustNot {
		return false
	}
	for _, y := range c.Main.Objects {
		if y.Skel != x.Skel && y.Type == x.Type {
			return false
		}
	}
	return true
}

// topicConflict finds an object of the original's topic ("Safety brief
// for berth B4:") replaced by one of the same shape in the window ("Berth
// B6 limits:").
func topicConflict(a frame.Clause, cd *cand, w window) string {
	if a.Topic == nil {
		return ""
	}
	named := map[string]bool{}
	for _, p := range parts(a) {
		for _, o := range p.Objects {
			named[o.Skel] = true
		}
	}
	for _, o := range a.Topic.Objects {
		if o.Type == frame.ObjTerm || hasObject(cd, w, o) {
			continue
		}
		for i := w.a; i <= w.b; i++ {
			for _, p := range parts(cd.Clauses[i]) {
				for _, x := range p.Objects {
					if x.Type == o.Type && shape(x.Skel) == shape(o.Skel) && !named[x.Skel] {
						return fmt.Sprintf("%s became %s", o.Text, x.Text)
					}
				}
			}
		}
	}
	return ""
}

// shape maps letters to a and digits to 9: B4 and B6 share one.
func shape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteByte('9')
		default:
			b.WriteByte('a')
		}
	}
	return b.String()
}

// sameType returns an object of the window of o's type that the atom does
// not name: what o was replaced by.
func sameType(od *frame.Doc, a frame.Clause, cd *cand, w window, o frame.Obj) string {
	named := map[string]bool{}
	for _, x := range a.Main.Objects {
		named[x.Norm] = true
	}
	for i := w.a; i <= w.b; i++ {
		for _, x := range cd.Clauses[i].Main.Objects {
			if x.Type == o.Type && !named[x.Norm] {
				return x.Text
			}
		}
	}
	return ""
}

// qualifierKept reports whether a condition or exception survives near
// the window: half of its anchors and words, at least one.
func qualifierKept(od *frame.Doc, p frame.Part, cd *cand, w window, cue lexicon.Class) bool {
	if cue == lexicon.Exception {
		// Who or what an exception names is what it allows: "unless a
		// reviewer has approved" for "unless Ingrid has approved" widens
		// it, whatever words of its own the candidate keeps.
		for _, o := range p.Objects {
			if o.Type != frame.ObjTerm && !hasObject(cd, w, o) {
				return false
			}
		}
	}
	if cues(cd, w)&cue != 0 {
		return true // the candidate keeps a condition (an exception) of its own words
	}
	fake := frame.Clause{Main: p}
	h := match(od, fake, cd, w)
	total := h.nObjs + h.nQ + h.nStems
	if total == 0 {
		return true
	}
	got := h.objs + h.quants + h.stems
	return got > 0 && float64(got)/float64(total) >= 0.5
}

// exceptedAsCondition returns a clause of window w that allows, with no
// negation of its own, under a condition holding every exception of atom
// a by a name or a word each: the rule's exceptions made the condition of
// the bound's other side. -1 when there is none.
func exceptedAsCondition(a frame.Clause, cd *cand, w window) int {
	if len(a.Exceptions) == 0 {
		return -1
	}
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i].Condition
		if c == nil || cd.Clauses[i].Cues&lexicon.Negation != 0 {
			continue
		}
		held := true
		for _, e := range a.Exceptions {
			held = held && partsShare(e, *c)
		}
		if held {
			return i
		}
	}
	return -1
}

// partsShare reports a name or a stem that parts p and q both hold.
func partsShare(p, q frame.Part) bool {
	for _, o := range p.Objects {
		for _, x := range q.Objects {
			if sameObject(x, o) {
				return true
			}
		}
	}
	for _, s := range p.Stems {
		if slices.Contains(q.Stems, s) {
			return true
		}
	}
	return false
}

// altered looks for a clause that states the atom's objects and words
// with another value: the bound was changed, not dropped.
func altered(od *frame.Doc, a frame.Clause, cd *cand) (Verdict, bool) {
	if len(a.Main.Quants) == 0 {
		return Verdict{}, false
	}
	for _, w := range cd.windowsFor(od, a) {
		h := match(od, a, cd, w)
		if h.nObjs+h.nStems == 0 || float64(h.objs*2+h.stems)/float64(h.nObjs*2+h.nStems) < 0.6 {
			continue
		}
		for _, qi := range a.Main.Quants {
			q := od.Quants[qi]
			if findQuant(q, cd, w, false) >= 0 {
				continue
			}
			for _, yi := range cd.QuantsIn(w.a, w.b) {
				if y := cd.Quants[yi]; frame.Comparable(q.Dim, y.Dim) && q.Dim != frame.DimNumber {
					return Verdict{Fate: sdk.FateAltered, Score: 0.2, Note: fmt.Sprintf("%s, was %s", y.Text, q.Text)}, true
				}
			}
		}
	}
	return Verdict{}, false
}

// valuesAndWords: every value of the atom is in the window, and half its
// words: a limit or an obligation restated without a cue ("shelf life 30
// days, then discard"; "humidity | 45–55 %").
// task reports a duty to be done once ("We need to move the clusters
// from 3.8.0 to 3.9.0", "Il faut caler les ramonages de la semaine du 14
// décembre"): a must with no bound, "only", frequency, condition or
// exception, and no word that makes it hold at all times.
func task(a frame.Clause) bool {
	const standing = lexicon.Standing | lexicon.Per | lexicon.Every | lexicon.Only | lexicon.Upper | lexicon.Lower | lexicon.Negation | lexicon.Exception | lexicon.Condition
	return a.Modality == frame.Must && a.Cues&standing == 0 && a.Condition == nil && len(a.Exceptions) == 0
}

// taskKept reports a window that names everything a task is about, its
// names and its values, and most of its words: a summary reports a task
// as done, under way or next ("moved from 3.8.0 to 3.9.0"), not as a rule.
func taskKept(h hits) bool {
	return h.nObjs+h.nQ > 0 && h.objs == h.nObjs && h.quants == h.nQ && 2*h.stems >= h.nStems
}

func valuesAndWords(h hits) bool {
	// Both ends of a range restated ("kept between 45 % and 60 %") are
	// the rule, whatever the words around them: a status line holds one
	// reading, not the two ends of a band.
	return h.nQ > 0 && h.quants == h.nQ && (h.nStems == 0 || 2*h.stems >= h.nStems || h.nQ >= 2)
}

// roleCues are the cues a rule turns on: what stands before "never",
// "only after", "at most" is on one side of the rule, what follows on the
// other.
const roleCues = lexicon.Negation | lexicon.Only | lexicon.Upper | lexicon.Lower | lexicon.Must

// slot is where a term stands in a rule: after the first role cue or not,
// and the function word before it ("from", "to").
type slot struct {
	after bool
	prep  string
	prev  string // the word right before, when it is no function word
}

// terms maps each word and object skeleton of tokens [i, j) of d, seen
// once, to its slot.
func terms(d *frame.Doc, i, j int) map[string]slot {
	cue := -1
	for k := i; k < j; k++ {
		if d.Class(k)&roleCues != 0 {
			cue = k
			break
		}
	}
	out := map[string]slot{}
	if cue < 0 {
		return out
	}
	isObj := map[int]bool{} // names move in a reworded sentence; identifiers keep their place
	isName := map[int]bool{}
	for _, c := range d.Clauses {
		if c.J <= i || c.I >= j {
			continue
		}
		for _, p := range parts(c) {
			for _, o := range p.Objects {
				isObj[o.I] = o.Type != frame.ObjName
				isName[o.I] = o.Type == frame.ObjName
			}
		}
	}
	for k := i; k < j; k++ {
		t := d.Toks[k]
		if t.Kind != lexicon.Word || d.IsStop(k) || isName[k] {
			continue
		}
		key := lexicon.FoldMarks(t.Norm)
		if _, seen := out[key]; seen {
			continue // a word said again keeps the place it was first given
		}
		// The slot word: any function word before a name; before a plain
		// word only a cue word ("from", "to"), not an article.
		prep := ""
		if k > i && d.IsStop(k-1) && (isObj[k] || d.Class(k-1) != 0) {
			prep = d.Toks[k-1].Norm
		}
		prev := "" // the word before, when it says something ("against"), not an article
		if k > i && d.Toks[k-1].Kind == lexicon.Word && !d.IsStop(k-1) {
			prev = lexicon.FoldMarks(d.Toks[k-1].Norm)
		}
		out[key] = slot{after: k > cue, prep: prep, prev: prev}
	}
	return out
}

// sides finds two terms that changed sides of the rule in opposite
// directions from parallel slots of the original (the same function word
// before each):
// "from release/3.2, never from main" against "from main, never from
// release/3.2"; "to canary-eu, never to prod-eu" against the reverse. A
// reworded sentence that moves the subject ("us-east-1 is off-limits for
// personal data" → "personal data must never go to us-east-1") moves terms
// from different slots, and is no swap.
func sides(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	ot := terms(od, a.Main.I, a.Main.J)
	ct := terms(cd.Doc, cd.Clauses[w.a].I, cd.Clauses[w.b].J)
	// A term that crossed to the other side where the original's term is
	// gone took its place: "against prod only after the staging
	// rehearsal" → "against staging only after the rehearsal".
	for _, k1 := range sortedKeys(ot) {
		s1 := ot[k1]
		c1, ok := ct[k1]
		if !ok || c1.after == s1.after {
			continue
		}
		for _, k2 := range sortedKeys(ot) {
			s2 := ot[k2]
			if _, kept := ct[k2]; kept || k2 == k1 || s2.after != c1.after || s2.prev == "" || s2.prev != c1.prev {
				continue
			}
			return fmt.Sprintf("%s took the place of %s", k1, k2)
		}
	}
	for _, k1 := range sortedKeys(ot) {
		s1 := ot[k1]
		c1, ok := ct[k1]
		if !ok || c1.after == s1.after || s1.prep == "" || s1.after {
			continue
		}
		for _, k2 := range sortedKeys(ot) {
			s2 := ot[k2]
			c2, ok := ct[k2]
			if !ok || k2 == k1 || !s2.after || c2.after || s2.prep != s1.prep {
				continue
			}
			return fmt.Sprintf("%s and %s swapped sides of the rule", k1, k2)
		}
	}
	return ""
}

// objectPolarity: an object the atom allows only ("only eu-west-1") must
// not sit in a forbidding clause of the candidate, and an object it
// forbids must not sit in an allowing one.
func objectPolarity(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	for _, o := range a.Main.Objects {
		if !governed(od, o.I, lexicon.Negation|lexicon.Only) {
			continue // not the name the rule forbids or allows ("…, go through Claire Mounier")
		}
		if a.Modality == frame.MustNot && governed(od, o.I, lexicon.Negation) {
			if other := forbidsAnother(cd, w, o); other != "" {
				return fmt.Sprintf("%s is forbidden in the original; the candidate forbids %s and names %s without a restriction", o.Text, other, o.Text)
			}
		}
		for i := w.a; i <= w.b; i++ {
			c := cd.Clauses[i]
			if !hasObject(cd, window{i, i}, o) || topicNames(cd, window{i, i}, o) {
				continue // a heading's name ("UN3480: freighters only") is what the rule is about, not what it allows
			}
			switch {
			case len(a.Exceptions) > 0 || len(c.Exceptions) > 0:
			case a.Modality == frame.MustNot && a.Condition != nil:
				// A prohibition under its condition is the "only" of the
				// other side: "no new dependencies without approval" is
				// "new dependencies only with approval".
			case a.Modality == frame.Only && c.Modality == frame.MustNot && c.Cues&lexicon.Only == 0 && governsObject(cd, c, o, lexicon.Negation):
				return fmt.Sprintf("%s is the only one allowed in the original, forbidden in the candidate", o.Text)
			case a.Modality == frame.MustNot && c.Modality == frame.Only && c.Cues&lexicon.Negation == 0 && governsObject(cd, c, o, lexicon.Only):
				return fmt.Sprintf("%s is forbidden in the original, the only one allowed in the candidate", o.Text)
			}
		}
	}
	return ""
}

// forbidsAnother returns the name of o's kind that a forbidding clause of
// the window rules out in o's place, when every clause of the window that
// names o forbids nothing: "do not send it to Johan Eklund" restated as
// "address it to Johan Eklund. Do not send it to Johanna Ek". "" when o
// is still under a restriction, or no other name took its place.
func forbidsAnother(cd *cand, w window, o frame.Obj) string {
	named := false
	for i := w.a; i <= w.b; i++ {
		if c := cd.Clauses[i]; hasObject(cd, window{i, i}, o) {
			// A clause that forbids it, or binds it by a duty of its own
			// ("react-native-maps remains pinned at 1.18.0"), states the
			// rule about it; a bare mention or a permission ("may be
			// deleted after 14 days") trades it for another.
			if c.Modality == frame.MustNot || c.Cues&lexicon.Negation != 0 || c.Modality == frame.Must && cd.LentBy(i) < 0 {
				return ""
			}
			named = true
		}
	}
	if !named {
		return ""
	}
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		if c.Modality != frame.MustNot {
			continue
		}
		for _, x := range c.Main.Objects {
			if x.Skel != o.Skel && x.Type == o.Type && governsObject(cd, c, x, lexicon.Negation) {
				return x.Text
			}
		}
	}
	return ""
}

// governsObject reports a cue of class cl governing object o where
// candidate clause c names it: before it, or after it with no comma
// between ("eu-west-1 stays off-limits", a verb-final clause). "Via their
// public entry (@acme/ui), never their src/" forbids src/, not @acme/ui.
func governsObject(cd *cand, c frame.Clause, o frame.Obj, cl lexicon.Class) bool {
	for _, x := range c.Main.Objects {
		if x.Skel != o.Skel {
			continue
		}
		if governed(cd.Doc, x.I, cl) {
			return true
		}
		for k := x.I + 1; k < c.J; k++ {
			if t := cd.Toks[k]; t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == ";" || t.Norm == "，" || t.Norm == "、") {
				return false
			}
			if cd.Class(k)&cl != 0 {
				return true
			}
		}
		return false
	}
	return true
}

// lifted reports a clause of the window that says a rule was lifted and
// states no rule itself ("the freeze was lifted"; not "NGC 3114 removed,
// targets must be ≥ 30° from the Moon").
func lifted(cd *cand, w window, out []frame.Quantity) bool {
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		if c.Cues&lexicon.Lift != 0 && c.Cues&(lexicon.Negation|lexicon.Only|lexicon.Must|lexicon.Upper|lexicon.Lower) == 0 && c.Modality == "" && !liftsOnly(cd, i, out) {
			return true
		}
	}
	return false
}

// valuesRuledOut returns the values atom a rules out ("£18.50 per run, not £18
// like last year").
func valuesRuledOut(od *frame.Doc, a frame.Clause) []frame.Quantity {
	var out []frame.Quantity
	for _, qi := range a.Main.Quants {
		if q := od.Quants[qi]; q.Negated {
			out = append(out, q)
		}
	}
	return out
}

// liftsOnly reports a lifting clause i whose values are all values the
// rule itself rules out: "(last year's GBP 18 no longer applies)" ends
// the old fee, not the rule that sets the new one.
func liftsOnly(cd *cand, i int, out []frame.Quantity) bool {
	qs := cd.QuantsIn(i, i)
	if len(qs) == 0 || len(out) == 0 {
		return false
	}
	for _, qi := range qs {
		x, found := cd.Quants[qi], false
		for _, q := range out {
			if frame.Comparable(q.Dim, x.Dim) && frame.SameAmount(x.Dim, q.Value, x.Value) {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// roles maps each word of a segment (a stretch between commas,
// semicolons and clause ends) that names exactly one object to that
// object: in "pg-eu-01 ist der Primary, pg-eu-02 die Replica" primary
// goes with pg-eu-01 and replica with pg-eu-02, whichever side the word
// stands on.
func roles(d *frame.Doc, i, j int) map[string]string {
	objAt := map[int]string{}
	for _, c := range d.Clauses {
		if c.J <= i || c.I >= j {
			continue
		}
		for _, p := range parts(c) {
			for _, o := range p.Objects {
				if o.Type != frame.ObjName {
					objAt[o.I] = o.Skel
				}
			}
		}
	}
	out := map[string]string{}
	clash := map[string]bool{}
	flush := func(from, to int) {
		obj, n := "", 0
		for k := from; k < to; k++ {
			if s, ok := objAt[k]; ok && s != obj {
				obj, n = s, n+1
			}
		}
		if n != 1 {
			return
		}
		for k := from; k < to; k++ {
			t := d.Toks[k]
			if _, isObj := objAt[k]; isObj || t.Kind != lexicon.Word || d.IsStop(k) {
				continue
			}
			w := lexicon.FoldMarks(t.Norm)
			if prev, ok := out[w]; ok && prev != obj {
				clash[w] = true
			}
			out[w] = obj
		}
	}
	start := i
	for k := i; k < j; k++ {
		if t := d.Toks[k]; t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == ";") {
			flush(start, k)
			start = k + 1
		}
	}
	flush(start, j)
	for w := range clash {
		delete(out, w)
	}
	return out
}

// segmentRoles finds a role word that went from one object of the atom
// to another: primary and replica swapped between pg-eu-01 and pg-eu-02.
func segmentRoles(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	or := roles(od, a.I, a.J)
	if len(or) == 0 {
		return ""
	}
	objs := map[string]bool{}
	for _, o := range a.Main.Objects {
		objs[o.Skel] = true
	}
	text := map[string]string{}
	for _, o := range a.Main.Objects {
		text[o.Skel] = o.Text
	}
	cr := roles(cd.Doc, cd.Clauses[w.a].I, cd.Clauses[w.b].J)
	for _, word := range sortedKeys(or) {
		o := or[word]
		if x, ok := cr[word]; ok && x != o && objs[x] {
			return fmt.Sprintf("%s now stands for %s, not %s", word, text[x], text[o])
		}
	}
	return ""
}

// prepositionRoles finds two names of the atom that traded the function
// words before them: "move the replicas from k8s-w07 to k8s-w11" restated
// as "from k8s-w11 to k8s-w07", "de staging a prod" as "de prod a
// staging". Source and target, sender and receiver swap so in every
// language that writes its prepositions before the name. A name the
// summary writes without one keeps no role to compare.
func prepositionRoles(od *frame.Doc, a frame.Clause, cd *cand, w window) string {
	before := func(d *frame.Doc, k, from int) string {
		if k > from && d.IsStop(k-1) {
			return lexicon.FoldMarks(d.Toks[k-1].Norm)
		}
		return ""
	}
	type named struct{ skel, text, prep string }
	var orig []named
	for _, o := range a.Main.Objects {
		if p := before(od, o.I, a.Main.I); p != "" && o.Skel != "" {
			orig = append(orig, named{o.Skel, o.Text, p})
		}
	}
	if len(orig) < 2 {
		return ""
	}
	preps := map[string]map[string]bool{} // the candidate's names → the words before them
	for i := w.a; i <= w.b; i++ {
		c := cd.Clauses[i]
		for _, p := range parts(c) {
			for _, o := range p.Objects {
				if preps[o.Skel] == nil {
					preps[o.Skel] = map[string]bool{}
				}
				preps[o.Skel][before(cd.Doc, o.I, c.I)] = true
			}
		}
	}
	for _, x := range orig {
		for _, y := range orig {
			if x.skel == y.skel || x.prep == y.prep {
				continue
			}
			px, py := preps[x.skel], preps[y.skel]
			if px[y.prep] && !px[x.prep] && py[x.prep] && !py[y.prep] {
				return fmt.Sprintf("%s and %s swapped places (%s %s, %s %s)", x.text, y.text, x.prep, x.text, y.prep, y.text)
			}
		}
	}
	return ""
}

// sortedKeys returns m's keys in order, so that a note names the same
// pair on every run.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// governed reports a cue of class c before token k with no comma, dash or
// clause end between: the name a negation or an "only" is about ("only
// ever use the bucket in eu-west-1"; not "do not call the farmer, go
// through Claire Mounier").
func governed(d *frame.Doc, k int, c lexicon.Class) bool {
	for b := k - 1; b >= 0; b-- {
		// A name in parentheses is an aside ("never npm or yarn (the
		// lockfile is pnpm-lock.yaml)"): the cue before it is not its.
		if t := d.Toks[b]; t.Kind == lexicon.Newline || t.Kind == lexicon.Punct && (t.Norm == "," || t.Norm == ";" || t.Norm == "." || t.Norm == "，" || t.Norm == "(" || t.Norm == "（" || t.Norm == "—" || t.Norm == "–") {
			return false
		}
		if d.Class(b)&c != 0 {
			return true
		}
	}
	return false
}
