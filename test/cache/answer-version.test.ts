import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerVersion, runningBuild } from '../../src/cache/answer-version.js';
import { getSchema } from '../../src/schema/index.js';

describe('the version of a build’s answers in the shared store', () => {
  const parts = { packageVersion: '1.2.3', schema: 'type Query { a: Int }', migrations: ['20260101000000_init', '20260201000000_more'] };

  it('is the same for the same build, and changes with the package, the schema or the migrations', () => {
    const version = answerVersion(parts);
    expect(answerVersion({ ...parts, migrations: [...parts.migrations] })).toBe(version);
    expect(version).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const others = [
      { ...parts, packageVersion: '1.2.4' },
      { ...parts, schema: 'type Query { a: Int b: Int }' },
      { ...parts, migrations: [...parts.migrations, '20260301000000_added'] },
      { ...parts, migrations: parts.migrations.slice(0, 1) },
    ].map(answerVersion);
    expect(new Set([version, ...others]).size).toBe(others.length + 1);
  });

  it('reads the running build: package.json’s version, the schema it serves, the committed migrations', () => {
    const build = runningBuild(getSchema());
    expect(build.packageVersion).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(build.schema).toContain('type Query');
    const committed = readdirSync('prisma/migrations', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(build.migrations).toEqual(committed);
    expect(answerVersion(runningBuild(getSchema()))).toBe(answerVersion(build));
  });
});
