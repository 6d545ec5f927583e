import pg from 'pg';

/** The PostgreSQL server the benchmarks use (DATABASE_URL) and the demo-league database per scale on it. */
export const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

export function benchDatabaseName(scale: number): string {
  return `floorball_bench_${String(scale).replace('.', '_')}`;
}

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection of its own to `url` (the server by default), closed afterwards. */
export async function admin<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
