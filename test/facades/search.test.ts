import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareHits, type Lineage, matchOf, SEARCH_KINDS, type SearchKind, type SearchMatch, searchTerms } from '../../src/domain/search.js';
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

const SEARCH = `query ($text: String!, $first: Int, $prefer: SearchKind, $kinds: [SearchKind!], $season: Int) {
  search(text: $text, first: $first, prefer: $prefer, kinds: $kinds, season: $season) { kind id name match detail season leagueId gameClassId groupName }
}`;

async function search(text: string, variables: Record<string, unknown> = {}) {
  return graphql<{ search: Hit[] }>(league.app, SEARCH, { text, ...variables });
}

interface SearchableRecord {
  kind: SearchKind;
  id: number;
  name: string;
  /** The name as searched, when it is not `name`: a group's title. */
  title?: string;
  /** The folded names of what it belongs to in the season (src/domain/search.ts, Lineage). */
  lineages: Lineage[];
}

/** Every searchable record with its name and lineages as the search reads them, computed here from the tables. */
async function everything(seasonId?: number): Promise<SearchableRecord[]> {
  const { prisma } = league.db;
  const season = seasonId ?? (await prisma.season.findFirstOrThrow({ where: { isCurrent: true } })).id;
  const groups = await prisma.leagueGroup.findMany({
    where: { seasonId: season },
    include: { league: true, gameClass: true, registrations: true },
    orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
  });
  const leagues = new Map<string, SearchableRecord>();
  for (const g of groups) {
    const key = `${g.leagueId}/${g.gameClassId}`;
    if (!leagues.has(key)) leagues.set(key, { kind: 'LEAGUE', id: g.leagueId, name: `${g.gameClass.name} ${g.league.name}`, lineages: [] });
  }
  const groupTitle = (g: (typeof groups)[number]) => `${g.gameClass.name} ${g.league.name} ${g.name}`;
  const groupTitlesOfTeam = new Map<number, string[]>();
  for (const g of groups) {
    for (const r of g.registrations) groupTitlesOfTeam.set(r.teamId, [...(groupTitlesOfTeam.get(r.teamId) ?? []), foldName(groupTitle(g))]);
  }
  const clubs = await prisma.club.findMany();
  const clubName = new Map(clubs.map((c) => [c.id, foldName(c.name)]));
  const teams = await prisma.team.findMany();
  /** A team's lineages: its club, with each of its groups or alone. */
  const teamLineages = new Map(
    teams.map((t) => {
      const club = clubName.get(t.clubId)!;
      return [t.id, [[club], ...(groupTitlesOfTeam.get(t.id) ?? []).map((title) => [club, title])]];
    }),
  );
  const members = await prisma.teamMember.findMany({ where: { seasonId: season } });
  const playerLineages = new Map<number, Lineage[]>();
  for (const m of members) {
    const team = foldName(teams.find((t) => t.id === m.teamId)!.name);
    const lineages = teamLineages.get(m.teamId)!.map((lineage) => [team, ...lineage]);
    playerLineages.set(m.playerId, [...(playerLineages.get(m.playerId) ?? []), ...lineages]);
  }
  return [
    ...leagues.values(),
    ...groups.map((g) => ({ kind: 'GROUP' as const, id: g.id, name: g.name, title: groupTitle(g), lineages: [] })),
    ...clubs.map((c) => ({
      kind: 'CLUB' as const,
      id: c.id,
      name: c.name,
      lineages: teams.filter((t) => t.clubId === c.id).flatMap((t) => (groupTitlesOfTeam.get(t.id) ?? []).map((title) => [title])),
    })),
    ...teams.map((t) => ({ kind: 'TEAM' as const, id: t.id, name: t.name, lineages: teamLineages.get(t.id)! })),
    ...(await prisma.player.findMany()).map((p) => ({
      kind: 'PLAYER' as const,
      id: p.id,
      name: `${p.firstName} ${p.lastName}`,
      lineages: playerLineages.get(p.id) ?? [],
    })),
  ];
}

interface Expectation {
  first: number;
  prefer?: SearchKind;
  kinds?: SearchKind[];
  season?: number;
}

/** What the domain's rules say a search answers: the records that match, in compareHits order. */
async function expected(text: string, { first, prefer, kinds, season }: Expectation) {
  const terms = searchTerms(text);
  return (await everything(season))
    .filter((record) => !kinds || kinds.includes(record.kind))
    .flatMap((record) => {
      const folded = foldName(record.title ?? record.name);
      const match = matchOf(folded, terms, record.lineages);
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
    const searches: [string, Expectation][] = [
      ['unihockey', { first: 50 }],
      ['L-UPL', { first: 50 }],
      ['gruppe 1', { first: 20 }],
      [player.lastName.slice(0, 4), { first: 50 }],
      [`${player.lastName} ${player.firstName}`, { first: 10 }],
      ['uni', { first: 30, prefer: 'PLAYER' }],
      ['NLB', { first: 50 }],
      ['nlb', { first: 50, prefer: 'PLAYER' }],
      ['NLB', { first: 50, kinds: ['CLUB', 'TEAM'] }],
      ['brunner sturmweid', { first: 50 }],
      ['sturmweid brunner', { first: 50, prefer: 'TEAM' }],
      ['sturmweid', { first: 50 }],
      ['brunner', { first: 50 }],
      ['herren nlb', { first: 50 }],
      ['uh grunwil', { first: 50 }],
      ['damen brunnhalden', { first: 50 }],
      ['L-UPL gruppe', { first: 50, kinds: ['PLAYER'] }],
      ['unihockey', { first: 5, kinds: ['PLAYER'] }],
      ['sturmweid', { first: 3, prefer: 'PLAYER' }],
      ['NLB', { first: 50, season: 2025 }],
      ['brunner sturmweid', { first: 50, season: 2025 }],
    ];
    for (const [text, expectation] of searches) {
      const result = await search(text, { ...expectation });
      expect(result.errors, text).toBeUndefined();
      expect(essentials(result.data!.search), `${text} ${JSON.stringify(expectation)}`).toEqual(await expected(text, expectation));
    }
    expect(await countQueries(league.db, () => search('unihockey', { first: 50 }))).toBe(1);
  });

  it('finds a league’s teams, clubs and players by its name, ranked below the league and its groups', async () => {
    const { prisma } = league.db;
    const nlbGroups = await prisma.leagueGroup.findMany({
      where: { seasonId: 2026, league: { name: 'NLB' } },
      include: { registrations: { include: { team: true } } },
    });
    const nlbTeams = nlbGroups.flatMap((g) => g.registrations.map((r) => r.team));
    expect(nlbTeams.length).toBeGreaterThan(0);
    const nlbPlayers = await prisma.teamMember.findMany({ where: { seasonId: 2026, teamId: { in: nlbTeams.map((t) => t.id) } } });

    const hits = (await search('NLB', { first: 50 })).data!.search;
    expect(hits.slice(0, 2).map(({ kind, name, match }) => ({ kind, name, match }))).toEqual([
      { kind: 'LEAGUE', name: 'Herren GF NLB', match: 'WORD' },
      { kind: 'GROUP', name: 'Gruppe 1', match: 'WORD' },
    ]);
    const related = hits.slice(2);
    expect(related.every((hit) => hit.match === 'RELATED')).toBe(true);
    expect(new Set(related.filter((hit) => hit.kind === 'CLUB').map((hit) => hit.id))).toEqual(new Set(nlbTeams.map((t) => t.clubId)));
    expect(new Set(related.filter((hit) => hit.kind === 'TEAM').map((hit) => hit.id))).toEqual(new Set(nlbTeams.map((t) => t.id)));
    const players = related.filter((hit) => hit.kind === 'PLAYER');
    expect(players.length).toBeGreaterThan(0);
    for (const player of players) expect(nlbPlayers.map((m) => m.playerId)).toContain(player.id);
    expect(related.map((hit) => hit.kind)).toEqual([...related.map((hit) => hit.kind)].sort((a, b) => SEARCH_KINDS.indexOf(a) - SEARCH_KINDS.indexOf(b)));
    // Every player of the league, asked for players only.
    const allPlayers = (await search('NLB', { first: 50, kinds: ['PLAYER'] })).data!.search;
    expect(allPlayers).toHaveLength(Math.min(50, new Set(nlbPlayers.map((m) => m.playerId)).size));
  });

  it('finds a player by two words that match his name and his club', async () => {
    const { prisma } = league.db;
    const sturmweidBrunners = await prisma.teamMember.findMany({
      where: { seasonId: 2026, player: { lastName: 'Brunner' }, team: { club: { name: { contains: 'Sturmweid' } } } },
      include: { player: true },
    });
    expect(sturmweidBrunners.length).toBeGreaterThan(1);
    const brunners = await prisma.player.findMany({ where: { lastName: 'Brunner' } });
    expect(brunners.length).toBeGreaterThan(sturmweidBrunners.length);
    const expectedIds = sturmweidBrunners.map((m) => m.playerId).sort((a, b) => a - b);

    for (const text of ['Brunner Sturmweid', 'sturmweid BRUNNER']) {
      const hits = (await search(text, { first: 50 })).data!.search;
      expect(hits.map(({ kind, match }) => ({ kind, match }))).toEqual(expectedIds.map(() => ({ kind: 'PLAYER', match: 'RELATED' })));
      expect(hits.map((hit) => hit.id).sort((a, b) => a - b)).toEqual(expectedIds);
    }
    // Each word alone still finds what its name finds, first; the hierarchy's hits come after.
    const brunner = (await search('brunner', { first: 50 })).data!.search;
    expect(
      brunner
        .filter((hit) => hit.match !== 'RELATED')
        .map((hit) => hit.id)
        .sort((a, b) => a - b),
    ).toEqual(brunners.map((p) => p.id).sort((a, b) => a - b));
    const sturmweid = (await search('sturmweid', { first: 50 })).data!.search;
    const named = sturmweid.filter((hit) => hit.match !== 'RELATED');
    const sturmweidTeams = await prisma.team.findMany({ where: { name: { contains: 'Sturmweid' } } });
    expect(named.map((hit) => `${hit.kind} ${hit.name}`)).toEqual(['CLUB Floorball Sturmweid', ...sturmweidTeams.map((t) => `TEAM ${t.name}`).sort()]);
    expect(sturmweid.slice(0, named.length)).toEqual(named);
    expect(sturmweid.slice(named.length).every((hit) => hit.kind === 'PLAYER' && hit.match === 'RELATED')).toBe(true);
    // The same rule behind the REST search and the matchcenter search.
    const rows = (await getJson(league.app, '/api/search?q=Brunner%20Sturmweid&limit=50')).data.regions[0].rows;
    expect(rows.map((r: Json) => r.id).sort((a: number, b: number) => a - b)).toEqual(expectedIds);
    const sections = (await getJson(league.app, '/api/sessions/matchcenter/search?q=Brunner%20Sturmweid&type=team&limit=50')).data.sections;
    expect(sections.map((s: Json) => s.context.player_id).sort((a: number, b: number) => a - b)).toEqual(expectedIds);
  });

  it('stays one statement for several words and through the hierarchy', async () => {
    for (const [text, variables] of [
      ['NLB', { first: 50 }],
      ['brunner sturmweid', { first: 50, prefer: 'PLAYER' }],
      ['uh sturmweid', { first: 10, kinds: ['PLAYER', 'TEAM'] }],
    ] as const) {
      expect(await countQueries(league.db, () => search(text, variables)), text).toBe(1);
    }
    expect(await countQueries(league.db, () => getJson(league.app, '/api/search?q=brunner%20sturmweid'))).toBe(1);
    expect(await countQueries(league.db, () => getJson(league.app, '/api/sessions/matchcenter/search?q=NLB&type=player'))).toBe(1);
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
