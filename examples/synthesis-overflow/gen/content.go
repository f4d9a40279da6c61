package main

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
)

// module is the import path of the fictional repository the recorded agent
// refactors.
const module = "github.com/northwind/invoiced"

// entities are the domain nouns the generated Go code is written about.
var entityNames = []string{"Invoice", "LineItem", "Customer", "Payment", "Refund", "CreditNote",
	"TaxRate", "Discount", "Subscription", "Entry"}

// writer produces the text of the session: Go source files, test output,
// edits and the agent's prose. All randomness comes from its PCG source, so
// a given seed always writes the same session.
type writer struct {
	rng *rand.Rand
	tok func(string) int
}

func (w *writer) pick(xs []string) string { return xs[w.rng.IntN(len(xs))] }

// funcTemplates are Go function bodies with placeholders: E entity, e its
// lower-case form, R receiver type, r receiver variable, T table name, P
// package, F a field.
var funcTemplates = []string{
	`// Get{E} loads one {e} by id. It returns ErrNotFound when no row matches,
// so callers can tell a missing {e} from a broken connection.
func ({r} *{R}) Get{E}(ctx context.Context, id string) (*{E}, error) {
	row := {r}.db.QueryRowContext(ctx, ` + "`" + `SELECT id, customer_id, currency, status, created_at FROM {T} WHERE id = $1` + "`" + `, id)
	var out {E}
	if err := row.Scan(&out.ID, &out.CustomerID, &out.Currency, &out.Status, &out.CreatedAt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("get {e} %s: %w", id, err)
	}
	return &out, nil
}
`,
	`// List{E}s returns the {e}s of one customer, newest first.
func ({r} *{R}) List{E}s(ctx context.Context, customerID string, limit int) ([]{E}, error) {
	if limit <= 0 || limit > maxPageSize {
		limit = maxPageSize
	}
	rows, err := {r}.db.QueryContext(ctx, ` + "`" + `SELECT id, customer_id, currency, status, created_at FROM {T}
		WHERE customer_id = $1 ORDER BY created_at DESC LIMIT $2` + "`" + `, customerID, limit)
	if err != nil {
		return nil, fmt.Errorf("list {e}s of %s: %w", customerID, err)
	}
	defer rows.Close()
	var out []{E}
	for rows.Next() {
		var v {E}
		if err := rows.Scan(&v.ID, &v.CustomerID, &v.Currency, &v.Status, &v.CreatedAt); err != nil {
			return nil, fmt.Errorf("scan {e}: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
`,
	`// Total returns the sum of the {e}'s lines in its currency. Lines in
// another currency are converted with the rate captured when the {e} was
// issued, never today's rate.
func ({r} *{E}) Total() (money.Amount, error) {
	total := money.Zero({r}.Currency)
	for i, line := range {r}.Lines {
		amt := line.UnitPrice.Mul(line.Quantity)
		if amt.Currency != {r}.Currency {
			conv, err := {r}.Rates.Convert(amt, {r}.Currency)
			if err != nil {
				return money.Amount{}, fmt.Errorf("line %d of {e} %s: %w", i, {r}.ID, err)
			}
			amt = conv
		}
		total = total.Add(amt)
	}
	return total, nil
}
`,
	`// Validate{E} checks the fields a {e} must have before it is stored.
func Validate{E}(v *{E}) error {
	var errs []error
	if v.ID == "" {
		errs = append(errs, errors.New("id is empty"))
	}
	if v.CustomerID == "" {
		errs = append(errs, errors.New("customer_id is empty"))
	}
	if !money.KnownCurrency(v.Currency) {
		errs = append(errs, fmt.Errorf("currency %q is not supported", v.Currency))
	}
	if v.CreatedAt.IsZero() {
		errs = append(errs, errors.New("created_at is not set"))
	}
	return errors.Join(errs...)
}
`,
	`// handle{E} serves GET /v1/{T}/{id}.
func (h *Handler) handle{E}(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	v, err := h.{e}s.Get{E}(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.writeError(w, http.StatusNotFound, "{e} not found")
		return
	case err != nil:
		h.log.Error("get {e}", "id", id, "error", err)
		h.writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	h.writeJSON(w, http.StatusOK, v)
}
`,
	`// Save{E} inserts or updates a {e} inside the caller's transaction.
func ({r} *{R}) Save{E}(ctx context.Context, tx *sql.Tx, v *{E}) error {
	if err := Validate{E}(v); err != nil {
		return fmt.Errorf("save {e} %s: %w", v.ID, err)
	}
	_, err := tx.ExecContext(ctx, ` + "`" + `INSERT INTO {T} (id, customer_id, currency, status, created_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status` + "`" + `,
		v.ID, v.CustomerID, v.Currency, v.Status, v.CreatedAt)
	if err != nil {
		return fmt.Errorf("save {e} %s: %w", v.ID, err)
	}
	{r}.metrics.saved.WithLabelValues("{e}").Inc()
	return nil
}
`,
	`// apply{E}s applies pending {e}s in order; it stops at the first error so
// the ledger never holds a partial batch.
func ({r} *{R}) apply{E}s(ctx context.Context, pending []{E}) error {
	{r}.mu.Lock()
	defer {r}.mu.Unlock()
	for _, v := range pending {
		if _, seen := {r}.applied[v.ID]; seen {
			continue
		}
		if err := {r}.store.Save{E}(ctx, {r}.tx, &v); err != nil {
			return fmt.Errorf("apply {e} %s: %w", v.ID, err)
		}
		{r}.applied[v.ID] = struct{}{}
	}
	return nil
}
`,
	`func Test{E}Roundtrip(t *testing.T) {
	st := newTestStore(t)
	ctx := context.Background()
	want := &{E}{ID: "{e}-1", CustomerID: "cus-1", Currency: "EUR", Status: "open", CreatedAt: testTime}
	if err := st.Save{E}(ctx, st.tx, want); err != nil {
		t.Fatalf("Save{E}: %v", err)
	}
	got, err := st.Get{E}(ctx, want.ID)
	if err != nil {
		t.Fatalf("Get{E}: %v", err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Get{E} mismatch (-want +got):\n%s", diff)
	}
}
`,
}

// goFile writes a Go source file for path of about target tokens.
func (w *writer) goFile(path string, target int) string {
	dir := path[:strings.LastIndex(path, "/")]
	pkg := dir[strings.LastIndex(dir, "/")+1:]
	var b strings.Builder
	fmt.Fprintf(&b, "// Package %s is part of invoiced, the billing service.\npackage %s\n\n", pkg, pkg)
	b.WriteString("import (\n\t\"context\"\n\t\"database/sql\"\n\t\"errors\"\n\t\"fmt\"\n\t\"sync\"\n\n")
	fmt.Fprintf(&b, "\t\"%s/internal/store\"\n\t\"%s/pkg/money\"\n)\n\n", module, module)
	recv := strings.ToUpper(pkg[:1]) + pkg[1:] + w.pick([]string{"Store", "Service", "Registry", "Repo"})
	fmt.Fprintf(&b, "// %s holds the dependencies of package %s.\ntype %s struct {\n\tmu      sync.Mutex\n\tdb      *sql.DB\n\ttx      *sql.Tx\n\tstore   store.Store\n\tapplied map[string]struct{}\n}\n\n", recv, pkg, recv)
	for w.tok(b.String()) < target*85/100 {
		e := w.pick(entityNames)
		tpl := w.pick(funcTemplates)
		r := strings.NewReplacer("{E}", e, "{e}", strings.ToLower(e[:1])+e[1:], "{R}", recv,
			"{r}", strings.ToLower(recv[:1]), "{T}", strings.ToLower(e)+"s", "{P}", pkg)
		b.WriteString(r.Replace(tpl))
		b.WriteString("\n")
	}
	return b.String()
}

// failure writes the output of a failing `go test` run of about target
// tokens: failed subtests, a data race report with stacks, and the summary.
func (w *writer) failure(cmd string, tests []string, target int) string {
	var b strings.Builder
	frames := []string{
		"internal/billing.(*Registry).Register", "internal/billing.(*Service).Issue",
		"internal/billing.defaultStore.SaveInvoice", "internal/billing.Totals",
		"internal/store.(*Memory).SaveInvoice", "internal/api.(*Handler).handleInvoice",
		"internal/ledger.(*Writer).applyEntries", "internal/billing.init.0",
	}
	files := []string{"registry.go", "service.go", "totals.go", "store_global.go", "invoice.go"}
	n := 0
	for w.tok(b.String()) < target-60 {
		t := tests[n%len(tests)]
		n++
		fmt.Fprintf(&b, "=== RUN   %s\n=== PAUSE %s\n=== CONT  %s\n", t, t, t)
		if w.rng.IntN(3) == 0 {
			fmt.Fprintf(&b, "==================\nWARNING: DATA RACE\nWrite at 0x00c000%04x by goroutine %d:\n", w.rng.IntN(0xffff), 10+w.rng.IntN(40))
			for i := 0; i < 4; i++ {
				fmt.Fprintf(&b, "  %s/%s()\n      /home/dev/invoiced/internal/billing/%s:%d +0x%x\n", module, w.pick(frames), w.pick(files), 20+w.rng.IntN(180), w.rng.IntN(0x3ff))
			}
			fmt.Fprintf(&b, "\nPrevious read at 0x00c000%04x by goroutine %d:\n", w.rng.IntN(0xffff), 10+w.rng.IntN(40))
			for i := 0; i < 3; i++ {
				fmt.Fprintf(&b, "  %s/%s()\n      /home/dev/invoiced/internal/billing/%s:%d +0x%x\n", module, w.pick(frames), w.pick(files), 20+w.rng.IntN(180), w.rng.IntN(0x3ff))
			}
			b.WriteString("==================\n")
		}
		want := 1000 + w.rng.IntN(90000)
		fmt.Fprintf(&b, "    %s_test.go:%d: Total() = %d, want %d (invoice shared with a parallel test through defaultStore)\n",
			strings.ToLower(strings.TrimPrefix(strings.SplitN(t, "/", 2)[0], "Test")), 30+w.rng.IntN(200), want+5*(1+w.rng.IntN(40)), want)
		fmt.Fprintf(&b, "--- FAIL: %s (0.%02ds)\n", t, w.rng.IntN(99))
	}
	fmt.Fprintf(&b, "FAIL\nFAIL\t%s/internal/billing\t%d.%03ds\nok  \t%s/pkg/money\t(cached)\nFAIL\n", module, w.rng.IntN(3), w.rng.IntN(1000), module)
	return b.String()
}

// buildFailure writes compiler errors after a half-done edit.
func (w *writer) buildFailure(path string, syms []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s/internal/billing\n", module)
	for i, s := range syms {
		fmt.Fprintf(&b, "%s:%d:%d: undefined: %s\n", path, 30+17*i+w.rng.IntN(9), 2+w.rng.IntN(20), s)
	}
	fmt.Fprintf(&b, "FAIL\t%s/internal/billing [build failed]\nFAIL\n", module)
	return b.String()
}

// pass writes the output of a passing `go test ./...`; cached repeats are
// byte-identical, as go's test cache makes them.
func (w *writer) pass(pkgs []string, cached bool) string {
	var b strings.Builder
	for _, p := range pkgs {
		if cached {
			fmt.Fprintf(&b, "ok  \t%s/%s\t(cached)\n", module, p)
		} else {
			fmt.Fprintf(&b, "ok  \t%s/%s\t%d.%03ds\n", module, p, w.rng.IntN(2), w.rng.IntN(1000))
		}
	}
	return b.String()
}

// prose writes the agent's words: lead, then filler sentences drawn from
// pool until about target tokens.
func (w *writer) prose(lead string, pool []string, target int) string {
	var b strings.Builder
	b.WriteString(lead)
	used := map[int]bool{}
	for w.tok(b.String()) < target && len(used) < len(pool) {
		i := w.rng.IntN(len(pool))
		if used[i] {
			continue
		}
		used[i] = true
		b.WriteString(" ")
		b.WriteString(pool[i])
	}
	return b.String()
}

// Sentence pools for the agent's prose. They avoid the cue words of other
// phases where a phase's prose must read as that phase.
var (
	explorePool = []string{
		"The billing package keeps a package-level defaultStore that every constructor reaches for.",
		"Registry is a plain map guarded by nothing, and the tests register invoices from parallel subtests.",
		"internal/api builds its Handler from billing.Default(), so the handler shares the same global.",
		"The ledger writer applies entries in the order the registry returns them, which depends on map order.",
		"money.Amount is an int64 of minor units with a currency code, so conversions go through Rates.",
		"The Postgres store and the in-memory store both satisfy store.Store, but billing only uses the global.",
		"There are three callers of billing.Default(): cmd/invoiced, internal/api and internal/notify.",
		"Totals reads Lines without holding the registry lock, which is what the race detector reports.",
		"The tests in totals_test.go call t.Parallel() and all share invoice ids like inv-1.",
		"Discounts are applied after tax in one path and before tax in another; that inconsistency is separate from this task.",
		"store.Memory copies nothing on read, so a caller that mutates the returned invoice mutates the stored one.",
		"cmd/invoiced wires the Postgres store into the global through billing.SetDefaultStore at start-up.",
		"CreditNote reuses the Invoice table with a kind column rather than a table of its own.",
		"notify.Mailer asks billing for the invoice total when it renders the receipt.",
	}
	synthPool = []string{
		"The Service type will own its store.Store and registry instead of the package globals.",
		"Constructors take their dependencies explicitly: billing.NewService(st store.Store, rates money.Rates).",
		"The Registry gets its own mutex, and Totals will hold it while it walks the lines.",
		"internal/api receives a *billing.Service from cmd/invoiced instead of calling billing.Default().",
		"The tests build a fresh Service on store.NewMemory() per subtest, so parallel subtests stop sharing ids.",
		"SetDefaultStore and Default go away once the last caller is moved.",
		"notify.Mailer gets the Service through its constructor as well.",
		"The ledger writer sorts pending entries by id before applying them so the order no longer depends on map order.",
		"store.Memory returns copies so callers cannot reach into the stored invoice.",
		"Each edit keeps the package compiling so the change can be reviewed file by file.",
		"The Postgres wiring stays in cmd/invoiced; only the way it reaches billing changes.",
		"CreditNote handling moves with Invoice into the Service without changing its table layout.",
	}
	verifyPool = []string{
		"Every package builds and the suite is green, including the billing tests that used to share state.",
		"The race detector run is clean as well.",
		"Running it once more to confirm the result is stable before moving on.",
	}
	repairPool = []string{
		"The race detector still reports a race between Service.Issue and the ledger writer.",
		"The ledger writer keeps a pointer to the Service's registry map and ranges over it without the lock.",
		"Handing the writer a snapshot taken under the lock should fix it.",
		"This failure is new: it comes from the refactor, not from the old globals.",
	}
)

// shellOutput writes the output of a read-only shell command.
func (w *writer) shellOutput(cmd string) string {
	switch {
	case cmd == "cat go.mod":
		return "module " + module + "\n\ngo 1.23\n\nrequire (\n\tgithub.com/google/go-cmp v0.6.0\n\tgithub.com/jackc/pgx/v5 v5.6.0\n\tgithub.com/prometheus/client_golang v1.19.1\n)\n"
	case strings.HasPrefix(cmd, "git log"):
		var b strings.Builder
		for _, m := range []string{"billing: cache totals per invoice", "billing: add credit notes", "api: serve invoices by id",
			"billing: registry for in-flight invoices", "store: postgres backend", "billing: discounts before tax",
			"ledger: apply entries in batches", "billing: initial import"} {
			fmt.Fprintf(&b, "%07x %s\n", w.rng.IntN(1<<28), m)
		}
		return b.String()
	case strings.HasPrefix(cmd, "ls internal/store/migrations"):
		return "0001_invoices.sql\n0002_line_items.sql\n0003_payments.sql\n0004_credit_notes.sql\n0005_ledger_entries.sql\n"
	case cmd == "cat .github/workflows/ci.yml":
		return "name: ci\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-go@v5\n        with: {go-version-file: go.mod}\n      - run: go vet ./...\n      - run: go test -race ./...\n"
	case cmd == "ls internal/store":
		return "memory.go\nmemory_test.go\nmigrations\npostgres.go\nstore.go\n"
	case strings.HasPrefix(cmd, "ls"):
		return "credit_note.go\ndiscounts.go\ninvoice.go\nregistry.go\nregistry_test.go\nservice.go\nstore_global.go\ntax.go\ntotals.go\ntotals_test.go\n"
	default:
		var b strings.Builder
		for _, p := range []string{"cmd/invoiced", "internal/api", "internal/notify", "internal/ledger"} {
			fmt.Fprintf(&b, "%s/%s: context errors fmt log/slog net/http %s/internal/billing %s/internal/store\n", module, p, module, module)
		}
		return b.String()
	}
}

// diffStat writes `git diff --stat` over the files the agent touched.
func (w *writer) diffStat(files map[string]string) string {
	var b strings.Builder
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	ins, del := 0, 0
	for _, p := range paths {
		i, d := 2+w.rng.IntN(40), 1+w.rng.IntN(30)
		ins, del = ins+i, del+d
		fmt.Fprintf(&b, " %-40s | %3d %s%s\n", p, i+d, strings.Repeat("+", min(i, 20)), strings.Repeat("-", min(d, 20)))
	}
	fmt.Fprintf(&b, " %d files changed, %d insertions(+), %d deletions(-)\n", len(paths), ins, del)
	return b.String()
}
