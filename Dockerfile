# syntax=docker/dockerfile:1
# The Helidon server as a container image, for Cloud Run or any container platform:
#   docker build -t agentport .
#   docker run --rm -p 8080:8080 -e AGENT_AUTH_TOKEN=change-me agentport
# Jib (see docs/deploy.md) builds the same server without a Docker engine.

# Build stage: the Maven wrapper on a full JDK 21 builds only the server and the modules it needs.
# The Maven repository lives in a BuildKit cache, so dependencies are downloaded once, not on every build.
FROM eclipse-temurin:21-jdk AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/cache/maven \
    ./mvnw -q -B -Dmaven.repo.local=/cache/maven -pl adapter-helidon -am -DskipTests package

# Run stage: a JRE only, an unprivileged user, the one shaded jar.
FROM eclipse-temurin:21-jre
RUN groupadd --system agentport && useradd --system --gid agentport --no-create-home agentport
WORKDIR /app
COPY --from=build /src/adapter-helidon/target/agentport-server.jar /app/agentport-server.jar
# Class data sharing: a training run records the classes start-up loads, so the container starts about twice as fast
# (see docs/benchmarks.md). `timeout` stops the server with SIGTERM after a few seconds; the archive is written at exit.
RUN timeout -s TERM 10 java -XX:ArchiveClassesAtExit=/app/agentport-server.jsa -jar /app/agentport-server.jar; \
    test -s /app/agentport-server.jsa
USER agentport
ENV PORT=8080
EXPOSE 8080
# Exec form: java is PID 1 and gets SIGTERM itself, so in-flight requests finish within
# AGENT_SHUTDOWN_GRACE_SECONDS (default 8, inside Cloud Run's 10 s before SIGKILL).
# The heap is a share of the container's memory limit (75 % at most, 50 % from the start), not of the host's.
ENTRYPOINT ["java", "-XX:SharedArchiveFile=/app/agentport-server.jsa", "-XX:MaxRAMPercentage=75", "-XX:InitialRAMPercentage=50", "-jar", "/app/agentport-server.jar"]
