import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, openTestLeague, type TestLeague } from '../support/app.js';

/**
 * Issue 17 item 2: a cancelled game of the demo league (scale 0.1, seed 7) says so wherever it
 * appears — `Abgesagt` (de), `annulé`, `annullato`, `cancelled` as the first line of the date cell,
 * in the game's detail and summary, and `STATUS:CANCELLED` in the team's calendar.
 */
let league: TestLeague;
let game: {
  id: number;
  homeTeamId: number;
  startsAt: Date;
  roundId: number | null;
  season: number;
  leagueId: number | null;
  gameClassId: number | null;
  groupName: string | null;
  roundNumber: number | null;
};
beforeAll(async () => {
  league = await openTestLeague();
  const found = await league.db.prisma.game.findFirstOrThrow({
    // A league game, so that its round list can be asked for too.
    where: { status: 'CANCELLED', roundId: { not: null } },
    include: { group: true, round: true, cupRound: { include: { tournament: true } } },
    orderBy: { id: 'asc' },
  });
  game = {
    id: found.id,
    homeTeamId: found.homeTeamId!,
    startsAt: found.startsAt,
    roundId: found.roundId,
    season: found.group?.seasonId ?? found.cupRound!.tournament.seasonId,
    leagueId: found.group?.leagueId ?? null,
    gameClassId: found.group?.gameClassId ?? null,
    groupName: found.group?.name ?? null,
    roundNumber: found.round?.number ?? null,
  };
});
afterAll(async () => {
  await league?.close();
});

interface Table {
  data: { regions: { rows: { id?: number; cells: { text?: string[]; link?: { page?: string; ids?: unknown[] } }[] }[] }[] };
}

async function get(url: string) {
  const response = await league.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response;
}

const rowOf = (table: Table, id: number) => table.data.regions.flatMap((region) => region.rows).find((row) => row.id === id);

describe('a cancelled game', () => {
  it('GraphQL exposes its status', async () => {
    const result = await graphql<{ game: { status: string } }>(league.app, 'query($id: Int!) { game(id: $id) { status } }', { id: game.id });
    expect(result.data?.game.status).toBe('CANCELLED');
  });

  it("says Abgesagt in the date cell of its team's schedule (mode=team), keeping the game link; annulé in French", async () => {
    const url = `/api/games?mode=team&team_id=${game.homeTeamId}&season=${game.season}&games_per_page=100`;
    const row = rowOf((await get(url)).json() as Table, game.id);
    expect(row?.cells[0].text?.[0]).toBe('Abgesagt');
    expect(row?.cells[0].text).toHaveLength(2);
    expect(row?.cells[0].link).toEqual({ type: 'page', page: 'game_detail', ids: [game.id] });
    expect(row?.cells[4].text).toEqual(['-']);
    const french = rowOf((await get(`${url}&locale=fr`)).json() as Table, game.id);
    expect(french?.cells[0].text?.[0]).toBe('annulé');
  });

  it('says so in the round list (mode=list) and the day table (mode=current) too', async () => {
    const list = `/api/games?mode=list&season=${game.season}&league=${game.leagueId}&game_class=${game.gameClassId}&group=${encodeURIComponent(game.groupName!)}&round=${game.roundNumber}`;
    const listRow = rowOf((await get(list)).json() as Table, game.id);
    expect(listRow?.cells[0]).toEqual({ text: ['Abgesagt'], link: { type: 'page', page: 'game_detail', ids: [game.id] } });
    expect(listRow?.cells[7].text?.[0]).toBe('-');
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(game.startsAt);
    const current = rowOf((await get(`/api/games?mode=current&on_date=${day}&locale=it`)).json() as Table, game.id);
    expect(current?.cells[0].text).toEqual(['annullato']);
  });

  it('says so in its detail (date cell) and its summary', async () => {
    const detail = (await get(`/api/games/${game.id}`)).json() as Table;
    const cells = detail.data.regions[0].rows[0].cells;
    expect(cells[5].text).toEqual(['Abgesagt']);
    expect(cells[4].text?.[0]).toBe('-');
    const english = (await get(`/api/games/${game.id}?locale=en`)).json() as Table;
    expect(english.data.regions[0].rows[0].cells[5].text).toEqual(['cancelled']);
    const summary = (await get(`/api/games/${game.id}/summary`)).json() as Table;
    expect(summary.data.regions[0].rows[0].cells[0].text).toEqual(['Das Spiel wurde abgesagt.']);
    const frenchSummary = (await get(`/api/games/${game.id}/summary?locale=fr`)).json() as Table;
    expect(frenchSummary.data.regions[0].rows[0].cells[0].text).toEqual(['Le match a été annulé.']);
  });

  it("is STATUS:CANCELLED in the team's calendar, the team's other games CONFIRMED", async () => {
    const body = (await get(`/api/calendars?team_id=${game.homeTeamId}&season=${game.season}`)).body.replace(/\r\n /g, '');
    const statuses = new Map(
      body
        .split('BEGIN:VEVENT')
        .slice(1)
        .map((event) => [/\r\nUID:([^\r]+)/.exec(event)?.[1], /\r\nSTATUS:([^\r]+)/.exec(event)?.[1]] as const),
    );
    expect(statuses.get(`game-${game.id}@test.local`)).toBe('CANCELLED');
    const others = [...statuses.entries()].filter(([uid]) => uid !== `game-${game.id}@test.local`);
    expect(others.length).toBeGreaterThan(0);
    expect(others.some(([, status]) => status === 'CONFIRMED')).toBe(true);
  });
});
