// Package guard holds compactguard's four invariants, each in one file:
//
//   - compaction.go: refuse compaction without a pinned reference
//     (invariant 1), with the decision-relevant set extracted from the
//     pinned root originals and the items that stand (drs.go) and the
//     scorers' answers checked and combined by the host (scoring.go);
//   - edit.go: reject, never clip, an over-budget policy edit (invariant 2);
//   - phase.go: freeze phase signals and cut the feedback edge from
//     compaction output (invariant 3), with every check of the signal an
//     edit cites;
//   - budget.go: budget changes have their own authority (invariant 4),
//     including the refusal of a policy edit that carries a budget.
//
// Each invariant's own reason codes are declared, and only given, in its
// file (reasons_test.go checks it). Around them: guard.go assembles a
// Guard (Options, New); input.go checks what callers send; append.go pins
// spans; decide.go runs and records every decision; selection.go applies
// the active policy as a compaction; view.go is the live view and the
// active policy as evaluated on it; items.go reads the decision-relevant
// set of a live view; calls.go does plugin calls and other slow work
// outside the store's transaction.
//
// Plugins judge (extract, score, propose); the guard decides. Every
// decision runs inside one ledger.Store update, so it is serialised per
// session and durable before it is returned, and a failure anywhere writes
// nothing and refuses: no error path allows.
package guard
