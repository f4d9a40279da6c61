// Package ledgertest is the conformance suite every ledger.Store runs: the
// memory store, SQLite and PostgreSQL (host/ledger/sqlstore). It checks
// what the guard relies on and nothing it does not: sessions and tenant
// isolation, sealed hash chains, all-or-nothing updates, state that
// round-trips every field, idempotency keys, the extraction cache,
// read-only views, serialised concurrent updates and lookups whose cost
// does not grow with the session.
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
