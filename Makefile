# compactguard: `make demo` builds and replays the recorded incidents through
# the real plugins; `make test` runs the tests. Both work on a fresh machine
# with Go (see README.md).

GO        ?= go
BIN       := bin
PLUGINS   := extractor-regex scorer-embedding policy-phase
GOFLAGS   ?=

.PHONY: all build demo test test-short race vet fmt bench proto clean

all: build

build:
	@mkdir -p $(BIN)
	$(GO) build $(GOFLAGS) -o $(BIN)/ ./cmd/compactguard $(addprefix ./plugins/,$(PLUGINS))

demo: build
	./$(BIN)/compactguard validate
	@echo
	@echo "== The migration incident (seed 1): a summary drops a prohibition and scores itself 0.91"
	./$(BIN)/compactguard replay -config examples/migration-drop-table/policies.hcl examples/migration-drop-table/session.jsonl
	@echo
	@echo "== The same incident, unpinned: the orchestrator never streamed the originals"
	./$(BIN)/compactguard replay -config examples/migration-drop-table/policies.hcl examples/migration-drop-table/session-unpinned.jsonl
	@if [ -f examples/synthesis-overflow/session.jsonl ]; then \
		echo; echo "== The synthesis incident (seed 2): a policy rewrite that would retain 61k tokens against a 48k budget"; \
		./$(BIN)/compactguard replay -config examples/synthesis-overflow/policies.hcl examples/synthesis-overflow/session.jsonl; \
	fi
	@echo
	@echo "== The public labelled case set"
	@if [ -d ../shared/eval/cases ]; then ./$(BIN)/compactguard eval ../shared/eval/cases; else echo "(../shared/eval/cases not found: skipped)"; fi

test: vet
	$(GO) test -race ./host/... ./sdk/...
	$(GO) test ./cmd/... ./plugins/... ./examples/... ./internal/...

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./host/... ./plugins/... | tee bench.out

proto:
	protoc -I sdk/proto --go_out=. --go_opt=module=github.com/compactguard/compactguard \
		--go-grpc_out=. --go-grpc_opt=module=github.com/compactguard/compactguard \
		sdk/proto/compactguard/v1/plugin.proto

clean:
	rm -rf $(BIN)
