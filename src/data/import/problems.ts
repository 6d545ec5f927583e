import type { EntitySpec } from './entities.js';

const SHOWN_PROBLEMS = 20;
/** Collecting stops here so a hopeless file does not produce a million messages. */
const COLLECTED_PROBLEMS = 1000;

/** An import document (or its references into the database) is unusable; nothing was written. */
export class ImportValidationError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[], totalProblems = problems.length) {
    const shown = problems.slice(0, SHOWN_PROBLEMS);
    const more = totalProblems - shown.length;
    const heading = totalProblems === 1 ? 'The import document has 1 problem:' : `The import document has ${totalProblems} problems:`;
    super([heading, ...shown.map((problem) => `  - ${problem}`), ...(more > 0 ? [`  … and ${more} more`] : [])].join('\n'));
    this.name = 'ImportValidationError';
    this.problems = problems;
  }
}

export class ProblemList {
  private readonly collected: string[] = [];
  private total = 0;

  add(problem: string): void {
    this.total += 1;
    if (this.collected.length < COLLECTED_PROBLEMS) this.collected.push(problem);
  }

  get isFull(): boolean {
    return this.collected.length >= COLLECTED_PROBLEMS;
  }

  throwIfAny(): void {
    if (this.total > 0) throw new ImportValidationError(this.collected, this.total);
  }
}

/** `games[12] (id 5012)` or `lineups[3] (gameId 7, playerId 9)`: enough to find the record in the file. */
export function rowLabel(spec: EntitySpec, index: number, row: unknown): string {
  const base = `${spec.entity}[${index}]`;
  if (typeof row !== 'object' || row === null) return base;
  const values = row as Record<string, unknown>;
  const keyParts = spec.identity
    .filter((field) => typeof values[field] === 'number' || typeof values[field] === 'string')
    .map((field) => `${field} ${String(values[field])}`);
  return keyParts.length === spec.identity.length ? `${base} (${keyParts.join(', ')})` : base;
}

/** A short rendering of a bad value for messages. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 37)}...` : json;
}
