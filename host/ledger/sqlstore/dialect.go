package sqlstore

import (
	"context"
	"strconv"
	"strings"
)

// The two SQL stores share one layer: the statements (statements below),
// the session transaction that runs them (sessionTx, tx.go) and the
// store-wide steps (store.go: migrate, create, run, list). What one
// database does its own way is said in two places only:
//   - its dialect: statement text that differs (placeholders, the row
//     lock, where coverage lives, the schema_version table) and small
//     conversions (how a JSON value is bound, which error is a unique
//     violation);
//   - its dbTx: how it begins, commits and rolls back a transaction, and
//     the ledger steps whose best plan differs between the engines
//     (binding a list of keys, checking and inserting a batch of records,
//     covering spans).
//
// Upserts need no hook: both engines speak INSERT ... ON CONFLICT (...) DO
// NOTHING / DO UPDATE SET col = excluded.col alike. The migrations stay
// one list per engine (sqliteMigrations, postgresMigrations): they are
// history in each engine's types, appended to and never edited, and one
// shared migrate runs them.

// dialect is the statement text and conversions of one database.
type dialect struct {
	// numbered placeholders ($1, $2, ...) instead of ?: PostgreSQL.
	numbered bool
	// lockSession ends the query that reads a session's row in a write
	// transaction. PostgreSQL locks the row (" FOR UPDATE") so updates of
	// one session are serialised across replicas; SQLite's BEGIN
	// IMMEDIATE already holds the whole database's write lock.
	lockSession string
	// lockMigrations, when set, runs first in the schema migration's
	// transaction, so replicas starting together migrate once.
	lockMigrations string
	// schemaVersionDDL creates the schema_version table if missing.
	schemaVersionDDL string
	// coverageTable holds (session, span_id, covered_by) for every span:
	// SQLite's narrow coverage table, PostgreSQL's records.
	coverageTable string
	// coveredByColumn reads a span's covered_by in a query over records.
	coveredByColumn string
	// liveRecords reads the records no summary covers, in seq order, with
	// the session's ord as its one parameter.
	liveRecords string
	// jsonArg is how an encoded JSON value is bound: SQLite keeps it as
	// TEXT (a string), PostgreSQL's json columns take the bytes.
	jsonArg func([]byte) any
	// isUniqueViolation tells an insert refused by a unique key.
	isUniqueViolation func(error) bool

	q statements // built from the fields above by newDialect
}

// newDialect completes d with its statements.
func newDialect(d dialect) *dialect {
	d.q = newStatements(&d)
	return &d
}

// rebind numbers the ? placeholders of query ($1, $2, ...) for a dialect
// that wants them numbered. The shared statements hold no ? but their
// placeholders (no string literal or JSON operator with one).
func (d *dialect) rebind(query string) string {
	if !d.numbered {
		return query
	}
	var b strings.Builder
	n := 0
	for {
		i := strings.IndexByte(query, '?')
		if i < 0 {
			b.WriteString(query)
			return b.String()
		}
		n++
		b.WriteString(query[:i])
		b.WriteByte('$')
		b.WriteString(strconv.Itoa(n))
		query = query[i+1:]
	}
}

// statements are the SQL both stores run, in their dialect. Those ending
// in a key column (the ...ByKey ones) are completed per call by
// dbTx.eachKey with the list of keys.
type statements struct {
	createSession, session, lockedSession, setState, sessions, tenants string

	record, records, insertRecord, recordHead, recordsByKey, spanIDsByKey string
	coveredByKey, coverageByKey                                           string

	decisions, decisionByRequest, insertDecision, decisionHead, lastDecisionSeq string

	cachedItems, cacheItems, itemsByKey string

	checkpoints, insertCheckpoint string

	readVersion, insertVersion string

	probeUpsert string
}

func newStatements(d *dialect) statements {
	r := d.rebind
	return statements{
		createSession: r(`INSERT INTO sessions (tenant, id, created_ns, state) VALUES (?, ?, ?, ?) ON CONFLICT (tenant, id) DO NOTHING`),
		session:       r(`SELECT ord, created_ns, state FROM sessions WHERE tenant = ? AND id = ?`),
		lockedSession: r(`SELECT ord, created_ns, state FROM sessions WHERE tenant = ? AND id = ?` + d.lockSession),
		setState:      r(`UPDATE sessions SET state = ? WHERE ord = ?`),
		sessions:      r(`SELECT id, created_ns FROM sessions WHERE tenant = ? ORDER BY ord`),
		tenants:       `SELECT DISTINCT tenant FROM sessions ORDER BY tenant`,

		record:        r(`SELECT ` + recordColumns + ` FROM records WHERE session = ? AND span_id = ?`),
		records:       r(`SELECT ` + recordColumns + ` FROM records WHERE session = ? ORDER BY seq`),
		insertRecord:  r(`INSERT INTO records (session, ` + recordColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		recordHead:    r(`SELECT seq, hash FROM records WHERE session = ? ORDER BY seq DESC LIMIT 1`),
		recordsByKey:  r(`SELECT ` + recordColumns + `, ` + d.coveredByColumn + ` FROM records WHERE session = ? AND span_id`),
		spanIDsByKey:  r(`SELECT span_id FROM records WHERE session = ? AND span_id`),
		coveredByKey:  r(`SELECT span_id, covered_by FROM ` + d.coverageTable + ` WHERE session = ? AND covered_by IS NOT NULL AND span_id`),
		coverageByKey: r(`SELECT span_id, covered_by FROM ` + d.coverageTable + ` WHERE session = ? AND span_id`),

		decisions:         r(`SELECT ` + decisionColumns + ` FROM decisions WHERE session = ? ORDER BY seq`),
		decisionByRequest: r(`SELECT ` + decisionColumns + ` FROM decisions WHERE session = ? AND request_id = ? AND request_id <> ''`),
		insertDecision:    r(`INSERT INTO decisions (session, ` + decisionColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
		decisionHead:      r(`SELECT seq, hash FROM decisions WHERE session = ? ORDER BY seq DESC LIMIT 1`),
		lastDecisionSeq:   r(`SELECT COALESCE(MAX(seq), 0) FROM decisions WHERE session = ?`),

		cachedItems: r(`SELECT items FROM extraction_cache WHERE session = ? AND text_hash = ?`),
		cacheItems: r(`INSERT INTO extraction_cache (session, text_hash, items) VALUES (?, ?, ?)
		ON CONFLICT (session, text_hash) DO UPDATE SET items = excluded.items`),
		itemsByKey: r(`SELECT text_hash, items FROM extraction_cache WHERE session = ? AND text_hash`),

		checkpoints: r(`SELECT ` + checkpointColumns + ` FROM checkpoints WHERE session = ? ORDER BY decisions, records, time_ns`),
		insertCheckpoint: r(`INSERT INTO checkpoints (session, ` + checkpointColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (session, decisions, records) DO NOTHING`),

		readVersion:   `SELECT COALESCE(MAX(version), 0) FROM schema_version`,
		insertVersion: r(`INSERT INTO schema_version (version) VALUES (?)`),

		probeUpsert: r(`INSERT INTO ` + probeTable + ` (id, probed_ns) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET probed_ns = excluded.probed_ns`),
	}
}

// conn runs statements on a pool or in a transaction, whatever the
// driver: database/sql for SQLite (sqlConn), pgx for PostgreSQL
// (pgxConn). A row that is not there is sql.ErrNoRows from both.
type conn interface {
	// exec runs a statement and returns how many rows it changed.
	exec(ctx context.Context, query string, args ...any) (int64, error)
	query(ctx context.Context, query string, args ...any) (rows, error)
	queryRow(ctx context.Context, query string, args ...any) row
}

// rows is what *sql.Rows and pgx.Rows share (pgx's behind pgxRows).
type rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close() error
}

// row is one row of conn.queryRow.
type row interface {
	Scan(dest ...any) error
}

// dbTx is one database transaction of a store, as sessionTx drives it:
// statements through conn, and the steps the two engines plan apart.
type dbTx interface {
	conn
	// commit makes the transaction durable.
	commit(ctx context.Context) error
	// rollback ends the transaction without a trace; after commit it
	// does nothing.
	rollback(ctx context.Context)
	// eachKey runs query, which ends in a key column, over keys (with
	// ord as the first parameter), calling scan for every row: one query
	// with an array (PostgreSQL) or one per batch of an IN list (SQLite).
	eachKey(ctx context.Context, query string, ord int64, keys []string, scan func(rows) error) error
	// existing says which of the span ids are in the session's ledger.
	existing(ctx context.Context, ord int64, ids []string) (map[string]bool, error)
	// insertRecords inserts sealed records in order and returns how many
	// it inserted before an error.
	insertRecords(ctx context.Context, ord int64, recs []rawRecord) (int, error)
	// coverLive sets covered_by of the ids, all of them or none: it
	// returns len(ids) when it covered them, or fewer (and changed
	// nothing) when some id is not in the ledger or already covered.
	coverLive(ctx context.Context, ord int64, ids []string, by string) (int64, error)
}

// scanAll calls scan for every row of rs, then closes it.
func scanAll(rs rows, scan func(rows) error) error {
	defer rs.Close()
	for rs.Next() {
		if err := scan(rs); err != nil {
			return err
		}
	}
	return rs.Err()
}
