#!/usr/bin/env bash
# The 256-connection row of benchmarks/all.sh (section 5) for any number of ways to start a server: per round, each
# variant in turn as a fresh process, loaded from the moment /health says healthy (the hand-written handler: from its
# first answer) for WARMUP_SECONDS, then DURATION_SECONDS measured, with the same wrk command as all.sh. Prints one line
# per variant and round (p99 of both parts, requests/s, timeouts, other errors, the server's CPU µs per request and
# VmRSS at the end), then the medians.
#
# Usage: benchmarks/fresh-high.sh 'LABEL=JAVA-ARGUMENTS' ...
#   JAVA-ARGUMENTS follow `java`, after VAR=VALUE pairs for this variant's environment if any; {PORT} is replaced by the port (PORT is also in the environment), {JAR} by the server
#   jar, {CLASSES} by adapter-helidon's test classes, {AOT} by the build's AOT cache. For example:
#     benchmarks/fresh-high.sh 'hand=-Xmx512m -cp {CLASSES}:{JAR} dev.agentport.helidon.bench.HandWrittenInvokeServer {PORT}' \
#         'plain=-Xmx512m -jar {JAR}' 'aot=-XX:AOTCache={AOT} -Xms64m -Xmx512m -jar {JAR}'
# Knobs (environment): ROUNDS (3), WARMUP_SECONDS (3), DURATION_SECONDS (10), CONNECTIONS (256), THREADS (2),
#   SERVER_ENV (extra VAR=VALUE pairs for the servers, e.g. LOG_LEVEL=WARN), JAR (the server jar).
# Needs wrk and curl. Talks to 127.0.0.1 only; stops every process it started.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. benchmarks/server-lib.sh

ROUNDS=${ROUNDS:-3}
WARMUP_SECONDS=${WARMUP_SECONDS:-3}
DURATION_SECONDS=${DURATION_SECONDS:-10}
CONNECTIONS=${CONNECTIONS:-256}
THREADS=${THREADS:-2}
JAR=${JAR:-adapter-helidon/target/agentport-server.jar}
CLASSES=adapter-helidon/target/test-classes
AOT=${JAR%.jar}.aot
read -ra SERVER_ENV <<<"${SERVER_ENV:-}"
[ $# -gt 0 ] || fail "usage: $0 'LABEL=JAVA-ARGUMENTS' ..."
need wrk curl
say "machine: $(machine)"

ticks() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"; }

# one LABEL ROUND ARGS: a fresh server, its two parts of load, one result line.
one() {
    local label=$1 round=$2 args=$3 port pid out=$LOGS/fresh-high-$1-$2 i t0 t1 java_args envs=()
    port=$(free_port)
    args=${args//\{PORT\}/$port}
    args=${args//\{JAR\}/$JAR}
    args=${args//\{CLASSES\}/$CLASSES}
    args=${args//\{AOT\}/$AOT}
    read -ra java_args <<<"$args"
    while [[ "${java_args[0]}" =~ ^[A-Z_]+= ]]; do # VAR=VALUE before the JVM's arguments: this variant's environment
        envs+=("${java_args[0]}")
        java_args=("${java_args[@]:1}")
    done
    env DEFAULT_AGENT_WORD_DELAY_MS=0 ${SERVER_ENV[@]+"${SERVER_ENV[@]}"} ${envs[@]+"${envs[@]}"} PORT="$port" \
        java "${java_args[@]}" \
        >"$out.log" 2>&1 &
    pid=$!
    PIDS+=("$pid")
    for i in $(seq 20000); do
        if curl -s --max-time 1 "http://127.0.0.1:$port/health" 2>/dev/null | grep -q '"status":"healthy"' \
                || curl -s --max-time 1 -d '{"input":"hello"}' "http://127.0.0.1:$port/invoke" 2>/dev/null \
                    | grep -q 'You said'; then
            break
        fi
        kill -0 "$pid" 2>/dev/null || { tail -n 20 "$out.log" >&2; fail "$label exited (log: $out.log)"; }
        sleep 0.003
    done
    t0=$(ticks "$pid")
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP_SECONDS}s" --timeout 2s -s benchmarks/invoke.lua \
        "http://127.0.0.1:$port/invoke" >"$out-warmup.txt" 2>&1
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION_SECONDS}s" --timeout 2s -s benchmarks/invoke.lua \
        "http://127.0.0.1:$port/invoke" >"$out-measured.txt" 2>&1
    t1=$(ticks "$pid")
    read -r _ rss < <(memory "$pid")
    stop_pid "$pid"
    : >"$out.log" # the access log of a run is hundreds of MB
    awk -v label="$label" -v round="$round" -v cpu=$((t1 - t0)) -v hz="$(getconf CLK_TCK)" -v rss="$rss" '
        FNR == 1 { part++ } { v[part, $1] = $2 }
        END {
            n = v[1, "requests"] + v[2, "requests"]
            printf "%-12s round %d  warm-up p99 %8.2f ms  measured p99 %8.2f ms  %7.0f requests/s  timeouts %d  " \
                "other errors %d  cpu %5.1f us/request  VmRSS %d MiB\n", label, round, v[1, "p99_us"] / 1000,
                v[2, "p99_us"] / 1000, v[2, "requests"] / (v[2, "duration_us"] / 1e6),
                v[1, "errors_timeout"] + v[2, "errors_timeout"],
                v[1, "errors_socket"] - v[1, "errors_timeout"] + v[1, "errors_status"] \
                    + v[2, "errors_socket"] - v[2, "errors_timeout"] + v[2, "errors_status"],
                cpu / hz * 1e6 / n, rss }' "$out-warmup.txt" "$out-measured.txt"
}

results=$LOGS/fresh-high-results.txt
: >"$results"
for round in $(seq "$ROUNDS"); do
    for variant in "$@"; do
        one "${variant%%=*}" "$round" "${variant#*=}" | tee -a "$results"
    done
done
say "medians over $ROUNDS rounds (load average now $(cut -d' ' -f1-3 /proc/loadavg)):"
for variant in "$@"; do
    label=${variant%%=*}
    awk -v label="$label" '$1 == label { w[++n] = $6; m[n] = $10; r[n] = $12 }
        function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) {
            t = a[i]; a[i] = a[j]; a[j] = t }; return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
        END { printf "%-12s warm-up p99 %8.2f ms  measured p99 %8.2f ms  %7.0f requests/s\n", label, med(w, n),
            med(m, n), med(r, n) }' "$results"
done
