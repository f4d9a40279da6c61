package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// The readiness probe. Ping shows only that a store answers; a store can
// answer and still not commit: its SQLite writer held by another process
// past busy_timeout, a disk that is full or read-only, a PostgreSQL
// server that is a read-only standby after a failover, or one whose
// synchronous standby is gone (the commit then waits). ProbeCommit shows
// the store commits by doing it: an upsert of one row in a table of its
// own, committed.
//
// Why a committed write to its own table, and not a write rolled back:
// a rollback never reaches the commit, which is where a full WAL disk, a
// failed fsync or a missing synchronous standby shows, so it would call
// such a store ready. Why its own table: the probe must not touch the
// ledger's tables (no session, record or decision is written, nothing
// enters a hash chain or an audit trail) and must not grow; one row,
// overwritten, costs one small write per probe, and the API probes at
// most once a second. The table is created on first use, outside the
// schema's versioned migrations, because it holds nothing a migration
// must carry: a store that never served /readyz never has it.
const (
	probeTable = "readiness_probe"
	// The upsert, the same on both, is statements.probeUpsert; the
	// tables' types differ.
	// sqliteProbeDDL runs in every SQLite probe: under BEGIN IMMEDIATE it
	// is serialised with every other writer, and a no-op once the table
	// exists.
	sqliteProbeDDL = `CREATE TABLE IF NOT EXISTS ` + probeTable + ` (
		id        INTEGER PRIMARY KEY CHECK (id = 1),
		probed_ns INTEGER NOT NULL
	)`
	postgresProbeDDL = `CREATE TABLE IF NOT EXISTS ` + probeTable + ` (
		id        integer PRIMARY KEY CHECK (id = 1),
		probed_ns bigint NOT NULL
	)`
)

// ProbeCommit commits a one-row write to the readiness_probe table, on
// the writer connection every Update uses, so it waits where a decision
// would and fails where a decision would not be committed. ctx bounds the
// wait for the writer. host/api's readiness calls it.
func (s *SQLite) ProbeCommit(ctx context.Context) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("probing sqlite store %q: starting a write: %w", s.path, err)
	}
	defer func() { _ = tx.Rollback() }() // a no-op once committed
	if _, err := tx.ExecContext(ctx, sqliteProbeDDL); err != nil {
		return fmt.Errorf("probing sqlite store %q: creating %s: %w", s.path, probeTable, err)
	}
	if _, err := tx.ExecContext(ctx, sqliteDialect.q.probeUpsert, time.Now().UnixNano()); err != nil {
		return fmt.Errorf("probing sqlite store %q: writing: %w", s.path, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("probing sqlite store %q: committing: %w", s.path, err)
	}
	return nil
}

// ProbeCommit commits a one-row upsert to the readiness_probe table (one
// statement, its own transaction). Replicas share the row; each probe
// holds its lock for one statement. The table is created the first time,
// under the migration lock, so replicas starting together do not race to
// create it. host/api's readiness calls it.
func (s *Postgres) ProbeCommit(ctx context.Context) error {
	err := s.probeUpsert(ctx)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "42P01" { // undefined_table: the first probe
		if err := s.createProbeTable(ctx); err != nil {
			return err
		}
		err = s.probeUpsert(ctx)
	}
	return err
}

func (s *Postgres) probeUpsert(ctx context.Context) error {
	if _, err := s.pool.Exec(ctx, postgresDialect.q.probeUpsert, time.Now().UnixNano()); err != nil {
		return fmt.Errorf("probing postgres store: writing: %w", err)
	}
	return nil
}

func (s *Postgres) createProbeTable(ctx context.Context) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("probing postgres store: creating %s: %w", probeTable, err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if _, err := tx.Exec(ctx, postgresDialect.lockMigrations); err != nil {
		return fmt.Errorf("probing postgres store: locking to create %s: %w", probeTable, err)
	}
	if _, err := tx.Exec(ctx, postgresProbeDDL); err != nil {
		return fmt.Errorf("probing postgres store: creating %s: %w", probeTable, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("probing postgres store: creating %s: %w", probeTable, err)
	}
	return nil
}
