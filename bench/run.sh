#!/usr/bin/env bash
# `make bench`: throughput, latency, memory and start-up figures for later work
# to compare against. Prints a Markdown report and writes it to
# target/bench/report.md. Progress and server logs go to stderr.
#
# Shorter runs for trying changes (defaults in brackets):
#   BENCH_SECONDS          wrk duration per measurement [10]
#   BENCH_WARMUP_SECONDS   unmeasured wrk run before each measurement [2]
#   BENCH_SETTLE_SECONDS   unmeasured load per route on each server before SSR versus Node [10]
#   BENCH_ROUNDS           Rust and Node runs per route, the median reported [3]
#   BENCH_MEMORY_FIRST     renders before the first memory reading [10000]
#   BENCH_MEMORY_TOTAL     renders before the second memory reading [100000]
#   BENCH_MEMORY_WINDOW    last renders of each memory reading whose peak it is [5000]
#   BENCH_STARTS           server starts timed [5]
#   BENCH_LIGHTHOUSE=0     skip the Lighthouse audit
# Arguments, if any, name the sections to run (functions below: throughput,
# ssr_versus_node, cached_pages, memory, occasional, startup, lighthouse).
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

bin=target/release/server
report=target/bench/report.md
seconds=${BENCH_SECONDS:-10}
warmup=${BENCH_WARMUP_SECONDS:-2}
settle_seconds=${BENCH_SETTLE_SECONDS:-10}
rounds=${BENCH_ROUNDS:-3}
memory_first=${BENCH_MEMORY_FIRST:-10000}
memory_total=${BENCH_MEMORY_TOTAL:-100000}
memory_window=${BENCH_MEMORY_WINDOW:-5000}
starts=${BENCH_STARTS:-5}
# An isolate idle this long is collected in full (render.idle_collection_seconds).
idle_seconds=$(awk -F' *= *' '$1 == "idle_collection_seconds" { print $2 }' server/config/default.toml)
idle_seconds=${idle_seconds:-1}
rest_seconds=$((idle_seconds + 3)) # past that collection
pause_seconds=2 # between the requests of `occasional`
occasional_requests=9
connections=50
threads=2 # wrk threads

mkdir -p target/bench
tmp=$(mktemp -d)
pids=$tmp/pids # process groups this script started and has not stopped yet
touch "$pids"
pg_db=bench_$$
sqlite="sqlite://$tmp/site.db"
errors_note=() # failed requests seen in the current section, listed under its table

# The HTML cache can be switched off only in builds that have the setting
# (the config refuses unknown keys).
cache_off=()
if grep -q '^\[cache\]' server/config/default.toml; then
  cache_off=(SITE_CACHE__ENABLED=false)
fi
reads_off=()
if grep -q '^reads_max_megabytes' server/config/default.toml; then
  reads_off=(SITE_CACHE__READS_MAX_MEGABYTES=0)
fi

## Process handling ##########################################################

running() {
  local state
  state=$(awk '/^State:/ { print $2 }' "/proc/$1/status" 2>/dev/null) && [[ -n $state && $state != Z ]]
}

# Runs "$@" in the background in its own process group (so stopping it also
# stops anything it spawned), output to a log file. Sets $launched and $log.
launch() {
  log=$tmp/log.$RANDOM$RANDOM
  setsid "$@" >"$log" 2>&1 </dev/null &
  launched=$!
  echo "$launched" >>"$pids"
}

# SIGTERM to the process group, SIGKILL to whatever is left after 10 s.
stop() {
  local pid=$1
  kill -TERM -- "-$pid" 2>/dev/null || true
  for _ in $(seq 100); do
    running "$pid" || break
    sleep 0.1
  done
  kill -KILL -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  sed -i "/^$pid\$/d" "$pids"
}

cleanup() {
  local pid
  while read -r pid; do stop "$pid"; done < <(cat "$pids" 2>/dev/null)
  dropdb -h 127.0.0.1 -U postgres --if-exists "$pg_db" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
  echo "bench: $1" >&2
  [[ -n ${log:-} && -f $log ]] && tail -n 20 "$log" >&2
  exit 1
}

# As the browser tests pick theirs: below the kernel's ephemeral range, which the load generator's
# and curl's outgoing connections take from.
free_port() {
  node --input-type=module -e 'import { freePort } from "./ui/e2e/support/server.mjs"; console.log(await freePort());'
}

# Waits until $1 answers 200, failing if process $2 exits or $3 seconds pass.
wait_for() {
  local deadline=$(($(date +%s) + $3))
  until curl -fso /dev/null --max-time 2 "$1"; do
    running "$2" || fail "process $2 exited before $1 answered"
    (($(date +%s) < deadline)) || fail "$1 did not answer within $3 s"
    sleep 0.1
  done
}

# Starts the release server on a free port against database $1; further
# arguments are extra VAR=value settings. Sets $rust_pid and $rust_url.
start_rust() {
  local database=$1 port
  shift
  port=$(free_port)
  launch env DATABASE_URL="$database" SITE_SERVER__PORT="$port" \
    SITE_SERVER__PUBLIC_BASE_URL="http://127.0.0.1:$port" RUST_LOG="warn,server::mail=error" \
    "$@" "$bin" serve
  rust_pid=$launched
  rust_url=http://127.0.0.1:$port
  wait_for "$rust_url/" "$rust_pid" 60
}

# Starts bench/node-baseline.mjs for the routes "$@", with page data taken
# from the server at $rust_url. Sets $node_pid and $node_url.
start_node() {
  local port deadline
  port=$(free_port)
  launch node bench/node-baseline.mjs --port "$port" --origin "$rust_url" "$@"
  node_pid=$launched
  node_url=http://127.0.0.1:$port
  deadline=$(($(date +%s) + 60))
  until grep -q 'workers on' "$log"; do
    running "$node_pid" || fail "the Node baseline exited"
    (($(date +%s) < deadline)) || fail "the Node baseline did not start within 60 s"
    sleep 0.1
  done
}

## Measuring #################################################################

# wrk for $1 seconds with the report's load (threads, connections) and any
# further wrk arguments, the URL last.
load_for() {
  local duration=$1
  shift
  wrk -t"$threads" -c"$connections" -d"${duration}s" "$@"
}

# wrk against $1 after an unmeasured warm-up, with any further wrk arguments
# (headers). Prints "req/s p50_ms p99_ms errors" (errors: non-2xx/3xx
# responses plus socket errors).
measure() {
  local url=$1
  shift
  echo "bench: wrk $url $* (${warmup} s warm-up, ${seconds} s)" >&2
  load_for "$warmup" "$@" "$url" >/dev/null
  load_for "$seconds" --timeout 10s --latency "$@" "$url" | awk '
    function ms(v) {
      if (v ~ /us$/) return v / 1000
      if (v ~ /ms$/) return v + 0
      if (v ~ /m$/) return v * 60000
      if (v ~ /s$/) return v * 1000
      return v + 0
    }
    $1 == "50%" { p50 = ms($2) }
    $1 == "99%" { p99 = ms($2) }
    /^Requests\/sec:/ { rps = $2 }
    /Non-2xx or 3xx responses:/ { errors += $NF }
    /Socket errors:/ { gsub(/,/, ""); errors += $4 + $6 + $8 + $10 }
    END { printf "%.0f %.2f %.2f %d\n", rps, p50, p99, errors }'
}

# Unmeasured load on each of the routes at base URL $1: under load both
# engines keep optimizing the bundle's hot code for tens of seconds, and a
# long-running server is measured once that has settled.
settle() {
  local base=$1 route
  shift
  for route in "$@"; do
    echo "bench: settling $base$route (${settle_seconds} s)" >&2
    load_for "$settle_seconds" "$base$route" >/dev/null
  done
}

# Of the "req/s p50_ms p99_ms errors" lines on stdin, the one with the median
# req/s, with the errors of all of them.
median_run() {
  sort -n -k1,1 | awk '
    { line[NR] = $0; errors += $4 }
    END { split(line[int((NR + 1) / 2)], m, " "); printf "%s %s %s %d\n", m[1], m[2], m[3], errors }'
}

# Exactly $2 GET requests to $1 from 50 keep-alive connections.
load() {
  echo "bench: $2 requests to $1" >&2
  node bench/load.mjs "$1" "$2" "$connections" >&2
}

# The field $1 of /proc/$2/status (VmRSS, or VmHWM for the peak), in MiB.
memory_mib() { awk -v field="$1:" '$1 == field { printf "%.1f\n", $2 / 1024 }' "/proc/$2/status"; }

## Report sections ###########################################################

header() {
  echo "# Benchmarks ($(date -u +%F), $(nproc) cores)"
  echo
  echo "Load generator (wrk, $connections connections, $threads threads) on the same machine as the servers;"
  echo "wrk runs ${seconds} s per measurement after ${warmup} s of warm-up. Latencies in ms."
  if ((${#cache_off[@]} == 0)); then
    echo "This build has no HTML cache setting: every page request renders."
  fi
  echo
}

# Render throughput straight from the isolate pool, and the JSON API on both databases.
throughput() {
  echo "## Throughput"
  echo
  echo "| What | Result | Detail |"
  echo "|---|---|---|"
  cargo bench -q -p server --bench render -- / 4000
  api_rate "$sqlite" SQLite
  createdb -h 127.0.0.1 -U postgres "$pg_db"
  DATABASE_URL="postgres://postgres@127.0.0.1:5432/$pg_db" "$bin" seed >/dev/null 2>&1
  api_rate "postgres://postgres@127.0.0.1:5432/$pg_db" PostgreSQL
  echo
}

api_rate() {
  local rps p50 p99 errors
  start_rust "$1"
  read -r rps p50 p99 errors <<<"$(measure "$rust_url/api/businesses")"
  stop "$rust_pid"
  echo "| \`GET /api/businesses\` on $2 | $rps req/s | p50 $p50 ms, p99 $p99 ms, $errors errors |"
}

# The same bundle and page data rendered by the Rust server (no HTML cache)
# and by the Node baseline, route by route.
ssr_versus_node() {
  local slug route rust node met=0 r_rps r_p50 r_p99 r_err n_rps n_p50 n_p99 n_err rust_runs node_runs round
  slug=$(node -p 'require("./server/seed/businesses.json")[0].slug')
  local routes=(/ /directory "/business/$slug" /events)
  start_rust "$sqlite" "${cache_off[@]}"
  start_node "${routes[@]}"
  settle "$rust_url" "${routes[@]}"
  settle "$node_url" "${routes[@]}"
  echo "## SSR versus Node"
  echo
  echo "The Rust server with its HTML cache off against \`bench/node-baseline.mjs\` (node:cluster, one"
  echo "worker per core) rendering the same \`server-bundle.js\` with the same page data. Every request"
  echo "renders; the Rust server takes the page data from its read cache (checked against the data"
  echo "version for each request), as Node takes it from memory. Both servers first serve every route"
  echo "for ${settle_seconds} s unmeasured, so their JIT compilers have settled. Each figure is the median of"
  echo "$rounds runs, Rust's and Node's alternating, so a slower or faster minute of the machine falls on both."
  echo
  echo "| Route | Rust req/s | Rust p50 | Rust p99 | Node req/s | Node p50 | Node p99 | Rust/Node |"
  echo "|---|---|---|---|---|---|---|---|"
  for route in "${routes[@]}"; do
    rust_runs=() node_runs=()
    for ((round = 1; round <= rounds; round++)); do
      rust_runs+=("$(measure "$rust_url$route")")
      node_runs+=("$(measure "$node_url$route")")
    done
    rust=$(printf '%s\n' "${rust_runs[@]}" | median_run)
    node=$(printf '%s\n' "${node_runs[@]}" | median_run)
    read -r r_rps r_p50 r_p99 r_err n_rps n_p50 n_p99 n_err <<<"$rust $node"
    awk -v route="$route" -v r="$rust" -v n="$node" 'BEGIN {
      split(r, a, " "); split(n, b, " ")
      ratio = b[1] > 0 ? sprintf("%.2f×", a[1] / b[1]) : "n/a"
      printf "| `%s` | %d | %.2f | %.2f | %d | %.2f | %.2f | %s |\n", route, a[1], a[2], a[3], b[1], b[2], b[3], ratio
    }'
    ((r_err + n_err == 0)) || errors_note+=("\`$route\`: $r_err Rust and $n_err Node errors (non-2xx or socket)")
    if awk -v r="$r_rps" -v n="$n_rps" -v rp="$r_p99" -v np="$n_p99" 'BEGIN { exit !(n > 0 && r >= 1.5 * n && rp < np) }'; then
      met=$((met + 1))
    fi
  done
  stop "$node_pid"
  echo
  echo "Target: Rust ≥ 1.5× Node throughput with a lower p99, on every route: met on $met of ${#routes[@]}."
  notes
  render_alone "${routes[@]}"
  stop "$rust_pid"
  ((${#reads_off[@]} > 0)) || return 0
  start_rust "$sqlite" "${cache_off[@]}" "${reads_off[@]}"
  echo "The Rust server with its read cache off as well: every request queries the database."
  echo
  echo "| Route | Rust req/s | Rust p50 | Rust p99 |"
  echo "|---|---|---|---|"
  for route in "${routes[@]}"; do
    read -r r_rps r_p50 r_p99 r_err <<<"$(measure "$rust_url$route")"
    echo "| \`$route\` | $r_rps | $r_p50 | $r_p99 |"
    ((r_err == 0)) || errors_note+=("\`$route\`: $r_err errors (non-2xx or socket)")
  done
  stop "$rust_pid"
  echo
  notes
}

# The render function alone, in a loop on one worker per core, in each engine:
# the share of the end-to-end ratio that the JavaScript work accounts for.
render_alone() {
  local route node rust
  echo "The render alone, with no HTTP and no load generator: the same bundle and page data, the"
  echo "render function called in a loop on one thread per core, each with its own isolate as the Rust"
  echo "server's HTTP workers have (\`cargo bench --bench render\`), and by one Node worker process per"
  echo "core (\`bench/node-render.mjs\`). The Rust side also copies each page out of V8, as the server"
  echo "does; the Node loop leaves it in V8 (Node's server pays that cost when it writes the response)."
  echo
  echo "| Route | Rust renders/s | Node renders/s | Rust/Node |"
  echo "|---|---|---|---|"
  for route in "$@"; do
    echo "bench: render alone $route" >&2
    node=$(node bench/node-render.mjs --origin "$rust_url" --seconds "$seconds" "$route")
    # As many renders as Node did in the same time, so both run about as long.
    rust=$(cargo bench -q -p server --bench render -- "$route" $((node * seconds)) | awk -F'|' '{ print $3 + 0 }')
    awk -v route="$route" -v r="$rust" -v n="$node" 'BEGIN {
      printf "| `%s` | %d | %d | %.2f× |\n", route, r, n, r / n
    }'
  done
  echo
}

notes() {
  local note
  for note in "${errors_note[@]}"; do echo "- Errors: $note"; done
  errors_note=()
  echo
}

# `/` with the default settings, so repeated requests come from the HTML cache:
# asked for as browsers and crawlers ask (brotli accepted), and uncompressed.
cached_pages() {
  local rps p50 p99 errors plain_rps plain_p50 plain_p99 plain_errors
  start_rust "$sqlite"
  read -r rps p50 p99 errors <<<"$(measure "$rust_url/" -H "Accept-Encoding: br, gzip")"
  read -r plain_rps plain_p50 plain_p99 plain_errors <<<"$(measure "$rust_url/")"
  stop "$rust_pid"
  ((errors + plain_errors == 0)) || errors_note+=("$((errors + plain_errors)) (non-2xx or socket)")
  echo "## Cached pages"
  echo
  echo "| Route | Accept-Encoding | req/s | p50 | p99 |"
  echo "|---|---|---|---|---|"
  echo "| \`/\` | br, gzip | $rps | $p50 | $p99 |"
  echo "| \`/\` | none | $plain_rps | $plain_p50 | $plain_p99 |"
  echo
  echo "Target: ≥ 20,000 req/s (br, gzip): $(awk -v r="$rps" 'BEGIN { print (r >= 20000 ? "met" : "not met") }')."
  notes
}

# Resident memory of the Rust server (HTML cache off) as uncached renders of `/` add up:
# right after each load, and at rest, once the idle isolates have collected their garbage.
memory() {
  local warm first first_rest total total_rest
  start_rust "$sqlite" "${cache_off[@]}"
  load "$rust_url/" 1000 || errors_note+=("some warm-up requests failed")
  warm=$(memory_mib VmRSS "$rust_pid")
  load_keeping_peak "$memory_first" || errors_note+=("some of the first $memory_first requests failed")
  first=$(memory_mib VmHWM "$rust_pid")
  first_rest=$(rss_at_rest "$rust_pid")
  load_keeping_peak $((memory_total - memory_first)) || errors_note+=("some of the requests up to $memory_total failed or ran out of time")
  total=$(memory_mib VmHWM "$rust_pid")
  total_rest=$(rss_at_rest "$rust_pid")
  stop "$rust_pid"
  echo "## Memory"
  echo
  echo "Resident memory of the Rust server, HTML cache off, renders of \`/\` from $connections keep-alive"
  echo "connections (counted after 1,000 warm-up requests): under load, the peak (VmHWM) over the last"
  echo "$memory_window renders before each reading; at rest, VmRSS ${rest_seconds} s later, when each HTTP"
  echo "worker's isolate, idle for ${idle_seconds} s, has been collected. The warm-up row is VmRSS."
  echo
  echo "| After | Peak RSS under load | RSS at rest |"
  echo "|---|---|---|"
  echo "| warm-up | $warm MiB | |"
  echo "| $memory_first renders | $first MiB | $first_rest MiB |"
  echo "| $memory_total renders | $total MiB | $total_rest MiB |"
  echo
  awk -v a="$first" -v b="$total" -v ra="$first_rest" -v rb="$total_rest" -v n1="$memory_first" -v n2="$memory_total" 'BEGIN {
    growth = (b - a) / a * 100
    printf "Growth from %d to %d renders under load: %+.1f%%; at rest: %+.1f%%. ", n1, n2, growth, (rb - ra) / ra * 100
    printf "Target (under load): < 10%%: %s.\n", (growth < 10 ? "met" : "not met")
  }'
  notes
}

# Renders `/` $1 times on the server under test, its peak RSS reset before the last
# $memory_window of them. Every few thousand renders the collector's work lets RSS fall by some
# 25 MB and climb back within a second, so RSS at the moment the load stops says more about where
# in that cycle it stopped than about growth; the peak over a window of a cycle or more does not.
load_keeping_peak() {
  local before=$(($1 - memory_window)) failed=0
  ((before > 0)) && { load "$rust_url/" "$before" || failed=1; }
  echo 5 >"/proc/$rust_pid/clear_refs"
  load "$rust_url/" $(($1 < memory_window ? $1 : memory_window)) || failed=1
  return "$failed"
}

# RSS of process $1 after $rest_seconds without requests.
rss_at_rest() {
  sleep "$rest_seconds"
  memory_mib VmRSS "$1"
}

# Seconds (3 decimals) curl takes for one request to $1 on a new connection.
request_seconds() { curl -fso /dev/null -w '%{time_total}\n' "$1"; }

# Median in ms of the seconds on stdin.
median_ms() { sort -n | awk '{ t[NR] = $1 } END { printf "%.1f\n", t[int((NR + 1) / 2)] * 1000 }'; }

# A server asked now and then, as by a crawler or a visitor's first page: single requests
# to `/events` (HTML cache off), each after a pause, against the same requests back to back.
occasional() {
  local url steady paused i
  start_rust "$sqlite" "${cache_off[@]}"
  url="$rust_url/events"
  settle "$rust_url" /events
  steady=$(for i in $(seq "$occasional_requests"); do request_seconds "$url"; done | median_ms)
  echo "bench: $occasional_requests requests to $url, each after ${pause_seconds} s" >&2
  paused=$(for i in $(seq "$occasional_requests"); do sleep "$pause_seconds"; request_seconds "$url"; done | median_ms)
  stop "$rust_pid"
  echo "## Occasional requests"
  echo
  echo "One request at a time to \`/events\` (HTML cache off, each on a new connection), median of"
  echo "$occasional_requests: back to back **$steady ms**, each ${pause_seconds} s after the last **$paused ms**. An isolate"
  echo "is collected in full only after ${idle_seconds} s without a render, and that collection throws away its"
  echo "compiled code, so a shorter pause should cost nothing."
  echo
}

# Process start to the first 200 on `/`, against an already migrated and seeded SQLite file.
startup() {
  local i port t0 t1 pid times=() median
  for i in $(seq "$starts"); do
    port=$(free_port)
    t0=$(date +%s%N)
    launch env DATABASE_URL="$sqlite" SITE_SERVER__PORT="$port" RUST_LOG="warn,server::mail=error" "$bin" serve
    pid=$launched
    until curl -fso /dev/null --max-time 2 "http://127.0.0.1:$port/"; do
      running "$pid" || fail "the server exited during start-up"
      (($(date +%s%N) - t0 < 60000000000)) || fail "the server did not answer within 60 s"
      sleep 0.005
    done
    t1=$(date +%s%N)
    times+=($(((t1 - t0) / 1000000)))
    stop "$pid"
    echo "bench: start $i: ${times[-1]} ms" >&2
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((starts + 1) / 2))p")
  echo "## Start-up"
  echo
  echo "Release binary, process start to the first 200 on \`/\` (polled every 5 ms), median of $starts: **$median ms**"
  echo "(all: ${times[*]} ms). Target: < 500 ms: $( ((median < 500)) && echo met || echo not met)."
  echo
}

# Lighthouse scores from `ui/e2e/support/audit.mjs` (the `make audit` script), run
# against the release binary.
lighthouse() {
  local pid deadline status
  echo "## Lighthouse"
  echo
  if [[ ${BENCH_LIGHTHOUSE:-1} == 0 ]]; then
    echo "Skipped (BENCH_LIGHTHOUSE=0)."
  elif [[ ! -f ui/e2e/support/audit.mjs ]]; then
    echo "Skipped: this tree has no \`ui/e2e/support/audit.mjs\`."
  elif ! command -v "${CHROMIUM_PATH:-chromium}" >/dev/null; then
    echo "Skipped: Chromium is not installed (\`make browser\`)."
  else
    echo "bench: Lighthouse audit" >&2
    launch bash -c 'cd ui && SERVER_BIN=../target/release/server exec node e2e/support/audit.mjs ../target/bench/lighthouse'
    pid=$launched
    deadline=$(($(date +%s) + 900))
    while running "$pid" && (($(date +%s) < deadline)); do sleep 1; done
    if running "$pid"; then
      echo "The audit did not finish within 15 minutes and was stopped."
      status=timeout
    else
      wait "$pid" && status=0 || status=$?
    fi
    stop "$pid"
    grep '^|' "$log" || echo "No scores: the audit failed (exit $status)."
    grep -E '^(SEO |[0-9]+ passed)' "$log" | sed 's/^/- /' || true
    echo
    awk -F'|' '$2 ~ /`/ {
      n++
      if ($3 + 0 >= 95 && $4 + 0 == 100 && $5 + 0 == 100 && $6 + 0 == 100) ok++
    } END { if (n) printf "Target: Performance 95+ and 100 for the rest: met on %d of %d pages.\n", ok, n }' "$log"
    echo "Full reports in \`target/bench/lighthouse/\`."
  fi
  echo
}

## Main ######################################################################

[[ -x $bin ]] || fail "$bin is missing (make build)"
DATABASE_URL="$sqlite" "$bin" seed >/dev/null 2>&1 || fail "seeding $sqlite failed"
# Sections to run: all by default, or those named on the command line
# (`bench/run.sh startup lighthouse`).
sections=("$@")
((${#sections[@]})) || sections=(throughput ssr_versus_node cached_pages memory occasional startup lighthouse)
for section in "${sections[@]}"; do
  [[ $(type -t "$section") == function && $section != header ]] || fail "no section named $section"
done
{
  header
  for section in "${sections[@]}"; do "$section"; done
} | tee "$report"
