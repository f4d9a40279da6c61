package framejudge

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
)

func TestEachVisitsEveryIndexOnce(t *testing.T) {
	for _, workers := range []int{1, 3, 8, 100} {
		var visits [50]atomic.Int32
		var bad atomic.Bool
		if err := each(context.Background(), workers, len(visits), func(w, i int) {
			if w < 0 || w >= workers {
				bad.Store(true)
			}
			visits[i].Add(1)
		}); err != nil {
			t.Fatal(err)
		}
		for i := range visits {
			if n := visits[i].Load(); n != 1 {
				t.Fatalf("workers %d: index %d visited %d times", workers, i, n)
			}
		}
		if bad.Load() {
			t.Fatalf("workers %d: a goroutine number out of range", workers)
		}
	}
}

func TestEachRaisesAPanicOnTheCaller(t *testing.T) {
	for _, workers := range []int{1, 4} {
		func() {
			defer func() {
				p, _ := recover().(string)
				if !strings.HasPrefix(p, "boom") || workers > 1 && !strings.Contains(p, "worker stack:") {
					t.Fatalf("workers %d: recovered %q, want the panic of fn (with the worker's stack when fn ran on one)", workers, p)
				}
			}()
			_ = each(context.Background(), workers, 10, func(_, i int) {
				if i == 7 {
					panic("boom")
				}
			})
		}()
	}
}

func TestEachStopsOnACancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, workers := range []int{1, 4} {
		var calls atomic.Int32
		if err := each(ctx, workers, 10, func(_, _ int) { calls.Add(1) }); err == nil || calls.Load() != 0 {
			t.Fatalf("workers %d: err %v after %d calls, want the context's error and none", workers, err, calls.Load())
		}
	}
}
