#!/usr/bin/env bash
# Helidon start-up as a user gets it: from launching a command to the first healthy GET /health, for
#   run-local   adapter-helidon/run-local (bash, the JDK lookup, the AOT cache or CDS archive the build made)
#   bare        java -jar adapter-helidon/target/agentport-server.jar, no flags
# in interleaved rounds (one of each per round, so that whatever else the machine does weighs on both alike), then
# the median, min and max of each and the ratio of the medians. Needs the jar built (run-local builds it) and curl.
#
# Usage: benchmarks/startup.sh [rounds]      (default 10; prints the load average with every run)
#   OTHER_RUN_LOCAL=path/to/another/checkout/adapter-helidon/run-local adds two columns, in the same rounds: that
#   checkout's run-local with its own jar and archive (e.g. the commit before a change), and a bare java -jar of its jar.
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

# time_start NAME COMMAND...: starts the command with PORT set, waits until /health says healthy, prints the ms.
time_start() {
    local name=$1 port t0 pid log
    shift
    port=$(free_port)
    log=$WORK/$name.log
    t0=$(now_us)
    PORT=$port "$@" >"$log" 2>&1 &
    pid=$!
    PIDS+=("$pid")
    until curl -s --max-time 1 "http://127.0.0.1:$port/health" 2>/dev/null | grep -q '"status":"healthy"'; do
        kill -0 "$pid" 2>/dev/null || { tail -n 20 "$log" >&2; fail "$name exited before it was healthy"; }
        sleep 0.003
    done
    echo $((($(now_us) - t0) / 1000))
    stop_pid "$pid"
    PIDS=()
}

stats() {
    sort -n | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
                                       printf "%d %d %d\n", m, v[1], v[NR] }'
}

OTHER=${OTHER_RUN_LOCAL:-}
OTHER_JAR=${OTHER:+$(dirname "$OTHER")/target/agentport-server.jar}
echo "round run-local_ms bare_ms load1${OTHER:+ other_run-local_ms other_bare_ms}   ($(java -version 2>&1 | head -n 1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
local_ms=()
bare_ms=()
other_ms=()
other_bare_ms=()
for round in $(seq "$ROUNDS"); do
    local_ms+=("$(time_start run-local adapter-helidon/run-local)")
    bare_ms+=("$(time_start bare java -jar "$JAR")")
    if [ -n "$OTHER" ]; then
        other_ms+=("$(time_start other "$OTHER")")
        other_bare_ms+=("$(time_start other-bare java -jar "$OTHER_JAR")")
    fi
    echo "$round ${local_ms[-1]} ${bare_ms[-1]} $(cut -d' ' -f1 /proc/loadavg)${OTHER:+ ${other_ms[-1]:-} ${other_bare_ms[-1]:-}}"
done
read -r lm lmin lmax < <(printf '%s\n' "${local_ms[@]}" | stats)
read -r bm bmin bmax < <(printf '%s\n' "${bare_ms[@]}" | stats)
echo "run-local: median $lm ms, min $lmin, max $lmax"
echo "bare java -jar: median $bm ms, min $bmin, max $bmax"
awk -v l="$lm" -v b="$bm" 'BEGIN { printf "run-local / bare (medians): %.2f\n", l / b }'
if [ -n "$OTHER" ]; then
    read -r om omin omax < <(printf '%s\n' "${other_ms[@]}" | stats)
    read -r obm obmin obmax < <(printf '%s\n' "${other_bare_ms[@]}" | stats)
    echo "other run-local: median $om ms, min $omin, max $omax"
    echo "other bare java -jar: median $obm ms, min $obmin, max $obmax"
    awk -v l="$om" -v b="$obm" 'BEGIN { printf "other run-local / other bare (medians): %.2f\n", l / b }'
fi
rm -rf "$WORK"
