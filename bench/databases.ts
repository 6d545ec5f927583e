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
