# Shared by the load and soak scripts in benchmarks/: starts the packaged Helidon server on 127.0.0.1 and stops
# every process it started, even when interrupted. Source it from the repository root after `set -Eeuo pipefail`.
. .mvn/find-jdk.sh

JAR=adapter-helidon/target/agentport-server.jar
# The same heap cap as adapter-helidon/run-local: the JVM's default is a quarter of the machine's memory.
SERVER_JAVA_OPTS=${SERVER_JAVA_OPTS:--Xmx512m}
LOGS=${BENCH_LOGS:-adapter-helidon/target/bench/logs}
mkdir -p "$LOGS"

. benchmarks/processes.sh

build_if_missing() {
    if [ ! -f "$JAR" ] || [ -n "$(find pom.xml base/src/main core-handlers/src/main logging-json/src/main helidon-transport/src/main adapter-helidon/src/main \
            -type f -newer "$JAR" -print -quit)" ]; then
        say "building the server jar"
        ./mvnw -q -B -pl adapter-helidon -am package -DskipTests >"$LOGS/build.log" 2>&1 \
            || { tail -n 30 "$LOGS/build.log" >&2; fail "the build failed (log: $LOGS/build.log)"; }
    fi
}

# start_server LOG [VAR=VALUE...]: the packaged server on a free port with SERVER_JAVA_OPTS; sets SERVER_PID and
# SERVER_PORT and waits until /health says healthy.
start_server() {
    local log=$1 opts i
    shift
    SERVER_PORT=$(free_port)
    read -ra opts <<<"$SERVER_JAVA_OPTS"
    env "$@" PORT="$SERVER_PORT" java "${opts[@]}" -jar "$JAR" >"$log" 2>&1 &
    SERVER_PID=$!
    PIDS+=("$SERVER_PID")
    for i in $(seq 600); do
        curl -s --max-time 1 "http://127.0.0.1:$SERVER_PORT/health" 2>/dev/null | grep -q '"status":"healthy"' && return 0
        kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 20 "$log" >&2; fail "the server exited (log: $log)"; }
        sleep 0.1
    done
    fail "the server was not healthy within 60 s (log: $log)"
}

# memory PID: "VmHWM VmRSS" in MiB, from /proc/PID/status.
memory() {
    awk '/^VmHWM:/ { hwm = $2 } /^VmRSS:/ { rss = $2 } END { printf "%.0f %.0f\n", hwm / 1024, rss / 1024 }' \
        "/proc/$1/status"
}

machine() {
    local mem cpu
    mem=$(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
    cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)
    echo "$(nproc) cores ($cpu), $mem, $(java -version 2>&1 | sed -n 2p), load average $(cut -d' ' -f1-3 /proc/loadavg)"
}
