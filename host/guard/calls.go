package guard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/sdk"
)

// Work that can take long is done outside the store's transactions.
//
// Every decision runs inside one store update, and the SQLite store has
// one writer for the whole database: anything slow done inside it holds up
// every other tenant's appends and decisions for as long as it takes. So
// nothing slow is done there. "Outside work" is every plugin call (ask,
// below: one wrapper for every kind's calls), tokenizing a batch
// (countTokens), extracting a batch (extractFresh, drs.go), compiling
// policy HCL (parsePolicy) and evaluating a policy over the live view
// (evalPolicy, view.go). Each is asked for through outside, under a key
// that is a digest of every input the work reads.
//
// update runs a decision in two stages:
//
//  1. Prepare, with no write lock: fn runs on a read-only snapshot
//     (Store.View) whose writes are absorbed (prepareTx). The first piece
//     of outside work that has no recorded answer ends the pass with a
//     *deferredCall; the snapshot is closed, the work is done with no
//     transaction open at all, its answer (or error) is recorded under its
//     key, and the pass runs again. The stage ends when fn runs through,
//     or when the work just done was the last fn asks for (lastWork).
//  2. Commit: fn runs again in Store.Update and reads everything afresh.
//     Work whose key matches a recorded answer gets that answer without
//     being done again; work whose inputs changed in between (a concurrent
//     update of the same session) has a new key, so the run rolls back,
//     the work is done outside, and the commit runs again.
//
// Nothing is decided on a stale read: the decision is made by the run that
// commits, under the lock, from what it read there; a recorded answer is
// only reused for the exact inputs it was computed from (the fresh-read
// check). Only after maxCommitRuns commit runs that each found new work (a
// session whose every run sees another state) is work done inside the
// update, so that a decision always ends; it is logged.

// maxCommitRuns bounds the commit runs of one update that end in new
// outside work; past it, work is done inside the update.
const maxCommitRuns = 8

// maxPrepareRuns bounds the prepare passes: a decision does a handful of
// pieces of outside work (a compaction: extraction, the candidate's
// extraction per extractor, the score, the self score); past the bound the
// commit stage does what is left.
const maxPrepareRuns = 16

// deferredCall is the error a piece of outside work returns inside an
// update that has no answer for it yet: do it outside, then run again.
type deferredCall struct {
	key string
	run func(ctx context.Context) (any, error)
}

func (d *deferredCall) Error() string {
	return "work deferred until the store transaction is closed (internal; never returned to a caller)"
}

func isDeferred(err error) bool {
	var d *deferredCall
	return errors.As(err, &d)
}

// callResult is one recorded answer.
type callResult struct {
	resp any
	err  error
}

// calls is what one update's runs share: the answers of the work done
// outside, and whether this run may still defer.
type calls struct {
	mu       sync.Mutex
	done     map[string]callResult
	mayDefer bool
	// tenant is whose work this is: its fair share of outside work
	// (fair.go) bounds doOutside.
	tenant string
	// inlined counts work done inside the update after maxCommitRuns.
	inlined int
	// announced is work a later step of this run will ask for (soon),
	// done with the next deferred piece rather than in a pass of its own.
	announced []*deferredCall
	// quotes are the quote readers of the candidates scored (quotesOf).
	quotes map[string]*quoteReader
	// keys are the extraction cache keys of the span texts looked up
	// (cacheKeyIn): every pass looks up each covered span again.
	keys map[spanText]string
	// last is set when the pass reached the step after which it asks for
	// no more outside work (lastWork).
	last bool
}

type callsKey struct{}

func callsFrom(ctx context.Context) *calls {
	c, _ := ctx.Value(callsKey{}).(*calls)
	return c
}

// outside returns work's answer. Inside an update (ctx carries its calls)
// the answer recorded under key is returned when there is one; otherwise
// a *deferredCall asks update to do the work with no transaction open.
// work must not touch the transaction: it reads only what it captured.
// key must be a digest of everything work reads, so that equal keys mean
// equal answers.
func outside[T any](ctx context.Context, g *Guard, key string, work func(context.Context) (T, error)) (T, error) {
	c := callsFrom(ctx)
	if c == nil || g.inline {
		return work(ctx)
	}
	c.mu.Lock()
	r, ok := c.done[key]
	mayDefer := c.mayDefer
	if !ok && !mayDefer {
		c.inlined++
	}
	c.mu.Unlock()
	if ok {
		resp, _ := r.resp.(T)
		return resp, r.err
	}
	if !mayDefer {
		return work(ctx)
	}
	var zero T
	return zero, &deferredCall{key: key, run: func(ctx context.Context) (any, error) { return work(ctx) }}
}

// lastWork says that the work the pass defers from here on is the last
// it asks for. Once that work is done, a further prepare pass would only
// repeat what the commit run does next (a 40k-token compaction spent a
// fifth of its time on that repeat), so the prepare stage ends there. A
// wrong hint costs time, never correctness: the commit run defers any
// work that is still new, as it does for a session changed in between.
func lastWork(ctx context.Context) {
	if c := callsFrom(ctx); c != nil {
		c.mu.Lock()
		c.last = true
		c.mu.Unlock()
	}
}

// soon announces outside work that a later step of this run will ask
// for under key (through outside, with the same key): it is done with the
// next piece this run defers, alongside it, instead of costing a pass of
// its own. Every pass reads the session again (a 40k-token compaction
// spent half its time re-reading before its work was announced). Work
// already answered or announced, and work outside an update or when the
// run may no longer defer, is not announced.
func soon[T any](ctx context.Context, g *Guard, key string, work func(context.Context) (T, error)) {
	c := callsFrom(ctx)
	if c == nil || g.inline {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.mayDefer {
		return
	}
	if _, ok := c.done[key]; ok {
		return
	}
	for _, a := range c.announced {
		if a.key == key {
			return
		}
	}
	c.announced = append(c.announced, &deferredCall{key: key, run: func(ctx context.Context) (any, error) { return work(ctx) }})
}

// call is outside for one plugin call: method and the request's JSON
// name it.
func call[Req, Resp any](ctx context.Context, g *Guard, method string, req Req, do func(context.Context, Req) (Resp, error)) (Resp, error) {
	if callsFrom(ctx) == nil || g.inline {
		return do(ctx, req)
	}
	return outside(ctx, g, callKey(method, req), func(ctx context.Context) (Resp, error) { return do(ctx, req) })
}

// callKey names one plugin call: its method and its request's digest.
func callKey(method string, req any) string { return method + ":" + requestKey(req) }

// requestKey is a digest of a request's JSON.
func requestKey(req any) string {
	h := sha256.New()
	if err := json.NewEncoder(h).Encode(req); err != nil {
		return "unencodable" // never equal to a digest: asked again
	}
	return hex.EncodeToString(h.Sum(nil))
}

// update runs fn in a store update of the session, doing its outside work
// with no transaction open (see above). fn gets the context its work must
// be asked for with.
func (g *Guard) update(ctx context.Context, tenant, session string, fn func(ctx context.Context, tx ledger.Tx) error) error {
	if g.inline {
		return g.store.Update(ctx, tenant, session, func(tx ledger.Tx) error { return fn(ctx, tx) })
	}
	c := &calls{done: map[string]callResult{}, mayDefer: true, tenant: tenant}
	cctx := context.WithValue(ctx, callsKey{}, c)
	// Stage 1: prepare on snapshots. Its outcome is only the recorded
	// answers: an error here (bad input, a missing session) is met again,
	// and reported, by the commit stage, which alone decides.
	for range maxPrepareRuns {
		c.mu.Lock()
		c.last = false
		c.mu.Unlock()
		err := g.store.View(cctx, tenant, session, func(tx ledger.Tx) error { return fn(cctx, prepareTx{tx}) })
		var d *deferredCall
		if !errors.As(err, &d) {
			break
		}
		if err := g.doOutside(ctx, c, d); err != nil {
			return err
		}
		c.mu.Lock()
		last := c.last
		c.mu.Unlock()
		if last {
			break
		}
	}
	// Stage 2: commit, reading afresh.
	for runs := 1; ; runs++ {
		c.mu.Lock()
		c.mayDefer = runs < maxCommitRuns
		c.mu.Unlock()
		err := g.store.Update(cctx, tenant, session, func(tx ledger.Tx) error { return fn(cctx, tx) })
		var d *deferredCall
		if !errors.As(err, &d) {
			if c.inlined > 0 {
				g.log.Warn("work done inside the store update: the session changed under every commit run", "session", session, "runs", runs, "inlined", c.inlined)
			}
			return err
		}
		if err := g.doOutside(ctx, c, d); err != nil {
			return err
		}
	}
}

// doOutside does one deferred piece of work, and with it the work
// announced since the last (soon), each piece on its own goroutine, and
// records their answers. Only the caller's context ending stops the
// update: the work's own errors are its answers.
func (g *Guard) doOutside(ctx context.Context, c *calls, d *deferredCall) error {
	c.mu.Lock()
	batch := []*deferredCall{d}
	for _, a := range c.announced {
		if _, ok := c.done[a.key]; !ok && a.key != d.key {
			batch = append(batch, a)
		}
	}
	c.announced = nil
	c.mu.Unlock()
	if len(batch) == 1 {
		return g.doOne(ctx, c, d)
	}
	errs := make([]error, len(batch))
	var wg sync.WaitGroup
	for i, w := range batch {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				// A panic on this goroutine would end the process, every
				// tenant's requests with it: it is this piece's answer
				// instead, and the decision that needs it fails closed.
				// (A single piece runs on the request's goroutine, where
				// the server's own recovery stands, as before batches.)
				if p := recover(); p != nil {
					g.log.Error("outside work panicked", "key", w.key, "panic", p, "stack", string(debug.Stack()))
					c.mu.Lock()
					c.done[w.key] = callResult{err: fmt.Errorf("outside work panicked: %v", p)}
					c.mu.Unlock()
				}
			}()
			errs[i] = g.doOne(ctx, c, w)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// doOne does one piece of outside work under the tenant's fair share and
// records its answer.
func (g *Guard) doOne(ctx context.Context, c *calls, d *deferredCall) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	// The tenant's fair share of outside work (fair.go): past it, this
	// piece waits for one of the tenant's own pieces to end.
	release, workers, err := g.gate.acquire(ctx, c.tenant)
	if err != nil {
		return fmt.Errorf("waiting for tenant %q's share of outside work: %w", c.tenant, err)
	}
	wctx := ctx
	if workers > 0 {
		// A limited tenant's policy evaluation uses its share of the
		// CPUs, not all of them.
		wctx = policy.WithMaxWorkers(ctx, workers)
	}
	resp, err := func() (any, error) {
		defer release() // even if the work panics: a lost slot would hold the tenant back for good
		return d.run(wctx)
	}()
	c.mu.Lock()
	c.done[d.key] = callResult{resp: resp, err: err}
	c.mu.Unlock()
	return nil
}

// prepareTx is a View's transaction for the prepare stage: reads go to
// the snapshot, writes are absorbed (and forgotten), so fn runs on to the
// outside work that comes after its first write. What it decides there is
// thrown away; a later read may not see an earlier absorbed write, which
// at worst asks for work the commit stage does not need.
type prepareTx struct{ ledger.Tx }

func (prepareTx) SetState(ledger.State) error           { return nil }
func (prepareTx) Cover([]string, string) error          { return nil }
func (prepareTx) Append(...ledger.Record) error         { return nil }
func (prepareTx) CacheItems(string, []sdk.Item) error   { return nil }
func (prepareTx) AddCheckpoint(ledger.Checkpoint) error { return nil }
func (t prepareTx) AppendDecision(d ledger.DecisionRecord) (ledger.DecisionRecord, error) {
	last, err := t.Tx.LastDecisionSeq()
	d.Seq = last + 1
	return d, err
}

// plugin is a configured plugin as the guard holds it: its kind and the
// name of its block, which name it in refusals and key its calls, and
// impl, the sdk interface of its kind.
type plugin[P any] struct {
	kind sdk.Kind
	name string
	impl P
}

// label is the plugin as decisions name it ("scorer.NAME").
func (p plugin[P]) label() string { return string(p.kind) + "." + p.name }

// ask calls one method of a plugin of any kind: as outside work (call),
// keyed by the plugin, the method and the request, so that two scorers
// asked the same request are two calls; a failure is the plugin's
// (*pluginError), a deferral goes back to update unchanged. method is the
// sdk interface's method (sdk.Scorer.Score).
func ask[P, Req, Resp any](ctx context.Context, g *Guard, p plugin[P], method string, do func(P, context.Context, Req) (Resp, error), req Req) (Resp, error) {
	resp, err := call(ctx, g, p.label()+"/"+method, req, func(ctx context.Context, req Req) (Resp, error) {
		return do(p.impl, ctx, req)
	})
	if err != nil && !isDeferred(err) {
		return resp, &pluginError{plugin: p.label(), err: err}
	}
	return resp, err
}

// askSoon announces (soon) the call ask would make with the same
// arguments.
func askSoon[P, Req, Resp any](ctx context.Context, g *Guard, p plugin[P], method string, do func(P, context.Context, Req) (Resp, error), req Req) {
	soon(ctx, g, callKey(p.label()+"/"+method, req), func(ctx context.Context) (Resp, error) { return do(p.impl, ctx, req) })
}

// pluginError is a plugin call that failed (crash, timeout, transport) or
// answered with an error diagnostic: the decision refuses with
// plugin_failure.
type pluginError struct {
	plugin string
	err    error
}

func (e *pluginError) Error() string { return fmt.Sprintf("plugin %s: %v", e.plugin, e.err) }

func (e *pluginError) Unwrap() error { return e.err }

// outputError is a plugin answer that breaks the contract (a score that is
// not a number in [0,1], an item pointing outside its span): the decision
// refuses with invalid_plugin_output.
type outputError struct {
	plugin string
	msg    string
}

func (e *outputError) Error() string { return fmt.Sprintf("plugin %s: %s", e.plugin, e.msg) }

func isPluginErr(err error) (string, bool) {
	var pe *pluginError
	if errors.As(err, &pe) {
		return pe.plugin, true
	}
	return "", false
}

func isOutputErr(err error) (string, bool) {
	var oe *outputError
	if errors.As(err, &oe) {
		return oe.plugin, true
	}
	return "", false
}

// diagnosticsErr is the failure error diagnostics in a plugin's answer
// stand for: invalid output when one carries sdk.CodeInvalidOutput (the
// plugin's model answered outside its contract), a plugin failure
// otherwise; nil when there are none.
func diagnosticsErr(plugin string, ds sdk.Diagnostics) error {
	err := ds.Err()
	if err == nil {
		return nil
	}
	for _, d := range ds {
		if d.Severity != sdk.SeverityWarning && d.Code == sdk.CodeInvalidOutput {
			return &outputError{plugin: plugin, msg: err.Error()}
		}
	}
	return &pluginError{plugin: plugin, err: err}
}
