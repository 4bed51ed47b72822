# Shared by every script in benchmarks/: log lines, and every process a script starts (its pid added to PIDS) stopped
# on exit, even when interrupted. Source it after `set -Eeuo pipefail`.

say() { printf '[%s %s] %s\n' "$(basename "$0" .sh)" "$(date +%H:%M:%S)" "$*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

PIDS=()

# free_port: a port on 127.0.0.1 nothing listens on (a connection to it is refused), below the ephemeral range, where
# a client's own ports are (a server asked to bind one of those can find it taken).
free_port() {
    local port
    while :; do
        port=$((20000 + RANDOM % 12000))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
    done
}

# stop_pid PID [GRACE-SECONDS]: SIGTERM, then SIGKILL after the grace period (5 s unless given).
stop_pid() {
    local pid=$1 grace=${2:-5} i
    kill -TERM "$pid" 2>/dev/null || return 0
    for i in $(seq $((grace * 10))); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do
        stop_pid "$pid" 5
    done
    PIDS=()
}
trap cleanup EXIT
trap 'say "interrupted; stopping what was started"; exit 143' INT TERM

need() {
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 || fail "needs $tool (Debian/Ubuntu: apt-get install -y $tool)"
    done
}
