package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/compactguard/compactguard/internal/invcheck"
)

// Config is one load run.
type Config struct {
	// URL is the server (loopback only), Token a tenant's bearer token,
	// AuthorityCredential the budget authority's credential.
	URL                 string
	Token               string
	AuthorityCredential string
	// Sessions driven concurrently, for at most Duration and MaxOps
	// operations in total (whichever comes first).
	Sessions int
	Duration time.Duration
	MaxOps   int
	Seed     uint64
	// Policies are the names of the policies configured on the server.
	Policies []string
	// ServePID, KillEvery and MaxKills drive the plugin-kill fault: every
	// KillEvery one child process of ServePID (a plugin) is SIGKILLed, at
	// most MaxKills times. KillEvery 0 injects no fault.
	ServePID  int
	KillEvery time.Duration
	MaxKills  int
	// Log, when set, receives every event as a JSON line.
	Log io.Writer
	// RequestTimeout bounds one HTTP attempt.
	RequestTimeout time.Duration
	// Noisy, when set, runs a noisy neighbour beside the sessions
	// (noisy.go).
	Noisy *NoisyConfig
}

// Result is what a run did.
type Result struct {
	Elapsed time.Duration
	Ops     int
	// Stats are per operation type ("append", "compaction", ...).
	Stats  map[string]*Stat
	Faults []Fault
	// Logs are the sessions' events, for the checker.
	Logs []invcheck.SessionLog
	// All is every operation of the sessions (creates aside) together;
	// PluginFailures counts their decisions refused plugin_failure.
	All            Stat
	PluginFailures int
	// Noisy is what the noisy neighbour did, when there was one.
	Noisy *NoisyResult
}

// Stat is one operation type's count and latencies.
type Stat struct {
	Count int
	// Errors counts attempts that got no answer or a 5xx.
	Errors int
	// Throttled counts attempts answered 429 (retried after Retry-After).
	Throttled int
	latencies []time.Duration
}

// Percentile returns the p-th percentile latency (p in [0,100]).
func (s *Stat) Percentile(p float64) time.Duration {
	if len(s.latencies) == 0 {
		return 0
	}
	l := slices.Clone(s.latencies)
	slices.Sort(l)
	i := int(p / 100 * float64(len(l)-1))
	return l[i]
}

// checkLoopback refuses any URL whose host is not a loopback address: the
// load generator sends traffic to 127.0.0.1 only.
func checkLoopback(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("-url %q: %w", raw, err)
	}
	host := u.Hostname()
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("-url %q: only a loopback address (127.0.0.1) is allowed", raw)
	}
	return nil
}

// Run drives the load and returns what happened. It stops at the first of
// ctx's end, cfg.Duration and cfg.MaxOps.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if err := checkLoopback(cfg.URL); err != nil {
		return nil, err
	}
	if cfg.Sessions <= 0 || cfg.Duration <= 0 || cfg.MaxOps <= 0 {
		return nil, errors.New("sessions, duration and max-ops must be positive")
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Sessions * 2, MaxConnsPerHost: cfg.Sessions * 4}}
	defer hc.CloseIdleConnections()

	var ops atomic.Int64
	var logMu sync.Mutex
	runID := fmt.Sprintf("%x", time.Now().UnixNano()&0xffffffffff)
	workers := make([]*worker, cfg.Sessions)
	for i := range workers {
		workers[i] = &worker{
			cfg: &cfg, hc: hc, ops: &ops, logMu: &logMu,
			id:  fmt.Sprintf("cgload-%s-%d", runID, i),
			rng: rand.New(rand.NewPCG(cfg.Seed, uint64(i)+1)),
		}
		workers[i].w = &writer{rng: workers[i].rng}
	}
	res := &Result{Stats: map[string]*Stat{}}
	start := time.Now()
	var wg sync.WaitGroup
	faults := make(chan []Fault, 1)
	if cfg.KillEvery > 0 && cfg.ServePID > 0 {
		go func() {
			faults <- killPlugins(ctx, cfg.ServePID, cfg.KillEvery, cfg.MaxKills, rand.New(rand.NewPCG(cfg.Seed, 0)))
		}()
	} else {
		faults <- nil
	}
	noisyDone := make(chan *NoisyResult, 1)
	if cfg.Noisy != nil {
		go func() { noisyDone <- runNoisy(ctx, &cfg, runID) }()
	} else {
		noisyDone <- nil
	}
	errs := make([]error, len(workers))
	for i, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = w.run(ctx)
		}()
	}
	wg.Wait()
	cancel()
	res.Elapsed = time.Since(start)
	res.Faults = <-faults
	res.Noisy = <-noisyDone
	for _, w := range workers {
		res.Logs = append(res.Logs, invcheck.SessionLog{ID: w.id, Events: w.events})
		for _, e := range w.events {
			var d struct {
				Reason string `json:"reason"`
			}
			if e.Status == http.StatusOK && json.Unmarshal(e.Response, &d) == nil && d.Reason == "plugin_failure" {
				res.PluginFailures++
			}
		}
		for op, st := range w.stats {
			t := res.Stats[op]
			if t == nil {
				t = &Stat{}
				res.Stats[op] = t
			}
			t.Count += st.Count
			t.Errors += st.Errors
			t.Throttled += st.Throttled
			t.latencies = append(t.latencies, st.latencies...)
			if op != invcheck.OpCreate {
				res.Ops += st.Count
				res.All.Count += st.Count
				res.All.Errors += st.Errors
				res.All.Throttled += st.Throttled
				res.All.latencies = append(res.All.latencies, st.latencies...)
			}
		}
	}
	return res, errors.Join(errs...)
}

// worker drives one session, one request at a time.
type worker struct {
	cfg    *Config
	hc     *http.Client
	ops    *atomic.Int64
	logMu  *sync.Mutex
	id     string
	rng    *rand.Rand
	w      *writer
	live   []*gspan
	events []invcheck.Event
	stats  map[string]*Stat
	reqN   int
	spanN  int
	// fresh is true while the newest accepted phase signal was taken on
	// the current view.
	fresh bool
	// quiet counts operations left in a compaction-only streak, begun
	// after a phase change: signals then see only compaction output, and
	// the guard must not let them change the phase.
	quiet int
	// phase is the phase the newest signal reported.
	phase string
}

func (w *worker) run(ctx context.Context) error {
	w.stats = map[string]*Stat{}
	e := w.call(ctx, invcheck.Event{Op: invcheck.OpCreate, Method: http.MethodPost, Path: "/v1/sessions"}, w.cfg.Token, map[string]string{"id": w.id})
	if e.Status != http.StatusCreated {
		return fmt.Errorf("creating session %s: status %d %s %s", w.id, e.Status, e.Err, e.Response)
	}
	for ctx.Err() == nil {
		if w.ops.Add(1) > int64(w.cfg.MaxOps) {
			return nil
		}
		w.step(ctx)
	}
	return nil
}

// step makes one operation, chosen by weight.
func (w *worker) step(ctx context.Context) {
	if len(w.live) < 3 {
		w.appendSpans(ctx)
		return
	}
	if w.rng.IntN(25) == 0 {
		w.w.theme = w.rng.IntN(4)
	}
	if w.quiet > 0 {
		w.quiet--
		if w.rng.IntN(2) == 0 {
			w.compact(ctx)
		} else {
			w.phaseSignal(ctx)
		}
		return
	}
	switch r := w.rng.IntN(100); {
	case r < 30:
		w.appendSpans(ctx)
	case r < 62:
		w.compact(ctx)
	case r < 74:
		w.phaseSignal(ctx)
	case r < 90:
		if !w.fresh && w.rng.IntN(10) < 7 {
			w.phaseSignal(ctx)
		}
		w.policyEdit(ctx)
	default:
		w.budget(ctx)
	}
}

func (w *worker) requestID() string {
	w.reqN++
	return fmt.Sprintf("%s-r%d", w.id, w.reqN)
}

func (w *worker) spanID(prefix string) string {
	w.spanN++
	return fmt.Sprintf("%s%d", prefix, w.spanN)
}

type wireSpan struct {
	ID   string            `json:"id"`
	Kind string            `json:"kind"`
	Text string            `json:"text"`
	Meta map[string]string `json:"meta,omitempty"`
}

func wireOf(s gspan) wireSpan { return wireSpan{ID: s.ID, Kind: s.Kind, Text: s.Text, Meta: s.Meta} }

func (w *worker) appendSpans(ctx context.Context) {
	n := 1 + w.rng.IntN(4)
	var spans []gspan
	for range n {
		id := w.spanID("s")
		if w.rng.IntN(10) == 0 && len(w.live) > 0 {
			// A byte-identical copy of a live span, for lossless dedup.
			src := w.live[w.rng.IntN(len(w.live))]
			if src.Kind != "summary" {
				cp := gspan{ID: id, Kind: src.Kind, Text: src.Text, Meta: src.Meta}
				for _, p := range src.Planted {
					cp.Planted = append(cp.Planted, invcheck.Planted{Span: id, Category: p.Category, Text: p.Text})
				}
				spans = append(spans, cp)
				continue
			}
		}
		spans = append(spans, w.w.span(id))
	}
	body := struct {
		Spans []wireSpan `json:"spans"`
	}{}
	var planted []invcheck.Planted
	for _, s := range spans {
		body.Spans = append(body.Spans, wireOf(s))
		planted = append(planted, s.Planted...)
	}
	e := w.call(ctx, invcheck.Event{Op: invcheck.OpAppend, Method: http.MethodPost, Path: w.path("spans"), Planted: planted}, w.cfg.Token, body)
	if e.Status == http.StatusOK {
		var r struct {
			Appended int `json:"appended"`
		}
		_ = json.Unmarshal(e.Response, &r)
		if r.Appended > 0 {
			w.fresh = false
		}
		for i := range spans {
			w.live = append(w.live, &spans[i])
		}
	}
}

func (w *worker) path(rest string) string {
	p := "/v1/sessions/" + url.PathEscape(w.id)
	if rest != "" {
		p += "/" + rest
	}
	return p
}

// compactionBody is the JSON of a compaction request.
type compactionBody struct {
	Covers    []string    `json:"covers"`
	Summary   string      `json:"summary"`
	SelfScore *float64    `json:"self_score,omitempty"`
	Originals *[]wireSpan `json:"originals,omitempty"`
	RequestID string      `json:"request_id"`
}

// pick returns up to n distinct live spans that satisfy keep, in view order.
func (w *worker) pick(n int, keep func(*gspan) bool) []*gspan {
	var cand []*gspan
	for _, s := range w.live {
		if keep(s) {
			cand = append(cand, s)
		}
	}
	w.rng.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
	if len(cand) > n {
		cand = cand[:n]
	}
	return cand
}

func notSummary(s *gspan) bool { return s.Kind != "summary" }

func (w *worker) compact(ctx context.Context) {
	variant := invcheck.VariantFaithful
	switch r := w.rng.IntN(100); {
	case r < 28:
	case r < 48:
		variant = invcheck.VariantLossy
	case r < 63:
		variant = invcheck.VariantSummaryOfSummary
	case r < 75:
		variant = invcheck.VariantUnpinnedInline
	case r < 83:
		variant = invcheck.VariantUnpinnedUnknown
	default:
		variant = invcheck.VariantDedup
	}
	body := compactionBody{RequestID: w.requestID()}
	if w.rng.IntN(3) == 0 {
		body.SelfScore = new(0.9 + float64(w.rng.IntN(10))/100)
	}
	ev := invcheck.Event{Op: invcheck.OpCompaction, Method: http.MethodPost, Path: w.path("compactions"), RequestID: body.RequestID}
	var covers []*gspan
	var planted []invcheck.Planted
	omit := map[string]bool{}
	unpinned := false
	switch variant {
	case invcheck.VariantLossy:
		withProhibition := func(s *gspan) bool {
			for _, p := range s.Planted {
				if p.Category == "prohibition" {
					return true
				}
			}
			return false
		}
		covers = w.pick(1, withProhibition)
		if len(covers) == 0 {
			variant = invcheck.VariantFaithful
			break
		}
		covers = append(covers, w.pick(1+w.rng.IntN(2), func(s *gspan) bool { return s != covers[0] && !s.Unpinned })...)
		for _, p := range covers[0].Planted {
			if p.Category == "prohibition" {
				omit[p.Text] = true
				ev.Omitted = append(ev.Omitted, p.Text)
				break
			}
		}
	case invcheck.VariantSummaryOfSummary:
		covers = w.pick(1, func(s *gspan) bool { return s.Kind == "summary" })
		if len(covers) == 0 {
			variant = invcheck.VariantFaithful
			break
		}
		covers = append(covers, w.pick(w.rng.IntN(3), func(s *gspan) bool { return s != covers[0] })...)
	case invcheck.VariantUnpinnedInline, invcheck.VariantUnpinnedUnknown:
		unpinned = true
		origs := []wireSpan{}
		for range 1 + w.rng.IntN(2) {
			o := w.w.inline(w.spanID("u"))
			body.Covers = append(body.Covers, o.ID)
			if variant == invcheck.VariantUnpinnedInline {
				origs = append(origs, wireOf(o))
				planted = append(planted, o.Planted...)
			}
		}
		body.Originals = &origs
		ev.Planted = planted
	case invcheck.VariantDedup:
		seen := map[string]*gspan{}
		for _, s := range w.live {
			if s.Kind == "summary" {
				continue
			}
			k := s.Kind + "\x00" + s.Text
			if first, ok := seen[k]; ok && first != nil {
				covers = []*gspan{s}
				break
			}
			seen[k] = s
		}
		if len(covers) == 0 {
			variant = invcheck.VariantFaithful
		}
	}
	if variant == invcheck.VariantFaithful {
		n := 1 + w.rng.IntN(4)
		if w.quiet > 0 {
			n = 4 + w.rng.IntN(5) // compact much of the window away
		}
		covers = w.pick(n, notSummary)
	}
	for _, c := range covers {
		body.Covers = append(body.Covers, c.ID)
		planted = append(planted, c.Planted...)
		unpinned = unpinned || c.Unpinned
	}
	if len(body.Covers) == 0 {
		w.appendSpans(ctx)
		return
	}
	if variant != invcheck.VariantDedup {
		cue := w.rng.IntN(4)
		if w.quiet > 0 {
			// Pull away from the current phase.
			for phaseIndex(w.phase) == cue {
				cue = w.rng.IntN(4)
			}
		}
		body.Summary = w.w.summary(planted, omit, len(body.Covers), cue)
	}
	ev.Variant = variant
	e := w.call(ctx, ev, w.cfg.Token, body)
	if e.Status != http.StatusOK {
		return
	}
	var d struct {
		Allowed   bool   `json:"allowed"`
		SummaryID string `json:"summary_id"`
	}
	if json.Unmarshal(e.Response, &d) != nil || !d.Allowed {
		return
	}
	gone := map[string]bool{}
	for _, c := range covers {
		gone[c.ID] = true
	}
	w.live = slices.DeleteFunc(w.live, func(s *gspan) bool { return gone[s.ID] })
	if body.Summary != "" {
		var kept []invcheck.Planted
		for _, p := range planted {
			if !omit[p.Text] {
				kept = append(kept, p)
			}
		}
		w.live = append(w.live, &gspan{ID: d.SummaryID, Kind: "summary", Text: body.Summary, Planted: kept, Unpinned: unpinned})
	}
	w.fresh = false
}

func (w *worker) phaseSignal(ctx context.Context) {
	rid := w.requestID()
	e := w.call(ctx, invcheck.Event{Op: invcheck.OpPhaseSignal, Method: http.MethodPost, Path: w.path("phase-signals"), RequestID: rid}, w.cfg.Token, map[string]string{"request_id": rid})
	var d struct {
		Accepted     bool   `json:"accepted"`
		PhaseChanged bool   `json:"phase_changed"`
		Phase        string `json:"phase"`
	}
	if e.Status == http.StatusOK && json.Unmarshal(e.Response, &d) == nil && d.Accepted {
		w.fresh, w.phase = true, d.Phase
		if d.PhaseChanged && w.quiet == 0 {
			w.quiet = 3 + w.rng.IntN(5)
		}
	}
}

// phaseIndex maps a phase name to its summaryCues index (-1 if unknown).
func phaseIndex(phase string) int {
	switch phase {
	case "exploration":
		return 0
	case "synthesis":
		return 1
	case "verification":
		return 2
	case "repair":
		return 3
	}
	return -1
}

func (w *worker) policyEdit(ctx context.Context) {
	rid := w.requestID()
	body := map[string]any{"request_id": rid, "signal": "latest"}
	ev := invcheck.Event{Op: invcheck.OpPolicyEdit, Method: http.MethodPost, Path: w.path("policy-edits"), RequestID: rid}
	name := fmt.Sprintf("load_%d", w.reqN)
	switch r := w.rng.IntN(100); {
	case r < 25 && len(w.cfg.Policies) > 0:
		ev.Variant = invcheck.VariantNamed
		body["policy"] = w.cfg.Policies[w.rng.IntN(len(w.cfg.Policies))]
	case r < 30:
		ev.Variant = "plugin_proposal"
	case r < 55:
		ev.Variant = invcheck.VariantHCLFit
		ev.MatchAll = &invcheck.MatchAll{Cap: 50 + w.rng.IntN(1500), TopK: 20 + w.rng.IntN(40)}
		body["policy_hcl"] = matchAllHCL(name, ev.MatchAll.TopK, ev.MatchAll.Cap, false)
	case r < 80:
		ev.Variant = invcheck.VariantHCLOver
		ev.MatchAll = &invcheck.MatchAll{Cap: 10_000_000 + w.rng.IntN(1000), TopK: 1000 + w.rng.IntN(100)}
		body["policy_hcl"] = matchAllHCL(name, ev.MatchAll.TopK, ev.MatchAll.Cap, false)
	case r < 93:
		ev.Variant = invcheck.VariantHCLBudget
		ev.CarriesBudget = true
		body["policy_hcl"] = matchAllHCL(name, 10, 100+w.rng.IntN(100), true)
	default:
		ev.Variant = invcheck.VariantHCLBad
		body["policy_hcl"] = fmt.Sprintf("policy %q {\n  top_k = \n", name)
	}
	w.call(ctx, ev, w.cfg.Token, body)
}

func (w *worker) budget(ctx context.Context) {
	rid := w.requestID()
	tokens := 300 + w.rng.IntN(2700)
	if w.rng.IntN(2) == 0 {
		tokens = 3000 + w.rng.IntN(57000)
	}
	ev := invcheck.Event{Op: invcheck.OpBudget, Method: http.MethodPut, Path: w.path("budget"), RequestID: rid}
	token := w.cfg.AuthorityCredential
	switch r := w.rng.IntN(100); {
	case r < 60:
		ev.Credential = invcheck.CredAuthority
	case r < 85:
		ev.Credential, token = invcheck.CredTenant, w.cfg.Token
	default:
		ev.Credential, token = invcheck.CredWrong, fmt.Sprintf("wrong-%x", w.rng.Uint64())
	}
	w.call(ctx, ev, token, map[string]any{"tokens": tokens, "request_id": rid})
}

// call sends one request (retrying a transport error or 5xx twice with
// the same body and request_id, and a 429 after its Retry-After), logs it
// and returns the event.
func (w *worker) call(ctx context.Context, e invcheck.Event, token string, body any) invcheck.Event {
	e.Session, e.Index = w.id, len(w.events)
	raw, err := json.Marshal(body)
	if err != nil {
		e.Err = err.Error()
		return e
	}
	e.Request = raw
	e.Start = time.Now()
	st := w.stats[e.Op]
	if st == nil {
		st = &Stat{}
		w.stats[e.Op] = st
	}
	st.Count++
	for attempt := 1; attempt <= 3; attempt++ {
		e.Attempts = attempt
		t0 := time.Now()
		status, resp, retryAfter, err := w.do(ctx, e.Method, e.Path, token, raw)
		lat := time.Since(t0)
		e.LatencyMS = float64(lat.Microseconds()) / 1000
		e.Status, e.Response, e.Err = status, resp, ""
		if err != nil {
			e.Err = err.Error()
		}
		if err == nil && status == http.StatusTooManyRequests && attempt < 3 && ctx.Err() == nil {
			// A per-tenant limit: nothing was done; wait as told.
			st.Throttled++
			select {
			case <-ctx.Done():
			case <-time.After(retryAfter):
			}
			continue
		}
		if err == nil && status < 500 {
			st.latencies = append(st.latencies, lat)
			break
		}
		st.Errors++
		if ctx.Err() != nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	w.events = append(w.events, e)
	if w.cfg.Log != nil {
		w.logMu.Lock()
		_ = invcheck.WriteEvent(w.cfg.Log, e)
		w.logMu.Unlock()
	}
	return e
}

// do sends one HTTP request. It uses its own deadline rather than the run's
// context, so a request in flight when the run ends still gets its answer
// (an answer the log would otherwise miss).
func (w *worker) do(_ context.Context, method, path, token string, body []byte) (int, json.RawMessage, time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), w.cfg.RequestTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, w.cfg.URL+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil, 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := w.hc.Do(req)
	if err != nil {
		return 0, nil, 0, err
	}
	defer resp.Body.Close()
	retryAfter := time.Second
	if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && secs > 0 {
		retryAfter = time.Duration(secs) * time.Second
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return resp.StatusCode, nil, retryAfter, err
	}
	b = bytes.TrimSpace(b)
	if !json.Valid(b) {
		// Keep a non-JSON answer loggable.
		b, _ = json.Marshal(string(b))
	}
	return resp.StatusCode, json.RawMessage(b), retryAfter, nil
}
