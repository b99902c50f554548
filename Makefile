# The commands people type. `make example` and `make test` are the two the README starts with.
GO ?= go

.PHONY: example generate test race vet lint dogfood bench fuzz cardgen

## example: regenerate examples/shop, start it in-process, list its tools and call its card tools
example: generate
	$(GO) run ./examples/shop/cmd/demo

## generate: run go generate over the example (cardgen on examples/shop)
generate:
	$(GO) generate ./examples/...

## test: vet, gofmt, staticcheck, cardgen's own checks on this repository (dogfood), every test (browser and npm tests skip with a printed reason when their tools are missing, except under CI=true), then the race detector
test: vet lint dogfood
	$(GO) test -count=1 ./...
	$(MAKE) race

## race: the tests of the packages that run work on several goroutines (the generator's pipeline,
## schema mapping, the runtime a server calls concurrently) again under the race detector, with
## -short: the tests that build generated packages and run them in go subprocesses, which the
## race detector does not reach, have run once already (they were 40% of the race run's time)
## The race detector needs cgo and so a C compiler; without one it is skipped with the reason,
## except under CI=true (.ci/run installs gcc).
RACE_PACKAGES = ./gen ./gen/schema ./runtime/...
race:
	@if [ "$$($(GO) env CGO_ENABLED)" != 1 ] && [ "$$CI" != true ]; then \
		echo "race: skipped: the race detector needs cgo and a C compiler, and go env CGO_ENABLED is $$($(GO) env CGO_ENABLED)"; \
	else \
		set -x; $(GO) test -race -short -count=1 $(RACE_PACKAGES); \
	fi

vet:
	$(GO) vet ./...

## dogfood: cardgen's own checks over this repository, as a user's CI runs them: cardgen check on
## every package (but the 500-tool benchmark package, which internal/synth writes without its
## golden test on purpose), and cardvet under go vet
dogfood:
	$(GO) run ./cmd/cardgen check $$($(GO) list ./... | grep -v '/internal/benchmarks/synth500gen$$')
	$(GO) build -o bin/cardvet ./cmd/cardvet
	$(GO) vet -vettool=$(CURDIR)/bin/cardvet ./...

## lint: gofmt over the tracked Go files (testdata aside), then staticcheck, pinned here rather than in go.mod so that modules using cardgen's runtime
## packages do not inherit it; then go vet, tests included, as on Windows and macOS, so that nothing Unix-only slips into a file every platform builds
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' | grep -v '^testdata/\|/testdata/')); \
	if [ -n "$$unformatted" ]; then echo "not gofmt'd (run gofmt -w):"; echo "$$unformatted"; exit 1; fi
	$(GO) run $(STATICCHECK) ./...
	GOOS=windows $(GO) vet ./...
	GOOS=darwin $(GO) vet ./...

## bench: the benchmarks recorded in BENCHMARKS.md
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

## fuzz: each fuzz target for FUZZTIME (default 20s)
FUZZTIME ?= 20s
fuzz:
	@for pkg in $$($(GO) list ./...); do \
		for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "== $$pkg $$target"; \
			$(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
		done; \
	done

## cardgen: build the command into bin/
cardgen:
	$(GO) build -o bin/cardgen ./cmd/cardgen
