#!/usr/bin/env bash
# bench/workers.sh: 1 against 2 workers (WORKERS) on the database `npm run bench -- --scales 1` loads,
# uncached and cached, driven by autocannon over loopback. Needs `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${BENCH_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/floorball_bench_1}
GAME=$(psql "$DB" -Atc 'select min(id) from "Game"')
PLAYER=$(psql "$DB" -Atc 'select min(id) from "Player"')
for TTL in 0 60000; do
  for W in 1 2; do
    env DATABASE_URL=$DB PORT=3360 HOST=127.0.0.1 WORKERS=$W NODE_ENV=production LOG_LEVEL=warn DEMO_ON_EMPTY=false \
      RATE_LIMIT_PUBLIC_PER_MINUTE=0 RATE_LIMIT_KEY_PER_MINUTE=0 RESPONSE_CACHE_TTL_MS=$TTL \
      node --max-old-space-size=160 dist/server.js > /tmp/workers-$W.log 2>&1 &
    PID=$!
    for i in $(seq 1 120); do curl -sf localhost:3360/health/ready >/dev/null 2>&1 && break; sleep 0.5; done
    for i in 1 2 3 4 5 6; do curl -sf localhost:3360/health/ready >/dev/null; done
    for URL in "/api/games/$GAME" "/api/players/$PLAYER" "/api/rankings"; do
      npx autocannon -c 50 -d 3 "http://127.0.0.1:3360$URL" > /dev/null 2>&1 # warm-up
      RESULT=$(npx autocannon -c 50 -d 10 -j "http://127.0.0.1:3360$URL" 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const r=JSON.parse(s);console.log(`${Math.round(r.requests.average)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  non2xx ${r.non2xx} errors ${r.errors}`)})')
      echo "ttl=$TTL workers=$W $URL  $RESULT"
    done
    kill -TERM $PID; wait $PID || true
  done
done
