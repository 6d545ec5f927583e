// Checks that need the database, run before anything is written: every id the file refers to but
// does not define must exist, and no record may take a unique key another stored record holds.
import { ENTITY_ORDER, entitySpec, type EntitySpec } from './entities.js';
import type { ImportEntity, LeagueImport } from './document.js';
import { ProblemList, rowLabel } from './problems.js';
import { idsInDocument, rowsOf, unresolvedReferences } from './references.js';
import { arrayTypeOf, castElement, parameterValue } from './upsert-sql.js';
import type { RawClient } from './raw-client.js';

async function existingIds(client: RawClient, entity: ImportEntity, ids: number[]): Promise<Set<number>> {
  const rows = await client.$queryRawUnsafe<{ id: number }[]>(`SELECT id FROM "${entitySpec(entity).table}" WHERE id = ANY($1::int4[])`, ids);
  return new Set(rows.map((row) => row.id));
}

async function checkReferences(client: RawClient, data: LeagueImport, problems: ProblemList): Promise<void> {
  for (const [target, referrersById] of unresolvedReferences(data)) {
    const found = await existingIds(client, target, [...referrersById.keys()]);
    for (const [id, referrers] of referrersById) {
      if (found.has(id)) continue;
      for (const referrer of referrers) {
        problems.add(`${referrer.label}: ${referrer.field} ${id} refers to no ${entitySpec(target).noun} in the file or database`);
      }
    }
  }
}

/** Stored records (not re-keyed by this file) that already hold a unique key a file record claims. */
async function checkUniqueKeys(client: RawClient, spec: EntitySpec, data: LeagueImport, problems: ProblemList): Promise<void> {
  const rows = rowsOf(data, spec.entity);
  if (rows.length === 0) return;
  const idsInFile = idsInDocument(data).get(spec.entity) ?? new Set<number>();
  for (const key of spec.uniques) {
    const fields = key.map((name) => spec.fields[name]);
    const parameters = [rows.map((row) => row.id as number), ...key.map((name, index) => rows.map((row) => parameterValue(row[name], fields[index])))];
    const keyColumns = key.map((_, index) => `k${index}`);
    const conflicts = await client.$queryRawUnsafe<{ position: number; existingId: number }[]>(
      `SELECT u.position::int AS position, t.id AS "existingId"
       FROM unnest($1::int4[], ${fields.map((field, index) => `$${index + 2}::${arrayTypeOf(field)}`).join(', ')})
            WITH ORDINALITY AS u(id, ${keyColumns.join(', ')}, position)
       JOIN "${spec.table}" t ON ${key.map((name, index) => `t."${name}" = ${castElement(fields[index], `u.${keyColumns[index]}`)}`).join(' AND ')}
       WHERE t.id <> u.id`,
      ...parameters,
    );
    for (const conflict of conflicts) {
      if (idsInFile.has(conflict.existingId)) continue;
      const index = conflict.position - 1;
      const row = rows[index];
      const values = key.map((name) => `${name} ${String(row[name])}`).join(', ');
      problems.add(`${rowLabel(spec, index, row)}: ${values} already belongs to ${spec.noun} ${conflict.existingId} in the database`);
    }
  }
}

/** Throws ImportValidationError naming each record whose references or keys clash with the database. */
export async function checkAgainstDatabase(client: RawClient, data: LeagueImport): Promise<void> {
  const problems = new ProblemList();
  await checkReferences(client, data, problems);
  for (const entity of ENTITY_ORDER) {
    const spec = entitySpec(entity);
    if (spec.uniques.length > 0) await checkUniqueKeys(client, spec, data, problems);
  }
  problems.throwIfAny();
}
