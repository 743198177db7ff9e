# Two commands do everything on a fresh machine:
#   make run   build the UI and the server, migrate and seed SQLite, serve :8080
#   make test  formatting, lints, type checks, Rust tests (SQLite + PostgreSQL), browser tests
SHELL := /bin/bash
.DEFAULT_GOAL := run

UI_DEPS := ui/node_modules/.package-lock.json
RELEASE_BIN := target/release/server
DEBUG_BIN := target/debug/server

.PHONY: run build ui linker test lint test-rust test-e2e server-debug screenshots audit bench openapi postgres browser sqlite-shell smtp-sink clean

# Exactly what the lock pins, for every platform's optional packages too; fails when
# package.json and the lock disagree instead of rewriting the lock.
$(UI_DEPS): ui/package.json ui/package-lock.json
	cd ui && npm ci --no-audit --no-fund
	@touch $@

ui: $(UI_DEPS)
	cd ui && node build.mjs

# .cargo/config.toml links with lld: V8 makes every binary large and lld links it in seconds.
linker:
	@command -v ld.lld >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq lld)

build: ui linker
	cargo build --release -p server

run: build
	$(RELEASE_BIN) migrate
	$(RELEASE_BIN) seed
	$(RELEASE_BIN) serve

## Local services the tests use: PostgreSQL on 127.0.0.1:5432, Debian's Chromium.
postgres:
	@pg_isready -q -h 127.0.0.1 -p 5432 || pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start

# The outbox tests deliver mail to a real SMTP sink (PyPI aiosmtpd).
smtp-sink:
	@python3 -c 'import aiosmtpd' 2>/dev/null || pip install --quiet aiosmtpd

browser:
	@command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium)

# Some browser tests change their server's database as another writer would, with the sqlite3 shell.
sqlite-shell:
	@command -v sqlite3 >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3)

lint: ui linker
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	cd ui && npx tsc --noEmit

test-rust: ui linker postgres smtp-sink
	cargo test --workspace

# The server binary exactly as `cargo test` builds it (same features, so nothing is compiled twice).
server-debug: linker
	cargo test --workspace --no-run

# A test that hangs fails after ten minutes instead of holding the run.
test-e2e: ui browser sqlite-shell server-debug
	cd ui && SERVER_BIN=../$(DEBUG_BIN) node --test --test-concurrency=1 --test-timeout=600000 --test-force-exit e2e/

test: lint test-rust test-e2e

screenshots: ui browser server-debug
	cd ui && SERVER_BIN=../$(DEBUG_BIN) node e2e/support/screenshots.mjs ../target/screenshots

# Lighthouse (mobile) scores per page; fails unless SEO is 100. Reports in target/audit/.
audit: ui browser server-debug
	cd ui && SERVER_BIN=../$(DEBUG_BIN) node e2e/support/audit.mjs ../target/audit

# Markdown report on stdout and in target/bench/report.md (see the README's Benchmarks section).
bench: build postgres browser
	@command -v wrk >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk)
	bench/run.sh

openapi:
	UPDATE_OPENAPI=1 cargo test -p server --test it openapi

clean:
	cargo clean
	rm -rf ui/dist ui/node_modules data
