package guard

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/tokens"
	"github.com/compactguard/compactguard/sdk"
)

// gateStep is one event in a run of the outside-work gate: at the clock
// offset at, piece (of tenant) enters, or ends, or gives up waiting.
type gateStep struct {
	at     time.Duration
	op     string // "enter", "end", "cancel"
	tenant string
	piece  string
	// For enter: whether the piece runs at once. For end and cancel: the
	// pieces that waited and are let in by it.
	runs  bool
	letIn []string
	// For enter, when the piece runs at once: the CPUs it may use (0: no
	// bound).
	workers int
}

// TestOutsideGateShares pins who waits for outside work: only a tenant
// that is past its part of the busy time, and past half its share of the
// CPUs, while another tenant is active; and only for one of its own
// pieces.
func TestOutsideGateShares(t *testing.T) {
	const s = time.Second
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	// long is a piece's run that keeps a CPU busy past half of a share
	// of one slot (3 s of busy time: 1.04 CPUs at a 2 s half-life).
	const long = 3 * s
	cases := []struct {
		name  string
		slots int
		steps []gateStep
	}{
		{
			name: "a tenant alone is never limited", slots: 2,
			steps: []gateStep{
				{at: 0, op: "enter", tenant: "noisy", piece: "n1", runs: true},
				{at: 0, op: "enter", tenant: "noisy", piece: "n2", runs: true},
				{at: s, op: "enter", tenant: "noisy", piece: "n3", runs: true},
				{at: 2 * s, op: "enter", tenant: "noisy", piece: "n4", runs: true},
			},
		},
		{
			name: "the heavy tenant runs one piece at a time beside another; the light one is not limited", slots: 2,
			steps: []gateStep{
				{at: 0, op: "enter", tenant: "noisy", piece: "n1", runs: true},
				{at: long, op: "enter", tenant: "quiet", piece: "q1", runs: true},
				{at: long, op: "enter", tenant: "noisy", piece: "n2", runs: false},
				{at: long, op: "enter", tenant: "quiet", piece: "q2", runs: true},
				{at: long, op: "enter", tenant: "quiet", piece: "q3", runs: true},
				// The quiet tenant's pieces ending lets none of the noisy one's in.
				{at: long + ms(20), op: "end", tenant: "quiet", piece: "q1"},
				{at: long + ms(20), op: "end", tenant: "quiet", piece: "q2"},
				{at: long + ms(20), op: "end", tenant: "quiet", piece: "q3"},
				{at: long + ms(30), op: "enter", tenant: "noisy", piece: "n3", runs: false},
				// Its own piece ending lets its first waiting piece in, in order.
				{at: long + s, op: "end", tenant: "noisy", piece: "n1", letIn: []string{"n2"}},
				{at: long + ms(1900), op: "end", tenant: "noisy", piece: "n2", letIn: []string{"n3"}},
			},
		},
		{
			name: "a long piece makes its tenant heavy before it ends", slots: 2,
			steps: []gateStep{
				{at: 0, op: "enter", tenant: "quiet", piece: "q1", runs: true},
				{at: ms(10), op: "end", tenant: "quiet", piece: "q1"},
				{at: ms(10), op: "enter", tenant: "noisy", piece: "n1", runs: true},
				{at: ms(10), op: "enter", tenant: "noisy", piece: "n2", runs: true},
				{at: ms(1500), op: "enter", tenant: "noisy", piece: "n3", runs: false},
			},
		},
		{
			name: "tenants with the same busy time are both within their part", slots: 2,
			steps: []gateStep{
				{at: 0, op: "enter", tenant: "a", piece: "a1", runs: true},
				{at: 0, op: "enter", tenant: "b", piece: "b1", runs: true},
				{at: ms(100), op: "end", tenant: "a", piece: "a1"},
				{at: ms(100), op: "end", tenant: "b", piece: "b1"},
				{at: ms(100), op: "enter", tenant: "a", piece: "a2", runs: true},
				{at: ms(100), op: "enter", tenant: "a", piece: "a3", runs: true},
				{at: ms(100), op: "enter", tenant: "b", piece: "b2", runs: true},
			},
		},
		{
			name: "a tenant above the average but within half its share of the CPUs is not limited", slots: 2,
			steps: []gateStep{
				{at: 0, op: "enter", tenant: "a", piece: "a1", runs: true},
				{at: 0, op: "enter", tenant: "b", piece: "b1", runs: true},
				{at: ms(100), op: "end", tenant: "b", piece: "b1"},
				{at: s, op: "end", tenant: "a", piece: "a1"},
				{at: s, op: "enter", tenant: "a", piece: "a2", runs: true},
				{at: s, op: "enter", tenant: "a", piece: "a3", runs: true},
			},
		},
		{
			name: "once the other tenant is idle past the window, waiting pieces are let in together", slots: 2,
			steps: []gateStep{
				{at: 0, op: "enter", tenant: "noisy", piece: "n1", runs: true},
				{at: long, op: "enter", tenant: "quiet", piece: "q1", runs: true},
				{at: long, op: "enter", tenant: "noisy", piece: "n2", runs: false},
				{at: long, op: "enter", tenant: "noisy", piece: "n3", runs: false},
				{at: long + ms(10), op: "end", tenant: "quiet", piece: "q1"},
				{at: long + 3*s, op: "end", tenant: "noisy", piece: "n1", letIn: []string{"n2", "n3"}},
			},
		},
		{
			name: "with more slots the heavy tenant keeps its share of them", slots: 8,
			steps: []gateStep{
				{at: 0, op: "enter", tenant: "noisy", piece: "n1", runs: true},
				{at: 7 * s, op: "enter", tenant: "quiet", piece: "q1", runs: true},
				{at: 7 * s, op: "enter", tenant: "noisy", piece: "n2", runs: true, workers: 4},
				{at: 7 * s, op: "enter", tenant: "noisy", piece: "n3", runs: true, workers: 4},
				{at: 7 * s, op: "enter", tenant: "noisy", piece: "n4", runs: true, workers: 4},
				{at: 7 * s, op: "enter", tenant: "noisy", piece: "n5", runs: false},
			},
		},
		{
			name: "a piece that gives up waiting is not let in and frees its place", slots: 2,
			steps: []gateStep{
				{at: 0, op: "enter", tenant: "noisy", piece: "n1", runs: true},
				{at: long, op: "enter", tenant: "quiet", piece: "q1", runs: true},
				{at: long, op: "enter", tenant: "noisy", piece: "n2", runs: false},
				{at: long, op: "enter", tenant: "noisy", piece: "n3", runs: false},
				{at: long, op: "cancel", tenant: "noisy", piece: "n2"},
				{at: long + s, op: "end", tenant: "noisy", piece: "n1", letIn: []string{"n3"}},
			},
		},
		{
			name: "no slots: no gate", slots: 0,
			steps: []gateStep{
				{at: 0, op: "enter", tenant: "noisy", piece: "n1", runs: true},
				{at: s, op: "enter", tenant: "quiet", piece: "q1", runs: true},
				{at: s, op: "enter", tenant: "noisy", piece: "n2", runs: true},
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Unix(1_000_000, 0)
			clock := start
			g := newOutsideGate(tc.slots, defaultActiveWindow, func() time.Time { return clock })
			type piece struct {
				tenant  string
				release func()
				wait    chan admission
				cancel  context.CancelFunc
				errc    chan error
			}
			pieces := map[string]*piece{}
			// waiting lists the pieces still waiting; letIn receives the
			// start of every piece let in since the last call.
			letIn := func() []string {
				var in []string
				for name, p := range pieces {
					if p.wait == nil {
						continue
					}
					select {
					case adm := <-p.wait:
						started := adm.at
						if !started.Equal(clock) {
							t.Errorf("%s let in with start %v, want the clock %v", name, started.Sub(start), clock.Sub(start))
						}
						p.release, p.wait = g.releaser(p.tenant, started), nil
						in = append(in, name)
					default:
					}
				}
				sort.Strings(in)
				return in
			}
			for i, st := range tc.steps {
				clock = start.Add(st.at)
				switch st.op {
				case "enter":
					if tc.slots <= 0 {
						release, workers, err := g.acquire(context.Background(), st.tenant)
						if err != nil || workers != 0 {
							t.Fatalf("step %d: acquire with no gate = (workers %d, %v), want no bound", i, workers, err)
						}
						pieces[st.piece] = &piece{tenant: st.tenant, release: release}
						continue
					}
					in, wait := g.enter(st.tenant)
					p := &piece{tenant: st.tenant, wait: wait}
					if wait == nil {
						p.release = g.releaser(st.tenant, in.at)
						if in.workers != st.workers {
							t.Fatalf("step %d: %s of %s may use %d CPUs, want %d", i, st.piece, st.tenant, in.workers, st.workers)
						}
					}
					pieces[st.piece] = p
					if runs := wait == nil; runs != st.runs {
						t.Fatalf("step %d: %s of %s runs at once = %v, want %v", i, st.piece, st.tenant, runs, st.runs)
					}
				case "end":
					p := pieces[st.piece]
					if p == nil || p.release == nil {
						t.Fatalf("step %d: %s is not running", i, st.piece)
					}
					p.release()
					p.release() // ending twice ends once
				case "cancel":
					// A waiting piece gives up: drive acquire's own
					// path by removing it from the queue as acquire does.
					p := pieces[st.piece]
					g.mu.Lock()
					tt := g.tenants[p.tenant]
					n := len(tt.waiting)
					tt.waiting = slices.DeleteFunc(tt.waiting, func(w chan admission) bool { return w == p.wait })
					if len(tt.waiting) != n-1 {
						t.Fatalf("step %d: %s was not waiting", i, st.piece)
					}
					g.mu.Unlock()
					delete(pieces, st.piece)
				}
				if got := letIn(); !slices.Equal(got, st.letIn) && (len(got) > 0 || len(st.letIn) > 0) {
					t.Fatalf("step %d (%s %s): let in %v, want %v", i, st.op, st.piece, got, st.letIn)
				}
			}
		})
	}
}

// TestOutsideGateAcquireEndsWithContext pins that a piece waiting past its
// tenant's share returns the context's error when it ends, holding
// nothing: the tenant's next piece is let in when its running one ends.
func TestOutsideGateAcquireEndsWithContext(t *testing.T) {
	start := time.Unix(1_000_000, 0)
	clock := start
	g := newOutsideGate(2, defaultActiveWindow, func() time.Time { return clock })
	n1, _, err := g.acquire(context.Background(), "noisy")
	if err != nil {
		t.Fatal(err)
	}
	clock = start.Add(3 * time.Second)
	if _, _, err := g.acquire(context.Background(), "quiet"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if release, _, err := g.acquire(ctx, "noisy"); !errors.Is(err, context.Canceled) || release != nil {
		t.Fatalf("acquire past the share with an ended context = (%v, %v), want (nil, context.Canceled)", release != nil, err)
	}
	_, wait := g.enter("noisy")
	if wait == nil {
		t.Fatal("the noisy tenant's next piece ran at once; want it to wait for n1")
	}
	n1()
	select {
	case <-wait:
	default:
		t.Fatal("ending n1 did not let the waiting piece in: the piece that gave up still holds a place")
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if r := g.tenants["noisy"].running; r != 1 {
		t.Errorf("noisy runs %d pieces, want 1", r)
	}
}

// TestOutsideWorkSharedBetweenTenants pins that the guard's outside work
// goes through the gate, per tenant: while the noisy tenant's tokenizing
// runs long and the quiet tenant is active, the noisy tenant's next
// piece waits for it, and the quiet tenant's append does not wait at
// all. With the gate off (OutsideSlots < 0, the control) the noisy
// tenant's second piece runs at once.
func TestOutsideWorkSharedBetweenTenants(t *testing.T) {
	for _, tc := range []struct {
		name     string
		slots    int
		wantWait bool
	}{
		{"shared", 2, true},
		{"gate off (control)", -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			base, err := tokens.New("")
			if err != nil {
				t.Fatal(err)
			}
			tok := &gatedTokenizer{Counter: base, entered: make(chan struct{}, 2), gate: make(chan struct{})}
			g, err := New(Options{Lexicon: testLexicon(t),
				Store: ledger.NewMemory(), Tokens: tok, OutsideSlots: tc.slots,
				Extractors: []Extractor{{Name: "cue", Extractor: &cueExtractor{info: info{sdk.KindExtractor}}}},
				Scorer:     &substringScorer{info: info{sdk.KindScorer}, self: 0.9},
				Settings: Settings{Threshold: 0.8, TrendWindow: 3, Budget: 100000,
					Phases: []Phase{{Name: "exploration", Policy: "explore"}}, Policies: compilePolicies(t, testPolicies)},
			})
			if err != nil {
				t.Fatal(err)
			}
			var mu sync.Mutex
			clock := time.Unix(1_000_000, 0)
			now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
			g.gate = newOutsideGate(tc.slots, defaultActiveWindow, now)
			for _, s := range []struct{ tenant, id string }{{"noisy", "n1"}, {"noisy", "n2"}, {"quiet", "q"}} {
				if err := g.CreateSession(ctx, s.tenant, s.id); err != nil {
					t.Fatal(err)
				}
			}
			done := make(chan error, 2)
			go func() {
				_, err := g.Append(ctx, "noisy", "n1", []sdk.Span{span("s1", "tool_result", "GATE: a long tool output.")})
				done <- err
			}()
			<-tok.entered // the noisy tenant's first piece runs
			mu.Lock()
			clock = clock.Add(3 * time.Second) // the piece keeps a CPU busy
			mu.Unlock()
			if _, err := g.Append(ctx, "quiet", "q", []sdk.Span{span("s1", "user", "Keep going.")}); err != nil {
				t.Fatalf("the quiet tenant's append beside the noisy tenant's piece: %v", err)
			}
			go func() {
				_, err := g.Append(ctx, "noisy", "n2", []sdk.Span{span("s1", "tool_result", "GATE: another long output.")})
				done <- err
			}()
			if tc.wantWait {
				// The second piece queues at the gate (polled: it gets
				// there when its goroutine runs), so it has not reached the
				// tokenizer.
				for waiting := 0; waiting == 0; {
					g.gate.mu.Lock()
					if nt := g.gate.tenants["noisy"]; nt != nil {
						waiting = len(nt.waiting)
					}
					g.gate.mu.Unlock()
					runtime.Gosched()
				}
				select {
				case <-tok.entered:
					t.Fatal("the noisy tenant's second piece reached the tokenizer past its share")
				default:
				}
			} else {
				<-tok.entered // runs beside the first
			}
			close(tok.gate)
			for range 2 {
				if err := <-done; err != nil {
					t.Fatalf("noisy append: %v", err)
				}
			}
			for _, id := range []string{"n1", "n2"} {
				if st, err := g.State(ctx, "noisy", id); err != nil || st.Version != 1 {
					t.Fatalf("noisy session %s after its append: %+v, %v; want version 1", id, st, err)
				}
			}
		})
	}
}
