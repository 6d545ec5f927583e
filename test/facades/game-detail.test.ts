import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
