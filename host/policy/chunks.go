package policy

import (
	"context"
	"runtime"
	"sync"
)

// minChunk is the fewest spans worth a goroutine of their own: below it
// the goroutine costs more than the expressions it evaluates.
const minChunk = 1024

// maxWorkersKey carries WithMaxWorkers's bound in a context.
type maxWorkersKey struct{}

// WithMaxWorkers bounds the goroutines an evaluation under ctx may run at
// once to n (n <= 0: no bound of its own). Without it a large view is
// evaluated on every CPU at once; the host gives a tenant that is using
// more than its part of the CPUs while other tenants work only its share
// of them (host/guard, fair.go). The bound changes how the view is cut,
// never the result: chunks merge exactly as a sequential scan.
func WithMaxWorkers(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, maxWorkersKey{}, n)
}

// chunkBounds splits n spans into contiguous chunks, one per worker, at
// most GOMAXPROCS of them (and at most done's WithMaxWorkers bound), and
// none smaller than minChunk.
func chunkBounds(done context.Context, n int) [][2]int {
	limit := runtime.GOMAXPROCS(0)
	if m, ok := done.Value(maxWorkersKey{}).(int); ok && m > 0 {
		limit = min(limit, m)
	}
	workers := min(limit, n/minChunk)
	if workers < 1 {
		workers = 1
	}
	out := make([][2]int, workers)
	for w := range out {
		out[w] = [2]int{n * w / workers, n * (w + 1) / workers}
	}
	return out
}

// forChunks evaluates the view in contiguous chunks, in parallel when it
// is large, each chunk with its own evaluator (an EvalContext is not
// shared between goroutines), each evaluator watching done (see
// evaluator.next). fn is called once per chunk with its index and
// bounds. It returns the error of the earliest failing chunk; as each chunk
// stops at its first failing span, that is the error of the first failing
// span in view order, exactly as a sequential scan would report it.
func (p *Policy) forChunks(done context.Context, n int, ctx Context, fn func(ev *evaluator, chunk, lo, hi int) error) error {
	bounds := chunkBounds(done, n)
	evs := make([]*evaluator, len(bounds))
	for i := range evs {
		ev, err := p.newEvaluator(done, ctx)
		if err != nil {
			return err
		}
		evs[i] = ev
	}
	if len(bounds) == 1 {
		return fn(evs[0], 0, bounds[0][0], bounds[0][1])
	}
	errs := make([]error, len(bounds))
	var wg sync.WaitGroup
	for i, b := range bounds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = fn(evs[i], i, b[0], b[1])
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// eachMatch walks view[lo:hi] with ev, span by span in view order, and
// calls fn with the span's index i and the category's index j wherever a
// category of the policy matches; with scored, each such category's score
// is evaluated (and so checked) and passed on, else it is 0. It stops at
// the first failing span, as Select, CheckScores and WorstCase all do.
func (ev *evaluator) eachMatch(view []Span, lo, hi int, scored bool, fn func(i, j int, score float64)) error {
	for i := lo; i < hi; i++ {
		if err := ev.next(&view[i]); err != nil {
			return err
		}
		for j, c := range ev.p.Categories {
			ok, err := ev.match(c)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			var sc float64
			if scored {
				if sc, err = ev.score(c); err != nil {
					return err
				}
			}
			fn(i, j, sc)
		}
	}
	return nil
}
