package guard

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
)

// The reasons invariant 3 gives: a phase signal is frozen, and an edit
// citing a signal that is stale or taken on compaction output is
// rejected.
const (
	ReasonFrozen               = "frozen"
	ReasonStalePhaseSignal     = "stale_phase_signal"
	ReasonSignalFromCompaction = "signal_from_compaction_output"
)

// ErrNoPolicyPlugin: a phase signal or a plugin proposal was asked for but
// no policy plugin is configured.
var ErrNoPolicyPlugin = errors.New("no policy plugin configured (add a plugin \"policy\" block)")

// defaultEnterAbove is a phase's entry threshold when it declares none.
const defaultEnterAbove = 0.5

// PhaseSignal asks the policy plugin for a signal on the current live view
// and freezes it with the view's version (invariant 3). The stored signal
// is never recomputed: an edit cites it by id. A signal taken on a view
// whose only change since the last phase change is compaction output may
// not change the phase.
func (g *Guard) PhaseSignal(ctx context.Context, tenant, session, requestID string) (*Decision, error) {
	if g.policy == nil {
		return nil, &InputError{Msg: ErrNoPolicyPlugin.Error()}
	}
	return g.decide(ctx, tenant, session, requestID, requestDigest(TypePhaseSignal, nil), func(ctx context.Context, tx ledger.Tx, st *ledger.State) (*Decision, error) {
		view, err := liveView(tx)
		if err != nil {
			return nil, err
		}
		d := &Decision{Type: TypePhaseSignal, Version: st.Version}
		scores, perr := g.askSignal(ctx, view, *st)
		if perr != nil {
			if _, err := g.pluginRefusal(d, perr); err != nil {
				return nil, err
			}
			d.Allowed, d.Accepted = nil, ptr(false)
			return d, nil
		}
		g.freeze(st, d, scores)
		return d, nil
	})
}

func (g *Guard) phaseInfos() []sdk.PhaseInfo {
	out := make([]sdk.PhaseInfo, len(g.set.Phases))
	for i, p := range g.set.Phases {
		out[i] = sdk.PhaseInfo{Name: p.Name, Policy: p.Policy}
	}
	return out
}

func (g *Guard) askSignal(ctx context.Context, view []ledger.Record, st ledger.State) (map[string]float64, error) {
	name := g.policy.label()
	resp, err := ask(ctx, g, *g.policy, "PhaseSignal", sdk.Policy.PhaseSignal, &sdk.PhaseSignalRequest{
		View: sdkView(view), Version: st.Version, Phases: g.phaseInfos(), CurrentPhase: st.Phase,
	})
	if err != nil {
		return nil, err
	}
	if err := resp.Diagnostics.Err(); err != nil {
		return nil, &pluginError{plugin: name, err: err}
	}
	scores := map[string]float64{}
	for _, p := range g.set.Phases {
		s, ok := resp.Scores[p.Name]
		if !ok {
			continue
		}
		if !unit(s) {
			return nil, &outputError{plugin: name, msg: fmt.Sprintf("phase %q score %v is not a number in [0,1]", p.Name, s)}
		}
		scores[p.Name] = round3(s)
	}
	return scores, nil
}

// freeze stores the signal and applies hysteresis: another phase is entered
// when its score reaches its enter_above, beats the current phase's score,
// and the current phase's score is below its exit_below (if it has one).
func (g *Guard) freeze(st *ledger.State, d *Decision, scores map[string]float64) {
	next := nextPhase(g.set.Phases, st.Phase, scores)
	fromCompaction := st.CompactedSincePhase && !st.AppendedSinceSignal
	st.AppendedSinceSignal = false
	sig := ledger.Signal{ID: len(st.Signals) + 1, Version: st.Version, Scores: scores, Phase: st.Phase, FromCompactionOutput: fromCompaction}
	d.Signal, d.Scores, d.Accepted = sig.ID, scores, ptr(true)
	changed := false
	switch {
	case next != st.Phase && fromCompaction:
		d.Reason = ReasonSignalFromCompaction
		d.Message = fmt.Sprintf("the signal points to %q, but nothing was appended since the last signal and the view changed by compaction output since the last phase change: phase stays %q (this cuts the feedback edge that makes controllers oscillate)", next, st.Phase)
	case next != st.Phase:
		d.Reason = ReasonFrozen
		d.Message = fmt.Sprintf("signal %d frozen on view version %d: phase %q → %q", sig.ID, st.Version, st.Phase, next)
		st.Phase, st.PhaseSince, st.PhaseChanges = next, st.Version, st.PhaseChanges+1
		st.CompactedSincePhase = false
		sig.Phase, changed = next, true
	default:
		d.Reason = ReasonFrozen
		d.Message = fmt.Sprintf("signal %d frozen on view version %d: phase stays %q", sig.ID, st.Version, st.Phase)
	}
	st.Signals = append(st.Signals, sig)
	if len(st.Signals) > 200 {
		// Only a signal on the current version can justify an edit; old
		// ones are kept in the audit trail, not in the state.
		st.Signals = st.Signals[len(st.Signals)-200:]
	}
	d.Phase, d.PhaseChanged = st.Phase, ptr(changed)
}

// nextPhase applies the phase table's hysteresis to a signal's scores.
func nextPhase(phases []Phase, current string, scores map[string]float64) string {
	var cur *Phase
	for i := range phases {
		if phases[i].Name == current {
			cur = &phases[i]
		}
	}
	curScore := scores[current]
	if cur != nil && cur.ExitBelow != nil && curScore >= *cur.ExitBelow {
		return current
	}
	names := make([]string, 0, len(phases))
	byName := map[string]Phase{}
	for _, p := range phases {
		names = append(names, p.Name)
		byName[p.Name] = p
	}
	// Highest score first; ties by declaration order, so the answer never
	// depends on map order.
	sort.SliceStable(names, func(i, j int) bool { return scores[names[i]] > scores[names[j]] })
	for _, n := range names {
		if n == current {
			return current
		}
		enter := defaultEnterAbove
		if p := byName[n]; p.EnterAbove != nil {
			enter = *p.EnterAbove
		}
		if s, ok := scores[n]; ok && s >= enter && s > curScore {
			return n
		}
	}
	return current
}

// An edit is justified only by a frozen signal taken on the current view
// that compaction output did not produce: a policy chosen on a view that
// has since changed, or on the guard's own output, would feed the
// controller back into itself.

// refuseUnsignalled rejects an edit that asks the policy plugin for a
// proposal when no phase signal has been taken: there is nothing to ask
// about. It reports whether it did.
func refuseUnsignalled(d *Decision, sig *ledger.Signal) bool {
	if sig != nil {
		return false
	}
	d.Accepted, d.Reason = ptr(false), ReasonStalePhaseSignal
	d.Message = "no phase signal to ask the policy plugin about: take a phase signal first"
	return true
}

// refuseSignal rejects an edit whose cited signal (cite as the caller
// wrote it; sig what it names, nil when none) cannot justify it on the
// view at version: missing, taken on another version, or taken on a view
// changed only by compaction output. It reports whether it did.
func refuseSignal(d *Decision, sig *ledger.Signal, cite string, version int64) bool {
	var reason, msg string
	switch {
	case sig == nil:
		reason, msg = ReasonStalePhaseSignal, fmt.Sprintf("signal %q not found: cite a frozen phase signal taken on the current view (version %d)", orLatest(cite), version)
	case sig.Version != version:
		reason, msg = ReasonStalePhaseSignal, fmt.Sprintf("signal %d was taken on view version %d; the view is now version %d: take a new phase signal", sig.ID, sig.Version, version)
	case sig.FromCompactionOutput:
		reason, msg = ReasonSignalFromCompaction, fmt.Sprintf("signal %d was taken on a view changed only by compaction output since the last phase change: it cannot justify an edit", sig.ID)
	default:
		return false
	}
	d.Accepted, d.Reason, d.Message = ptr(false), reason, msg
	return true
}

// citedSignal finds the signal an edit cites ("" and "latest" mean the newest).
func citedSignal(sigs []ledger.Signal, cite string) *ledger.Signal {
	if len(sigs) == 0 {
		return nil
	}
	if cite == "" || cite == "latest" {
		s := sigs[len(sigs)-1]
		return &s
	}
	n, _ := strconv.Atoi(cite)
	for _, s := range sigs {
		if s.ID == n {
			return &s
		}
	}
	return nil
}

func orLatest(s string) string {
	if s == "" {
		return "latest"
	}
	return s
}
