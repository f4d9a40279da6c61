package guard

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/compactguard/compactguard/host/ledger"
)

// TestAnnouncedWorkIsDoneWithTheNextDeferredPiece: work announced with
// soon is done in the same batch as the next piece a pass defers, so the
// step that asks for it later finds its answer without a pass of its
// own; unannounced, it costs one. A panic in an announced piece is that
// piece's answer (the step that asks for it gets an error and the
// decision fails closed), not the end of the process.
func TestAnnouncedWorkIsDoneWithTheNextDeferredPiece(t *testing.T) {
	tests := []struct {
		name      string
		announce  bool
		panics    bool
		wantRuns  int32 // runs of the update's function: prepare passes and the commit
		wantError string
	}{
		{name: "announced", announce: true, wantRuns: 3},
		{name: "not announced (control)", announce: false, wantRuns: 4},
		{name: "announced piece panics", announce: true, panics: true, wantRuns: 3, wantError: "panicked: boom"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.session(t, "s")
			var runs, doneA, doneB atomic.Int32
			workA := func(context.Context) (string, error) {
				doneA.Add(1)
				if tt.panics {
					panic("boom")
				}
				return "a", nil
			}
			workB := func(context.Context) (string, error) { doneB.Add(1); return "b", nil }
			var gotErr error
			err := f.g.update(f.ctx, tenant, "s", func(ctx context.Context, tx ledger.Tx) error {
				runs.Add(1)
				if tt.announce {
					soon(ctx, f.g, "A", workA)
				}
				if _, err := outside(ctx, f.g, "B", workB); err != nil {
					return err
				}
				a, err := outside(ctx, f.g, "A", workA)
				if isDeferred(err) {
					return err
				}
				gotErr = err
				if err == nil && a != "a" {
					t.Errorf("A answered %q", a)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := runs.Load(); got != tt.wantRuns {
				t.Errorf("the update ran its function %d times, want %d", got, tt.wantRuns)
			}
			if doneA.Load() != 1 || doneB.Load() != 1 {
				t.Errorf("work done A %d, B %d times; want once each", doneA.Load(), doneB.Load())
			}
			switch {
			case tt.wantError == "" && gotErr != nil:
				t.Errorf("A answered error %v", gotErr)
			case tt.wantError != "" && (gotErr == nil || !strings.Contains(gotErr.Error(), tt.wantError)):
				t.Errorf("A answered error %v, want one saying %q", gotErr, tt.wantError)
			}
		})
	}
}

// TestAnnouncingAnsweredWorkDoesNothing: work already answered in this
// update, or announced twice, is not done again.
func TestAnnouncingAnsweredWorkDoesNothing(t *testing.T) {
	f := newFixture(t)
	f.session(t, "s")
	var done atomic.Int32
	work := func(context.Context) (int, error) { done.Add(1); return 1, nil }
	err := f.g.update(f.ctx, tenant, "s", func(ctx context.Context, tx ledger.Tx) error {
		soon(ctx, f.g, "W", work)
		soon(ctx, f.g, "W", work)
		if _, err := outside(ctx, f.g, "W", work); err != nil {
			return err
		}
		soon(ctx, f.g, "W", work)
		_, err := outside(ctx, f.g, "other", func(context.Context) (int, error) { return 0, errors.New("an answer that is an error") })
		if isDeferred(err) {
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if done.Load() != 1 {
		t.Errorf("work done %d times, want once", done.Load())
	}
}
