#!/usr/bin/env bash
# Every comparison of the performance targets, in one run, and the report:
#   1. builds what is missing: the server jar and adapter-helidon's test classes (the bare and the hand-written
#      handlers, the chart), the Lambda zips, lambda-local and adapter-lambda's test classes (the trivial handler);
#   2. start-up: adapter-helidon/run-local against a bare Helidon server from the same jar without JVM flags, from
#      launch to the first answer (healthy /health for AgentPort), interleaved;
#   3. Lambda cold start: the buffered zip (managed java21), the buffered handler on the custom runtime (the streaming
#      zip's bootstrap) and the streaming zip against a trivial handler, in the same harness
#      (lambda-local/bench-coldstart);
#   4. throughput at 64 connections, every server running side by side, in interleaved rounds, medians: the bare
#      Helidon handler, the hand-written Helidon + Jackson /invoke, AgentPort /invoke, and AgentPort's other faces
#      (Daedalus POST /, A2A 1.0 SendMessage, A2A 0.3 message/send, MCP tools/call stateless and in a session);
#   5. 256 connections against a fresh AgentPort server and a fresh hand-written one, from the moment each is
#      healthy: p99, timeouts and socket errors;
#   6. the resident memory of a fresh AgentPort server after RSS_REQUESTS POST /invoke at 256 connections;
#   7. writes the figures, ratios and targets into the section "All comparisons in one run" of docs/benchmarks.md
#      (the rest of the file is kept) and a chart to docs/benchmarks.png.
#
# Usage: benchmarks/all.sh              (about 10 to 15 minutes on 2 cores; 1,000,000 requests for the memory figure)
#        QUICK=1 benchmarks/all.sh      (a smoke run of 2 to 3 minutes: short phases, one round, 20,000 requests for
#                                        the memory figure; writes to adapter-helidon/target/bench-all/ unless
#                                        BENCH_OUTPUT and BENCH_CHART say otherwise)
# Knobs (environment): QUICK, ROUNDS (3), WARMUP_SECONDS (3), DURATION_SECONDS (10), CONNECTIONS (64),
#   HIGH_CONNECTIONS (256), THREADS (2), SERVER_JAVA_OPTS (-XX:+UseG1GC -Xms160m -Xmx160m, as
#   adapter-helidon/run-local; the AgentPort servers also map the build's AOT cache on JDK 25, as run-local does),
#   RSS_REQUESTS (1000000), STARTUP_RUNS (10), COLDSTART_RUNS (5; 0 leaves the Lambda cold start out),
#   BENCH_TIME_LIMIT (seconds, 1800; QUICK 600), BENCH_OUTPUT (docs/benchmarks.md), BENCH_CHART (docs/benchmarks.png),
#   BENCH_NOTE (free text for the report), MVN_ARGS (extra arguments of the builds, e.g. -o).
# Needs wrk, curl and a JDK 21+ (found by .mvn/find-jdk.sh). Talks to 127.0.0.1 only; stops every process it started,
# also when interrupted or past BENCH_TIME_LIMIT. Benchmarks are not tests: nothing here fails on a slow figure.
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# The command as run, with every knob that was set.
COMMAND_LINE="benchmarks/all.sh${*:+ $*}"
for knob in MVN_ARGS BENCH_CHART BENCH_OUTPUT BENCH_TIME_LIMIT COLDSTART_RUNS STARTUP_RUNS RSS_REQUESTS \
        SERVER_JAVA_OPTS THREADS HIGH_CONNECTIONS CONNECTIONS DURATION_SECONDS WARMUP_SECONDS ROUNDS QUICK; do
    [ -z "${!knob:-}" ] || COMMAND_LINE="$knob=$(printf %q "${!knob}") $COMMAND_LINE"
done
QUICK=${QUICK:-0}

if [ "$QUICK" = 1 ]; then LIMIT=${BENCH_TIME_LIMIT:-600}; else LIMIT=${BENCH_TIME_LIMIT:-1800}; fi
if [ -z "${AGENTPORT_BENCH_TIMED:-}" ]; then
    # Re-run under timeout(1): past the limit this script gets SIGTERM, and its trap stops what it started.
    export AGENTPORT_BENCH_TIMED=1
    exec timeout --kill-after=30 "$LIMIT" "$ROOT/benchmarks/all.sh" "$@"
fi

. .mvn/find-jdk.sh

WORK=adapter-helidon/target/bench-all
LOGS=$WORK/logs
if [ "$QUICK" = 1 ]; then
    ROUNDS=${ROUNDS:-1}
    WARMUP_SECONDS=${WARMUP_SECONDS:-1}
    DURATION_SECONDS=${DURATION_SECONDS:-3}
    RSS_REQUESTS=${RSS_REQUESTS:-20000}
    STARTUP_RUNS=${STARTUP_RUNS:-2}
    COLDSTART_RUNS=${COLDSTART_RUNS:-1}
    OUTPUT=${BENCH_OUTPUT:-$WORK/benchmarks-quick.md}
    CHART=${BENCH_CHART:-$WORK/benchmarks-quick.png}
else
    ROUNDS=${ROUNDS:-3}
    WARMUP_SECONDS=${WARMUP_SECONDS:-3}
    DURATION_SECONDS=${DURATION_SECONDS:-10}
    RSS_REQUESTS=${RSS_REQUESTS:-1000000}
    STARTUP_RUNS=${STARTUP_RUNS:-10}
    COLDSTART_RUNS=${COLDSTART_RUNS:-5}
    OUTPUT=${BENCH_OUTPUT:-docs/benchmarks.md}
    CHART=${BENCH_CHART:-docs/benchmarks.png}
fi
CONNECTIONS=${CONNECTIONS:-64}
HIGH_CONNECTIONS=${HIGH_CONNECTIONS:-256}
THREADS=${THREADS:-2}
SERVER_JAVA_OPTS=${SERVER_JAVA_OPTS:--XX:+UseG1GC -Xms160m -Xmx160m}
WRK_TIMEOUT=2s
read -ra MVN_EXTRA <<<"${MVN_ARGS:-}"

JAVA=$JAVA_HOME/bin/java
JAR=adapter-helidon/target/agentport-server.jar
TEST_CLASSES=adapter-helidon/target/test-classes
BARE_MAIN=dev.agentport.helidon.bench.BareHelidonServer
HAND_MAIN=dev.agentport.helidon.bench.HandWrittenInvokeServer
CHART_MAIN=dev.agentport.helidon.bench.BenchChart
LAMBDA_ZIP=adapter-lambda/target/agentport-lambda.zip
LAMBDA_STREAMING_ZIP=adapter-lambda/target/agentport-lambda-streaming.zip
LAMBDA_LOCAL_JAR=lambda-local/target/lambda-local.jar
TRIVIAL_CLASS=adapter-lambda/target/test-classes/dev/agentport/lambda/bench/TrivialHandler.class
# What the AgentPort servers run with, besides PORT: the default agent answers at once (no pause between words).
AGENT_ENV=(DEFAULT_AGENT_WORD_DELAY_MS=0)

. benchmarks/processes.sh
GROUP_PIDS=() # processes started in a process group of their own (setsid), stopped as a group
cleanup_groups() {
    local pid
    for pid in "${GROUP_PIDS[@]+"${GROUP_PIDS[@]}"}"; do
        kill -TERM -- "-$pid" 2>/dev/null || true
    done
    sleep 1
    for pid in "${GROUP_PIDS[@]+"${GROUP_PIDS[@]}"}"; do
        kill -KILL -- "-$pid" 2>/dev/null || true
    done
    GROUP_PIDS=()
}
trap 'cleanup_groups; cleanup' EXIT
trap 'say "FAILED: command at line $LINENO exited with $?"' ERR

# ---------------------------------------------------------------- helpers
now_us() { local t=$EPOCHREALTIME; echo "${t/./}"; }

forget_pid() {
    local keep=() pid
    for pid in "${PIDS[@]+"${PIDS[@]}"}"; do
        [ "$pid" = "$1" ] || keep+=("$pid")
    done
    PIDS=("${keep[@]+"${keep[@]}"}")
}

stop_java() {
    stop_pid "$@"
    forget_pid "$1"
}

# start_server NAME PORT ENV... -- JAVA-ARGS...: java in the background with its output appended to LOGS/NAME.log
# (appended, so that trim_log can empty it while it runs); sets STARTED_PID.
start_server() {
    local name=$1 port=$2 envs=()
    shift 2
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
    local opts
    read -ra opts <<<"$SERVER_JAVA_OPTS"
    env ${envs[@]+"${envs[@]}"} PORT="$port" "$JAVA" ${opts[@]+"${opts[@]}"} "$@" >>"$LOGS/$name.log" 2>&1 &
    STARTED_PID=$!
    PIDS+=("$STARTED_PID")
}

# The AgentPort servers start as adapter-helidon/run-local starts them: the build's AOT cache on JDK 25 and later.
# Read when a server starts, since the build (and its training run) comes after this script is read.
AOT_CACHE=()
find_aot_cache() {
    AOT_CACHE=()
    if [ "${JAR%.jar}.aot" -nt "$JAR" ] && [ "$(agentport_jdk_major "$JAVA_HOME")" -ge 25 ] 2>/dev/null; then
        AOT_CACHE=(-XX:AOTCache="${JAR%.jar}.aot")
    fi
}

start_agentport() { # start_agentport NAME PORT [ENV...]
    local name=$1 port=$2
    shift 2
    find_aot_cache
    start_server "$name" "$port" "${AGENT_ENV[@]}" "$@" -- ${AOT_CACHE[@]+"${AOT_CACHE[@]}"} -jar "$JAR"
}

# The access log writes a line per request; a long run would leave gigabytes. Empties a log past 64 MiB.
trim_log() {
    local log=$LOGS/$1.log
    if [ -f "$log" ] && [ "$(stat -c %s "$log")" -gt 67108864 ]; then
        : >"$log"
        echo "(trimmed by benchmarks/all.sh after a load phase)" >>"$log"
    fi
}

# await_answer PORT PID NAME URL-PATH PATTERN: polls every few ms until GET URL-PATH answers with PATTERN in its body
# (60 s at most).
await_answer() {
    local port=$1 pid=$2 name=$3 path=$4 pattern=$5 deadline=$(($(now_us) + 60000000))
    while :; do
        if curl -s --max-time 1 "http://127.0.0.1:$port$path" 2>/dev/null | grep -q "$pattern"; then
            return 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            tail -n 20 "$LOGS/$name.log" >&2
            fail "$name on port $port exited before it answered (log: $LOGS/$name.log)"
        fi
        [ "$(now_us)" -lt "$deadline" ] || fail "$name on port $port did not answer within 60 s (log: $LOGS/$name.log)"
        sleep 0.003
    done
}
await_healthy() { await_answer "$1" "$2" "$3" /health '"status":"healthy"'; }
await_bare() { await_answer "$1" "$2" "$3" /invoke 'You said'; }

# post PORT PATH BODY [HEADER...]: the answer's body, then its status on a last line of its own.
post() {
    local port=$1 path=$2 body=$3 args=() header
    shift 3
    for header in "$@"; do args+=(-H "$header"); done
    curl -s --max-time 10 -w '\n%{http_code}' -H 'Content-Type: application/json' ${args[@]+"${args[@]}"} \
        -d "$body" "http://127.0.0.1:$port$path" || echo $'\n000'
}

# check_answer WHAT ANSWER: the answer must be a 200 whose body holds the default agent's reply to "hello".
check_answer() {
    local what=$1 answer=$2
    if [ "${answer##*$'\n'}" != 200 ] || [[ "$answer" != *'You said \"hello\"'* ]]; then
        fail "$what did not answer 200 with the agent's reply: $answer"
    fi
}

# median of numbers on stdin ("-" when there is none).
median() {
    sort -g | awk '{ v[NR] = $1 } END {
        if (NR == 0) { print "-"; exit }
        print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

value() { awk -v k="$1" '$1 == k { print $2 }' "$2"; }

cpu_ticks() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"; }

# memory_kib PID: "VmHWM VmRSS" in KiB.
memory_kib() { awk '/^VmHWM:/ { h = $2 } /^VmRSS:/ { r = $2 } END { print h, r }' "/proc/$1/status"; }

# run_wrk OUT CONNECTIONS SECONDS SCRIPT URL [ENV...]: wrk in the background (so that a signal stops it at once).
run_wrk() {
    local out=$1 connections=$2 seconds=$3 script=$4 url=$5 pid
    shift 5
    env "$@" wrk -t"$THREADS" -c"$connections" -d"${seconds}s" --timeout "$WRK_TIMEOUT" -s "$script" "$url" \
        >"$out" 2>&1 &
    pid=$!
    PIDS+=("$pid")
    wait "$pid" || fail "wrk failed (output: $out)"
    forget_pid "$pid"
    [ -n "$(value requests "$out")" ] || fail "wrk printed no figures (output: $out)"
}

other_work() {
    local ours=" ${PIDS[*]-} " count=0 pid
    for pid in $(pgrep -x java || true); do
        [[ "$ours" == *" $pid "* ]] || count=$((count + 1))
    done
    echo "load average $(cut -d' ' -f1-3 /proc/loadavg), $count other java processes"
}

# ---------------------------------------------------------------- 1. build
need_tools() {
    need wrk curl timeout setsid
    [ -x "$JAVA_HOME/bin/jar" ] || fail "needs a JDK with the jar tool (JAVA_HOME=$JAVA_HOME)"
}

helidon_stale() {
    [ -f "$JAR" ] && [ -f "$TEST_CLASSES/${HAND_MAIN//.//}.class" ] && [ -f "$TEST_CLASSES/${CHART_MAIN//.//}.class" ] \
        || return 0
    # The sources adapter-helidon/run-local checks, so that it never rebuilds while it is being timed.
    [ -n "$(find pom.xml adapter-helidon/pom.xml adapter-helidon/src core-handlers/pom.xml core-handlers/src \
        logging-json/pom.xml logging-json/src helidon-transport/pom.xml helidon-transport/src base/pom.xml base/src \
        -type f -newer "$JAR" -print -quit)" ]
}

lambda_missing() { # also true when a source of the zips or of lambda-local is newer than the zip
    local file
    for file in "$LAMBDA_ZIP" "$LAMBDA_STREAMING_ZIP" "$LAMBDA_LOCAL_JAR" "$TRIVIAL_CLASS"; do
        [ -f "$file" ] || return 0
    done
    [ -n "$(find pom.xml base/src core-handlers/src logging-json/src helidon-transport/src adapter-lambda/pom.xml \
        adapter-lambda/src lambda-local/pom.xml lambda-local/src -type f -newer "$LAMBDA_ZIP" -print -quit)" ]
}

build() {
    if helidon_stale; then
        say "building the server jar and adapter-helidon's test classes"
        ./mvnw -q -B ${MVN_EXTRA[@]+"${MVN_EXTRA[@]}"} -pl adapter-helidon -am package -DskipTests \
            >"$LOGS/build-helidon.log" 2>&1 \
            || { tail -n 30 "$LOGS/build-helidon.log" >&2; fail "the build failed (log: $LOGS/build-helidon.log)"; }
    fi
    LAMBDA_NOTE=""
    if [ "$COLDSTART_RUNS" -gt 0 ] && lambda_missing; then
        say "building the Lambda zips, lambda-local and adapter-lambda's test classes"
        if ! ./mvnw -q -B ${MVN_EXTRA[@]+"${MVN_EXTRA[@]}"} -pl adapter-lambda,lambda-local -am package -DskipTests \
                >"$LOGS/build-lambda.log" 2>&1 || lambda_missing; then
            LAMBDA_NOTE="not measured: the Lambda build failed (log: $LOGS/build-lambda.log)"
            say "$LAMBDA_NOTE; going on without the Lambda cold start"
        fi
    fi
    [ "$COLDSTART_RUNS" -gt 0 ] || LAMBDA_NOTE="not measured: COLDSTART_RUNS=0"
}

# ---------------------------------------------------------------- 2. start-up
measure_startup() {
    local round kind port pid t0 t1
    say "start-up: adapter-helidon/run-local and the bare Helidon server without flags, $STARTUP_RUNS runs each," \
        "interleaved (one untimed run of each first)"
    : >"$WORK/startup.txt"
    for round in $(seq 0 "$STARTUP_RUNS"); do
        for kind in run-local bare; do
            port=$(free_port)
            t0=$(now_us)
            if [ "$kind" = run-local ]; then
                PORT=$port adapter-helidon/run-local >>"$LOGS/startup-run-local.log" 2>&1 &
                pid=$!
                PIDS+=("$pid")
                await_healthy "$port" "$pid" startup-run-local
            else
                PORT=$port "$JAVA" -cp "$TEST_CLASSES:$JAR" "$BARE_MAIN" "$port" >>"$LOGS/startup-bare.log" 2>&1 &
                pid=$!
                PIDS+=("$pid")
                await_bare "$port" "$pid" startup-bare
            fi
            t1=$(now_us)
            if [ "$round" = 0 ] && [ "$kind" = run-local ]; then
                check_answer "run-local's POST /invoke" "$(post "$port" /invoke '{"input":"hello"}')"
            fi
            # SIGTERM with time to spare: run-local's JVM may rewrite its class-data archive on the way out.
            stop_java "$pid" 30
            [ "$round" = 0 ] || echo "$kind $(((t1 - t0) / 1000))" >>"$WORK/startup.txt"
        done
    done
}

# ---------------------------------------------------------------- 3. Lambda cold start
measure_coldstart() {
    [ -z "$LAMBDA_NOTE" ] || return 0
    local run mode pid out
    say "Lambda cold start: lambda-local/bench-coldstart 1 trivial|buffered|buffered-custom|streaming," \
        "$COLDSTART_RUNS times each," \
        "interleaved"
    for mode in trivial buffered buffered-custom streaming; do
        : >"$LOGS/coldstart-$mode.txt"
    done
    for run in $(seq "$COLDSTART_RUNS"); do
        for mode in trivial buffered buffered-custom streaming; do
            out=$LOGS/coldstart-$mode.txt
            # In a process group of its own, so that the emulator and the function stop with it.
            setsid lambda-local/bench-coldstart 1 "$mode" >>"$out" 2>&1 &
            pid=$!
            GROUP_PIDS+=("$pid")
            if ! wait "$pid"; then
                LAMBDA_NOTE="not measured: lambda-local/bench-coldstart 1 $mode failed (output: $out)"
                say "$LAMBDA_NOTE"
                return 0
            fi
            GROUP_PIDS=()
        done
    done
}

# coldstart_median MODE [front]: the median over the runs of function_ms (or of front_ms, with "front") in ms,
# from the lines "run front_ms function_ms cpu_ms load1" that bench-coldstart prints.
coldstart_median() {
    local column=3
    [ "${2:-}" != front ] || column=2
    awk -v c="$column" '$1 == 1 && NF == 5 && $2 ~ /^[0-9]+$/ { print $c }' "$LOGS/coldstart-$1.txt" 2>/dev/null \
        | median | awk '{ if ($1 == "-") print "-"; else printf "%.0f\n", $1 }'
}

# ---------------------------------------------------------------- 4. throughput, side by side
# One row each: NAME, the server's key, the path, the wrk script, extra environment of wrk.
ROW_NAMES=(bare hand invoke daedalus a2a-1.0 a2a-0.3 mcp-stateless mcp-session)
declare -A ROW_SERVER=([bare]=bare [hand]=hand [invoke]=agentport [daedalus]=agentport [a2a-1.0]=agentport
    [a2a-0.3]=agentport [mcp-stateless]=agentport [mcp-session]=agentport-mcp)
declare -A ROW_PATH=([bare]=/invoke [hand]=/invoke [invoke]=/invoke [daedalus]=/ [a2a-1.0]=/a2a [a2a-0.3]=/a2a
    [mcp-stateless]=/mcp [mcp-session]=/mcp)
declare -A ROW_SCRIPT=([bare]=invoke.lua [hand]=invoke.lua [invoke]=invoke.lua [daedalus]=daedalus.lua
    [a2a-1.0]=a2a-1.0.lua [a2a-0.3]=a2a-0.3.lua [mcp-stateless]=mcp.lua [mcp-session]=mcp.lua)
declare -A ROW_LABEL=([bare]="bare Helidon, fixed bytes, body unread"
    [hand]="hand-written Helidon + Jackson /invoke"
    [invoke]="AgentPort AgentBreeder POST /invoke" [daedalus]="AgentPort Daedalus POST /"
    [a2a-1.0]="AgentPort A2A 1.0 SendMessage" [a2a-0.3]="AgentPort A2A 0.3 message/send"
    [mcp-stateless]="AgentPort MCP tools/call, stateless" [mcp-session]="AgentPort MCP tools/call, in a session")
declare -A ROW_ENV=()
declare -A SERVER_PORT=() SERVER_PID=()
MCP_BODY='{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"send_message",
    "arguments":{"message":"hello"}}}'
MCP_ACCEPT='Accept: application/json, text/event-stream'

# The request of each row's wrk script, sent once with curl: a 200 with the agent's reply, before and after the load.
check_row() {
    local row=$1 port=${SERVER_PORT[${ROW_SERVER[$1]}]}
    local what="${ROW_LABEL[$row]} on port $port"
    case "$row" in
        bare | hand | invoke) check_answer "$what" "$(post "$port" /invoke '{"input":"hello"}')" ;;
        daedalus) check_answer "$what" "$(post "$port" / '{"message":{"role":"user","parts":[{"text":"hello"}]}}')" ;;
        a2a-1.0) check_answer "$what" "$(post "$port" /a2a '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":
            {"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hello"}]}}}' 'A2A-Version: 1.0')" ;;
        a2a-0.3) check_answer "$what" "$(post "$port" /a2a '{"jsonrpc":"2.0","id":1,"method":"message/send","params":
            {"message":{"kind":"message","messageId":"m1","role":"user",
            "parts":[{"kind":"text","text":"hello"}]}}}')" ;;
        mcp-stateless) check_answer "$what" "$(post "$port" /mcp "$MCP_BODY" "$MCP_ACCEPT")" ;;
        mcp-session) check_answer "$what" "$(post "$port" /mcp "$MCP_BODY" "$MCP_ACCEPT" \
            "Mcp-Session-Id: $MCP_SESSION" "MCP-Protocol-Version: $MCP_VERSION")" ;;
    esac
}

# Opens the MCP session of the mcp-session row: initialize, then notifications/initialized.
open_mcp_session() {
    local port=${SERVER_PORT[agentport-mcp]} headers answer
    headers=$(mktemp)
    answer=$(curl -s --max-time 10 -D "$headers" -H 'Content-Type: application/json' -H "$MCP_ACCEPT" \
        -d '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},
            "clientInfo":{"name":"benchmarks/all.sh","version":"1"}}}' "http://127.0.0.1:$port/mcp") || true
    MCP_SESSION=$(sed -n 's/^[Mm]cp-[Ss]ession-[Ii]d: *\([^[:space:]]*\).*/\1/p' "$headers" | head -n 1)
    rm -f "$headers"
    MCP_VERSION=$(sed -n 's/.*"protocolVersion":"\([^"]*\)".*/\1/p' <<<"$answer" | head -n 1)
    [ -n "$MCP_SESSION" ] && [ -n "$MCP_VERSION" ] || fail "MCP initialize gave no session (answer: $answer)"
    answer=$(post "$port" /mcp '{"jsonrpc":"2.0","method":"notifications/initialized"}' "$MCP_ACCEPT" \
        "Mcp-Session-Id: $MCP_SESSION" "MCP-Protocol-Version: $MCP_VERSION")
    [ "${answer##*$'\n'}" = 202 ] || fail "MCP notifications/initialized was not accepted: $answer"
    ROW_ENV[mcp-session]="BENCH_MCP_SESSION=$MCP_SESSION BENCH_MCP_VERSION=$MCP_VERSION"
}

# load_row ROW PHASE SECONDS: one wrk run of the row; the output in LOGS/wrk-ROW-PHASE.txt with the server's CPU
# ticks during it appended as "cpu_ticks N".
load_row() {
    local row=$1 phase=$2 seconds=$3 server=${ROW_SERVER[$1]} out cpu0 envs
    out=$LOGS/wrk-$row-$phase.txt
    read -ra envs <<<"${ROW_ENV[$row]:-}"
    cpu0=$(cpu_ticks "${SERVER_PID[$server]}")
    run_wrk "$out" "$CONNECTIONS" "$seconds" "benchmarks/${ROW_SCRIPT[$row]}" \
        "http://127.0.0.1:${SERVER_PORT[$server]}${ROW_PATH[$row]}" ${envs[@]+"${envs[@]}"}
    echo "cpu_ticks $(($(cpu_ticks "${SERVER_PID[$server]}") - cpu0))" >>"$out"
    case "$server" in agentport*) trim_log "$server" ;; esac
}

measure_throughput() {
    local server port row round
    say "throughput: ${#ROW_NAMES[@]} rows on 4 servers side by side, $CONNECTIONS connections, $THREADS wrk threads," \
        "$WARMUP_SECONDS s warm-up, $ROUNDS interleaved rounds of $DURATION_SECONDS s"
    for server in bare hand agentport agentport-mcp; do
        port=$(free_port)
        SERVER_PORT[$server]=$port
        case "$server" in
            bare) start_server bare "$port" -- -cp "$TEST_CLASSES:$JAR" "$BARE_MAIN" "$port" ;;
            hand) start_server hand "$port" -- -cp "$TEST_CLASSES:$JAR" "$HAND_MAIN" "$port" ;;
            agentport) start_agentport agentport "$port" ;;
            agentport-mcp) start_agentport agentport-mcp "$port" AGENT_MCP_SESSIONS=store ;;
        esac
        SERVER_PID[$server]=$STARTED_PID
    done
    await_bare "${SERVER_PORT[bare]}" "${SERVER_PID[bare]}" bare
    await_healthy "${SERVER_PORT[hand]}" "${SERVER_PID[hand]}" hand
    await_healthy "${SERVER_PORT[agentport]}" "${SERVER_PID[agentport]}" agentport
    await_healthy "${SERVER_PORT[agentport-mcp]}" "${SERVER_PID[agentport-mcp]}" agentport-mcp
    open_mcp_session
    for row in "${ROW_NAMES[@]}"; do
        check_row "$row"
    done
    for row in "${ROW_NAMES[@]}"; do
        say "warm-up: $row"
        load_row "$row" warmup "$WARMUP_SECONDS"
    done
    for round in $(seq "$ROUNDS"); do
        for row in "${ROW_NAMES[@]}"; do
            say "round $round of $ROUNDS: $row"
            load_row "$row" "round$round" "$DURATION_SECONDS"
        done
    done
    for row in "${ROW_NAMES[@]}"; do
        check_row "$row"
    done
    for server in bare hand agentport agentport-mcp; do
        stop_java "${SERVER_PID[$server]}"
    done
}

# row_figure ROW KEY: the median over the rounds of requests/s (rps), a percentile in ms (p50, p99), server CPU
# µs per request (cpu_us); or the sum of errors (errors: socket errors and non-2xx answers).
row_figure() {
    local row=$1 key=$2 round file hz
    hz=$(getconf CLK_TCK)
    for round in $(seq "$ROUNDS"); do
        file=$LOGS/wrk-$row-round$round.txt
        awk -v k="$key" -v hz="$hz" '{ v[$1] = $2 } END {
            if (k == "rps") printf "%.0f\n", v["requests"] / (v["duration_us"] / 1e6)
            else if (k == "p50" || k == "p99") printf "%.2f\n", v[k "_us"] / 1000
            else if (k == "cpu_us") printf "%.1f\n", v["cpu_ticks"] / hz * 1e6 / v["requests"]
            else if (k == "errors") print v["errors_socket"] + v["errors_status"] }' "$file"
    done | if [ "$key" = errors ]; then awk '{ s += $1 } END { print s + 0 }'; else median; fi
}

# ---------------------------------------------------------------- 5. 256 connections, fresh servers
measure_high() {
    local round kind port pid name
    say "$HIGH_CONNECTIONS connections: a fresh hand-written and a fresh AgentPort server per round, $ROUNDS rounds," \
        "load from the moment each is healthy: $WARMUP_SECONDS s, then $DURATION_SECONDS s measured"
    for round in $(seq "$ROUNDS"); do
        for kind in hand agentport; do
            port=$(free_port)
            name=high-$kind-$round
            if [ "$kind" = hand ]; then
                start_server "$name" "$port" -- -cp "$TEST_CLASSES:$JAR" "$HAND_MAIN" "$port"
            else
                start_agentport "$name" "$port"
            fi
            pid=$STARTED_PID
            await_healthy "$port" "$pid" "$name"
            run_wrk "$LOGS/wrk-$name-warmup.txt" "$HIGH_CONNECTIONS" "$WARMUP_SECONDS" benchmarks/invoke.lua \
                "http://127.0.0.1:$port/invoke"
            trim_log "$name"
            run_wrk "$LOGS/wrk-$name-measured.txt" "$HIGH_CONNECTIONS" "$DURATION_SECONDS" benchmarks/invoke.lua \
                "http://127.0.0.1:$port/invoke"
            check_answer "$name" "$(post "$port" /invoke '{"input":"hello"}')"
            stop_java "$pid"
            trim_log "$name"
        done
    done
}

# high_figure KIND KEY: p99 (median over rounds, ms, measured phase), rps (median), errors and timeouts (sums over
# both phases of every round: from the first second after healthy on).
high_figure() {
    local kind=$1 key=$2 round phase
    for round in $(seq "$ROUNDS"); do
        case "$key" in
            p99) awk '$1 == "p99_us" { printf "%.2f\n", $2 / 1000 }' "$LOGS/wrk-high-$kind-$round-measured.txt" ;;
            rps) awk '{ v[$1] = $2 } END { printf "%.0f\n", v["requests"] / (v["duration_us"] / 1e6) }' \
                "$LOGS/wrk-high-$kind-$round-measured.txt" ;;
            *) for phase in warmup measured; do
                   awk -v k="$key" '{ v[$1] = $2 } END {
                       if (k == "timeouts") print v["errors_timeout"] + 0
                       else print v["errors_socket"] - v["errors_timeout"] + v["errors_status"] }' \
                       "$LOGS/wrk-high-$kind-$round-$phase.txt"
               done ;;
        esac
    done | case "$key" in p99 | rps) median ;; *) awk '{ s += $1 } END { print s + 0 }' ;; esac
}

# ---------------------------------------------------------------- 6. memory after RSS_REQUESTS
measure_rss() {
    local port pid rate seconds done_requests=0 part=0 out
    port=$(free_port)
    start_agentport rss "$port"
    pid=$STARTED_PID
    await_healthy "$port" "$pid" rss
    read -r RSS_IDLE_HWM RSS_IDLE_KIB < <(memory_kib "$pid")
    rate=$(high_figure agentport rps)
    [[ "$rate" =~ ^[0-9.]+$ ]] && [ "${rate%.*}" -gt 0 ] || rate=5000
    say "memory: $RSS_REQUESTS POST /invoke at $HIGH_CONNECTIONS connections against a fresh AgentPort server" \
        "(about $(awk -v n="$RSS_REQUESTS" -v r="$rate" 'BEGIN { printf "%d", n / r }') s at the rate measured above)," \
        "in parts of at most 5 s"
    # In parts of at most 5 s, the last ones sized from the highest rate so far: the rate grows as the server warms
    # up and moves by half on a shared machine, so that one long run sized from an earlier rate would overshoot N.
    while [ "$done_requests" -lt "$RSS_REQUESTS" ] && [ "$part" -lt 2000 ]; do
        part=$((part + 1))
        seconds=$(awk -v n="$((RSS_REQUESTS - done_requests))" -v r="$rate" 'BEGIN {
            s = int(n / r * 1.02 + 1); print (s > 5) ? 5 : s }')
        out=$LOGS/wrk-rss-$part.txt
        run_wrk "$out" "$HIGH_CONNECTIONS" "$seconds" benchmarks/count.lua "http://127.0.0.1:$port/invoke"
        trim_log rss
        done_requests=$((done_requests + $(value requests "$out")))
        # The highest rate so far: a part sized from it falls short rather than overshoots, and the loop goes on.
        rate=$(awk -v best="$rate" '{ v[$1] = $2 } END { r = v["requests"] / (v["duration_us"] / 1e6)
            printf "%.0f", (r > best) ? r : best }' "$out")
    done
    RSS_DONE=$done_requests
    RSS_NON2XX=$(cat "$LOGS"/wrk-rss-*.txt | awk '$1 == "non2xx" { s += $2 } END { print s + 0 }')
    RSS_SOCKET=$(cat "$LOGS"/wrk-rss-*.txt | awk '$1 == "errors_socket" { s += $2 } END { print s + 0 }')
    read -r RSS_HWM_KIB RSS_KIB < <(memory_kib "$pid")
    check_answer rss "$(post "$port" /invoke '{"input":"hello"}')"
    stop_java "$pid"
}

# ---------------------------------------------------------------- 7. report
machine_facts() {
    local mem cpu
    mem=$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
    cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
    JAVA_VERSION=$("$JAVA" -version 2>&1 | sed -n 2p)
    MACHINE="nproc $(nproc) ($cpu), $mem memory, $(uname -sr)"
    COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
    if [ -n "$(git status --porcelain -- core-handlers adapter-helidon adapter-lambda 2>/dev/null)" ]; then
        COMMIT="$COMMIT, with uncommitted changes"
    fi
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }'; }
# verdict RATIO ge|le LIMIT [EXTRA-CONDITION 0|1]
verdict() {
    awk -v r="$1" -v op="$2" -v l="$3" -v x="${4:-1}" 'BEGIN {
        if (r == "-" || r == "") { print "not measured"; exit }
        ok = (op == "ge") ? (r + 0 >= l + 0) : (r + 0 <= l + 0)
        print (ok && x == 1) ? "met" : "**not met**" }'
}
thousands() {
    awk -v n="$1" 'BEGIN { if (n == "-" || n == "") { print "-"; exit }
        s = sprintf("%.0f", n); o = ""
        while (length(s) > 3) { o = "," substr(s, length(s) - 2) o; s = substr(s, 1, length(s) - 3) }
        print s o }'
}
# met VERDICT: the verdict as one word for the chart (met, not-met, not-measured).
met() { tr -d '*' | tr ' ' -; }

# The exact commands behind each figure, for the report.
how_it_was_measured() {
    local java_cp="java $SERVER_JAVA_OPTS -cp $TEST_CLASSES:$JAR" idle_mib
    idle_mib=$(awk -v k="$RSS_IDLE_KIB" 'BEGIN { printf "%.0f", k / 1024 }')
    cat <<EOF
How each figure was taken (the exact commands; PORT is a free port on 127.0.0.1):

- Servers. AgentPort: \`env ${AGENT_ENV[*]} PORT=… java $SERVER_JAVA_OPTS ${AOT_CACHE[*]-} -jar $JAR\`
  (the MCP-session row's server also with \`AGENT_MCP_SESSIONS=store\`): the default agent and the default log level
  (one access-log line per request). Bare: \`$java_cp $BARE_MAIN PORT\`. Hand-written: \`$java_cp $HAND_MAIN PORT\`
  (adapter-helidon's test code: reads and parses the body with Jackson, 400 on bad JSON or a missing \`input\`, a
  random session id when none is given, AgentPort's first-turn answer and headers; no session store, no auth, no
  access log).
- Throughput: the four servers run side by side; per row
  \`wrk -t$THREADS -c$CONNECTIONS -d${DURATION_SECONDS}s --timeout $WRK_TIMEOUT -s benchmarks/SCRIPT http://127.0.0.1:PORT/PATH\`
  with \`invoke.lua\` (\`{"input":"hello"}\` without a session: a new session each), \`daedalus.lua\` on \`/\` and
  \`a2a-1.0.lua\`, \`a2a-0.3.lua\` on \`/a2a\` (a new task in a new context each), \`mcp.lua\` on \`/mcp\` (stateless: a
  new conversation each; in a session: \`initialize\` once, then every call with \`Mcp-Session-Id\` and
  \`MCP-Protocol-Version\`, continuing the session's one conversation, whose history fills up to its cap). One
  warm-up of $WARMUP_SECONDS s per row, then $ROUNDS rounds, each round every row in turn. Each row's request was
  sent once with curl before and after the load and had to answer 200 with the agent's reply.
- $HIGH_CONNECTIONS connections: per round a fresh hand-written server, then a fresh AgentPort server; as soon as
  \`/health\` answers healthy,
  \`wrk -t$THREADS -c$HIGH_CONNECTIONS -d${WARMUP_SECONDS}s --timeout $WRK_TIMEOUT -s benchmarks/invoke.lua http://127.0.0.1:PORT/invoke\`,
  then the same for $DURATION_SECONDS s, measured. p99 is the median over $ROUNDS rounds of the measured part;
  timeouts (wrk's, $WRK_TIMEOUT) and other errors (connect, read, write, answers of 400 or more) are summed over
  both parts of every round.
- Memory: a fresh AgentPort server (idle after start: $idle_mib MiB), then
  \`wrk -t$THREADS -c$HIGH_CONNECTIONS -d… --timeout $WRK_TIMEOUT -s benchmarks/count.lua http://127.0.0.1:PORT/invoke\`
  in parts of at most 5 s (the last ones sized from the highest rate so far), until at least
  N=$(thousands "$RSS_REQUESTS") (\`RSS_REQUESTS\`) requests were answered; then VmRSS and VmHWM from
  \`/proc/PID/status\` (MB = 10^6 bytes).
- Start-up: from launching \`PORT=… adapter-helidon/run-local\` (bash, JDK lookup, its class-data archive,
  \`-XX:+UseG1GC -Xms160m -Xmx160m\`) to the first \`GET /health\` that says healthy, and from launching
  \`java -cp $TEST_CLASSES:$JAR $BARE_MAIN PORT\` (no flags) to its first answer; curl polls every few ms;
  $STARTUP_RUNS runs each, interleaved, after one untimed run of each.
EOF
    if [ -z "$LAMBDA_NOTE" ]; then
        cat <<EOF
- Lambda cold start: \`lambda-local/bench-coldstart 1 trivial\`, \`… 1 buffered\`, \`… 1 buffered-custom\` (the
  buffered handler run by the runtime interface client from the streaming zip's bootstrap, \`provided.al2023\`),
  \`… 1 streaming\`, in turn,
  $COLDSTART_RUNS times; the figure is the median of the function's init (its process's start to its first
  \`invocation/next\`) plus its first invocation (the event given to the runtime to its answer), as AWS reports a cold
  start: the runtime's wait for the emulator's first request is left out, for every function alike. The trivial
  handler is \`dev.agentport.lambda.bench.TrivialHandler\` (adapter-lambda's test code)
  in the buffered runtime's launch. Emulator start to first HTTP 200, medians: trivial
  $(coldstart_median trivial front) ms, buffered $(coldstart_median buffered front) ms, buffered on the custom
  runtime $(coldstart_median buffered-custom front) ms, streaming
  $(coldstart_median streaming front) ms.
EOF
    fi
    cat <<EOF
- Not in this run: the trivial handler in the streaming runtime's launch (a custom runtime of its own; the streaming
  zip is compared with the trivial handler of the managed runtime), Cloud Functions (\`adapter-gcf/bench-start\`),
  the Lambda adapter's warm overhead (JMH), streams, and AgentPort with a session store other than memory.
EOF
}

write_report() {
    local bare hand invoke row r label
    bare=$(row_figure bare rps)
    hand=$(row_figure hand rps)
    invoke=$(row_figure invoke rps)

    local high_hand_p99 high_ap_p99 high_ratio high_ap_timeouts high_ap_errors high_hand_timeouts high_hand_errors
    high_hand_p99=$(high_figure hand p99)
    high_ap_p99=$(high_figure agentport p99)
    high_ratio=$(ratio "$high_ap_p99" "$high_hand_p99")
    high_ap_timeouts=$(high_figure agentport timeouts)
    high_ap_errors=$(high_figure agentport errors)
    high_hand_timeouts=$(high_figure hand timeouts)
    high_hand_errors=$(high_figure hand errors)
    local no_timeouts=0
    [ "$high_ap_timeouts" != 0 ] || no_timeouts=1

    local start_rl start_bare start_ratio
    start_rl=$(awk '$1 == "run-local" { print $2 }' "$WORK/startup.txt" | median | xargs printf '%.0f')
    start_bare=$(awk '$1 == "bare" { print $2 }' "$WORK/startup.txt" | median | xargs printf '%.0f')
    start_ratio=$(ratio "$start_rl" "$start_bare")

    local cs_trivial="-" cs_buffered="-" cs_buffered_custom="-" cs_streaming="-"
    if [ -z "$LAMBDA_NOTE" ]; then
        cs_trivial=$(coldstart_median trivial)
        cs_buffered=$(coldstart_median buffered)
        cs_buffered_custom=$(coldstart_median buffered-custom)
        cs_streaming=$(coldstart_median streaming)
    fi

    local rss_mib rss_mb hwm_mib rss_ratio
    rss_mib=$(awk -v k="$RSS_KIB" 'BEGIN { printf "%.0f", k / 1024 }')
    rss_mb=$(awk -v k="$RSS_KIB" 'BEGIN { printf "%.0f", k * 1024 / 1e6 }')
    hwm_mib=$(awk -v k="$RSS_HWM_KIB" 'BEGIN { printf "%.0f", k / 1024 }')
    rss_ratio=$(awk -v m="$rss_mb" 'BEGIN { printf "%.2f", m / 300 }')

    # The chart's input.
    local data=$WORK/chart.tsv
    {
        printf 'title\t%sbenchmarks/all.sh, %s, nproc %s, load average %s at the start\n' \
            "$([ "$QUICK" = 1 ] && echo 'QUICK=1 smoke run (not measurements): ')" "$RUN_DATE" "$(nproc)" \
            "$LOADAVG_BEFORE"
        for row in "${ROW_NAMES[@]}"; do
            r=$(row_figure "$row" rps)
            case "$row" in
                bare) label="ceiling" ;;
                hand) label="$(ratio "$hand" "$bare") of bare" ;;
                invoke) label="$(ratio "$invoke" "$hand") of hand-written" ;;
                *) label="$(ratio "$r" "$invoke") of /invoke" ;;
            esac
            printf 'rps\t%s\t%s\t%s\n' "${ROW_LABEL[$row]}" "$r" "$label"
        done
        printf 'target\t/invoke vs hand-written (requests/s)\t%s\t0.85\tge\t%s\t\n' "$(ratio "$invoke" "$hand")" \
            "$(verdict "$(ratio "$invoke" "$hand")" ge 0.85 | met)"
        for row in daedalus a2a-1.0 a2a-0.3 mcp-stateless mcp-session; do
            r=$(ratio "$(row_figure "$row" rps)" "$invoke")
            printf 'target\t%s vs /invoke\t%s\t0.8\tge\t%s\t\n' "$row" "$r" "$(verdict "$r" ge 0.8 | met)"
        done
        printf 'target\t%s conn. p99 vs hand-written\t%s\t1.5\tle\t%s\t%s timeouts\n' "$HIGH_CONNECTIONS" \
            "$high_ratio" "$(verdict "$high_ratio" le 1.5 "$no_timeouts" | met)" "$high_ap_timeouts"
        # The buffered target is judged on the custom runtime; the managed java21 row is reported in the table.
        for r in buffered-custom streaming; do
            local figure
            figure=$(ratio "$([ "$r" = buffered-custom ] && echo "$cs_buffered_custom" || echo "$cs_streaming")" \
                "$cs_trivial")
            printf 'target\tLambda cold start %s vs trivial\t%s\t1.2\tle\t%s\t\n' "$r" "$figure" \
                "$(verdict "$figure" le 1.2 | met)"
        done
        printf 'target\thealthy: run-local vs bare, no flags\t%s\t0.5\tle\t%s\t\n' "$start_ratio" \
            "$(verdict "$start_ratio" le 0.5 | met)"
        printf 'target\tRSS after %s requests / 300 MB\t%s\t1\tle\t%s\t%s MB\n' "$(thousands "$RSS_DONE")" \
            "$rss_ratio" "$(verdict "$rss_ratio" le 1 | met)" "$rss_mb"
    } >"$data"
    mkdir -p "$(dirname "$CHART")"
    "$JAVA" -Djava.awt.headless=true -cp "$TEST_CLASSES" "$CHART_MAIN" "$data" "$CHART" \
        || say "the chart could not be drawn; the table is written all the same"

    local section=$WORK/section.md chart_link
    chart_link=$(realpath -m --relative-to="$(dirname "$OUTPUT")" "$CHART")
    {
        echo "## All comparisons in one run"
        echo
        echo "<!-- Written by benchmarks/all.sh; every run replaces this section, up to the end marker. -->"
        echo
        echo "\`$COMMAND_LINE\` on $RUN_DATE, $(awk -v s="$SECONDS" 'BEGIN { printf "%d min %d s", s / 60, s % 60 }')" \
            "(commit $COMMIT). Machine: $MACHINE; $JAVA_VERSION. Load at the start: $LOAD_BEFORE; at the end:" \
            "$(other_work)."
        echo "${BENCH_NOTE:-The machine was shared with the builds and tests of others: the figures are noisy.}"
        echo "Compare the rows of this run with each other (the servers ran side by side, in interleaved rounds), not"
        echo "with other runs. Benchmarks are not tests: no test asserts a timing."
        if [ "$QUICK" = 1 ]; then
            echo
            echo "**QUICK=1: a smoke run with short phases; these figures are not measurements.**"
        fi
        echo
        echo "![requests/s per server and face, and each target's ratio]($chart_link)"
        echo
        echo "| comparison | figure | ratio | target | |"
        echo "|---|---|---:|---|---|"
        echo "| ${ROW_LABEL[bare]} | $(thousands "$bare") requests/s | | the ceiling | |"
        echo "| ${ROW_LABEL[hand]} | $(thousands "$hand") requests/s | $(ratio "$hand" "$bare") of bare |" \
            "the second ceiling | |"
        echo "| ${ROW_LABEL[invoke]} | $(thousands "$invoke") requests/s | $(ratio "$invoke" "$hand") of hand-written" \
            "($(ratio "$invoke" "$bare") of bare) | at least 0.85 of hand-written |" \
            "$(verdict "$(ratio "$invoke" "$hand")" ge 0.85) |"
        for row in daedalus a2a-1.0 a2a-0.3 mcp-stateless mcp-session; do
            r=$(ratio "$(row_figure "$row" rps)" "$invoke")
            echo "| ${ROW_LABEL[$row]} | $(thousands "$(row_figure "$row" rps)") requests/s | $r of /invoke |" \
                "at least 0.8 of /invoke | $(verdict "$r" ge 0.8) |"
        done
        echo "| $HIGH_CONNECTIONS connections, fresh servers, from the first second after healthy: p99 |" \
            "AgentPort $high_ap_p99 ms, $high_ap_timeouts timeouts, $high_ap_errors other errors; hand-written" \
            "$high_hand_p99 ms, $high_hand_timeouts timeouts, $high_hand_errors other errors |" \
            "$high_ratio× | at most 1.5× with 0 timeouts |" \
            "$(verdict "$high_ratio" le 1.5 "$no_timeouts") |"
        if [ -z "$LAMBDA_NOTE" ]; then
            echo "| Lambda cold start, buffered zip on the managed java21 runtime (init + first invocation, median) |" \
                "$cs_buffered ms; trivial handler $cs_trivial ms | $(ratio "$cs_buffered" "$cs_trivial")× |" \
                "reported: the buffered target is judged on the custom runtime (next row) | |"
            echo "| Lambda cold start, buffered handler on the custom runtime (the streaming zip's bootstrap; same) |" \
                "$cs_buffered_custom ms; trivial handler $cs_trivial ms |" \
                "$(ratio "$cs_buffered_custom" "$cs_trivial")× | at most 1.2× |" \
                "$(verdict "$(ratio "$cs_buffered_custom" "$cs_trivial")" le 1.2) |"
            echo "| Lambda cold start, streaming zip (same) | $cs_streaming ms; trivial handler $cs_trivial ms |" \
                "$(ratio "$cs_streaming" "$cs_trivial")× | at most 1.2× |" \
                "$(verdict "$(ratio "$cs_streaming" "$cs_trivial")" le 1.2) |"
        else
            echo "| Lambda cold start, buffered and streaming | $LAMBDA_NOTE | | at most 1.2× | not measured |"
        fi
        echo "| healthy after start (launch to first answer, median) | \`adapter-helidon/run-local\` $start_rl ms;" \
            "bare Helidon, same jar, no flags $start_bare ms | $start_ratio× | at most 0.5× |" \
            "$(verdict "$start_ratio" le 0.5) |"
        echo "| RSS of the AgentPort server after $(thousands "$RSS_DONE") \`POST /invoke\` at $HIGH_CONNECTIONS" \
            "connections (N=$(thousands "$RSS_REQUESTS")) | $rss_mb MB ($rss_mib MiB; peak $hwm_mib MiB;" \
            "$RSS_NON2XX non-2xx, $RSS_SOCKET socket errors) | | at most 300 MB | $(verdict "$rss_ratio" le 1) |"
        echo
        echo "Throughput at $CONNECTIONS connections, medians of $ROUNDS rounds of $DURATION_SECONDS s (server CPU is"
        echo "the server process's user + system time during the round over its requests; errors are socket errors and"
        echo "answers of 400 or more, summed over the rounds):"
        echo
        echo "| server and face | requests/s | p50 ms | p99 ms | server CPU µs/request | errors |" \
            "requests/s per round |"
        echo "|---|---:|---:|---:|---:|---:|---|"
        for row in "${ROW_NAMES[@]}"; do
            local per_round
            per_round=$(for r in $(seq "$ROUNDS"); do
                awk '{ v[$1] = $2 } END { printf "%.0f\n", v["requests"] / (v["duration_us"] / 1e6) }' \
                    "$LOGS/wrk-$row-round$r.txt"
            done | paste -sd' ')
            echo "| ${ROW_LABEL[$row]} | $(thousands "$(row_figure "$row" rps)") | $(row_figure "$row" p50) |" \
                "$(row_figure "$row" p99) | $(row_figure "$row" cpu_us) | $(row_figure "$row" errors) | $per_round |"
        done
        echo
        how_it_was_measured
        echo
        echo "<!-- end of the section written by benchmarks/all.sh -->"
    } >"$section"

    mkdir -p "$(dirname "$OUTPUT")"
    [ -f "$OUTPUT" ] || : >"$OUTPUT"
    replace_section "$OUTPUT" "$section"
}

# replace_section FILE SECTION: puts SECTION in place of the one from "## All comparisons in one run" to the end
# marker; the first time, before "## Targets" (or at the end when there is no such heading).
replace_section() {
    local file=$1 section=$2 tmp
    tmp=$(mktemp)
    if grep -q '^## All comparisons in one run$' "$file"; then
        awk -v section="$section" '
            skipping { if ($0 ~ /^<!-- end of the section written by benchmarks\/all.sh -->$/) skipping = 0; next }
            /^## All comparisons in one run$/ {
                while ((getline line < section) > 0) print line
                skipping = 1; next }
            { print }' "$file" >"$tmp"
    else
        awk -v section="$section" '
            function put() { while ((getline line < section) > 0) print line; print ""; done = 1 }
            /^## Targets$/ && !done { put() }
            { print }
            END { if (!done) { print ""; put() } }' "$file" >"$tmp"
    fi
    cat "$tmp" >"$file"
    rm -f "$tmp"
}

# ---------------------------------------------------------------- main
main() {
    mkdir -p "$LOGS"
    rm -f "$LOGS"/*.log "$LOGS"/*.txt
    need_tools
    RUN_DATE=$(date -u '+%Y-%m-%d %H:%M UTC')
    LOAD_BEFORE=$(other_work)
    LOADAVG_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
    machine_facts
    say "$COMMAND_LINE: $MACHINE; $JAVA_VERSION; $LOAD_BEFORE; time limit $LIMIT s"
    build
    measure_startup
    measure_coldstart
    measure_throughput
    measure_high
    measure_rss
    say "memory: N=$RSS_REQUESTS requested, $RSS_DONE answered"
    write_report
    say "done in ${SECONDS} s; the section is in $OUTPUT, the chart in $CHART"
    sed -n '/^## All comparisons in one run$/,/^<!-- end of the section/p' "$OUTPUT" | sed -n '/^| comparison/,/^$/p'
}

main
