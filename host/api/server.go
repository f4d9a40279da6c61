package api

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sort"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/compactguard/compactguard/host/api/wire"
	"github.com/compactguard/compactguard/host/config"
	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/plugins"
	"github.com/compactguard/compactguard/host/runtime"
)

// Defaults of Options.
const (
	DefaultRequestTimeout  = 60 * time.Second
	DefaultShutdownTimeout = 10 * time.Second
	// TenantHeader lets the budget authority name the tenant of the
	// session whose budget it changes. Without it the server looks the
	// session up in every configured tenant.
	TenantHeader = "X-Compactguard-Tenant"
)

// PluginInfos is what the server reads from the plugin manager: readiness
// (no plugin is unrecoverable, see plugins.State) and the restart and
// failure counts for /metrics. *plugins.Manager implements it.
type PluginInfos interface {
	Infos() []plugins.Info
}

// Options assemble a Server. Guard is required; everything else has a
// default that fails closed (no tenants: every session route answers 401;
// no VerifyAuthority: no budget change is ever accepted).
type Options struct {
	Guard *guard.Guard
	// Store answers readiness probes and audit reads; nil means
	// Guard.Store(). A store that implements CommitProber is probed with
	// a committed write, any other with Ping.
	Store ledger.Store
	// Plugins, when set, makes /readyz answer 503 while a plugin is
	// unrecoverable and feeds the compactguard_plugin_* metrics. Nil
	// (in-process plugins, as in tests) skips both.
	Plugins PluginInfos
	// ReadyProbeEvery is the least time between two store probes
	// (DefaultReadyProbeEvery when 0); ReadyProbeTimeout bounds one
	// (DefaultReadyProbeTimeout when 0).
	ReadyProbeEvery   time.Duration
	ReadyProbeTimeout time.Duration
	// Tenants are the orchestrators allowed in, with their bearer tokens.
	Tenants []Tenant
	// BudgetAuthority names the authority that alone changes budgets
	// (config budget.authority); VerifyAuthority checks its credential.
	BudgetAuthority string
	VerifyAuthority func(credential string) bool
	// MaxBodyBytes bounds a request body (413 above); 0 means the config default.
	MaxBodyBytes int64
	// MaxSpansPerBatch bounds the spans of one request: an append's
	// spans, a compaction's originals (413 above); 0 means the config
	// default.
	MaxSpansPerBatch int
	// AuthFailBurst is how many failed authentications in a row a client
	// address may make before it is throttled (see throttle.go); 0 means
	// AuthFailBurst, a negative value turns throttling off.
	AuthFailBurst int
	// TenantLimits bound each tenant's requests in flight and per second
	// (tenantlimit.go); the zero value turns both off. FromRuntime takes
	// the config's (api.tenant_max_inflight, tenant_rate, tenant_burst).
	TenantLimits TenantLimits
	// RequestTimeout bounds one request's work (store and plugins); past it
	// the request answers 503 and no decision is made.
	RequestTimeout time.Duration
	Logger         hclog.Logger
}

// FromRuntime derives Options from a running host: the tenants' tokens are
// read from the environment variables the config names (through
// lookupEnv, os.LookupEnv in production). A tenant whose variable is unset
// or empty gets no access and a warning naming the variable (never its
// value) is logged.
func FromRuntime(rt *runtime.Runtime, lookupEnv func(string) (string, bool)) Options {
	if lookupEnv == nil {
		lookupEnv = os.LookupEnv
	}
	cfg := rt.Config
	o := Options{
		Guard: rt.Guard, Store: rt.Store, Plugins: rt.Plugins, Logger: rt.Log.Named("api"),
		BudgetAuthority: cfg.Budget.Authority, MaxBodyBytes: cfg.API.MaxBodyBytes, MaxSpansPerBatch: cfg.API.MaxSpansPerBatch,
		AuthFailBurst: authFailBurst(cfg.API.AuthFailBurst),
		TenantLimits:  TenantLimits{MaxInflight: cfg.API.TenantMaxInflight, Rate: cfg.API.TenantRate, Burst: cfg.API.TenantBurst},
	}
	for _, t := range cfg.API.Tenants {
		tok, ok := lookupEnv(t.TokenEnv)
		if !ok || tok == "" {
			o.Logger.Warn("tenant has no token: its environment variable is unset or empty, so it gets no access", "tenant", t.Name, "token_env", t.TokenEnv)
			continue
		}
		o.Tenants = append(o.Tenants, Tenant{Name: t.Name, Token: tok})
	}
	if a := cfg.Authority(cfg.Budget.Authority); a != nil {
		o.VerifyAuthority = func(cred string) bool { return a.Verify(cred, lookupEnv) }
	}
	return o
}

// Server is the orchestrator HTTP API. It holds no state of its own beyond
// configuration and metrics: sessions live in the store.
type Server struct {
	g        *guard.Guard
	store    ledger.Store
	plugins  PluginInfos
	tenants  []tenantKey
	names    []string
	auth     string
	verify   func(string) bool
	maxBody  int64
	maxSpans int
	timeout  time.Duration
	log      hclog.Logger
	metrics  *metrics
	ready    *readiness
	mux      *http.ServeMux
	patterns []string
	throttle *authThrottle // failed authentications per client address
	limits   map[string]*tenantLimiter
	// schemas are the OpenAPI document's schemas by name: decode checks
	// required fields and suggests names for unknown ones from them.
	schemas map[string]*schemaNode
}

// New checks the options and builds the server and its routes.
func New(o Options) (*Server, error) {
	if o.Guard == nil {
		return nil, errors.New("api: no guard")
	}
	if o.Store == nil {
		o.Store = o.Guard.Store()
	}
	if o.AuthFailBurst == 0 {
		o.AuthFailBurst = AuthFailBurst
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = config.DefaultMaxBodyBytes
	}
	if o.MaxSpansPerBatch <= 0 {
		o.MaxSpansPerBatch = config.DefaultMaxSpansPerBatch
	}
	if o.RequestTimeout <= 0 {
		o.RequestTimeout = DefaultRequestTimeout
	}
	if o.Logger == nil {
		o.Logger = hclog.NewNullLogger()
	}
	if o.VerifyAuthority == nil {
		o.VerifyAuthority = func(string) bool { return false }
	}
	if o.ReadyProbeEvery <= 0 {
		o.ReadyProbeEvery = DefaultReadyProbeEvery
	}
	if o.ReadyProbeTimeout <= 0 {
		o.ReadyProbeTimeout = DefaultReadyProbeTimeout
	}
	ready := newReadiness(o.Store, o.Plugins, o.Logger.Named("ready"), o.ReadyProbeEvery, o.ReadyProbeTimeout)
	s := &Server{
		g: o.Guard, store: o.Store, plugins: o.Plugins, auth: o.BudgetAuthority, verify: o.VerifyAuthority,
		maxBody: o.MaxBodyBytes, maxSpans: o.MaxSpansPerBatch, timeout: o.RequestTimeout, log: o.Logger, metrics: newMetrics(o.Plugins, ready),
		ready: ready, mux: http.NewServeMux(), throttle: newAuthThrottle(o.AuthFailBurst, time.Now),
	}
	schemas, err := requestSchemas(OpenAPI)
	if err != nil {
		return nil, fmt.Errorf("api: %w", err)
	}
	s.schemas = schemas
	seen := map[[sha256.Size]byte]string{}
	for _, t := range o.Tenants {
		if t.Name == "" {
			return nil, errors.New("api: a tenant without a name")
		}
		k := tenantKey{name: t.Name}
		if t.Token != "" {
			k.sum, k.set = sha256.Sum256([]byte(t.Token)), true
			if other, dup := seen[k.sum]; dup {
				return nil, fmt.Errorf("api: tenants %q and %q have the same token: give each tenant its own", other, t.Name)
			}
			seen[k.sum] = t.Name
			if s.verify(t.Token) {
				return nil, fmt.Errorf("api: tenant %q's token is the budget authority's credential: an orchestrator must not be able to change its own budget", t.Name)
			}
		}
		s.tenants = append(s.tenants, k)
		s.names = append(s.names, t.Name)
	}
	s.limits = newTenantLimiters(s.names, o.TenantLimits)
	s.routes()
	return s, nil
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.mux }

// Patterns lists the registered ServeMux patterns ("POST /v1/sessions"),
// sorted: the OpenAPI document must describe exactly these.
func (s *Server) Patterns() []string {
	out := append([]string(nil), s.patterns...)
	sort.Strings(out)
	return out
}

// access says who may call a route.
type access int

const (
	public     access = iota // health, metrics, the OpenAPI document
	tenantOnly               // a tenant's bearer token
	budgetAuth               // the budget authority's credential (tenants get 403)
)

// caller is who made a request.
type caller struct {
	// tenant is the caller's tenant; "" for the budget authority.
	tenant string
	// authority is true when the bearer is the budget authority's credential.
	authority  bool
	credential string
}

type handlerFunc func(w http.ResponseWriter, r *http.Request, c caller) error

func (s *Server) routes() {
	s.handle("POST /v1/sessions", tenantOnly, s.createSession)
	s.handle("GET /v1/sessions", tenantOnly, s.listSessions)
	s.handle("GET /v1/sessions/{id}", tenantOnly, s.getSession)
	s.handle("POST /v1/sessions/{id}/spans", tenantOnly, s.appendSpans)
	s.handle("GET /v1/sessions/{id}/items", tenantOnly, s.items)
	s.handle("POST /v1/sessions/{id}/compactions", tenantOnly, s.compact)
	s.handle("POST /v1/sessions/{id}/selections", tenantOnly, s.selection)
	s.handle("POST /v1/sessions/{id}/phase-signals", tenantOnly, s.phaseSignal)
	s.handle("POST /v1/sessions/{id}/policy-edits", tenantOnly, s.policyEdit)
	s.handle("PUT /v1/sessions/{id}/budget", budgetAuth, s.budget)
	s.handle("GET /v1/sessions/{id}/decisions", tenantOnly, s.decisions)
	s.handle("GET /v1/sessions/{id}/records", tenantOnly, s.records)
	s.handle("GET /v1/openapi.json", public, s.openapi)
	s.handle("GET /healthz", public, s.healthz)
	s.handle("GET /readyz", public, s.readyz)
	metricsHandler := promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{Registry: s.metrics.reg})
	s.handle("GET /metrics", public, func(w http.ResponseWriter, r *http.Request, _ caller) error {
		metricsHandler.ServeHTTP(w, r)
		return nil
	})
	s.uiRoutes() // the HTML dashboard under /ui/ (ui.go), not in Patterns
}

// handle registers one route behind authentication, the request timeout,
// error mapping and the latency metric.
func (s *Server) handle(pattern string, acc access, h handlerFunc) {
	s.patterns = append(s.patterns, pattern)
	route := pattern
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		defer func() { s.metrics.request(route, sw.code(), time.Since(start).Seconds()) }()
		var c caller
		addr := clientAddr(r)
		if acc != public {
			if wait := s.throttle.wait(addr); wait > 0 {
				tooManyFailures(sw, wait)
				return
			}
		}
		switch acc {
		case tenantOnly:
			c.tenant = s.tenantOf(bearer(r))
			if c.tenant == "" {
				s.throttle.failed(addr)
				challenge(sw, "missing or unknown bearer token: send Authorization: Bearer TOKEN with your tenant's token")
				return
			}
		case budgetAuth:
			c.credential = bearer(r)
			c.tenant = s.tenantOf(c.credential)
			if c.tenant == "" {
				if !s.verify(c.credential) {
					s.throttle.failed(addr)
					challenge(sw, fmt.Sprintf("missing or unknown bearer token: only the %q authority's credential changes a budget", s.auth))
					return
				}
				c.authority = true
			}
		}
		if c.tenant != "" {
			release, limit, wait := s.limits[c.tenant].admit(time.Now())
			if release == nil {
				tooManyRequests(sw, c.tenant, limit, wait)
				return
			}
			defer release()
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.timeout)
		defer cancel()
		if err := h(sw, r.WithContext(ctx), c); err != nil {
			s.fail(sw, r, err)
		}
	})
}

// statusWriter remembers the status code for the latency metric.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) code() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

type errorBody = wire.Error

// httpError is an answer decided by a handler: a status and a body.
type httpError struct {
	status int
	body   errorBody
}

func (e *httpError) Error() string { return fmt.Sprintf("%d: %s", e.status, e.body.Error) }

func errStatus(status int, field, format string, args ...any) error {
	return &httpError{status: status, body: errorBody{Error: fmt.Sprintf(format, args...), Field: field}}
}

// errTooLarge is a 413 naming the limit the request exceeded: the setting
// and its value, in the body's limit and max as well as in the message.
func errTooLarge(field, limit string, max int64, format string, args ...any) error {
	return &httpError{status: http.StatusRequestEntityTooLarge,
		body: errorBody{Error: fmt.Sprintf(format, args...), Field: field, Limit: limit, Max: max}}
}

// fail maps an error to its answer. Bad input is a 4xx naming the field;
// a missing session (or another tenant's) is 404; anything else, a store
// failure or a timeout above all, is 503: a decision that was not durably
// recorded was not made, so it is never answered as one.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var he *httpError
	var ie *guard.InputError
	switch {
	case errors.As(err, &he):
		writeJSON(w, he.status, he.body)
	case errors.As(err, &ie):
		writeJSON(w, http.StatusBadRequest, errorBody{Error: ie.Error(), Field: ie.Field})
	case errors.Is(err, ledger.ErrNotFound):
		writeJSON(w, http.StatusNotFound, errorBody{Error: "no such session"})
	case errors.Is(err, ledger.ErrExists):
		writeJSON(w, http.StatusConflict, errorBody{Error: "you already hold a session with that id: choose another id, or omit it to have one made", Field: "id"})
	case errors.Is(err, ledger.ErrConflict):
		writeJSON(w, http.StatusConflict, errorBody{Error: err.Error()})
	default:
		s.metrics.storeErrors.Inc()
		msg := "the store failed: nothing was decided or written; retry with the same request_id"
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			msg = "the request timed out: nothing was decided or written; retry with the same request_id"
		}
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "error", err)
		writeJSON(w, http.StatusServiceUnavailable, errorBody{Error: msg})
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		body = []byte(`{"error":"encoding the answer failed"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}

// sessionID reads the {id} path value; an empty one cannot match a route.
func sessionID(r *http.Request) string { return r.PathValue("id") }
