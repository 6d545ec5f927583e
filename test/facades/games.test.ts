import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../src/facades/shared/format.js';
import { countQueries, openTestLeague, TEST_NOW, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { sample, shapeDifferences, shapeOf } from '../support/shape.js';

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

const today = localDay(TEST_NOW);
const rowIds = (body: Json): number[] => body.data.regions.flatMap((r: Json) => r.rows.map((row: Json) => row.id));

describe('GET /api/games without a valid mode', () => {
  it('lists the modes in a 400 for an unknown mode', async () => {
    await expectError(league.app, '/api/games?mode=everything', 400, /mode.*cup, current, direct, favorite, list, club, team/);
  });

  it('serves the overview list without a mode (or an empty one), with the same queries', async () => {
    const list = await league.app.inject({ method: 'GET', url: '/api/games?mode=list&season=2025' });
    const bare = await league.app.inject({ method: 'GET', url: '/api/games?season=2025' });
    const empty = await league.app.inject({ method: 'GET', url: '/api/games?mode=&season=2025' });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toBe(list.body);
    expect(empty.body).toBe(list.body);
    expect(await countQueries(league.db, () => getJson(league.app, '/api/games?season=2024'))).toBe(
      await countQueries(league.db, () => getJson(league.app, '/api/games?mode=list&season=2024&view=full')),
    );
  });
});

describe('mode=current', () => {
  it('has the shape of the captured response and shows today by default', async () => {
    const body = await getJson(league.app, '/api/games?mode=current');
    expect(shapeDifferences(shapeOf(body), shapeOf(sample('games-mode-current.json')))).toEqual([]);
    expect(body.data.context.on_date).toBe(today);
    expect(body.data.title).toBe('Aktuelle Spiele');
    const texts = body.data.regions.map((r: Json) => r.text);
    expect(new Set(texts).size).toBe(texts.length);
    const expected = await league.db.prisma.game.count({
      where: { startsAt: { gte: new Date(`${today}T00:00:00+01:00`), lt: new Date(`${today}T24:00:00+01:00`) } },
    });
    expect(rowIds(body)).toHaveLength(expected);
    const cells = body.data.regions.flatMap((r: Json) => r.rows.map((row: Json) => row.cells[0].text[0]));
    expect(cells).toContain('Spiel läuft');
  });

  it('applies the four filter rules', async () => {
    const games = await league.db.prisma.game.findMany({
      select: { id: true, groupId: true, cupRoundId: true, hasVideoStream: true, group: { select: { leagueId: true } } },
    });
    const byId = new Map(games.map((g) => [g.id, g]));
    const days = await league.db.prisma.game.findMany({ where: { cupRoundId: { not: null } }, select: { startsAt: true }, take: 1 });
    const cupDay = localDay(days[0].startsAt);
    const tournament = (await league.db.prisma.cupTournament.findFirstOrThrow({ where: { rounds: { some: { games: { some: {} } } } } })).id;

    const all = rowIds(await getJson(league.app, `/api/games?mode=current&on_date=${cupDay}`));
    expect(all.some((id) => byId.get(id)!.cupRoundId !== null)).toBe(true);

    const leaguesOnly = rowIds(await getJson(league.app, `/api/games?mode=current&on_date=${cupDay}&league_ids=1,2`));
    expect(leaguesOnly.every((id) => byId.get(id)!.groupId !== null && [1, 2].includes(byId.get(id)!.group!.leagueId))).toBe(true);

    const cupsOnly = rowIds(await getJson(league.app, `/api/games?mode=current&on_date=${cupDay}&tournament_ids=${tournament}`));
    expect(cupsOnly.every((id) => byId.get(id)!.cupRoundId !== null)).toBe(true);

    const both = rowIds(
      await getJson(league.app, `/api/games?mode=current&on_date=${cupDay}&tournament_ids=${tournament}&league_ids=1,2&game_class_ids=11,21`),
    );
    expect(both.length).toBeGreaterThanOrEqual(cupsOnly.length);

    const streamed = rowIds(await getJson(league.app, `/api/games?mode=current&only_video_streamed=true`));
    expect(streamed.every((id) => byId.get(id)!.hasVideoStream)).toBe(true);
  });

  it('slides to the neighbouring game days and stops at the ends', async () => {
    const body = await getJson(league.app, '/api/games?mode=current');
    const next = body.data.slider.next.set_in_context.after_date;
    expect(next).toBe(today);
    const later = await getJson(league.app, `/api/games?mode=current&after_date=${next}`);
    expect(later.data.context.on_date > today).toBe(true);
    expect(rowIds(later).length).toBeGreaterThan(0);
    const earlier = await getJson(league.app, `/api/games?mode=current&before_date=${today}`);
    expect(earlier.data.context.on_date < today).toBe(true);
    const last = await league.db.prisma.game.findFirstOrThrow({ orderBy: { startsAt: 'desc' } });
    const end = await getJson(league.app, `/api/games?mode=current&on_date=${localDay(last.startsAt)}`);
    expect(end.data.slider.next).toBeNull();
  });

  it('runs a bounded number of queries and rejects bad input', async () => {
    expect(await countQueries(league.db, () => getJson(league.app, '/api/games?mode=current'))).toBeLessThanOrEqual(4);
    await expectError(league.app, '/api/games?mode=current&on_date=2026-13-01', 400, /on_date/);
    await expectError(league.app, '/api/games?mode=current&league_ids=1,x', 400, /league_ids/);
    await expectError(league.app, '/api/games?mode=current&only_video_streamed=perhaps', 400, /only_video_streamed/);
  });
});

describe('mode=list', () => {
  it("shows the men's top league and the round being played by default", async () => {
    const body = await getJson(league.app, '/api/games?mode=list');
    expect(body.data.context).toMatchObject({ mode: 'list', season: 2026, league: 1, game_class: 11 });
    expect(body.data.headers).toHaveLength(9);
    expect(body.data.headers[8].text).toBe('📺');
    for (const row of body.data.regions[0].rows) {
      expect(row.cells).toHaveLength(9);
      expect(row.cells[0].text[0]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
      expect(row.cells[0].link).toEqual({ type: 'page', page: 'game_detail', ids: [row.id] });
    }
    const round = body.data.context.round;
    const group = await league.db.prisma.leagueGroup.findFirstOrThrow({
      where: { seasonId: 2026, leagueId: 1, gameClassId: 11, phase: 'QUALIFICATION' },
      include: { rounds: { include: { games: true } } },
    });
    const started = group.rounds.filter((r) => r.games.some((g) => g.startsAt <= TEST_NOW)).map((r) => r.number);
    expect(round).toBe(Math.max(...started));
  });

  it('titles the list with the season label, the current one or another', async () => {
    const seasons = await league.db.prisma.season.findMany({ where: { id: { in: [2025, 2026] } }, orderBy: { id: 'asc' } });
    expect(seasons).toHaveLength(2);
    for (const season of seasons) {
      const body = await getJson(league.app, `/api/games?mode=list&season=${season.id}`);
      expect(body.data.title).toMatch(new RegExp(` ${season.label.replace('/', '\\/')}$`));
    }
  });

  it('walks every round of the group with the slider, first to last', async () => {
    const group = await league.db.prisma.leagueGroup.findFirstOrThrow({
      where: { seasonId: 2026, leagueId: 1, gameClassId: 11 },
      orderBy: { sortOrder: 'asc' },
      include: { rounds: true },
    });
    let body = await getJson(league.app, '/api/games?mode=list&round=1');
    expect(body.data.slider.prev).toBeNull();
    const visited = [body.data.context.round];
    while (body.data.slider.next) {
      const round = body.data.slider.next.set_in_context.round;
      body = await getJson(league.app, `/api/games?mode=list&round=${round}`);
      visited.push(body.data.context.round);
    }
    expect(visited).toEqual(group.rounds.map((r) => r.number).sort((a, b) => a - b));
  });

  it('selects league, class and group from a team or a player, and echoes them', async () => {
    const registration = await league.db.prisma.teamRegistration.findFirstOrThrow({
      where: { group: { seasonId: 2026, leagueId: { not: 1 }, phase: 'QUALIFICATION' } },
      include: { group: true },
    });
    const byTeam = await getJson(league.app, `/api/games?mode=list&team_id=${registration.teamId}`);
    expect(byTeam.data.context).toMatchObject({
      league: registration.group.leagueId,
      game_class: registration.group.gameClassId,
      group: registration.group.name,
      team_id: registration.teamId,
    });
    const member = await league.db.prisma.teamMember.findFirstOrThrow({ where: { seasonId: 2026, teamId: registration.teamId } });
    const byPlayer = await getJson(league.app, `/api/games?mode=list&player_id=${member.playerId}`);
    expect(byPlayer.data.context).toMatchObject({
      league: registration.group.leagueId,
      game_class: registration.group.gameClassId,
      player_id: member.playerId,
    });
  });

  it('view=short drops the period scores; streaming logos are bigger', async () => {
    const full = await getJson(league.app, '/api/games?mode=list&round=1');
    const short = await getJson(league.app, '/api/games?mode=list&round=1&view=short&use_streaming_logos=true');
    expect(full.data.regions[0].rows[0].cells[7].text).toHaveLength(2);
    expect(short.data.regions[0].rows[0].cells[7].text).toHaveLength(1);
    expect(short.data.regions[0].rows[0].cells[3].image.url).toMatch(/size=large/);
  });

  it('rejects bad input and counts queries', async () => {
    await expectError(league.app, '/api/games?mode=list&view=tiny', 400, /view/);
    await expectError(league.app, '/api/games?mode=list&group=Nowhere', 404, /Nowhere/);
    await expectError(league.app, '/api/games?mode=list&round=999', 404, /round 999/);
    await expectError(league.app, '/api/games?mode=list&team_id=999999', 404, /team/);
    await expectError(league.app, '/api/games?mode=list&season=abc', 400, /season/);
    // current season (with its label), groups, round start times, the shown round's games.
    expect(await countQueries(league.db, () => getJson(league.app, '/api/games?mode=list'))).toBeLessThanOrEqual(4);
  });
});

describe('mode=club and mode=team', () => {
  it('pages through every game of a club exactly once, in order of occurrence', async () => {
    const club = await league.db.prisma.club.findFirstOrThrow({ where: { teams: { some: { homeGames: { some: { group: { seasonId: 2026 } } } } } } });
    const expected = await league.db.prisma.game.findMany({
      where: {
        OR: [{ homeTeam: { clubId: club.id } }, { awayTeam: { clubId: club.id } }],
        AND: { OR: [{ group: { seasonId: 2026 } }, { cupRound: { tournament: { seasonId: 2026 } } }] },
      },
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    });
    const seen: number[] = [];
    let page = 1;
    for (;;) {
      const body = await getJson(league.app, `/api/games?mode=club&club_id=${club.id}&season=2026&page=${page}&games_per_page=7`);
      expect(body.data.title.startsWith(`Spielübersicht ${club.name}, `)).toBe(true);
      expect(body.data.context.page).toBe(page);
      for (const row of body.data.regions[0].rows) {
        expect(row.cells).toHaveLength(6);
        expect(row.cells[1].link?.type ?? 'map').toBe('map');
        if (row.cells[2].link)
          expect(row.cells[2].link).toMatchObject({ page: 'league_group_detail', ids: [2026, expect.any(Number), expect.any(Number), expect.any(String)] });
      }
      seen.push(...rowIds(body));
      if (!body.data.slider.next) break;
      page = body.data.slider.next.set_in_context.page;
    }
    expect(seen).toEqual(expected.map((g) => g.id));
    await expectError(league.app, `/api/games?mode=club&club_id=${club.id}&season=2026&page=${page + 1}&games_per_page=7`, 400, /Invalid page value/);
  });

  it("lists a team's games ten a page with the group in tabs[0].link.ids", async () => {
    const registration = await league.db.prisma.teamRegistration.findFirstOrThrow({
      where: { group: { seasonId: 2026, leagueId: 1, gameClassId: 11 } },
      include: { group: true },
    });
    const body = await getJson(league.app, `/api/games?mode=team&team_id=${registration.teamId}&season=2026`);
    expect(body.data.regions[0].rows.length).toBeLessThanOrEqual(10);
    expect(body.data.regions[0].rows[0].cells).toHaveLength(5);
    expect(body.data.tabs[0].link.ids).toEqual([2026, 1, 11, registration.group.name]);
    expect(await countQueries(league.db, () => getJson(league.app, `/api/games?mode=team&team_id=${registration.teamId}&season=2026`))).toBeLessThanOrEqual(4);
  });

  it('requires the owner and the season', async () => {
    await expectError(league.app, '/api/games?mode=club&season=2026', 400, /club_id/);
    await expectError(league.app, '/api/games?mode=team&team_id=1', 400, /season/);
    await expectError(league.app, '/api/games?mode=team&team_id=99999999&season=2026', 404, /team/);
    await expectError(league.app, '/api/games?mode=club&club_id=1&season=2026&games_per_page=5001', 400, /games_per_page/);
  });

  it("holds a club's whole season on one page when an exporter asks for games_per_page=1000 and never pages", async () => {
    const club = await league.db.prisma.club.findFirstOrThrow({ where: { teams: { some: { homeGames: { some: { group: { seasonId: 2026 } } } } } } });
    const expected = await league.db.prisma.game.count({
      where: {
        OR: [{ homeTeam: { clubId: club.id } }, { awayTeam: { clubId: club.id } }],
        AND: { OR: [{ group: { seasonId: 2026 } }, { cupRound: { tournament: { seasonId: 2026 } } }] },
      },
    });
    const body = await getJson(league.app, `/api/games?mode=club&club_id=${club.id}&season=2026&games_per_page=1000`);
    expect(body.data.regions[0].rows).toHaveLength(expected);
    expect(body.data.slider.next).toBeNull();
    expect(body.data.context.games_per_page).toBe(1000);
  });

  it('runs a bounded number of queries for a club', async () => {
    const club = await league.db.prisma.club.findFirstOrThrow({ where: { teams: { some: { homeGames: { some: { group: { seasonId: 2026 } } } } } } });
    expect(await countQueries(league.db, () => getJson(league.app, `/api/games?mode=club&club_id=${club.id}&season=2026`))).toBeLessThanOrEqual(4);
  });
});

describe('mode=direct', () => {
  it('lists at most `amount` played games between the two teams, newest first', async () => {
    const game = await league.db.prisma.game.findFirstOrThrow({
      where: { status: 'FINISHED', group: { seasonId: 2026, leagueId: 1 } },
      orderBy: { startsAt: 'desc' },
    });
    const body = await getJson(league.app, `/api/games?mode=direct&game_id=${game.id}&amount=2`);
    expect(body.data.title).toBe('Direktbegegnungen');
    expect(body.data.context.amount).toBe(2);
    const ids = rowIds(body);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(2);
    const games = await league.db.prisma.game.findMany({ where: { id: { in: ids } } });
    for (const g of games) expect([g.homeTeamId, g.awayTeamId].sort()).toEqual([game.homeTeamId, game.awayTeamId].sort());
    expect(body.data.regions[0].rows[0].cells[0].text[0]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    await expectError(league.app, '/api/games?mode=direct', 400, /game_id/);
    await expectError(league.app, '/api/games?mode=direct&game_id=99999999', 404);
    // The game's two teams, then their games.
    expect(await countQueries(league.db, () => getJson(league.app, `/api/games?mode=direct&game_id=${game.id}`))).toBeLessThanOrEqual(2);
  });
});

describe('mode=favorite', () => {
  it("shows the next game of each of a session's favorites in a bounded number of queries", async () => {
    const team = await league.db.prisma.team.findFirstOrThrow({ where: { registrations: { some: { group: { seasonId: 2026, leagueId: 1 } } } } });
    const favorites = [
      { type: 'team', team_id: team.id },
      { type: 'league', league: 1, game_class: 11 },
      { type: 'club', club_id: team.clubId },
    ];
    const response = await league.app.inject({
      method: 'POST',
      url: '/api/sessions/add_favorite',
      payload: ['sid=null', ...favorites.map((f) => `favorites[]=${encodeURIComponent(JSON.stringify(f))}`)].join('&'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const sid = (response.json() as Json).data as string;
    const url = `/api/games?mode=favorite&sid=${encodeURIComponent(sid)}`;
    const body = await getJson(league.app, url);
    expect(body.data.context).toEqual({ mode: 'favorite', sid, on_date: today, locale: 'de_CH' });
    expect(body.data.regions.length).toBeGreaterThan(0);
    expect(body.data.regions[0].text).toBe(team.name);
    expect(await countQueries(league.db, () => getJson(league.app, url))).toBeLessThanOrEqual(8);
    await expectError(league.app, '/api/games?mode=favorite', 400, /Parameter sid is required/);
  });
});

describe('mode=cup', () => {
  it('pairs games on the left in the same order as the right list', async () => {
    const round = await league.db.prisma.cupRound.findFirstOrThrow({
      where: { games: { some: {} }, tournament: { seasonId: 2026 } },
      orderBy: { number: 'asc' },
      include: { games: true, tournament: true },
    });
    const base = `/api/games?mode=cup&tournament_id=${round.tournamentId}&round=${round.id}`;
    const left = await getJson(league.app, `${base}&side=left`);
    const right = await getJson(league.app, `${base}&side=right`);
    expect(left.data.title).toBe(round.tournament.name);
    expect(right.data.regions).toHaveLength(1);
    expect(left.data.regions.every((r: Json) => r.rows.length <= 2)).toBe(true);
    expect(rowIds(left)).toEqual(rowIds(right));
    expect(rowIds(right)).toHaveLength(round.games.length);
    await expectError(league.app, `${base}`, 400, /side/);
    await expectError(league.app, `/api/games?mode=cup&tournament_id=${round.tournamentId}&round=99999999&side=left`, 404);
    expect(await countQueries(league.db, () => getJson(league.app, `${base}&side=left`))).toBeLessThanOrEqual(1);
  });
});
