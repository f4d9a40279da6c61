// Package sqlstore holds the persistent ledger stores: SQLite (embedded,
// one process, pure Go through modernc.org/sqlite) and PostgreSQL (shared
// by replicas of the service, through pgx). Both implement ledger.Store
// and pass the same conformance suite as the memory store
// (host/ledger/ledgertest); Open picks one from the guard's `store`
// setting ("sqlite:PATH", "postgres:DSN").
//
// One SQL layer serves both stores. The statements are written once
// (dialect.go, with ? placeholders that PostgreSQL's dialect numbers), and
// one session transaction runs them (sessionTx, tx.go), as do the
// store-wide steps (store.go: migrate, create, run a session's Update or
// View, list). What an engine does its own way is said in its file: its
// dialect (the row lock, where coverage lives, how JSON is bound, which
// error is a unique violation, the migration lock) and its dbTx (how a
// transaction begins, commits and rolls back, and the plans that differ:
// SQLite runs small prepared statements on its one connection, batches
// key lists as IN (...) and covers under a savepoint; PostgreSQL, a round
// trip away, binds a key list as one array, batches inserts and covers in
// one conditional UPDATE). The ledger conformance suite runs on both.
//
// The two stores share one schema (adapted types): sessions (ord, a
// number unique in the store; tenant and id, unique together: session ids
// are scoped per tenant, so two tenants may each hold "s1"; creation
// time; the state as JSON), records (the hash-chained ledger, primary key
// (session, seq), unique (session, span_id) so Record is one index
// probe), decisions (the audit trail, with request ids unique per session
// when set) and extraction_cache (items per text hash). Every table but
// sessions names its session by ord (a Tx reads it with the session row
// and binds it to every query). A schema_version table records which
// migrations ran; Open applies the missing ones, all in one transaction,
// and refuses a database newer than the binary.
//
// The live view: Tx.Cover records the summary that replaced a span
// (covered_by, NULL while the span is live) in one UPDATE per batch of
// ids, and a partial index on (session, seq) WHERE covered_by IS NULL
// lets LiveRecords read the live view without visiting covered spans.
// Version 1 kept the coverage as a map inside the session state,
// rewritten whole on every update; version 2 moved it onto the records
// (a covered_by column) and left a count (covered_spans) in the state.
// Chains sealed by a version-1 binary used the earlier hash scheme and no
// longer verify. On SQLite, version 3 moves coverage into a narrow table
// of its own (coverage: session, span_id, seq, covered_by), because
// covering a span in the records table rewrote its row, text and all,
// and a compaction then wrote and synced every page of the spans it
// covered. PostgreSQL keeps covered_by on the records (an UPDATE there
// writes a new row version either way). A checkpoints table then keeps
// the signed checkpoints of each session's chain heads (ledger.Checkpoint;
// SQLite version 4, PostgreSQL version 3), keyed by the heads they sign.
// Until SQLite version 5 and PostgreSQL version 4, session ids were
// unique in the store and every table named its session by id; those
// versions scope ids per tenant and key the other tables by ord. The hash
// chains need no change for it: each session's genesis already binds both
// chains to its tenant and id (ledger.GenesisHash), and neither changes,
// so chains and checkpoints sealed before verify after (the migration is
// tested on stores the release before wrote, testdata/release-v4).
//
// The SQLite store also keeps a bounded cache of the rows its writer
// connection has read and committed (records with their coverage,
// extractions): see writeCache for why it cannot go stale.
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
