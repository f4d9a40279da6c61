package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/compactguard/compactguard/host/ledger"
)

// Postgres is a ledger.Store in a PostgreSQL database, shared by every
// replica of the service. Update locks the session's row first
// (SELECT ... FOR UPDATE), so updates on one session are serialised
// across replicas while different sessions proceed in parallel.
type Postgres struct {
	pool *pgxpool.Pool
}

var _ ledger.Store = (*Postgres)(nil)

// postgresMigrationLock is the advisory lock key that serialises schema
// migrations of replicas starting together ("cgschema" in ASCII).
const postgresMigrationLock int64 = 0x6367736368656d61

// OpenPostgres connects to the database named by dsn (a URL or key=value
// string; search_path in it selects the schema) and migrates the schema.
// The store is returned as a ledger.Store, the shape Open hands out.
func OpenPostgres(ctx context.Context, dsn string) (ledger.Store, error) {
	s, err := openPostgres(ctx, dsn)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func openPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	if dsn == "" {
		return nil, errors.New("opening postgres store: empty DSN (want postgres:DSN)")
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		// The parse error may quote the DSN, password included: keep
		// only its kind.
		return nil, errors.New("opening postgres store: the DSN does not parse (want postgres://user@host:port/db?sslmode=... or key=value pairs)")
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("opening postgres store on %s: %w", cfg.ConnConfig.Host, err)
	}
	s := &Postgres{pool: pool}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("opening postgres store on %s:%d: %w", cfg.ConnConfig.Host, cfg.ConnConfig.Port, err)
	}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("opening postgres store: %w", err)
	}
	return s, nil
}

// postgresMigrations are the schema's versions in order; append, never
// edit. Text and decision bodies are bytea (byte for byte, NUL included);
// JSON columns are json, not jsonb, which would reject "\u0000".
var postgresMigrations = []string{
	`CREATE TABLE sessions (
		id text PRIMARY KEY,
		ord bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
		tenant text NOT NULL,
		created_ns bigint NOT NULL,
		state json NOT NULL
	);
	CREATE INDEX sessions_tenant ON sessions (tenant, ord);
	CREATE TABLE records (
		session text NOT NULL REFERENCES sessions (id),
		seq bigint NOT NULL,
		span_id text NOT NULL,
		kind text NOT NULL,
		text bytea NOT NULL,
		meta json NOT NULL,
		covers json NOT NULL,
		span_tokens bigint NOT NULL,
		turn bigint NOT NULL,
		tokens bigint NOT NULL,
		content_hash text NOT NULL,
		prev text NOT NULL,
		hash text NOT NULL,
		time_ns bigint NOT NULL,
		PRIMARY KEY (session, seq),
		UNIQUE (session, span_id)
	);
	CREATE TABLE decisions (
		session text NOT NULL REFERENCES sessions (id),
		seq bigint NOT NULL,
		type text NOT NULL,
		request_id text NOT NULL,
		body bytea NOT NULL,
		prev text NOT NULL,
		hash text NOT NULL,
		time_ns bigint NOT NULL,
		PRIMARY KEY (session, seq)
	);
	CREATE UNIQUE INDEX decisions_request ON decisions (session, request_id) WHERE request_id <> '';
	CREATE TABLE extraction_cache (
		session text NOT NULL REFERENCES sessions (id),
		text_hash text NOT NULL,
		items json NOT NULL,
		PRIMARY KEY (session, text_hash)
	);`,
	// Version 2: the live view's coverage moves out of the session state
	// (a map rewritten on every update) onto the records: covered_by is
	// the summary that replaced the span, NULL while the span is live.
	// postgresDataMigrations[2] carries over the marks a version-1 state
	// kept.
	`ALTER TABLE records ADD COLUMN covered_by text;
	CREATE INDEX records_live ON records (session, seq) WHERE covered_by IS NULL;`,
	// Version 3: signed checkpoints of each session's chain heads (see
	// ledger.Checkpoint), one row per update that extended a chain; the
	// key is the heads a row signs, so a repeat is dropped. Sessions of
	// an older version simply have none until their next update.
	`CREATE TABLE checkpoints (
		session text NOT NULL REFERENCES sessions (id),
		records bigint NOT NULL,
		record_head text NOT NULL,
		decisions bigint NOT NULL,
		decision_head text NOT NULL,
		time_ns bigint NOT NULL,
		key_id text NOT NULL,
		signature text NOT NULL,
		PRIMARY KEY (session, decisions, records)
	);`,
	// Version 4: session ids are scoped per tenant, so two tenants may
	// each hold "s1" (and neither can squat on the other's ids). The
	// other tables refer to a session by its ord (already unique, and
	// never reused) instead of its id: each gets the ord beside the id
	// (ids were unique before, so the join is one to one), drops the id
	// (and with it the keys and references built on it) and takes the
	// ord's name. Then ord becomes the sessions' primary key and
	// (tenant, id) unique, and the keys and references are rebuilt on
	// ord. Nothing in a hash chain changes: the chains are bound to
	// (tenant, id), which stay as they were. It runs in migrate's one
	// transaction, so a failure leaves version 3 whole.
	scopeChild("records") + scopeChild("decisions") + scopeChild("extraction_cache") + scopeChild("checkpoints") + `
	ALTER TABLE sessions DROP CONSTRAINT sessions_pkey, DROP CONSTRAINT sessions_ord_key;
	ALTER TABLE sessions ADD PRIMARY KEY (ord), ADD CONSTRAINT sessions_tenant_id UNIQUE (tenant, id);
	ALTER TABLE records ADD PRIMARY KEY (session, seq), ADD UNIQUE (session, span_id),
		ADD FOREIGN KEY (session) REFERENCES sessions (ord);
	CREATE INDEX records_live ON records (session, seq) WHERE covered_by IS NULL;
	ALTER TABLE decisions ADD PRIMARY KEY (session, seq), ADD FOREIGN KEY (session) REFERENCES sessions (ord);
	CREATE UNIQUE INDEX decisions_request ON decisions (session, request_id) WHERE request_id <> '';
	ALTER TABLE extraction_cache ADD PRIMARY KEY (session, text_hash), ADD FOREIGN KEY (session) REFERENCES sessions (ord);
	ALTER TABLE checkpoints ADD PRIMARY KEY (session, decisions, records), ADD FOREIGN KEY (session) REFERENCES sessions (ord);`,
}

// scopeChild is the first part of version 4 for one table that refers
// to a session: its session column changes from the session's id to its
// ord, keeping the column's name. Dropping the old column drops the
// keys, indexes and references that use it.
func scopeChild(table string) string {
	return `
	ALTER TABLE ` + table + ` ADD COLUMN session_ord bigint;
	UPDATE ` + table + ` c SET session_ord = s.ord FROM sessions s WHERE s.id = c.session;
	ALTER TABLE ` + table + ` DROP COLUMN session;
	ALTER TABLE ` + table + ` RENAME COLUMN session_ord TO session;
	ALTER TABLE ` + table + ` ALTER COLUMN session SET NOT NULL;`
}

// postgresDataMigrations run in Go right after the SQL of the version
// they are keyed by, for data PostgreSQL's JSON functions cannot touch: a
// state holding "\u0000" (a span id or policy text may) fails every json
// operator, so such states are rewritten here, byte for byte but for the
// keys that move.
var postgresDataMigrations = map[int]func(ctx context.Context, tx conn) error{
	2: moveCoverageToRecords,
}

// moveCoverageToRecords is the data part of version 2: each state's
// "covered" map becomes covered_by on the records it names and a
// "covered_spans" count in the state.
func moveCoverageToRecords(ctx context.Context, tx conn) error {
	rs, err := tx.query(ctx, `SELECT id, state::text FROM sessions WHERE state::text LIKE '%"covered"%'`)
	if err != nil {
		return fmt.Errorf("reading version-1 states: %w", err)
	}
	type moved struct {
		id    string
		state []byte
		ids   []string
		by    []string
	}
	var todo []moved
	err = scanAll(rs, func(rs rows) error {
		var id, state string
		if err := rs.Scan(&id, &state); err != nil {
			return err
		}
		st, covered, ok, err := splitV1Coverage([]byte(state))
		if err != nil {
			return fmt.Errorf("state of session %q: %w", id, err)
		}
		if ok {
			m := moved{id: id, state: st}
			for span, by := range covered {
				m.ids, m.by = append(m.ids, span), append(m.by, by)
			}
			todo = append(todo, m)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("reading version-1 states: %w", err)
	}
	for _, m := range todo {
		if _, err := tx.exec(ctx, `UPDATE records r SET covered_by = c.by
			FROM unnest($2::text[], $3::text[]) AS c(id, by)
			WHERE r.session = $1 AND r.span_id = c.id`, m.id, m.ids, m.by); err != nil {
			return fmt.Errorf("moving coverage of session %q: %w", m.id, err)
		}
		if _, err := tx.exec(ctx, `UPDATE sessions SET state = $2 WHERE id = $1`, m.id, m.state); err != nil {
			return fmt.Errorf("rewriting state of session %q: %w", m.id, err)
		}
	}
	return nil
}

// postgresDialect is PostgreSQL's statement text: $n placeholders, the
// session's row locked FOR UPDATE, covered_by kept on the records (an
// UPDATE writes a new row version either way).
var postgresDialect = newDialect(dialect{
	numbered:         true,
	lockSession:      ` FOR UPDATE`,
	lockMigrations:   fmt.Sprintf(`SELECT pg_advisory_xact_lock(%d)`, postgresMigrationLock),
	schemaVersionDDL: `CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`,
	coverageTable:    "records",
	coveredByColumn:  "covered_by",
	liveRecords:      `SELECT ` + recordColumns + ` FROM records WHERE session = $1 AND covered_by IS NULL ORDER BY seq`,
	jsonArg:          func(b []byte) any { return b },
	isUniqueViolation: func(err error) bool {
		var pgErr *pgconn.PgError
		return errors.As(err, &pgErr) && pgErr.Code == "23505" // unique_violation
	},
})

// migrate brings the schema to the newest version under an advisory lock,
// so replicas starting together migrate once.
func (s *Postgres) migrate(ctx context.Context) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("starting schema migration: %w", err)
	}
	return migrate(ctx, postgresDialect, &pgTx{pgxConn: pgxConn{db: tx}, tx: tx}, postgresMigrations, postgresDataMigrations)
}

// CreateSession implements ledger.Store; an id the tenant already holds
// is ledger.ErrExists (another tenant's is no matter).
func (s *Postgres) CreateSession(ctx context.Context, info ledger.SessionInfo, st ledger.State) error {
	return createSession(ctx, postgresDialect, pgxConn{db: s.pool}, info, st)
}

// Update implements ledger.Store: one READ COMMITTED transaction that
// first locks the session's row, so every later statement sees what the
// previous holder committed; it commits before Update returns.
func (s *Postgres) Update(ctx context.Context, tenant, id string, fn func(ledger.Tx) error) error {
	return runSession(ctx, postgresDialect, s.begin(pgx.TxOptions{IsoLevel: pgx.ReadCommitted}), nil, tenant, id, true, fn)
}

// View implements ledger.Store: a REPEATABLE READ, READ ONLY transaction,
// one snapshot for everything fn reads. It takes no lock.
func (s *Postgres) View(ctx context.Context, tenant, id string, fn func(ledger.Tx) error) error {
	return runSession(ctx, postgresDialect, s.begin(pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}), nil, tenant, id, false, fn)
}

// begin returns a function that starts a transaction with opts.
func (s *Postgres) begin(opts pgx.TxOptions) func(context.Context) (dbTx, error) {
	return func(ctx context.Context) (dbTx, error) {
		tx, err := s.pool.BeginTx(ctx, opts)
		if err != nil {
			return nil, err
		}
		return &pgTx{pgxConn: pgxConn{db: tx}, tx: tx}, nil
	}
}

// Sessions implements ledger.Store, in creation order.
func (s *Postgres) Sessions(ctx context.Context, tenant string) ([]ledger.SessionInfo, error) {
	return listSessions(ctx, postgresDialect, pgxConn{db: s.pool}, tenant)
}

// Tenants implements ledger.TenantLister.
func (s *Postgres) Tenants(ctx context.Context) ([]string, error) {
	return listTenants(ctx, postgresDialect, pgxConn{db: s.pool})
}

// Ping implements ledger.Store.
func (s *Postgres) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return fmt.Errorf("pinging postgres store: %w", err)
	}
	return nil
}

// Close implements ledger.Store; it waits for connections in use.
func (s *Postgres) Close() error {
	s.pool.Close()
	return nil
}

// pgxConn is conn on pgx: the pool or a transaction (db).
type pgxConn struct {
	db interface {
		Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
		Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
		QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	}
}

func (c pgxConn) exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := c.db.Exec(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (c pgxConn) query(ctx context.Context, query string, args ...any) (rows, error) {
	rs, err := c.db.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return pgxRows{rs}, nil
}

func (c pgxConn) queryRow(ctx context.Context, query string, args ...any) row {
	return pgxRow{c.db.QueryRow(ctx, query, args...)}
}

// pgxRows gives pgx.Rows the Close of *sql.Rows.
type pgxRows struct{ pgx.Rows }

func (r pgxRows) Close() error {
	r.Rows.Close()
	return nil
}

// pgxRow reports a missing row as sql.ErrNoRows, as database/sql does.
type pgxRow struct{ pgx.Row }

func (r pgxRow) Scan(dest ...any) error {
	err := r.Row.Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return sql.ErrNoRows
	}
	return err
}

// pgTx is dbTx on PostgreSQL: every statement is a round trip to the
// server, so a plan binds a whole list of keys as one array and sends a
// batch of inserts at once.
type pgTx struct {
	pgxConn
	tx pgx.Tx
}

// commit commits unless ctx ended while the transaction ran: the caller
// gave up, so do not commit a decision nobody will read.
func (t *pgTx) commit(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return t.tx.Commit(ctx)
}

// rollback rolls back even when ctx is done; if that fails too the pool
// discards the connection and the server rolls back.
func (t *pgTx) rollback(ctx context.Context) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	_ = t.tx.Rollback(rctx)
}

// eachKey runs query = ANY($2), keys bound as one array.
func (t *pgTx) eachKey(ctx context.Context, query string, ord int64, keys []string, scan func(rows) error) error {
	rs, err := t.query(ctx, query+` = ANY($2)`, ord, keys)
	if err != nil {
		return err
	}
	return scanAll(rs, scan)
}

// existing reads which ids are in the ledger in one query.
func (t *pgTx) existing(ctx context.Context, ord int64, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	err := t.eachKey(ctx, postgresDialect.q.spanIDsByKey, ord, ids, func(rs rows) error {
		var id string
		if err := rs.Scan(&id); err != nil {
			return err
		}
		out[id] = true
		return nil
	})
	return out, err
}

// insertRecords sends the inserts in one batch: one round trip, all of
// them or none.
func (t *pgTx) insertRecords(ctx context.Context, ord int64, recs []rawRecord) (int, error) {
	if len(recs) == 0 {
		return 0, nil
	}
	batch := &pgx.Batch{}
	for _, r := range recs {
		batch.Queue(postgresDialect.q.insertRecord, r.args(ord, postgresDialect.jsonArg)...)
	}
	if err := t.tx.SendBatch(ctx, batch).Close(); err != nil {
		return 0, fmt.Errorf("appending %d spans: %w", batch.Len(), err)
	}
	return len(recs), nil
}

// coverLive covers the spans in one UPDATE that only applies when every
// id is in the ledger and live.
func (t *pgTx) coverLive(ctx context.Context, ord int64, ids []string, by string) (int64, error) {
	return t.exec(ctx, `UPDATE records SET covered_by = $3
		WHERE session = $1 AND span_id = ANY($2) AND covered_by IS NULL
		AND (SELECT count(*) FROM records WHERE session = $1 AND span_id = ANY($2) AND covered_by IS NULL) = cardinality($2)`,
		ord, ids, by)
}
