# syntax=docker/dockerfile:1
# Haat's production image: docs/OPERATIONS.md says how to run it. Written without a Docker
# daemon at hand: not built or run where it was written (see that guide).
#
#   docker build -t haat .                       # cash on delivery, typed voice lists
#   docker build -t haat --build-arg VOICE=true .  # also Debian's PocketSphinx and ffmpeg for spoken lists

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency (Vite, React Router's compiler, Tailwind), then the bundle ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production dependencies only, in a stage of their own so the runtime gets no dev leftovers ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
# Voice ordering's embedded speech engine is optional: without it typed and pasted lists work,
# and TRANSCRIBE_URL can name an outside service instead (decision 038).
ARG VOICE=false
RUN if [ "$VOICE" = "true" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends pocketsphinx pocketsphinx-en-us ffmpeg \
      && rm -rf /var/lib/apt/lists/*; \
    fi
# A fixed uid, so a host directory mounted for backups can be given to it (chown 10001).
RUN groupadd --system --gid 10001 haat \
    && useradd --system --uid 10001 --gid haat --home-dir /app --shell /usr/sbin/nologin haat \
    && mkdir -p /data && chown haat:haat /data && chmod 0700 /data
WORKDIR /app
# DATA_DIR: the embedded database, the server's lock and its generated session secret; mount a
# volume here (unused when DATABASE_URL is set).
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# server.ts runs as TypeScript (Node 24 strips the types); it imports app/server/node-env.server.ts
# and tracing.ts (OpenTelemetry, started only when OTEL_* variables ask for traces).
# The rest of app/ and scripts/ are for the command-line tools (db:backup, db:restore, db:seed,
# catalog:import, staff), which also run here; drizzle/ holds the migrations applied at start,
# scripts/demo-catalog.json the demo catalogue, app/server/invoice/fonts the invoice's fonts.
COPY package.json server.ts tracing.ts ./
COPY app ./app
COPY scripts ./scripts
COPY drizzle ./drizzle
USER haat
EXPOSE 3000
# /healthz: the process answers (it answers any Host; a database that is down is /readyz's
# business, decision 081). No curl in the slim image: Node's own fetch asks.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Not `npm start`: it runs scripts/build-if-needed.ts, which rebuilds with @react-router/dev (a
# devDependency, absent here) when it finds sources newer than the build. The server handles
# SIGTERM itself (finishes requests, closes the database): give it time (docker stop -t 30).
CMD ["node", "server.ts"]
