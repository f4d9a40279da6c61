package guard

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"

	"github.com/hashicorp/go-hclog"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/policy"
	"github.com/compactguard/compactguard/host/tokens"
	"github.com/compactguard/compactguard/sdk"
	"github.com/compactguard/compactguard/sdk/frame"
	"github.com/compactguard/compactguard/sdk/lexicon"
)

// Extractor is an extractor plugin with the name it was configured under.
type Extractor struct {
	Name string
	sdk.Extractor
}

// Phase is one configured phase. Nil thresholds take the defaults:
// enter_above 0.5, exit_below none (the phase may be left whenever another
// phase enters).
type Phase struct {
	Name       string
	Policy     string
	EnterAbove *float64
	ExitBelow  *float64
}

// Authority may change the budget. Only a hash of its credential is kept.
type Authority struct {
	Name       string
	credential [sha256.Size]byte
	set        bool
}

// NewAuthority makes an authority whose credential is the given secret.
// An empty secret makes an authority no request can satisfy (fail closed).
func NewAuthority(name, secret string) Authority {
	a := Authority{Name: name}
	if secret != "" {
		a.credential, a.set = sha256.Sum256([]byte(secret)), true
	}
	return a
}

// NewAuthorityHash makes an authority from the sha256 of its credential.
func NewAuthorityHash(name string, sum [sha256.Size]byte) Authority {
	return Authority{Name: name, credential: sum, set: true}
}

// Verify compares a presented credential in constant time.
func (a Authority) Verify(presented string) bool {
	got := sha256.Sum256([]byte(presented))
	ok := subtle.ConstantTimeCompare(got[:], a.credential[:]) == 1
	return a.set && presented != "" && ok
}

// Settings are the host-side rules, decoded from policies.hcl by the caller.
type Settings struct {
	// Threshold gates the anchored score.
	Threshold float64
	// MustKeep lists categories whose missing items refuse on their own.
	MustKeep []string
	// GapWarning and TrendWindow drive the gap trend warning.
	GapWarning  float64
	TrendWindow int
	// CandidateFrames: read each candidate with the extractors and send
	// the items to the scorer (gate "compaction" candidate_frames).
	CandidateFrames bool
	// Budget is a new session's token budget; BudgetAuthority may change it.
	Budget          int
	BudgetAuthority string
	Authorities     map[string]Authority
	// Phases in declaration order; the first is a new session's phase.
	Phases []Phase
	// Policies by name, compiled from the config file.
	Policies map[string]*policy.Policy
	// PolicyLimits bound policy text from a tenant (policy_hcl) or the
	// policy plugin before it is parsed, and every evaluation of a policy
	// on a view (EvalTimeout, within the request's deadline). The zero
	// value means policy.DefaultLimits.
	PolicyLimits policy.Limits
}

// Guard decides. It is safe for concurrent use: per-session serialisation
// comes from the Store.
type Guard struct {
	store      ledger.Store
	tok        tokens.Counter
	extractors []Extractor
	// scorers in the gate's order; the first also gives the self score.
	scorers    []*namedScorer
	policy     sdk.Policy
	policyName string
	// extractorSet identifies the configured extractors (names, versions,
	// binary hashes): part of every extraction cache key.
	extractorSet string
	// frames reads evidence for the floor every scorer is held to
	// (frame.Reader.Cites), with the sdk's lexicons.
	frames   *frame.Reader
	set      Settings
	log      hclog.Logger
	mustKeep map[string]bool
	// inline: do plugin calls, tokenizing and policy evaluation inside
	// the store update (Options.InlineWork).
	inline bool
	// extractChunk bounds one extractor call (Options.ExtractChunk).
	extractChunk ExtractChunk
	// appendChunk bounds the spans one append update writes
	// (Options.AppendCommitSpans).
	appendChunk int
}

// Options assemble a Guard.
type Options struct {
	Store      ledger.Store
	Tokens     tokens.Counter
	Extractors []Extractor
	// Scorers are asked about every item, strictest wins (combine.go);
	// the first also gives the self score. Scorer and ScorerName are the
	// one-scorer form, used when Scorers is empty.
	Scorers    []Scorer
	Scorer     sdk.Scorer
	ScorerName string
	// Policy is the policy plugin; nil disables phase signals and plugin
	// proposals. PolicyName names it in messages and diagnostics.
	Policy     sdk.Policy
	PolicyName string
	// ExtractorSet identifies the extractors (e.g. a hash of their names,
	// versions and binary sha256s). Extraction is cached under it, so a
	// changed extractor set extracts again instead of reusing old items.
	ExtractorSet string
	Settings     Settings
	Logger       hclog.Logger
	// InlineWork does plugin calls, tokenizing and policy evaluation
	// inside the store's update, holding its write lock, instead of
	// outside it (calls.go). Only for tests: it is the behaviour the
	// outside-the-lock tests must tell apart.
	InlineWork bool
	// ExtractChunk bounds the spans and bytes of one extractor call; zero
	// fields take DefaultExtractChunk's (drs.go).
	ExtractChunk ExtractChunk
	// AppendCommitSpans bounds the spans one store update of an append
	// writes (DefaultAppendCommitSpans when 0); a larger batch is
	// committed in parts (see Append).
	AppendCommitSpans int
}

// New checks the options and returns a Guard.
func New(o Options) (*Guard, error) {
	switch {
	case o.Store == nil:
		return nil, errors.New("guard: no store")
	case o.Tokens == nil:
		return nil, errors.New("guard: no tokenizer")
	case len(o.Extractors) == 0:
		return nil, errors.New("guard: no extractor plugin: the decision-relevant set could never be shown empty")
	case o.Scorer == nil && len(o.Scorers) == 0:
		return nil, errors.New("guard: no scorer plugin")
	case len(o.Settings.Phases) == 0:
		return nil, errors.New("guard: no phase configured")
	}
	for _, ph := range o.Settings.Phases {
		if o.Settings.Policies[ph.Policy] == nil {
			return nil, fmt.Errorf("guard: phase %q names unknown policy %q", ph.Name, ph.Policy)
		}
	}
	if o.Logger == nil {
		o.Logger = hclog.NewNullLogger()
	}
	if o.Settings.TrendWindow < 2 {
		o.Settings.TrendWindow = 3
	}
	if len(o.Scorers) == 0 {
		if o.ScorerName == "" {
			o.ScorerName = "scorer"
		}
		o.Scorers = []Scorer{{Name: o.ScorerName, Scorer: o.Scorer}}
	}
	seenScorer := map[string]bool{}
	for _, s := range o.Scorers {
		switch {
		case s.Scorer == nil:
			return nil, fmt.Errorf("guard: scorer %q is nil", s.Name)
		case s.Name == "" || seenScorer[s.Name]:
			return nil, fmt.Errorf("guard: scorer names must be set and distinct, got %q twice or empty", s.Name)
		}
		seenScorer[s.Name] = true
	}
	if o.PolicyName == "" {
		o.PolicyName = "policy"
	}
	if o.AppendCommitSpans <= 0 {
		o.AppendCommitSpans = DefaultAppendCommitSpans
	}
	if o.ExtractChunk.Spans <= 0 {
		o.ExtractChunk.Spans = DefaultExtractChunk.Spans
	}
	if o.ExtractChunk.Bytes <= 0 {
		o.ExtractChunk.Bytes = DefaultExtractChunk.Bytes
	}
	lex, err := lexicon.Default()
	if err != nil {
		return nil, fmt.Errorf("guard: %w", err)
	}
	g := &Guard{
		store: o.Store, tok: o.Tokens, frames: frame.NewReader(lex),
		policyName: o.PolicyName, extractorSet: o.ExtractorSet, set: o.Settings, log: o.Logger,
		mustKeep: map[string]bool{}, inline: o.InlineWork, extractChunk: o.ExtractChunk, appendChunk: o.AppendCommitSpans,
	}
	// Every plugin is called through a wrapper that makes the call
	// outside the store's write lock (calls.go).
	for _, s := range o.Scorers {
		g.scorers = append(g.scorers, &namedScorer{name: s.Name, Scorer: &deferringScorer{Scorer: s.Scorer, g: g, name: s.Name}})
	}
	if o.Policy != nil {
		g.policy = &deferringPolicy{Policy: o.Policy, g: g}
	}
	for _, x := range o.Extractors {
		g.extractors = append(g.extractors, Extractor{Name: x.Name, Extractor: &deferringExtractor{Extractor: x.Extractor, g: g, name: x.Name}})
	}
	for _, c := range o.Settings.MustKeep {
		g.mustKeep[c] = true
	}
	return g, nil
}

// Store returns the guard's store (for audit and state readers).
func (g *Guard) Store() ledger.Store { return g.store }

// CreateSession makes a session with the configured budget, the first
// phase and that phase's policy active.
func (g *Guard) CreateSession(ctx context.Context, tenant, id string) error {
	if err := checkID("id", id); err != nil {
		return err
	}
	first := g.set.Phases[0]
	st := ledger.State{
		Tokenizer: g.tok.Name(),
		Budget:    g.set.Budget,
		Policy:    first.Policy, PolicyVersion: 1,
		Phase: first.Name,
	}
	return g.store.CreateSession(ctx, ledger.SessionInfo{ID: id, Tenant: tenant}, st)
}

// AppendResult reports an append.
type AppendResult struct {
	Appended   int   `json:"appended"`
	Duplicates int   `json:"duplicates"`
	Version    int64 `json:"version"`
	LiveTokens int   `json:"live_tokens"`
	// Items found in the new spans (extraction runs at append time and is
	// cached, so a compaction decision need not wait for it).
	Items int `json:"items"`
	// OverBudgetBy is how far the live view now exceeds the budget. The
	// guard never truncates: the orchestrator must compact (a selection
	// under the active policy, or a summary) before it sends the view on.
	OverBudgetBy int `json:"over_budget_by,omitempty"`
}

// DefaultAppendCommitSpans is Options.AppendCommitSpans's default: an
// update of 500 records and their extractions holds the store's writer
// for tens of milliseconds.
const DefaultAppendCommitSpans = 500

// Append adds spans to the ledger, pinning them. Re-sending a span with
// the same content is a no-op; the same id with other content is an input
// error and nothing of the batch is written. Tokens are counted here,
// once per span, and extraction runs here, once per distinct text.
//
// A batch of more than Options.AppendCommitSpans spans is committed in
// parts, in order, each its own update (and version). Should one part
// fail (the request's deadline, the store, or another request pinning one
// of its ids with other content in between), the parts before it stay
// pinned and the error is returned: re-sending the batch is safe, as the
// pinned spans are duplicates.
func (g *Guard) Append(ctx context.Context, tenant, session string, spans []sdk.Span) (AppendResult, error) {
	var res AppendResult
	seen := map[string]int{}
	for i, s := range spans {
		if err := checkSpanAt("spans", i, s); err != nil {
			return res, err
		}
		if j, dup := seen[s.ID]; dup {
			return res, inputErr(indexField("spans", i)+".id", "duplicate id %q (also spans[%d])", s.ID, j)
		}
		seen[s.ID] = i
	}
	if len(spans) <= g.appendChunk {
		return g.appendPart(ctx, tenant, session, spans, 0)
	}
	// A large batch is committed in parts of appendChunk spans, each its
	// own store update: one update writing 100,000 records and their
	// extractions held SQLite's single writer for seconds, stalling every
	// other tenant. Conflicts are checked on the whole batch first, so
	// bad input still writes nothing.
	if err := g.checkConflicts(ctx, tenant, session, spans); err != nil {
		return res, err
	}
	for start := 0; start < len(spans); start += g.appendChunk {
		part, err := g.appendPart(ctx, tenant, session, spans[start:min(start+g.appendChunk, len(spans))], start)
		if err != nil {
			return AppendResult{}, err
		}
		res.Appended += part.Appended
		res.Duplicates += part.Duplicates
		res.Items += part.Items
		res.Version, res.LiveTokens, res.OverBudgetBy = part.Version, part.LiveTokens, part.OverBudgetBy
	}
	return res, nil
}

// checkConflicts reports the first span of a batch whose id the ledger
// holds with other content, reading a snapshot.
func (g *Guard) checkConflicts(ctx context.Context, tenant, session string, spans []sdk.Span) error {
	ids := make([]string, len(spans))
	for i, s := range spans {
		ids[i] = s.ID
	}
	return g.store.View(ctx, tenant, session, func(tx ledger.Tx) error {
		pinned, err := tx.RecordsByID(ids)
		if err != nil {
			return err
		}
		for i, s := range spans {
			if old, ok := pinned[s.ID]; ok && old.ContentHash != ledger.ContentHash(s) {
				return inputErr(fmt.Sprintf("spans[%d].id", i), "span %q is already pinned with different content (the ledger is append-only)", s.ID)
			}
		}
		return nil
	})
}

// appendPart appends validated spans in one store update; offset is the
// position of spans[0] in the request, for error fields.
func (g *Guard) appendPart(ctx context.Context, tenant, session string, spans []sdk.Span, offset int) (AppendResult, error) {
	var res AppendResult
	ids := make([]string, len(spans))
	for i, s := range spans {
		ids[i] = s.ID
	}
	err := g.update(ctx, tenant, session, func(ctx context.Context, tx ledger.Tx) error {
		res = AppendResult{}
		st, err := tx.State()
		if err != nil {
			return err
		}
		// One lookup for the whole batch; only spans the ledger does not
		// hold yet are tokenized (a re-sent span is neither counted nor
		// extracted again).
		pinned, err := tx.RecordsByID(ids)
		if err != nil {
			return err
		}
		var fresh []ledger.Record
		for i, s := range spans {
			if old, ok := pinned[s.ID]; ok {
				if old.ContentHash == ledger.ContentHash(s) {
					res.Duplicates++
					continue
				}
				return inputErr(fmt.Sprintf("spans[%d].id", offset+i), "span %q is already pinned with different content (the ledger is append-only)", s.ID)
			}
			fresh = append(fresh, ledger.Record{Span: s})
		}
		if len(fresh) == 0 {
			res.Version, res.LiveTokens = st.Version, st.LiveTokens
			return nil
		}
		counts, err := g.countTokens(ctx, fresh)
		if err != nil {
			return err
		}
		for i := range fresh {
			fresh[i].Tokens, fresh[i].Span.Tokens = counts[i], counts[i]
		}
		if err := tx.Append(fresh...); err != nil {
			return err
		}
		// Extraction failure does not block pinning: the ledger must record
		// what the agent saw. Uncached spans are extracted again at
		// compaction time, where a failure refuses.
		spansOut := make([]sdk.Span, len(fresh))
		for i, r := range fresh {
			spansOut[i] = r.Span
		}
		items, err := g.extract(ctx, tx, spansOut)
		if isDeferred(err) {
			return err
		}
		if err != nil {
			g.log.Warn("extraction at append failed; will retry at compaction", "session", session, "error", err)
		}
		res.Items = len(items)
		for _, r := range fresh {
			st.LiveTokens += r.Tokens
		}
		st.Version++
		st.AppendedSinceSignal = true
		res.Appended, res.Version, res.LiveTokens = len(fresh), st.Version, st.LiveTokens
		if st.LiveTokens > st.Budget {
			res.OverBudgetBy = st.LiveTokens - st.Budget
		}
		return tx.SetState(st)
	})
	return res, err
}

// countTokens counts the tokens of each record's span text, as outside
// work (calls.go): a batch of 100,000 spans takes seconds to tokenize,
// which must not hold the store's write lock. The key covers every id
// and text, in order.
func (g *Guard) countTokens(ctx context.Context, recs []ledger.Record) ([]int, error) {
	h := sha256.New()
	var n [20]byte
	for _, r := range recs {
		for _, v := range []string{r.Span.ID, r.Span.Text} {
			h.Write(strconv.AppendInt(n[:0], int64(len(v)), 10))
			h.Write([]byte{':'})
			io.WriteString(h, v)
		}
	}
	return outside(ctx, g, "tokens:"+hex.EncodeToString(h.Sum(nil)), func(ctx context.Context) ([]int, error) {
		out := make([]int, len(recs))
		for i, r := range recs {
			if i%1024 == 1023 {
				if err := ctx.Err(); err != nil {
					return nil, fmt.Errorf("counting tokens: %w", err)
				}
			}
			c, err := g.tok.Count(r.Span.Text)
			if err != nil {
				return nil, fmt.Errorf("counting tokens of span %q: %w", r.Span.ID, err)
			}
			out[i] = c
		}
		return out, nil
	})
}

// countText counts one text's tokens as outside work (a summary can be
// megabytes).
func (g *Guard) countText(ctx context.Context, text string) (int, error) {
	sum := sha256.Sum256([]byte(text))
	return outside(ctx, g, "tokens1:"+hex.EncodeToString(sum[:]), func(context.Context) (int, error) {
		return g.tok.Count(text)
	})
}

// requestDigest fingerprints what a request asks for (its kind and every
// field that shapes the decision; never a credential), so that a reused
// request id is told apart from a retry of the same request.
func requestDigest(kind string, fields any) string {
	b, err := json.Marshal(fields)
	if err != nil {
		// Callers validate first (a NaN self score is an input error), but
		// a fingerprint must never fail a request: fall back to Go syntax.
		b = fmt.Appendf(nil, "%#v", fields)
	}
	// sha256(kind + "\x00" + b), streamed: b holds every covered id and
	// need not be copied behind the kind.
	h := sha256.New()
	h.Write([]byte(kind))
	h.Write([]byte{0})
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}

// decide runs one decision inside one store update, so it is serialised
// per session and durable before it is returned: a repeated request id
// returns the first decision unchanged, if the request is the same (digest,
// see requestDigest) — the same id with another request is an input error,
// never the other request's decision; otherwise fn decides on a copy of
// the session state (applying what it allows through tx), and the decision
// is recorded in the audit trail and the state saved, all or nothing.
func (g *Guard) decide(ctx context.Context, tenant, session, requestID, digest string, fn func(ctx context.Context, tx ledger.Tx, st *ledger.State) (*Decision, error)) (*Decision, error) {
	var d *Decision
	err := g.update(ctx, tenant, session, func(ctx context.Context, tx ledger.Tx) error {
		prev, err := tx.DecisionByRequest(requestID)
		if err != nil {
			return err
		}
		if prev != nil {
			d = &Decision{}
			if err := jsonUnmarshal(prev.Body, d); err != nil {
				return err
			}
			// A decision recorded before digests were kept has none: it
			// is answered as before.
			if d.RequestDigest != "" && d.RequestDigest != digest {
				return inputErr("request_id", "%q was already used for a different request (decision %d): a request id names one request; send a new one", requestID, prev.Seq)
			}
			return nil
		}
		st, err := tx.State()
		if err != nil {
			return err
		}
		if d, err = fn(ctx, tx, &st); err != nil {
			return err
		}
		if requestID != "" {
			d.RequestDigest = digest
		}
		if err := record(tx, d, requestID); err != nil {
			return err
		}
		return tx.SetState(st)
	})
	if err != nil {
		return nil, err
	}
	g.logDecision(session, d)
	return d, nil
}

// record marshals d, seals it into the audit trail and fills d.Seq.
func record(tx ledger.Tx, d *Decision, requestID string) error {
	last, err := tx.LastDecisionSeq()
	if err != nil {
		return err
	}
	d.Seq = last + 1
	body, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("encoding decision: %w", err)
	}
	rec, err := tx.AppendDecision(ledger.DecisionRecord{Type: d.Type, RequestID: requestID, Body: body})
	if err != nil {
		return fmt.Errorf("recording decision: %w", err)
	}
	if rec.Seq != d.Seq {
		return fmt.Errorf("recording decision: audit trail seq %d, expected %d", rec.Seq, d.Seq)
	}
	return nil
}

// State returns a session's state for readers (the API's GET).
func (g *Guard) State(ctx context.Context, tenant, session string) (ledger.State, error) {
	var st ledger.State
	err := g.store.View(ctx, tenant, session, func(tx ledger.Tx) error {
		var err error
		st, err = tx.State()
		return err
	})
	return st, err
}

func uniqSorted(xs []string) []string {
	out := uniq(xs)
	sort.Strings(out)
	return out
}
