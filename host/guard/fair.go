package guard

import (
	"context"
	"math"
	"sync"
	"time"
)

// Fair shares of outside work between tenants (issue 17: no tenant can
// stall another).
//
// Outside work (calls.go) is what costs CPU: tokenizing, parsing and
// evaluating policies in this process, and the plugins' work in theirs.
// Measured on 2 CPUs, a tenant sending 4,096-span appends and a slow
// policy kept two pieces of outside work running all the time (a 2.2 s
// policy evaluation beside 300 ms extraction chunks), so another tenant's
// 20 ms extraction or score waited for CPU behind them: its p99 went from
// 77 ms alone to 350 ms and more. Nothing else held it: its store writes
// waited for the noisy tenant's too (see AppendCommitSpans), but the CPU
// was the rest.
//
// So while more than one tenant is doing outside work, a tenant that has
// lately used more than its fair part of the outside work's time (its
// decayed busy time above the active tenants' average, and above half of
// its share of the slots: two tenants that each keep a fraction of a CPU
// busy gain nothing from limiting each other; measured, the quiet tenant
// outused a noisy one that cost the CPUs elsewhere, 0.30 against 0.23
// CPU, and waited for its own work 96 ms at p99) may run at most its
// share of the slots at once: slots / active tenants, at least one.
// Its work past that waits, in order, for one of its own pieces to end:
// no tenant ever waits for another's. A tenant within its part is not
// limited, so a quiet tenant's sessions do not queue behind each other
// for the noisy one's sake; a tenant alone is not limited at all (a lone
// tenant's IO-bound plugin calls are not serialised for nobody's
// benefit). A tenant counts as active while it has work running or
// waiting and for activeWindow after its last piece started or ended, so
// a tenant whose requests do short pieces with store work between them
// still counts, and the noisy tenant cannot fill the gaps with pieces
// that run for seconds. Busy time decays with a half-life of usageHalfLife,
// and a running piece counts for the time it has run so far, so a tenant
// that starts a long piece is heavy before the piece ends.
//
// Only work done with no transaction open is gated (doOutside): work a
// commit run does inline, under the store's write lock, never waits here,
// since waiting there would hold the lock for every tenant.
type outsideGate struct {
	slots  int
	window time.Duration
	now    func() time.Time

	// origin is the gate's creation, which gateTenant.startSum counts
	// from.
	origin time.Time

	mu      sync.Mutex
	tenants map[string]*gateTenant
}

// gateTenant is one tenant's outside work: how many pieces run and the
// sum of their start times, the pieces waiting (FIFO, each let in by a
// send of its admission on its channel), when it last started or ended one, and its busy
// time of ended pieces, decayed to usedAt.
type gateTenant struct {
	running  int
	startSum time.Duration // sum over running pieces of their start, since the gate's origin
	waiting  []chan admission
	last     time.Time
	used     float64 // seconds, decayed to usedAt
	usedAt   time.Time
}

const (
	// defaultActiveWindow is how long a tenant counts as active after
	// its last piece of outside work: longer than the store work and the
	// HTTP round trip between one request's pieces, and between one
	// request and the next of the same session.
	defaultActiveWindow = 2 * time.Second
	// usageHalfLife is how fast past busy time is forgotten: a tenant
	// that stops its heavy work is light again after a few seconds.
	usageHalfLife = 2 * time.Second
)

// newOutsideGate gates outside work over slots shares (slots <= 0: no
// gate; acquire always admits).
func newOutsideGate(slots int, window time.Duration, now func() time.Time) *outsideGate {
	if now == nil {
		now = time.Now
	}
	return &outsideGate{slots: slots, window: window, now: now, origin: now(), tenants: map[string]*gateTenant{}}
}

// acquire waits until tenant may run one more piece of outside work and
// returns the function that ends it, and how many CPUs the piece may use
// at once: the tenant's share while it is limited, 0 (no bound) when it
// is not. It returns ctx's error, holding nothing, if ctx ends first.
func (g *outsideGate) acquire(ctx context.Context, tenant string) (func(), int, error) {
	if g == nil || g.slots <= 0 {
		return func() {}, 0, nil
	}
	in, wait := g.enter(tenant)
	if wait == nil {
		return g.releaser(tenant, in.at), in.workers, nil
	}
	select {
	case in := <-wait:
		return g.releaser(tenant, in.at), in.workers, nil
	case <-ctx.Done():
		g.mu.Lock()
		defer g.mu.Unlock()
		t := g.tenants[tenant]
		for i, w := range t.waiting {
			if w == wait {
				t.waiting = append(t.waiting[:i], t.waiting[i+1:]...)
				return nil, 0, ctx.Err()
			}
		}
		// Let in while ctx ended: end the piece at once.
		g.endLocked(tenant, t, (<-wait).at)
		return nil, 0, ctx.Err()
	}
}

// admission is a piece of work let in: when, and the CPUs it may use at
// once (0: no bound).
type admission struct {
	at      time.Time
	workers int
}

// enter starts a piece of tenant's work now, or, when the tenant is past
// its share, queues it and returns the channel its admission is sent on
// when it is let in.
func (g *outsideGate) enter(tenant string) (admission, chan admission) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	t := g.tenants[tenant]
	if t == nil {
		t = &gateTenant{usedAt: now}
		g.tenants[tenant] = t
	}
	t.last = now
	if share := g.shareLocked(tenant, now); len(t.waiting) == 0 && t.running < share {
		g.startLocked(t, now)
		return admission{at: now, workers: workersFor(share)}, nil
	}
	wait := make(chan admission, 1)
	t.waiting = append(t.waiting, wait)
	return admission{}, wait
}

// startLocked starts one piece of t's work at now.
func (g *outsideGate) startLocked(t *gateTenant, now time.Time) {
	t.running++
	t.startSum += now.Sub(g.origin)
	t.last = now
}

// releaser is the function that ends one piece of tenant's work started
// at started; calling it more than once ends it once.
func (g *outsideGate) releaser(tenant string, started time.Time) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.endLocked(tenant, g.tenants[tenant], started)
		})
	}
}

// endLocked ends one piece of t's work, started at started, and lets in
// t's waiting pieces its share now allows.
func (g *outsideGate) endLocked(tenant string, t *gateTenant, started time.Time) {
	now := g.now()
	t.running--
	t.startSum -= started.Sub(g.origin)
	t.used = decayed(t.used, t.usedAt, now) + now.Sub(started).Seconds()
	t.usedAt = now
	t.last = now
	for share := g.shareLocked(tenant, now); len(t.waiting) > 0 && t.running < share; {
		t.waiting[0] <- admission{at: now, workers: workersFor(share)}
		t.waiting = t.waiting[1:]
		g.startLocked(t, now)
	}
	g.forgetIdleLocked(now)
}

// decayed is busy time v measured at at, decayed to now.
func decayed(v float64, at, now time.Time) float64 {
	if dt := now.Sub(at); dt > 0 {
		return v * math.Exp2(-dt.Seconds()/usageHalfLife.Seconds())
	}
	return v
}

// usageLocked is t's busy time now: ended pieces decayed, plus the time
// its running pieces have run so far.
func (g *outsideGate) usageLocked(t *gateTenant, now time.Time) float64 {
	runningFor := time.Duration(t.running)*now.Sub(g.origin) - t.startSum
	return decayed(t.used, t.usedAt, now) + runningFor.Seconds()
}

// unlimited is the share of a tenant that is not limited.
const unlimited = int(^uint(0) >> 1)

// workersFor is the CPUs a piece run under share may use: the share
// itself when the tenant is limited (a policy evaluated over a large
// view would otherwise run on every CPU), no bound otherwise.
func workersFor(share int) int {
	if share == unlimited {
		return 0
	}
	return share
}

// shareLocked is how many pieces tenant may run at once now: unlimited
// while no other tenant is active or while its busy time is within the
// active tenants' average; otherwise slots divided among the active
// tenants (tenant included), at least one.
func (g *outsideGate) shareLocked(tenant string, now time.Time) int {
	active, total := 0, 0.0
	for _, t := range g.tenants {
		if g.activeLocked(t, now) {
			active++
			total += g.usageLocked(t, now)
		}
	}
	if active <= 1 {
		return unlimited
	}
	share := max(1, g.slots/active)
	used := g.usageLocked(g.tenants[tenant], now)
	if used <= total/float64(active) || used/usageScale <= float64(share)/2 {
		return unlimited
	}
	return share
}

// usageScale is the busy time (decayed, in seconds) of one piece that
// has run without end: the integral of the decay, half-life / ln 2. A
// tenant's busy time over it is the CPUs it has been keeping busy.
const usageScale = float64(usageHalfLife) / float64(time.Second) / math.Ln2

func (g *outsideGate) activeLocked(t *gateTenant, now time.Time) bool {
	return t.running > 0 || len(t.waiting) > 0 || now.Sub(t.last) < g.window
}

// forgetIdleLocked drops tenants that are no longer active, so the map
// holds only tenants working now or lately (a tenant's busy time is
// forgotten with it: by then it has decayed by window/half-life).
func (g *outsideGate) forgetIdleLocked(now time.Time) {
	for name, t := range g.tenants {
		if !g.activeLocked(t, now) {
			delete(g.tenants, name)
		}
	}
}
