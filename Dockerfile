# syntax=docker/dockerfile:1
# The exchange as one image: the API and the built web app on one port. Not built in CI (no registry
# here); see docs/operations.md ("Containers").

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund

# The web app (vite) and the server's bundles (esbuild, under apps/server/dist/server: main.mjs, the
# signer's signer/main.mjs, the operator scripts' scripts/*.mjs), as `npm start` builds them. A bundle
# keeps each source file's own path for what it finds beside itself (the migrations), so it is built
# in the folder it runs from: /app in both stages.
FROM deps AS build
COPY . .
RUN node scripts/start.mjs --build-only

# Production dependencies only: no hardhat, solc, embedded-postgres, pino-pretty or tsx (the server's
# devDependencies, for the embedded development default and running from source alone;
# tests/production-install.test.ts).
FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --include-workspace-root=false

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data WEB_DIST=/app/apps/web/dist
WORKDIR /app
# The production install (node_modules, and any nested under apps/server) and the manifests.
COPY --from=prod-deps /app ./
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
# /run/signer: where the signer's Unix socket goes (a volume shared with the web containers; compose.yaml).
RUN mkdir -p /data /run/signer && chown node:node /data /run/signer
# The image's own unprivileged user: the server needs no root and writes only to /data.
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/v1/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM reaches node directly (exec form), which drains and exits; see the graceful shutdown notes.
# The same image runs the signer process with another command (docs/operations.md, "Production
# install"): `node apps/server/dist/server/signer/main.mjs`, with --no-healthcheck (it serves no
# /api/v1/health), SIGNER_SOCKET=/run/signer/signer.sock and its own settings; compose.yaml's signer.
# --max-semi-space-size=64: a young generation big enough for a busy server's short-lived objects
# (requests, rounds, notifications); half the time in scavenges of the default (docs/performance.md).
CMD ["node", "--max-semi-space-size=64", "apps/server/dist/server/main.mjs"]
