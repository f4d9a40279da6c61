package main

import "fmt"

// Packages of the fictional repository, as `go test ./...` lists them.
var testPackages = []string{"cmd/invoiced", "internal/api", "internal/billing", "internal/ledger",
	"internal/notify", "internal/store", "pkg/money"}

// Failing tests of the baseline (shared state through the billing globals).
var baselineTests = []string{"TestTotals/eur_with_discount", "TestTotals/mixed_currency", "TestRegistryConcurrent",
	"TestIssueCreditNote", "TestTotals/zero_lines", "TestApplyEntries/ordering", "TestHandlerInvoice/not_found"}

// script is the recorded session, turn by turn. Each phase_signal, edit,
// budget change and compaction is a checkpoint whose expected decision the
// README explains.
func (b *builder) script() {
	b.system("You are a coding agent working in the Go repository " + module + " (invoiced, a billing service). " +
		"You can read files, search, edit files and run shell commands. Keep changes reviewable.")
	b.next()
	b.user("Refactor internal/billing so that nothing uses the package-level defaultStore or the global registry any more: " +
		"introduce billing.Service holding its store.Store and registry, inject it into internal/api, internal/notify " +
		"and cmd/invoiced, and make `go test -race ./...` pass. The billing tests are currently flaky under -race.")

	// Exploration: reads, searches and the failing baseline.
	type step struct {
		lead  string
		path  string
		size  int
		grep  string
		tests string
		shell string
	}
	explore := []step{
		{lead: "Let me look at how billing is wired before changing anything.", grep: "defaultStore"},
		{lead: "Let me read the global store first.", path: "internal/billing/store_global.go", size: 600},
		{lead: "Let me check the layout of the billing package.", shell: "ls internal/billing"},
		{lead: "Let me check the registry the task mentions.", path: "internal/billing/registry.go", size: 750},
		{lead: "Let me run the suite to see the baseline.", tests: "go test ./..."},
		{lead: "Looking at the service type next.", path: "internal/billing/service.go", size: 800},
		{lead: "Let me find every caller of billing.Default().", grep: "billing.Default()"},
		{lead: "Let me read the invoice model.", path: "internal/billing/invoice.go", size: 800},
		{lead: "Let me check totals, where the race is reported.", path: "internal/billing/totals.go", size: 700},
		{lead: "Let me run the billing tests under the race detector.", tests: "go test -race ./internal/billing/..."},
		{lead: "Let me read the failing test file.", path: "internal/billing/totals_test.go", size: 750},
		{lead: "Let me look at the store interface.", path: "internal/store/store.go", size: 500},
		{lead: "Let me check the in-memory store the tests use.", path: "internal/store/memory.go", size: 650},
		{lead: "Let me search for SetDefaultStore.", grep: "SetDefaultStore"},
		{lead: "Let me check the recent history of the billing package.", shell: "git log --oneline -8 -- internal/billing"},
		{lead: "Let me read main to see the start-up wiring.", path: "cmd/invoiced/main.go", size: 600},
		{lead: "Let me look at the API handler.", path: "internal/api/handler.go", size: 800},
		{lead: "Let me run one failing test verbosely.", tests: "go test -race -run TestTotals -v ./internal/billing"},
		{lead: "Let me check the routes.", path: "internal/api/routes.go", size: 450},
		{lead: "Let me search for the places that lock the registry.", grep: "registryMu"},
		{lead: "Let me read the ledger writer.", path: "internal/ledger/writer.go", size: 750},
		{lead: "Let me look at the ledger entries.", path: "internal/ledger/entries.go", size: 550},
		{lead: "Let me run the registry test alone.", tests: "go test -race -run TestRegistryConcurrent -count=3 ./internal/billing"},
		{lead: "Let me check which packages import billing.", shell: "go list -f '{{.ImportPath}}: {{join .Imports \" \"}}' ./... | grep billing"},
		{lead: "Let me read the mailer that renders receipts.", path: "internal/notify/mailer.go", size: 550},
		{lead: "Let me check the money package.", path: "pkg/money/money.go", size: 550},
		{lead: "Let me search for direct uses of the registry map.", grep: "registry["},
		{lead: "Let me read the rates used for conversions.", path: "pkg/money/rates.go", size: 450},
		{lead: "Let me run the api tests, which also touch billing.", tests: "go test -race ./internal/api/..."},
		{lead: "Let me look at the postgres store.", path: "internal/store/postgres.go", size: 800},
		{lead: "Let me search for the constructors that take a *sql.DB.", grep: "*sql.DB"},
		{lead: "Let me read discounts, which Total calls.", path: "internal/billing/discounts.go", size: 600},
		{lead: "Let me check tax.", path: "internal/billing/tax.go", size: 500},
		{lead: "Let me run the whole suite with the race detector.", tests: "go test -race ./..."},
		{lead: "Let me read the credit note code.", path: "internal/billing/credit_note.go", size: 650},
		{lead: "Let me check the test helpers.", grep: "newTestStore"},
		{lead: "Let me read the registry test.", path: "internal/billing/registry_test.go", size: 600},
		{lead: "Let me look at the handler tests.", path: "internal/api/handler_test.go", size: 650},
		{lead: "Let me run the ledger tests.", tests: "go test -race ./internal/ledger/..."},
		{lead: "Let me check how notify is constructed.", grep: "notify.NewMailer"},
		{lead: "Let me look at the migrations for the invoice tables.", shell: "ls internal/store/migrations"},
		{lead: "Let me run the billing tests once more to see how flaky they are.", tests: "go test -race -count=2 ./internal/billing/..."},
		{lead: "Let me search for init functions that touch the globals.", grep: "func init()"},
		{lead: "Let me run the notify tests.", tests: "go test -race ./internal/notify/..."},
		{lead: "Let me check the go.mod for the module path and Go version.", shell: "cat go.mod"},
		{lead: "Let me run the credit note test that was reported flaky.", tests: "go test -race -run TestIssueCreditNote -count=5 ./internal/billing"},
		{lead: "Let me search for the Default() accessor's definition.", grep: "func Default("},
		{lead: "Let me check where the ledger writer is started.", grep: "ledger.NewWriter"},
		{lead: "Let me search for the mutex that guards the registry, if any.", grep: "sync.Mutex"},
		{lead: "Let me check the list of test files in billing.", shell: "ls internal/billing"},
		{lead: "Let me search for t.Parallel in the billing tests.", grep: "t.Parallel()"},
		{lead: "Let me check the recent history of the api package.", shell: "git log --oneline -8 -- internal/api"},
		{lead: "Let me search for the places that read Lines.", grep: ".Lines"},
		{lead: "Let me check what the mailer asks billing for.", grep: "billing.Total"},
		{lead: "Let me search for SaveInvoice callers.", grep: "SaveInvoice("},
		{lead: "Let me check which packages import billing once more, with tests.", shell: "go list -test -f '{{.ImportPath}}' ./... | grep billing"},
		{lead: "Let me search for the rates cache.", grep: "rates.Cache"},
		{lead: "Let me look for other package-level vars in billing.", grep: "^var "},
		{lead: "Let me search for goroutines started in billing.", grep: "go func()"},
		{lead: "Let me check where credit notes are issued from the API.", grep: "IssueCreditNote"},
		{lead: "Let me search for the Rates field in the invoice model.", grep: "Rates"},
		{lead: "Let me look at the layout of the store package.", shell: "ls internal/store"},
		{lead: "Let me search for the metrics registration.", grep: "prometheus.MustRegister"},
		{lead: "Let me search for the receipt template that reads totals.", grep: "receipt.tmpl"},
		{lead: "Let me check the CI workflow to see how tests run there.", shell: "cat .github/workflows/ci.yml"},
		{lead: "Let me search for callers of Registry.Lookup.", grep: "Registry.Lookup"},
		{lead: "Let me search for the entry ordering helper.", grep: "sortEntries"},
		{lead: "Let me look for the Service name anywhere already.", grep: "billing.Service"},
		{lead: "Let me check the test helper that builds fixtures.", grep: "fixtureInvoice"},
	}
	for i, st := range explore {
		b.next()
		b.think(b.w.prose(st.lead, explorePool, 250+b.w.rng.IntN(260)))
		switch {
		case st.path != "":
			b.read(st.path, st.size)
		case st.grep != "":
			b.grep(st.grep, []string{"internal/billing/service.go", "internal/api/handler.go", "cmd/invoiced/main.go", "internal/notify/mailer.go"})
		case st.shell != "":
			b.bash(st.shell, b.w.shellOutput(st.shell), "0")
		case st.tests != "":
			b.bash(st.tests, b.w.failure(st.tests, baselineTests, 1300+b.w.rng.IntN(350)), "1")
		}
		if i == 11 {
			b.phaseSignal("frozen (exploration)")
		}
	}
	b.next()
	b.say(b.w.prose("Summary of what I found while exploring:", explorePool, 420))

	// Synthesis: a plan, then edits after reads.
	b.next()
	b.say(b.w.prose("Plan: introduce billing.Service and move the globals into it, one package at a time, then update the callers.", synthPool, 520))
	synth := []struct {
		lead  string
		path  string
		funcs int
		read  bool
		build string
	}{
		{lead: "Now I'll implement billing.Service with its own store.", path: "internal/billing/service.go", funcs: 2, read: true},
		{lead: "I'll move the registry into the Service.", path: "internal/billing/registry.go", funcs: 2},
		{lead: "I'll update totals to take the lock through the Service.", path: "internal/billing/totals.go", funcs: 2},
		{lead: "Let me build what I have.", build: "internal/billing/service.go"},
		{lead: "I'll add the missing constructor.", path: "internal/billing/service.go", funcs: 1},
		{lead: "I'll update the invoice methods to use the injected store.", path: "internal/billing/invoice.go", funcs: 2, read: true},
		{lead: "Let me build again.", build: "internal/billing/invoice.go"},
		{lead: "I'll update the credit note code the same way.", path: "internal/billing/credit_note.go", funcs: 2},
		{lead: "I'll rewrite the store_global shim into Service methods.", path: "internal/billing/store_global.go", funcs: 2},
		{lead: "Let me build once more.", build: "internal/billing/store_global.go"},
		{lead: "I'll update discounts to receive the Service.", path: "internal/billing/discounts.go", funcs: 1},
		{lead: "Now I'll implement the handler side: the API takes a *billing.Service.", path: "internal/api/handler.go", funcs: 2, read: true},
		{lead: "I'll update routes to pass the Service through.", path: "internal/api/routes.go", funcs: 1},
		{lead: "I'll update main to build the Service from the postgres store.", path: "cmd/invoiced/main.go", funcs: 2, read: true},
		{lead: "I'll update the mailer constructor.", path: "internal/notify/mailer.go", funcs: 2, read: true},
		{lead: "I'll refactor the ledger writer to receive entries from the Service.", path: "internal/ledger/writer.go", funcs: 2, read: true},
		{lead: "I'll update the ledger entries ordering.", path: "internal/ledger/entries.go", funcs: 1},
		{lead: "I'll implement copies on read in the memory store.", path: "internal/store/memory.go", funcs: 2, read: true},
		{lead: "I'll update the postgres store to expose DB() for the Service.", path: "internal/store/postgres.go", funcs: 2},
		{lead: "I'll update the totals tests to build a Service per subtest.", path: "internal/billing/totals_test.go", funcs: 2},
		{lead: "I'll update the registry test the same way.", path: "internal/billing/registry_test.go", funcs: 2},
		{lead: "I'll update the handler tests to pass a Service.", path: "internal/api/handler_test.go", funcs: 2},
		{lead: "I'll add the Service accessors the mailer needs.", path: "internal/billing/service.go", funcs: 1},
		{lead: "I'll update the tax helper to take rates from the Service.", path: "internal/billing/tax.go", funcs: 1, read: true},
		{lead: "I'll add a Snapshot method to the rates so the Service can pin them per invoice.", path: "pkg/money/rates.go", funcs: 1, read: true},
	}
	for _, st := range synth {
		b.next()
		b.think(b.w.prose(st.lead, synthPool, 190+b.w.rng.IntN(180)))
		if st.build != "" {
			b.bash("go build ./...", b.w.buildFailure(st.build, []string{"defaultStore", "registry", "NewService"}), "1")
			continue
		}
		if st.read {
			b.read(st.path, 0)
		}
		b.edit(st.path, st.funcs)
	}

	// The synthesis point.
	b.phaseSignal("frozen (synthesis crosses enter_above 0.7)")
	atSignal2 := len(b.spans)
	b.policyEdit("synthesize", "", "latest", "over_budget (explore@1 stays active)")
	b.policyEdit("", synthesizeMoreHCL, "latest", "over_budget (larger worst case)")
	b.policyEdit("", synthesizeRoomyHCL, "latest", "budget_change_requires_authority")

	// The agent keeps working; the view moves on.
	more := []struct {
		lead, path string
	}{
		{"I'll update the memory store's list method to return copies too.", "internal/store/memory.go"},
		{"I'll update the api handler's credit note route.", "internal/api/handler.go"},
	}
	for _, st := range more {
		b.next()
		b.think(b.w.prose(st.lead, synthPool, 100))
		b.smallEdit(st.path)
	}
	b.budget(64000, "wrong", "unauthorized")
	b.budget(64000, DemoCredential, "budget_changed (48000 -> 64000)")
	b.policyEdit("synthesize", "", "2", fmt.Sprintf("stale_phase_signal (signal 2 was taken before %d more spans were appended)", len(b.spans)-atSignal2))
	b.phaseSignal("frozen (synthesis)")
	b.policyEdit("synthesize", "", "latest", "bound_verified (worst case within 64000)")

	// Synthesis continues under the verified synthesize policy.
	rest := []struct {
		lead, path string
	}{
		{"I'll rename the routes test helper to newTestService.", "internal/api/routes.go"},
		{"I'll update the credit note constructor call.", "internal/billing/credit_note.go"},
		{"I'll update the discount helper's receiver.", "internal/billing/discounts.go"},
		{"I'll remove SetDefaultStore from the global shim.", "internal/billing/store_global.go"},
		{"I'll remove Default() now that nothing calls it.", "internal/billing/store_global.go"},
		{"I'll update the mailer test to build a Service.", "internal/notify/mailer.go"},
		{"I'll update the ledger entries sort to use the ids.", "internal/ledger/entries.go"},
		{"I'll update main's shutdown to close the Service.", "cmd/invoiced/main.go"},
		{"I'll update the invoice handler's error mapping to store.ErrNotFound.", "internal/api/handler.go"},
		{"I'll update the money rates constructor to take the Service's clock.", "pkg/money/rates.go"},
	}
	for _, st := range rest {
		b.next()
		b.think(b.w.prose(st.lead, synthPool, 60))
		b.smallEdit(st.path)
	}

	// Verification: the suite passes; the naive controller re-runs it.
	b.next()
	b.say("The refactor is in place. Let me run the tests to verify.")
	b.bash("go test ./...", b.w.pass(testPackages, false), "0")
	b.next()
	b.say(b.w.prose("All tests pass.", verifyPool, 60))
	cached := b.w.pass(testPackages, true)
	var dups []string
	for i := 0; i < 7; i++ {
		b.next()
		call := b.add("tool_call", "go test ./...", map[string]string{"tool": "bash", "command": "go test ./..."})
		res := b.add("tool_result", cached, map[string]string{"tool": "bash", "command": "go test ./...", "exit_code": "0"})
		if i > 0 {
			dups = append(dups, call, res)
		}
	}
	b.phaseSignal("frozen (verification)")
	b.policyEdit("verify", "", "latest", "bound_verified")
	b.compact(dups, "allowed: lossless_dedup (summary-less, every removed span byte-identical to one kept)")
	b.phaseSignal("signal_from_compaction_output (scores point back to synthesis; phase stays verification)")
	b.policyEdit("synthesize", "", "latest", "signal_from_compaction_output")

	// Repair: the race detector finds a new race from the refactor.
	b.next()
	b.think("Let me run the race detector, which the task requires.")
	b.bash("go test -race ./...", b.w.failure("go test -race ./...", []string{"TestApplyEntries/ordering", "TestServiceIssue/concurrent"}, 1200), "1")
	repair := []struct {
		lead, path, cmd string
		tests           []string
	}{
		{"The race detector fails on the ledger writer.", "internal/ledger/writer.go", "go test -race ./internal/ledger/...", []string{"TestApplyEntries/ordering"}},
		{"Still failing: the fix must cover the Service side too.", "internal/billing/service.go", "go test -race ./internal/billing/...", []string{"TestServiceIssue/concurrent"}},
		{"The failure moved: the registry hands out its map.", "internal/billing/registry.go", "go test -race -run TestServiceIssue ./internal/billing", []string{"TestServiceIssue/concurrent"}},
	}
	for _, st := range repair {
		b.next()
		b.think(b.w.prose(st.lead, repairPool, 140))
		b.smallEdit(st.path)
		b.next()
		b.bash(st.cmd, b.w.failure(st.cmd, st.tests, 500), "1")
	}
	b.phaseSignal("frozen (repair)")
	b.policyEdit("repair", "", "latest", "bound_verified")
	b.next()
	b.think(b.w.prose("The failure is the snapshot: I'll fix Issue to copy the map under the lock.", repairPool, 120))
	b.smallEdit("internal/billing/registry.go")
	b.next()
	b.bash("go test -race ./internal/billing/... ./internal/ledger/...", b.w.pass([]string{"internal/billing", "internal/ledger"}, false), "0")

	// Verification again, and the end of the run.
	for i := 0; i < 6; i++ {
		b.next()
		b.say(b.w.prose("Let me run the tests to verify the whole suite.", verifyPool, 50))
		b.bash("go test -race ./...", b.w.pass(testPackages, false), "0")
	}
	b.phaseSignal("frozen (verification)")
	b.policyEdit("verify", "", "latest", "bound_verified")
	b.next()
	b.say("Let me confirm formatting and vet are clean before I report back.")
	b.bash("gofmt -l . && go vet ./...", "", "0")
	b.next()
	b.bash("git diff --stat", b.w.diffStat(b.files), "0")
	b.next()
	b.user("Thanks. Please double-check that nothing still imports the removed accessors.")
	b.next()
	b.think("Let me verify with a search that no caller of billing.Default() or SetDefaultStore remains.")
	b.grep("SetDefaultStore", nil)
	b.next()
	b.bash("go build ./... && go test ./...", b.w.pass(testPackages, true), "0")
	b.next()
	b.say("All tests pass, including `go test -race ./...`. billing.Service now owns its store and registry; " +
		"defaultStore, SetDefaultStore and Default are gone, and internal/api, internal/notify and cmd/invoiced receive the Service.")
}
