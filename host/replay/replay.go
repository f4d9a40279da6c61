// Package replay runs a recorded session through the guard, event by
// event, exactly as an orchestrator would over the API, and reports the
// decisions.
package replay

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"

	"github.com/compactguard/compactguard/host/guard"
	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/host/session"
	"github.com/compactguard/compactguard/sdk"
)

// Result is what a replay produced.
type Result struct {
	File      string
	Session   string
	Decisions []*guard.Decision
	// Spans and Tokens count what was appended.
	Spans, Tokens int
	State         ledger.State
}

// maxBatch bounds one append: consecutive span events are sent together,
// as an orchestrator streaming its context would.
const maxBatch = 512

// Run replays events into a new session. Bad input (an event the guard
// rejects as input) stops the replay with an error naming the event's
// file:line and field; what ran before it stays decided, nothing of the
// bad event is applied. onDecision, if set, sees each decision as it is made.
func Run(ctx context.Context, g *guard.Guard, tenant, sessionID string, events []session.Event, onDecision func(*guard.Decision)) (*Result, error) {
	res := &Result{Session: sessionID}
	if len(events) > 0 {
		res.File = events[0].File
	}
	if err := g.CreateSession(ctx, tenant, sessionID); err != nil {
		return res, fmt.Errorf("creating session %q: %w", sessionID, err)
	}
	decided := func(d *guard.Decision) {
		res.Decisions = append(res.Decisions, d)
		if onDecision != nil {
			onDecision(d)
		}
	}
	var batch []session.Event
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		spans := make([]sdk.Span, len(batch))
		for i, e := range batch {
			spans[i] = *e.Span
		}
		ar, err := g.Append(ctx, tenant, sessionID, spans)
		if err != nil {
			return located(batch, err)
		}
		res.Spans += ar.Appended
		batch = batch[:0]
		return nil
	}
	for _, e := range events {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if e.Span != nil {
			batch = append(batch, e)
			if len(batch) >= maxBatch {
				if err := flush(); err != nil {
					return res, err
				}
			}
			continue
		}
		if err := flush(); err != nil {
			return res, err
		}
		var d *guard.Decision
		var err error
		switch {
		case e.Compaction != nil:
			d, err = g.Compact(ctx, tenant, sessionID, *e.Compaction)
		case e.Selection != nil:
			d, err = g.Select(ctx, tenant, sessionID, *e.Selection)
		case e.Edit != nil:
			d, err = g.EditPolicy(ctx, tenant, sessionID, *e.Edit)
		case e.Budget != nil:
			d, err = g.ChangeBudget(ctx, tenant, sessionID, *e.Budget)
		case e.Type == session.EventPhaseSignal:
			d, err = g.PhaseSignal(ctx, tenant, sessionID, "")
		default:
			err = fmt.Errorf("event type %q has no handler", e.Type)
		}
		if err != nil {
			return res, located([]session.Event{e}, err)
		}
		decided(d)
	}
	if err := flush(); err != nil {
		return res, err
	}
	st, err := g.State(ctx, tenant, sessionID)
	if err != nil {
		return res, err
	}
	res.State = st
	var recs []ledger.Record
	if err := g.Store().View(ctx, tenant, sessionID, func(tx ledger.Tx) error {
		var err error
		recs, err = tx.Records()
		return err
	}); err != nil {
		return res, err
	}
	for _, r := range recs {
		if r.Span.Kind != "summary" {
			res.Tokens += r.Tokens
		}
	}
	return res, nil
}

var spansIndex = regexp.MustCompile(`^spans\[(\d+)\]\.?(.*)$`)

// located attaches file:line to a guard input error; for an append batch
// the spans[i] in the guard's field names the line.
func located(batch []session.Event, err error) error {
	var ie *guard.InputError
	if !errors.As(err, &ie) {
		e := batch[0]
		return fmt.Errorf("%s: %w", e.Pos(), err)
	}
	e, field := batch[0], ie.Field
	if m := spansIndex.FindStringSubmatch(ie.Field); m != nil {
		if i, _ := strconv.Atoi(m[1]); i < len(batch) {
			e, field = batch[i], m[2]
		}
	}
	return &session.Error{File: e.File, Line: e.Line, Field: field, Msg: ie.Msg}
}
