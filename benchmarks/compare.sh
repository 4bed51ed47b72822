#!/usr/bin/env bash
# Two builds of the server side by side, in one run: the same load on each, in interleaved rounds, so that whatever
# else the machine does weighs on both alike. For "this change costs (or saves) throughput", with figures.
#
# Usage: benchmarks/compare.sh BEFORE_JAR AFTER_JAR
#   e.g. benchmarks/compare.sh /tmp/before/agentport-server.jar adapter-helidon/target/agentport-server.jar
# Knobs (environment): ROUNDS (3), WARMUP_SECONDS (5), DURATION_SECONDS (10), CONNECTIONS (64), THREADS (2),
#   SERVER_JAVA_OPTS (-Xmx512m; BEFORE_JAVA_OPTS and AFTER_JAVA_OPTS, when set, replace it for one side: the same jar
#   twice with two collectors or heap sizes), LOG_LEVEL (INFO: the access log on, as served), BENCH_SESSION_ID (unset: every
#   request starts a session), BENCH_PATH (/invoke) and BENCH_SCRIPT (benchmarks/invoke.lua): another face's call,
#   MCP_SESSION=1: MCP tools/call in a session, as benchmarks/all.sh measures it (both servers with
#   AGENT_MCP_SESSIONS=store, one session opened on each with initialize, then every call of benchmarks/mcp.lua on /mcp
#   continues it).
#   Prints a Markdown table: median requests/s, p99 and server CPU µs per request of each build, and its server's
#   resident memory at the end.
# Needs wrk and curl. Talks to 127.0.0.1 only; stops what it started, also when interrupted.
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
. .mvn/find-jdk.sh
. benchmarks/processes.sh
need wrk curl

[ $# -eq 2 ] || fail "usage: benchmarks/compare.sh BEFORE_JAR AFTER_JAR"
JARS=("$1" "$2")
NAMES=(before after)
OPTS=("${BEFORE_JAVA_OPTS:-${SERVER_JAVA_OPTS:--Xmx512m}}" "${AFTER_JAVA_OPTS:-${SERVER_JAVA_OPTS:--Xmx512m}}")
ROUNDS=${ROUNDS:-3}
WARMUP_SECONDS=${WARMUP_SECONDS:-5}
DURATION_SECONDS=${DURATION_SECONDS:-10}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
WORK=$(mktemp -d)

MCP_SESSION=${MCP_SESSION:-0}
SERVER_ENV=()
if [ "$MCP_SESSION" = 1 ]; then
    SERVER_ENV=(AGENT_MCP_SESSIONS=store)
    BENCH_PATH=${BENCH_PATH:-/mcp}
    BENCH_SCRIPT=${BENCH_SCRIPT:-benchmarks/mcp.lua}
fi

PORTS=()
for i in 0 1; do
    [ -f "${JARS[$i]}" ] || fail "${JARS[$i]} is missing"
    port=$(free_port)
    PORTS+=("$port")
    # shellcheck disable=SC2086
    env ${SERVER_ENV[@]+"${SERVER_ENV[@]}"} PORT=$port DEFAULT_AGENT_WORD_DELAY_MS=0 LOG_LEVEL=${LOG_LEVEL:-INFO} \
        "$JAVA_HOME/bin/java" ${OPTS[$i]} -jar "${JARS[$i]}" >"$WORK/${NAMES[$i]}.log" 2>&1 &
    PIDS+=("$!")
done
for i in 0 1; do
    for _ in $(seq 600); do
        curl -sf -o /dev/null "http://127.0.0.1:${PORTS[$i]}/health" && break
        sleep 0.1
    done
    curl -sf -o /dev/null "http://127.0.0.1:${PORTS[$i]}/health" || fail "${NAMES[$i]} did not start: $WORK/${NAMES[$i]}.log"
done

BENCH_PATH=${BENCH_PATH:-/invoke}
BENCH_SCRIPT=${BENCH_SCRIPT:-benchmarks/invoke.lua}
WRK_ENV=("" "")
# Opens an MCP session on server i, as benchmarks/all.sh does: initialize, then notifications/initialized.
open_mcp_session() {
    local i=$1 url="http://127.0.0.1:${PORTS[$1]}/mcp" headers answer session version
    local accept='Accept: application/json, text/event-stream'
    headers=$WORK/${NAMES[$i]}-initialize.headers
    answer=$(curl -s --max-time 10 -D "$headers" -H 'Content-Type: application/json' -H "$accept" \
        -d '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},
            "clientInfo":{"name":"benchmarks/compare.sh","version":"1"}}}' "$url") || true
    session=$(sed -n 's/^[Mm]cp-[Ss]ession-[Ii]d: *\([^[:space:]]*\).*/\1/p' "$headers" | head -n 1)
    version=$(sed -n 's/.*"protocolVersion":"\([^"]*\)".*/\1/p' <<<"$answer" | head -n 1)
    [ -n "$session" ] && [ -n "$version" ] || fail "${NAMES[$i]}: MCP initialize gave no session (answer: $answer)"
    curl -sf -o /dev/null --max-time 10 -H 'Content-Type: application/json' -H "$accept" \
        -H "Mcp-Session-Id: $session" -H "MCP-Protocol-Version: $version" \
        -d '{"jsonrpc":"2.0","method":"notifications/initialized"}' "$url" \
        || fail "${NAMES[$i]}: MCP notifications/initialized was not accepted"
    WRK_ENV[$i]="BENCH_MCP_SESSION=$session BENCH_MCP_VERSION=$version"
}
if [ "$MCP_SESSION" = 1 ]; then
    for i in 0 1; do open_mcp_session "$i"; done
fi

cpu_ticks() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"; }
load() { # load I SECONDS OUT: the server's CPU ticks during the load appended as "cpu_ticks N"
    local cpu0 envs
    read -ra envs <<<"${WRK_ENV[$1]}"
    cpu0=$(cpu_ticks "${PIDS[$1]}")
    env ${envs[@]+"${envs[@]}"} wrk -t"$THREADS" -c"$CONNECTIONS" -d"$2s" -s "$BENCH_SCRIPT" \
        "http://127.0.0.1:${PORTS[$1]}$BENCH_PATH" >"$3" 2>&1
    echo "cpu_ticks $(($(cpu_ticks "${PIDS[$1]}") - cpu0))" >>"$3"
}

for i in 0 1; do
    say "warming up ${NAMES[$i]} for ${WARMUP_SECONDS}s"
    load "$i" "$WARMUP_SECONDS" "$WORK/${NAMES[$i]}-warmup.txt"
done
for round in $(seq "$ROUNDS"); do
    for i in 0 1; do
        say "round $round: ${NAMES[$i]}"
        load "$i" "$DURATION_SECONDS" "$WORK/${NAMES[$i]}-$round.txt"
    done
done

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}'; }
value() { awk -v k="$1" '$1 == k {print $2}' "$2"; }

rss() { awk '$1 == "VmRSS:" {printf "%d MiB", $2 / 1024}' "/proc/$1/status"; }
echo "| build | jar | JVM options | median requests/s | median p99 | median server CPU µs/request | errors |" \
    "RSS at the end |"
echo "|---|---|---|---:|---:|---:|---:|---:|"
for i in 0 1; do
    rps=$(for r in $(seq "$ROUNDS"); do
        f="$WORK/${NAMES[$i]}-$r.txt"
        echo "$(value requests "$f") $(value duration_us "$f")" | awk '{printf "%d\n", $1 / ($2 / 1e6)}'
    done | median)
    p99=$(for r in $(seq "$ROUNDS"); do value p99_us "$WORK/${NAMES[$i]}-$r.txt"; done | median)
    cpu=$(for r in $(seq "$ROUNDS"); do
        f="$WORK/${NAMES[$i]}-$r.txt"
        awk -v hz="$(getconf CLK_TCK)" '{ v[$1] = $2 } END { printf "%.0f\n", v["cpu_ticks"] / hz * 1e7 / v["requests"] }' \
            "$f" # tenths of µs, as median() keeps whole numbers
    done | median | awk '{ printf "%.1f", $1 / 10 }')
    errors=$(for r in $(seq "$ROUNDS"); do
        f="$WORK/${NAMES[$i]}-$r.txt"; echo $(( $(value errors_socket "$f") + $(value errors_status "$f") ))
    done | awk '{s+=$1} END {print s}')
    printf '| %s | `%s` | `%s` | %s | %.1f ms | %s | %s | %s |\n' "${NAMES[$i]}" "${JARS[$i]}" "${OPTS[$i]}" "$rps" \
        "$(echo "$p99" | awk '{print $1/1000}')" "$cpu" "$errors" "$(rss "${PIDS[$i]}")"
done
