#!/bin/sh
# The container's entrypoint (Dockerfile ENTRYPOINT); test/ops/entrypoint.test.ts runs this same
# file outside a container, from a directory laid out like the image's /app.
#
# No arguments: serve. The server itself applies pending migrations and, when the database holds no
# season and DEMO_ON_EMPTY is not false, loads the demo league, before /health/ready turns 200; a
# database that is not up yet is retried with backoff instead of ending the container. That is why
# there is no separate migration step here: it would exit where the server waits.
# With arguments: run them instead, in the same environment (`docker compose run --rm app npm run
# keys -- list`, or `node --max-old-space-size=512 dist/server.js` for a bigger heap).
set -eu

export NODE_ENV="${NODE_ENV:-production}"

if [ "$#" -gt 0 ]; then
  exec "$@"
fi

# exec: node replaces the shell, so `docker stop`'s SIGTERM reaches the server's graceful shutdown.
# The flags are `npm run serve`'s (the test keeps them equal).
exec node --max-old-space-size=160 dist/server.js
