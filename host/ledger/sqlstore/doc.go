// Package sqlstore holds the persistent ledger stores: SQLite (embedded,
// one process, pure Go through modernc.org/sqlite) and PostgreSQL (shared
// by replicas of the service, through pgx). Both implement ledger.Store
// and pass the same conformance suite as the memory store
// (host/ledger/ledgertest); Open picks one from the guard's `store`
// setting ("sqlite:PATH", "postgres:DSN").
//
// The two stores share one schema (adapted types): sessions (id, tenant,
// creation time, the state as JSON), records (the hash-chained ledger,
// primary key (session, seq), unique (session, span_id) so Record is one
// index probe), decisions (the audit trail, with request ids unique per
// session when set) and extraction_cache (items per text hash). A
// schema_version table records which migrations ran; Open applies the
// missing ones and refuses a database newer than the binary.
//
// Schema version 2 keeps the live view on the records: covered_by names
// the summary that replaced a span (NULL while it is live), set by
// Tx.Cover in one UPDATE per batch of ids, and a partial index
// records_live (session, seq) WHERE covered_by IS NULL lets LiveRecords
// read the live view without visiting covered spans. Version 1 kept the
// coverage as a map inside the session state, rewritten whole on every
// update; migrating a version-1 database moves each map onto the records
// and leaves a count (covered_spans) in the state. Chains sealed by a
// version-1 binary used the earlier hash scheme and no longer verify.
//
// Serialisation: every Store.Update is one database transaction that
// commits before Update returns, and fn's error rolls it back. SQLite
// starts it with BEGIN IMMEDIATE on a single writer connection, so writes
// are serialised per database (other processes wait on busy_timeout).
// PostgreSQL locks the session's row (SELECT ... FOR UPDATE) as the first
// statement, so two replicas never decide on one session at once while
// other sessions proceed in parallel. Chains are sealed against the head
// read inside that transaction, never a cached one.
//
// "sqlite::memory:" (MemoryPath) opens a private in-memory database on a
// single connection: the SQL path without a file, gone on Close.
//
// Times are stored as Unix nanoseconds (bigint) so a record reads back
// exactly as it was sealed; span text and decision bodies are stored byte
// for byte (a decision's hash covers its body bytes).
package sqlstore
