# Campus Market: one image for every instance. Build: docker build -t campus-market .
# See docs/DEPLOYMENT.md (not built in this project's CI: the machine it is developed on has no Docker).

# --- build: all dependencies, then the web app into dist/web and the server into dist/server ------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime dependencies only -----------------------------------------------------------------
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The server runs compiled (dist/server); vite, esbuild and the test tools are not needed to run it.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- the image that runs ------------------------------------------------------------------------
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --chown=root:root package.json package-lock.json ./
# src and scripts only for the maintenance commands (npm run db:backup, seed …), which run on tsx.
COPY --chown=root:root src/server ./src/server
COPY --chown=root:root src/domain ./src/domain
COPY --chown=root:root scripts ./scripts
COPY --from=build --chown=root:root /app/dist/web ./dist/web
COPY --from=build --chown=root:root /app/dist/server ./dist/server
# The code belongs to root and is read-only to the app; only DATA_DIR (embedded database, local
# uploads, dev mail outbox) is writable, by the unprivileged user the image's node base provides.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# What `npm start` runs once dist/web and dist/server exist (built above; the image has no vite or
# esbuild to rebuild them), without npm in between, so SIGTERM reaches the server and it shuts down
# gracefully. With DATABASE_URL it forks one worker per CPU the container may use; in a container
# with a CPU quota (not a cpuset) Node sees the host's CPUs: set WEB_CONCURRENCY to the quota.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "dist/server/main.js"]
