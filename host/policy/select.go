package policy

import (
	"context"
	"fmt"
	"sort"
)

// Selection is what a policy retains of a view.
type Selection struct {
	// Retained holds the ids of the retained spans, in view order.
	Retained []string
	// Tokens is the retained tokens, each span counted once even when two
	// categories keep it. It never exceeds the policy's WorstCase on the
	// same view and context.
	Tokens int
	// PerCategory is the tokens each category retained (a span kept by two
	// categories counts in both); each is at most the category's cap.
	PerCategory map[string]int
}

// candidate is a span a category matches, with its score.
type candidate struct {
	index int
	score float64
}

// Select applies the policy to view. Per category, the matching spans are
// ranked by score (highest first), ties broken by recency (newest first),
// then turn (latest first), then view order (earliest first), so the
// result is deterministic. Walking that ranking, a category takes a span
// unless taking it would exceed the category's cap (then it skips it and
// goes on), and stops after top_k spans: a cap is never exceeded. The
// retained set is the union over categories.
//
// Scores are validated as they are evaluated: a score that is not a number
// in [0,1] is an error wrapping ErrInvalidScore, and nothing is selected.
// Duplicate span ids are an error (ErrInvalidView): the result names spans
// by id.
func (p *Policy) Select(view []Span, ctx Context) (Selection, error) {
	return p.SelectContext(context.Background(), view, ctx)
}

// SelectContext is Select stopped when done is: it then returns an
// *EvalError wrapping ErrDeadline and selects nothing.
func (p *Policy) SelectContext(done context.Context, view []Span, ctx Context) (Selection, error) {
	k, err := p.TopKFor(ctx)
	if err != nil {
		return Selection{}, err
	}
	seen := make(map[string]struct{}, len(view))
	for i := range view {
		if _, dup := seen[view[i].ID]; dup {
			return Selection{}, fmt.Errorf("%w: span id %q appears twice", ErrInvalidView, view[i].ID)
		}
		seen[view[i].ID] = struct{}{}
	}
	// Each chunk collects its own candidates; concatenated in chunk order
	// they are in view order, as a sequential scan would leave them.
	parts := make([][][]candidate, len(chunkBounds(done, len(view))))
	err = p.forChunks(done, len(view), ctx, func(ev *evaluator, chunk, lo, hi int) error {
		cands := make([][]candidate, len(p.Categories))
		err := ev.eachMatch(view, lo, hi, true, func(i, j int, sc float64) {
			cands[j] = append(cands[j], candidate{index: i, score: sc})
		})
		parts[chunk] = cands
		return err
	})
	if err != nil {
		return Selection{}, err
	}
	cands := make([][]candidate, len(p.Categories))
	for _, part := range parts {
		for j := range cands {
			cands[j] = append(cands[j], part[j]...)
		}
	}

	retained := make([]bool, len(view))
	sel := Selection{PerCategory: make(map[string]int, len(p.Categories))}
	for j, c := range p.Categories {
		cs := cands[j]
		sort.Slice(cs, func(a, b int) bool { return ranksBefore(view, cs[a], cs[b]) })
		used, taken := 0, 0
		for _, cd := range cs {
			if taken == k {
				break
			}
			t := view[cd.index].Tokens
			if used+t > c.Cap {
				continue
			}
			used += t
			taken++
			retained[cd.index] = true
		}
		sel.PerCategory[c.Name] = used
	}
	for i, r := range retained {
		if r {
			sel.Retained = append(sel.Retained, view[i].ID)
			sel.Tokens += view[i].Tokens
		}
	}
	return sel, nil
}

// ranksBefore is Select's ranking: score desc, recency desc, turn desc,
// view order asc.
func ranksBefore(view []Span, a, b candidate) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	sa, sb := &view[a.index], &view[b.index]
	if sa.Recency != sb.Recency {
		return sa.Recency > sb.Recency
	}
	if sa.Turn != sb.Turn {
		return sa.Turn > sb.Turn
	}
	return a.index < b.index
}

// CheckScores is the check a score-only edit must pass (invariant 2): top_k
// is a constant (else an error wrapping ErrTopKNotConstant), and on every
// span of view each category's match evaluates and, where it matches, its
// score is a number in [0,1] (else an *EvalError wrapping ErrInvalidScore
// or ErrEvaluation, naming the category, the span and the value).
func (p *Policy) CheckScores(view []Span, ctx Context) error {
	return p.CheckScoresContext(context.Background(), view, ctx)
}

// CheckScoresContext is CheckScores stopped when done is, with an
// *EvalError wrapping ErrDeadline.
func (p *Policy) CheckScoresContext(done context.Context, view []Span, ctx Context) error {
	if p == nil || p.c == nil {
		return ErrNotCompiled
	}
	if !p.TopKConstant {
		return &EvalError{Policy: p.Name, Attribute: "top_k", Value: p.TopKSource,
			Detail: "top_k references context, so the selection grows with the context; make it a constant", Err: ErrTopKNotConstant}
	}
	return p.forChunks(done, len(view), ctx, func(ev *evaluator, _, lo, hi int) error {
		// Evaluating a score checks it; the value is not wanted.
		return ev.eachMatch(view, lo, hi, true, func(int, int, float64) {})
	})
}
