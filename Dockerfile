# syntax=docker/dockerfile:1
# The portal's image (decision 040): one process, `node apps/api/dist/server.js`, serving the web
# app, the API, tus uploads and the background jobs, on Debian with Debian's ffmpeg.
#   v=$(node -p "require('./package.json').version")
#   docker build --build-arg PORTAL_VERSION=$v -t eisteddfod-portal:$v .
# Settings are environment variables (README, Configuration); with none the server refuses to
# start, naming what is missing.

ARG NODE_VERSION=20.20.2

# ---- build: the web app (Vite) and the server bundle (esbuild), with development dependencies.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# The manifests first, so that a change of source does not download the dependencies again.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# Only what builds the two apps: not the root's linters, Playwright or Lighthouse.
RUN npm ci --workspace=@eisteddfod/api --workspace=@eisteddfod/web --include-workspace-root=false
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/api apps/api
COPY apps/web apps/web
RUN npm run build -w @eisteddfod/web && npm run build -w @eisteddfod/api

# ---- runtime: production dependencies only, Debian's ffmpeg, a user without privileges.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# The release (package.json's version, CHANGELOG.md), given by `--build-arg PORTAL_VERSION=…`.
ARG PORTAL_VERSION=unreleased
LABEL org.opencontainers.image.title="Online Eisteddfod entry portal" \
  org.opencontainers.image.version="${PORTAL_VERSION}"
# ffmpeg and ffprobe: Debian's, as on every machine the portal runs (decision 025); the server
# refuses to start in production without them. tini forwards SIGTERM to node (which finishes
# its requests and jobs, then exits) and reaps the ffmpeg and file-decoding children.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  DATA_DIR=/data \
  PORT=3000
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# The server's own dependencies, from the lockfile, without development ones. No install
# scripts: every native part (sharp, PGlite, libheif) ships prebuilt for linux-x64/arm64.
RUN npm ci --omit=dev --ignore-scripts --workspace=@eisteddfod/api --include-workspace-root=false \
  && npm cache clean --force
# @eisteddfod/shared is inlined in the bundle; its manifest only keeps the workspace link whole.
COPY --from=build /app/apps/api/dist apps/api/dist
COPY apps/api/drizzle apps/api/drizzle
COPY apps/api/data apps/api/data
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: the embedded database and files on disk when there is no PostgreSQL or bucket.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness only (the process answers): a load balancer checks /readyz, which also says whether
# the database, Redis and the bucket answer, to decide where to send traffic. The server
# listens once its migrations have run: a new embedded database took 45 s on a busy machine.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/api/dist/server.js"]
