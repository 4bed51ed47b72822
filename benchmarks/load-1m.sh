#!/usr/bin/env bash
# One million POST /invoke requests at 256 connections against the packaged Helidon server (the default agent, a new
# session per request), with wrk and benchmarks/count.lua, which counts every answer that is not 2xx; wrk runs for a
# duration set from the warm-up's rate to reach the count. Prints the exact request count, non-2xx answers, socket errors,
# p50 and p99, and the server's peak and final resident memory (VmHWM and VmRSS from /proc/<pid>/status).
#
# Usage: benchmarks/load-1m.sh
# Knobs (environment): BENCH_REQUESTS (1000000, at least), CONNECTIONS (256), THREADS (2), SERVER_JAVA_OPTS (-Xmx512m, as
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

# wrk runs for a duration: the warm-up's rate, with a tenth more, sets it so that at least REQUESTS are answered.
seconds=$(awk -v n="$REQUESTS" '{ v[$1] = $2 } END { r = v["requests"] / (v["duration_us"] / 1e6);
    printf "%d\n", n / r * 1.1 + 1 }' "$LOGS/load-1m-warmup.txt")
say "measured: about $REQUESTS requests ($seconds s at the warm-up's rate) at $CONNECTIONS connections, $THREADS wrk threads"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${seconds}s" --timeout 10s -s benchmarks/count.lua \
    "http://127.0.0.1:$SERVER_PORT/invoke" >"$LOGS/load-1m.txt" 2>&1
read -r hwm rss < <(memory "$SERVER_PID")
log_lines=$(grep -c '"path":"/invoke"' "$LOGS/load-1m-server.log" || true)
awk -v hwm="$hwm" -v rss="$rss" -v lines="$log_lines" '{ v[$1] = $2 } END {
    printf "requests %d in %.1f s (%.0f/s)\nnon-2xx %d\nsocket errors %d\np50 %.2f ms\np99 %.2f ms\nmax %.2f ms\n",
        v["requests"], v["duration_us"] / 1e6, v["requests"] / (v["duration_us"] / 1e6), v["non2xx"],
        v["errors_socket"], v["p50_us"] / 1000, v["p99_us"] / 1000, v["max_us"] / 1000
    printf "server VmHWM %d MiB, VmRSS %d MiB\naccess-log lines for /invoke so far (warm-up included) %d\n", hwm, rss, lines
}' "$LOGS/load-1m.txt"
