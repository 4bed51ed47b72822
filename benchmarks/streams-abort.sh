#!/usr/bin/env bash
# Soak: 10,000 streams aborted mid-way against the packaged Helidon server, cycling through the streaming forms
# (AgentBreeder /stream, Daedalus POST / with text/event-stream, A2A JSON-RPC message/stream, MCP tools/call with a
# progress token); each client drops its connection (a reset) once the first event has arrived. Prints, at a baseline
# taken after a warm-up and again after the soak: the JVM's threads (virtual ones included, from a thread dump), the
# server's open file descriptors (/proc/<pid>/fd) and the heap used after a full GC (jcmd). Threads are the process's
# own (/proc/<pid>/status); a virtual thread left behind would show in the heap, which holds its stack. (A thread
# dump with virtual threads, jcmd Thread.dump_to_file, crashed Temurin 25.0.3 here in the middle of the soak.)
#
# Usage: benchmarks/streams-abort.sh
# Knobs (environment): STREAMS (10000), CONCURRENCY (64), WARMUP_STREAMS (400), SERVER_JAVA_OPTS (-Xmx512m).
# Needs curl and a JDK (jcmd). Talks to 127.0.0.1 only.
set -Eeuo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
. benchmarks/server-lib.sh

STREAMS=${STREAMS:-10000}
CONCURRENCY=${CONCURRENCY:-64}
WARMUP_STREAMS=${WARMUP_STREAMS:-400}
# A stream's run takes about 4 s (100 words, 40 ms apart). The A2A forms (Daedalus, JSON-RPC) run their task to its
# end whoever listens, as the contract asks, so the figures are taken once those runs are over too.
SETTLE_SECONDS=${SETTLE_SECONDS:-10}

need curl jcmd
build_if_missing

# snapshot [SETTLE-SECONDS]: "threads fds heap-KiB" after a full GC, once the runs of the last streams have ended.
snapshot() {
    local threads fds heap
    sleep "${1:-$SETTLE_SECONDS}"
    jcmd "$SERVER_PID" GC.run >/dev/null
    threads=$(awk '/^Threads:/ { print $2 }' "/proc/$SERVER_PID/status")
    fds=$(find "/proc/$SERVER_PID/fd" -mindepth 1 | wc -l)
    heap=$(jcmd "$SERVER_PID" GC.heap_info | grep -o 'used [0-9]*K' | head -n 1 | grep -o '[0-9]*')
    echo "$threads $fds $heap"
}

say "machine: $(machine)"
start_server "$LOGS/streams-abort-server.log" LOG_LEVEL=WARN
say "warm-up: $WARMUP_STREAMS aborted streams"
java benchmarks/AbortStreams.java "$SERVER_PORT" "$WARMUP_STREAMS" "$CONCURRENCY" >"$LOGS/streams-abort-warmup.txt"
read -r threads0 fds0 heap0 < <(snapshot)
say "baseline: threads $threads0, open fds $fds0, heap after GC ${heap0} KiB"

say "soak: $STREAMS streams aborted mid-way, $CONCURRENCY at a time"
start=$SECONDS
java benchmarks/AbortStreams.java "$SERVER_PORT" "$STREAMS" "$CONCURRENCY" | tee "$LOGS/streams-abort.txt" >&2
read -r threadsn fdsn heapn < <(snapshot 0)
say "right after the soak ($((SECONDS - start)) s): threads $threadsn, open fds $fdsn, heap after GC ${heapn} KiB"
read -r threads1 fds1 heap1 < <(snapshot)
say "after $SETTLE_SECONDS s more: threads $threads1, open fds $fds1, heap after GC ${heap1} KiB"
printf 'streams %d\n%s\nthreads %d -> %d (%d right after)\nopen fds %d -> %d (%d right after)\nheap after GC %d KiB -> %d KiB (%d KiB right after)\nserver %s\n' \
    "$STREAMS" "$(tr '\n' ' ' <"$LOGS/streams-abort.txt")" "$threads0" "$threads1" "$threadsn" "$fds0" "$fds1" "$fdsn" \
    "$heap0" "$heap1" "$heapn" \
    "$(memory "$SERVER_PID" | awk '{ print "VmHWM " $1 " MiB, VmRSS " $2 " MiB" }')"
