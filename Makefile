# The commands people type. `make example` and `make test` are the two the README starts with.
GO ?= go

.PHONY: example generate test vet lint bench fuzz cardgen

## example: regenerate examples/shop, start it in-process, list its tools and call its card tools
example: generate
	$(GO) run ./examples/shop/cmd/demo

## generate: run go generate over the example (cardgen on examples/shop)
generate:
	$(GO) generate ./examples/...

## test: vet, staticcheck and every test (browser and npm tests skip with a printed reason when their tools are missing, except under CI=true)
test: vet lint
	$(GO) test -count=1 ./...

vet:
	$(GO) vet ./...

## lint: staticcheck, pinned here rather than in go.mod so that modules using cardgen's runtime
## packages do not inherit it
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
lint:
	$(GO) run $(STATICCHECK) ./...

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
