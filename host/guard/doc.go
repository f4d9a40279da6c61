// Package guard holds compactguard's four invariants, each in one file:
//
//   - compaction.go: refuse compaction without a pinned reference
//     (invariant 1), with the decision-relevant set extracted from the
//     pinned root originals (drs.go) and the scorer's answer checked by the
//     host (scoring.go);
//   - edit.go: reject, never clip, an over-budget policy edit (invariant 2);
//   - phase.go: freeze phase signals and cut the feedback edge from
//     compaction output (invariant 3);
//   - budget.go: budget changes have their own authority (invariant 4).
//
// Plugins judge (extract, score, propose); the guard decides. Every
// decision runs inside one ledger.Store update, so it is serialised per
// session and durable before it is returned, and a failure anywhere writes
// nothing and refuses: no error path allows.
package guard
