package sqlstore

import (
	"context"
	"fmt"

	"github.com/compactguard/compactguard/host/ledger"
)

// Store kinds Open accepts: the forms of the guard's `store` setting
// ("memory", "sqlite:PATH", "postgres:DSN"), as host/config parses them.
const (
	KindMemory   = "memory"
	KindSQLite   = "sqlite"
	KindPostgres = "postgres"
)

// Open opens the store of the given kind: for KindSQLite dsn is the
// database file's path, for KindPostgres a PostgreSQL connection string
// (URL or key=value), for KindMemory it must be empty. It exists so the
// runtime can wire config.Store without knowing each store's constructor:
//
//	store, err := sqlstore.Open(ctx, string(cfg.Store.Kind), cfg.Store.Path+cfg.Store.DSN)
func Open(ctx context.Context, kind, dsn string) (ledger.Store, error) {
	switch kind {
	case KindSQLite:
		return OpenSQLite(ctx, dsn)
	case KindPostgres, "postgresql":
		return OpenPostgres(ctx, dsn)
	case KindMemory:
		if dsn != "" {
			return nil, fmt.Errorf("opening memory store: unexpected location %q (the memory store takes none)", dsn)
		}
		return ledger.NewMemory(), nil
	default:
		return nil, fmt.Errorf("opening store: unknown kind %q (want %q, %q or %q)", kind, KindSQLite, KindPostgres, KindMemory)
	}
}
