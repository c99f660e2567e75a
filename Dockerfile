# syntax=docker/dockerfile:1
# Stage 1: Node builds the web assets (the app, its offline export, Swagger UI's files).
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
# No package's install script is needed to build (one would only report usage over the network).
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY web/ ./
RUN npm run build

# Stage 2: the wheel, with the web build, the gallery and the docs inside, as `make dist` builds it.
FROM python:3.11-slim-bookworm AS wheel
WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY engine/ engine/
COPY server/ server/
COPY examples/ examples/
COPY docs/ docs/
COPY scripts/build_wheel.py scripts/
COPY --from=web /src/web/dist/ web/dist/
RUN python scripts/build_wheel.py --web-dist web/dist --out /dist

# Stage 3: a slim Python image runs the server as a non-root user.
FROM python:3.11-slim-bookworm
ENV PYTHONUNBUFFERED=1
# bubblewrap is the sandbox's OS isolation layer; the server refuses a public address without it.
# Not pinned: Debian replaces a package's version when it patches it, and the base image's tag
# already fixes the release.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends bubblewrap \
    && rm -rf /var/lib/apt/lists/*
COPY --from=wheel /dist/ /tmp/dist/
# psycopg: the driver for a PostgreSQL --database-url (replicas, deploy/compose.yaml).
RUN pip install --no-cache-dir /tmp/dist/tapescope-*.whl "psycopg[binary]==3.3.9" \
    && rm -rf /tmp/dist
# The data directory belongs to the user the server runs as (a new volume copies its owner).
RUN useradd --create-home --uid 10001 --user-group tapescope \
    && mkdir /data \
    && chown 10001:10001 /data
USER 10001:10001
WORKDIR /home/tapescope
VOLUME ["/data"]
EXPOSE 8765
# Sends TAPESCOPE_TOKEN if set; a server with a token of its own answers 401, which is up too.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-m", "server.healthcheck", "--port", "8765"]
# Bound to 0.0.0.0 inside the container, so the server requires a token: set TAPESCOPE_TOKEN,
# or read the generated one from `docker logs`.
ENTRYPOINT ["tapescope", "serve", "--host", "0.0.0.0", "--port", "8765", "--data-dir", "/data"]
