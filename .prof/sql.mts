import { buildApp } from '/work/main/src/app.js';
import { systemClock } from '/work/main/src/clock.js';
import { openDatabase } from '/work/main/src/db/database.js';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 10 });
const log: { query: string; duration: number }[] = [];
database.prisma.$on('query', (e: { query: string; duration: number }) => log.push({ query: e.query, duration: e.duration }));
const app = await buildApp({ database, clock: systemClock, publicBaseUrl: 'http://localhost:3000', logLevel: 'warn', production: true, responseCacheTtlMs: 0 });
for (const url of process.argv.slice(2)) {
  for (let i = 0; i < 3; i++) {
    log.length = 0;
    const t = performance.now();
    const r = await app.inject({ url });
    const ms = performance.now() - t;
    if (i === 2) {
      console.log(`${url} ${r.statusCode} ${r.body.length}B ${ms.toFixed(1)}ms, ${log.length} queries`);
      for (const q of log) console.log(`   ${q.duration}ms ${q.query.replace(/\s+/g, ' ').slice(0, Number(process.env.W ?? 300))}`);
    }
  }
}
await app.close(); await database.close();
