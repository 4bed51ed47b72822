#!/usr/bin/env bash
# The Helidon server benchmark, in one run:
#   1. builds the server jar and the bare handler (test classes) when they are missing or older than the sources;
#   2. times start-up, from JVM start to the first healthy GET /health, under several sets of JVM flags;
#   3. loads POST /invoke with wrk, and the same load against a bare Helidon handler that sends the same bytes
#      (the ceiling for this machine);
#   4. writes the figures to docs/bench-helidon.md (overwritten on every run).
#
# Usage: benchmarks/helidon.sh            (about 3 to 5 minutes; stops by itself after BENCH_TIME_LIMIT seconds)
# Knobs (environment): STARTUP_RUNS (10), WARMUP_SECONDS (5), DURATION_SECONDS (10), CONNECTIONS (64),
#   THREADS (2), SERVER_JAVA_OPTS (JVM flags of the servers under load, default none), BENCH_TIME_LIMIT (540),
#   BENCH_OUTPUT (docs/bench-helidon.md), BENCH_NOTE (free text for the report, e.g. "quiet machine").
# Needs wrk and curl; installs them with apt-get when missing and run as root. Talks to 127.0.0.1 only.
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
COMMAND_LINE="benchmarks/helidon.sh${*:+ $*}"

LIMIT=${BENCH_TIME_LIMIT:-540}
if [ -z "${AGENTPORT_BENCH_TIMED:-}" ]; then
    # Re-run under timeout(1): past the limit this script gets SIGTERM, and its trap stops what it started.
    export AGENTPORT_BENCH_TIMED=1
    exec timeout --kill-after=30 "$LIMIT" "$ROOT/benchmarks/helidon.sh" "$@"
fi

. .mvn/find-jdk.sh

STARTUP_RUNS=${STARTUP_RUNS:-10}
WARMUP_SECONDS=${WARMUP_SECONDS:-5}
DURATION_SECONDS=${DURATION_SECONDS:-10}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
SERVER_JAVA_OPTS=${SERVER_JAVA_OPTS:-}
OUTPUT=${BENCH_OUTPUT:-docs/bench-helidon.md}
SESSION_ID=bench-session

JAR=adapter-helidon/target/agentport-server.jar
TEST_CLASSES=adapter-helidon/target/test-classes
BARE_MAIN=dev.agentport.helidon.bench.BareHelidonServer
WORK=adapter-helidon/target/bench
LOGS=$WORK/logs
JSA=$WORK/agentport-server.jsa
AOT=$WORK/agentport-server.aot
RESULTS=$WORK/results.tsv

. benchmarks/processes.sh
trap 'say "FAILED: command at line $LINENO exited with $?"' ERR

# ---------------------------------------------------------------- tools
need_tools() {
    local missing=() tool
    for tool in wrk curl; do
        command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        fail "needs ${missing[*]}: install them (Debian/Ubuntu: apt-get install -y ${missing[*]}) and run again"
    fi
    say "installing ${missing[*]} with apt-get"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# ---------------------------------------------------------------- helpers
now_us() { local t=$EPOCHREALTIME; echo "${t/./}"; }

# start_java LOG PORT JAVA-ARGS... : starts java in the background, sets STARTED_PID.
start_java() {
    local log=$1 port=$2
    shift 2
    PORT=$port java "$@" >"$log" 2>&1 &
    STARTED_PID=$!
    PIDS+=("$STARTED_PID")
}

forget_pid() {
    local keep=() pid
    for pid in "${PIDS[@]}"; do
        [ "$pid" = "$1" ] || keep+=("$pid")
    done
    PIDS=("${keep[@]+"${keep[@]}"}")
}

stop_java() {
    stop_pid "$@"
    forget_pid "$1"
}

# await_healthy PORT PID LOG: polls /health every few ms until it says healthy (60 s at most).
await_healthy() {
    local port=$1 pid=$2 log=$3 deadline=$(($(now_us) + 60000000))
    while :; do
        if curl -s --max-time 1 "http://127.0.0.1:$port/health" 2>/dev/null | grep -q '"status":"healthy"'; then
            return 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            tail -n 20 "$log" >&2
            fail "the server on port $port exited before it was healthy (log: $log)"
        fi
        [ "$(now_us)" -lt "$deadline" ] || fail "the server on port $port was not healthy within 60 s (log: $log)"
        sleep 0.003
    done
}

# await_port PORT PID LOG: waits until something answers HTTP on the port (the bare server has no /health).
await_port() {
    local port=$1 pid=$2 log=$3 i
    for i in $(seq 3000); do
        curl -s -o /dev/null --max-time 1 -X POST "http://127.0.0.1:$port/invoke" && return 0
        kill -0 "$pid" 2>/dev/null || { tail -n 20 "$log" >&2; fail "the bare server exited (log: $log)"; }
        sleep 0.02
    done
    fail "the bare server on port $port did not answer within 60 s (log: $log)"
}

# check_invoke PORT: one real /invoke must answer 200 with the default agent's reply.
check_invoke() {
    local answer
    answer=$(curl -s --max-time 5 -w '\n%{http_code}' -H 'Content-Type: application/json' \
        -d '{"input":"hello"}' "http://127.0.0.1:$1/invoke") || fail "POST /invoke on port $1 did not answer"
    if [ "${answer##*$'\n'}" != 200 ] || [[ "$answer" != *'You said \"hello\"'* ]]; then
        fail "POST /invoke on port $1 answered: $answer"
    fi
}

# median MIN MAX of numbers on stdin, printed as "median min max".
stats() {
    sort -n | awk '{ v[NR] = $1 } END {
        if (NR == 0) { print "- - -"; exit }
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%d %d %d\n", m, v[1], v[NR] }'
}

# ---------------------------------------------------------------- 1. build
needs_build() {
    [ -f "$JAR" ] && [ -f "$TEST_CLASSES/${BARE_MAIN//.//}.class" ] || return 0
    [ -n "$(find pom.xml core-handlers/pom.xml core-handlers/src/main adapter-helidon/pom.xml adapter-helidon/src \
        -type f -newer "$JAR" -print -quit)" ]
}

build() {
    if needs_build; then
        say "building the server jar and the bare handler (package -DskipTests compiles the test classes too)"
        ./mvnw -q -B -pl adapter-helidon -am package -DskipTests >"$LOGS/build.log" 2>&1 \
            || { tail -n 30 "$LOGS/build.log" >&2; fail "the build failed (log: $LOGS/build.log)"; }
    else
        say "jar and bare handler are up to date; not rebuilding"
    fi
}

aot_supported() {
    java -XX:+PrintFlagsFinal -version 2>/dev/null | grep -q '\bAOTCacheOutput\b'
}

# train NAME FLAG: starts the server with FLAG (which writes an archive at exit), serves one /health and one
# /invoke, and stops it with SIGTERM so that the archive is written.
train() {
    local name=$1 flag=$2 port log
    port=$(free_port)
    log=$LOGS/train-$name.log
    start_java "$log" "$port" "$flag" -jar "$JAR"
    local pid=$STARTED_PID
    await_healthy "$port" "$pid" "$log"
    check_invoke "$port"
    stop_java "$pid" 180
}

build_archives() {
    if [ ! "$JSA" -nt "$JAR" ]; then
        say "creating the AppCDS archive ($JSA) with a training run"
        rm -f "$JSA"
        train appcds "-XX:ArchiveClassesAtExit=$JSA"
        [ -f "$JSA" ] || fail "the AppCDS archive was not written (log: $LOGS/train-appcds.log)"
    fi
    if aot_supported && [ ! "$AOT" -nt "$JAR" ]; then
        say "creating the AOT cache ($AOT) with a training run"
        rm -f "$AOT"
        train aot "-XX:AOTCacheOutput=$AOT"
        [ -f "$AOT" ] || fail "the AOT cache was not written (log: $LOGS/train-aot.log)"
    fi
}

# ---------------------------------------------------------------- 2. start-up
VARIANT_NAMES=()
VARIANT_FLAGS=()
add_variant() { VARIANT_NAMES+=("$1"); VARIANT_FLAGS+=("$2"); }

measure_startup() {
    add_variant "default" ""
    add_variant "tiered1" "-XX:TieredStopAtLevel=1"
    add_variant "appcds" "-XX:SharedArchiveFile=$JSA"
    add_variant "appcds+tiered1" "-XX:SharedArchiveFile=$JSA -XX:TieredStopAtLevel=1"
    if aot_supported; then
        add_variant "aot" "-XX:AOTCache=$AOT"
        add_variant "aot+tiered1" "-XX:AOTCache=$AOT -XX:TieredStopAtLevel=1"
    fi
    local round i port log flags t0 t1 pid
    say "start-up: ${#VARIANT_NAMES[@]} flag sets x $STARTUP_RUNS runs, interleaved"
    for round in $(seq "$STARTUP_RUNS"); do
        for i in "${!VARIANT_NAMES[@]}"; do
            port=$(free_port)
            log=$LOGS/startup-${VARIANT_NAMES[$i]}-$round.log
            read -ra flags <<<"${VARIANT_FLAGS[$i]}"
            t0=$(now_us)
            start_java "$log" "$port" "${flags[@]+"${flags[@]}"}" -jar "$JAR"
            pid=$STARTED_PID
            await_healthy "$port" "$pid" "$log"
            t1=$(now_us)
            [ "$round" -gt 1 ] || check_invoke "$port"
            stop_java "$pid"
            echo "${VARIANT_NAMES[$i]} $(((t1 - t0) / 1000))" >>"$WORK/startup.txt"
        done
    done
}

# ---------------------------------------------------------------- 3. throughput
# cpu_ticks PID: user + system CPU time the process has used so far, in clock ticks.
cpu_ticks() {
    awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"
}

# load NAME PORT SESSION SERVER-PID: warm-up, then the measured wrk run; appends a line to RESULTS.
load() {
    local name=$1 port=$2 session=$3 server=$4 out pid phase cpu0 cpu1
    say "load: $name ($WARMUP_SECONDS s warm-up, $DURATION_SECONDS s measured, $CONNECTIONS connections, $THREADS threads)"
    for phase in warmup measured; do
        local seconds=$DURATION_SECONDS
        [ "$phase" = measured ] || seconds=$WARMUP_SECONDS
        out=$LOGS/wrk-$name-$phase.txt
        cpu0=$(cpu_ticks "$server")
        BENCH_SESSION_ID=$session wrk -t"$THREADS" -c"$CONNECTIONS" -d"${seconds}s" --timeout 5s \
            -s benchmarks/invoke.lua "http://127.0.0.1:$port/invoke" >"$out" 2>&1 &
        pid=$!
        PIDS+=("$pid")
        wait "$pid" || fail "wrk failed (output: $out)"
        forget_pid "$pid"
        cpu1=$(cpu_ticks "$server")
    done
    # Server CPU per request: a steadier figure than requests/s when other work shares the machine.
    awk -v name="$name" -v ticks=$((cpu1 - cpu0)) -v hz="$(getconf CLK_TCK)" '{ v[$1] = $2 } END {
        printf "%s\t%.0f\t%.2f\t%.2f\t%.2f\t%d\t%d\t%d\t%.0f\n", name, v["requests"] / (v["duration_us"] / 1e6),
            v["p50_us"] / 1000, v["p90_us"] / 1000, v["p99_us"] / 1000, v["requests"], v["errors_status"],
            v["errors_socket"], ticks / hz * 1e6 / v["requests"] }' "$out" >>"$RESULTS"
}

# serve_and_load NAME SESSION [JAVA FLAGS...]: a fresh AgentPort server per workload.
serve_and_load() {
    local name=$1 session=$2 port log pid
    shift 2
    port=$(free_port)
    log=$LOGS/server-$name.log
    local opts
    read -ra opts <<<"$SERVER_JAVA_OPTS"
    start_java "$log" "$port" "${opts[@]+"${opts[@]}"}" "$@" -jar "$JAR"
    pid=$STARTED_PID
    await_healthy "$port" "$pid" "$log"
    check_invoke "$port"
    load "$name" "$port" "$session" "$pid"
    stop_java "$pid"
}

measure_throughput() {
    local port log pid opts
    port=$(free_port)
    log=$LOGS/server-bare.log
    read -ra opts <<<"$SERVER_JAVA_OPTS"
    start_java "$log" "$port" "${opts[@]+"${opts[@]}"}" -cp "$TEST_CLASSES:$JAR" "$BARE_MAIN" "$port"
    pid=$STARTED_PID
    await_port "$port" "$pid" "$log"
    load bare "$port" "" "$pid"
    stop_java "$pid"

    serve_and_load invoke-new-session ""
    serve_and_load invoke-one-session "$SESSION_ID"
    serve_and_load invoke-new-session-tiered1 "" -XX:TieredStopAtLevel=1
}

# ---------------------------------------------------------------- 4. report
machine_facts() {
    local mem cpu
    mem=$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
    cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
    JAVA_VERSION=$(java -version 2>&1 | sed -n 2p)
    MACHINE="$(nproc) cores ($cpu), $mem memory, $(uname -sr)"
    COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
    if [ -n "$(git status --porcelain -- core-handlers adapter-helidon 2>/dev/null)" ]; then
        COMMIT="$COMMIT, with uncommitted changes in core-handlers or adapter-helidon"
    fi
}

other_work() {
    # Java processes that are not ours (builds, tests of other people) and the load average.
    local ours=" ${PIDS[*]-} " count=0 pid
    for pid in $(pgrep -x java || true); do
        [[ "$ours" == *" $pid "* ]] || count=$((count + 1))
    done
    echo "load average $(cut -d' ' -f1-3 /proc/loadavg), $count other java processes"
}

verdict() { if [ "$1" = 1 ]; then echo "met"; else echo "**not met**"; fi; }

write_report() {
    local bare_rps new_rps ratio default_median
    bare_rps=$(awk -F'\t' '$1 == "bare" { print $2 }' "$RESULTS")
    new_rps=$(awk -F'\t' '$1 == "invoke-new-session" { print $2 }' "$RESULTS")
    ratio=$(awk -v a="$new_rps" -v b="$bare_rps" 'BEGIN { printf "%.2f", a / b }')
    default_median=$(awk '$1 == "default" { print $2 }' "$WORK/startup.txt" | stats | cut -d' ' -f1)

    mkdir -p "$(dirname "$OUTPUT")"
    {
        echo "# Helidon server benchmark"
        echo
        echo "Written by \`$COMMAND_LINE\` on $RUN_DATE; every run overwrites this file."
        echo
        echo "## How to read this"
        echo
        echo "*Start-up* is the wall time from launching \`java -jar adapter-helidon/target/agentport-server.jar\`"
        echo "to the first \`GET /health\` that answers \`\"status\":\"healthy\"\` (curl polls every few ms), over"
        echo "$STARTUP_RUNS runs per set of JVM flags; the flag sets take turns, so a busy moment hurts them all alike."
        echo "*Throughput* is what wrk measured on \`POST /invoke\` with \`{\"input\":\"hello\"}\`: $THREADS threads,"
        echo "$CONNECTIONS keep-alive connections, ${DURATION_SECONDS} s after a ${WARMUP_SECONDS} s warm-up, wrk and"
        echo "the server sharing the same cores. The *bare* row is a Helidon SE handler that sends the very same"
        echo "bytes and headers without reading the body or running the agent: the ceiling for this machine, so"
        echo "\"vs bare\" is the share of Helidon's own capacity that AgentPort keeps. Latencies are wrk's"
        echo "percentiles over the measured run. *Server CPU µs/request* is the CPU time (user + system) the"
        echo "server process used during the measured run divided by the requests served: it moves less than"
        echo "requests/s when other work shares the machine, and its difference to the bare row is AgentPort's"
        echo "own cost per request. Figures from a shared machine move by tens of percent between"
        echo "runs: compare rows of the same run, not runs of different days."
        echo
        echo "## Machine"
        echo
        echo "| | |"
        echo "|---|---|"
        echo "| machine | $MACHINE |"
        echo "| JDK | $JAVA_VERSION |"
        echo "| commit | $COMMIT |"
        echo "| other work at start | $WORK_BEFORE |"
        echo "| other work at end | $(other_work) |"
        echo "| note | ${BENCH_NOTE:-shared machine: other engineers were building and testing at the same time} |"
        echo
        echo "## Start-up: JVM start to first healthy /health"
        echo
        echo "| JVM flags | runs | median ms | min ms | max ms |"
        echo "|---|---:|---:|---:|---:|"
        local i median min max
        for i in "${!VARIANT_NAMES[@]}"; do
            read -r median min max < <(awk -v n="${VARIANT_NAMES[$i]}" '$1 == n { print $2 }' "$WORK/startup.txt" \
                | stats)
            echo "| ${VARIANT_NAMES[$i]}: \`${VARIANT_FLAGS[$i]:-(none)}\` | $STARTUP_RUNS | $median | $min | $max |"
        done
        echo
        echo "The archives are made by a training run at build time (start, one /health, one /invoke, SIGTERM):"
        echo "\`-XX:ArchiveClassesAtExit=$JSA\`$(aot_supported && echo " and \`-XX:AOTCacheOutput=$AOT\` (JDK 25+)")."
        echo "Every flag set passed a real \`POST /invoke\` check after start-up."
        local warned sample
        for i in "${!VARIANT_NAMES[@]}"; do
            warned=$(grep -l '\]\[\(warning\|error\)\]\[' "$LOGS/startup-${VARIANT_NAMES[$i]}-"*.log | wc -l || true)
            [ "$warned" -gt 0 ] || continue
            sample=$(grep -h '\]\[\(warning\|error\)\]\[' "$LOGS/startup-${VARIANT_NAMES[$i]}-"*.log \
                | sed 's/^\[[^]]*\]//; s/  *\]/]/' | sort -u | head -n 1 || true)
            echo "JVM warnings with ${VARIANT_NAMES[$i]} in $warned of $STARTUP_RUNS runs, e.g. \`$sample\`."
        done
        echo
        echo "## POST /invoke against the bare Helidon handler"
        echo
        echo "| server and workload | requests/s | vs bare | p50 ms | p90 ms | p99 ms | server CPU µs/request |" \
            "requests | non-2xx | socket errors |"
        echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        awk -F'\t' -v bare="$bare_rps" '{ printf "| %s | %s | %.2f | %s | %s | %s | %s | %s | %s | %s |\n",
            $1, $2, $2 / bare, $3, $4, $5, $9, $6, $7, $8 }' "$RESULTS"
        echo
        echo "- *bare*: \`$BARE_MAIN\` (adapter-helidon test sources) on the same Helidon, JVM flags \`${SERVER_JAVA_OPTS:-(none)}\`."
        echo "- *invoke-new-session*: no \`session_id\`, so every request opens a new session (a first turn; the"
        echo "  in-memory store stays at its 10,000-session cap and drops the oldest)."
        echo "- *invoke-one-session*: every request sends \`\"session_id\":\"$SESSION_ID\"\`, so all continue one"
        echo "  session whose history is full (100 turns) and whose reply quotes the previous turn."
        echo "- *invoke-new-session-tiered1*: as invoke-new-session with \`-XX:TieredStopAtLevel=1\`, to show what"
        echo "  that start-up flag costs a long-running server."
        echo
        echo "## Targets"
        echo
        echo "| target | figure | |"
        echo "|---|---|---|"
        echo "| healthy within 1 s of JVM start (default flags, median) | ${default_median} ms |" \
            "$(verdict "$([ "$default_median" -le 1000 ] && echo 1 || echo 0)") |"
        local best
        best=$(for i in "${!VARIANT_NAMES[@]}"; do
            awk -v n="${VARIANT_NAMES[$i]}" '$1 == n { print $2 }' "$WORK/startup.txt" | stats \
                | awk -v n="${VARIANT_NAMES[$i]}" '{ print $1, n }'
        done | sort -n | head -n 1)
        echo "| healthy within 1 s of JVM start (best flag set, median) | ${best%% *} ms (${best#* }) |" \
            "$(verdict "$([ "${best%% *}" -le 1000 ] && echo 1 || echo 0)") |"
        echo "| /invoke at least half the bare handler's requests/s | $ratio |" \
            "$(verdict "$(awk -v r="$ratio" 'BEGIN { print (r >= 0.5) ? 1 : 0 }')") |"
        echo
        echo "## Run it again"
        echo
        echo '```'
        echo "benchmarks/helidon.sh"
        echo '```'
        echo
        echo "It builds what is missing, installs wrk and curl when run as root, talks to 127.0.0.1 only and stops"
        echo "every process it started, even when interrupted. Knobs: STARTUP_RUNS, WARMUP_SECONDS,"
        echo "DURATION_SECONDS, CONNECTIONS, THREADS, SERVER_JAVA_OPTS, BENCH_NOTE (see the script's header)."
        echo "Raw wrk output and server logs stay in \`$LOGS\`."
        if [ -f benchmarks/helidon-notes.md ]; then
            echo
            cat benchmarks/helidon-notes.md
        fi
    } >"$OUTPUT"
}

# ---------------------------------------------------------------- main
main() {
    need_tools
    mkdir -p "$LOGS"
    rm -f "$LOGS"/*.log "$LOGS"/*.txt "$WORK/startup.txt" "$RESULTS"
    RUN_DATE=$(date -u '+%Y-%m-%d %H:%M UTC')
    WORK_BEFORE=$(other_work)
    machine_facts
    say "JDK: $JAVA_VERSION ($JAVA_HOME); $WORK_BEFORE"
    build
    build_archives
    measure_startup
    measure_throughput
    write_report
    say "done in ${SECONDS} s; figures in $OUTPUT"
    sed -n '/^## Start-up/,/^## Run it again/p' "$OUTPUT" | sed '$d'
}

main
