package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/compactguard/compactguard/host/ledger"
)

// The store-wide steps both SQL stores take alike; each store's methods
// call them with its dialect and its own way to begin a transaction.

// migrate brings the schema to the newest version inside tx, which it
// commits: all versions or none. dataMigrations[v], when set, runs in Go
// right after the SQL of version v. A database newer than migrations is
// refused.
func migrate(ctx context.Context, d *dialect, tx dbTx, migrations []string, dataMigrations map[int]func(context.Context, conn) error) error {
	defer tx.rollback(ctx)
	if d.lockMigrations != "" {
		if _, err := tx.exec(ctx, d.lockMigrations); err != nil {
			return fmt.Errorf("locking schema migration: %w", err)
		}
	}
	if _, err := tx.exec(ctx, d.schemaVersionDDL); err != nil {
		return fmt.Errorf("creating schema_version: %w", err)
	}
	var version int
	if err := tx.queryRow(ctx, d.q.readVersion).Scan(&version); err != nil {
		return fmt.Errorf("reading schema version: %w", err)
	}
	if version > len(migrations) {
		return fmt.Errorf("database schema version %d is newer than this binary knows (%d): upgrade compactguard", version, len(migrations))
	}
	for v := version; v < len(migrations); v++ {
		if _, err := tx.exec(ctx, migrations[v]); err != nil {
			return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
		}
		if data := dataMigrations[v+1]; data != nil {
			if err := data(ctx, tx); err != nil {
				return fmt.Errorf("migrating data to version %d: %w", v+1, err)
			}
		}
		if _, err := tx.exec(ctx, d.q.insertVersion, v+1); err != nil {
			return fmt.Errorf("recording schema version %d: %w", v+1, err)
		}
	}
	if err := tx.commit(ctx); err != nil {
		return fmt.Errorf("committing schema migration: %w", err)
	}
	return nil
}

// createSession implements ledger.Store.CreateSession on db: an id the
// tenant already holds is ledger.ErrExists (another tenant's is no
// matter).
func createSession(ctx context.Context, d *dialect, db conn, info ledger.SessionInfo, st ledger.State) error {
	if info.Created.IsZero() {
		info.Created = time.Now().UTC()
	}
	state, err := encodeJSON("session state", st)
	if err != nil {
		return fmt.Errorf("creating session %q: %w", info.ID, err)
	}
	n, err := db.exec(ctx, d.q.createSession, info.Tenant, info.ID, toNanos(info.Created), d.jsonArg(state))
	if err != nil {
		if d.isUniqueViolation(err) {
			return fmt.Errorf("creating session %q: %w", info.ID, ledger.ErrExists)
		}
		return fmt.Errorf("creating session %q: %w", info.ID, err)
	}
	if n == 0 {
		return fmt.Errorf("creating session %q: %w", info.ID, ledger.ErrExists)
	}
	return nil
}

// runSession runs fn on the session (tenant, id) in the transaction begin
// starts, and commits it when writable: ledger.Store's Update and View.
// The session's row is read first (and, for an update, locked as the
// dialect says). cache, when not nil, is the store's cache of committed
// rows (SQLite's writer): the transaction reads through it, and hands it
// what it read and wrote only once the commit succeeded.
func runSession(ctx context.Context, d *dialect, begin func(context.Context) (dbTx, error), cache *writeCache,
	tenant, id string, writable bool, fn func(ledger.Tx) error,
) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("session %q: %w", id, err)
	}
	db, err := begin(ctx)
	if err != nil {
		return fmt.Errorf("starting transaction on session %q: %w", id, err)
	}
	committed := false
	defer func() {
		if !committed {
			db.rollback(ctx)
		}
	}()
	t := &sessionTx{ctx: ctx, db: db, d: d, writable: writable, info: ledger.SessionInfo{ID: id, Tenant: tenant}}
	if cache != nil {
		t.cache, t.tc = cache, newTxCache()
	}
	query := d.q.session
	if writable {
		query = d.q.lockedSession
	}
	var created int64
	var state []byte
	err = db.queryRow(ctx, query, tenant, id).Scan(&t.ord, &created, &state)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("session %q: %w", id, ledger.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("reading session %q: %w", id, err)
	}
	t.info.Created = fromNanos(created)
	if err := decodeJSON(fmt.Sprintf("state of session %q", id), state, &t.state); err != nil {
		return err
	}
	if err := fn(t); err != nil {
		return err
	}
	if !writable {
		return nil
	}
	if err := db.commit(ctx); err != nil {
		if cache != nil {
			// The commit may or may not have happened: trust nothing
			// cached.
			cache.reset()
		}
		return fmt.Errorf("committing update of session %q: %w", id, err)
	}
	committed = true
	if cache != nil {
		cache.commit(t.ord, t.tc)
	}
	return nil
}

// listSessions implements ledger.Store.Sessions, in creation order.
func listSessions(ctx context.Context, d *dialect, db conn, tenant string) ([]ledger.SessionInfo, error) {
	rs, err := db.query(ctx, d.q.sessions, tenant)
	if err != nil {
		return nil, fmt.Errorf("listing sessions of tenant %q: %w", tenant, err)
	}
	defer rs.Close()
	out, err := scanSessions(rs, tenant)
	if err != nil {
		return nil, fmt.Errorf("listing sessions of tenant %q: %w", tenant, err)
	}
	return out, nil
}

// listTenants implements ledger.TenantLister.
func listTenants(ctx context.Context, d *dialect, db conn) ([]string, error) {
	rs, err := db.query(ctx, d.q.tenants)
	if err != nil {
		return nil, fmt.Errorf("listing tenants: %w", err)
	}
	var out []string
	err = scanAll(rs, func(rs rows) error {
		var t string
		if err := rs.Scan(&t); err != nil {
			return err
		}
		out = append(out, t)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing tenants: %w", err)
	}
	return out, nil
}
