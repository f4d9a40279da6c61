// Package ledger holds the pinned reference: each session's append-only,
// hash-chained record of every span as first seen, the session's audit
// trail of decisions (also hash-chained), and the small mutable state the
// guard keeps beside them (budget, active policy, phase, frozen signals).
// Which spans a summary has replaced in the live view is kept by the
// store on the records (Tx.Cover, Tx.LiveRecords), so nothing the guard
// rewrites on every decision grows with the session. Both chains start
// from a genesis bound to the tenant and session; ledger.go documents the
// hash scheme, which internal/invcheck re-implements.
//
// The chains alone prove nothing against whoever can write the database:
// such a writer can edit a decision and recompute every link after it.
// So a CheckpointStore signs the heads of both chains with an Ed25519 key
// the database does not hold after every update that extends them
// (checkpoint.go), keeps the checkpoint in the same transaction and,
// optionally, in an append-only Journal outside the store. AuditSession,
// given the public key, then catches a recomputed chain and a cut tail
// back to the last checkpoint (docs/security.md has the threat model).
//
// A Store serialises work on one session: the guard runs every decision
// inside Store.Update, so two callers (or two replicas on one PostgreSQL)
// never decide on the same session at once, and everything a decision
// writes (spans, state, the decision itself) commits together or not at
// all. The memory store lives here; SQL stores implement the same
// interface and pass the same conformance suite (ledgertest).
package ledger
