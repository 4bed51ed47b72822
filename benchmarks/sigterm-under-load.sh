#!/usr/bin/env bash
# SIGTERM under load: benchmarks/SigtermUnderLoad.java keeps CONNECTIONS keep-alive connections busy with POST /invoke
# (every eighth a short POST /stream of five words, some 200 ms) against the packaged Helidon server; after
# LOAD_SECONDS the server gets SIGTERM while the load goes on. Every attempt is counted: a complete answer (by
# status: 200 before and during the drain, 503 SHUTTING_DOWN for a run asked for during it), an answer cut short
# (must be 0), a refused connection (the listener has closed), or a request written on a keep-alive connection that
# the server closed without answering (never accepted). Prints the counts, the exit code and the time to exit.
#
# Usage: benchmarks/sigterm-under-load.sh
# Knobs (environment): CONNECTIONS (64), LOAD_SECONDS (8), SERVER_JAVA_OPTS (-Xmx512m),
#   AGENT_SHUTDOWN_GRACE_SECONDS (8). Needs curl and a JDK. Talks to 127.0.0.1 only.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. benchmarks/server-lib.sh

CONNECTIONS=${CONNECTIONS:-64}
LOAD_SECONDS=${LOAD_SECONDS:-8}
GRACE=${AGENT_SHUTDOWN_GRACE_SECONDS:-8}

need curl
build_if_missing
say "machine: $(machine)"
start_server "$LOGS/sigterm-server.log" LOG_LEVEL=INFO AGENT_SHUTDOWN_GRACE_SECONDS="$GRACE"
say "load: $CONNECTIONS connections; SIGTERM after $LOAD_SECONDS s"
java benchmarks/SigtermUnderLoad.java "$SERVER_PORT" "$CONNECTIONS" $((LOAD_SECONDS + GRACE + 15)) \
    >"$LOGS/sigterm-client.txt" 2>&1 &
client=$!
PIDS+=("$client")
sleep "$LOAD_SECONDS"
signalled=$EPOCHREALTIME
kill -TERM "$SERVER_PID"
exit_code=0
wait "$SERVER_PID" || exit_code=$?
exited=$EPOCHREALTIME
wait "$client" || fail "the client failed: $(cat "$LOGS/sigterm-client.txt")"
cat "$LOGS/sigterm-client.txt"
awk -v a="$signalled" -v b="$exited" -v code="$exit_code" \
    'BEGIN { printf "server exit code %d, %.2f s after SIGTERM\n", code, b - a }'
grep -q '^cut ' "$LOGS/sigterm-client.txt" && fail "some answers were cut short"
say "no answer was cut short"
