package inproc

import (
	"context"
	"fmt"
	"strings"

	"github.com/compactguard/compactguard/host/ledger"
)

// Session is one agent session: its pinned ledger, its live view and its
// audit trail. It is a handle (an id and its Guard): any number of them
// may name the same session, from any goroutine.
type Session struct {
	g  *Guard
	id string
}

// ID is the session's id.
func (s *Session) ID() string { return s.id }

// Append pins spans in the ledger, in order. The host counts their tokens
// and runs the extractors on them now, so a later compaction is judged
// against these originals. Re-sending a span with the same id and content
// is a no-op; the same id with other content is an *InputError, and then
// nothing of the batch is written.
func (s *Session) Append(ctx context.Context, spans []Span) (AppendResult, error) {
	gd, release, err := s.g.acquire()
	if err != nil {
		return AppendResult{}, err
	}
	defer release()
	res, err := gd.Append(ctx, s.g.tenant, s.id, spans)
	if err != nil {
		return res, fmt.Errorf("appending %d spans to session %q: %w", len(spans), s.id, err)
	}
	return res, nil
}

// Compact proposes a compaction and returns the decision, recorded in the
// audit trail before it is returned. When it is allowed, the summary (a
// span of kind "summary" named req.ID, or "summary-N") replaces the
// covered spans in the live view; when it is refused, nothing changes and
// the decision says why (Reason, Message, the items with their fate) and,
// for lost items, carries Repair: the original sentences to append (see
// Repaired, CompactRepairing).
func (s *Session) Compact(ctx context.Context, req CompactionRequest) (*Decision, error) {
	gd, release, err := s.g.acquire()
	if err != nil {
		return nil, err
	}
	defer release()
	d, err := gd.Compact(ctx, s.g.tenant, s.id, req)
	if err != nil {
		return nil, fmt.Errorf("proposing a compaction in session %q: %w", s.id, err)
	}
	return d, nil
}

// Allowed reports whether d allows its compaction (false for nil, and for
// decisions of other types).
func Allowed(d *Decision) bool { return d != nil && d.Allowed != nil && *d.Allowed }

// Repaired is summary with the decision's repair block appended, the way
// the block is meant to be used: the lost sentences, verbatim and with
// their span ids, after the summary's own text. Without a repair it
// returns summary unchanged.
func Repaired(summary string, d *Decision) string {
	if d == nil || d.Repair == "" {
		return summary
	}
	return strings.TrimRight(summary, "\n") + "\n\n" + strings.TrimRight(d.Repair, "\n")
}

// Outcome is what CompactRepairing did.
type Outcome struct {
	// Decision is the last decision: the first proposal's, or the repaired
	// proposal's when the first was refused with a repair.
	Decision *Decision
	// Summary is the text of the last proposal: the caller's summary, or
	// Repaired of it. When Decision allows, this is the text the live view
	// now holds and the agent should be given.
	Summary string
	// Refused is the first proposal's refusal when a repaired proposal
	// followed it; nil otherwise.
	Refused *Decision
}

// CompactRepairing proposes req; when that is refused with a repair
// block, it proposes once more with the block appended (Repaired) under
// the same summary id (a refused summary is never written, so the id is
// free). A repaired summary restores the lost sentences verbatim, so one
// try is enough unless something else is wrong (a score below the
// threshold on what was kept, a plugin failure); then the refusal stands.
// req.RequestID, if set, gets the suffix "-repaired" for the second try.
func (s *Session) CompactRepairing(ctx context.Context, req CompactionRequest) (*Outcome, error) {
	d, err := s.Compact(ctx, req)
	if err != nil {
		return nil, err
	}
	out := &Outcome{Decision: d, Summary: req.Summary}
	if Allowed(d) || d.Repair == "" {
		return out, nil
	}
	again := req
	again.Summary = Repaired(req.Summary, d)
	if req.RequestID != "" {
		again.RequestID = req.RequestID + "-repaired"
	}
	d2, err := s.Compact(ctx, again)
	if err != nil {
		return nil, fmt.Errorf("proposing the repaired summary: %w", err)
	}
	out.Refused, out.Decision, out.Summary = d, d2, again.Summary
	return out, nil
}

// Live returns the ids of the live view, in ledger order: every span no
// summary covers, summaries included. A compaction may cover only these.
func (s *Session) Live(ctx context.Context) ([]string, error) {
	gd, release, err := s.g.acquire()
	if err != nil {
		return nil, err
	}
	defer release()
	var ids []string
	err = gd.Store().View(ctx, s.g.tenant, s.id, func(tx ledger.Tx) error {
		recs, err := tx.LiveRecords()
		if err != nil {
			return err
		}
		ids = make([]string, len(recs))
		for i, r := range recs {
			ids[i] = r.Span.ID
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the live view of session %q: %w", s.id, err)
	}
	return ids, nil
}

// Items returns the decision-relevant set the agent must keep: the
// standing items of the root originals the live view stands for, as the
// extractors found them at append. It calls no plugin.
func (s *Session) Items(ctx context.Context) (*Items, error) {
	gd, release, err := s.g.acquire()
	if err != nil {
		return nil, err
	}
	defer release()
	it, err := gd.Items(ctx, s.g.tenant, s.id)
	if err != nil {
		return nil, fmt.Errorf("reading the items of session %q: %w", s.id, err)
	}
	return it, nil
}

// Decisions returns the session's audit trail, oldest first, with the
// verdict of checking both hash chains (ChainOK, or ChainError saying
// where a chain breaks).
func (s *Session) Decisions(ctx context.Context) (*AuditTrail, error) {
	gd, release, err := s.g.acquire()
	if err != nil {
		return nil, err
	}
	defer release()
	var out AuditTrail
	err = gd.Store().View(ctx, s.g.tenant, s.id, func(tx ledger.Tx) error {
		recs, err := tx.Records()
		if err != nil {
			return err
		}
		ds, err := tx.Decisions()
		if err != nil {
			return err
		}
		out.Decisions = ds
		if err := ledger.VerifySession(tx.Info(), recs, ds); err != nil {
			out.ChainError = err.Error()
		} else {
			out.ChainOK = true
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the audit trail of session %q: %w", s.id, err)
	}
	return &out, nil
}
