// The benchmark's baseline: /api/games?mode=list, unfiltered /api/games?mode=current and
// /api/games/:id on bare node:http with raw SQL through pg — no fastify, no Prisma, no GraphQL. It
// reuses the service's pure reshapers so that it answers the same bytes, which bench/run.ts checks
// before measuring.
import { createServer } from 'node:http';
import pg from 'pg';
import { reshapeGameDetail } from '../src/facades/rest/game-detail.js';
import { parseLocale } from '../src/facades/shared/locale.js';
import type { RenderContext } from '../src/facades/shared/render-context.js';
import { localDay } from '../src/domain/league-time.js';
import { baselineData } from './baseline-data.js';

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 3100);
const baseUrl = process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_SIZE ?? 10) });
const { gameDetail, gameList, currentGames } = baselineData(pool, baseUrl);

function renderContext(query: Record<string, string>): RenderContext {
  const now = new Date();
  return { locale: parseLocale(query.locale), now, today: localDay(now), baseUrl };
}

/** The answer's body, or a rejection with `not found` for what the baseline does not serve. */
function answer(url: URL): Promise<unknown> {
  const query = Object.fromEntries(url.searchParams);
  const ctx = renderContext(query);
  if (url.pathname === '/api/games' && query.mode === 'list') return gameList(query, ctx);
  if (url.pathname === '/api/games' && query.mode === 'current') return currentGames(query, ctx);
  const detail = /^\/api\/games\/(\d+)$/.exec(url.pathname);
  if (detail) return gameDetail(Number(detail[1])).then((data) => reshapeGameDetail(data, { game_id: Number(detail[1]) }, ctx));
  return Promise.reject(new Error('not found'));
}

const server = createServer((req, res) => {
  const work = answer(new URL(req.url ?? '/', 'http://baseline'));
  work.then(
    (body) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    },
    (error: Error) => {
      res.writeHead(error.message === 'not found' ? 404 : 500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'Error', message: error.message }));
    },
  );
});
server.listen(port, '127.0.0.1', () => console.log(`baseline listening on ${port}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
