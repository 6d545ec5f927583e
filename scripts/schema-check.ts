// npm run schema:check [-- --since <commit>]
// Refuses breaking changes to the public GraphQL schema (schema.graphql) that nobody marked as
// deliberate: every commit since CHECKED_SINCE that changed schema.graphql is compared with its
// parent, and the working tree's schema.graphql with HEAD's, by @graphql-inspector/core. A breaking
// change passes only when schema-changes.json names it (its coordinate, e.g. "Game.referee", or its
// exact message) with the reason. It also refuses a @deprecated without a reason of our own.
// Runs in CI (.ci/run) on a full clone; docs/operations.md, "Schema changes".
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { type Change, CriticalityLevel, diff } from '@graphql-inspector/core';
import { buildSchema, type GraphQLSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';

/** The commit that introduced this check: the schema's history before it is taken as it is. */
export const CHECKED_SINCE = '55cd7058fcd1f69d33526e79bdbb4cafd03d5f5b';
const SCHEMA_FILE = 'schema.graphql';
const ACCEPTED_FILE = 'schema-changes.json';
/** What graphql-js fills in for a bare @deprecated: it tells a client nothing. */
const DEFAULT_DEPRECATION = 'No longer supported';

/** Deliberate breaking changes: a change's coordinate (its path) or its exact message → why it was made. */
export type AcceptedBreaks = Record<string, string>;

export interface Judged {
  refused: Change[];
  accepted: Change[];
  dangerous: Change[];
}

/** The breaking changes from one schema text to the next, split into deliberate ones (listed) and the others. */
export async function judgeChange(oldSdl: string, newSdl: string, accepted: AcceptedBreaks): Promise<Judged> {
  const changes = await diff(buildSchema(oldSdl), buildSchema(newSdl));
  const breaking = changes.filter((change) => change.criticality.level === CriticalityLevel.Breaking);
  const isAccepted = (change: Change) => (change.path !== undefined && change.path in accepted) || change.message in accepted;
  return {
    refused: breaking.filter((change) => !isAccepted(change)),
    accepted: breaking.filter(isAccepted),
    dangerous: changes.filter((change) => change.criticality.level === CriticalityLevel.Dangerous),
  };
}

/** Coordinates of every deprecation in the schema whose reason is missing or graphql-js's default. */
export function deprecationsWithoutReason(sdl: string): string[] {
  const schema: GraphQLSchema = buildSchema(sdl);
  const bare = (reason: string | null | undefined) => reason != null && (reason.trim() === '' || reason === DEFAULT_DEPRECATION);
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (bare(field.deprecationReason)) found.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (bare(arg.deprecationReason)) found.push(`${type.name}.${field.name}(${arg.name}:)`);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) if (bare(field.deprecationReason)) found.push(`${type.name}.${field.name}`);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) if (bare(value.deprecationReason)) found.push(`${type.name}.${value.name}`);
    }
  }
  return found;
}

/** schema-changes.json: an object of non-empty reasons; absent means no deliberate breaks. */
export function parseAccepted(text: string): AcceptedBreaks {
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${ACCEPTED_FILE} must be an object: { "Type.field or message": "reason" }`);
  for (const [key, reason] of Object.entries(parsed)) {
    if (typeof reason !== 'string' || reason.trim() === '') throw new Error(`${ACCEPTED_FILE}: "${key}" needs a reason`);
  }
  return parsed as AcceptedBreaks;
}

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

/** The file at a commit, or null when the commit has none. */
function schemaAt(commit: string): string | null {
  try {
    return git('show', `${commit}:${SCHEMA_FILE}`);
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  // --since audits an older stretch of the history once (CI always starts at CHECKED_SINCE).
  const sinceIndex = process.argv.indexOf('--since');
  const since = sinceIndex > 0 ? git('rev-parse', process.argv[sinceIndex + 1]).trim() : CHECKED_SINCE;
  const accepted = existsSync(ACCEPTED_FILE) ? parseAccepted(readFileSync(ACCEPTED_FILE, 'utf8')) : {};
  try {
    git('merge-base', '--is-ancestor', since, 'HEAD');
  } catch {
    throw new Error(`${since} is not in this clone's history: the schema check needs the full history (git fetch --unshallow)`);
  }
  const commits = git('log', '--format=%H%x09%s', '--follow', `${since}..HEAD`, '--', SCHEMA_FILE)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash, ...subject] = line.split('\t');
      return { hash, subject: subject.join('\t') };
    })
    .reverse();
  const steps = commits.map(({ hash, subject }) => ({ label: `${hash.slice(0, 10)} "${subject}"`, before: schemaAt(`${hash}^`), after: schemaAt(hash) }));
  steps.push({
    label: 'the working tree (not committed yet)',
    before: schemaAt('HEAD'),
    after: existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, 'utf8') : null,
  });

  const problems: string[] = [];
  for (const { label, before, after } of steps) {
    if (before === null || after === null || before === after) continue;
    const judged = await judgeChange(before, after, accepted);
    for (const change of judged.refused) problems.push(`BREAKING in ${label}: ${change.message}${change.path ? ` (${change.path})` : ''}`);
    for (const change of judged.accepted) console.log(`deliberate in ${label}: ${change.message} — ${accepted[change.path ?? ''] ?? accepted[change.message]}`);
    // Earlier commits' dangerous changes were reported when they were made; the pending ones are news.
    if (label.startsWith('the working tree')) for (const change of judged.dangerous) console.log(`dangerous in ${label}: ${change.message}`);
  }
  const current = existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, 'utf8') : '';
  for (const coordinate of deprecationsWithoutReason(current)) {
    problems.push(`@deprecated without a reason of its own on ${coordinate}: say what to use instead, and until when`);
  }
  console.log(`schema check: ${commits.length} commit(s) since ${since.slice(0, 10)} and the working tree compared`);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error(`\nA deliberate breaking change: add its coordinate (or message) and the reason to ${ACCEPTED_FILE} (docs/operations.md, "Schema changes").`);
    process.exit(1);
  }
}

if (process.argv[1]?.endsWith('schema-check.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
