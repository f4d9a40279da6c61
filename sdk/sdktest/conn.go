package sdktest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/compactguard/compactguard/sdk"
)

// conn is the kit's hold on the plugin under test, applying the host's
// rules to every call: the per-call timeout; a call that times out gets
// the process killed, and one that finds it gone fails; the next call
// starts a fresh process, as the host's supervisor would.
type conn struct {
	timeout time.Duration
	// restart starts a fresh instance; nil in process, where there is no
	// process to replace.
	restart func(ctx context.Context) (*instance, error)

	mu  sync.Mutex
	cur *instance
	// pids are the processes started, for the shutdown check.
	pids []int
}

func newConn(in *instance, timeout time.Duration, restart func(context.Context) (*instance, error)) *conn {
	return &conn{timeout: timeout, restart: restart, cur: in, pids: []int{in.pid}}
}

// acquire returns the running instance, starting one if the last was
// killed or has exited.
func (c *conn) acquire(ctx context.Context) (*instance, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cur != nil && !c.cur.exited() {
		return c.cur, nil
	}
	if c.cur != nil {
		c.cur.kill(true)
		c.cur = nil
		return nil, fmt.Errorf("%w: the plugin process exited", errUnavailable)
	}
	if c.restart == nil {
		return nil, fmt.Errorf("%w: the plugin is closed", errUnavailable)
	}
	in, err := c.restart(ctx)
	if err != nil {
		return nil, fmt.Errorf("%w: restart failed: %w", errUnavailable, err)
	}
	c.cur = in
	c.pids = append(c.pids, in.pid)
	return in, nil
}

// drop takes a hung or dead instance out of service and kills it. A
// plugin served in process has no process to replace, so it stays.
func (c *conn) drop(in *instance) {
	if in.client == nil {
		return
	}
	c.mu.Lock()
	if c.cur == in {
		c.cur = nil
	}
	c.mu.Unlock()
	in.kill(true)
}

// close asks the running process to exit and waits for it.
func (c *conn) close() {
	c.mu.Lock()
	in := c.cur
	c.cur, c.restart = nil, nil
	c.mu.Unlock()
	if in != nil {
		in.kill(false)
	}
}

// call runs fn against the plugin within the per-call timeout.
func call[R any](ctx context.Context, c *conn, fn func(ctx context.Context, p sdk.Plugin) (R, error)) (R, error) {
	var zero R
	in, err := c.acquire(ctx)
	if err != nil {
		return zero, err
	}
	deadline := time.Now().Add(c.timeout)
	cctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	r, err := fn(cctx, in.impl)
	// gRPC may report DeadlineExceeded a moment before cctx notices its
	// deadline; once the deadline is (all but) past, it is the timeout.
	late := status.Code(err) == codes.DeadlineExceeded && !time.Now().Before(deadline.Add(-10*time.Millisecond))
	switch {
	case err == nil:
		return r, nil
	case ctx.Err() != nil:
		return zero, fmt.Errorf("the kit's own context ended: %w", err)
	case errors.Is(cctx.Err(), context.DeadlineExceeded) || late:
		c.drop(in)
		return zero, fmt.Errorf("%w after %s (the host kills a plugin that does not answer in time)", errTimeout, c.timeout)
	case status.Code(err) == codes.Unavailable || in.exited():
		c.drop(in)
		return zero, fmt.Errorf("%w: %w", errUnavailable, err)
	}
	return zero, err
}

// handle returns the plugin as the sdk interface of kind, every call going
// through c.
func (c *conn) handle(kind sdk.Kind) sdk.Plugin {
	b := baseConn{c}
	switch kind {
	case sdk.KindScorer:
		return scorerConn{b}
	case sdk.KindExtractor:
		return extractorConn{b}
	}
	return policyConn{b}
}

// baseConn, and the kinds that embed it, are the sdk interfaces over a
// conn.
type baseConn struct{ c *conn }

func (b baseConn) Describe(ctx context.Context, req *sdk.DescribeRequest) (*sdk.DescribeResponse, error) {
	return call(ctx, b.c, func(ctx context.Context, p sdk.Plugin) (*sdk.DescribeResponse, error) { return p.Describe(ctx, req) })
}

func (b baseConn) Configure(ctx context.Context, req *sdk.ConfigureRequest) (*sdk.ConfigureResponse, error) {
	return call(ctx, b.c, func(ctx context.Context, p sdk.Plugin) (*sdk.ConfigureResponse, error) { return p.Configure(ctx, req) })
}

type scorerConn struct{ baseConn }

func (s scorerConn) Score(ctx context.Context, req *sdk.ScoreRequest) (*sdk.ScoreResponse, error) {
	return call(ctx, s.c, func(ctx context.Context, p sdk.Plugin) (*sdk.ScoreResponse, error) {
		return p.(sdk.Scorer).Score(ctx, req)
	})
}

func (s scorerConn) SelfScore(ctx context.Context, req *sdk.SelfScoreRequest) (*sdk.SelfScoreResponse, error) {
	return call(ctx, s.c, func(ctx context.Context, p sdk.Plugin) (*sdk.SelfScoreResponse, error) {
		return p.(sdk.Scorer).SelfScore(ctx, req)
	})
}

type extractorConn struct{ baseConn }

func (x extractorConn) Extract(ctx context.Context, req *sdk.ExtractRequest) (*sdk.ExtractResponse, error) {
	return call(ctx, x.c, func(ctx context.Context, p sdk.Plugin) (*sdk.ExtractResponse, error) {
		return p.(sdk.Extractor).Extract(ctx, req)
	})
}

type policyConn struct{ baseConn }

func (q policyConn) PhaseSignal(ctx context.Context, req *sdk.PhaseSignalRequest) (*sdk.PhaseSignalResponse, error) {
	return call(ctx, q.c, func(ctx context.Context, p sdk.Plugin) (*sdk.PhaseSignalResponse, error) {
		return p.(sdk.Policy).PhaseSignal(ctx, req)
	})
}

func (q policyConn) ProposePolicy(ctx context.Context, req *sdk.ProposePolicyRequest) (*sdk.ProposePolicyResponse, error) {
	return call(ctx, q.c, func(ctx context.Context, p sdk.Plugin) (*sdk.ProposePolicyResponse, error) {
		return p.(sdk.Policy).ProposePolicy(ctx, req)
	})
}
