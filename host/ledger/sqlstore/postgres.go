package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/compactguard/compactguard/host/ledger"
	"github.com/compactguard/compactguard/sdk"
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
var postgresDataMigrations = map[int]func(ctx context.Context, tx pgx.Tx) error{
	2: moveCoverageToRecords,
}

// moveCoverageToRecords is the data part of version 2: each state's
// "covered" map becomes covered_by on the records it names and a
// "covered_spans" count in the state.
func moveCoverageToRecords(ctx context.Context, tx pgx.Tx) error {
	rows, err := tx.Query(ctx, `SELECT id, state::text FROM sessions WHERE state::text LIKE '%"covered"%'`)
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
	var id, state string
	_, err = pgx.ForEachRow(rows, []any{&id, &state}, func() error {
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
		if _, err := tx.Exec(ctx, `UPDATE records r SET covered_by = c.by
			FROM unnest($2::text[], $3::text[]) AS c(id, by)
			WHERE r.session = $1 AND r.span_id = c.id`, m.id, m.ids, m.by); err != nil {
			return fmt.Errorf("moving coverage of session %q: %w", m.id, err)
		}
		if _, err := tx.Exec(ctx, `UPDATE sessions SET state = $2 WHERE id = $1`, m.id, m.state); err != nil {
			return fmt.Errorf("rewriting state of session %q: %w", m.id, err)
		}
	}
	return nil
}

// migrate brings the schema to the newest version under an advisory lock,
// so replicas starting together migrate once.
func (s *Postgres) migrate(ctx context.Context) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("starting schema migration: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, postgresMigrationLock); err != nil {
		return fmt.Errorf("locking schema migration: %w", err)
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)`); err != nil {
		return fmt.Errorf("creating schema_version: %w", err)
	}
	var version int
	if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&version); err != nil {
		return fmt.Errorf("reading schema version: %w", err)
	}
	if version > len(postgresMigrations) {
		return fmt.Errorf("database schema version %d is newer than this binary knows (%d): upgrade compactguard", version, len(postgresMigrations))
	}
	for v := version; v < len(postgresMigrations); v++ {
		if _, err := tx.Exec(ctx, postgresMigrations[v]); err != nil {
			return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
		}
		if data := postgresDataMigrations[v+1]; data != nil {
			if err := data(ctx, tx); err != nil {
				return fmt.Errorf("migrating data to version %d: %w", v+1, err)
			}
		}
		if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, v+1); err != nil {
			return fmt.Errorf("recording schema version %d: %w", v+1, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("committing schema migration: %w", err)
	}
	return nil
}

// CreateSession implements ledger.Store; an id the tenant already holds
// is ledger.ErrExists (another tenant's is no matter).
func (s *Postgres) CreateSession(ctx context.Context, info ledger.SessionInfo, st ledger.State) error {
	if info.Created.IsZero() {
		info.Created = time.Now().UTC()
	}
	state, err := encodeJSON("session state", st)
	if err != nil {
		return fmt.Errorf("creating session %q: %w", info.ID, err)
	}
	tag, err := s.pool.Exec(ctx,
		`INSERT INTO sessions (id, tenant, created_ns, state) VALUES ($1, $2, $3, $4) ON CONFLICT (tenant, id) DO NOTHING`,
		info.ID, info.Tenant, toNanos(info.Created), state)
	if err != nil {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" { // unique_violation
			return fmt.Errorf("creating session %q: %w", info.ID, ledger.ErrExists)
		}
		return fmt.Errorf("creating session %q: %w", info.ID, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("creating session %q: %w", info.ID, ledger.ErrExists)
	}
	return nil
}

// Update implements ledger.Store: one READ COMMITTED transaction that
// first locks the session's row, so every later statement sees what the
// previous holder committed; it commits before Update returns.
func (s *Postgres) Update(ctx context.Context, tenant, id string, fn func(ledger.Tx) error) error {
	return s.run(ctx, tenant, id, true, fn)
}

// View implements ledger.Store: a REPEATABLE READ, READ ONLY transaction,
// one snapshot for everything fn reads. It takes no lock.
func (s *Postgres) View(ctx context.Context, tenant, id string, fn func(ledger.Tx) error) error {
	return s.run(ctx, tenant, id, false, fn)
}

func (s *Postgres) run(ctx context.Context, tenant, id string, writable bool, fn func(ledger.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("session %q: %w", id, err)
	}
	opts := pgx.TxOptions{IsoLevel: pgx.ReadCommitted}
	query := `SELECT ord, created_ns, state FROM sessions WHERE id = $1 AND tenant = $2 FOR UPDATE`
	if !writable {
		opts = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}
		query = `SELECT ord, created_ns, state FROM sessions WHERE id = $1 AND tenant = $2`
	}
	pgTx, err := s.pool.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("starting transaction on session %q: %w", id, err)
	}
	committed := false
	defer func() {
		if !committed {
			// Roll back even when ctx is done; if that fails too the pool
			// discards the connection and the server rolls back.
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			_ = pgTx.Rollback(rctx)
		}
	}()
	tx := &pgTxn{ctx: ctx, tx: pgTx, writable: writable, info: ledger.SessionInfo{ID: id, Tenant: tenant}}
	var created int64
	var state []byte
	err = pgTx.QueryRow(ctx, query, id, tenant).Scan(&tx.ord, &created, &state)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("session %q: %w", id, ledger.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("locking session %q: %w", id, err)
	}
	tx.info.Created = fromNanos(created)
	if err := decodeJSON(fmt.Sprintf("state of session %q", id), state, &tx.state); err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	if !writable {
		return nil
	}
	// A context that ended while fn ran means the caller gave up: do not
	// commit a decision nobody will read.
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("committing update of session %q: %w", id, err)
	}
	if err := pgTx.Commit(ctx); err != nil {
		return fmt.Errorf("committing update of session %q: %w", id, err)
	}
	committed = true
	return nil
}

// Sessions implements ledger.Store, in creation order.
func (s *Postgres) Sessions(ctx context.Context, tenant string) ([]ledger.SessionInfo, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, created_ns FROM sessions WHERE tenant = $1 ORDER BY ord`, tenant)
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
func (s *Postgres) Tenants(ctx context.Context) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT DISTINCT tenant FROM sessions ORDER BY tenant`)
	if err != nil {
		return nil, fmt.Errorf("listing tenants: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("listing tenants: %w", err)
	}
	return out, nil
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

// pgTxn is one session inside an Update or View.
type pgTxn struct {
	ctx      context.Context
	tx       pgx.Tx
	writable bool
	info     ledger.SessionInfo
	// ord is the session's number in the store (sessions.ord), by which
	// every other table refers to it: ids are only unique per tenant.
	ord     int64
	state   ledger.State
	recHead *head // nil until read from the database
	decHead *head
}

func (t *pgTxn) Info() ledger.SessionInfo { return t.info }

func (t *pgTxn) State() (ledger.State, error) { return t.state.Clone(), nil }

func (t *pgTxn) SetState(st ledger.State) error {
	if !t.writable {
		return errReadOnly
	}
	b, err := encodeJSON("session state", st)
	if err != nil {
		return err
	}
	if _, err := t.tx.Exec(t.ctx, `UPDATE sessions SET state = $1 WHERE ord = $2`, b, t.ord); err != nil {
		return fmt.Errorf("writing state of session %q: %w", t.info.ID, err)
	}
	t.state = st.Clone()
	return nil
}

func (t *pgTxn) Record(id string) (*ledger.Record, error) {
	var raw rawRecord
	err := t.tx.QueryRow(t.ctx, `SELECT `+recordColumns+` FROM records WHERE session = $1 AND span_id = $2`, t.ord, id).
		Scan(raw.dest()...)
	if errors.Is(err, pgx.ErrNoRows) {
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

func (t *pgTxn) RecordsByID(ids []string) (map[string]ledger.Record, error) {
	out := make(map[string]ledger.Record, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := t.tx.Query(t.ctx, `SELECT `+recordColumns+` FROM records WHERE session = $1 AND span_id = ANY($2)`, t.ord, ids)
	if err != nil {
		return nil, fmt.Errorf("reading records of session %q: %w", t.info.ID, err)
	}
	defer rows.Close()
	recs, err := scanRecords(rows)
	if err != nil {
		return nil, fmt.Errorf("reading records of session %q: %w", t.info.ID, err)
	}
	for _, r := range recs {
		out[r.Span.ID] = r
	}
	return out, nil
}

func (t *pgTxn) LastDecisionSeq() (int64, error) {
	if t.decHead != nil {
		return t.decHead.seq, nil
	}
	var seq int64
	err := t.tx.QueryRow(t.ctx, `SELECT COALESCE(MAX(seq), 0) FROM decisions WHERE session = $1`, t.ord).Scan(&seq)
	if err != nil {
		return 0, fmt.Errorf("reading head of decisions of session %q: %w", t.info.ID, err)
	}
	return seq, nil
}

func (t *pgTxn) CachedItemsMany(hashes []string) (map[string][]sdk.Item, error) {
	out := map[string][]sdk.Item{}
	if len(hashes) == 0 {
		return out, nil
	}
	rows, err := t.tx.Query(t.ctx, `SELECT text_hash, items FROM extraction_cache WHERE session = $1 AND text_hash = ANY($2)`, t.ord, hashes)
	if err != nil {
		return nil, fmt.Errorf("reading cached extractions of session %q: %w", t.info.ID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var h string
		var b []byte
		if err := rows.Scan(&h, &b); err != nil {
			return nil, fmt.Errorf("reading cached extractions of session %q: %w", t.info.ID, err)
		}
		var items []sdk.Item
		if err := decodeJSON("cached items", b, &items); err != nil {
			return nil, err
		}
		out[h] = items
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading cached extractions of session %q: %w", t.info.ID, err)
	}
	return out, nil
}

func (t *pgTxn) Records() ([]ledger.Record, error) {
	return t.records(`SELECT ` + recordColumns + ` FROM records WHERE session = $1 ORDER BY seq`)
}

// LiveRecords reads the records no summary covers, through the partial
// index records_live: covered spans are not even visited.
func (t *pgTxn) LiveRecords() ([]ledger.Record, error) {
	return t.records(`SELECT ` + recordColumns + ` FROM records WHERE session = $1 AND covered_by IS NULL ORDER BY seq`)
}

func (t *pgTxn) records(query string) ([]ledger.Record, error) {
	rows, err := t.tx.Query(t.ctx, query, t.ord)
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

// Cover marks the spans in one UPDATE that only applies when every id is
// in the ledger and live, so a refused Cover writes nothing; only then is
// a second query run, to name the span at fault.
func (t *pgTxn) Cover(ids []string, by string) error {
	if !t.writable {
		return errReadOnly
	}
	if err := checkCover(ids, by); err != nil {
		return err
	}
	if len(ids) == 0 {
		return nil
	}
	tag, err := t.tx.Exec(t.ctx, `UPDATE records SET covered_by = $3
		WHERE session = $1 AND span_id = ANY($2) AND covered_by IS NULL
		AND (SELECT count(*) FROM records WHERE session = $1 AND span_id = ANY($2) AND covered_by IS NULL) = cardinality($2)`,
		t.ord, ids, by)
	if err != nil {
		return fmt.Errorf("covering %d spans of session %q: %w", len(ids), t.info.ID, err)
	}
	if tag.RowsAffected() == int64(len(ids)) {
		return nil
	}
	rows, err := t.tx.Query(t.ctx, `SELECT span_id, coalesce(covered_by, '') FROM records WHERE session = $1 AND span_id = ANY($2)`, t.ord, ids)
	if err != nil {
		return fmt.Errorf("covering spans of session %q: %w", t.info.ID, err)
	}
	found := map[string]string{}
	var id, cov string
	_, err = pgx.ForEachRow(rows, []any{&id, &cov}, func() error {
		found[id] = cov
		return nil
	})
	if err != nil {
		return fmt.Errorf("covering spans of session %q: %w", t.info.ID, err)
	}
	for _, id := range ids {
		cov, ok := found[id]
		if err := notLive(id, ok, cov); err != nil {
			return err
		}
	}
	return fmt.Errorf("covering spans of session %q: %d of %d covered: %w", t.info.ID, tag.RowsAffected(), len(ids), ledger.ErrNotLive)
}

func (t *pgTxn) CoveredBy(ids []string) (map[string]string, error) {
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := t.tx.Query(t.ctx, `SELECT span_id, covered_by FROM records WHERE session = $1 AND span_id = ANY($2) AND covered_by IS NOT NULL`, t.ord, ids)
	if err != nil {
		return nil, fmt.Errorf("reading coverage of session %q: %w", t.info.ID, err)
	}
	var id, by string
	_, err = pgx.ForEachRow(rows, []any{&id, &by}, func() error {
		out[id] = by
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading coverage of session %q: %w", t.info.ID, err)
	}
	return out, nil
}

// chainHead reads the last seq and hash of a table's chain for this
// session. The session's row lock makes it the real head: no other
// writer can extend the chain until this transaction ends.
func (t *pgTxn) chainHead(table string) (head, error) {
	var h head
	err := t.tx.QueryRow(t.ctx, `SELECT seq, hash FROM `+table+` WHERE session = $1 ORDER BY seq DESC LIMIT 1`, t.ord).
		Scan(&h.seq, &h.hash)
	if errors.Is(err, pgx.ErrNoRows) {
		return head{}, nil
	}
	if err != nil {
		return head{}, fmt.Errorf("reading head of %s of session %q: %w", table, t.info.ID, err)
	}
	return h, nil
}

// Append checks every span id in one query and inserts the records in one
// batch, so appending n spans costs two round trips, not 2n.
func (t *pgTxn) Append(recs ...ledger.Record) error {
	if !t.writable {
		return errReadOnly
	}
	if len(recs) == 0 {
		return nil
	}
	if t.recHead == nil {
		h, err := t.chainHead("records")
		if err != nil {
			return err
		}
		t.recHead = &h
	}
	ids := make([]string, len(recs))
	for i, r := range recs {
		ids[i] = r.Span.ID
	}
	rows, err := t.tx.Query(t.ctx, `SELECT span_id FROM records WHERE session = $1 AND span_id = ANY($2)`, t.ord, ids)
	if err != nil {
		return fmt.Errorf("checking span ids of session %q: %w", t.info.ID, err)
	}
	existing, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("checking span ids of session %q: %w", t.info.ID, err)
	}
	exists := make(map[string]bool, len(existing))
	for _, id := range existing {
		exists[id] = true
	}
	// Like the memory store, records before the first conflict are
	// appended; the caller's error then rolls the whole update back.
	stop := firstConflict(recs, exists)
	todo := recs
	if stop >= 0 {
		todo = recs[:stop]
	}
	h := *t.recHead
	batch := &pgx.Batch{}
	for _, r := range todo {
		if r.Time.IsZero() {
			r.Time = time.Now().UTC()
		}
		ledger.SealRecord(&r, t.info, h.record())
		cols, err := encodeSpan(r.Span)
		if err != nil {
			return fmt.Errorf("appending span %q: %w", r.Span.ID, err)
		}
		batch.Queue(`INSERT INTO records (session, `+recordColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
			t.ord, r.Seq, r.Span.ID, r.Span.Kind, []byte(r.Span.Text), cols.meta, cols.covers,
			int64(r.Span.Tokens), int64(r.Span.Turn), int64(r.Tokens), r.ContentHash, r.Prev, r.Hash, toNanos(r.Time))
		h = head{seq: r.Seq, hash: r.Hash}
	}
	if batch.Len() > 0 {
		if err := t.tx.SendBatch(t.ctx, batch).Close(); err != nil {
			return fmt.Errorf("appending %d spans to session %q: %w", batch.Len(), t.info.ID, err)
		}
		t.recHead = &h
	}
	if stop >= 0 {
		return conflictErr(recs[stop].Span.ID)
	}
	return nil
}

func (t *pgTxn) Decisions() ([]ledger.DecisionRecord, error) {
	rows, err := t.tx.Query(t.ctx, `SELECT `+decisionColumns+` FROM decisions WHERE session = $1 ORDER BY seq`, t.ord)
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

func (t *pgTxn) AppendDecision(d ledger.DecisionRecord) (ledger.DecisionRecord, error) {
	if !t.writable {
		return ledger.DecisionRecord{}, errReadOnly
	}
	if t.decHead == nil {
		h, err := t.chainHead("decisions")
		if err != nil {
			return ledger.DecisionRecord{}, err
		}
		t.decHead = &h
	}
	if d.Time.IsZero() {
		d.Time = time.Now().UTC()
	}
	ledger.SealDecision(&d, t.info, t.decHead.decision())
	_, err := t.tx.Exec(t.ctx, `INSERT INTO decisions (session, `+decisionColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		t.ord, d.Seq, d.Type, d.RequestID, []byte(d.Body), d.Prev, d.Hash, toNanos(d.Time))
	if err != nil {
		return ledger.DecisionRecord{}, fmt.Errorf("recording decision %d of session %q: %w", d.Seq, t.info.ID, err)
	}
	t.decHead = &head{seq: d.Seq, hash: d.Hash}
	return d, nil
}

func (t *pgTxn) DecisionByRequest(requestID string) (*ledger.DecisionRecord, error) {
	if requestID == "" {
		return nil, nil
	}
	var raw rawDecision
	err := t.tx.QueryRow(t.ctx, `SELECT `+decisionColumns+` FROM decisions WHERE session = $1 AND request_id = $2 AND request_id <> ''`, t.ord, requestID).
		Scan(raw.dest()...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("looking up request %q: %w", requestID, err)
	}
	d := raw.decision()
	return &d, nil
}

func (t *pgTxn) CachedItems(textHash string) ([]sdk.Item, bool, error) {
	var b []byte
	err := t.tx.QueryRow(t.ctx, `SELECT items FROM extraction_cache WHERE session = $1 AND text_hash = $2`, t.ord, textHash).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("reading cached extraction %s: %w", textHash, err)
	}
	var items []sdk.Item
	if err := decodeJSON("cached items", b, &items); err != nil {
		return nil, false, err
	}
	return items, true, nil
}

func (t *pgTxn) CacheItems(textHash string, items []sdk.Item) error {
	if !t.writable {
		return errReadOnly
	}
	b, err := encodeJSON("cached items", items)
	if err != nil {
		return err
	}
	_, err = t.tx.Exec(t.ctx,
		`INSERT INTO extraction_cache (session, text_hash, items) VALUES ($1, $2, $3)
		 ON CONFLICT (session, text_hash) DO UPDATE SET items = excluded.items`,
		t.ord, textHash, b)
	if err != nil {
		return fmt.Errorf("caching extraction %s: %w", textHash, err)
	}
	return nil
}

func (t *pgTxn) Heads() (ledger.Heads, error) {
	if t.recHead == nil {
		h, err := t.chainHead("records")
		if err != nil {
			return ledger.Heads{}, err
		}
		t.recHead = &h
	}
	if t.decHead == nil {
		h, err := t.chainHead("decisions")
		if err != nil {
			return ledger.Heads{}, err
		}
		t.decHead = &h
	}
	return t.recHead.heads(*t.decHead), nil
}

func (t *pgTxn) AddCheckpoint(cp ledger.Checkpoint) error {
	if !t.writable {
		return errReadOnly
	}
	_, err := t.tx.Exec(t.ctx, `INSERT INTO checkpoints (session, `+checkpointColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (session, decisions, records) DO NOTHING`,
		t.ord, cp.Records, cp.RecordHead, cp.Decisions, cp.DecisionHead, toNanos(cp.Time), cp.KeyID, cp.Signature)
	if err != nil {
		return fmt.Errorf("recording checkpoint of session %q at decision %d: %w", t.info.ID, cp.Decisions, err)
	}
	return nil
}

func (t *pgTxn) Checkpoints() ([]ledger.Checkpoint, error) {
	rows, err := t.tx.Query(t.ctx, `SELECT `+checkpointColumns+` FROM checkpoints WHERE session = $1 ORDER BY decisions, records, time_ns`, t.ord)
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
