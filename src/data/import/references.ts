import { ENTITY_ORDER, entitySpec, fieldEntries } from './entities.js';
import type { ImportEntity, LeagueImport } from './document.js';
import { rowLabel } from './problems.js';

export interface Referrer {
  /** e.g. `games[12] (id 5012)` */
  label: string;
  field: string;
}

/** Ids the document refers to without defining them, per target entity, each with its first referrers. */
export type UnresolvedReferences = Map<ImportEntity, Map<number, Referrer[]>>;

const REFERRERS_KEPT = 3;

export function rowsOf(data: LeagueImport, entity: ImportEntity): readonly Record<string, unknown>[] {
  return (data[entity] ?? []) as unknown as readonly Record<string, unknown>[];
}

/** The federation ids each entity defines in the document. */
export function idsInDocument(data: LeagueImport): Map<ImportEntity, Set<number>> {
  const ids = new Map<ImportEntity, Set<number>>();
  for (const entity of ENTITY_ORDER) {
    if (entitySpec(entity).identity.join() !== 'id') continue;
    ids.set(entity, new Set(rowsOf(data, entity).map((row) => row.id as number)));
  }
  return ids;
}

/** References that must already exist in the database for the document to import. */
export function unresolvedReferences(data: LeagueImport): UnresolvedReferences {
  const defined = idsInDocument(data);
  const unresolved: UnresolvedReferences = new Map();
  for (const entity of ENTITY_ORDER) {
    const spec = entitySpec(entity);
    const referenceFields = fieldEntries(spec).filter(([, field]) => field.references);
    if (referenceFields.length === 0) continue;
    rowsOf(data, entity).forEach((row, index) => {
      for (const [field, fieldSpec] of referenceFields) {
        const value = row[field];
        const target = fieldSpec.references as ImportEntity;
        if (typeof value !== 'number' || defined.get(target)?.has(value)) continue;
        const byId = unresolved.get(target) ?? new Map<number, Referrer[]>();
        unresolved.set(target, byId);
        const referrers = byId.get(value) ?? [];
        byId.set(value, referrers);
        if (referrers.length < REFERRERS_KEPT) referrers.push({ label: rowLabel(spec, index, row), field });
      }
    });
  }
  return unresolved;
}
