// The docs that list event kinds or their /bo categories by hand, held against the event-kind
// catalogue (src/domain/event-kinds.ts): a kind added there fails here until the docs name it, and
// the failure names the doc, the list and the kinds or category ids missing or extra.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_KIND_NAMES, PLAYER_EVENT_TYPES, RECORDED_TYPES, TEAM_EVENT_TYPES } from '../../src/domain/event-kinds.js';
import { CATEGORIES, CATEGORY_IDS } from '../../src/facades/bo/categories.js';

const LIVE_GAMES = 'docs/live-games.md';
const IMPORT_FORMAT = 'docs/import-format.md';

const read = (doc: string) => readFileSync(new URL(`../../${doc}`, import.meta.url), 'utf8');

/** The text under a heading, up to the next heading of any level. */
function section(doc: string, heading: string): string {
  const lines = read(doc).split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`${doc} has no heading "${heading}"`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line.startsWith('#'));
  return rest.slice(0, end < 0 ? undefined : end).join('\n');
}

/** The cells of the table row whose first cell is `name` (in backticks). */
function row(doc: string, text: string, name: string): string[] {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`| \`${name}\` |`));
  if (!line) throw new Error(`${doc} has no table row for \`${name}\``);
  return line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
}

const codeWords = (text: string) => [...text.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]);

/** What a doc's list lacks and holds beyond the catalogue's, in words that name both; nothing when they agree. */
function differences<T extends string | number>(where: string, listed: readonly T[], catalogue: readonly T[], name: (item: T) => string = String): string[] {
  const missing = catalogue.filter((item) => !listed.includes(item));
  const extra = listed.filter((item) => !catalogue.includes(item));
  const twice = listed.filter((item, index) => listed.indexOf(item) !== index);
  const names = (items: T[]) => items.map(name).join(', ');
  return [
    ...(missing.length > 0 ? [`${where} lacks ${names(missing)}`] : []),
    ...(extra.length > 0 ? [`${where} lists ${names(extra)}, which the catalogue does not have`] : []),
    ...(twice.length > 0 ? [`${where} lists ${names(twice)} twice`] : []),
  ];
}

/** The catalogue's /bo category ids of a kind, as categories.ts reads them. */
const categoryIdsOf = (kind: string) => CATEGORY_IDS.filter((id) => CATEGORIES.get(id)?.type === kind);
/** A category id with the kind the catalogue gives it: `21 (BLOCKED_SHOT)`. */
const category = (id: number) => `category ${id} (${CATEGORIES.get(id)?.type ?? 'no kind'})`;

describe(`${LIVE_GAMES}, "Mutations"`, () => {
  const mutations = section(LIVE_GAMES, '## Mutations');
  const kindsOf = (mutation: string) => codeWords(/`kind` \(([^)]*)\)/.exec(row(LIVE_GAMES, mutations, mutation)[1])?.[1] ?? '');

  it('lists the kinds of recordPlayerEvent and recordTeamEvent as the catalogue has them', () => {
    expect([
      ...differences(`${LIVE_GAMES}, recordPlayerEvent's \`kind\``, kindsOf('recordPlayerEvent'), PLAYER_EVENT_TYPES),
      ...differences(`${LIVE_GAMES}, recordTeamEvent's \`kind\``, kindsOf('recordTeamEvent'), TEAM_EVENT_TYPES),
    ]).toEqual([]);
  });
});

describe(`${LIVE_GAMES}, "Every kind the federation records"`, () => {
  const table = section(LIVE_GAMES, '### Every kind the federation records');
  const rows = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)].map((match) => ({
    kind: match[1],
    ids: (match[2].match(/\d+/g) ?? []).map(Number),
  }));

  it('has a row for every recorded kind, and no other', () => {
    expect(
      differences(
        `${LIVE_GAMES}, the table of kinds`,
        rows.map((entry) => entry.kind),
        RECORDED_TYPES,
      ),
    ).toEqual([]);
  });

  it('gives each kind its /bo category ids, and every category id once', () => {
    const where = `${LIVE_GAMES}, the table of kinds`;
    expect([
      ...rows.flatMap(({ kind, ids }) => differences(`${where}, the row of ${kind},`, ids, categoryIdsOf(kind), category)),
      ...differences(
        where,
        rows.flatMap((entry) => entry.ids),
        CATEGORY_IDS,
        category,
      ),
    ]).toEqual([]);
  });
});

describe(`${IMPORT_FORMAT}, "gameEvents"`, () => {
  it('lists every kind of the catalogue as an accepted `type`, and no other', () => {
    const type = row(IMPORT_FORMAT, section(IMPORT_FORMAT, '### gameEvents'), 'type');
    expect(differences(`${IMPORT_FORMAT}, the \`type\` of gameEvents`, codeWords(type[1]), EVENT_KIND_NAMES)).toEqual([]);
  });
});
