package framejudge

import (
	"context"
	"fmt"
	"maps"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

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
	// no clause states by its words: the second pass may give it a clause
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
