package invcheck

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/tiktoken-go/tokenizer"
)

// Invariant numbers of a Violation: 1–7 are the checks of the load-test
// brief; 8 is the checker's own reconstruction disagreeing with the
// server (token accounting, view versions), which must not happen either.
const (
	InvUnpinned     = 1 // allowed compaction without a pinned reference and a non-empty or unknown DRS
	InvLostItem     = 2 // allowed compaction that lost a must-keep or planted item
	InvOverBudget   = 3 // accepted policy edit over budget
	InvAuthority    = 4 // budget changed without the authority's credential
	InvPhase        = 5 // phase changed by compaction output; edit justified by a stale or compaction signal
	InvChain        = 6 // hash chain does not verify
	InvAcknowledged = 7 // acknowledged decision missing from, or different in, the audit trail
	InvModel        = 8 // the server's accounting disagrees with the checker's reconstruction
)

// Violation is one broken invariant, with the decision that broke it.
type Violation struct {
	Session   string `json:"session"`
	Invariant int    `json:"invariant"`
	Seq       int64  `json:"seq,omitempty"`
	RequestID string `json:"request_id,omitempty"`
	Detail    string `json:"detail"`
}

func (v Violation) String() string {
	return fmt.Sprintf("invariant %d: session %s seq %d (request %s): %s", v.Invariant, v.Session, v.Seq, v.RequestID, v.Detail)
}

// Report is the checker's verdict over a load run.
type Report struct {
	Sessions int `json:"sessions"`
	Events   int `json:"events"`
	// Decisions counts audit-trail entries checked; ByType and ByReason
	// break them down ("compaction", "compaction/allowed/anchored_score_passed").
	Decisions  int            `json:"decisions"`
	ByType     map[string]int `json:"by_type"`
	ByReason   map[string]int `json:"by_reason"`
	Violations []Violation    `json:"violations"`
	// Notes are observations that are not violations (a refused request
	// the generator expected to pass, an unacknowledged request that the
	// trail shows was decided, the ledger chain not being exposed).
	Notes []string `json:"notes,omitempty"`
	// LedgerChain says how the ledger chain was checked.
	LedgerChain string `json:"ledger_chain"`
}

// Options adjust the checker.
type Options struct {
	// Encoding names the tokenizer encoding the server counts with
	// (default o200k_base).
	Encoding string
}

// Checker verifies sessions; it is not safe for concurrent use.
type Checker struct {
	codec tokenizer.Codec
}

// New returns a checker that counts tokens with the given encoding.
func New(o Options) (*Checker, error) {
	enc := tokenizer.Encoding(o.Encoding)
	if o.Encoding == "" {
		enc = tokenizer.O200kBase
	}
	codec, err := tokenizer.Get(enc)
	if err != nil {
		return nil, fmt.Errorf("invcheck: tokenizer %q: %w", enc, err)
	}
	return &Checker{codec: codec}, nil
}

// Check fetches every logged session's audit trail and checks it.
func (c *Checker) Check(ctx context.Context, logs []SessionLog, fetch Fetcher) (*Report, error) {
	r := newReport()
	for _, sl := range logs {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		t, err := fetch(ctx, sl.ID)
		if err != nil {
			return r, err
		}
		c.CheckSession(r, sl, t)
	}
	return r, nil
}

func newReport() *Report {
	return &Report{ByType: map[string]int{}, ByReason: map[string]int{}, Violations: []Violation{}}
}

// NewReport returns an empty report for CheckSession.
func NewReport() *Report { return newReport() }

// model is the checker's reconstruction of one session.
type model struct {
	spans   map[string]*mspan // the ledger: appended spans and allowed summaries
	order   []string
	covered map[string]bool
	planted map[string][]Planted
	budget  int
	version int64
	// appended: spans appended since the last signal; compacted: a
	// compaction since the last phase change.
	appended, compacted bool
	latest              *signal
	// degraded says why the reconstruction may be off from here on (an
	// append whose fate is unknown); model-dependent checks stop then.
	degraded string
}

type mspan struct {
	Span
	tokens int
}

type signal struct {
	id             int
	version        int64
	fromCompaction bool
}

func (m *model) live() []*mspan {
	var out []*mspan
	for _, id := range m.order {
		if !m.covered[id] {
			out = append(out, m.spans[id])
		}
	}
	return out
}

func (m *model) liveTokens() int {
	n := 0
	for _, s := range m.live() {
		n += s.tokens
	}
	return n
}

// session is the state of one CheckSession run.
type session struct {
	c      *Checker
	r      *Report
	id     string
	m      *model
	byReq  map[string]*TrailRecord
	used   map[int64]bool
	lastSq int64
}

func (s *session) violate(inv int, seq int64, req, format string, args ...any) {
	s.r.Violations = append(s.r.Violations, Violation{Session: s.id, Invariant: inv, Seq: seq, RequestID: req, Detail: fmt.Sprintf(format, args...)})
}

func (s *session) note(format string, args ...any) {
	s.r.Notes = append(s.r.Notes, fmt.Sprintf("session %s: ", s.id)+fmt.Sprintf(format, args...))
}

func (s *session) count(text string) int {
	n, err := s.c.codec.Count(text)
	if err != nil {
		s.note("counting tokens: %v", err)
	}
	return n
}

// CheckSession checks one session's events against its audit trail and
// adds what it finds to r.
func (c *Checker) CheckSession(r *Report, sl SessionLog, t *Trail) {
	s := &session{c: c, r: r, id: sl.ID, byReq: map[string]*TrailRecord{}, used: map[int64]bool{},
		m: &model{spans: map[string]*mspan{}, covered: map[string]bool{}, planted: map[string][]Planted{}, budget: -1}}
	r.Sessions++
	r.Events += len(sl.Events)

	// Invariant 6: the chains, verified here from the records themselves,
	// from the genesis of the tenant the server named when it created the
	// session and the id the generator chose.
	tenant := createdTenant(sl)
	switch {
	case tenant == "":
		tenant = t.Tenant
	case t.Tenant != "" && t.Tenant != tenant:
		s.violate(InvChain, 0, "", "the ledger is served as tenant %q's; the session was created in tenant %q", t.Tenant, tenant)
	}
	genesis := GenesisHash(tenant, sl.ID)
	if err := VerifyDecisionChain(genesis, t.Decisions); err != nil {
		s.violate(InvChain, 0, "", "audit trail chain: %v", err)
	}
	if !t.ChainOK {
		s.violate(InvChain, 0, "", "the server reports its ledger and audit trail do not verify: %s", t.ChainError)
	}
	if t.Records != nil {
		if err := VerifyLedgerChain(genesis, t.Records); err != nil {
			s.violate(InvChain, 0, "", "ledger chain: %v", err)
		}
		r.LedgerChain = "verified independently from the ledger records (GET /v1/sessions/{id}/records)"
	} else if r.LedgerChain == "" {
		r.LedgerChain = "not fetched: checked only through the server's chain_ok"
	}

	for i := range t.Decisions {
		d := &t.Decisions[i]
		r.Decisions++
		r.ByType[d.Type]++
		var dec Decision
		if err := json.Unmarshal(d.Body, &dec); err != nil {
			s.violate(InvAcknowledged, d.Seq, d.RequestID, "audit-trail body does not decode: %v", err)
			continue
		}
		r.ByReason[d.Type+"/"+verdict(dec)+"/"+dec.Reason]++
		if d.RequestID == "" {
			continue
		}
		// The API keeps the budget endpoint's request ids apart by
		// caller, recording a tenant's as "tenant:ID" and the
		// authority's as "authority:ID" (a release before kept the
		// authority's bare).
		key := d.RequestID
		if d.Type == "budget" {
			key = strings.TrimPrefix(strings.TrimPrefix(key, "tenant:"), "authority:")
		}
		if prev, dup := s.byReq[key]; dup {
			s.violate(InvAcknowledged, d.Seq, d.RequestID, "request_id decided twice (seq %d and %d): a retry must return the first decision", prev.Seq, d.Seq)
			continue
		}
		s.byReq[key] = d
	}

	for _, e := range sl.Events {
		s.event(e)
	}
	if t.Records != nil {
		s.checkLedger(t.Records)
	}
	for i := range t.Decisions {
		d := &t.Decisions[i]
		if !s.used[d.Seq] {
			s.violate(InvAcknowledged, d.Seq, d.RequestID, "a %s decision in the audit trail that no logged request made", d.Type)
		}
	}
}

// createdTenant is the tenant the server answered when the session was
// created ("" when the log has no such answer).
func createdTenant(sl SessionLog) string {
	for _, e := range sl.Events {
		var st stateResp
		if e.Op == OpCreate && e.Status == 201 && json.Unmarshal(e.Response, &st) == nil {
			return st.Tenant
		}
	}
	return ""
}

// checkLedger compares the served ledger with the reconstruction: the
// same spans in the order they were appended or allowed, and the live
// view (records without covered_by) the one the checker rebuilt.
func (s *session) checkLedger(recs []LedgerRecord) {
	m := s.m
	if m.degraded != "" {
		return
	}
	if len(recs) != len(m.order) {
		s.violate(InvModel, 0, "", "the ledger holds %d records, the checker's reconstruction %d", len(recs), len(m.order))
		return
	}
	for i, r := range recs {
		want := m.spans[m.order[i]]
		switch {
		case r.Span.ID != want.ID || r.Span.Kind != want.Kind || r.Span.Text != want.Text:
			s.violate(InvModel, 0, "", "ledger record %d is span %q, the checker expected %q there with the text it sent", r.Seq, r.Span.ID, want.ID)
			return
		case (r.CoveredBy != "") != m.covered[r.Span.ID]:
			s.violate(InvModel, 0, "", "ledger record %d (span %q): covered_by %q, but the checker has it covered=%v", r.Seq, r.Span.ID, r.CoveredBy, m.covered[r.Span.ID])
		}
	}
}

func verdict(d Decision) string {
	switch {
	case d.Allowed != nil && *d.Allowed, d.Accepted != nil && *d.Accepted:
		return "yes"
	case d.Allowed != nil || d.Accepted != nil:
		return "no"
	}
	return "none"
}

// Request and response bodies, decoded with the checker's own structs.
type (
	appendReq struct {
		Spans []Span `json:"spans"`
	}
	appendResp struct {
		Appended   int    `json:"appended"`
		Version    *int64 `json:"version"`
		LiveTokens *int   `json:"live_tokens"`
	}
	stateResp struct {
		Tenant  string `json:"tenant"`
		Budget  int    `json:"budget"`
		Version int64  `json:"version"`
	}
	compactionReq struct {
		Covers    []string `json:"covers"`
		Summary   string   `json:"summary"`
		Originals *[]Span  `json:"originals"`
		ID        string   `json:"id"`
	}
	budgetReq struct {
		Tokens int `json:"tokens"`
	}
	forbidden struct {
		Decision json.RawMessage `json:"decision"`
	}
)

func (s *session) event(e Event) {
	m := s.m
	switch e.Op {
	case OpCreate:
		var st stateResp
		if e.Status == 201 && json.Unmarshal(e.Response, &st) == nil {
			m.budget, m.version = st.Budget, st.Version
		} else {
			m.degraded = fmt.Sprintf("session creation answered %d", e.Status)
		}
		return
	case OpAppend:
		s.append(e)
		return
	}
	// A decision operation.
	rec := s.byReq[e.RequestID]
	var ackBody json.RawMessage
	if e.Acknowledged() {
		ackBody = e.Response
		if e.Status == 403 {
			var f forbidden
			if json.Unmarshal(e.Response, &f) != nil || len(f.Decision) == 0 {
				s.violate(InvAcknowledged, 0, e.RequestID, "403 to a tenant's budget attempt without the recorded decision")
				ackBody = nil
			} else {
				ackBody = f.Decision
			}
		}
	}
	if e.Op == OpBudget && e.Credential == CredWrong {
		if e.Status != 401 {
			s.violate(InvAuthority, 0, e.RequestID, "a budget change with a credential nobody holds was answered %d, want 401", e.Status)
		}
		if rec != nil {
			s.violate(InvAuthority, rec.Seq, e.RequestID, "an unauthenticated budget request wrote a decision into the audit trail")
		}
	}
	var body json.RawMessage
	switch {
	case rec != nil:
		if s.used[rec.Seq] {
			s.violate(InvAcknowledged, rec.Seq, e.RequestID, "two logged requests map to one decision")
		}
		s.used[rec.Seq] = true
		if rec.Seq <= s.lastSq {
			s.violate(InvAcknowledged, rec.Seq, e.RequestID, "decision seq %d comes after seq %d in the trail but was requested later", rec.Seq, s.lastSq)
		}
		s.lastSq = rec.Seq
		if ackBody != nil {
			if !sameJSON(ackBody, rec.Body) {
				s.violate(InvAcknowledged, rec.Seq, e.RequestID, "acknowledged decision differs from the audit trail: answered %s, recorded %s", short(ackBody), short(rec.Body))
			}
			if rec.Type != e.Op {
				s.violate(InvAcknowledged, rec.Seq, e.RequestID, "request was a %s, trail records a %s", e.Op, rec.Type)
			}
		} else {
			s.note("request %s (%s) was not acknowledged (status %d, %s) but was decided: seq %d", e.RequestID, e.Op, e.Status, e.Err, rec.Seq)
		}
		body = rec.Body
	case ackBody != nil:
		s.violate(InvAcknowledged, 0, e.RequestID, "acknowledged %s decision is not in the audit trail: %s", e.Op, short(ackBody))
		body = ackBody
	default:
		return // not decided: nothing happened
	}
	var d Decision
	if err := json.Unmarshal(body, &d); err != nil {
		s.violate(InvAcknowledged, 0, e.RequestID, "decision does not decode: %v", err)
		return
	}
	if d.Type != e.Op {
		return // reported above
	}
	switch e.Op {
	case OpCompaction:
		s.compaction(e, d)
	case OpPhaseSignal:
		s.phaseSignal(e, d)
	case OpPolicyEdit:
		s.policyEdit(e, d)
	case OpBudget:
		s.budget(e, d)
	}
}

func (s *session) append(e Event) {
	m := s.m
	var req appendReq
	if err := json.Unmarshal(e.Request, &req); err != nil {
		s.note("append %d: request does not decode: %v", e.Index, err)
		return
	}
	if e.Status != 200 {
		if e.Status >= 400 && e.Status < 500 {
			return // refused as input: nothing written
		}
		if m.degraded == "" {
			m.degraded = fmt.Sprintf("append %d answered %d (%s): its fate is unknown", e.Index, e.Status, e.Err)
			s.note("%s; model-dependent checks stop here", m.degraded)
		}
		return
	}
	var resp appendResp
	_ = json.Unmarshal(e.Response, &resp)
	fresh := 0
	for _, sp := range req.Spans {
		if _, ok := m.spans[sp.ID]; ok {
			continue
		}
		fresh++
		m.spans[sp.ID] = &mspan{Span: sp, tokens: s.count(sp.Text)}
		m.order = append(m.order, sp.ID)
	}
	for _, p := range e.Planted {
		m.planted[p.Span] = append(m.planted[p.Span], p)
	}
	if fresh != resp.Appended && m.degraded == "" {
		s.violate(InvModel, 0, e.RequestID, "append %d: %d new spans sent, server says %d appended", e.Index, fresh, resp.Appended)
	}
	if fresh > 0 {
		m.version++
		m.appended = true
	}
	if m.degraded == "" {
		if resp.Version != nil && *resp.Version != m.version {
			s.violate(InvModel, 0, "", "append %d: server view version %d, reconstructed %d", e.Index, *resp.Version, m.version)
		}
		if own := m.liveTokens(); resp.LiveTokens != nil && *resp.LiveTokens != own {
			s.violate(InvModel, 0, "", "append %d: server counts %d live tokens, the checker %d", e.Index, *resp.LiveTokens, own)
		}
	}
}

// root is one root original a compaction covers.
type root struct {
	id      string
	span    Span
	pinned  bool
	unknown bool
}

// roots follows covers through summaries to the root originals.
func (s *session) roots(req compactionReq) []root {
	m := s.m
	given := map[string]Span{}
	if req.Originals != nil {
		for _, o := range *req.Originals {
			given[o.ID] = o
		}
	}
	var out []root
	seen := map[string]bool{}
	var walk func(id string, top bool, depth int)
	walk = func(id string, top bool, depth int) {
		if seen[id] || depth > 64 {
			return
		}
		seen[id] = true
		sp, ok := m.spans[id]
		switch {
		case ok && sp.Kind == "summary":
			for _, c := range sp.Covers {
				walk(c, false, depth+1)
			}
		case ok:
			out = append(out, root{id: id, span: sp.Span, pinned: true})
		case top && given[id].ID != "":
			out = append(out, root{id: id, span: given[id]})
		default:
			out = append(out, root{id: id, unknown: true})
		}
	}
	for _, id := range req.Covers {
		walk(id, true, 0)
	}
	return out
}

func (s *session) compaction(e Event, d Decision) {
	m := s.m
	var req compactionReq
	if err := json.Unmarshal(e.Request, &req); err != nil {
		s.note("compaction %s: request does not decode: %v", e.RequestID, err)
		return
	}
	allowed := yes(d.Allowed)
	// Invariant 1, from the decision alone.
	if allowed && d.ReferencePinned != nil && !*d.ReferencePinned && (len(d.Items) > 0 || len(d.UnknownSpans) > 0) {
		s.violate(InvUnpinned, d.Seq, e.RequestID, "allowed (%s) with reference_pinned=false, %d decision-relevant items and %d unknown spans", d.Reason, len(d.Items), len(d.UnknownSpans))
	}
	if allowed {
		switch d.Reason {
		case "no_decision_relevant_items", "lossless_dedup", "anchored_score_passed":
		default:
			s.violate(InvUnpinned, d.Seq, e.RequestID, "allowed with reason %q, which is not an allowing reason", d.Reason)
		}
	}
	roots := s.roots(req)
	pinned := true
	var unknown []string
	var plantedRoots []Planted
	inline := map[string][]Planted{}
	for _, p := range e.Planted {
		inline[p.Span] = append(inline[p.Span], p)
	}
	for _, rt := range roots {
		switch {
		case rt.unknown:
			pinned = false
			unknown = append(unknown, rt.id)
		case !rt.pinned:
			pinned = false
			plantedRoots = append(plantedRoots, inline[rt.id]...)
		default:
			plantedRoots = append(plantedRoots, m.planted[rt.id]...)
		}
	}
	if m.degraded == "" && d.ReferencePinned != nil && *d.ReferencePinned != pinned {
		s.violate(InvUnpinned, d.Seq, e.RequestID, "decision says reference_pinned=%v; the generator pinned %v of the covered roots", *d.ReferencePinned, pinned)
	}
	if allowed && !pinned && m.degraded == "" {
		// Invariant 1, from what the generator knows.
		if len(unknown) > 0 {
			s.violate(InvUnpinned, d.Seq, e.RequestID, "allowed without a pinned reference while the content of %v was never sent (DRS unknown)", unknown)
		}
		if len(plantedRoots) > 0 {
			s.violate(InvUnpinned, d.Seq, e.RequestID, "allowed without a pinned reference although the originals carry %d planted decision-relevant sentences (first: %q)", len(plantedRoots), plantedRoots[0].Text)
		}
	}
	if !allowed {
		return
	}
	// Invariant 1 (must-keep items, DESIGN.md's failure 1), from the decision.
	for _, it := range d.Items {
		if it.MustKeep && !yes(it.Preserved) {
			s.violate(InvLostItem, d.Seq, e.RequestID, "allowed although must-keep %s item %q (span %s) is not preserved", it.Category, it.Text, it.Span)
		}
	}
	// ... and independently, from what the generator planted.
	if e.Variant == VariantLossy {
		s.violate(InvLostItem, d.Seq, e.RequestID, "the generator's lossy summary was allowed (%s); it omits %q", d.Reason, e.Omitted)
	}
	if d.Reason == "lossless_dedup" {
		s.checkDedup(e, d, req)
	} else if m.degraded == "" {
		for _, p := range plantedRoots {
			if strings.Contains(req.Summary, p.Text) || judgedPreserved(d.Items, p) {
				continue
			}
			s.violate(InvLostItem, d.Seq, e.RequestID, "allowed (%s) but planted %s %q of root %s is neither in the summary nor judged preserved", d.Reason, p.Category, p.Text, p.Span)
		}
	}
	// Apply it to the reconstruction.
	for _, c := range req.Covers {
		if _, ok := m.spans[c]; ok {
			m.covered[c] = true
		}
	}
	if req.Summary != "" {
		if d.SummaryID == "" {
			s.violate(InvModel, d.Seq, e.RequestID, "allowed compaction with a summary but no summary_id")
		} else {
			m.spans[d.SummaryID] = &mspan{Span: Span{ID: d.SummaryID, Kind: "summary", Text: req.Summary, Covers: req.Covers}, tokens: s.count(req.Summary)}
			m.order = append(m.order, d.SummaryID)
		}
	}
	m.version++
	m.compacted = true
	if m.degraded == "" && d.LiveTokens != nil {
		if own := m.liveTokens(); own != *d.LiveTokens {
			s.violate(InvModel, d.Seq, e.RequestID, "server counts %d live tokens after the compaction, the checker %d", *d.LiveTokens, own)
		}
	}
}

// judgedPreserved reports whether an item of the decision stands for the
// planted sentence and was judged preserved.
func judgedPreserved(items []Item, p Planted) bool {
	want := norm(p.Text)
	for _, it := range items {
		if it.Span != p.Span || it.Category != p.Category || !yes(it.Preserved) {
			continue
		}
		got := norm(it.Text)
		if got != "" && (strings.Contains(got, want) || strings.Contains(want, got)) {
			return true
		}
	}
	return false
}

func norm(s string) string { return strings.Join(strings.Fields(s), " ") }

// checkDedup verifies a lossless_dedup: no summary, and every removed span
// byte-identical (kind and text) to a span that stays in the live view.
func (s *session) checkDedup(e Event, d Decision, req compactionReq) {
	m := s.m
	if req.Summary != "" {
		s.violate(InvLostItem, d.Seq, e.RequestID, "lossless_dedup allowed for a compaction that carries a summary")
		return
	}
	if m.degraded != "" {
		return
	}
	removed := map[string]bool{}
	for _, c := range req.Covers {
		removed[c] = true
	}
	kept := map[string]bool{}
	for _, sp := range m.live() {
		if !removed[sp.ID] {
			kept[sp.Kind+"\x00"+sp.Text] = true
		}
	}
	for _, c := range req.Covers {
		sp, ok := m.spans[c]
		if !ok || sp.Kind == "summary" || !kept[sp.Kind+"\x00"+sp.Text] {
			s.violate(InvLostItem, d.Seq, e.RequestID, "lossless_dedup allowed but span %q has no identical span left in the live view", c)
		}
	}
}

func (s *session) phaseSignal(e Event, d Decision) {
	m := s.m
	if !yes(d.Accepted) {
		return // plugin failure: no signal frozen
	}
	fromComp := m.compacted && !m.appended
	if m.degraded == "" && d.Version != m.version {
		s.violate(InvModel, d.Seq, e.RequestID, "signal %d frozen on view version %d; reconstructed version %d", d.Signal, d.Version, m.version)
	}
	if yes(d.PhaseChanged) && fromComp && m.degraded == "" {
		s.violate(InvPhase, d.Seq, e.RequestID, "phase changed to %q by a signal on a view compacted since the last phase change with nothing appended since the last signal", d.Phase)
	}
	if m.degraded == "" && d.Reason == "signal_from_compaction_output" && !fromComp {
		s.violate(InvModel, d.Seq, e.RequestID, "signal_from_compaction_output although spans were appended since the last signal (or nothing was compacted since the last phase change)")
	}
	m.latest = &signal{id: d.Signal, version: d.Version, fromCompaction: fromComp}
	// The rule: a phase may change only on a signal with an append since
	// the previous signal, unless nothing was compacted since the last
	// phase change.
	m.appended = false
	if yes(d.PhaseChanged) {
		m.compacted = false
	}
}

func (s *session) policyEdit(e Event, d Decision) {
	m := s.m
	if !yes(d.Accepted) {
		return
	}
	if e.CarriesBudget {
		s.violate(InvAuthority, d.Seq, e.RequestID, "accepted a policy edit that carries a budget (%s)", d.Reason)
	}
	if d.WorstCaseTokens != nil && d.BudgetTokens != nil && *d.WorstCaseTokens > *d.BudgetTokens {
		s.violate(InvOverBudget, d.Seq, e.RequestID, "accepted with worst_case_tokens %d > budget_tokens %d", *d.WorstCaseTokens, *d.BudgetTokens)
	}
	if d.EditKind == "structural" && d.WorstCaseTokens == nil {
		s.violate(InvOverBudget, d.Seq, e.RequestID, "accepted a structural edit without a derived worst case")
	}
	if m.degraded == "" {
		if d.BudgetTokens != nil && m.budget >= 0 && *d.BudgetTokens != m.budget {
			s.violate(InvOverBudget, d.Seq, e.RequestID, "edit judged against budget %d; the budget set by the authority is %d", *d.BudgetTokens, m.budget)
		}
		if e.MatchAll != nil && d.EditKind == "structural" {
			own := s.matchAllBound(*e.MatchAll)
			if m.budget >= 0 && own > m.budget {
				s.violate(InvOverBudget, d.Seq, e.RequestID, "accepted; the checker's own worst case of this match-everything policy is %d > budget %d", own, m.budget)
			}
			if d.WorstCaseTokens != nil && *d.WorstCaseTokens < own {
				s.violate(InvOverBudget, d.Seq, e.RequestID, "worst case under-reported: server %d, checker %d", *d.WorstCaseTokens, own)
			}
		}
		// Invariant 3: the edit must cite a signal on the current view
		// that was not taken on compaction output alone.
		switch sig := m.latest; {
		case sig == nil:
			s.violate(InvPhase, d.Seq, e.RequestID, "accepted without any frozen phase signal")
		case sig.version != m.version:
			s.violate(InvPhase, d.Seq, e.RequestID, "accepted on signal %d of view version %d; the view is at version %d (stale)", sig.id, sig.version, m.version)
		case sig.fromCompaction:
			s.violate(InvPhase, d.Seq, e.RequestID, "accepted on signal %d, taken on a view changed only by compaction output", sig.id)
		}
	}
}

// matchAllBound is min(cap, tokens of the top_k largest live spans): the
// worst case of a policy whose one category matches every span.
func (s *session) matchAllBound(p MatchAll) int {
	var sizes []int
	for _, sp := range s.m.live() {
		sizes = append(sizes, sp.tokens)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(sizes)))
	n := 0
	for i, v := range sizes {
		if i >= p.TopK {
			break
		}
		n += v
	}
	return min(n, p.Cap)
}

func (s *session) budget(e Event, d Decision) {
	m := s.m
	if !yes(d.Accepted) {
		if e.Credential == CredAuthority {
			s.note("budget change %s with the authority's credential was refused (%s)", e.RequestID, d.Reason)
		}
		return
	}
	if e.Credential != CredAuthority {
		s.violate(InvAuthority, d.Seq, e.RequestID, "budget change accepted with the %s credential, not the authority's", e.Credential)
	}
	var req budgetReq
	if err := json.Unmarshal(e.Request, &req); err != nil {
		s.note("budget %s: request does not decode: %v", e.RequestID, err)
		return
	}
	if d.BudgetTokens == nil || *d.BudgetTokens != req.Tokens {
		s.violate(InvModel, d.Seq, e.RequestID, "budget change to %d accepted but the decision says budget_tokens %v", req.Tokens, d.BudgetTokens)
	}
	m.budget = req.Tokens
}

// sameJSON compares two JSON documents as values.
func sameJSON(a, b []byte) bool {
	if bytes.Equal(bytes.TrimSpace(a), bytes.TrimSpace(b)) {
		return true
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func short(b []byte) string {
	const n = 300
	s := string(bytes.TrimSpace(b))
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
