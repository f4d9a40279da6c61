package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
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

// The queries a SQLite transaction runs, prepared once per connection.
const (
	sqlSession     = `SELECT ord, created_ns, state FROM sessions WHERE tenant = ? AND id = ?`
	sqlSetState    = `UPDATE sessions SET state = ? WHERE ord = ?`
	sqlRecord      = `SELECT ` + recordColumns + ` FROM records WHERE session = ? AND span_id = ?`
	sqlRecords     = `SELECT ` + recordColumns + ` FROM records WHERE session = ? ORDER BY seq`
	sqlLiveRecords = `SELECT ` + recordColumns + ` FROM records WHERE session = ?1
		AND seq IN (SELECT seq FROM coverage WHERE session = ?1 AND covered_by IS NULL) ORDER BY seq`
	sqlRecordExists   = `SELECT 1 FROM records WHERE session = ? AND span_id = ?`
	sqlRecordHead     = `SELECT seq, hash FROM records WHERE session = ? ORDER BY seq DESC LIMIT 1`
	sqlInsertRecord   = `INSERT INTO records (session, ` + recordColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	sqlInsertLive     = `INSERT INTO coverage (session, span_id, seq) VALUES (?, ?, ?)`
	sqlDecisions      = `SELECT ` + decisionColumns + ` FROM decisions WHERE session = ? ORDER BY seq`
	sqlDecisionHead   = `SELECT seq, hash FROM decisions WHERE session = ? ORDER BY seq DESC LIMIT 1`
	sqlInsertDecision = `INSERT INTO decisions (session, ` + decisionColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	sqlDecisionByReq  = `SELECT ` + decisionColumns + ` FROM decisions WHERE session = ? AND request_id = ? AND request_id <> ''`
	sqlCachedItems    = `SELECT items FROM extraction_cache WHERE session = ? AND text_hash = ?`
	sqlCacheItems     = `INSERT INTO extraction_cache (session, text_hash, items) VALUES (?, ?, ?)
		ON CONFLICT (session, text_hash) DO UPDATE SET items = excluded.items`
	sqlCheckpoints      = `SELECT ` + checkpointColumns + ` FROM checkpoints WHERE session = ? ORDER BY decisions, records, time_ns`
	sqlInsertCheckpoint = `INSERT INTO checkpoints (session, ` + checkpointColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (session, decisions, records) DO NOTHING`
)

// sqliteWriteQueries and sqliteReadQueries are prepared on the writer and
// reader pools when the store opens: modernc.org/sqlite does not cache
// statements, and compiling one costs more than running it.
var (
	sqliteReadQueries = []string{sqlSession, sqlRecord, sqlRecords, sqlLiveRecords, sqlDecisions, sqlDecisionByReq, sqlCachedItems,
		sqlCheckpoints, sqlRecordHead, sqlDecisionHead}
	sqliteWriteQueries = append([]string{sqlSetState, sqlRecordExists, sqlInsertRecord, sqlInsertLive,
		sqlInsertDecision, sqlCacheItems, sqlInsertCheckpoint}, sqliteReadQueries...)
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
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("creating schema_version: %w", err)
	}
	var version int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&version); err != nil {
		return fmt.Errorf("reading schema version: %w", err)
	}
	if version > len(sqliteMigrations) {
		return fmt.Errorf("database schema version %d is newer than this binary knows (%d): upgrade compactguard", version, len(sqliteMigrations))
	}
	for v := version; v < len(sqliteMigrations); v++ {
		if _, err := tx.ExecContext(ctx, sqliteMigrations[v]); err != nil {
			return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (?)`, v+1); err != nil {
			return fmt.Errorf("recording schema version %d: %w", v+1, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("committing schema migration: %w", err)
	}
	return nil
}

// CreateSession implements ledger.Store; an id the tenant already holds
// is ledger.ErrExists (another tenant's is no matter).
func (s *SQLite) CreateSession(ctx context.Context, info ledger.SessionInfo, st ledger.State) error {
	if info.Created.IsZero() {
		info.Created = time.Now().UTC()
	}
	state, err := encodeJSON("session state", st)
	if err != nil {
		return fmt.Errorf("creating session %q: %w", info.ID, err)
	}
	res, err := s.write.ExecContext(ctx,
		`INSERT INTO sessions (tenant, id, created_ns, state) VALUES (?, ?, ?, ?) ON CONFLICT (tenant, id) DO NOTHING`,
		info.Tenant, info.ID, toNanos(info.Created), string(state))
	if err != nil {
		return fmt.Errorf("creating session %q: %w", info.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("creating session %q: %w", info.ID, err)
	} else if n == 0 {
		return fmt.Errorf("creating session %q: %w", info.ID, ledger.ErrExists)
	}
	return nil
}

// Update implements ledger.Store: one BEGIN IMMEDIATE transaction on the
// writer connection, committed before Update returns.
func (s *SQLite) Update(ctx context.Context, tenant, id string, fn func(ledger.Tx) error) error {
	return s.run(ctx, s.write, s.writeStmts, tenant, id, true, fn)
}

// View implements ledger.Store: a read transaction on a reader
// connection, a consistent snapshot under WAL.
func (s *SQLite) View(ctx context.Context, tenant, id string, fn func(ledger.Tx) error) error {
	return s.run(ctx, s.reader(), s.readStmts, tenant, id, false, fn)
}

// reader is the pool for reads: the reader pool, or the single connection
// of an in-memory database.
func (s *SQLite) reader() *sql.DB {
	if s.read == nil {
		return s.write
	}
	return s.read
}

func (s *SQLite) run(ctx context.Context, db *sql.DB, stmts map[string]*sql.Stmt, tenant, id string, writable bool, fn func(ledger.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("session %q: %w", id, err)
	}
	sqlTx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: !writable})
	if err != nil {
		return fmt.Errorf("starting transaction on session %q: %w", id, err)
	}
	committed := false
	defer func() {
		if !committed {
			_ = sqlTx.Rollback()
		}
	}()
	tx := &sqliteTx{ctx: ctx, tx: sqlTx, stmts: stmts, writable: writable}
	if writable {
		// BEGIN IMMEDIATE holds the write lock, so data_version is final
		// until this transaction ends.
		var version int64
		if err := sqlTx.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&version); err != nil {
			return fmt.Errorf("reading data version for session %q: %w", id, err)
		}
		s.cache.sync(version)
		tx.cache, tx.tc = s.cache, newTxCache()
	}
	var created int64
	var state string
	err = tx.stmt(sqlSession).QueryRowContext(ctx, tenant, id).
		Scan(&tx.ord, &created, &state)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("session %q: %w", id, ledger.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("reading session %q: %w", id, err)
	}
	tx.info = ledger.SessionInfo{ID: id, Tenant: tenant, Created: fromNanos(created)}
	if err := decodeJSON(fmt.Sprintf("state of session %q", id), []byte(state), &tx.state); err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	if !writable {
		return nil
	}
	if err := sqlTx.Commit(); err != nil {
		// The commit may or may not have happened: trust nothing cached.
		s.cache.reset()
		return fmt.Errorf("committing update of session %q: %w", id, err)
	}
	committed = true
	s.cache.commit(tx.ord, tx.tc)
	return nil
}

// Sessions implements ledger.Store, in creation order.
func (s *SQLite) Sessions(ctx context.Context, tenant string) ([]ledger.SessionInfo, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT id, created_ns FROM sessions WHERE tenant = ? ORDER BY ord`, tenant)
	if err != nil {
		return nil, fmt.Errorf("listing sessions of tenant %q: %w", tenant, err)
	}
	defer rows.Close()
	out, err := scanSessions(rows, tenant)
	if err != nil {
		return nil, fmt.Errorf("listing sessions of tenant %q: %w", tenant, err)
	}
	return out, nil
}

// Tenants implements ledger.TenantLister.
func (s *SQLite) Tenants(ctx context.Context) ([]string, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT DISTINCT tenant FROM sessions ORDER BY tenant`)
	if err != nil {
		return nil, fmt.Errorf("listing tenants: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, fmt.Errorf("listing tenants: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing tenants: %w", err)
	}
	return out, nil
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

// sqliteTx is one session inside an Update or View. Every read goes to
// the transaction, so it sees the transaction's own writes.
type sqliteTx struct {
	ctx      context.Context
	tx       *sql.Tx
	stmts    map[string]*sql.Stmt
	writable bool
	info     ledger.SessionInfo
	// ord is the session's number in the store (sessions.ord), by which
	// every other table refers to it: ids are only unique per tenant.
	ord     int64
	state   ledger.State
	recHead *head // nil until read from the database
	decHead *head
	// cache and tc are set in write transactions only: the store's cache
	// of committed rows, and this transaction's overlay on it.
	cache *writeCache
	tc    *txCache
}

// cached returns the record of span id as this transaction sees it, from
// its overlay or the store's cache, without touching the database.
func (t *sqliteTx) cached(id string) (cachedRecord, bool) {
	if t.tc == nil {
		return cachedRecord{}, false
	}
	r, ok := t.tc.recs[id]
	if !ok {
		r, ok = t.cache.record(t.ord, id)
	}
	if by, covered := t.tc.covered[id]; ok && covered {
		r.coveredBy = by
	}
	return r, ok
}

// cachedItems is cached for extractions.
func (t *sqliteTx) cachedItems(textHash string) ([]sdk.Item, bool) {
	if t.tc == nil {
		return nil, false
	}
	if items, ok := t.tc.items[textHash]; ok {
		return items, true
	}
	return t.cache.items(t.ord, textHash)
}

// stmt returns a prepared query bound to the transaction.
func (t *sqliteTx) stmt(query string) *sql.Stmt {
	return t.tx.StmtContext(t.ctx, t.stmts[query])
}

func (t *sqliteTx) Info() ledger.SessionInfo { return t.info }

func (t *sqliteTx) State() (ledger.State, error) { return t.state.Clone(), nil }

func (t *sqliteTx) SetState(st ledger.State) error {
	if !t.writable {
		return errReadOnly
	}
	b, err := encodeJSON("session state", st)
	if err != nil {
		return err
	}
	if _, err := t.stmt(sqlSetState).ExecContext(t.ctx, string(b), t.ord); err != nil {
		return fmt.Errorf("writing state of session %q: %w", t.info.ID, err)
	}
	t.state = st.Clone()
	return nil
}

func (t *sqliteTx) Record(id string) (*ledger.Record, error) {
	if r, ok := t.cached(id); ok {
		return &r.rec, nil
	}
	var raw rawRecord
	err := t.stmt(sqlRecord).QueryRowContext(t.ctx, t.ord, id).
		Scan(raw.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading record of span %q: %w", id, err)
	}
	r, err := raw.record()
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// batchSize bounds the ids of one IN (...) query, well under SQLite's
// limit on bound parameters.
const batchSize = 500

// inQuery runs query (ending in "IN (") once per batch of keys, with the
// session's ord as the first parameter, calling scan for every row.
func (t *sqliteTx) inQuery(what, query string, keys []string, scan func(*sql.Rows) error) error {
	for lo := 0; lo < len(keys); lo += batchSize {
		part := keys[lo:min(lo+batchSize, len(keys))]
		args := make([]any, 0, len(part)+1)
		args = append(args, t.ord)
		for _, k := range part {
			args = append(args, k)
		}
		q := query + strings.TrimSuffix(strings.Repeat("?,", len(part)), ",") + ")"
		rows, err := t.tx.QueryContext(t.ctx, q, args...)
		if err != nil {
			return fmt.Errorf("reading %s of session %q: %w", what, t.info.ID, err)
		}
		for rows.Next() {
			if err := scan(rows); err != nil {
				rows.Close()
				return fmt.Errorf("reading %s of session %q: %w", what, t.info.ID, err)
			}
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return fmt.Errorf("reading %s of session %q: %w", what, t.info.ID, err)
		}
	}
	return nil
}

func (t *sqliteTx) RecordsByID(ids []string) (map[string]ledger.Record, error) {
	out := make(map[string]ledger.Record, len(ids))
	var missing []string
	for _, id := range ids {
		if r, ok := t.cached(id); ok {
			out[id] = r.rec
		} else {
			missing = append(missing, id)
		}
	}
	err := t.inQuery("records", `SELECT `+recordColumns+`, (SELECT covered_by FROM coverage c WHERE c.session = records.session AND c.span_id = records.span_id)
		FROM records WHERE session = ? AND span_id IN (`, missing, func(rows *sql.Rows) error {
		var raw rawRecord
		var by sql.NullString
		if err := rows.Scan(append(raw.dest(), &by)...); err != nil {
			return err
		}
		r, err := raw.record()
		if err != nil {
			return err
		}
		out[r.Span.ID] = r
		if t.tc != nil {
			t.tc.recs[r.Span.ID] = cachedRecord{rec: r, coveredBy: by.String}
		}
		return nil
	})
	return out, err
}

func (t *sqliteTx) LastDecisionSeq() (int64, error) {
	if t.decHead != nil {
		return t.decHead.seq, nil
	}
	var seq int64
	err := t.tx.QueryRowContext(t.ctx, `SELECT COALESCE(MAX(seq), 0) FROM decisions WHERE session = ?`, t.ord).Scan(&seq)
	if err != nil {
		return 0, fmt.Errorf("reading head of decisions of session %q: %w", t.info.ID, err)
	}
	return seq, nil
}

func (t *sqliteTx) CachedItemsMany(hashes []string) (map[string][]sdk.Item, error) {
	out := map[string][]sdk.Item{}
	var missing []string
	for _, h := range hashes {
		if items, ok := t.cachedItems(h); ok {
			out[h] = items
		} else {
			missing = append(missing, h)
		}
	}
	err := t.inQuery("cached extractions", `SELECT text_hash, items FROM extraction_cache WHERE session = ? AND text_hash IN (`, missing, func(rows *sql.Rows) error {
		var h, b string
		if err := rows.Scan(&h, &b); err != nil {
			return err
		}
		var items []sdk.Item
		if err := decodeJSON("cached items", []byte(b), &items); err != nil {
			return err
		}
		out[h] = items
		if t.tc != nil {
			t.tc.items[h] = items
		}
		return nil
	})
	return out, err
}

func (t *sqliteTx) Records() ([]ledger.Record, error) {
	return t.records(sqlRecords)
}

// LiveRecords reads the records no summary covers, found through the
// partial index coverage_live: covered spans are not even visited.
func (t *sqliteTx) LiveRecords() ([]ledger.Record, error) {
	return t.records(sqlLiveRecords)
}

func (t *sqliteTx) records(query string) ([]ledger.Record, error) {
	rows, err := t.stmt(query).QueryContext(t.ctx, t.ord)
	if err != nil {
		return nil, fmt.Errorf("reading ledger of session %q: %w", t.info.ID, err)
	}
	defer rows.Close()
	out, err := scanRecords(rows)
	if err != nil {
		return nil, fmt.Errorf("reading ledger of session %q: %w", t.info.ID, err)
	}
	return out, nil
}

// Cover marks the ids' coverage rows in one UPDATE per batch of ids; a
// refused Cover writes nothing.
func (t *sqliteTx) Cover(ids []string, by string) error {
	if !t.writable {
		return errReadOnly
	}
	if err := checkCover(ids, by); err != nil {
		return err
	}
	// Update first: in the usual case every id is live and one statement
	// per batch does it. Only when fewer rows changed than ids were named
	// is the change rolled back to the savepoint (a failed Cover covers
	// nothing) and the coverage read, to name the offending id.
	if _, err := t.tx.ExecContext(t.ctx, `SAVEPOINT cover`); err != nil {
		return fmt.Errorf("covering spans of session %q: %w", t.info.ID, err)
	}
	var changed int64
	for lo := 0; lo < len(ids); lo += batchSize {
		part := ids[lo:min(lo+batchSize, len(ids))]
		args := make([]any, 0, len(part)+2)
		args = append(args, by, t.ord)
		for _, id := range part {
			args = append(args, id)
		}
		q := `UPDATE coverage SET covered_by = ? WHERE session = ? AND covered_by IS NULL AND span_id IN (` +
			strings.TrimSuffix(strings.Repeat("?,", len(part)), ",") + ")"
		res, err := t.tx.ExecContext(t.ctx, q, args...)
		if err != nil {
			return fmt.Errorf("covering %d spans of session %q: %w", len(part), t.info.ID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("covering %d spans of session %q: %w", len(part), t.info.ID, err)
		}
		changed += n
	}
	if changed == int64(len(ids)) {
		if _, err := t.tx.ExecContext(t.ctx, `RELEASE cover`); err != nil {
			return fmt.Errorf("covering spans of session %q: %w", t.info.ID, err)
		}
		for _, id := range ids {
			t.tc.covered[id] = by
		}
		return nil
	}
	if _, err := t.tx.ExecContext(t.ctx, `ROLLBACK TO cover; RELEASE cover`); err != nil {
		return fmt.Errorf("covering spans of session %q: %w", t.info.ID, err)
	}
	found := make(map[string]sql.NullString, len(ids))
	err := t.inQuery("records to cover", `SELECT span_id, covered_by FROM coverage WHERE session = ? AND span_id IN (`, ids, func(rows *sql.Rows) error {
		var id string
		var cov sql.NullString
		if err := rows.Scan(&id, &cov); err != nil {
			return err
		}
		found[id] = cov
		return nil
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		cov, ok := found[id]
		if err := notLive(id, ok, cov.String); err != nil {
			return err
		}
	}
	return fmt.Errorf("covering spans of session %q: %d of %d changed: %w", t.info.ID, changed, len(ids), ledger.ErrNotLive)
}

func (t *sqliteTx) CoveredBy(ids []string) (map[string]string, error) {
	out := map[string]string{}
	var missing []string
	for _, id := range ids {
		if r, ok := t.cached(id); !ok {
			missing = append(missing, id)
		} else if r.coveredBy != "" {
			out[id] = r.coveredBy
		}
	}
	err := t.inQuery("coverage", `SELECT span_id, covered_by FROM coverage WHERE session = ? AND covered_by IS NOT NULL AND span_id IN (`, missing, func(rows *sql.Rows) error {
		var id, by string
		if err := rows.Scan(&id, &by); err != nil {
			return err
		}
		out[id] = by
		return nil
	})
	return out, err
}

// chainHead reads the last seq and hash of a table's chain for this
// session, inside the transaction (so it is the real head: the writer
// holds the database's write lock).
func (t *sqliteTx) chainHead(table, query string) (head, error) {
	var h head
	err := t.stmt(query).QueryRowContext(t.ctx, t.ord).
		Scan(&h.seq, &h.hash)
	if errors.Is(err, sql.ErrNoRows) {
		return head{}, nil
	}
	if err != nil {
		return head{}, fmt.Errorf("reading head of %s of session %q: %w", table, t.info.ID, err)
	}
	return h, nil
}

func (t *sqliteTx) Append(recs ...ledger.Record) error {
	if !t.writable {
		return errReadOnly
	}
	if t.recHead == nil {
		h, err := t.chainHead("records", sqlRecordHead)
		if err != nil {
			return err
		}
		t.recHead = &h
	}
	for _, r := range recs {
		if _, ok := t.cached(r.Span.ID); ok {
			return conflictErr(r.Span.ID)
		}
		var one int
		err := t.stmt(sqlRecordExists).QueryRowContext(t.ctx, t.ord, r.Span.ID).Scan(&one)
		if err == nil {
			return conflictErr(r.Span.ID)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("appending span %q: %w", r.Span.ID, err)
		}
		if r.Time.IsZero() {
			r.Time = time.Now().UTC()
		}
		ledger.SealRecord(&r, t.info, t.recHead.record())
		cols, err := encodeSpan(r.Span)
		if err != nil {
			return fmt.Errorf("appending span %q: %w", r.Span.ID, err)
		}
		raw := rawRecord{
			seq: r.Seq, spanID: r.Span.ID, kind: r.Span.Kind, text: []byte(r.Span.Text), meta: cols.meta, covers: cols.covers,
			spanTokens: int64(r.Span.Tokens), turn: int64(r.Span.Turn), tokens: int64(r.Tokens),
			contentHash: r.ContentHash, prev: r.Prev, hash: r.Hash, timeNS: toNanos(r.Time),
		}
		_, err = t.stmt(sqlInsertRecord).ExecContext(t.ctx,
			t.ord, raw.seq, raw.spanID, raw.kind, raw.text, string(raw.meta), string(raw.covers),
			raw.spanTokens, raw.turn, raw.tokens, raw.contentHash, raw.prev, raw.hash, raw.timeNS)
		if err != nil {
			return fmt.Errorf("appending span %q: %w", r.Span.ID, err)
		}
		if _, err := t.stmt(sqlInsertLive).ExecContext(t.ctx, t.ord, raw.spanID, raw.seq); err != nil {
			return fmt.Errorf("appending span %q to the live view: %w", r.Span.ID, err)
		}
		// The overlay keeps the record as a later read would decode it
		// (times without a monotonic reading, meta and covers fresh).
		stored, err := raw.record()
		if err != nil {
			return fmt.Errorf("appending span %q: %w", r.Span.ID, err)
		}
		t.tc.recs[r.Span.ID] = cachedRecord{rec: stored}
		t.recHead = &head{seq: r.Seq, hash: r.Hash}
	}
	return nil
}

func (t *sqliteTx) Decisions() ([]ledger.DecisionRecord, error) {
	rows, err := t.stmt(sqlDecisions).QueryContext(t.ctx, t.ord)
	if err != nil {
		return nil, fmt.Errorf("reading audit trail of session %q: %w", t.info.ID, err)
	}
	defer rows.Close()
	out, err := scanDecisions(rows)
	if err != nil {
		return nil, fmt.Errorf("reading audit trail of session %q: %w", t.info.ID, err)
	}
	return out, nil
}

func (t *sqliteTx) AppendDecision(d ledger.DecisionRecord) (ledger.DecisionRecord, error) {
	if !t.writable {
		return ledger.DecisionRecord{}, errReadOnly
	}
	if t.decHead == nil {
		h, err := t.chainHead("decisions", sqlDecisionHead)
		if err != nil {
			return ledger.DecisionRecord{}, err
		}
		t.decHead = &h
	}
	if d.Time.IsZero() {
		d.Time = time.Now().UTC()
	}
	ledger.SealDecision(&d, t.info, t.decHead.decision())
	_, err := t.stmt(sqlInsertDecision).ExecContext(t.ctx,
		t.ord, d.Seq, d.Type, d.RequestID, []byte(d.Body), d.Prev, d.Hash, toNanos(d.Time))
	if err != nil {
		return ledger.DecisionRecord{}, fmt.Errorf("recording decision %d of session %q: %w", d.Seq, t.info.ID, err)
	}
	t.decHead = &head{seq: d.Seq, hash: d.Hash}
	return d, nil
}

func (t *sqliteTx) DecisionByRequest(requestID string) (*ledger.DecisionRecord, error) {
	if requestID == "" {
		return nil, nil
	}
	var raw rawDecision
	err := t.stmt(sqlDecisionByReq).QueryRowContext(t.ctx, t.ord, requestID).
		Scan(raw.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("looking up request %q: %w", requestID, err)
	}
	d := raw.decision()
	return &d, nil
}

func (t *sqliteTx) CachedItems(textHash string) ([]sdk.Item, bool, error) {
	if items, ok := t.cachedItems(textHash); ok {
		return items, true, nil
	}
	var b string
	err := t.stmt(sqlCachedItems).QueryRowContext(t.ctx, t.ord, textHash).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading cached extraction %s: %w", textHash, err)
	}
	var items []sdk.Item
	if err := decodeJSON("cached items", []byte(b), &items); err != nil {
		return nil, false, err
	}
	if t.tc != nil {
		t.tc.items[textHash] = items
	}
	return items, true, nil
}

func (t *sqliteTx) CacheItems(textHash string, items []sdk.Item) error {
	if !t.writable {
		return errReadOnly
	}
	b, err := encodeJSON("cached items", items)
	if err != nil {
		return err
	}
	_, err = t.stmt(sqlCacheItems).ExecContext(t.ctx, t.ord, textHash, string(b))
	if err != nil {
		return fmt.Errorf("caching extraction %s: %w", textHash, err)
	}
	t.tc.items[textHash] = slices.Clone(items)
	return nil
}

func (t *sqliteTx) Heads() (ledger.Heads, error) {
	if t.recHead == nil {
		h, err := t.chainHead("records", sqlRecordHead)
		if err != nil {
			return ledger.Heads{}, err
		}
		t.recHead = &h
	}
	if t.decHead == nil {
		h, err := t.chainHead("decisions", sqlDecisionHead)
		if err != nil {
			return ledger.Heads{}, err
		}
		t.decHead = &h
	}
	return t.recHead.heads(*t.decHead), nil
}

func (t *sqliteTx) AddCheckpoint(cp ledger.Checkpoint) error {
	if !t.writable {
		return errReadOnly
	}
	_, err := t.stmt(sqlInsertCheckpoint).ExecContext(t.ctx, t.ord,
		cp.Records, cp.RecordHead, cp.Decisions, cp.DecisionHead, toNanos(cp.Time), cp.KeyID, cp.Signature)
	if err != nil {
		return fmt.Errorf("recording checkpoint of session %q at decision %d: %w", t.info.ID, cp.Decisions, err)
	}
	return nil
}

func (t *sqliteTx) Checkpoints() ([]ledger.Checkpoint, error) {
	rows, err := t.stmt(sqlCheckpoints).QueryContext(t.ctx, t.ord)
	if err != nil {
		return nil, fmt.Errorf("reading checkpoints of session %q: %w", t.info.ID, err)
	}
	defer rows.Close()
	out, err := scanCheckpoints(rows, t.info)
	if err != nil {
		return nil, fmt.Errorf("reading checkpoints of session %q: %w", t.info.ID, err)
	}
	return out, nil
}
