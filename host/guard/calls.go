package guard

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// Slow plugin calls are made outside the store's write lock.
//
// Every decision runs inside one store update, and the SQLite store has
// one writer for the whole database: a plugin call made inside it holds
// up every other session's appends and decisions for as long as the call
// takes. The reference plugins answer in a millisecond or two; a scorer
// on a remote embedding service may take hundreds.
//
// So the guard watches each plugin's call latency, and when it is above
// Options.DeferCallsAbove, a call inside an update does not happen there:
// it returns a *deferredCall, the update rolls back (nothing was written),
// the call is made with no lock held, and the update runs again from the
// start. The second run reads the state afresh and builds its requests
// afresh; a request identical to the one deferred gets the recorded
// answer (or error), anything else is asked again. Nothing is decided on
// a stale read: the decision is made by the run that commits, under the
// lock, from what it read there.

// DefaultDeferCallsAbove is Options.DeferCallsAbove's default.
const DefaultDeferCallsAbove = 20 * time.Millisecond

// maxDeferred bounds the calls one update defers: past it (a session so
// busy that every run asks something new), calls are made in the update.
const maxDeferred = 4

// deferredCall is the error a slow call returns inside an update: make it
// outside, then run the update again.
type deferredCall struct {
	key string
	run func(ctx context.Context) (any, error)
}

func (d *deferredCall) Error() string {
	return "plugin call deferred until the store lock is released (internal; never returned to a caller)"
}

func isDeferred(err error) bool {
	var d *deferredCall
	return errors.As(err, &d)
}

// callResult is one recorded plugin answer.
type callResult struct {
	resp any
	err  error
}

// calls is what one update's runs share: answers of the calls made
// outside the lock, and whether this run may still defer.
type calls struct {
	mu       sync.Mutex
	done     map[string]callResult
	mayDefer bool
}

type callsKey struct{}

func callsFrom(ctx context.Context) *calls {
	c, _ := ctx.Value(callsKey{}).(*calls)
	return c
}

// latency is a plugin's recent call time (an exponentially weighted mean).
type latency struct{ ewma atomic.Int64 }

func (l *latency) observe(d time.Duration) {
	old := l.ewma.Load()
	if old == 0 {
		l.ewma.Store(int64(d))
		return
	}
	l.ewma.Store(old + (int64(d)-old)/4)
}

// call makes one plugin call the deferring way (see above). method and
// req name the request: two requests with the same JSON are the same
// call.
func call[Req, Resp any](ctx context.Context, g *Guard, lat *latency, method string, req Req, do func(context.Context, Req) (Resp, error)) (Resp, error) {
	timed := func(ctx context.Context) (Resp, error) {
		start := time.Now()
		resp, err := do(ctx, req)
		lat.observe(time.Since(start))
		return resp, err
	}
	c := callsFrom(ctx)
	if c == nil || g.deferAbove < 0 {
		return timed(ctx)
	}
	// Requests are keyed (a JSON digest) only once an update has deferred
	// a call: the usual update, whose plugins are all fast, pays nothing.
	// A fast call is not recorded; a second run just makes it again.
	c.mu.Lock()
	mayDefer, lookup := c.mayDefer, len(c.done) > 0
	c.mu.Unlock()
	var key string
	if lookup {
		key = method + ":" + requestKey(req)
		c.mu.Lock()
		r, ok := c.done[key]
		c.mu.Unlock()
		if ok {
			resp, _ := r.resp.(Resp)
			return resp, r.err
		}
	}
	if mayDefer && time.Duration(lat.ewma.Load()) > g.deferAbove {
		if key == "" {
			key = method + ":" + requestKey(req)
		}
		var zero Resp
		return zero, &deferredCall{key: key, run: func(ctx context.Context) (any, error) { return timed(ctx) }}
	}
	return timed(ctx)
}

// requestKey is a digest of a request's JSON.
func requestKey(req any) string {
	h := sha256.New()
	if err := json.NewEncoder(h).Encode(req); err != nil {
		return "unencodable" // never equal to a digest: asked again
	}
	return hex.EncodeToString(h.Sum(nil))
}

// update runs fn in a store update of the session, making slow plugin
// calls outside it (see above). fn gets the context its plugin calls
// must use.
func (g *Guard) update(ctx context.Context, tenant, session string, fn func(ctx context.Context, tx ledger.Tx) error) error {
	c := &calls{done: map[string]callResult{}}
	cctx := context.WithValue(ctx, callsKey{}, c)
	for deferred := 0; ; deferred++ {
		c.mu.Lock()
		c.mayDefer = deferred < maxDeferred
		c.mu.Unlock()
		err := g.store.Update(cctx, tenant, session, func(tx ledger.Tx) error { return fn(cctx, tx) })
		var d *deferredCall
		if !errors.As(err, &d) {
			return err
		}
		resp, cerr := d.run(ctx)
		c.mu.Lock()
		c.done[d.key] = callResult{resp: resp, err: cerr}
		c.mu.Unlock()
	}
}

// The plugin wrappers the guard calls through.

// deferringScorer keys its calls by the scorer's name: two scorers asked
// the same request are two calls.
type deferringScorer struct {
	sdk.Scorer
	g                 *Guard
	name              string
	scoreLat, selfLat latency
}

func (s *deferringScorer) Score(ctx context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	return call(ctx, s.g, &s.scoreLat, "Score/"+s.name, req, s.Scorer.Score)
}

func (s *deferringScorer) SelfScore(ctx context.Context, req *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return call(ctx, s.g, &s.selfLat, "SelfScore/"+s.name, req, s.Scorer.SelfScore)
}

type deferringPolicy struct {
	sdk.Policy
	g                     *Guard
	signalLat, proposeLat latency
}

func (p *deferringPolicy) PhaseSignal(ctx context.Context, req *sdk.PhaseSignalRequest) (*sdk.PhaseSignalResponse, error) {
	return call(ctx, p.g, &p.signalLat, "PhaseSignal", req, p.Policy.PhaseSignal)
}

func (p *deferringPolicy) ProposePolicy(ctx context.Context, req *sdk.ProposePolicyRequest) (*sdk.ProposePolicyResponse, error) {
	return call(ctx, p.g, &p.proposeLat, "ProposePolicy", req, p.Policy.ProposePolicy)
}

type deferringExtractor struct {
	sdk.Extractor
	g    *Guard
	name string
	lat  latency
}

func (x *deferringExtractor) Extract(ctx context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	return call(ctx, x.g, &x.lat, "Extract/"+x.name, req, x.Extractor.Extract)
}
