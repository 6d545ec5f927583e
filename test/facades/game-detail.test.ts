import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reshapeGameDetail, type GameDetailData } from '../../src/facades/rest/game-detail.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { sample, shapeDifferences, shapeOf } from '../support/shape.js';

let league: TestLeague;
let liveLeagueGameId: number;

beforeAll(async () => {
  league = await openTestLeague();
  liveLeagueGameId = (await league.db.prisma.game.findFirstOrThrow({ where: { status: 'LIVE', groupId: { not: null } }, orderBy: { id: 'asc' } })).id;
});
afterAll(async () => {
  await league?.close();
});

const fixture: GameDetailData = {
  game: {
    id: 5,
    startsAt: '2026-11-22T19:00:00.000Z',
    status: 'FINISHED',
    homeScore: 4,
    awayScore: 3,
    homePeriodScores: [1, 2, 0, 1],
    awayPeriodScores: [2, 0, 1, 0],
    decidedBy: 'OVERTIME',
    spectators: 812,
    firstReferee: 'Anna Keller',
    secondReferee: null,
    hasVideoStream: false,
    homeTeam: { id: 1, name: 'UHC Birkenfeld', logoUrl: 'http://x/media/teams/1/logo.svg' },
    awayTeam: { id: 2, name: 'Floorball Grünau', logoUrl: null },
    venue: { name: 'Sporthalle Birkenfeld', city: 'Birkenfeld', latitude: 47.1, longitude: 8.2 },
    group: { id: 3, name: 'Gruppe 1', season: { id: 2026, label: '2026/27' }, league: { id: 1, name: 'L-UPL' }, gameClass: { id: 11, name: 'Herren GF' } },
    round: { number: 7, name: 'Runde 7' },
    cupRound: null,
  },
};
const info = { query: {}, params: { game_id: '5' }, locale: 'de' as const, now: new Date('2026-11-22T12:00:00Z'), baseUrl: 'http://x' };

describe('game detail reshaper', () => {
  it('builds the 11 cells in wire order', () => {
    const table = reshapeGameDetail(fixture, info);
    expect(table.data.title).toBe('UHC Birkenfeld - Floorball Grünau');
    expect(table.data.subtitle).toBe('Herren GF L-UPL Gruppe 1 Runde 7 2026/27');
    const cells = table.data.regions[0].rows[0].cells;
    expect(cells.map((c) => c.text ?? c.image?.alt)).toEqual([
      'UHC Birkenfeld (Logo)', ['UHC Birkenfeld'], 'Floorball Grünau (Logo)', ['Floorball Grünau'],
      ['4:3 n.V.', '(1:2, 2:0, 0:1, 1:0)'], ['heute'], ['20:00'], ['Sporthalle Birkenfeld'], ['Anna Keller'], [''], ['812'],
    ]);
    expect(cells[7].link).toEqual({ type: 'map', x: 8.2, y: 47.1 });
    expect(cells[0].link).toEqual({ type: 'page', page: 'team_detail', ids: [1] });
  });

  it('translates headers and relative days', () => {
    const table = reshapeGameDetail(fixture, { ...info, locale: 'fr', now: new Date('2026-11-23T12:00:00Z') });
    expect(table.data.headers[1].text).toBe('Domicile');
    expect(table.data.regions[0].rows[0].cells[5].text).toEqual(['hier']);
  });
});

describe('GET /api/games/:game_id', () => {
  it('has the shape of the captured live league game', async () => {
    const response = await league.app.inject({ method: 'GET', url: `/api/games/${liveLeagueGameId}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(shapeDifferences(shapeOf(body), shapeOf(sample('game-detail-league-live.json')))).toEqual([]);
    expect(body.data.regions[0].rows[0].cells[4].text[0]).toMatch(/^\d+:\d+\*$/);
  });

  it('has the shape of the captured cup game too', async () => {
    const cupGame = await league.db.prisma.game.findFirstOrThrow({ where: { cupRoundId: { not: null }, status: 'FINISHED' } });
    const body = (await league.app.inject({ method: 'GET', url: `/api/games/${cupGame.id}` })).json();
    expect(shapeDifferences(shapeOf(body), shapeOf(sample('game-detail-cup-live.json')))).toEqual([]);
    expect(body.data.subtitle).toMatch(/Final .*\d{4}\/\d{2}$/);
  });

  it('shows referee names only from 48 hours before the start', async () => {
    const now = league.clock.now();
    const later = await league.db.prisma.game.findFirstOrThrow({
      where: { startsAt: { gt: new Date(now.getTime() + 72 * 3600_000) }, firstReferee: { not: null } },
      orderBy: { startsAt: 'asc' },
    });
    const refereeCell = async () => (await league.app.inject({ method: 'GET', url: `/api/games/${later.id}` })).json().data.regions[0].rows[0].cells[8].text;
    expect(await refereeCell()).toEqual(['']);
    league.clock.set(new Date(later.startsAt.getTime() - 48 * 3600_000));
    try {
      expect(await refereeCell()).toEqual([later.firstReferee]);
    } finally {
      league.clock.set(now);
    }
  });

  it('is served without the /api prefix too', async () => {
    const response = await league.app.inject({ method: 'GET', url: `/games/${liveLeagueGameId}` });
    expect(response.statusCode).toBe(200);
  });

  it('runs a bounded number of queries', async () => {
    const queries = await countQueries(league.db, () => league.app.inject({ method: 'GET', url: `/api/games/${liveLeagueGameId}` }));
    expect(queries).toBeLessThanOrEqual(2);
  });

  it.each([
    ['/api/games/abc', 400],
    ['/api/games/99999999', 404],
    ['/api/games/-1', 400],
  ])('%s → %i with the error envelope', async (url, status) => {
    const response = await league.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expect(body.type).toContain('Error');
    expect(body.data.code).toBe(status);
    expect(typeof body.message).toBe('string');
  });
});
