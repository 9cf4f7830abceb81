# syntax=docker/dockerfile:1
# The Daily Smear: one image for every instance (docs/decisions/008-postgres-scale-out.md).
#   docker build -t tabloid .
#   docker run -p 3000:3000 -v tabloid-data:/data tabloid                      (embedded SQLite)
#   docker compose up                                                          (PostgreSQL, 2 instances)

# ---- build: every dependency (dev too), native better-sqlite3, the web front end ----------------
FROM node:24-slim AS build
WORKDIR /app
# better-sqlite3 13 ships prebuilt Node-API binaries; Python, make and a C++ compiler are there for a
# platform it has none for.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY common ./common
COPY web ./web
COPY server ./server
COPY scripts ./scripts
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: production dependencies only, non-root, data on a volume ------------------------
FROM node:24-slim AS runtime
# jemalloc instead of glibc's malloc: glibc keeps much of the memory sharp's threads free after an
# image upload, even with MALLOC_ARENA_MAX=2; jemalloc hands it back within seconds
# (docs/performance.md). The link gives LD_PRELOAD one path on amd64 and arm64. MALLOC_CONF is
# scripts/production-node.mjs's: freed pages go back to the system after 1 s.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libjemalloc2 \
 && rm -rf /var/lib/apt/lists/* \
 && ln -s "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/local/lib/libjemalloc.so.2
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    BACKUP_DIR=/backups \
    WEB_DIST_DIR=/app/dist/web \
    MALLOC_ARENA_MAX=2 \
    LD_PRELOAD=/usr/local/lib/libjemalloc.so.2 \
    MALLOC_CONF=background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/common ./common
COPY --from=build /app/server ./server
# The operator's tools: npm run editor | import | export | migrate-data | backup | restore
# (docker compose exec app1 ...). Backups go to /backups: mount a volume there, on another disk.
# pg_dump is not in the image: on PostgreSQL run npm run backup where postgresql-client is installed
# (docs/decisions/031-backups.md).
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/dist/web ./dist/web
# The server renderer of the public pages (built by `vite build` with the front end).
COPY --from=build /app/dist/ssr ./dist/ssr
# The server compiled to JavaScript by `npm run build` (scripts/build-server.mjs): no tsx at run time.
COPY --from=build /app/dist/server ./dist/server
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (no database call): readiness for a load balancer is GET /readyz.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM: stop accepting, finish requests in flight (at most 10 s), close the database, exit 0.
STOPSIGNAL SIGTERM
# The flags of scripts/start.mjs (young and old generation sizes: docs/decisions/030).
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=256", "dist/server/server.js"]
