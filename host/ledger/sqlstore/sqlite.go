package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite"             // registers the "sqlite" database/sql driver; its Error carries the result code
	sqlite3 "modernc.org/sqlite/lib" // the result codes

	"github.com/compactguard/compactguard/host/ledger"
)

// SQLiteBusyTimeout is how long a writer waits for another process's
// write transaction on the same database file before failing.
const SQLiteBusyTimeout = 10 * time.Second

// SQLite is a ledger.Store in one SQLite database file: the embedded
// store for a single compactguard process. It keeps two connection pools:
// one writer connection (every Update runs on it, in a transaction begun
// with BEGIN IMMEDIATE, so updates are serialised per database) and a
// pool of readers for View, which WAL mode lets run beside the writer.
type SQLite struct {
	path       string
	write      *sql.DB
	read       *sql.DB
	writeStmts map[string]*sql.Stmt
	readStmts  map[string]*sql.Stmt
	cache      *writeCache // what Update transactions have read and committed
}

var _ ledger.Store = (*SQLite)(nil)

// OpenSQLite opens (creating if needed) the SQLite database at path and
// migrates its schema. The database runs in WAL mode with
// synchronous=FULL, so an Update that returned nil survives a power loss.
//
// The store is returned as a ledger.Store, the shape Open hands out; the
// *SQLite behind it has no methods beyond the interface.
func OpenSQLite(ctx context.Context, path string) (ledger.Store, error) {
	s, err := openSQLite(ctx, path)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func openSQLite(ctx context.Context, path string) (*SQLite, error) {
	if path == "" {
		return nil, errors.New("opening sqlite store: empty path (want sqlite:PATH)")
	}
	if path == MemoryPath {
		return openSQLiteMemory(ctx)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("opening sqlite store %q: %w", path, err)
	}
	// A file: URI, so a path holding '?' or '#' cannot be taken for
	// driver parameters.
	uri := (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
	params := func(extra ...string) string {
		q := url.Values{}
		q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", SQLiteBusyTimeout.Milliseconds()))
		q.Add("_pragma", "foreign_keys(1)")
		q.Add("_pragma", "synchronous(FULL)")
		for i := 0; i+1 < len(extra); i += 2 {
			q.Add(extra[i], extra[i+1])
		}
		return uri + "?" + q.Encode()
	}
	write, err := sql.Open("sqlite", params("_pragma", "journal_mode(WAL)", "_txlock", "immediate"))
	if err != nil {
		return nil, fmt.Errorf("opening sqlite store %q: %w", abs, err)
	}
	s, err := newSQLite(ctx, abs, write)
	if err != nil {
		return nil, err
	}
	read, err := sql.Open("sqlite", params("_query_only", "1"))
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("opening sqlite store %q for reading: %w", abs, err)
	}
	read.SetMaxOpenConns(4)
	read.SetMaxIdleConns(4)
	s.read = read
	if s.readStmts, err = prepare(ctx, read, sqliteReadQueries); err != nil {
		s.Close()
		return nil, fmt.Errorf("opening sqlite store %q for reading: %w", abs, err)
	}
	return s, nil
}

// MemoryPath is the SQLite path of a private in-memory database
// ("sqlite::memory:" in the config): gone when the store closes, useful
// to exercise the SQL path without a file. Its one connection serves
// Update and View alike, so a View waits for a running Update.
const MemoryPath = ":memory:"

func openSQLiteMemory(ctx context.Context) (*SQLite, error) {
	db, err := sql.Open("sqlite", MemoryPath+"?_pragma=foreign_keys(1)")
	if err != nil {
		return nil, fmt.Errorf("opening in-memory sqlite store: %w", err)
	}
	s, err := newSQLite(ctx, MemoryPath, db)
	if err != nil {
		return nil, err
	}
	s.readStmts = s.writeStmts
	return s, nil
}

// newSQLite wraps the writer pool: one connection, kept open for the
// store's life, migrated and with its statements prepared.
func newSQLite(ctx context.Context, path string, write *sql.DB) (*SQLite, error) {
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	write.SetConnMaxIdleTime(0)
	s := &SQLite{path: path, write: write, cache: newWriteCache(DefaultSQLiteCacheBytes)}
	if err := s.migrate(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("opening sqlite store %q: %w", path, err)
	}
	var err error
	if s.writeStmts, err = prepare(ctx, write, sqliteWriteQueries); err != nil {
		write.Close()
		return nil, fmt.Errorf("opening sqlite store %q: %w", path, err)
	}
	return s, nil
}

// sqliteDialect is SQLite's statement text: ? placeholders, no row lock
// (BEGIN IMMEDIATE holds the database's), coverage in a table of its own.
var sqliteDialect = newDialect(dialect{
	schemaVersionDDL: `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`,
	coverageTable:    "coverage",
	coveredByColumn:  `(SELECT covered_by FROM coverage c WHERE c.session = records.session AND c.span_id = records.span_id)`,
	liveRecords: `SELECT ` + recordColumns + ` FROM records WHERE session = ?1
		AND seq IN (SELECT seq FROM coverage WHERE session = ?1 AND covered_by IS NULL) ORDER BY seq`,
	jsonArg:           func(b []byte) any { return string(b) },
	isUniqueViolation: sqliteUniqueViolation,
})

// sqliteUniqueViolation tells SQLITE_CONSTRAINT_UNIQUE and
// SQLITE_CONSTRAINT_PRIMARYKEY.
func sqliteUniqueViolation(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && (e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
}

// Statements of SQLite's own plans: a record's existence and its coverage
// row (see sqliteTx).
const (
	sqlRecordExists = `SELECT 1 FROM records WHERE session = ? AND span_id = ?`
	sqlInsertLive   = `INSERT INTO coverage (session, span_id, seq) VALUES (?, ?, ?)`
)

// sqliteWriteQueries and sqliteReadQueries are prepared on the writer and
// reader pools when the store opens: modernc.org/sqlite does not cache
// statements, and compiling one costs more than running it.
var (
	sqliteReadQueries = []string{sqliteDialect.q.session, sqliteDialect.q.record, sqliteDialect.q.records, sqliteDialect.liveRecords,
		sqliteDialect.q.decisions, sqliteDialect.q.decisionByRequest, sqliteDialect.q.cachedItems,
		sqliteDialect.q.checkpoints, sqliteDialect.q.recordHead, sqliteDialect.q.decisionHead}
	sqliteWriteQueries = append([]string{sqliteDialect.q.setState, sqlRecordExists, sqliteDialect.q.insertRecord, sqlInsertLive,
		sqliteDialect.q.insertDecision, sqliteDialect.q.cacheItems, sqliteDialect.q.insertCheckpoint}, sqliteReadQueries...)
)

// prepare compiles queries on db.
func prepare(ctx context.Context, db *sql.DB, queries []string) (map[string]*sql.Stmt, error) {
	out := make(map[string]*sql.Stmt, len(queries))
	for _, q := range queries {
		st, err := db.PrepareContext(ctx, q)
		if err != nil {
			for _, p := range out {
				p.Close()
			}
			return nil, fmt.Errorf("preparing %q: %w", q, err)
		}
		out[q] = st
	}
	return out, nil
}

// sqliteMigrations are the schema's versions in order: migration i takes
// the schema from version i to i+1. Append, never edit.
var sqliteMigrations = []string{
	`CREATE TABLE sessions (
		id TEXT PRIMARY KEY,
		tenant TEXT NOT NULL,
		created_ns INTEGER NOT NULL,
		state TEXT NOT NULL
	);
	CREATE INDEX sessions_tenant ON sessions (tenant);
	CREATE TABLE records (
		session TEXT NOT NULL REFERENCES sessions (id),
		seq INTEGER NOT NULL,
		span_id TEXT NOT NULL,
		kind TEXT NOT NULL,
		text BLOB NOT NULL,
		meta TEXT NOT NULL,
		covers TEXT NOT NULL,
		span_tokens INTEGER NOT NULL,
		turn INTEGER NOT NULL,
		tokens INTEGER NOT NULL,
		content_hash TEXT NOT NULL,
		prev TEXT NOT NULL,
		hash TEXT NOT NULL,
		time_ns INTEGER NOT NULL,
		PRIMARY KEY (session, seq),
		UNIQUE (session, span_id)
	);
	CREATE TABLE decisions (
		session TEXT NOT NULL REFERENCES sessions (id),
		seq INTEGER NOT NULL,
		type TEXT NOT NULL,
		request_id TEXT NOT NULL,
		body BLOB NOT NULL,
		prev TEXT NOT NULL,
		hash TEXT NOT NULL,
		time_ns INTEGER NOT NULL,
		PRIMARY KEY (session, seq)
	);
	CREATE UNIQUE INDEX decisions_request ON decisions (session, request_id) WHERE request_id <> '';
	CREATE TABLE extraction_cache (
		session TEXT NOT NULL REFERENCES sessions (id),
		text_hash TEXT NOT NULL,
		items TEXT NOT NULL,
		PRIMARY KEY (session, text_hash)
	);`,
	// Version 2: the live view's coverage moves out of the session state
	// (a map rewritten on every update) onto the records: covered_by is
	// the summary that replaced the span, NULL while the span is live.
	// Marks and counts kept in a version-1 state are carried over.
	`ALTER TABLE records ADD COLUMN covered_by TEXT;
	UPDATE records SET covered_by = (
		SELECT c.value FROM sessions s, json_each(s.state, '$.covered') c
		WHERE s.id = records.session AND c.key = records.span_id)
	WHERE session IN (SELECT id FROM sessions WHERE json_type(state, '$.covered') = 'object');
	UPDATE sessions SET state = json_set(json_remove(state, '$.covered'), '$.covered_spans',
		(SELECT count(*) FROM json_each(state, '$.covered')))
	WHERE json_type(state, '$.covered') = 'object';
	CREATE INDEX records_live ON records (session, seq) WHERE covered_by IS NULL;`,
	// Version 3: coverage moves off the records into a narrow table of its
	// own. Covering a span rewrote its whole row, text included, so a
	// compaction of 40k tokens wrote and synced every page of those
	// spans again; a coverage row is a few dozen bytes. Every record has
	// a coverage row, inserted with it; coverage_live plays the part
	// records_live played.
	`CREATE TABLE coverage (
		session TEXT NOT NULL,
		span_id TEXT NOT NULL,
		seq INTEGER NOT NULL,
		covered_by TEXT,
		PRIMARY KEY (session, span_id)
	) WITHOUT ROWID;
	INSERT INTO coverage (session, span_id, seq, covered_by) SELECT session, span_id, seq, covered_by FROM records;
	CREATE INDEX coverage_live ON coverage (session, seq) WHERE covered_by IS NULL;
	DROP INDEX records_live;
	ALTER TABLE records DROP COLUMN covered_by;`,
	// Version 4: signed checkpoints of each session's chain heads (see
	// ledger.Checkpoint), one row per update that extended a chain. The
	// key is the heads a row signs, so a repeat is dropped. Sessions of
	// an older version simply have none until their next update.
	`CREATE TABLE checkpoints (
		session TEXT NOT NULL REFERENCES sessions (id),
		records INTEGER NOT NULL,
		record_head TEXT NOT NULL,
		decisions INTEGER NOT NULL,
		decision_head TEXT NOT NULL,
		time_ns INTEGER NOT NULL,
		key_id TEXT NOT NULL,
		signature TEXT NOT NULL,
		PRIMARY KEY (session, decisions, records)
	) WITHOUT ROWID;`,
	// Version 5: session ids are scoped per tenant, so two tenants may
	// each hold "s1" (and neither can squat on the other's ids). A
	// session's row gets a number of its own, ord (the rowid it already
	// had, so listing order is kept), unique in the store; (tenant, id)
	// is unique instead of id; the other tables refer to a session by
	// ord instead of by id. Every table is rebuilt (SQLite cannot change
	// a primary key or a reference in place): the old ones are renamed
	// away, the rows copied with each id replaced by its session's ord
	// (ids were unique before, so the join is one to one), and the old
	// ones dropped, children first. Nothing in a hash chain changes: the
	// chains are bound to (tenant, id), which stay as they were. It runs
	// in migrate's one transaction, so a failure leaves version 4 whole.
	`ALTER TABLE sessions RENAME TO sessions_v4;
	ALTER TABLE records RENAME TO records_v4;
	ALTER TABLE decisions RENAME TO decisions_v4;
	ALTER TABLE extraction_cache RENAME TO extraction_cache_v4;
	ALTER TABLE coverage RENAME TO coverage_v4;
	ALTER TABLE checkpoints RENAME TO checkpoints_v4;
	CREATE TABLE sessions (
		ord INTEGER PRIMARY KEY,
		tenant TEXT NOT NULL,
		id TEXT NOT NULL,
		created_ns INTEGER NOT NULL,
		state TEXT NOT NULL,
		UNIQUE (tenant, id)
	);
	INSERT INTO sessions (ord, tenant, id, created_ns, state)
		SELECT rowid, tenant, id, created_ns, state FROM sessions_v4 ORDER BY rowid;
	CREATE TABLE records (
		session INTEGER NOT NULL REFERENCES sessions (ord),
		seq INTEGER NOT NULL,
		span_id TEXT NOT NULL,
		kind TEXT NOT NULL,
		text BLOB NOT NULL,
		meta TEXT NOT NULL,
		covers TEXT NOT NULL,
		span_tokens INTEGER NOT NULL,
		turn INTEGER NOT NULL,
		tokens INTEGER NOT NULL,
		content_hash TEXT NOT NULL,
		prev TEXT NOT NULL,
		hash TEXT NOT NULL,
		time_ns INTEGER NOT NULL,
		PRIMARY KEY (session, seq),
		UNIQUE (session, span_id)
	);
	INSERT INTO records (session, seq, span_id, kind, text, meta, covers, span_tokens, turn, tokens, content_hash, prev, hash, time_ns)
		SELECT s.ord, r.seq, r.span_id, r.kind, r.text, r.meta, r.covers, r.span_tokens, r.turn, r.tokens, r.content_hash, r.prev, r.hash, r.time_ns
		FROM records_v4 r JOIN sessions s ON s.id = r.session;
	CREATE TABLE decisions (
		session INTEGER NOT NULL REFERENCES sessions (ord),
		seq INTEGER NOT NULL,
		type TEXT NOT NULL,
		request_id TEXT NOT NULL,
		body BLOB NOT NULL,
		prev TEXT NOT NULL,
		hash TEXT NOT NULL,
		time_ns INTEGER NOT NULL,
		PRIMARY KEY (session, seq)
	);
	INSERT INTO decisions (session, seq, type, request_id, body, prev, hash, time_ns)
		SELECT s.ord, d.seq, d.type, d.request_id, d.body, d.prev, d.hash, d.time_ns
		FROM decisions_v4 d JOIN sessions s ON s.id = d.session;
	CREATE TABLE extraction_cache (
		session INTEGER NOT NULL REFERENCES sessions (ord),
		text_hash TEXT NOT NULL,
		items TEXT NOT NULL,
		PRIMARY KEY (session, text_hash)
	);
	INSERT INTO extraction_cache (session, text_hash, items)
		SELECT s.ord, e.text_hash, e.items FROM extraction_cache_v4 e JOIN sessions s ON s.id = e.session;
	CREATE TABLE coverage (
		session INTEGER NOT NULL,
		span_id TEXT NOT NULL,
		seq INTEGER NOT NULL,
		covered_by TEXT,
		PRIMARY KEY (session, span_id)
	) WITHOUT ROWID;
	INSERT INTO coverage (session, span_id, seq, covered_by)
		SELECT s.ord, c.span_id, c.seq, c.covered_by FROM coverage_v4 c JOIN sessions s ON s.id = c.session;
	CREATE TABLE checkpoints (
		session INTEGER NOT NULL REFERENCES sessions (ord),
		records INTEGER NOT NULL,
		record_head TEXT NOT NULL,
		decisions INTEGER NOT NULL,
		decision_head TEXT NOT NULL,
		time_ns INTEGER NOT NULL,
		key_id TEXT NOT NULL,
		signature TEXT NOT NULL,
		PRIMARY KEY (session, decisions, records)
	) WITHOUT ROWID;
	INSERT INTO checkpoints (session, records, record_head, decisions, decision_head, time_ns, key_id, signature)
		SELECT s.ord, c.records, c.record_head, c.decisions, c.decision_head, c.time_ns, c.key_id, c.signature
		FROM checkpoints_v4 c JOIN sessions s ON s.id = c.session;
	DROP TABLE records_v4;
	DROP TABLE decisions_v4;
	DROP TABLE extraction_cache_v4;
	DROP TABLE coverage_v4;
	DROP TABLE checkpoints_v4;
	DROP TABLE sessions_v4;
	CREATE UNIQUE INDEX decisions_request ON decisions (session, request_id) WHERE request_id <> '';
	CREATE INDEX coverage_live ON coverage (session, seq) WHERE covered_by IS NULL;`,
}

// migrate brings the schema to the newest version in one write
// transaction, so two processes opening one new file do not both create it.
func (s *SQLite) migrate(ctx context.Context) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("starting schema migration: %w", err)
	}
	return migrate(ctx, sqliteDialect, &sqliteTx{sqlConn: sqlConn{db: tx, tx: tx}}, sqliteMigrations, nil)
}

// CreateSession implements ledger.Store; an id the tenant already holds
// is ledger.ErrExists (another tenant's is no matter).
func (s *SQLite) CreateSession(ctx context.Context, info ledger.SessionInfo, st ledger.State) error {
	return createSession(ctx, sqliteDialect, sqlConn{db: s.write}, info, st)
}

// Update implements ledger.Store: one BEGIN IMMEDIATE transaction on the
// writer connection, committed before Update returns.
func (s *SQLite) Update(ctx context.Context, tenant, id string, fn func(ledger.Tx) error) error {
	return runSession(ctx, sqliteDialect, s.beginWrite, s.cache, tenant, id, true, fn)
}

// View implements ledger.Store: a read transaction on a reader
// connection, a consistent snapshot under WAL.
func (s *SQLite) View(ctx context.Context, tenant, id string, fn func(ledger.Tx) error) error {
	return runSession(ctx, sqliteDialect, s.beginRead, nil, tenant, id, false, fn)
}

// beginWrite starts an Update's transaction on the writer connection and
// brings the cache up to date with the database.
func (s *SQLite) beginWrite(ctx context.Context) (dbTx, error) {
	tx, err := s.write.BeginTx(ctx, &sql.TxOptions{})
	if err != nil {
		return nil, err
	}
	// BEGIN IMMEDIATE holds the write lock, so data_version is final
	// until this transaction ends.
	var version int64
	if err := tx.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&version); err != nil {
		_ = tx.Rollback()
		return nil, fmt.Errorf("reading data version: %w", err)
	}
	s.cache.sync(version)
	return &sqliteTx{sqlConn: sqlConn{db: tx, tx: tx, stmts: s.writeStmts}}, nil
}

// beginRead starts a View's read-only transaction on a reader connection.
func (s *SQLite) beginRead(ctx context.Context) (dbTx, error) {
	tx, err := s.reader().BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	return &sqliteTx{sqlConn: sqlConn{db: tx, tx: tx, stmts: s.readStmts}}, nil
}

// reader is the pool for reads: the reader pool, or the single connection
// of an in-memory database.
func (s *SQLite) reader() *sql.DB {
	if s.read == nil {
		return s.write
	}
	return s.read
}

// Sessions implements ledger.Store, in creation order.
func (s *SQLite) Sessions(ctx context.Context, tenant string) ([]ledger.SessionInfo, error) {
	return listSessions(ctx, sqliteDialect, sqlConn{db: s.reader()}, tenant)
}

// Tenants implements ledger.TenantLister.
func (s *SQLite) Tenants(ctx context.Context) ([]string, error) {
	return listTenants(ctx, sqliteDialect, sqlConn{db: s.reader()})
}

// Ping implements ledger.Store.
func (s *SQLite) Ping(ctx context.Context) error {
	if err := s.write.PingContext(ctx); err != nil {
		return fmt.Errorf("pinging sqlite store %q: %w", s.path, err)
	}
	return nil
}

// Close implements ledger.Store.
func (s *SQLite) Close() error {
	var errs []error
	closed := map[*sql.Stmt]bool{}
	for _, m := range []map[string]*sql.Stmt{s.readStmts, s.writeStmts} {
		for _, st := range m {
			if !closed[st] {
				closed[st] = true
				errs = append(errs, st.Close())
			}
		}
	}
	if s.read != nil {
		errs = append(errs, s.read.Close())
	}
	errs = append(errs, s.write.Close())
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("closing sqlite store %q: %w", s.path, err)
	}
	return nil
}

// sqlConn is conn on database/sql: a pool or a transaction (db), using
// the statements prepared when the store opened (stmts, by their text)
// where it has them.
type sqlConn struct {
	db interface {
		ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
		QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	}
	tx    *sql.Tx // db as a transaction, to bind prepared statements to; nil on a pool
	stmts map[string]*sql.Stmt
}

// prepared returns the prepared statement of query, bound to the
// transaction, or nil.
func (c sqlConn) prepared(ctx context.Context, query string) *sql.Stmt {
	st := c.stmts[query]
	if st != nil && c.tx != nil {
		st = c.tx.StmtContext(ctx, st)
	}
	return st
}

func (c sqlConn) exec(ctx context.Context, query string, args ...any) (int64, error) {
	var res sql.Result
	var err error
	if st := c.prepared(ctx, query); st != nil {
		res, err = st.ExecContext(ctx, args...)
	} else {
		res, err = c.db.ExecContext(ctx, query, args...)
	}
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (c sqlConn) query(ctx context.Context, query string, args ...any) (rows, error) {
	var rs *sql.Rows
	var err error
	if st := c.prepared(ctx, query); st != nil {
		rs, err = st.QueryContext(ctx, args...)
	} else {
		rs, err = c.db.QueryContext(ctx, query, args...)
	}
	if err != nil {
		return nil, err
	}
	return rs, nil
}

func (c sqlConn) queryRow(ctx context.Context, query string, args ...any) row {
	if st := c.prepared(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return c.db.QueryRowContext(ctx, query, args...)
}

// sqliteTx is dbTx on SQLite: statements on one connection, where a round
// trip is a function call, so a plan of many small prepared statements
// beats one large one compiled afresh.
type sqliteTx struct {
	sqlConn
}

func (t *sqliteTx) commit(context.Context) error { return t.tx.Commit() }

func (t *sqliteTx) rollback(context.Context) { _ = t.tx.Rollback() }

// sqliteBatch bounds the keys of one IN (...) list, well under SQLite's
// limit on bound parameters.
const sqliteBatch = 500

// placeholders is n ?s separated by commas.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

// eachKey runs query once per batch of keys, as query IN (?, ...).
func (t *sqliteTx) eachKey(ctx context.Context, query string, ord int64, keys []string, scan func(rows) error) error {
	for lo := 0; lo < len(keys); lo += sqliteBatch {
		part := keys[lo:min(lo+sqliteBatch, len(keys))]
		args := make([]any, 0, len(part)+1)
		args = append(args, ord)
		for _, k := range part {
			args = append(args, k)
		}
		rs, err := t.db.QueryContext(ctx, query+" IN ("+placeholders(len(part))+")", args...)
		if err != nil {
			return err
		}
		if err := scanAll(rs, scan); err != nil {
			return err
		}
	}
	return nil
}

// existing probes each id with a prepared statement: for the one or two
// spans an append usually brings, cheaper than compiling an IN list.
func (t *sqliteTx) existing(ctx context.Context, ord int64, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, id := range ids {
		var one int
		err := t.queryRow(ctx, sqlRecordExists, ord, id).Scan(&one)
		if err == nil {
			out[id] = true
		} else if !errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("span %q: %w", id, err)
		}
	}
	return out, nil
}

// insertRecords inserts each record and its coverage row (live).
func (t *sqliteTx) insertRecords(ctx context.Context, ord int64, recs []rawRecord) (int, error) {
	for i, r := range recs {
		if _, err := t.exec(ctx, sqliteDialect.q.insertRecord, r.args(ord, sqliteDialect.jsonArg)...); err != nil {
			return i, fmt.Errorf("appending span %q: %w", r.spanID, err)
		}
		if _, err := t.exec(ctx, sqlInsertLive, ord, r.spanID, r.seq); err != nil {
			return i, fmt.Errorf("appending span %q to the live view: %w", r.spanID, err)
		}
	}
	return len(recs), nil
}

// coverLive updates the coverage rows in one UPDATE per batch of ids. In
// the usual case every id is live and that is all; when fewer rows
// changed than ids were named, the change is rolled back to a savepoint,
// so a failed Cover covers nothing.
func (t *sqliteTx) coverLive(ctx context.Context, ord int64, ids []string, by string) (int64, error) {
	if _, err := t.exec(ctx, `SAVEPOINT cover`); err != nil {
		return 0, err
	}
	var changed int64
	for lo := 0; lo < len(ids); lo += sqliteBatch {
		part := ids[lo:min(lo+sqliteBatch, len(ids))]
		args := make([]any, 0, len(part)+2)
		args = append(args, by, ord)
		for _, id := range part {
			args = append(args, id)
		}
		n, err := t.exec(ctx, `UPDATE coverage SET covered_by = ? WHERE session = ? AND covered_by IS NULL AND span_id IN (`+
			placeholders(len(part))+")", args...)
		if err != nil {
			return 0, err
		}
		changed += n
	}
	if changed == int64(len(ids)) {
		if _, err := t.exec(ctx, `RELEASE cover`); err != nil {
			return 0, err
		}
		return changed, nil
	}
	if _, err := t.exec(ctx, `ROLLBACK TO cover; RELEASE cover`); err != nil {
		return 0, err
	}
	return changed, nil
}
