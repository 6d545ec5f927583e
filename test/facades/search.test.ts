import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareHits, matchOf, SEARCH_KINDS, type SearchKind, type SearchMatch, searchTerms } from '../../src/domain/search.js';
import { foldName } from '../../src/domain/search-text.js';
import { countQueries, graphql, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { expectTableEnvelope } from '../support/wire.js';

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

interface Hit {
  kind: SearchKind;
  id: number;
  name: string;
  match: SearchMatch;
  detail: string | null;
  season: number | null;
  leagueId: number | null;
  gameClassId: number | null;
  groupName: string | null;
}

const SEARCH = `query ($text: String!, $first: Int, $prefer: SearchKind, $kinds: [SearchKind!]) {
  search(text: $text, first: $first, prefer: $prefer, kinds: $kinds) { kind id name match detail season leagueId gameClassId groupName }
}`;

async function search(text: string, variables: Record<string, unknown> = {}) {
  return graphql<{ search: Hit[] }>(league.app, SEARCH, { text, ...variables });
}

/** Every searchable record with its name as the search reads it, computed here from the tables. */
async function everything(): Promise<{ kind: SearchKind; id: number; name: string; title?: string }[]> {
  const { prisma } = league.db;
  const season = await prisma.season.findFirstOrThrow({ where: { isCurrent: true } });
  const groups = await prisma.leagueGroup.findMany({
    where: { seasonId: season.id },
    include: { league: true, gameClass: true },
    orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
  });
  const leagues = new Map<string, { kind: SearchKind; id: number; name: string }>();
  for (const g of groups) {
    const key = `${g.leagueId}/${g.gameClassId}`;
    if (!leagues.has(key)) leagues.set(key, { kind: 'LEAGUE', id: g.leagueId, name: `${g.gameClass.name} ${g.league.name}` });
  }
  return [
    ...leagues.values(),
    ...groups.map((g) => ({ kind: 'GROUP' as const, id: g.id, name: g.name, title: `${g.gameClass.name} ${g.league.name} ${g.name}` })),
    ...(await prisma.club.findMany()).map((c) => ({ kind: 'CLUB' as const, id: c.id, name: c.name })),
    ...(await prisma.team.findMany()).map((t) => ({ kind: 'TEAM' as const, id: t.id, name: t.name })),
    ...(await prisma.player.findMany()).map((p) => ({ kind: 'PLAYER' as const, id: p.id, name: `${p.firstName} ${p.lastName}` })),
  ];
}

/** What the domain's rules say a search answers: the records that match, in compareHits order. */
async function expected(text: string, first: number, prefer?: SearchKind) {
  const terms = searchTerms(text);
  return (await everything())
    .flatMap((record) => {
      const folded = foldName(record.title ?? record.name);
      const match = matchOf(folded, terms);
      return match ? [{ ...record, folded, match }] : [];
    })
    .sort(compareHits(prefer))
    .slice(0, first)
    .map(({ kind, id, name, match }) => ({ kind, id, name, match }));
}

const essentials = (hits: Hit[]) => hits.map(({ kind, id, name, match }) => ({ kind, id, name, match }));

describe('GraphQL search', () => {
  it('finds what the domain rules find, in their order, with one query', async () => {
    const player = await league.db.prisma.player.findFirstOrThrow({ orderBy: { id: 'asc' } });
    for (const [text, first, prefer] of [
      ['unihockey', 50, undefined],
      ['L-UPL', 50, undefined],
      ['gruppe 1', 20, undefined],
      [player.lastName.slice(0, 4), 50, undefined],
      [`${player.lastName} ${player.firstName}`, 10, undefined],
      ['uni', 30, 'PLAYER'],
    ] as const) {
      const result = await search(text, { first, prefer });
      expect(result.errors, text).toBeUndefined();
      expect(essentials(result.data!.search), text).toEqual(await expected(text, first, prefer));
    }
    expect(await countQueries(league.db, () => search('unihockey', { first: 50 }))).toBe(1);
  });

  it('ignores case and accents', async () => {
    const accented = await league.db.prisma.club.findFirst({ where: { name: { contains: 'ü' } }, orderBy: { id: 'asc' } });
    expect(accented).not.toBeNull();
    const word = accented!.name.split(' ').find((w) => w.includes('ü'))!;
    const plain = word.replaceAll('ü', 'u').toUpperCase();
    const hits = (await search(plain, { first: 50, kinds: ['CLUB'] })).data!.search;
    expect(hits.map((h) => h.id)).toContain(accented!.id);
  });

  it('ranks the whole name first and describes hits', async () => {
    const team = await league.db.prisma.team.findFirstOrThrow({ where: { gameClassId: 11 }, include: { gameClass: true }, orderBy: { id: 'asc' } });
    const [first] = (await search(team.name, { kinds: ['TEAM'] })).data!.search;
    expect(first).toMatchObject({ kind: 'TEAM', id: team.id, match: 'EXACT', detail: team.gameClass.name, season: null });
    const [top] = (await search('Herren GF L-UPL', { kinds: ['LEAGUE'] })).data!.search;
    expect(top).toMatchObject({ kind: 'LEAGUE', id: 1, gameClassId: 11, match: 'EXACT', season: 2026, groupName: 'Gruppe 1' });
    const member = await league.db.prisma.teamMember.findFirstOrThrow({ orderBy: [{ seasonId: 'desc' }, { id: 'asc' }], include: { player: true } });
    const players = (await search(`${member.player.firstName} ${member.player.lastName}`, { kinds: ['PLAYER'], first: 50 })).data!.search;
    expect(players.find((p) => p.id === member.playerId)?.detail).toEqual(expect.any(String));
  });

  it('refuses a text without a word of three characters, and first outside 1–50', async () => {
    for (const [text, first] of [
      ['ab', 10],
      ['a b', 10],
      ['unihockey', 51],
      ['unihockey', 0],
    ] as const) {
      const result = await search(text, { first });
      expect(result.errors?.[0]?.extensions?.code, `${text} ${first}`).toBe('BAD_USER_INPUT');
    }
  });

  it('keeps the folded names of teams and players (generated columns), served by trigram indexes', async () => {
    const { prisma } = league.db;
    for (const team of await prisma.team.findMany({ select: { name: true, searchName: true } })) expect(team.searchName).toBe(foldName(team.name));
    const players = await prisma.player.findMany({ select: { firstName: true, lastName: true, searchName: true } });
    for (const p of players) expect(p.searchName).toBe(foldName(`${p.firstName} ${p.lastName}`));
    for (const table of ['Team', 'Player']) {
      const [, plan] = await prisma.$transaction([
        prisma.$executeRawUnsafe('SET LOCAL enable_seqscan = off'),
        prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN SELECT id FROM "${table}" WHERE "searchName" LIKE '%brun%'`),
      ]);
      expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain(`${table}_searchName_idx`);
    }
  });

  it('lists every kind it searches', () => {
    expect(SEARCH_KINDS).toEqual(['LEAGUE', 'GROUP', 'CLUB', 'TEAM', 'PLAYER']);
  });
});

describe('GET /api/search', () => {
  it('is a table of hits linking to their pages, with one query', async () => {
    const body = await getJson(league.app, '/api/search?q=L-UPL&limit=20');
    expectTableEnvelope(body);
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['name', 'kind', 'detail']);
    expect(body.data.title).toBe('Suche «L-UPL»');
    expect(body.data.context).toEqual({ q: 'L-UPL', limit: 20, locale: 'de_CH' });
    const rows = body.data.regions[0].rows;
    const hits = (await search('L-UPL', { first: 20 })).data!.search;
    expect(rows.map((r: Json) => r.id)).toEqual(hits.map((h) => h.id));
    const leagueRow = rows.find((r: Json) => r.type === 'league');
    expect(Object.keys(leagueRow)).toEqual(['id', 'type', 'set_in_context', 'highlight', 'cells']);
    expect(leagueRow.cells[0].link).toEqual({
      type: 'page',
      page: 'league_group_detail',
      ids: [2026, leagueRow.set_in_context.league, leagueRow.set_in_context.game_class, 'Gruppe 1'],
    });
    expect(leagueRow.cells[1].text).toEqual(['Liga']);
    expect(await countQueries(league.db, () => getJson(league.app, '/api/search?q=unihockey'))).toBe(1);
  });

  it('links teams and players, names kinds in the locale', async () => {
    const body = await getJson(league.app, '/api/search?q=unihockey&limit=50&locale=fr');
    const rows = body.data.regions[0].rows;
    const team = rows.find((r: Json) => r.type === 'team');
    expect(team.cells[0].link).toEqual({ type: 'page', page: 'team_detail', ids: [team.id] });
    expect(team.set_in_context).toEqual({ team_id: team.id });
    expect(team.cells[1].text).toEqual(['Équipe']);
    const club = rows.find((r: Json) => r.type === 'club');
    expect(club.cells[0].link).toBeUndefined();
    expect(club.set_in_context).toEqual({ club_id: club.id });
    expect(body.data.title).toBe('Recherche «unihockey»');
  });

  it('answers a short or missing text with the error envelope', async () => {
    await expectError(league.app, '/api/search?q=ab', 400, /at least 3 characters/);
    await expectError(league.app, '/api/search', 400, /q/);
    await expectError(league.app, '/api/search?q=unihockey&limit=51', 400, /limit/);
  });
});

describe('GET /api/sessions/matchcenter/search', () => {
  it('answers matchcenter sections whose contexts are favorites, the chosen type first', async () => {
    const body = await getJson(league.app, '/api/sessions/matchcenter/search?q=unihockey&type=team&limit=5');
    expect(body.type).toBe('matchcenter');
    const sections = body.data.sections;
    expect(sections).toHaveLength(5);
    for (const section of sections) {
      expect(section).toEqual({ type: 'team', title: expect.any(String), context: { type: 'team', team_id: expect.any(Number) } });
    }
    // A section's context is what add_favorite takes.
    const added = await league.app.inject({
      method: 'POST',
      url: '/api/sessions/add_favorite',
      payload: { sid: null, favorites: [JSON.stringify(sections[0].context)] },
    });
    expect(added.statusCode).toBe(200);
  });

  it('makes groups league favorites with their group', async () => {
    const body = await getJson(league.app, '/api/sessions/matchcenter/search?q=gruppe&limit=50');
    const group = body.data.sections.find((s: Json) => s.context.group);
    expect(group.context).toEqual({ type: 'league', game_class: expect.any(Number), league: expect.any(Number), group: expect.stringMatching(/^Gruppe/) });
    await expectError(league.app, '/api/sessions/matchcenter/search?q=u', 400, /at least 3/);
  });
});
