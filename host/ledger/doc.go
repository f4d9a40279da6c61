// Package ledger holds the pinned reference: each session's append-only,
// hash-chained record of every span as first seen, the session's audit
// trail of decisions (also hash-chained), and the small mutable state the
// guard keeps beside them (budget, active policy, phase, frozen signals).
//
// A Store serialises work on one session: the guard runs every decision
// inside Store.Update, so two callers (or two replicas on one PostgreSQL)
// never decide on the same session at once, and everything a decision
// writes (spans, state, the decision itself) commits together or not at
// all. The memory store lives here; SQL stores implement the same
// interface and pass the same conformance suite (ledgertest).
package ledger
