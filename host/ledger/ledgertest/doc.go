// Package ledgertest is the conformance suite every ledger.Store runs: the
// memory store, SQLite and PostgreSQL (host/ledger/sqlstore). It checks
// what the guard relies on and nothing it does not: sessions and tenant
// isolation (session ids scoped per tenant: two tenants' "s1" share
// nothing, span ids, request ids and cached text hashes included), sealed
// hash chains, all-or-nothing updates, state that
// round-trips every field, idempotency keys, the extraction cache,
// read-only views, serialised concurrent updates, lookups whose cost
// does not grow with the session, and the checkpoints a store keeps.
//
// RunTamper is the attack the signed checkpoints answer, for stores with a
// database one can write behind their back (the SQL stores): a decision
// forged and its chain recomputed, a tail cut, both, a forged checkpoint,
// a rollback with its checkpoints; AuditSession with the key must catch
// each (the rollback through the journal).
//
// A store's tests call Run with a function that opens a fresh, empty
// store, and may call RunReplicas with two stores over one database and
// the Benchmark helpers:
//
//	func TestConformance(t *testing.T) {
//		ledgertest.Run(t, func(t *testing.T) ledger.Store { return open(t) })
//	}
//
// The suite is the executable form of the ledger.Store contract: when the
// memory store (the reference) and a SQL store disagree, the suite decides.
package ledgertest
