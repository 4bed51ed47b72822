#!/usr/bin/env bash
# One million POST /invoke requests at 256 connections against the packaged Helidon server (the default agent, a new
# session per request), with wrk and benchmarks/count.lua, which stops each wrk thread once it has had its share of
# answers and counts every answer that is not 2xx. Prints the exact request count, non-2xx answers, socket errors,
# p50 and p99, and the server's peak and final resident memory (VmHWM and VmRSS from /proc/<pid>/status).
#
# Usage: benchmarks/load-1m.sh
# Knobs (environment): BENCH_REQUESTS (1000000), CONNECTIONS (256), THREADS (2), SERVER_JAVA_OPTS (-Xmx512m, as
#   adapter-helidon/run-local), WARMUP_SECONDS (10). Needs wrk and curl. Talks to 127.0.0.1 only.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. benchmarks/server-lib.sh

REQUESTS=${BENCH_REQUESTS:-1000000}
CONNECTIONS=${CONNECTIONS:-256}
THREADS=${THREADS:-2}
WARMUP_SECONDS=${WARMUP_SECONDS:-10}

need wrk curl
build_if_missing
say "machine: $(machine)"
start_server "$LOGS/load-1m-server.log" LOG_LEVEL=INFO
say "server pid $SERVER_PID on port $SERVER_PORT, JVM options: $SERVER_JAVA_OPTS; idle memory (VmHWM VmRSS MiB): $(memory "$SERVER_PID")"

say "warm-up: $WARMUP_SECONDS s at $CONNECTIONS connections"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP_SECONDS}s" --timeout 10s -s benchmarks/invoke.lua \
    "http://127.0.0.1:$SERVER_PORT/invoke" >"$LOGS/load-1m-warmup.txt" 2>&1
say "after warm-up (VmHWM VmRSS MiB): $(memory "$SERVER_PID")"

say "measured: $REQUESTS requests at $CONNECTIONS connections, $THREADS wrk threads"
BENCH_REQUESTS=$REQUESTS BENCH_THREADS=$THREADS wrk -t"$THREADS" -c"$CONNECTIONS" -d1h --timeout 10s \
    -s benchmarks/count.lua "http://127.0.0.1:$SERVER_PORT/invoke" >"$LOGS/load-1m.txt" 2>&1 &
load=$!
PIDS+=("$load")
started=$EPOCHREALTIME
# Each wrk thread stops after its share, but wrk's main thread sleeps out -d: once it is alone, SIGINT makes it report.
while kill -0 "$load" 2>/dev/null && [ "$(find "/proc/$load/task" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)" -gt 1 ]; do
    sleep 0.2
done
finished=$EPOCHREALTIME
kill -INT "$load" 2>/dev/null || true
wait "$load" || true
read -r hwm rss < <(memory "$SERVER_PID")
log_lines=$(grep -c '"path":"/invoke"' "$LOGS/load-1m-server.log" || true)
awk -v hwm="$hwm" -v rss="$rss" -v lines="$log_lines" -v seconds="$(awk -v a="$started" -v b="$finished" \
    'BEGIN { print b - a }')" '{ v[$1] = $2 } END {
    printf "requests %d in %.1f s (%.0f/s)\nnon-2xx %d\nsocket errors %d\np50 %.2f ms\np99 %.2f ms\nmax %.2f ms\n",
        v["requests"], seconds, v["requests"] / seconds, v["non2xx"],
        v["errors_socket"], v["p50_us"] / 1000, v["p99_us"] / 1000, v["max_us"] / 1000
    printf "server VmHWM %d MiB, VmRSS %d MiB\naccess-log lines for /invoke so far (warm-up included) %d\n", hwm, rss, lines
}' "$LOGS/load-1m.txt"
