package guard

import (
	"context"
	"fmt"
	"strings"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// The reasons a compaction decision gives (invariant 1), besides the
// plugin failures every kind shares (decide.go). Like every reason code
// they are a closed vocabulary fixed by DESIGN.md: tests, tools and
// orchestrators match on these strings.
const (
	ReasonNoDecisionRelevantItems = "no_decision_relevant_items"
	ReasonLosslessDedup           = "lossless_dedup"
	ReasonAnchoredScorePassed     = "anchored_score_passed"
	ReasonUnpinnedReference       = "unpinned_reference"
	ReasonBelowThreshold          = "anchored_score_below_threshold"
	ReasonMustKeepItemMissing     = "must_keep_item_missing"
)

// CompactionRequest proposes to replace Covers in the live view with Summary.
type CompactionRequest struct {
	// ID names the summary span (so a later compaction can cover it);
	// empty means the host makes one ("summary-N").
	ID      string
	Covers  []string
	Summary string
	// SelfScore is the caller's own fidelity score, if it has one.
	SelfScore *float64
	// Originals are spans the caller sends only with this compaction: they
	// are judged but never pinned. Set HasOriginals when the request
	// carried the field at all: then a covered id that is neither pinned
	// nor given means "content unknown" (refused as unpinned) rather than
	// a typo (an input error).
	Originals    []sdk.Span
	HasOriginals bool
	// RequestID makes the request idempotent: a repeat returns the first decision.
	RequestID string
}

// Compact decides on a proposed compaction (invariant 1) and, when it is
// allowed, applies it to the live view. The decision is recorded in the
// audit trail in the same store update.
func (g *Guard) Compact(ctx context.Context, tenant, session string, req CompactionRequest) (*Decision, error) {
	if len(req.Covers) == 0 {
		return nil, inputErr("covers", "must name at least one span")
	}
	if err := checkSummaryFields(req.ID, req.SelfScore); err != nil {
		return nil, err
	}
	digest := requestDigest(TypeCompaction, struct {
		ID           string
		Covers       []string
		Summary      string
		SelfScore    *float64
		Originals    []sdk.Span
		HasOriginals bool
	}{req.ID, req.Covers, req.Summary, req.SelfScore, req.Originals, req.HasOriginals})
	// A compaction covering more ids than an append part writes would
	// read as long in the write transaction as that part holds it: its
	// unknown ids are refused from a snapshot first.
	if len(req.Covers) > g.appendChunk && !req.HasOriginals && len(req.Originals) == 0 {
		if err := g.checkCovers(ctx, tenant, session, req.Covers); err != nil {
			return nil, err
		}
	}
	return g.decide(ctx, tenant, session, req.RequestID, digest, func(ctx context.Context, tx ledger.Tx, st *ledger.State) (*Decision, error) {
		return g.compactIn(ctx, tx, st, req)
	})
}

// checkCovers refuses, from a read snapshot, a compaction that names a
// span id the ledger does not hold, with the error resolve would give
// (the ledger is append-only: an id held then is held for good, and an
// answer that writes nothing may be read from any snapshot taken during
// the request, as for an append's conflicts). Without it, the refusal of
// a compaction covering 100,000 ids that were never appended was found
// by reading them all in the store's write transaction, which held every
// other tenant's writes for hundreds of milliseconds each time. Covers
// with another problem (a malformed or repeated id) are left for resolve
// to report, in its order.
func (g *Guard) checkCovers(ctx context.Context, tenant, session string, covers []string) error {
	seen := make(map[string]bool, len(covers))
	for _, id := range covers {
		if idProblem(id) != "" || seen[id] {
			return nil
		}
		seen[id] = true
	}
	return g.store.View(ctx, tenant, session, func(tx ledger.Tx) error {
		held, err := tx.RecordsByID(covers)
		if err != nil {
			return fmt.Errorf("reading covered spans: %w", err)
		}
		for i, id := range covers {
			if _, ok := held[id]; !ok {
				return unknownCover(i, id)
			}
		}
		return nil
	})
}

// unknownCover is the error for covers[i], an id the ledger does not hold
// in a compaction sent without originals.
func unknownCover(i int, id string) error {
	return inputErr(indexField("covers", i), "unknown span id %q: append it first, or send it in originals to have the compaction judged as unpinned", id)
}

// compactIn decides and, when allowed, applies the compaction to the live
// view, inside the caller's store update.
func (g *Guard) compactIn(ctx context.Context, tx ledger.Tx, st *ledger.State, req CompactionRequest) (*Decision, error) {
	d, direct, err := g.decideCompaction(ctx, tx, st, req)
	if err != nil {
		return nil, err
	}
	if *d.Allowed {
		if err := g.applyCompaction(ctx, tx, st, req, direct, d); err != nil {
			return nil, err
		}
	}
	return d, nil
}

func (g *Guard) decideCompaction(ctx context.Context, tx ledger.Tx, st *ledger.State, req CompactionRequest) (*Decision, []ledger.Record, error) {
	if req.ID != "" {
		if rec, err := tx.Record(req.ID); err != nil {
			return nil, nil, err
		} else if rec != nil {
			return nil, nil, inputErr("id", "span %q already exists in the ledger", req.ID)
		}
	}
	res, err := g.resolve(tx, req)
	if err != nil {
		return nil, nil, err
	}
	d, err := g.judge(ctx, tx, st, req, res)
	return d, res.direct, err
}

// root is one root original a compaction covers.
type root struct {
	span   sdk.Span
	pinned bool
}

// resolution is what a compaction's covers resolve to.
type resolution struct {
	roots   []root
	unknown []string        // covered ids whose content nobody supplied
	direct  []ledger.Record // the live-view records the compaction removes
}

func (r resolution) pinned() bool {
	if len(r.unknown) > 0 {
		return false
	}
	for _, rt := range r.roots {
		if !rt.pinned {
			return false
		}
	}
	return true
}

// resolve follows covers through earlier summaries to the root originals:
// a compaction of a compaction is judged against what the agent was told,
// never against the intermediate summary.
func (g *Guard) resolve(tx ledger.Tx, req CompactionRequest) (resolution, error) {
	var res resolution
	given := map[string]sdk.Span{}
	for i, o := range req.Originals {
		if err := checkSpanAt("originals", i, o); err != nil {
			return res, err
		}
		if _, dup := given[o.ID]; dup {
			return res, inputErr(indexField("originals", i)+".id", "duplicate id %q", o.ID)
		}
		given[o.ID] = o
	}
	inCovers := map[string]bool{}
	for i, id := range req.Covers {
		if msg := idProblem(id); msg != "" {
			return res, &InputError{Field: indexField("covers", i), Msg: msg}
		}
		if inCovers[id] {
			return res, inputErr(indexField("covers", i), "duplicate id %q", id)
		}
		inCovers[id] = true
	}
	for i, o := range req.Originals {
		if !inCovers[o.ID] {
			return res, inputErr(indexField("originals", i)+".id", "%q is not in covers", o.ID)
		}
	}
	// Direct covers first, in one lookup; then summaries are followed to
	// their roots level by level, one lookup per level of nesting.
	direct, err := tx.RecordsByID(req.Covers)
	if err != nil {
		return res, fmt.Errorf("reading covered spans: %w", err)
	}
	coveredBy, err := tx.CoveredBy(req.Covers)
	if err != nil {
		return res, fmt.Errorf("reading the live view: %w", err)
	}
	// A prepare pass (calls.go) only finds the work the decision will ask
	// for, and its reads are read again by the commit: it trusts the
	// records' hashes, which the commit verifies (each pass hashing every
	// covered span again was a sixth of a 40k-token decision).
	_, trust := tx.(prepareTx)
	visited := map[string]bool{}
	var below []string // ids covered by summaries, to resolve next
	for i, id := range req.Covers {
		visited[id] = true
		if rec, ok := direct[id]; ok {
			if by, gone := coveredBy[id]; gone {
				return res, inputErr(indexField("covers", i), "span %q is no longer in the live view (covered by %q)", id, by)
			}
			res.direct = append(res.direct, rec)
			below = g.classify(&res, rec, below, trust)
			continue
		}
		if o, ok := given[id]; ok {
			res.roots = append(res.roots, root{span: o})
			continue
		}
		if req.HasOriginals {
			res.unknown = append(res.unknown, id)
			continue
		}
		return res, unknownCover(i, id)
	}
	// Each id is looked up once (visited), so this ends after at most one
	// level per summary in the ledger, however deep the chain: an agent
	// that folds its running summary into every compaction adds a level
	// each time, and must stay compactable.
	for len(below) > 0 {
		var level []string
		for _, id := range below {
			if !visited[id] {
				visited[id] = true
				level = append(level, id)
			}
		}
		recs, err := tx.RecordsByID(level)
		if err != nil {
			return res, fmt.Errorf("reading spans covered by summaries: %w", err)
		}
		below = nil
		for _, id := range level {
			rec, ok := recs[id]
			if !ok {
				// The ledger holds every id a pinned summary covers, so
				// this is a broken ledger: the content is unknown.
				res.unknown = append(res.unknown, id)
				continue
			}
			below = g.classify(&res, rec, below, trust)
		}
	}
	return res, nil
}

// classify files one ledger record under the resolution: a summary adds
// the ids it covers to next (to resolve on the next level), any other span
// is a root original, pinned only if its hashes verify (or are trusted).
func (g *Guard) classify(res *resolution, rec ledger.Record, next []string, trust bool) []string {
	switch {
	case !trust && !rec.Verify():
		// A record whose hash does not verify is not a pinned reference.
		g.log.Error("ledger record does not verify; judging it unpinned", "span", rec.Span.ID)
		res.roots = append(res.roots, root{span: rec.Span})
	case rec.Span.Kind == "summary":
		next = append(next, rec.Span.Covers...)
	default:
		res.roots = append(res.roots, root{span: rec.Span, pinned: true})
	}
	return next
}

// judge applies the four cases of invariant 1 to a resolved compaction.
func (g *Guard) judge(ctx context.Context, tx ledger.Tx, st *ledger.State, req CompactionRequest, res resolution) (*Decision, error) {
	// summary_id names the proposed summary whatever the verdict, so a
	// refused compaction can be matched to the transcript record it judged
	// (a refused summary is not appended: it cannot be covered). A
	// summary-less compaction proposes none.
	d := &Decision{Type: TypeCompaction, Covers: req.Covers, ReferencePinned: ptr(res.pinned()), SelfScore: req.SelfScore}
	if req.Summary != "" {
		d.Summary = req.ID
	}
	if req.SelfScore != nil {
		d.SelfScoreSource = "caller"
	}
	allow := func(reason, msg string) (*Decision, error) {
		d.Allowed, d.Reason, d.Message = ptr(true), reason, msg
		return d, nil
	}
	refuse := func(reason, msg string) (*Decision, error) {
		d.Allowed, d.Reason, d.Message = ptr(false), reason, msg
		return d, nil
	}

	if req.Summary == "" && res.pinned() {
		if ok, err := g.isDedup(tx, res); err != nil {
			return nil, err
		} else if ok {
			return allow(ReasonLosslessDedup, fmt.Sprintf("every one of the %d removed spans is byte-identical to a span that stays", len(res.direct)))
		}
	}

	spans := make([]sdk.Span, len(res.roots))
	for i, r := range res.roots {
		spans[i] = r.span
	}
	items, exErr := g.extract(ctx, tx, spans)
	if isDeferred(exErr) {
		return nil, exErr
	}
	byID := make(map[string]sdk.Span, len(spans))
	pos := make(map[string]int, len(spans))
	for i, sp := range spans {
		byID[sp.ID] = sp
		pos[sp.ID] = i
	}
	extracted := len(items)
	items = standingItems(items, byID, pos)
	setAside := extracted - len(items)
	for _, it := range items {
		d.Items = append(d.Items, itemOf(it, g.mustKeep[it.Category], byID[it.Span]))
	}

	if !res.pinned() {
		if exErr == nil && len(res.unknown) == 0 && len(items) == 0 {
			return allow(ReasonNoDecisionRelevantItems, fmt.Sprintf("the caller-supplied originals (%d spans) hold no decision-relevant items", len(spans)))
		}
		d.UnknownSpans = res.unknown
		msg := fmt.Sprintf("cannot compact: unpinned reference, %d decision-relevant items", len(items))
		if len(res.unknown) > 0 {
			msg += fmt.Sprintf(", and %d covered spans whose content was never sent (decision-relevant set unknown)", len(res.unknown))
		}
		if exErr != nil {
			msg += fmt.Sprintf(" (extraction failed: %v)", exErr)
		}
		return refuse(ReasonUnpinnedReference, msg+"; append the originals to pin them, then propose again")
	}
	if exErr != nil {
		return g.pluginRefusal(d, exErr)
	}
	if len(items) == 0 {
		msg := fmt.Sprintf("the %d pinned root originals hold no decision-relevant items", len(spans))
		if setAside > 0 {
			msg = fmt.Sprintf("the %d pinned root originals hold no standing decision-relevant items (%d set aside: repeats, and rules written for one delegation only)", len(spans), setAside)
		}
		return allow(ReasonNoDecisionRelevantItems, msg)
	}

	// From here on the decision asks for work that reads the candidate
	// alone: announced now, it is done in one batch with the first piece
	// (calls.go), not in a pass of its own each.
	g.candidateWorkSoon(ctx, req)

	// The scorer gets the root originals the items cite: the evidence it
	// judges against. Sending every covered span would ship the whole
	// compacted context over the plugin boundary for nothing.
	var cand []sdk.Item
	if g.set.CandidateFrames {
		var err error
		cand, err = g.extractCandidate(ctx, req.Summary)
		if isDeferred(err) {
			return nil, err
		}
		if err != nil {
			return g.pluginRefusal(d, err)
		}
	}
	lastWork(ctx) // the scores (and the self score announced with them) end the outside work
	if err := g.score(ctx, d, req.Summary, items, citedSpans(items, spans), cand); err != nil {
		return g.pluginRefusal(d, err)
	}
	d.Threshold = ptr(g.set.Threshold)
	g.trend(st, d)

	var missing []string
	for _, it := range d.Items {
		if it.MustKeep && !*it.Preserved {
			missing = append(missing, it.Category)
		}
	}
	if len(missing) > 0 || *d.AnchoredScore < g.set.Threshold {
		d.Repair = repairBlock(d.Items, spans)
	}
	if len(missing) > 0 {
		return refuse(ReasonMustKeepItemMissing, fmt.Sprintf("%d must-keep items not preserved (%s); anchored score %.2f; append the repair block and propose again", len(missing), strings.Join(uniq(missing), ", "), *d.AnchoredScore))
	}
	if *d.AnchoredScore < g.set.Threshold {
		return refuse(ReasonBelowThreshold, fmt.Sprintf("anchored score %.2f is below the threshold %.2f", *d.AnchoredScore, g.set.Threshold))
	}
	return allow(ReasonAnchoredScorePassed, fmt.Sprintf("anchored score %.2f ≥ %.2f against %d pinned items", *d.AnchoredScore, g.set.Threshold, len(items)))
}

// candidateWorkSoon announces the work on the candidate alone that a
// scored compaction asks for: its extraction, the self score the caller
// did not give, and the summary's token count an allowed compaction
// pins.
func (g *Guard) candidateWorkSoon(ctx context.Context, req CompactionRequest) {
	if req.Summary == "" {
		return
	}
	if g.set.CandidateFrames {
		for _, ex := range g.extractors {
			askSoon(ctx, g, ex, "Extract", sdk.Extractor.Extract, candidateRequest(req.Summary))
		}
	}
	if req.SelfScore == nil {
		askSoon(ctx, g, g.scorers[0], "SelfScore", sdk.Scorer.SelfScore, &sdk.SelfScoreRequest{Candidate: req.Summary})
	}
	g.countTextSoon(ctx, req.Summary)
}

// isDedup reports whether every removed span is byte-identical to a span
// that stays in the live view (a summary-less compaction only).
func (g *Guard) isDedup(tx ledger.Tx, res resolution) (bool, error) {
	for _, r := range res.direct {
		if r.Span.Kind == "summary" {
			return false, nil
		}
	}
	removed := map[string]bool{}
	for _, r := range res.direct {
		removed[r.Span.ID] = true
	}
	live, err := tx.LiveRecords()
	if err != nil {
		return false, err
	}
	kept := map[string]bool{}
	for _, r := range live {
		if removed[r.Span.ID] {
			continue
		}
		kept[r.Span.Kind+"\x00"+r.Span.Text] = true
	}
	for _, r := range res.direct {
		if !kept[r.Span.Kind+"\x00"+r.Span.Text] {
			return false, nil
		}
	}
	return true, nil
}

// citedSpans returns the spans that some item cites as evidence, in order.
func citedSpans(items []sdk.Item, spans []sdk.Span) []sdk.Span {
	cited := map[string]bool{}
	for _, it := range items {
		cited[it.Span] = true
	}
	var out []sdk.Span
	for _, s := range spans {
		if cited[s.ID] {
			out = append(out, s)
		}
	}
	return out
}

// applyCompaction replaces the covered spans with the summary in the live view.
func (g *Guard) applyCompaction(ctx context.Context, tx ledger.Tx, st *ledger.State, req CompactionRequest, direct []ledger.Record, d *Decision) error {
	st.Summaries++
	id := req.ID
	if id == "" {
		id = fmt.Sprintf("summary-%d", st.Summaries)
		for n := st.Summaries; ; n++ {
			rec, err := tx.Record(id)
			if err != nil {
				return err
			}
			if rec == nil {
				break
			}
			id = fmt.Sprintf("summary-%d", n+1)
		}
	}
	ids := make([]string, len(direct))
	for i, r := range direct {
		ids[i] = r.Span.ID
		st.LiveTokens -= r.Tokens
	}
	if err := tx.Cover(ids, id); err != nil {
		return fmt.Errorf("taking covered spans out of the live view: %w", err)
	}
	st.CoveredSpans += len(ids)
	if req.Summary != "" {
		n, err := g.countText(ctx, req.Summary)
		if isDeferred(err) {
			return err
		}
		if err != nil {
			return fmt.Errorf("counting summary tokens: %w", err)
		}
		sum := sdk.Span{ID: id, Kind: "summary", Text: req.Summary, Covers: req.Covers, Tokens: n}
		if err := tx.Append(ledger.Record{Span: sum, Tokens: n}); err != nil {
			return fmt.Errorf("pinning summary: %w", err)
		}
		st.LiveTokens += n
		d.Summary = id
	}
	st.Version++
	st.CompactedSincePhase = true
	d.LiveTokens = ptr(st.LiveTokens)
	return nil
}

func uniq(xs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
