package guard

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/ledger/sqlstore"
	"github.com/compactguard/compactguard/host/tokens"
	"github.com/compactguard/compactguard/sdk"
)

// gatedScorer is substringScorer whose Score, once armed, reports that it
// was entered and waits for the gate to open: a scorer call that takes as
// long as the test wants.
type gatedScorer struct {
	substringScorer
	armed   atomic.Bool
	entered chan struct{}
	gate    chan struct{}
	calls   atomic.Int32
}

func (s *gatedScorer) Score(ctx context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	s.calls.Add(1)
	if s.armed.Load() {
		s.entered <- struct{}{}
		select {
		case <-s.gate:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	} else {
		time.Sleep(2 * time.Millisecond) // slower than DeferCallsAbove below
	}
	return s.substringScorer.Score(ctx, req)
}

// TestSlowCallOutsideTheStoreLock: on SQLite (one writer for the whole
// database), a compaction whose scorer call is in flight must not hold
// up another session's append; the compaction, once the call returns,
// is decided and recorded once, exactly as it would have been inline.
// With deferral off, the same append waits for the scorer: the control
// that shows the test can fail.
func TestSlowCallOutsideTheStoreLock(t *testing.T) {
	for _, tc := range []struct {
		name       string
		deferAbove time.Duration
		wantAppend bool // the other session's append commits while the call is in flight
	}{
		{"deferred", time.Millisecond, true},
		{"inline (control)", -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			store, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "ledger.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { store.Close() })
			tok, err := tokens.New("")
			if err != nil {
				t.Fatal(err)
			}
			sc := &gatedScorer{substringScorer: substringScorer{info: info{sdk.KindScorer}, self: 0.9},
				entered: make(chan struct{}, 1), gate: make(chan struct{})}
			g, err := New(Options{
				Store: store, Tokens: tok,
				Extractors: []Extractor{{Name: "cue", Extractor: &cueExtractor{info: info{sdk.KindExtractor}}}},
				Scorer:     sc, DeferCallsAbove: tc.deferAbove,
				Settings: Settings{
					Threshold: 0.8, MustKeep: []string{sdk.CategoryProhibition}, TrendWindow: 3, Budget: 100000,
					Phases:   []Phase{{Name: "exploration", Policy: "explore"}},
					Policies: compilePolicies(t, testPolicies),
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			rule := span("s1", "user", "Do not run DROP TABLE on legacy_orders.")
			for _, id := range []string{"warm", "a", "b"} {
				if err := g.CreateSession(ctx, tenant, id); err != nil {
					t.Fatal(err)
				}
				if _, err := g.Append(ctx, tenant, id, []sdk.Span{rule, span("s2", "assistant", "Copying batches.")}); err != nil {
					t.Fatal(err)
				}
			}
			req := CompactionRequest{Covers: []string{"s1", "s2"}, Summary: "Copying batches; do not run DROP TABLE on legacy_orders."}
			// A first decision teaches the guard how long the scorer takes.
			if _, err := g.Compact(ctx, tenant, "warm", req); err != nil {
				t.Fatal(err)
			}

			sc.armed.Store(true)
			type result struct {
				d   *Decision
				err error
			}
			done := make(chan result, 1)
			go func() {
				d, err := g.Compact(ctx, tenant, "a", req)
				done <- result{d, err}
			}()
			<-sc.entered // the scorer call is in flight
			actx, cancel := context.WithTimeout(ctx, 2*time.Second)
			_, appendErr := g.Append(actx, tenant, "b", []sdk.Span{span("s3", "user", "Keep going.")})
			cancel()
			close(sc.gate)
			r := <-done

			if got := appendErr == nil; got != tc.wantAppend {
				t.Fatalf("append to another session while the scorer call was in flight: err = %v, want success %v", appendErr, tc.wantAppend)
			}
			if !tc.wantAppend && !errors.Is(appendErr, context.DeadlineExceeded) {
				t.Fatalf("append error %v, want the deadline (held up by the update)", appendErr)
			}
			if r.err != nil || r.d == nil || r.d.Allowed == nil || !*r.d.Allowed || r.d.Reason != ReasonAnchoredScorePassed {
				t.Fatalf("compaction = %+v, %v; want allowed, anchored_score_passed", r.d, r.err)
			}
			var decs []ledger.DecisionRecord
			if err := store.View(ctx, tenant, "a", func(tx ledger.Tx) error {
				decs, err = tx.Decisions()
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if len(decs) != 1 || decs[0].Type != TypeCompaction {
				t.Fatalf("audit trail of a: %d decisions, want the one compaction", len(decs))
			}
			// Warm-up, then one call per compaction: the deferred call's
			// answer is reused by the run that commits, not asked again.
			if n := sc.calls.Load(); n != 2 {
				t.Errorf("scorer called %d times, want 2", n)
			}
		})
	}
}
