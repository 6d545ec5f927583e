import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printSchema, type GraphQLSchema } from 'graphql';
import { projectRoot, readMigrations } from '../db/schema-engine.js';

/** What decides the bytes of an answer besides the data: the code, the GraphQL schema, the database's schema. */
export interface BuildParts {
  packageVersion: string;
  /** The GraphQL schema as printed (SDL). */
  schema: string;
  /** The migrations' names, oldest first. */
  migrations: readonly string[];
}

/**
 * The version of the answers a build makes: a short hash of its parts. Every key of the shared
 * answer store begins with it, so that during a rolling deploy two instances of different builds
 * (a field added, a reshaper changed, a column moved) never serve each other's answers; rows of
 * the old build are left to the store's byte bound.
 */
export function answerVersion(parts: BuildParts): string {
  const hash = createHash('sha256');
  hash.update(`package ${parts.packageVersion}\n`);
  hash.update(`schema ${parts.schema}\n`);
  for (const migration of parts.migrations) hash.update(`migration ${migration}\n`);
  return hash.digest('base64url').slice(0, 16);
}

/** The parts of the running build: package.json's version, the schema it serves, the committed migrations. Read once, at start. */
export function runningBuild(schema: GraphQLSchema): BuildParts {
  const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version?: string };
  return {
    packageVersion: version ?? '0.0.0',
    schema: printSchema(schema),
    migrations: readMigrations().migrationDirectories.map((directory) => directory.path),
  };
}
