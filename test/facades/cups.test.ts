import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { cellTexts, expectError, getJson, type Json } from '../support/api.js';
import { expectTableEnvelope } from '../support/wire.js';

/** Each document is one SQL statement (nested relations joined); an N+1 over cups, rounds or games would show here. */
const QUERIES_LIST = 1;
const QUERIES_DETAILS = 1;

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

/** Follows a reload link as the documented clients do: the table's context, overwritten by `set_in_context`. */
function follow(context: Json | null, link: Json): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...context, ...link.set_in_context })) if (value !== null && value !== undefined) query.set(key, String(value));
  return `/api${link.resource}?${query}`;
}

const currentMenCup = () =>
  league.db.prisma.cupTournament.findFirstOrThrow({
    where: { seasonId: 2026, gameClassId: 11 },
    include: { rounds: { orderBy: { number: 'asc' }, include: { games: true } } },
  });

describe('GET /api/cups', () => {
  it('lists the current season’s cups by default, each row leading to its details', async () => {
    const body = await getJson(league.app, '/api/cups');
    expectTableEnvelope(body);
    expect(body.data.title).toBe('Schweizer Cup 2026/27');
    expect(body.data.context).toEqual({ season: 2026, locale: 'de_CH' });
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['name', 'game_class', 'rounds', 'current_round']);
    const cups = await league.db.prisma.cupTournament.findMany({ where: { seasonId: 2026 }, orderBy: { id: 'asc' }, include: { rounds: true } });
    const rows = body.data.regions[0].rows;
    expect(rows.map((r: Json) => r.id)).toEqual(cups.map((cup) => cup.id));
    expect(cellTexts(body)[0].map((cells) => cells.slice(0, 3))).toEqual(cups.map((cup) => [cup.name, expect.any(String), String(cup.rounds.length)]));
    expect(cellTexts(body)[0].map((cells) => cells[1])).toEqual(['Herren GF', 'Damen GF']);

    for (const row of rows) {
      const details = await getJson(league.app, follow(body.data.context, row.link));
      expect(details.data.context.championship_id).toBe(row.id);
      expect(details.data.title).toBe(row.cells[0].text[0]);
    }
  });

  it('takes a season, 404s an unknown one and 400s a malformed one', async () => {
    const body = await getJson(league.app, '/api/cups?season=2024');
    expect(body.data.title).toBe('Schweizer Cup 2024/25');
    expect(body.data.context.season).toBe(2024);
    // A finished season's cups stand at their final.
    expect(cellTexts(body)[0].map((cells) => cells[3])).toEqual(['Final', 'Final']);
    await expectError(league.app, '/api/cups?season=2030', 404, /No season 2030/);
    await expectError(league.app, '/api/cups?season=abc', 400, /season/);
  });

  it('speaks the asked language', async () => {
    const fr = await getJson(league.app, '/api/cups?locale=fr-CH');
    expect(fr.data.title).toBe('Coupe de Suisse 2026/27');
    expect(fr.data.headers.map((h: Json) => h.text)).toEqual(['Nom', 'Catégorie', 'Tours', 'Tour actuel']);
    expect(fr.data.context.locale).toBe('fr_CH');
    expect((await getJson(league.app, '/api/cups?locale=it_CH')).data.title).toBe('Coppa Svizzera 2026/27');
    expect((await getJson(league.app, '/api/cups?locale=en')).data.title).toBe('Swiss Cup 2026/27');
  });

  it('costs a fixed number of queries', async () => {
    expect(await countQueries(league.db, () => getJson(league.app, '/api/cups?season=2025'))).toBeLessThanOrEqual(QUERIES_LIST);
    // Without a season, one more to find the current one.
    expect(await countQueries(league.db, () => getJson(league.app, '/api/cups'))).toBeLessThanOrEqual(QUERIES_LIST + 1);
  });
});

describe('GET /api/cups/:championship_id', () => {
  it('lists the rounds in order with their games, dates and progress', async () => {
    const cup = await currentMenCup();
    const body = await getJson(league.app, `/api/cups/${cup.id}`);
    expectTableEnvelope(body);
    expect(body.data.title).toBe('Schweizer Cup Herren');
    expect(body.data.subtitle).toBe('2026/27');
    expect(body.data.context).toEqual({ championship_id: cup.id, tournament_id: cup.id, season: 2026, game_class: 11, locale: 'de_CH' });
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['round', 'games', 'date', 'played']);
    const rows = body.data.regions[0].rows;
    expect(rows.map((r: Json) => r.id)).toEqual(cup.rounds.map((round) => round.id));
    expect(cellTexts(body)[0].map((cells) => [cells[0], cells[1]])).toEqual(cup.rounds.map((round) => [round.name, String(round.games.length)]));
    const decided = (round: (typeof cup.rounds)[number]) => round.games.filter((g) => g.status === 'FINISHED' || g.status === 'FORFEIT').length;
    expect(cellTexts(body)[0].map((cells) => cells[3])).toEqual(cup.rounds.map((round) => `${decided(round)}/${round.games.length}`));
    // The current season's cup is under way: its first round is through; the final is in the calendar, its pairing still open.
    expect(cellTexts(body)[0][0][3]).toMatch(/^(\d+)\/\1$/);
    expect(cellTexts(body)[0].at(-1)).toEqual(['Final', '1', expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/), '0/1']);
    expect(cellTexts(body)[0][0][2]).toMatch(/^\d\d\.\d\d\.\d{4}( - \d\d\.\d\d\.\d{4})?$/);
  });

  it('each round’s link opens its games through /games?mode=cup', async () => {
    const cup = await currentMenCup();
    const body = await getJson(league.app, `/api/cups/${cup.id}`);
    for (const [index, row] of body.data.regions[0].rows.entries()) {
      expect(row.link).toEqual({ type: 'reload', set_in_context: { mode: 'cup', tournament_id: cup.id, round: row.id, side: 'left' }, resource: '/games' });
      const games = await getJson(league.app, follow(body.data.context, row.link));
      expectTableEnvelope(games);
      expect(games.data.title).toBe(body.data.title);
      expect(games.data.context).toMatchObject({ mode: 'cup', tournament_id: cup.id, round: row.id, side: 'left' });
      const ids = games.data.regions.flatMap((r: Json) => r.rows.map((gameRow: Json) => gameRow.id));
      expect(ids.sort()).toEqual(cup.rounds[index].games.map((g) => g.id).sort());
      expect(ids.length).toBe(Number(row.cells[1].text[0]));
    }
  });

  it('speaks the asked language for its headers, not for the cup’s name', async () => {
    const cup = await currentMenCup();
    const body = await getJson(league.app, `/api/cups/${cup.id}?locale=en`);
    expect(body.data.title).toBe('Schweizer Cup Herren');
    expect(body.data.headers.map((h: Json) => h.text)).toEqual(['Round', 'Games', 'Date', 'Played']);
    expect((await getJson(league.app, `/api/cups/${cup.id}?locale=it-CH`)).data.headers[0].text).toBe('Turno');
  });

  it('404s an unknown cup and 400s a malformed id', async () => {
    await expectError(league.app, '/api/cups/99999999', 404, /No cup 99999999/);
    await expectError(league.app, '/api/cups/abc', 400, /championship_id/);
    await expectError(league.app, '/api/cups/1.5', 400, /championship_id/);
  });

  it('costs a fixed number of queries', async () => {
    const cup = await currentMenCup();
    expect(await countQueries(league.db, () => getJson(league.app, `/api/cups/${cup.id}`))).toBeLessThanOrEqual(QUERIES_DETAILS);
  });

  it('is also served without the /api prefix', async () => {
    const cup = await currentMenCup();
    const response = await league.app.inject({ method: 'GET', url: `/cups/${cup.id}` });
    expect(response.statusCode).toBe(200);
  });
});

describe('documented facts (official /api/cups doc, WIRE.md §1)', () => {
  it('every cup table’s title is `Schweizer Cup …` in the table envelope', async () => {
    const list = await getJson(league.app, '/api/cups');
    expect(Object.keys(list)).toEqual(['type', 'subtype', 'doc', 'data']);
    expect(list.doc).toBe('http://test.local/api/doc/table');
    expect(Object.keys(list.data)).toEqual(['context', 'headers', 'title', 'subtitle', 'tabs', 'slider', 'regions']);
    expect(list.data.title).toMatch(/^Schweizer Cup /);
    expect(list.data.tabs).toEqual([]);
    expect(list.data.slider).toBeNull();
    for (const header of list.data.headers) expect(Object.keys(header)).toEqual(['text', 'key', 'long', 'short', 'prefer', 'align']);
    for (const row of list.data.regions[0].rows) {
      const details = await getJson(league.app, `/api/cups/${row.id}`);
      expectTableEnvelope(details);
      expect(details.data.title).toMatch(/^Schweizer Cup /);
      for (const detailRow of details.data.regions[0].rows) expect(detailRow.cells.every((cell: Json) => Array.isArray(cell.text))).toBe(true);
    }
  });
});

describe('undecided pairings in the cup (issue: games without teams yet)', () => {
  it("the rounds after the scheduled one list their games with the federation's text in place of the teams", async () => {
    const cup = await currentMenCup();
    const open = cup.rounds.filter((round) => round.games.length > 0 && round.games.every((game) => game.homeTeamId === null && game.awayTeamId === null));
    expect(open.map((round) => round.name)).toContain('Final');
    for (const round of open) {
      const games = await getJson(league.app, `/api/games?mode=cup&tournament_id=${cup.id}&round=${round.id}&side=left`);
      const rows: Json[] = games.data.regions.flatMap((region: Json) => region.rows);
      expect(rows.length).toBeGreaterThan(0);
      expect(round.games.map((game) => game.id)).toEqual(expect.arrayContaining(rows.map((row) => row.id)));
      for (const row of rows) {
        expect(row.cells[1].text[0]).toMatch(/^Sieger (Halbfinal|Viertelfinal|Achtelfinal|1\/\d+-Final) \d+$/);
        expect(row.cells[1].link).toBeUndefined();
        expect(row.cells[3].text).toEqual(['-']);
      }
    }
    const final = open.find((round) => round.name === 'Final')!;
    const finalGames = await getJson(league.app, `/api/games?mode=cup&tournament_id=${cup.id}&round=${final.id}&side=left`);
    const finalRow = finalGames.data.regions.flatMap((region: Json) => region.rows)[0];
    expect([finalRow.cells[1].text[0], finalRow.cells[2].text[0]]).toEqual(['Sieger Halbfinal 1', 'Sieger Halbfinal 2']);
  });

  it('an undecided game has its page, its calendar entry and its GraphQL placeholders', async () => {
    const cup = await currentMenCup();
    const game = cup.rounds.at(-1)!.games[0];
    const detail = await getJson(league.app, `/api/games/${game.id}`);
    expect(detail.data.title).toBe('Sieger Halbfinal 1 - Sieger Halbfinal 2');
    const graphql = await league.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: `{ game(id: ${game.id}) { homeTeam { id } awayTeam { id } homePlaceholder awayPlaceholder statusMessages } }` },
    });
    expect(graphql.json().data).toEqual({
      game: { homeTeam: null, awayTeam: null, homePlaceholder: 'Sieger Halbfinal 1', awayPlaceholder: 'Sieger Halbfinal 2', statusMessages: [] },
    });
  });
});
