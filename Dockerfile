# syntax=docker/dockerfile:1
# The service's image: `docker compose up` (compose.yaml) runs it beside PostgreSQL 17; alone,
# `docker run -p 3000:3000 -v floorball-data:/app/data floorball-league-service` runs it on the
# embedded database. test/ops/entrypoint.test.ts checks this file against what it runs outside Docker.

ARG NODE_IMAGE=node:20-bookworm-slim

# Build: all dependencies, the Prisma client, tsc to dist/. Install scripts are skipped (the only
# one that would fetch anything is @prisma/engines' download of the native schema engine, which
# nothing here uses) and the project's own `postinstall` (prisma generate) runs on its own, offline:
# prisma.config.ts points it at a stand-in engine, as on machines without internet.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --ignore-scripts --no-audit --no-fund && npm run postinstall
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build

# Production dependencies only. No install scripts: the client was generated in the build stage,
# and none of these packages builds anything native.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The sources (with the generated client) and scripts/ serve the operator commands, which run with
# tsx, a production dependency: npm run keys, data:import, data:demo, db:migrate.
COPY --from=build /app/src ./src
COPY package.json tsconfig.json ./
COPY scripts ./scripts
# Read at run time: the schema and migrations (the WebAssembly schema engine applies them) and the
# OpenAPI examples.
COPY prisma ./prisma
COPY docs/openapi-examples.json ./docs/
COPY docker/entrypoint.sh ./docker/
# The code stays root's and read-only; the embedded database's directory is the service user's.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Readiness, not liveness: migrated, demo loaded, database answering. The start period covers a
# first start's migrations and demo load. Slim images have no curl; node's fetch does it.
HEALTHCHECK --interval=10s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/app/docker/entrypoint.sh"]
