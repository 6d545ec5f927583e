import { readFileSync } from 'node:fs';
import pg from 'pg';
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8');
  const params = JSON.parse(/params (.*)\n/.exec(text)[1]);
  const sql = text.split('\n').slice(1).join('\n').replace(/;\s*$/, '');
  for (let i = 0; i < 3; i++) await client.query(sql, params);
  const r = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  const lines = r.rows.map((x) => x['QUERY PLAN']);
  console.log(`== ${file}`);
  console.log((process.env.FULL ? lines : lines.filter((l, i) => i < 12 || /Time|Seq Scan|rows=\d{4,}/.test(l))).join('\n'));
}
await client.end();
