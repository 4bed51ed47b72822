# Sourced by ./mvnw, .ci/run and the run-local scripts: makes JAVA_HOME point at a JDK 21 or newer.
# Keeps JAVA_HOME when it already is one; otherwise looks at the java on PATH and the usual install folders
# and takes the newest. Prints a clear message and returns 1 when there is none. Leaves the JDK's major version in
# agentport_major.

# Sets agentport_major to the major version of the JDK in $1 (empty when unknown). The JDK's own "release" file names
# it: read with the shell's builtins, so no process starts (run-local's start-up counts); ask java itself only without one.
agentport_read_jdk_major() {
    agentport_major=""
    if [ -f "$1/release" ]; then
        while IFS= read -r agentport_line || [ -n "$agentport_line" ]; do
            case $agentport_line in
                JAVA_VERSION=*)
                    agentport_line=${agentport_line#JAVA_VERSION=\"}
                    agentport_line=${agentport_line#1.}
                    agentport_major=${agentport_line%%[!0-9]*}
                    return 0 ;;
            esac
        done < "$1/release"
    else
        agentport_major=$("$1/bin/java" -XshowSettings:properties -version 2>&1 \
            | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1)
    fi
}

agentport_jdk_major() {
    agentport_read_jdk_major "$1"
    echo "$agentport_major"
}

agentport_is_jdk21() {
    [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 1
    agentport_read_jdk_major "$1"
    [ -n "$agentport_major" ] && [ "$agentport_major" -ge 21 ] 2>/dev/null
}

agentport_find_jdk() {
    if [ -n "${JAVA_HOME:-}" ] && agentport_is_jdk21 "$JAVA_HOME"; then
        return 0
    fi
    best=""
    best_major=0
    candidates=""
    if command -v javac >/dev/null 2>&1; then
        candidates=$(readlink -f "$(command -v javac)")
        candidates=${candidates%/bin/javac}
    fi
    for dir in $candidates /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/* /opt/jdk* /opt/*jdk* \
               "$HOME"/.sdkman/candidates/java/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
        [ -d "$dir" ] || continue
        if agentport_is_jdk21 "$dir" && [ "$agentport_major" -gt "$best_major" ]; then
            best="$dir"
            best_major=$agentport_major
        fi
    done
    if [ -z "$best" ]; then
        echo "AgentPort needs a JDK 21 or newer, and none was found (JAVA_HOME=${JAVA_HOME:-unset})." >&2
        echo "Install one (for example Temurin 21) and set JAVA_HOME to it." >&2
        return 1
    fi
    JAVA_HOME=$best
    agentport_major=$best_major
    export JAVA_HOME
}

agentport_find_jdk && PATH="$JAVA_HOME/bin:$PATH" && export PATH
