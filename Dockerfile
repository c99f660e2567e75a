# syntax=docker/dockerfile:1
# Stage 1: Node builds the web assets.
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

# Stage 2: a slim Python image runs the server as a non-root user.
FROM python:3.11-slim-bookworm
# bubblewrap is the sandbox's OS isolation layer; the server refuses a public address without it.
RUN apt-get update \
    && apt-get install -y --no-install-recommends bubblewrap \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --create-home --uid 10001 tapescope
WORKDIR /app
COPY pyproject.toml README.md LICENSE ./
COPY engine/ engine/
COPY server/ server/
COPY examples/ examples/
COPY docs/ docs/
COPY --from=web /src/web/dist/ server/static/
RUN pip install --no-cache-dir .
USER tapescope
VOLUME ["/data"]
EXPOSE 8765
# /api/health needs no token, so the check works with the token the server requires on 0.0.0.0.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8765/api/health', timeout=4)"]
# Bound to 0.0.0.0 inside the container, so the server requires a token: set TAPESCOPE_TOKEN,
# or read the generated one from `docker logs`.
ENTRYPOINT ["tapescope", "serve", "--host", "0.0.0.0", "--port", "8765", "--data-dir", "/data"]
