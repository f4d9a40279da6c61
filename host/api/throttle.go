package api

import (
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Failed authentication is throttled per client address, so that tokens
// cannot be guessed at the speed of the network: an address may fail
// AuthFailBurst times in a row (Options.AuthFailBurst), then once per
// AuthFailEvery. Past that its
// requests that need a token are answered 429 with Retry-After before any
// token is looked at, so a right guess is not told apart from a wrong one.
// A request that authenticates costs nothing.
//
// Behind a reverse proxy every client shares the proxy's address: once one
// of them has spent the address's failures, the others are refused too
// until it stops. Serve TLS from compactguard itself (api { tls_cert })
// where that matters.
const (
	AuthFailBurst = 10 // the default of Options.AuthFailBurst
	AuthFailEvery = 6 * time.Second
	// maxThrottled bounds the addresses remembered; beyond it, addresses
	// whose budget has refilled are forgotten first.
	maxThrottled = 10000
)

// authThrottle is a token bucket of failures per client address.
type authThrottle struct {
	mu      sync.Mutex
	burst   float64 // failures allowed in a row; 0 turns throttling off
	now     func() time.Time
	clients map[string]*failBucket
}

type failBucket struct {
	left float64 // failures still allowed
	at   time.Time
}

func newAuthThrottle(burst int, now func() time.Time) *authThrottle {
	return &authThrottle{burst: float64(max(burst, 0)), now: now, clients: map[string]*failBucket{}}
}

// clientAddr is the address a request's failures are counted against.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// refill brings b up to date and reports whether it is full again.
func (t *authThrottle) refill(b *failBucket, now time.Time) bool {
	b.left += float64(now.Sub(b.at)) / float64(AuthFailEvery)
	b.at = now
	if b.left >= t.burst {
		b.left = t.burst
		return true
	}
	return false
}

// wait returns how long addr must wait before it may present a token
// again: zero when it may now.
func (t *authThrottle) wait(addr string) time.Duration {
	if t.burst == 0 {
		return 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	b, ok := t.clients[addr]
	if !ok {
		return 0
	}
	now := t.now()
	if t.refill(b, now) {
		delete(t.clients, addr)
		return 0
	}
	if b.left >= 1 {
		return 0
	}
	return time.Duration((1 - b.left) * float64(AuthFailEvery))
}

// failed counts one failed authentication of addr.
func (t *authThrottle) failed(addr string) {
	if t.burst == 0 {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	b, ok := t.clients[addr]
	if !ok {
		if len(t.clients) >= maxThrottled {
			for a, old := range t.clients {
				if t.refill(old, now) {
					delete(t.clients, a)
				}
			}
		}
		if len(t.clients) >= maxThrottled {
			return // every remembered address is mid-attack; do not grow
		}
		b = &failBucket{left: t.burst, at: now}
		t.clients[addr] = b
	}
	t.refill(b, now)
	b.left = max(b.left-1, 0)
}

// tooManyFailures answers 429 with Retry-After in whole seconds.
func tooManyFailures(w http.ResponseWriter, wait time.Duration) {
	secs := int((wait + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.Itoa(max(secs, 1)))
	writeJSON(w, http.StatusTooManyRequests, errorBody{Error: "too many failed authentications from this address: wait " + strconv.Itoa(max(secs, 1)) + " s before trying again"})
}

// authFailBurst maps the config's auth_fail_burst (0: off) onto
// Options.AuthFailBurst (0: the default, negative: off).
func authFailBurst(configured int) int {
	if configured == 0 {
		return -1
	}
	return configured
}
