# Sourced by ./mvnw, .ci/run and the run-local scripts: makes JAVA_HOME point at a JDK 21 or newer.
# Keeps JAVA_HOME when it already is one; otherwise looks at the java on PATH and the usual install folders
# and takes the newest. Prints a clear message and returns 1 when there is none.

agentport_jdk_major() {
    # The JDK's own "release" file names its version without starting a JVM; ask java itself only without one.
    if [ -f "$1/release" ]; then
        sed -n 's/^JAVA_VERSION="\(1\.\)\{0,1\}\([0-9]*\).*/\2/p' "$1/release" | head -n 1
    else
        "$1/bin/java" -XshowSettings:properties -version 2>&1 \
            | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
    fi
}

agentport_is_jdk21() {
    [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 1
    major=$(agentport_jdk_major "$1")
    [ -n "$major" ] && [ "$major" -ge 21 ] 2>/dev/null
}

agentport_find_jdk() {
    if [ -n "${JAVA_HOME:-}" ] && agentport_is_jdk21 "$JAVA_HOME"; then
        return 0
    fi
    best=""
    best_major=0
    candidates=""
    if command -v javac >/dev/null 2>&1; then
        candidates=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    fi
    for dir in $candidates /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/* /opt/jdk* /opt/*jdk* \
               "$HOME"/.sdkman/candidates/java/* /Library/Java/JavaVirtualMachines/*/Contents/Home; do
        [ -d "$dir" ] || continue
        if agentport_is_jdk21 "$dir"; then
            major=$(agentport_jdk_major "$dir")
            if [ "$major" -gt "$best_major" ]; then
                best="$dir"
                best_major=$major
            fi
        fi
    done
    if [ -z "$best" ]; then
        echo "AgentPort needs a JDK 21 or newer, and none was found (JAVA_HOME=${JAVA_HOME:-unset})." >&2
        echo "Install one (for example Temurin 21) and set JAVA_HOME to it." >&2
        return 1
    fi
    JAVA_HOME=$best
    export JAVA_HOME
}

agentport_find_jdk && PATH="$JAVA_HOME/bin:$PATH" && export PATH
