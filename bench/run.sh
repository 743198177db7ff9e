#!/usr/bin/env bash
# `make bench`: throughput figures for later work to compare against.
# Prints a Markdown table and writes it to target/bench/report.md.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/server
port=8097
report=target/bench/report.md
mkdir -p target/bench

# Starts the release server on $1 (a database URL), seeded, and waits for it.
serve() {
  DATABASE_URL="$1" "$bin" seed >/dev/null 2>&1
  DATABASE_URL="$1" SITE_SERVER__PORT=$port RUST_LOG=warn "$bin" serve &
  server_pid=$!
  for _ in $(seq 100); do
    curl -fs "http://127.0.0.1:$port/api/businesses" >/dev/null && return
    sleep 0.1
  done
  echo "server did not start" >&2
  exit 1
}

api_rate() {
  serve "$1"
  rate=$(wrk -t2 -c50 -d5s "http://127.0.0.1:$port/api/businesses" | awk '/Requests\/sec/ {print $2}')
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
  echo "| \`GET /api/businesses\` on $2 (wrk, 50 connections) | ${rate%.*} req/s | $(nproc) cores, load generator on the same machine |"
}

pg_db=bench_$$
createdb -h 127.0.0.1 -U postgres "$pg_db"
tmp=$(mktemp -d)
trap 'dropdb -h 127.0.0.1 -U postgres --if-exists "$pg_db"; rm -rf "$tmp"' EXIT

{
  echo "# Benchmarks ($(date -u +%F), $(nproc) cores)"
  echo
  echo "| What | Result | Detail |"
  echo "|---|---|---|"
  cargo bench -q -p server --bench render -- / 4000
  api_rate "sqlite://$tmp/bench.db" SQLite
  api_rate "postgres://postgres@127.0.0.1:5432/$pg_db" PostgreSQL
} | tee "$report"
