package guard

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
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
	}
	return s.substringScorer.Score(ctx, req)
}

// TestSlowCallOutsideTheStoreLock: on SQLite (one writer for the whole
// database), a compaction whose scorer call is in flight must not hold
// up another session's append; the compaction, once the call returns,
// is decided and recorded once, exactly as it would have been inline.
// With InlineWork, the same append waits for the scorer: the control
// that shows the test can fail.
func TestSlowCallOutsideTheStoreLock(t *testing.T) {
	for _, tc := range []struct {
		name       string
		inline     bool
		wantAppend bool // the other session's append commits while the call is in flight
	}{
		{"outside", false, true},
		{"inline (control)", true, false},
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
			g, err := New(Options{Lexicon: testLexicon(t),
				Store: store, Tokens: tok,
				Extractors: []Extractor{{Name: "cue", Extractor: &cueExtractor{info: info{sdk.KindExtractor}}}},
				Scorer:     sc, InlineWork: tc.inline,
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
			// A first decision, before the scorer is gated.
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

// sleepyScorer is substringScorer taking a fixed time per Score call: a
// remote backend, as far as the guard can tell. Calls made outside the
// store lock overlap, so the fake serialises its own bookkeeping.
type sleepyScorer struct {
	substringScorer
	delay time.Duration
	mu    sync.Mutex
}

func (s *sleepyScorer) Score(ctx context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	time.Sleep(s.delay)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.substringScorer.Score(ctx, req)
}

// TestDeferredCallsUnderContention runs compactions with a slow scorer
// (every scorer call is made outside the lock, and a commit run that
// finds the view changed since makes it again) while appends to the same sessions change their state between
// the two runs. Every request must get exactly one recorded decision,
// the chains must verify, and a compaction's covered spans must have left
// the live view.
func TestDeferredCallsUnderContention(t *testing.T) {
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
	sc := &sleepyScorer{substringScorer: substringScorer{info: info{sdk.KindScorer}, self: 0.9}, delay: 15 * time.Millisecond}
	g, err := New(Options{Lexicon: testLexicon(t),
		Store: store, Tokens: tok,
		Extractors: []Extractor{{Name: "cue", Extractor: &cueExtractor{info: info{sdk.KindExtractor}}}},
		Scorer:     sc,
		Settings: Settings{
			Threshold: 0.8, MustKeep: []string{sdk.CategoryProhibition}, TrendWindow: 3, Budget: 1 << 20,
			Phases:   []Phase{{Name: "exploration", Policy: "explore"}},
			Policies: compilePolicies(t, testPolicies),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	const sessions, compactions = 3, 4
	errs := make(chan error, 64)
	done := make(chan struct{})
	for s := range sessions {
		id := fmt.Sprintf("s%d", s)
		if err := g.CreateSession(ctx, tenant, id); err != nil {
			t.Fatal(err)
		}
		// Two spans per compaction to come: a rule and progress.
		var spans []sdk.Span
		for c := range compactions {
			spans = append(spans, span(fmt.Sprintf("r%d", c), "user", fmt.Sprintf("Do not touch table t%d.", c)),
				span(fmt.Sprintf("p%d", c), "assistant", "Working."))
		}
		if _, err := g.Append(ctx, tenant, id, spans); err != nil {
			t.Fatal(err)
		}
		// Appends to the same session while its compactions run.
		go func() {
			for i := 0; ; i++ {
				select {
				case <-done:
					return
				default:
				}
				if _, err := g.Append(ctx, tenant, id, []sdk.Span{span(fmt.Sprintf("x%d", i), "assistant", fmt.Sprintf("Step %d.", i))}); err != nil {
					errs <- fmt.Errorf("append to %s: %w", id, err)
					return
				}
			}
		}()
	}
	var wg sync.WaitGroup
	results := make(chan *Decision, sessions*compactions)
	for s := range sessions {
		for c := range compactions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req := CompactionRequest{
					Covers:  []string{fmt.Sprintf("r%d", c), fmt.Sprintf("p%d", c)},
					Summary: fmt.Sprintf("Do not touch table t%d.", c),
				}
				d, err := g.Compact(ctx, tenant, fmt.Sprintf("s%d", s), req)
				if err != nil {
					errs <- err
					return
				}
				results <- d
			}()
		}
	}
	wg.Wait()
	close(done)
	close(results)
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
	n := 0
	for d := range results {
		n++
		if d.Allowed == nil || !*d.Allowed {
			t.Errorf("compaction of %v refused: %s %s", d.Covers, d.Reason, d.Message)
		}
	}
	if n != sessions*compactions {
		t.Fatalf("%d decisions, want %d", n, sessions*compactions)
	}
	for s := range sessions {
		id := fmt.Sprintf("s%d", s)
		err := store.View(ctx, tenant, id, func(tx ledger.Tx) error {
			recs, err := tx.Records()
			if err != nil {
				return err
			}
			decs, err := tx.Decisions()
			if err != nil {
				return err
			}
			if err := ledger.VerifySession(tx.Info(), recs, decs); err != nil {
				return err
			}
			kinds := 0
			for _, d := range decs {
				if d.Type == TypeCompaction {
					kinds++
				}
			}
			if kinds != compactions {
				return fmt.Errorf("%d compaction decisions recorded, want %d (one per request)", kinds, compactions)
			}
			live, err := tx.LiveRecords()
			if err != nil {
				return err
			}
			for _, r := range live {
				if r.Span.ID[0] == 'r' || r.Span.ID[0] == 'p' {
					return fmt.Errorf("covered span %s still live", r.Span.ID)
				}
			}
			return nil
		})
		if err != nil {
			t.Errorf("session %s: %v", id, err)
		}
	}
}

// gatedTokenizer is a tokenizer that, for a text holding "GATE", reports
// that it was entered and waits for the gate: tokenizing as long as the
// test wants.
type gatedTokenizer struct {
	tokens.Counter
	entered chan struct{}
	gate    chan struct{}
}

func (t *gatedTokenizer) Count(text string) (int, error) {
	if strings.Contains(text, "GATE") {
		t.entered <- struct{}{}
		<-t.gate
	}
	return t.Counter.Count(text)
}

// TestTokenizingOutsideTheStoreLock: on SQLite (one writer for the whole
// database), an append whose tokenizing is in flight must not hold up
// another session's append; with InlineWork (the control) it does.
func TestTokenizingOutsideTheStoreLock(t *testing.T) {
	for _, tc := range []struct {
		name       string
		inline     bool
		wantAppend bool
	}{
		{"outside", false, true},
		{"inline (control)", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			store, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "ledger.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { store.Close() })
			base, err := tokens.New("")
			if err != nil {
				t.Fatal(err)
			}
			tok := &gatedTokenizer{Counter: base, entered: make(chan struct{}, 1), gate: make(chan struct{})}
			g, err := New(Options{Lexicon: testLexicon(t),
				Store: store, Tokens: tok, InlineWork: tc.inline,
				Extractors: []Extractor{{Name: "cue", Extractor: &cueExtractor{info: info{sdk.KindExtractor}}}},
				Scorer:     &substringScorer{info: info{sdk.KindScorer}, self: 0.9},
				Settings: Settings{Threshold: 0.8, TrendWindow: 3, Budget: 100000,
					Phases: []Phase{{Name: "exploration", Policy: "explore"}}, Policies: compilePolicies(t, testPolicies)},
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range []string{"a", "b"} {
				if err := g.CreateSession(ctx, tenant, id); err != nil {
					t.Fatal(err)
				}
			}
			done := make(chan error, 1)
			go func() {
				_, err := g.Append(ctx, tenant, "a", []sdk.Span{span("s1", "assistant", "GATE: a very long tool output.")})
				done <- err
			}()
			<-tok.entered
			actx, cancel := context.WithTimeout(ctx, 2*time.Second)
			_, appendErr := g.Append(actx, tenant, "b", []sdk.Span{span("s2", "user", "Keep going.")})
			cancel()
			close(tok.gate)
			if err := <-done; err != nil {
				t.Fatalf("gated append: %v", err)
			}
			if got := appendErr == nil; got != tc.wantAppend {
				t.Fatalf("append to another session while tokenizing: err = %v, want success %v", appendErr, tc.wantAppend)
			}
			if !tc.wantAppend && !errors.Is(appendErr, context.DeadlineExceeded) {
				t.Fatalf("append error %v, want the deadline", appendErr)
			}
			st, err := g.State(ctx, tenant, "a")
			if err != nil || st.Version != 1 || st.LiveTokens == 0 {
				t.Fatalf("gated session after its append: %+v, %v; want version 1 with its tokens", st, err)
			}
		})
	}
}

// TestExtractChunks pins how a batch is cut for the extractors: runs in
// order, at most Spans spans and about Bytes bytes each, a span larger
// than Bytes alone.
func TestExtractChunks(t *testing.T) {
	sp := func(n int) sdk.Span { return sdk.Span{Text: strings.Repeat("x", n)} }
	sizes := func(chunks [][]sdk.Span) [][]int {
		var out [][]int
		for _, c := range chunks {
			var s []int
			for _, x := range c {
				s = append(s, len(x.Text))
			}
			out = append(out, s)
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		c     ExtractChunk
		spans []sdk.Span
		want  [][]int
	}{
		{"empty", ExtractChunk{Spans: 2, Bytes: 10}, nil, nil},
		{"by count", ExtractChunk{Spans: 2, Bytes: 100}, []sdk.Span{sp(1), sp(1), sp(1), sp(1), sp(1)}, [][]int{{1, 1}, {1, 1}, {1}}},
		{"by bytes", ExtractChunk{Spans: 10, Bytes: 10}, []sdk.Span{sp(4), sp(4), sp(4), sp(10)}, [][]int{{4, 4}, {4}, {10}}},
		{"oversized span alone", ExtractChunk{Spans: 10, Bytes: 10}, []sdk.Span{sp(1), sp(50), sp(1)}, [][]int{{1}, {50}, {1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := sizes(tc.c.chunks(tc.spans)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("chunks = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestLargeBatchChunked: a batch larger than both the extractor chunk and
// the append's commit part is extracted in chunks (no call above the
// bound) and committed in parts, and ends exactly as one small-bound-free
// append would: the same items, the same live tokens, a verifying chain.
// A conflict anywhere in the batch writes nothing.
func TestLargeBatchChunked(t *testing.T) {
	ctx := context.Background()
	var spans []sdk.Span
	for i := range 23 {
		text := fmt.Sprintf("Step %d done.", i)
		if i%5 == 0 {
			text = fmt.Sprintf("Do not touch table t%d.", i)
		}
		spans = append(spans, span(fmt.Sprintf("s%d", i), "user", text))
	}
	run := func(chunk ExtractChunk, commit int) (*fixture, *maxBatchExtractor, AppendResult) {
		f := newFixture(t)
		x := &maxBatchExtractor{cueExtractor: f.ex}
		opts := Options{Store: ledger.NewMemory(), Tokens: f.g.tok, Extractors: []Extractor{{Name: "cue", Extractor: x}},
			Scorer: f.sc, Settings: f.g.set, ExtractChunk: chunk, AppendCommitSpans: commit}
		g, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		f.g = g
		if err := g.CreateSession(ctx, tenant, "s"); err != nil {
			t.Fatal(err)
		}
		res, err := g.Append(ctx, tenant, "s", spans)
		if err != nil {
			t.Fatal(err)
		}
		return f, x, res
	}
	_, _, whole := run(ExtractChunk{Spans: 1000, Bytes: 1 << 20}, 1000)
	f, x, parts := run(ExtractChunk{Spans: 4, Bytes: 1 << 20}, 5)
	if x.max > 4 {
		t.Errorf("an extractor call had %d spans, bound 4", x.max)
	}
	if parts.Appended != 23 || parts.Items != whole.Items || parts.LiveTokens != whole.LiveTokens || parts.Version != 5 {
		t.Errorf("in parts: %+v; whole: %+v; want the same items and tokens, version 5 (five parts)", parts, whole)
	}
	items, err := f.g.Items(ctx, tenant, "s")
	if err != nil || len(items.Items) == 0 || len(items.Unextracted) != 0 {
		t.Fatalf("items after a chunked append: %+v, %v", items, err)
	}
	if err := f.g.store.View(ctx, tenant, "s", func(tx ledger.Tx) error {
		recs, err := tx.Records()
		if err != nil {
			return err
		}
		return ledger.VerifySession(tx.Info(), recs, nil)
	}); err != nil {
		t.Fatal(err)
	}

	// A conflict in the last part: nothing of the batch is written.
	if err := f.g.CreateSession(ctx, tenant, "c"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.g.Append(ctx, tenant, "c", []sdk.Span{span("s22", "user", "Other content.")}); err != nil {
		t.Fatal(err)
	}
	_, err = f.g.Append(ctx, tenant, "c", spans)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Field != "spans[22].id" {
		t.Fatalf("conflict in the last part: %v, want an input error on spans[22].id", err)
	}
	st, err := f.g.State(ctx, tenant, "c")
	if err != nil || st.Version != 1 {
		t.Errorf("after the refused batch: version %d (%v), want 1: nothing written", st.Version, err)
	}
}

// maxBatchExtractor is cueExtractor remembering its largest batch.
type maxBatchExtractor struct {
	*cueExtractor
	max int
}

func (x *maxBatchExtractor) Extract(ctx context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	x.max = max(x.max, len(req.Spans))
	return x.cueExtractor.Extract(ctx, req)
}

// runCountingStore counts the snapshot passes and the store updates a
// request opens.
type runCountingStore struct {
	ledger.Store
	views, updates atomic.Int32
}

func (s *runCountingStore) View(ctx context.Context, tenant, session string, fn func(ledger.Tx) error) error {
	s.views.Add(1)
	return s.Store.View(ctx, tenant, session, fn)
}

func (s *runCountingStore) Update(ctx context.Context, tenant, session string, fn func(ledger.Tx) error) error {
	s.updates.Add(1)
	return s.Store.Update(ctx, tenant, session, fn)
}

// TestCompactionScoresInOneBatchAndCommitsOnce: every scorer's call is
// the compaction's last outside work, done in one batch after one
// snapshot pass, so the commit runs once, however many scorers there
// are. Asked one by one, each scorer after the first would be deferred
// from the commit run, which rolls back and runs again holding the
// store's writer.
func TestCompactionScoresInOneBatchAndCommitsOnce(t *testing.T) {
	kept := func() *verdictScorer {
		return &verdictScorer{fates: map[int]string{0: "kept", 1: "kept"}, quotes: map[int]string{0: prohibition, 1: batchRule}, score: 1}
	}
	for _, n := range []int{1, 2, 3} {
		t.Run(fmt.Sprintf("%d scorers", n), func(t *testing.T) {
			store := &runCountingStore{Store: ledger.NewMemory()}
			f := newFixtureOn(t, store)
			for i := 1; i < n; i++ {
				f.g.scorers = append(f.g.scorers, plugin[sdk.Scorer]{kind: sdk.KindScorer, name: fmt.Sprintf("model%d", i), impl: kept()})
			}
			f.session(t, "s", migration...)
			views, updates := store.views.Load(), store.updates.Load()
			d, err := f.g.Compact(f.ctx, tenant, "s", CompactionRequest{Covers: ids(migration), Summary: faithful})
			if err != nil {
				t.Fatal(err)
			}
			if !*d.Allowed {
				t.Fatalf("refused: %s", d.Message)
			}
			if got := store.updates.Load() - updates; got != 1 {
				t.Errorf("%d store updates, want 1", got)
			}
			if got := store.views.Load() - views; got != 1 {
				t.Errorf("%d snapshot passes, want 1", got)
			}
		})
	}
}
