# syntax=docker/dockerfile:1
# Freight Portal: the server compiled to JavaScript (plain node, no TypeScript loader) serving the
# API and the built web app. The steps are scripts/image-steps.sh's, which CI runs on the machine
# (docs/operations.md, "Deploying").
#
#   docker build -t freight-portal .
#   docker compose up -d            (compose.yaml: PostgreSQL 15, two portals, Caddy in front)

ARG NODE_IMAGE=node:20.20-bookworm-slim

# 1. deps: every workspace's dependencies, from the lockfile (cached until a package.json or the lock changes).
FROM ${NODE_IMAGE} AS deps
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY scripts/image-steps.sh scripts/
RUN bash scripts/image-steps.sh deps

# 2. build: the web app and the server compiled, then the runtime tree (/runtime) assembled and
#    started once on an embedded database (/readyz, /healthz, a sign-in, SIGTERM exits 0).
FROM deps AS build
COPY . .
RUN bash scripts/image-steps.sh build \
 && bash scripts/image-steps.sh runtime /runtime \
 && bash scripts/image-steps.sh smoke /runtime

# 3. runtime: the compiled build, production node_modules, migrations and static assets; nothing else.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server's user; only /data (the embedded database, when
# DATABASE_URL is unset) is writable.
COPY --from=build /runtime /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (/healthz checks no dependency); a load balancer probes /readyz.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server stops in up to 25 s on SIGTERM (docs/operations.md, "Stopping a process").
STOPSIGNAL SIGTERM
CMD ["apps/server/dist/start.sh"]
