package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// column is one column of a table in the simulated orders database.
type column struct {
	Name, Type, Nullable, Default string
}

// table is a table of the simulated orders database, with what psql's \d+
// prints about it.
type table struct {
	Name     string
	Columns  []column
	Indexes  []string
	FKeys    []string
	Triggers []string
	Rows     int
}

// tables is the simulated schema: the legacy tables being migrated and their
// v2 counterparts.
var tables = []table{
	{
		Name: "legacy_orders",
		Columns: []column{
			{"id", "bigint", "not null", "nextval('legacy_orders_id_seq'::regclass)"},
			{"customer_id", "bigint", "not null", ""},
			{"status", "character varying(32)", "not null", "'pending'::character varying"},
			{"total_cents", "integer", "not null", ""},
			{"currency", "character(3)", "not null", "'JPY'::bpchar"},
			{"placed_at", "timestamp without time zone", "not null", ""},
			{"updated_at", "timestamp without time zone", "", ""},
			{"channel", "character varying(16)", "", ""},
			{"coupon_code", "character varying(40)", "", ""},
			{"notes", "text", "", ""},
		},
		Indexes: []string{
			`"legacy_orders_pkey" PRIMARY KEY, btree (id)`,
			`"legacy_orders_customer_id_idx" btree (customer_id)`,
			`"legacy_orders_placed_at_idx" btree (placed_at)`,
		},
		Rows: 318442,
	},
	{
		Name: "orders_v2",
		Columns: []column{
			{"id", "bigint", "not null", ""},
			{"customer_id", "bigint", "not null", ""},
			{"status", "order_status", "not null", "'pending'::order_status"},
			{"total_cents", "bigint", "not null", ""},
			{"currency", "character(3)", "not null", ""},
			{"placed_at", "timestamp with time zone", "not null", ""},
			{"updated_at", "timestamp with time zone", "not null", "now()"},
			{"channel", "text", "", ""},
			{"coupon_code", "text", "", ""},
			{"source_system", "text", "not null", "'legacy'::text"},
			{"migrated_at", "timestamp with time zone", "", ""},
		},
		Indexes: []string{
			`"orders_v2_pkey" PRIMARY KEY, btree (id)`,
			`"orders_v2_customer_placed_idx" btree (customer_id, placed_at DESC)`,
			`"orders_v2_status_idx" btree (status) WHERE status <> 'delivered'::order_status`,
		},
		FKeys:    []string{`"orders_v2_customer_id_fkey" FOREIGN KEY (customer_id) REFERENCES customers(id)`},
		Triggers: []string{`orders_v2_audit_trg AFTER INSERT OR DELETE OR UPDATE ON orders_v2 FOR EACH ROW EXECUTE FUNCTION audit.log_order_change()`},
	},
	{
		Name: "legacy_order_items",
		Columns: []column{
			{"id", "bigint", "not null", "nextval('legacy_order_items_id_seq'::regclass)"},
			{"order_id", "bigint", "not null", ""},
			{"sku", "character varying(64)", "not null", ""},
			{"qty", "integer", "not null", "1"},
			{"unit_cents", "integer", "not null", ""},
			{"discount_cents", "integer", "", "0"},
		},
		Indexes: []string{
			`"legacy_order_items_pkey" PRIMARY KEY, btree (id)`,
			`"legacy_order_items_order_id_idx" btree (order_id)`,
		},
		Rows: 1204118,
	},
	{
		Name: "order_items_v2",
		Columns: []column{
			{"id", "bigint", "not null", ""},
			{"order_id", "bigint", "not null", ""},
			{"sku", "text", "not null", ""},
			{"qty", "integer", "not null", ""},
			{"unit_cents", "bigint", "not null", ""},
			{"discount_cents", "bigint", "not null", "0"},
		},
		Indexes: []string{
			`"order_items_v2_pkey" PRIMARY KEY, btree (id)`,
			`"order_items_v2_order_id_idx" btree (order_id)`,
		},
		FKeys: []string{`"order_items_v2_order_id_fkey" FOREIGN KEY (order_id) REFERENCES orders_v2(id) ON DELETE CASCADE`},
	},
	{
		Name: "customers",
		Columns: []column{
			{"id", "bigint", "not null", "nextval('customers_id_seq'::regclass)"},
			{"email", "citext", "not null", ""},
			{"display_name", "text", "", ""},
			{"country", "character(2)", "not null", "'JP'::bpchar"},
			{"created_at", "timestamp with time zone", "not null", "now()"},
		},
		Indexes: []string{
			`"customers_pkey" PRIMARY KEY, btree (id)`,
			`"customers_email_key" UNIQUE CONSTRAINT, btree (email)`,
		},
		Rows: 87213,
	},
	{
		Name: "legacy_payments",
		Columns: []column{
			{"id", "bigint", "not null", "nextval('legacy_payments_id_seq'::regclass)"},
			{"order_id", "bigint", "not null", ""},
			{"provider", "character varying(24)", "not null", ""},
			{"amount_cents", "integer", "not null", ""},
			{"captured_at", "timestamp without time zone", "", ""},
			{"provider_ref", "character varying(80)", "", ""},
		},
		Indexes: []string{
			`"legacy_payments_pkey" PRIMARY KEY, btree (id)`,
			`"legacy_payments_order_id_idx" btree (order_id)`,
		},
		Rows: 331907,
	},
}

// tableNamed returns the table called name.
func tableNamed(name string) table {
	for _, t := range tables {
		if t.Name == name {
			return t
		}
	}
	panic("no table " + name)
}

// schemaDump renders `\d+ NAME` as psql prints it.
func schemaDump(r *rand.Rand, t table) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%48s\n", `Table "public.`+t.Name+`"`)
	fmt.Fprintf(&sb, "%-15s| %-28s| Collation | Nullable | %-44s| Storage  | Compression | Stats target | Description\n", "    Column", "           Type", "                  Default")
	sb.WriteString(strings.Repeat("-", 15) + "+" + strings.Repeat("-", 29) + "+-----------+----------+" + strings.Repeat("-", 45) + "+----------+-------------+--------------+-------------\n")
	for _, c := range t.Columns {
		storage := "plain"
		if strings.Contains(c.Type, "char") || c.Type == "text" || c.Type == "citext" {
			storage = "extended"
		}
		fmt.Fprintf(&sb, " %-14s| %-28s|           | %-8s | %-44s| %-8s |             |              | \n", c.Name, c.Type, c.Nullable, c.Default, storage)
	}
	sb.WriteString("Indexes:\n")
	for _, ix := range t.Indexes {
		sb.WriteString("    " + ix + "\n")
	}
	if len(t.FKeys) > 0 {
		sb.WriteString("Foreign-key constraints:\n")
		for _, fk := range t.FKeys {
			sb.WriteString("    " + fk + "\n")
		}
	}
	if len(t.Triggers) > 0 {
		sb.WriteString("Triggers:\n")
		for _, tg := range t.Triggers {
			sb.WriteString("    " + tg + "\n")
		}
	}
	sb.WriteString("Access method: heap\n")
	if r.IntN(2) == 0 {
		fmt.Fprintf(&sb, "Options: autovacuum_vacuum_scale_factor=0.0%d\n", between(r, 1, 5))
	}
	return sb.String()
}

// statuses are order statuses, legacy spelling.
var statuses = []string{"pending", "paid", "packed", "shipped", "delivered", "cancelled", "refunded"}

// channels are legacy order channels.
var channels = []string{"web", "ios", "android", "pos", "partner"}

// orderRows renders n rows of a SELECT on legacy_orders or orders_v2.
func orderRows(r *rand.Rand, n int, startID int64, v2 bool) string {
	var sb strings.Builder
	if v2 {
		sb.WriteString("   id    | customer_id |  status   | total_cents | currency |       placed_at        | source_system\n")
		sb.WriteString("---------+-------------+-----------+-------------+----------+------------------------+---------------\n")
	} else {
		sb.WriteString("   id    | customer_id |  status   | total_cents | currency |      placed_at      | channel\n")
		sb.WriteString("---------+-------------+-----------+-------------+----------+---------------------+---------\n")
	}
	id := startID
	for i := 0; i < n; i++ {
		id += int64(between(r, 1, 3))
		ts := fmt.Sprintf("20%02d-%02d-%02d %02d:%02d:%02d", between(r, 19, 25), between(r, 1, 12), between(r, 1, 28), r.IntN(24), r.IntN(60), r.IntN(60))
		if v2 {
			fmt.Fprintf(&sb, " %7d | %11d | %-9s | %11d | JPY      | %s+00 | legacy\n", id, between(r, 1000, 88000), pick(r, statuses), between(r, 300, 480000), ts)
		} else {
			fmt.Fprintf(&sb, " %7d | %11d | %-9s | %11d | JPY      | %s | %s\n", id, between(r, 1000, 88000), pick(r, statuses), between(r, 300, 480000), ts, pick(r, channels))
		}
	}
	fmt.Fprintf(&sb, "(%d rows)\n", n)
	return sb.String()
}

// goTests are test names in the migrate packages.
var goTests = []string{
	"TestCopyBatchKeyset", "TestCopyBatchEmptyRange", "TestCopyBatchResumesAfterLastID",
	"TestVerifyCountsMatch", "TestVerifyCountsMismatchReportsRange", "TestWindowOpen",
	"TestWindowClosedBeforeOpen", "TestWindowClosedAfterClose", "TestRetryOnDeadlock",
	"TestRetryGivesUpAfterFiveAttempts", "TestStatusMapping", "TestStatusMappingUnknown",
	"TestCurrencyNormalisation", "TestPlacedAtTimezone", "TestLagProbeParsesInterval",
	"TestLagProbePausesCopy", "TestCheckpointRoundTrip", "TestCheckpointCorrupt",
	"TestDSNSelection", "TestChecksumStable", "TestCouponCodeTrim", "TestNotesNullable",
}

// goTestLog renders `go test -v` output; failing names one test to fail.
func goTestLog(r *rand.Rand, pkg string, failing string) string {
	var sb strings.Builder
	n := between(r, 7, 14)
	start := r.IntN(len(goTests))
	total := 0.0
	for i := 0; i < n; i++ {
		name := goTests[(start+i)%len(goTests)]
		d := float64(between(r, 0, 900)) / 1000
		if strings.Contains(name, "Copy") || strings.Contains(name, "Verify") {
			d += float64(between(r, 200, 2400)) / 1000
		}
		total += d
		fmt.Fprintf(&sb, "=== RUN   %s\n", name)
		if name == failing {
			fmt.Fprintf(&sb, "    %s: copy_test.go:%d: rows in orders_v2 = %d, want %d\n", name, between(r, 40, 220), 4999, 5000)
			fmt.Fprintf(&sb, "    %s: copy_test.go:%d: last id = %d, want %d (off by one at the keyset boundary?)\n", name, between(r, 40, 220), 5212, 5213)
			fmt.Fprintf(&sb, "--- FAIL: %s (%.2fs)\n", name, d)
			continue
		}
		fmt.Fprintf(&sb, "--- PASS: %s (%.2fs)\n", name, d)
	}
	if failing != "" {
		fmt.Fprintf(&sb, "FAIL\nFAIL\t%s\t%.3fs\nFAIL\n", pkg, total+0.4)
	} else {
		fmt.Fprintf(&sb, "PASS\nok  \t%s\t%.3fs\n", pkg, total+0.4)
	}
	return sb.String()
}

// commitMsgs are commit subjects in the orders repository.
var commitMsgs = []string{
	"migrate: keyset pagination for CopyBatch",
	"migrate: compare counts per id range after each batch",
	"migrate: retry CopyFrom on 40P01 with jittered backoff",
	"migrate: window guard for orders_v2 writes",
	"migrate: checkpoint last copied id to migrate_state",
	"migrate: lag probe via pg_stat_replication",
	"orders: map legacy status strings to order_status enum",
	"orders: normalise currency to ISO 4217",
	"scripts: reconcile.py compares per-day totals",
	"ci: run migrate tests against postgres service container",
	"deps: pin github.com/jackc/pgx/v5",
	"docs: RUNBOOK section for the orders_v2 copy",
	"api: feature flag for reading orders from orders_v2",
	"api: dual-read comparison logging",
	"fix: placed_at timezone on legacy rows (stored as JST)",
	"fix: coupon_code trailing whitespace",
	"test: fixture with 12k legacy rows",
	"chore: bump golangci-lint",
	"refactor: split migrate/copy.go",
}

// authors are the repository's committers.
var authors = []string{"Aiko Tanaka", "Ren Sato", "Mika Ito", "orders-agent", "Daniel Park"}

// gitLog renders `git log --format='%h %an %ad %s' -n N`.
func gitLog(r *rand.Rand, n, day int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "%07x %-12s 2026-11-%02d %s\n", r.Uint32()&0xfffffff, pick(r, authors), 15+day-i/4, pick(r, commitMsgs))
	}
	return sb.String()
}

// gitStatus renders `git status --short` after some edits.
func gitStatus(r *rand.Rand) string {
	files := []string{"internal/migrate/copy.go", "internal/migrate/verify.go", "internal/migrate/window.go", "internal/migrate/lag.go", "internal/migrate/copy_test.go", "scripts/reconcile.py", "docs/RUNBOOK.md", "cmd/orders-copy/main.go", "go.mod", "go.sum"}
	var sb strings.Builder
	sb.WriteString("On branch migrate/orders-v2\nChanges not staged for commit:\n")
	for i, n := 0, between(r, 1, 4); i < n; i++ {
		sb.WriteString("\tmodified:   " + pick(r, files) + "\n")
	}
	return sb.String()
}

// lagReport renders pg_stat_replication as seen on the primary.
func lagReport(r *rand.Rand, lagMs int) string {
	return fmt.Sprintf(` application_name |  client_addr  |   state   | sent_lsn    | replay_lsn  |    replay_lag
------------------+---------------+-----------+-------------+-------------+-----------------
 pg-orders-2      | 10.20.4.%-5d | streaming | 3A/%08X | 3A/%08X | 00:00:%02d.%03d
(1 row)
`, between(r, 11, 40), r.Uint32()>>4, r.Uint32()>>4, lagMs/1000, lagMs%1000)
}

// explainCopy renders EXPLAIN ANALYZE of the keyset select a batch uses.
func explainCopy(r *rand.Rand, after int64) string {
	ms := float64(between(r, 800, 4200)) / 100
	return fmt.Sprintf(`                                                              QUERY PLAN
-----------------------------------------------------------------------------------------------------------------------------------
 Limit  (cost=0.42..%d.%02d rows=5000 width=118) (actual time=0.031..%.3f rows=5000 loops=1)
   ->  Index Scan using legacy_orders_pkey on legacy_orders  (cost=0.42..%d.%02d rows=%d width=118) (actual time=0.030..%.3f rows=5000 loops=1)
         Index Cond: (id > %d)
 Planning Time: 0.%03d ms
 Execution Time: %.3f ms
(5 rows)
`, between(r, 300, 900), r.IntN(100), ms-0.4, between(r, 9000, 40000), r.IntN(100), between(r, 150000, 318000), ms-0.5, after, between(r, 60, 400), ms)
}

// psqlErrors are transient failures a batch can hit, with what a retry log
// says about them.
var psqlErrors = []struct{ Err, Reason string }{
	{"ERROR:  deadlock detected (SQLSTATE 40P01)\nDETAIL:  Process 48121 waits for ShareLock on transaction 9918231; blocked by process 47702.\nProcess 47702 waits for RowExclusiveLock on relation 16741 of database 16402; blocked by process 48121.\nHINT:  See server log for query details.", "a deadlock with the nightly stats job"},
	{"read tcp 10.20.4.9:52814->10.20.4.10:5432: read: connection reset by peer", "a connection reset (pgbouncer restarted)"},
	{"ERROR:  canceling statement due to statement timeout (SQLSTATE 57014)", "a statement timeout while autovacuum held the table"},
	{"FATAL:  remaining connection slots are reserved for non-replication superuser connections (SQLSTATE 53300)", "connection slots exhausted by the reporting workers"},
}

// goFiles are the repository files the agent reads, as templates with
// %[1]d (retry attempts) and %[2]s (a log field name) placeholders.
var goFiles = []struct{ Path, Body string }{
	{"internal/migrate/copy.go", `package migrate

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// BatchSize is the number of legacy rows one batch copies.
const BatchSize = 5000

// Copier copies legacy_orders into orders_v2 in keyset-paginated batches.
type Copier struct {
	Src, Dst *pgxpool.Pool
	Log      *slog.Logger
	Window   Window
	Lag      *LagProbe
}

// CopyBatch copies the next BatchSize rows after afterID and returns the
// last id copied.
func (c *Copier) CopyBatch(ctx context.Context, afterID int64) (int64, int, error) {
	if !c.Window.Open(time.Now().UTC()) {
		return afterID, 0, ErrWindowClosed
	}
	rows, err := c.Src.Query(ctx, selectBatch, afterID, BatchSize)
	if err != nil {
		return afterID, 0, fmt.Errorf("select batch after %%d: %%w", afterID, err)
	}
	batch, lastID, err := collectOrders(rows)
	if err != nil {
		return afterID, 0, err
	}
	var n int64
	err = withRetry(ctx, %[1]d, func(ctx context.Context) error {
		tx, err := c.Dst.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		n, err = tx.CopyFrom(ctx, pgx.Identifier{"orders_v2"}, v2Columns, pgx.CopyFromRows(batch))
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, upsertCheckpoint, lastID); err != nil {
			return err
		}
		return tx.Commit(ctx)
	})
	if err != nil {
		return afterID, 0, fmt.Errorf("copy batch after %%d: %%w", afterID, err)
	}
	c.Log.Info("batch copied", "after_id", afterID, "last_id", lastID, "%[2]s", n)
	return lastID, int(n), nil
}

const selectBatch = ` + "`" + `
SELECT id, customer_id, status, total_cents, currency, placed_at, updated_at, channel, coupon_code
FROM legacy_orders
WHERE id > $1
ORDER BY id
LIMIT $2` + "`" + `

const upsertCheckpoint = ` + "`" + `
INSERT INTO migrate_state (name, last_id, updated_at) VALUES ('orders_v2', $1, now())
ON CONFLICT (name) DO UPDATE SET last_id = EXCLUDED.last_id, updated_at = now()` + "`" + `
`},
	{"internal/migrate/verify.go", `package migrate

import (
	"context"
	"fmt"
)

// Mismatch describes an id range whose counts differ between the tables.
type Mismatch struct {
	From, To      int64
	Legacy, V2    int64
	MissingSample []int64
}

func (m Mismatch) Error() string {
	return fmt.Sprintf("ids (%%d, %%d]: legacy=%%d v2=%%d, missing e.g. %%v", m.From, m.To, m.Legacy, m.V2, m.MissingSample)
}

// VerifyCounts compares row counts of legacy_orders and orders_v2 for the
// id range (from, to] and returns a Mismatch when they differ.
func (c *Copier) VerifyCounts(ctx context.Context, from, to int64) error {
	var legacy, v2 int64
	if err := c.Src.QueryRow(ctx, countLegacy, from, to).Scan(&legacy); err != nil {
		return fmt.Errorf("count legacy: %%w", err)
	}
	if err := c.Dst.QueryRow(ctx, countV2, from, to).Scan(&v2); err != nil {
		return fmt.Errorf("count v2: %%w", err)
	}
	if legacy == v2 {
		c.Log.Debug("counts match", "from", from, "to", to, "%[2]s", v2)
		return nil
	}
	m := Mismatch{From: from, To: to, Legacy: legacy, V2: v2}
	rows, err := c.Src.Query(ctx, missingSample, from, to, %[1]d)
	if err == nil {
		for rows.Next() {
			var id int64
			if rows.Scan(&id) == nil {
				m.MissingSample = append(m.MissingSample, id)
			}
		}
		rows.Close()
	}
	return m
}

const countLegacy = "SELECT count(*) FROM legacy_orders WHERE id > $1 AND id <= $2"
const countV2 = "SELECT count(*) FROM orders_v2 WHERE id > $1 AND id <= $2"
const missingSample = "SELECT l.id FROM legacy_orders l LEFT JOIN orders_v2 v ON v.id = l.id WHERE l.id > $1 AND l.id <= $2 AND v.id IS NULL ORDER BY l.id LIMIT $3"
`},
	{"internal/migrate/window.go", `package migrate

import (
	"errors"
	"time"
)

// ErrWindowClosed is returned when a batch would write outside the
// maintenance window; the caller waits for the next one.
var ErrWindowClosed = errors.New("migrate: outside the orders_v2 write window")

// Window is a daily UTC interval [Open, Close).
type Window struct {
	OpenAt, CloseAt time.Duration
}

// Open reports whether t falls inside the window, leaving %[1]d minutes of
// margin before it closes so a batch in flight can finish.
func (w Window) Open(t time.Time) bool {
	t = t.UTC()
	since := time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute + time.Duration(t.Second())*time.Second
	margin := %[1]d * time.Minute
	return since >= w.OpenAt && since < w.CloseAt-margin
}

// Next returns the next time the window opens after t.
func (w Window) Next(t time.Time) time.Time {
	day := t.UTC().Truncate(24 * time.Hour)
	open := day.Add(w.OpenAt)
	if !t.Before(open) {
		open = open.Add(24 * time.Hour)
	}
	return open
}
`},
	{"internal/migrate/lag.go", `package migrate

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// LagProbe reads the replica's replay lag from pg_stat_replication on the
// primary, so the copy job only ever connects to the primary.
type LagProbe struct {
	Primary *pgxpool.Pool
	Replica string // application_name of the replica
	Max     time.Duration
	Log     *slog.Logger
}

// Wait blocks while the replica's replay lag is above Max, polling every
// %[1]d seconds.
func (p *LagProbe) Wait(ctx context.Context) error {
	for {
		var lag time.Duration
		err := p.Primary.QueryRow(ctx, replayLag, p.Replica).Scan(&lag)
		if err != nil {
			return err
		}
		if lag <= p.Max {
			return nil
		}
		p.Log.Warn("replica lag high, pausing copy", "replica", p.Replica, "%[2]s", lag)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(%[1]d * time.Second):
		}
	}
}

const replayLag = "SELECT coalesce(replay_lag, '0'::interval) FROM pg_stat_replication WHERE application_name = $1"
`},
	{"internal/migrate/retry.go", `package migrate

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// retryable lists SQLSTATEs worth retrying: deadlock, serialization
// failure, statement timeout, too many connections.
var retryable = map[string]bool{"40P01": true, "40001": true, "57014": true, "53300": true}

// withRetry runs f up to attempts times with jittered exponential backoff,
// retrying only errors that are worth it.
func withRetry(ctx context.Context, attempts int, f func(context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = f(ctx); err == nil || !shouldRetry(err) {
			return err
		}
		d := time.Duration(1<<i)*200*time.Millisecond + time.Duration(rand.IntN(%[1]d00))*time.Millisecond
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
	return err
}

func shouldRetry(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return retryable[pgErr.Code]
	}
	var netErr interface{ Timeout() bool }
	return errors.As(err, &netErr) || errors.Is(err, pgconn.ErrConnBusy) // "%[2]s"
}
`},
	{"cmd/orders-copy/main.go", `// Command orders-copy copies legacy_orders into orders_v2 batch by batch.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/orders/internal/migrate"
)

func main() {
	dsn := flag.String("target", "", "DSN of the primary to copy into")
	batches := flag.String("batches", "", "batch range, e.g. 21-40")
	maxLag := flag.Duration("max-lag", %[1]d*time.Second, "pause while replica lag is above this")
	dry := flag.Bool("dry-run", false, "select and count only")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	pool, err := pgxpool.New(ctx, *dsn)
	if err != nil {
		log.Error("connect", "err", err)
		os.Exit(1)
	}
	defer pool.Close()
	from, to, err := migrate.ParseRange(*batches)
	if err != nil {
		log.Error("batches", "err", err)
		os.Exit(2)
	}
	c := &migrate.Copier{Src: pool, Dst: pool, Log: log, Window: migrate.DefaultWindow,
		Lag: &migrate.LagProbe{Primary: pool, Replica: "pg-orders-2", Max: *maxLag, Log: log}}
	if err := c.Run(ctx, from, to, *dry); err != nil {
		log.Error("run", "err", err, "%[2]s", from)
		os.Exit(1)
	}
}
`},
}

// pyFiles are the Python helper scripts the agent reads.
var pyFiles = []struct{ Path, Body string }{
	{"scripts/reconcile.py", `#!/usr/bin/env python3
"""Compare per-day order totals between legacy_orders and orders_v2.

Finance's reconciliation reads legacy_orders directly; this script checks
that orders_v2 would give them the same numbers.
"""
import argparse
import sys

import psycopg

QUERY = """
SELECT date_trunc('day', placed_at) AS day, count(*), sum(total_cents)
FROM {table}
WHERE placed_at >= %%(since)s
GROUP BY 1 ORDER BY 1
"""


def totals(conn, table, since):
    with conn.cursor() as cur:
        cur.execute(QUERY.format(table=table), {"since": since})
        return {row[0].date(): (row[1], row[2]) for row in cur}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dsn", required=True)
    p.add_argument("--since", default="2019-01-01")
    p.add_argument("--tolerance", type=int, default=%[1]d)
    args = p.parse_args()
    with psycopg.connect(args.dsn) as conn:
        legacy = totals(conn, "legacy_orders", args.since)
        v2 = totals(conn, "orders_v2", args.since)
    bad = 0
    for day in sorted(legacy):
        a, b = legacy[day], v2.get(day, (0, 0))
        if abs(a[1] - b[1]) > args.tolerance or a[0] != b[0]:
            print(f"{day}: legacy={a} v2={b}")
            bad += 1
    print(f"{len(legacy)} days compared, {bad} differ ({'%[2]s'})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
`},
	{"scripts/sample_diff.py", `#!/usr/bin/env python3
"""Pick random ids and diff the legacy row against its orders_v2 copy."""
import random
import sys

import psycopg

STATUS = {"pending": "pending", "paid": "paid", "packed": "packed", "shipped": "shipped",
          "delivered": "delivered", "cancelled": "cancelled", "refunded": "refunded",
          "canceled": "cancelled"}


def main(dsn, n=%[1]d):
    rnd = random.Random(7)
    with psycopg.connect(dsn) as conn, conn.cursor() as cur:
        cur.execute("SELECT max(id) FROM orders_v2")
        top = cur.fetchone()[0]
        diffs = 0
        for _ in range(n):
            i = rnd.randint(1, top)
            cur.execute("SELECT status, total_cents, currency FROM legacy_orders WHERE id = %%s", (i,))
            a = cur.fetchone()
            cur.execute("SELECT status::text, total_cents, currency FROM orders_v2 WHERE id = %%s", (i,))
            b = cur.fetchone()
            if a is None and b is None:
                continue
            if a is None or b is None or (STATUS[a[0]], a[1], a[2]) != tuple(b):
                print(f"id {i}: legacy={a} v2={b}")
                diffs += 1
        print(f"sampled {n} ids, {diffs} differ  # %[2]s")


if __name__ == "__main__":
    main(sys.argv[1])
`},
}

// logFields are alternative names for the row-count log field.
var logFields = []string{"rows", "copied", "n_rows", "inserted"}

// goFile renders one Go file of the repository with small variations, as
// it stands at some point of the session.
func goFile(r *rand.Rand, i int) (string, string) {
	f := goFiles[i%len(goFiles)]
	return f.Path, fmt.Sprintf(f.Body, between(r, 3, 6), pick(r, logFields))
}

// pyFile renders one Python script with small variations.
func pyFile(r *rand.Rand, i int) (string, string) {
	f := pyFiles[i%len(pyFiles)]
	return f.Path, fmt.Sprintf(f.Body, between(r, 0, 2)*100, pick(r, logFields))
}

// diffHunk renders a small unified diff to path.
func diffHunk(r *rand.Rand, path string) string {
	switch {
	case strings.HasSuffix(path, ".py"):
		return fmt.Sprintf("--- a/%[1]s\n+++ b/%[1]s\n@@ -%[2]d,6 +%[2]d,7 @@ def main():\n     with psycopg.connect(args.dsn) as conn:\n         legacy = totals(conn, \"legacy_orders\", args.since)\n         v2 = totals(conn, \"orders_v2\", args.since)\n+    print(f\"legacy days={len(legacy)} v2 days={len(v2)}\", file=sys.stderr)\n     bad = 0\n     for day in sorted(legacy):\n", path, between(r, 30, 44))
	case strings.HasSuffix(path, "_test.go"):
		return fmt.Sprintf("--- a/%[1]s\n+++ b/%[1]s\n@@ -%[2]d,7 +%[2]d,7 @@ func TestCopyBatchKeyset(t *testing.T) {\n \tlast, n, err := c.CopyBatch(ctx, %[3]d)\n \tif err != nil {\n \t\tt.Fatal(err)\n \t}\n-\tif last != %[4]d {\n+\tif last != %[5]d {\n \t\tt.Fatalf(\"last id = %%d, want %%d\", last, %[5]d)\n \t}\n", path, between(r, 40, 120), between(r, 1000, 9000), between(r, 10000, 20000), between(r, 10000, 20000))
	default:
		return fmt.Sprintf("--- a/%[1]s\n+++ b/%[1]s\n@@ -%[2]d,8 +%[2]d,9 @@\n \tbatch, lastID, err := collectOrders(rows)\n \tif err != nil {\n \t\treturn afterID, 0, err\n \t}\n+\tc.Log.Debug(\"batch selected\", \"after_id\", afterID, \"last_id\", lastID, \"n\", len(batch))\n \tvar n int64\n-\terr = withRetry(ctx, %[3]d, func(ctx context.Context) error {\n+\terr = withRetry(ctx, %[4]d, func(ctx context.Context) error {\n", path, between(r, 30, 70), between(r, 3, 4), between(r, 5, 6))
	}
}
