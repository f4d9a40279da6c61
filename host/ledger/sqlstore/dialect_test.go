package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// TestRebindNumbersPlaceholders pins how the shared statements reach
// each dialect: SQLite keeps ?, PostgreSQL numbers them in order.
func TestRebindNumbersPlaceholders(t *testing.T) {
	tests := []struct {
		name     string
		d        *dialect
		in, want string
	}{
		{"sqlite keeps ?", sqliteDialect, `SELECT a FROM t WHERE b = ? AND c = ?`, `SELECT a FROM t WHERE b = ? AND c = ?`},
		{"postgres numbers in order", postgresDialect, `SELECT a FROM t WHERE b = ? AND c = ?`, `SELECT a FROM t WHERE b = $1 AND c = $2`},
		{"postgres past nine", postgresDialect, `VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, `VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`},
		{"postgres without placeholders", postgresDialect, `SELECT DISTINCT tenant FROM sessions`, `SELECT DISTINCT tenant FROM sessions`},
		{"postgres trailing placeholder", postgresDialect, `VALUES (1, ?`, `VALUES (1, $1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.d.rebind(tt.in); got != tt.want {
				t.Errorf("rebind(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestUniqueViolation pins the error classification CreateSession relies
// on to answer ledger.ErrExists: a unique key's refusal, wrapped or not,
// is one; any other error is not.
func TestUniqueViolation(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite", MemoryPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, `CREATE TABLE u (id INTEGER PRIMARY KEY, name TEXT UNIQUE)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO u (id, name) VALUES (1, 'a')`); err != nil {
		t.Fatal(err)
	}
	_, sqliteUnique := db.ExecContext(ctx, `INSERT INTO u (id, name) VALUES (2, 'a')`)
	_, sqlitePrimary := db.ExecContext(ctx, `INSERT INTO u (id, name) VALUES (1, 'b')`)
	_, sqliteOther := db.ExecContext(ctx, `INSERT INTO missing (id) VALUES (1)`)
	if sqliteUnique == nil || sqlitePrimary == nil || sqliteOther == nil {
		t.Fatalf("want three failed inserts, got %v, %v, %v", sqliteUnique, sqlitePrimary, sqliteOther)
	}
	tests := []struct {
		name string
		d    *dialect
		err  error
		want bool
	}{
		{"sqlite unique", sqliteDialect, sqliteUnique, true},
		{"sqlite primary key", sqliteDialect, sqlitePrimary, true},
		{"sqlite wrapped", sqliteDialect, fmt.Errorf("inserting: %w", sqliteUnique), true},
		{"sqlite no such table", sqliteDialect, sqliteOther, false},
		{"sqlite other error", sqliteDialect, errors.New("disk full"), false},
		{"postgres unique_violation", postgresDialect, &pgconn.PgError{Code: "23505"}, true},
		{"postgres wrapped", postgresDialect, fmt.Errorf("inserting: %w", &pgconn.PgError{Code: "23505"}), true},
		{"postgres foreign_key_violation", postgresDialect, &pgconn.PgError{Code: "23503"}, false},
		{"postgres other error", postgresDialect, errors.New("connection reset"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.d.isUniqueViolation(tt.err); got != tt.want {
				t.Errorf("isUniqueViolation(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}
