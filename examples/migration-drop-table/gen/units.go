package main

import (
	"fmt"
	"strings"
)

// A unit is one small piece of routine agent work (inspect, read, test,
// query, commit) that fills the session between the scripted moments.
type unit func(b *builder)

// exploreUnits are the units of the exploration days: reading schema and
// code.
var exploreUnits = []unit{unitSchema, unitReadGo, unitReadGo, unitQuery, unitGitLog, unitReadPy, unitExplain, unitThink, unitActivity, unitRunbook}

// buildUnits are the units of writing and testing the copy job.
var buildUnits = []unit{unitReadGo, unitEditTest, unitEditTest, unitQuery, unitGitCommit, unitThink, unitExplain, unitUserCheck, unitSchema, unitCI, unitServerLog}

// runUnits are the units between batch runs.
var runUnits = []unit{unitLag, unitQuery, unitReadGo, unitEditTest, unitUserCheck, unitThink, unitGitCommit, unitSampleDiff, unitExplain, unitActivity, unitServerLog, unitCI, unitRunbook}

// fillUntil appends random units from us until the session holds at least
// target span tokens, never the same entry of us twice in a row.
func (b *builder) fillUntil(target int, us []unit) {
	last := -1
	for b.tokens < target {
		i := b.rng.IntN(len(us))
		if i == last {
			i = (i + 1 + b.rng.IntN(len(us)-1)) % len(us)
		}
		last = i
		us[i](b)
	}
}

var schemaIntros = []string{
	"Let me look at how %s is defined before writing anything against it.",
	"Checking the definition of %s: indexes and triggers matter for the copy.",
	"I want the exact column types of %s so the mapping in CopyBatch is right.",
	"Quick look at %s to confirm nullability and defaults.",
}

func unitSchema(b *builder) {
	t := pick(b.rng, tables)
	b.reasoning(fmt.Sprintf(schemaIntros[b.deal("schemaIntros", len(schemaIntros))], t.Name))
	b.bash(fmt.Sprintf(`psql "host=pg-orders-1 dbname=orders user=orders_migrator" -c '\d+ %s'`, t.Name), schemaDump(b.rng, t), 0)
	notes := []string{
		"%s: the primary key is a plain bigint, so keyset pagination on id works.",
		"%s has the indexes I expected; nothing surprising in the defaults.",
		"Noted the column types on %s; the timestamp columns need the timezone conversion.",
		"%s matches what the mapping code assumes.",
	}
	if b.rng.IntN(2) == 0 {
		b.assistant(fmt.Sprintf(notes[b.deal("schemaNotes", len(notes))], t.Name))
	}
}

func unitReadGo(b *builder) {
	path, body := goFile(b.rng, b.rng.IntN(len(goFiles)))
	if b.rng.IntN(3) == 0 {
		b.reasoning(fmt.Sprintf("Looking at %s again before touching anything around it.", path))
	}
	b.read(path, body)
}

func unitReadPy(b *builder) {
	path, body := pyFile(b.rng, b.rng.IntN(len(pyFiles)))
	b.read(path, body)
	b.assistant(fmt.Sprintf("%s uses psycopg directly; it reads both tables on the same connection.", path))
}

var testPkgs = []string{"example.com/orders/internal/migrate", "example.com/orders/internal/orders", "example.com/orders/cmd/orders-copy"}

func unitEditTest(b *builder) {
	paths := []string{"internal/migrate/copy.go", "internal/migrate/copy_test.go", "internal/migrate/verify.go", "scripts/reconcile.py"}
	path := pick(b.rng, paths)
	b.edit(path, diffHunk(b.rng, path))
	pkg := pick(b.rng, testPkgs)
	if b.rng.IntN(4) == 0 {
		failing := "TestCopyBatchResumesAfterLastID"
		log := goTestLog(b.rng, pkg, failing)
		if !strings.Contains(log, failing) {
			log = strings.Replace(log, "FAIL\n", "=== RUN   "+failing+"\n--- FAIL: "+failing+" (0.84s)\nFAIL\n", 1)
		}
		b.bash("go test -v -count=1 ./...", log, 1)
		b.reasoning(fmt.Sprintf("The fixture behind %s still expects the last id from before the keyset boundary change. The code is right, the fixture is stale; updating the expected value.", failing))
		b.edit("internal/migrate/copy_test.go", diffHunk(b.rng, "internal/migrate/copy_test.go"))
	}
	b.bash("go test -v -count=1 ./...", goTestLog(b.rng, pkg, ""), 0)
}

func unitQuery(b *builder) {
	v2 := b.rng.IntN(2) == 0
	tbl := "legacy_orders"
	if v2 {
		tbl = "orders_v2"
	}
	start := int64(between(b.rng, 1000, 300000))
	n := between(b.rng, 8, 25)
	q := fmt.Sprintf(`psql "host=pg-orders-1 dbname=orders user=orders_migrator" -c "SELECT id, customer_id, status, total_cents, currency, placed_at, %s FROM %s WHERE id > %d ORDER BY id LIMIT %d"`,
		map[bool]string{true: "source_system", false: "channel"}[v2], tbl, start, n)
	b.bash(q, orderRows(b.rng, n, start, v2), 0)
}

func unitGitLog(b *builder) {
	b.bash("git log --format='%h %an %ad %s' --date=short -n 12", gitLog(b.rng, 12, b.day), 0)
}

func unitGitCommit(b *builder) {
	b.bash("git status --short --branch", gitStatus(b.rng), 0)
	msg := pick(b.rng, commitMsgs)
	b.bash(fmt.Sprintf("git commit -am %q", msg), fmt.Sprintf("[migrate/orders-v2 %07x] %s\n %d files changed, %d insertions(+), %d deletions(-)\n", b.rng.Uint32()&0xfffffff, msg, between(b.rng, 1, 4), between(b.rng, 3, 80), between(b.rng, 0, 30)), 0)
}

func unitExplain(b *builder) {
	after := int64(between(b.rng, 1000, 300000))
	b.bash(fmt.Sprintf(`psql "host=pg-orders-1 dbname=orders user=orders_migrator" -c "EXPLAIN ANALYZE SELECT * FROM legacy_orders WHERE id > %d ORDER BY id LIMIT 5000"`, after), explainCopy(b.rng, after), 0)
	explainNotes := []string{
		"The batch select is an index scan on legacy_orders_pkey; the cost stays flat as the offset grows, as expected with keyset pagination.",
		"Still an index scan on the primary key after id %d; the select side is a small part of each batch.",
		"Plan unchanged after id %d: Index Scan using legacy_orders_pkey, no sort node, no sequential scan.",
		"Planner estimates look sane for ids above %d; statistics on legacy_orders are recent enough.",
	}
	note := explainNotes[b.deal("explainNotes", len(explainNotes))]
	if strings.Contains(note, "%d") {
		note = fmt.Sprintf(note, after)
	}
	b.assistant(note)
}

var thoughts = []string{
	"The status mapping still has the legacy spelling 'canceled' in a handful of rows; the mapping folds it into 'cancelled', which is what sample_diff.py expects.",
	"The checkpoint in migrate_state is written in the same transaction as the batch, so a crash between batches resumes from the last committed id. Good.",
	"placed_at in legacy_orders is a naive timestamp stored in JST. orders_v2 uses timestamptz, so the copy converts with AT TIME ZONE 'Asia/Tokyo'. Worth a test for a row near midnight.",
	"Per-batch timings are dominated by the audit trigger on orders_v2, roughly 40%% of the insert cost. Acceptable at this batch size.",
	"The verify step counts by id range rather than the whole table, which keeps it cheap. I should also spot-check a few rows field by field.",
	"coupon_code has trailing spaces in older rows (CHAR padding from the MySQL era). The mapping trims them; reconcile.py doesn't look at coupons so that's safe.",
	"The orders API still reads legacy_orders. The feature flag orders.read_v2 switches it; dual-read logging is already in place for comparison.",
	"Next: run the tests again, then look at the lag numbers from the last run before starting the next group of batches.",
}

func unitThink(b *builder) {
	b.reasoning(strings.ReplaceAll(thoughts[b.deal("thoughts", len(thoughts))], "%%", "%"))
}

var checkIns = []struct{ Q, A string }{
	{"Is autovacuum keeping up on orders_v2?", "Yes: the last autovacuum on orders_v2 finished a few minutes ago and n_dead_tup is near zero; inserts only, so there is little for it to do."},
	{"How big is orders_v2 on disk now?", "Roughly proportional to the rows copied so far, about 1.1 KB per row including indexes; the audit table grows at about the same rate."},
	{"Did the reporting team notice anything?", "Nothing in the channel; their queries go to the replica and its lag stayed low during the runs."},
	{"Can you double-check the enum mapping for refunded orders?", "Checked: 'refunded' maps to the refunded enum value and keeps total_cents as stored; refunds themselves stay in legacy_payments for now."},
	{"What happens if the job is killed mid-batch?", "The batch's transaction rolls back, migrate_state still points at the previous batch's last id, and the next run resumes from there."},
	{"How long is each batch taking?", "Between 1.8 and 3.5 seconds per batch of rows, most of it in the insert (the audit trigger fires per row). Verification adds about 0.3 seconds."},
	{"Can you show me what a copied row looks like next to the original?", "Done below with a sample query; status maps to the enum, placed_at is converted from JST to timestamptz, and source_system is 'legacy'."},
	{"Any rows the status mapping had to fold?", "So far 37 rows with the legacy status spelling 'canceled', all mapped to 'cancelled'. No unknown statuses."},
	{"What's left after the copy itself?", "The read switch (feature flag orders.read_v2), a reconcile run comparing per-day totals, and updating the runbook."},
	{"Is the checkpoint table safe to look at while the job runs?", "Yes, migrate_state is a single row updated in each batch's transaction; reading it takes no locks that block the job."},
	{"Nice. Carry on.", "Continuing."},
	{"Can you paste the git log for the branch?", "Here it is."},
}

func unitUserCheck(b *builder) {
	c := checkIns[b.deal("checkIns", len(checkIns))]
	b.user(c.Q)
	b.assistant(c.A)
	if strings.HasPrefix(c.Q, "Can you paste") {
		unitGitLog(b)
	}
	if strings.HasPrefix(c.Q, "Can you show") {
		unitQuery(b)
	}
}

func unitLag(b *builder) {
	lag := between(b.rng, 200, 9000)
	b.bash(`psql "host=pg-orders-1 dbname=orders user=orders_migrator" -c "SELECT application_name, client_addr, state, sent_lsn, replay_lsn, replay_lag FROM pg_stat_replication"`, lagReport(b.rng, lag), 0)
	b.assistant(fmt.Sprintf("Replay lag on pg-orders-2 is %.1fs right now.", float64(lag)/1000))
}

func unitSampleDiff(b *builder) {
	n := pick(b.rng, []int{200, 500, 1000})
	var sb strings.Builder
	diffs := 0
	if b.rng.IntN(5) == 0 {
		diffs = 1
		fmt.Fprintf(&sb, "id %d: legacy=('canceled', %d, 'JPY') v2=('cancelled', %d, 'JPY')\n", between(b.rng, 1000, 200000), 4400, 4400)
	}
	fmt.Fprintf(&sb, "sampled %d ids, %d differ\n", n, diffs)
	b.bash(fmt.Sprintf(`python3 scripts/sample_diff.py "host=pg-orders-1 dbname=orders user=orders_migrator" %d`, n), sb.String(), 0)
	if diffs > 0 {
		b.assistant("The one difference is the legacy spelling 'canceled'; sample_diff.py compares raw strings for that row because the id is above the mapping table's range. Not a data problem.")
	}
}

// runBatches appends the run of batches from..to (inclusive) in groups,
// interleaved with routine units so the run ends near target tokens.
// failAt names batches that fail once and are retried.
func (b *builder) runBatches(from, to, target int, failAt map[int]int) {
	groups := [][2]int{}
	for s := from; s <= to; {
		e := min(s+between(b.rng, 3, 5)-1, to)
		groups = append(groups, [2]int{s, e})
		s = e + 1
	}
	start := b.tokens
	b.clock = 60 + between(b.rng, 0, 3)
	for gi, g := range groups {
		b.batchGroup(g[0], g[1], failAt, gi == 0)
		step := start + (target-start)*(gi+1)/len(groups)
		b.fillUntil(step, runUnits)
	}
}

// batchGroup appends one orders-copy run and its log.
// The first group of a night's run waits for the write window to open.
func (b *builder) batchGroup(from, to int, failAt map[int]int, first bool) {
	cmd := fmt.Sprintf(`./bin/orders-copy -target "host=pg-orders-1 dbname=orders user=orders_migrator" -batches %d-%d -max-lag 30s`, from, to)
	b.span("tool_call", cmd, map[string]string{"tool": "bash"})
	var sb strings.Builder
	before := b.rowsCopied
	night := b.day + 1
	if first {
		fmt.Fprintf(&sb, "%s INFO window closed, sleeping until %s\n", b.stamp(b.day, 7*60+between(b.rng, 0, 59), b.rng.IntN(60)), b.stamp(night, 60, 0))
	}
	minute := b.clock
	sec := b.rng.IntN(60)
	fmt.Fprintf(&sb, "%s INFO orders-copy starting batches=%d-%d size=5000 target=pg-orders-1 window=01:00-04:00Z resume_after_id=%d\n", b.stamp(night, minute, sec), from, to, b.lastID)
	for n := from; n <= to; n++ {
		if ei, ok := failAt[n]; ok {
			e := psqlErrors[ei]
			fmt.Fprintf(&sb, "%s ERROR batch=%d after_id=%d attempt=1 err=%q\n", b.stamp(night, minute, sec), n, b.lastID, strings.SplitN(e.Err, "\n", 2)[0])
			sec += between(b.rng, 1, 3)
			fmt.Fprintf(&sb, "%s WARN batch=%d retrying in %dms (attempt 2 of 5)\n", b.stamp(night, minute, sec), n, between(b.rng, 200, 900))
			b.retries = append(b.retries, fmt.Sprintf("batch %d hit %s and succeeded on retry", n, e.Reason))
		}
		last := b.lastID + int64(5000+between(b.rng, 0, 400))
		dur := float64(between(b.rng, 1700, 3600)) / 1000
		lag := float64(between(b.rng, 200, 8000)) / 1000
		sec += int(dur) + 1
		if sec >= 60 {
			minute += sec / 60
			sec %= 60
		}
		rows := 5000
		if n == lastBatch {
			rows = legacyRows - (lastBatch-1)*5000
		}
		b.rowsCopied += rows
		fmt.Fprintf(&sb, "%s INFO batch=%d after_id=%d last_id=%d rows=%d dur=%.2fs replica=pg-orders-2 replay_lag=%.1fs\n", b.stamp(night, minute, sec), n, b.lastID, last, rows, dur, lag)
		fmt.Fprintf(&sb, "%s INFO verify batch=%d ids=(%d,%d] legacy=%d v2=%d ok checkpoint=%d\n", b.stamp(night, minute, sec), n, b.lastID, last, rows, rows, last)
		b.lastID = last
		b.batchesDone = n
	}
	b.clock = minute + between(b.rng, 4, 20)
	fmt.Fprintf(&sb, "%s INFO orders-copy done batches=%d-%d rows=%d total_copied=%d\n", b.stamp(night, minute, sec), from, to, b.rowsCopied-before, b.rowsCopied)
	b.span("tool_result", sb.String(), map[string]string{"tool": "bash", "exit_code": "0"})
	retried := ""
	for n := from; n <= to; n++ {
		if _, ok := failAt[n]; ok {
			retried = fmt.Sprintf(" Batch %d failed once (%s) and went through on the retry.", n, psqlErrors[failAt[n]].Reason)
		}
	}
	b.assistant(fmt.Sprintf("Batches %d-%d copied: %d rows, every per-batch count matched. %d rows in orders_v2 so far, checkpoint at id %d.%s", from, to, b.rowsCopied-before, b.rowsCopied, b.lastID, retried))
}

// unitActivity shows what is running on the primary.
func unitActivity(b *builder) {
	var sb strings.Builder
	sb.WriteString("  pid  |     usename     | application_name |        state        | wait_event_type |  wait_event   |      query_start       | left(query, 60)\n")
	sb.WriteString("-------+-----------------+------------------+---------------------+-----------------+---------------+------------------------+------------------\n")
	apps := []struct{ user, app, query string }{
		{"orders_app", "orders-api", "SELECT id, status, total_cents FROM legacy_orders WHERE cus"},
		{"orders_app", "orders-api", "SELECT id, status, total_cents FROM orders_v2 WHERE custome"},
		{"orders_batch", "stats-nightly", "INSERT INTO stats.daily_orders SELECT date_trunc('day', pl"},
		{"finance_ro", "psql", "SELECT sum(total_cents) FROM legacy_orders WHERE placed_at"},
		{"orders_migrator", "psql", "SELECT pid, usename, application_name, state, wait_event"},
		{"postgres", "", "autovacuum: VACUUM ANALYZE public.orders_v2"},
		{"orders_app", "pgbouncer", "COMMIT"},
	}
	n := between(b.rng, 6, 16)
	for i := 0; i < n; i++ {
		a := pick(b.rng, apps)
		state := pick(b.rng, []string{"active", "idle", "idle in transaction", "idle"})
		fmt.Fprintf(&sb, " %5d | %-15s | %-16s | %-19s | %-15s | %-13s | 2026-11-%02d %02d:%02d:%02d+00 | %s\n", between(b.rng, 40000, 52000), a.user, a.app, state, pick(b.rng, []string{"", "Client", "IO", "LWLock"}), pick(b.rng, []string{"", "ClientRead", "DataFileRead", "WALWrite"}), 15+b.day, between(b.rng, 0, 23), b.rng.IntN(60), b.rng.IntN(60), a.query)
	}
	fmt.Fprintf(&sb, "(%d rows)\n", n)
	b.bash(`psql "host=pg-orders-1 dbname=orders user=orders_migrator" -c "SELECT pid, usename, application_name, state, wait_event_type, wait_event, query_start, left(query, 60) FROM pg_stat_activity WHERE datname = 'orders'"`, sb.String(), 0)
}

// unitServerLog tails the primary's server log.
func unitServerLog(b *builder) {
	var sb strings.Builder
	n := between(b.rng, 15, 40)
	m := between(b.rng, 0, 22*60)
	lines := []string{
		"LOG:  checkpoint starting: time",
		"LOG:  checkpoint complete: wrote %d buffers (%d.%d%%); 0 WAL file(s) added, 0 removed, %d recycled; write=%d.%03d s, sync=0.%03d s, total=%d.%03d s",
		"LOG:  automatic vacuum of table \"orders.public.orders_v2\": index scans: 0",
		"LOG:  automatic analyze of table \"orders.public.orders_v2\"",
		"LOG:  duration: %d.%03d ms  statement: SELECT sum(total_cents) FROM legacy_orders WHERE placed_at >= '2025-12-01'",
		"LOG:  connection received: host=10.20.4.%d port=%d",
		"LOG:  connection authorized: user=orders_app database=orders application_name=orders-api",
		"LOG:  disconnection: session time: 0:0%d:%02d.%03d user=orders_app database=orders host=10.20.4.%d",
	}
	for i := 0; i < n; i++ {
		m += b.rng.IntN(3)
		l := pick(b.rng, lines)
		args := []any{}
		for j := 0; j < strings.Count(l, "%d"); j++ {
			args = append(args, between(b.rng, 1, 900))
		}
		if len(args) > 0 {
			l = fmt.Sprintf(l, args...)
		}
		fmt.Fprintf(&sb, "2026-11-%02d %02d:%02d:%02d.%03d UTC [%d] %s\n", 15+b.day, (m/60)%24, m%60, b.rng.IntN(60), b.rng.IntN(1000), between(b.rng, 40000, 52000), l)
	}
	b.bash("ssh pg-orders-1 'sudo tail -n 40 /var/log/postgresql/postgresql-16-main.log'", sb.String(), 0)
}

// unitCI shows a CI run of the branch.
func unitCI(b *builder) {
	var sb strings.Builder
	run := between(b.rng, 88000, 99000)
	fmt.Fprintf(&sb, "Run #%d  migrate/orders-v2  %s\n\n", run, pick(b.rng, commitMsgs))
	steps := []string{"Set up job", "Checkout", "Set up Go", "Start postgres service (postgres:16.4)", "go vet ./...", "golangci-lint run", "go test ./... (race)", "pytest scripts/", "Build cmd/orders-copy"}
	for _, s := range steps {
		fmt.Fprintf(&sb, "  ✓ %-40s %3ds\n", s, between(b.rng, 1, 95))
	}
	fmt.Fprintf(&sb, "\nok  \texample.com/orders/internal/migrate\t%d.%03ds\nok  \texample.com/orders/internal/orders\t%d.%03ds\n%d passed in %d.%02ds (pytest)\n\nconclusion: success\n", between(b.rng, 4, 19), b.rng.IntN(1000), between(b.rng, 1, 6), b.rng.IntN(1000), between(b.rng, 14, 30), between(b.rng, 1, 9), b.rng.IntN(100))
	b.bash(fmt.Sprintf("gh run view %d --log-failed || gh run view %d", run, run), sb.String(), 0)
}

// runbookSections are the sections of docs/RUNBOOK.md.
var runbookSections = []string{
	"## Copy job\n\n`./bin/orders-copy -target DSN -batches FROM-TO -max-lag DURATION` copies a range of batches from legacy_orders into orders_v2. Each batch is one transaction: select by id after the checkpoint, CopyFrom into orders_v2, update migrate_state. The job logs one JSON line per batch.\n",
	"## Verifying a batch\n\nAfter each batch the job compares `count(*)` of both tables over the batch's id range. On a mismatch it prints up to ten missing ids and stops. Investigate with `scripts/sample_diff.py` before resuming.\n",
	"## Resuming\n\nThe checkpoint lives in `migrate_state` (name = 'orders_v2'). A killed job resumes from the last committed batch; nothing needs cleaning up.\n",
	"## Reconciliation\n\n`scripts/reconcile.py --dsn DSN --since 2019-01-01` compares per-day counts and totals. Finance's own reconciliation reads legacy_orders directly.\n",
	"## Read switch\n\nThe API reads orders_v2 when the flag `orders.read_v2` is on. Dual-read logging (`orders.dual_read_log`) records any difference between the two reads for a sample of requests.\n",
	"## Monitoring\n\nDashboards: 'orders / migration' (batch durations, rows copied) and 'postgres / replication' (replay lag per replica). Alerts page the on-call DBA.\n",
}

// unitRunbook reads the runbook as it stands.
func unitRunbook(b *builder) {
	var sb strings.Builder
	sb.WriteString("# Orders migration runbook\n\nOwner: #orders-platform. Last reviewed 2026-11-1" + fmt.Sprint(b.day+3) + ".\n\n")
	for _, i := range b.rng.Perm(len(runbookSections))[:between(b.rng, 3, len(runbookSections))] {
		sb.WriteString(runbookSections[i] + "\n")
	}
	b.read("docs/RUNBOOK.md", sb.String())
}
