# compactguard: `make demo` builds and replays the recorded incidents through
# the real plugins; `make test` runs the tests. Both work on a fresh machine
# with Go (see README.md).

GO        ?= go
BIN       := bin
PLUGINS   := extractor-regex scorer-embedding policy-phase judge-llm
GOFLAGS   ?=

.PHONY: all build demo test test-nested fuzz-short vet bench proto clean

all: build

# go mod download fetches the modules first, quietly (go build would print
# a "go: downloading" line for each on a fresh machine); errors still show.
build:
	@mkdir -p $(BIN)
	@$(GO) mod download
	$(GO) build $(GOFLAGS) -o $(BIN)/ ./cmd/compactguard $(addprefix ./plugins/,$(PLUGINS))

demo: build
	./$(BIN)/compactguard validate
	@echo
	@echo "== The migration incident (seed 1): a summary drops a prohibition and scores itself 0.91"
	./$(BIN)/compactguard replay --brief -config examples/migration-drop-table/policies.hcl examples/migration-drop-table/session.jsonl
	@echo
	@echo "== The same incident, unpinned: the orchestrator never streamed the originals"
	./$(BIN)/compactguard replay --brief -config examples/migration-drop-table/policies.hcl examples/migration-drop-table/session-unpinned.jsonl
	@if [ -f examples/synthesis-overflow/session.jsonl ]; then \
		echo; echo "== The synthesis incident (seed 2): a policy rewrite that would retain 61k tokens against a 48k budget"; \
		echo "./$(BIN)/compactguard replay --brief -config examples/synthesis-overflow/policies.hcl examples/synthesis-overflow/session.jsonl"; \
		./$(BIN)/compactguard replay --brief -config examples/synthesis-overflow/policies.hcl examples/synthesis-overflow/session.jsonl; \
	fi
	@echo
	@echo "== The labelled cases: the project's own (domains, languages, failure modes the public set lacks), then the public set"
	@echo "   (replay without --brief shows every item and note; eval --verbose each case)"
	./$(BIN)/compactguard eval testdata/eval-cases
	@if [ -d ../shared/eval/cases ]; then ./$(BIN)/compactguard eval ../shared/eval/cases; else echo "(../shared/eval/cases not found: skipped)"; fi

# A package's tests may take longer than go test's 10-minute default under
# -race on a busy 2-core machine; 25 minutes still stops a hung test.
TESTTIMEOUT ?= 25m

# Each go test runs through internal/testsummary, which prints what go
# test prints and records the skipped tests; the last lines of make test
# list them with their reasons. Its exit status is go test's. The skips
# file is removed first, so a run that stops early leaves no stale list.
SKIPS      := $(BIN)/.test-skips
TESTSUM    := $(BIN)/testsummary -skips $(SKIPS) --

test: vet
	@mkdir -p $(BIN)
	@rm -f $(SKIPS)
	$(GO) build -o $(BIN)/testsummary ./internal/testsummary
	$(TESTSUM) $(GO) test -json -race -timeout $(TESTTIMEOUT) ./host/... ./sdk/... ./inproc/...
	$(TESTSUM) $(GO) test -json -timeout $(TESTTIMEOUT) ./cmd/... ./client/... ./plugins/... ./examples/... ./internal/...
	$(TESTSUM) $(GO) test -json -race -timeout $(TESTTIMEOUT) -run '^TestConcurrent' ./plugins/...
	$(MAKE) test-nested
	$(MAKE) fuzz-short
	@$(BIN)/testsummary -report $(SKIPS)

# The framework adapters that pin their framework in a module of their own
# (so the main go.mod stays free of it): vet and test each one.
NESTED := examples/eino-finalize
test-nested:
	@for m in $(NESTED); do \
		echo "== $$m"; \
		(cd $$m && $(GO) vet ./... && $(GO) test -timeout $(TESTTIMEOUT) ./...) || exit 1; \
	done

# A short fuzz pass (20,000 executions a target, a few seconds each);
# docs/fuzzing.md has the long runs.
# Budgets are counts of executions, not durations: with a duration, Go
# 1.26's fuzz coordinator can report "context deadline exceeded" at the
# deadline without any failing input (golang/go#75804, fixed in Go 1.27).
FUZZTIME ?= 20000x
FUZZMINIMIZE ?= 200x
fuzz-short:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) ./host/config/
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) ./host/policy/
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) ./host/session/
	$(GO) test -run '^$$' -fuzz '^FuzzImportClaudeCode$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) ./host/session/
	$(GO) test -run '^$$' -fuzz '^FuzzImportOpenAI$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) ./host/session/
	$(GO) test -run '^$$' -fuzz '^FuzzImportCodex$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) ./host/session/
	$(GO) test -run '^$$' -fuzz '^FuzzCheckUTF8$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) ./host/api/

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...
	@# The nested modules are vetted here too, so a dependency the main
	@# module gained but a nested go.mod lacks fails in the first minute,
	@# not after the whole suite.
	@for m in $(NESTED); do (cd $$m && $(GO) vet ./...) || { echo "vet failed in nested module $$m (go mod tidy there?)"; exit 1; }; done

# bench runs the benchmarks that carry the project's speed goals and writes
# BENCHMARKS.md (machine, command, each figure beside its baseline).
BENCH_CMD = \
	$(GO) test -run '^$$' -bench . -benchtime 200x ./host/runtime/ ; \
	$(GO) test -run '^$$' -bench 'Extract' -benchtime 3x ./plugins/extractor-regex/rules/ ; \
	$(GO) test -run '^$$' -bench 'Baseline' -benchtime 1x ./plugins/extractor-regex/rules/ ; \
	$(GO) test -run '^$$' -bench WorstCase -benchmem ./host/policy/ ; \
	$(GO) test -run '^$$' -bench Score40k -benchtime 5x ./plugins/scorer-embedding/scorer/ ; \
	$(GO) test -run '^$$' -bench . -benchtime 2000x ./host/ledger/sqlstore/ ; \
	$(GO) test -run '^$$' -bench . -benchtime 3s ./host/api/ ; \
	$(GO) test -run '^$$' -bench 'ReplayClaudeCode|HookClaudeCode|PathologicalPolicy' -benchtime 10x ./host/e2e/

# BenchmarkReplayClaudeCode runs the binaries in bin/, so bench builds them.
bench: build
	( $(BENCH_CMD) ) 2>&1 | tee bench.out
	@# A failed benchmark leaves its rows out of the table: stop before
	@# BENCHMARKS.md is rewritten without them.
	@if grep -qE -- '^(--- FAIL|FAIL)' bench.out; then echo "make bench: a benchmark failed (see bench.out); BENCHMARKS.md left as it was" >&2; exit 1; fi
	$(GO) run ./internal/benchtable -cmd "make bench" < bench.out > BENCHMARKS.md
	@echo "wrote BENCHMARKS.md"

proto:
	protoc -I sdk/proto --go_out=. --go_opt=module=github.com/compactguard/compactguard \
		--go-grpc_out=. --go-grpc_opt=module=github.com/compactguard/compactguard \
		sdk/proto/compactguard/v1/plugin.proto

clean:
	rm -rf $(BIN)
