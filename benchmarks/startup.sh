#!/usr/bin/env bash
# Helidon start-up as a user gets it: from launching a command to the first healthy GET /health, for
#   run-local   adapter-helidon/run-local (bash, the JDK lookup, the AOT cache or CDS archive the build made)
#   bare        java -jar adapter-helidon/target/agentport-server.jar, no flags
# in interleaved rounds (one of each per round, so that whatever else the machine does weighs on both alike), then
# the median, min and max of each and the ratio of the medians. Also the CPU time each process had used by then (user
# and system, its own and its waited-for children's, from /proc/PID/stat: for run-local the script's and its forks' as
# well as the JVM's), which a busy machine moves less than the wall time. Needs the jar built (run-local builds it) and
# curl.
#
# Usage: benchmarks/startup.sh [rounds]      (default 10; prints the load average with every run)
#   OTHER_RUN_LOCAL=path/to/another/checkout/adapter-helidon/run-local adds two columns, in the same rounds: that
#   checkout's run-local with its own jar and archive (e.g. the commit before a change), and a bare java -jar of its jar.
#   BARE=helidon makes the bare columns all.sh's bare Helidon server, as all.sh times it: java -cp
#   adapter-helidon/target/test-classes:JAR dev.agentport.helidon.bench.BareHelidonServer, no flags, to its first
#   answer (it answers every path with fixed bytes). Needs adapter-helidon's test classes (test-compile).
# Talks to 127.0.0.1 only; stops every server it started, also when interrupted.
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
. .mvn/find-jdk.sh
. benchmarks/processes.sh
need curl

ROUNDS=${1:-10}
JAR=adapter-helidon/target/agentport-server.jar
[ -f "$JAR" ] || fail "$JAR is missing: build it first (adapter-helidon/run-local builds it)"
WORK=$(mktemp -d)

now_us() { local t=$EPOCHREALTIME; echo "${t/./}"; }

# time_start NAME READY COMMAND...: starts the command with PORT set, waits until GET /health answers with READY in
# its body, prints the ms and the CPU ms the process had used.
time_start() {
    local name=$1 ready=$2 port t0 pid log
    shift 2
    port=$(free_port)
    log=$WORK/$name.log
    t0=$(now_us)
    PORT=$port "$@" >"$log" 2>&1 &
    pid=$!
    PIDS+=("$pid")
    until curl -s --max-time 1 "http://127.0.0.1:$port/health" 2>/dev/null | grep -qF "$ready"; do
        kill -0 "$pid" 2>/dev/null || { tail -n 20 "$log" >&2; fail "$name exited before it was healthy"; }
        sleep 0.003
    done
    local wall=$((($(now_us) - t0) / 1000)) stat
    read -ra stat <"/proc/$pid/stat"
    # utime stime cutime cstime, in clock ticks, counted from the end of the "(comm)" field
    local n=${#stat[@]} i
    for i in "${!stat[@]}"; do [[ ${stat[$i]} == *")" ]] && n=$i; done
    echo "$wall $(((stat[n + 12] + stat[n + 13] + stat[n + 14] + stat[n + 15]) * 1000 / TICKS))"
    stop_pid "$pid"
    PIDS=()
}

# stats [COLUMN]: the median, min and max of one column (1: wall ms, 2: CPU ms) of the lines on stdin.
stats() {
    awk -v c="${1:-1}" '{ print $c }' | sort -n \
        | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
                                   printf "%d %d %d\n", m, v[1], v[NR] }'
}

# summary LABEL RUNS...: the medians, min and max of wall and CPU time of one command's runs ("wall cpu" each).
summary() {
    local label=$1 m min max cm cmin cmax
    shift
    read -r m min max < <(printf '%s\n' "$@" | stats 1)
    read -r cm cmin cmax < <(printf '%s\n' "$@" | stats 2)
    echo "$label: median $m ms, min $min, max $max; CPU median $cm ms, min $cmin, max $cmax"
}

# ratio A_RUNS B_RUNS (each as one string of "wall cpu" lines): the ratio of the wall and of the CPU medians.
ratio() {
    local a b ac bc
    read -r a _ < <(printf '%s\n' "$1" | stats 1)
    read -r b _ < <(printf '%s\n' "$2" | stats 1)
    read -r ac _ < <(printf '%s\n' "$1" | stats 2)
    read -r bc _ < <(printf '%s\n' "$2" | stats 2)
    awk -v a="$a" -v b="$b" -v ac="$ac" -v bc="$bc" 'BEGIN { printf "%.2f (CPU %.2f)\n", a / b, ac / bc }'
}

OTHER=${OTHER_RUN_LOCAL:-}
OTHER_JAR=${OTHER:+$(dirname "$OTHER")/target/agentport-server.jar}
HEALTHY='"status":"healthy"'
BARE_MAIN=dev.agentport.helidon.bench.BareHelidonServer
# bare_command JAR: sets bare_cmd to the bare server of that jar, as BARE says.
bare_command() {
    if [ "${BARE:-jar}" = helidon ]; then
        local classes
        classes=$(dirname "$1")/test-classes
        [ -f "$classes/${BARE_MAIN//.//}.class" ] \
            || fail "$classes has no $BARE_MAIN: run ./mvnw -pl adapter-helidon -am test-compile"
        bare_cmd=(java -cp "$classes:$1" "$BARE_MAIN")
    else
        bare_cmd=(java -jar "$1")
    fi
}
if [ "${BARE:-jar}" = helidon ]; then
    BARE_READY='"output"'
    BARE_LABEL="bare Helidon server"
else
    BARE_READY=$HEALTHY
    BARE_LABEL="bare java -jar"
fi
other_bare_cmd=()
if [ -n "$OTHER" ]; then
    bare_command "$OTHER_JAR"
    other_bare_cmd=("${bare_cmd[@]}")
fi
bare_command "$JAR"
TICKS=$(getconf CLK_TCK)
echo "round run-local_ms cpu_ms bare_ms cpu_ms load1${OTHER:+ other_run-local_ms cpu_ms other_bare_ms cpu_ms}   ($(java -version 2>&1 | head -n 1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
local_ms=()
bare_ms=()
other_ms=()
other_bare_ms=()
for round in $(seq "$ROUNDS"); do
    local_ms+=("$(time_start run-local "$HEALTHY" adapter-helidon/run-local)")
    bare_ms+=("$(time_start bare "$BARE_READY" "${bare_cmd[@]}")")
    if [ -n "$OTHER" ]; then
        other_ms+=("$(time_start other "$HEALTHY" "$OTHER")")
        other_bare_ms+=("$(time_start other-bare "$BARE_READY" "${other_bare_cmd[@]}")")
    fi
    echo "$round ${local_ms[-1]} ${bare_ms[-1]} $(cut -d' ' -f1 /proc/loadavg)${OTHER:+ ${other_ms[-1]:-} ${other_bare_ms[-1]:-}}"
done
summary run-local "${local_ms[@]}"
summary "$BARE_LABEL" "${bare_ms[@]}"
echo "run-local / bare (medians): $(ratio "$(printf '%s\n' "${local_ms[@]}")" "$(printf '%s\n' "${bare_ms[@]}")")"
if [ -n "$OTHER" ]; then
    summary "other run-local" "${other_ms[@]}"
    summary "other $BARE_LABEL" "${other_bare_ms[@]}"
    echo "other run-local / other bare (medians): $(ratio "$(printf '%s\n' "${other_ms[@]}")" \
        "$(printf '%s\n' "${other_bare_ms[@]}")")"
fi
rm -rf "$WORK"
