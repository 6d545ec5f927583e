const mb = (n: number) => Math.round(n / 1048576);
const show = (label: string) => { const m = process.memoryUsage(); console.log(label.padEnd(28), 'rss', mb(m.rss), 'heap', mb(m.heapUsed), 'ext', mb(m.external), 'ab', mb(m.arrayBuffers)); };
show('start');
await import('pg'); show('pg');
await import('../src/generated/prisma/client.js'); show('prisma client');

await import('../src/db/schema-engine.js'); show('schema-engine');
await import('graphql-yoga'); show('yoga');
await import('fastify'); show('fastify');
await import('../src/app.js'); show('app');
const { openDatabase } = await import('../src/db/database.js');
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL }); show('db open');
await db.prisma.season.findFirst(); show('first query');
const { buildApp } = await import('../src/app.js');
const { systemClock } = await import('../src/clock.js');
const app = await buildApp({ database: db, clock: systemClock, publicBaseUrl: 'http://x', logLevel: 'warn', production: true, responseCacheTtlMs: 0 }); show('app built');
await app.ready(); show('ready');
global.gc?.(); show('after gc');
await app.close(); await db.close();
