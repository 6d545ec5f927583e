// Writes schema.graphql from the Pothos schema; `--check` fails when the committed file is stale.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { printSchema } from 'graphql';
import { projectRoot } from '../src/db/schema-engine.js';
import { printableSchema } from '../src/schema/index.js';

const target = join(projectRoot, 'schema.graphql');
const printed = `${printSchema(printableSchema())}\n`;
if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== printed) {
    console.error('schema.graphql is stale: run npm run schema:print');
    process.exit(1);
  }
  console.log('schema.graphql is up to date');
} else {
  writeFileSync(target, printed);
  console.log(`wrote ${target}`);
}
