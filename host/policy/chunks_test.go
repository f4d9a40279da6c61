package policy

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"testing"
)

// TestChunkBounds pins how a view is cut for parallel evaluation: one
// chunk per worker, no more workers than GOMAXPROCS or than the
// context's WithMaxWorkers bound, and none smaller than minChunk.
func TestChunkBounds(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	tests := []struct {
		n          int
		maxWorkers int // WithMaxWorkers; 0: none
		want       int // chunks
	}{
		{0, 0, 1}, {10, 0, 1}, {minChunk * 2, 0, 2}, {minChunk*3 + 5, 0, 3}, {minChunk * 100, 0, 4},
		{minChunk * 100, 1, 1}, {minChunk * 100, 2, 2}, {minChunk * 100, 8, 4}, {10, 2, 1}, {minChunk * 100, -1, 4},
	}
	for _, tt := range tests {
		ctx := context.Background()
		if tt.maxWorkers != 0 {
			ctx = WithMaxWorkers(ctx, tt.maxWorkers)
		}
		b := chunkBounds(ctx, tt.n)
		if len(b) != tt.want {
			t.Errorf("chunkBounds(%d, max workers %d) has %d chunks, want %d", tt.n, tt.maxWorkers, len(b), tt.want)
		}
		next := 0
		for _, c := range b {
			if c[0] != next || c[1] < c[0] {
				t.Fatalf("chunkBounds(%d) = %v: not contiguous", tt.n, b)
			}
			next = c[1]
		}
		if next != tt.n {
			t.Errorf("chunkBounds(%d) covers %d spans", tt.n, next)
		}
	}
}

// TestChunkedMatchesSequential checks the parallel scan against a plain
// sequential derivation of the bound and of the selection on a view large
// enough to be split.
func TestChunkedMatchesSequential(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3))
	p := mustParse(t, benchPolicy)
	view := benchView(5000)
	ctx := Context{Turn: 500}
	if len(chunkBounds(context.Background(), len(view))) < 2 {
		t.Fatal("view not split; the test would not exercise the parallel path")
	}
	b, err := p.WorstCase(view, ctx)
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := p.newEvaluator(nil, ctx)
	k := p.TopK
	want := 0
	for j, c := range p.Categories {
		var toks []int
		for i := range view {
			ev.setSpan(&view[i])
			if ok, err := ev.match(c); err != nil {
				t.Fatal(err)
			} else if ok {
				toks = append(toks, view[i].Tokens)
			}
		}
		sort.Sort(sort.Reverse(sort.IntSlice(toks)))
		top := 0
		for _, x := range toks[:min(k, len(toks))] {
			top += x
		}
		if got := b.PerCategory[j]; got.MatchedSpans != len(toks) || got.TopKTokens != top {
			t.Errorf("category %s: %+v, want %d spans, top_k tokens %d", c.Name, got, len(toks), top)
		}
		want += min(top, c.Cap)
	}
	if b.WorstCase != want {
		t.Errorf("WorstCase %d, want %d", b.WorstCase, want)
	}

	sel, err := p.Select(view, ctx)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GOMAXPROCS(1)
	seq, err := p.Select(view, ctx)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(sel.Retained, ",") != strings.Join(seq.Retained, ",") || sel.Tokens != seq.Tokens {
		t.Errorf("parallel and sequential selections differ: %d vs %d tokens", sel.Tokens, seq.Tokens)
	}
	if sel.Tokens > b.WorstCase {
		t.Errorf("Select %d > WorstCase %d", sel.Tokens, b.WorstCase)
	}
}

// TestChunkedFirstError: with failures in several chunks, the error is
// the first failing span's, as a sequential scan reports it.
func TestChunkedFirstError(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	p := mustParse(t, policyWith(`top_k = 3
  category "c" {
    match = span.tags[0] == "x"
    cap   = 100
    score = 1
  }`))
	view := make([]Span, minChunk*4)
	for i := range view {
		view[i] = Span{ID: fmt.Sprintf("s%d", i), Tags: []string{"x"}}
	}
	view[len(view)-1].Tags = nil // last chunk
	view[minChunk+7].Tags = nil  // second chunk: the first failure
	for _, run := range []func() error{
		func() error { _, err := p.WorstCase(view, Context{}); return err },
		func() error { _, err := p.Select(view, Context{}); return err },
		func() error { return p.CheckScores(view, Context{}) },
	} {
		err := run()
		var ee *EvalError
		if !errors.As(err, &ee) || ee.Span != fmt.Sprintf("s%d", minChunk+7) {
			t.Errorf("error %v, want one on span s%d", err, minChunk+7)
		}
	}
}
