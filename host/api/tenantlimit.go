package api

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"golang.org/x/time/rate"
)

// Per-tenant limits, so that no tenant can take the server from the
// others: each tenant may have at most TenantMaxInflight requests in
// flight at once, and makes requests from a token bucket of TenantBurst
// refilled at TenantRate per second. A request past either is answered
// 429 with Retry-After before its body is read, and nothing is written:
// the caller retries it with the same request id.
//
// The guard does its slow work outside the store's write lock, so a slow
// request no longer stalls other tenants through the store; these limits
// bound what remains shared, the CPUs, the plugins and the store's reader
// connections, to a tenant's share.

// TenantLimits configures the per-tenant limits; a zero field turns its
// limit off.
type TenantLimits struct {
	MaxInflight int
	Rate        float64
	Burst       int
}

// tenantLimiter holds one tenant's in-flight slots and bucket.
type tenantLimiter struct {
	slots  chan struct{} // nil: no in-flight limit
	bucket *rate.Limiter // nil: no rate limit
}

// newTenantLimiters makes one limiter per tenant name. The set of tenants
// is fixed by the configuration, so the map is never written after New
// and needs no lock.
func newTenantLimiters(names []string, l TenantLimits) map[string]*tenantLimiter {
	out := make(map[string]*tenantLimiter, len(names))
	for _, n := range names {
		tl := &tenantLimiter{}
		if l.MaxInflight > 0 {
			tl.slots = make(chan struct{}, l.MaxInflight)
		}
		if l.Rate > 0 {
			tl.bucket = rate.NewLimiter(rate.Limit(l.Rate), max(l.Burst, 1))
		}
		out[n] = tl
	}
	return out
}

// admit takes an in-flight slot and a token for one request. It returns
// the function that gives the slot back, or, when the request must be
// refused, the limit it ran into and how long to wait.
func (tl *tenantLimiter) admit(now time.Time) (release func(), limit string, wait time.Duration) {
	if tl == nil {
		return func() {}, "", 0
	}
	release = func() {}
	if tl.slots != nil {
		select {
		case tl.slots <- struct{}{}:
			release = func() { <-tl.slots }
		default:
			return nil, "tenant_max_inflight", time.Second
		}
	}
	if tl.bucket != nil {
		r := tl.bucket.ReserveN(now, 1)
		if d := r.DelayFrom(now); !r.OK() || d > 0 {
			// The token is not taken: a refused request costs nothing.
			r.CancelAt(now)
			release()
			if !r.OK() {
				d = time.Second
			}
			return nil, "tenant_rate", d
		}
	}
	return release, "", 0
}

// tooManyRequests answers 429 naming the limit, with Retry-After in whole
// seconds (at least 1).
func tooManyRequests(w http.ResponseWriter, tenant, limit string, wait time.Duration) {
	secs := max(int(math.Ceil(wait.Seconds())), 1)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	msg := "tenant " + strconv.Quote(tenant) + " is over its " + limit + " limit: retry after " + strconv.Itoa(secs) + " s with the same request_id (nothing was done)"
	writeJSON(w, http.StatusTooManyRequests, errorBody{Error: msg, Field: limit})
}
