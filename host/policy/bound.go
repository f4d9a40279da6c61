package policy

import "context"

// Bound is the worst-case retained tokens of a policy on one view: the
// number the guard compares with the budget for a structural edit
// (invariant 2), with the per-category terms that explain it.
type Bound struct {
	// WorstCase is the sum of the categories' CountedTokens. A span that
	// two categories match counts in both, so the bound holds for any
	// scores and any overlap.
	WorstCase int
	// TopK is top_k as evaluated for the context.
	TopK        int
	PerCategory []CategoryBound
}

// CategoryBound is one category's term of a Bound.
type CategoryBound struct {
	Name string
	Cap  int
	// MatchedSpans and MatchedTokens count every span the category matches.
	MatchedSpans  int
	MatchedTokens int
	// TopKTokens is the tokens of the top_k largest matching spans: the
	// most top_k spans can hold whatever the scores.
	TopKTokens int
	// CountedTokens is min(Cap, TopKTokens), the category's share of the
	// bound.
	CountedTokens int
}

// SumOfCaps is the bound a policy has on any view: the sum of its caps.
func (p *Policy) SumOfCaps() int {
	n := 0
	for _, c := range p.Categories {
		n += c.Cap
	}
	return n
}

// WorstCase derives the worst-case retained tokens of the policy on view:
// over the union of categories, the sum per category of min(cap, tokens of
// its top_k largest matching spans). It evaluates every category's match on
// every span (never the scores: the bound must hold whatever they are) and
// keeps a bounded heap of top_k sizes per category, so it runs in
// O(spans × categories × log top_k).
//
// Any evaluation failure is an error (fail closed): a policy whose bound
// cannot be derived is not verified. The error is an *EvalError or wraps
// ErrInvalidView or ErrNotCompiled.
func (p *Policy) WorstCase(view []Span, ctx Context) (Bound, error) {
	return p.WorstCaseContext(context.Background(), view, ctx)
}

// WorstCaseContext is WorstCase stopped when done is: it then returns an
// *EvalError wrapping ErrDeadline, never a partial bound.
func (p *Policy) WorstCaseContext(done context.Context, view []Span, ctx Context) (Bound, error) {
	k, err := p.TopKFor(ctx)
	if err != nil {
		return Bound{}, err
	}
	b := Bound{TopK: k, PerCategory: make([]CategoryBound, len(p.Categories))}
	for j, c := range p.Categories {
		b.PerCategory[j] = CategoryBound{Name: c.Name, Cap: c.Cap}
	}
	// Each chunk counts into its own partial bound; merged below.
	type partial struct {
		spans, tokens []int
		heaps         []minHeap
	}
	parts := make([]partial, len(chunkBounds(done, len(view))))
	err = p.forChunks(done, len(view), ctx, func(ev *evaluator, chunk, lo, hi int) error {
		pt := partial{
			spans:  make([]int, len(p.Categories)),
			tokens: make([]int, len(p.Categories)),
			heaps:  make([]minHeap, len(p.Categories)),
		}
		for j := range pt.heaps {
			pt.heaps[j] = make(minHeap, 0, min(k, 64))
		}
		// The bound counts what matches whatever its score, so no score
		// is evaluated.
		err := ev.eachMatch(view, lo, hi, false, func(i, j int, _ float64) {
			t := view[i].Tokens
			pt.spans[j]++
			pt.tokens[j] += t
			pt.heaps[j].pushBounded(t, k)
		})
		parts[chunk] = pt
		return err
	})
	if err != nil {
		return Bound{}, err
	}
	heaps := make([]minHeap, len(p.Categories))
	for j := range heaps {
		heaps[j] = parts[0].heaps[j]
		for _, pt := range parts[1:] {
			for _, t := range pt.heaps[j] {
				heaps[j].pushBounded(t, k)
			}
		}
		for _, pt := range parts {
			b.PerCategory[j].MatchedSpans += pt.spans[j]
			b.PerCategory[j].MatchedTokens += pt.tokens[j]
		}
	}
	for j := range b.PerCategory {
		cb := &b.PerCategory[j]
		for _, t := range heaps[j] {
			cb.TopKTokens += t
		}
		cb.CountedTokens = min(cb.Cap, cb.TopKTokens)
		b.WorstCase += cb.CountedTokens
	}
	return b, nil
}

// minHeap keeps the k largest values pushed: its root is the smallest of
// them, replaced when a larger one arrives.
type minHeap []int

func (h *minHeap) pushBounded(v, k int) {
	s := *h
	if len(s) < k {
		s = append(s, v)
		for i := len(s) - 1; i > 0; {
			parent := (i - 1) / 2
			if s[parent] <= s[i] {
				break
			}
			s[parent], s[i] = s[i], s[parent]
			i = parent
		}
		*h = s
		return
	}
	if len(s) == 0 || v <= s[0] {
		return
	}
	s[0] = v
	for i := 0; ; {
		l, r, small := 2*i+1, 2*i+2, i
		if l < len(s) && s[l] < s[small] {
			small = l
		}
		if r < len(s) && s[r] < s[small] {
			small = r
		}
		if small == i {
			break
		}
		s[i], s[small] = s[small], s[i]
		i = small
	}
}
