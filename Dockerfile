# syntax=docker/dockerfile:1
# The Helidon server as a container image, for Cloud Run or any container platform:
#   docker build -t agentport .
#   docker run --rm -p 8080:8080 -e AGENT_AUTH_TOKEN=change-me agentport
# Jib (see docs/deploy.md) builds the same server without a Docker engine.

# Build stage: the Maven wrapper on a full JDK builds only the server and the modules it needs (classes for Java 21;
# the image runs them on Java 25 for its AOT cache). The Maven repository lives in a BuildKit cache, so dependencies
# are downloaded once, not on every build. The run stage makes its own AOT cache, so the build's is skipped.
FROM eclipse-temurin:25-jdk AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/cache/maven \
    ./mvnw -q -B -Dmaven.repo.local=/cache/maven -pl adapter-helidon -am -DskipTests -Dcds.skip=true package

# Run stage: a JRE only, an unprivileged user, the one shaded jar.
FROM eclipse-temurin:25-jre
RUN groupadd --system agentport && useradd --system --gid agentport --no-create-home agentport
WORKDIR /app
COPY --from=build /src/adapter-helidon/target/agentport-server.jar /app/agentport-server.jar
# AOT cache (JDK 25, JEP 483/514/515): a training run of the server, on this very JRE, serves the priming requests of
# every enabled face over loopback HTTP, then their synchronous calls again from a few connections at once (about
# 10 s), and stops; the JVM then writes the classes it loaded and linked, and the methods' profiles, to the cache the
# ENTRYPOINT maps (see docs/benchmarks.md). It logs as a server does, an access-log line per request (the path being
# trained), to stdout, which is not kept; a failure still shows on stderr. The cache only serves the JVM that
# wrote it: on a Java 21 to 24 base, record a class data sharing archive instead
# (-XX:ArchiveClassesAtExit=/app/agentport-server.jsa here, -XX:SharedArchiveFile=/app/agentport-server.jsa below).
RUN PORT=0 java -XX:AOTCacheOutput=/app/agentport-server.aot -Dagentport.trainingRun=true \
        -jar /app/agentport-server.jar >/dev/null \
    && test -s /app/agentport-server.aot
USER agentport
ENV PORT=8080
EXPOSE 8080
# Exec form: java is PID 1 and gets SIGTERM itself, so in-flight requests finish within
# AGENT_SHUTDOWN_GRACE_SECONDS (default 8, inside Cloud Run's 10 s before SIGKILL).
# The heap is at most half of the container's memory limit, not of the host's: the JVM's own memory (code, metaspace,
# threads) takes another 110 MiB or so under load, so 75 % of a 512 MiB limit would leave too little; the whole heap
# from the start, as run-local's. G1, as run-local's (the JVM would pick the serial one on a small container); see
# docs/benchmarks.md. The JVM's own warnings go to stderr, as run-local's: stdout stays one JSON object per line.
ENTRYPOINT ["java", "-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:AOTCache=/app/agentport-server.aot", "-XX:+UseG1GC", "-XX:MaxRAMPercentage=50", "-XX:InitialRAMPercentage=50", "-jar", "/app/agentport-server.jar"]
