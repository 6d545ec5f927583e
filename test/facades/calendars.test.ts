import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeText, foldLine, localDateTime, renderCalendar } from '../../src/facades/rest/icalendar.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError } from '../support/api.js';

let league: TestLeague;
let teamId: number;
beforeAll(async () => {
  league = await openTestLeague();
  teamId = (
    await league.db.prisma.team.findFirstOrThrow({
      where: { gameClassId: 11, registrations: { some: { group: { seasonId: 2026, leagueId: 1 } } } },
      orderBy: { id: 'asc' },
    })
  ).id;
});
afterAll(async () => {
  await league?.close();
});

async function calendar(url: string) {
  const response = await league.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return response.body;
}

/** Unfolds (RFC 5545 §3.1) and splits into events of name → value (parameters kept in the name). */
function parse(body: string) {
  const lines = body.replace(/\r\n /g, '').split('\r\n');
  const events: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current.set(line.slice(0, colon), line.slice(colon + 1));
    }
  }
  return { lines, events };
}

const seasonGames = (where: object) =>
  league.db.prisma.game.findMany({
    where: { AND: [where, { OR: [{ group: { seasonId: 2026 } }, { cupRound: { tournament: { seasonId: 2026 } } }] }] },
    include: { venue: true, homeTeam: true, awayTeam: true },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
  });

/** A team's or a club's feed without a season: 1 month back to 12 months ahead of the test's now (2026-11-22T15:30Z). */
const windowGames = (where: object) =>
  league.db.prisma.game.findMany({
    where: { AND: [where, { startsAt: { gte: new Date('2026-10-22T15:30:00Z'), lt: new Date('2027-11-22T15:30:00Z') } }] },
    include: { venue: true, homeTeam: true, awayTeam: true },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
  });

describe('GET /api/calendars', () => {
  it('is an RFC 5545 feed of a team’s games: CRLF, folded lines, a VTIMEZONE and one VEVENT per game', async () => {
    const body = await calendar(`/api/calendars?team_id=${teamId}`);
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const { lines, events } = parse(body);
    expect(lines).toContain('BEGIN:VTIMEZONE');
    expect(lines).toContain('TZID:Europe/Zurich');
    const games = await windowGames({ OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }] });
    expect(games.length).toBeGreaterThan(0);
    expect(events.map((e) => e.get('UID'))).toEqual(games.map((g) => `game-${g.id}@test.local`));
    for (const [index, event] of events.entries()) {
      const game = games[index];
      expect(event.get('DTSTAMP')).toBe('20261122T153000Z');
      expect(event.get('DTSTART;TZID=Europe/Zurich')).toBe(localDateTime(game.startsAt));
      expect(event.get('DTEND;TZID=Europe/Zurich')).toBe(localDateTime(new Date(game.startsAt.getTime() + 2 * 3600_000)));
      expect(event.get('SUMMARY')).toMatch(new RegExp(`^${escapeText(`${game.homeTeam!.name} - ${game.awayTeam!.name}`).replace(/\\/g, '\\\\')}`));
      expect(event.get('GEO')).toBe(`${game.venue!.latitude};${game.venue!.longitude}`);
      expect(event.get('LOCATION')).toContain(escapeText(game.venue!.name));
      expect(event.get('STATUS')).toBe(game.status === 'CANCELLED' ? 'CANCELLED' : 'CONFIRMED');
    }
  });

  it('shows local Zurich times across daylight saving time', async () => {
    const game = (await windowGames({ OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }] }))[0];
    const { events } = parse(await calendar(`/api/calendars?team_id=${teamId}`));
    const zurich = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich', dateStyle: 'short', timeStyle: 'medium' }).format(game.startsAt);
    expect(events[0].get('DTSTART;TZID=Europe/Zurich')).toBe(zurich.replace(/[-:]/g, '').replace(' ', 'T'));
  });

  it('covers a club’s games, or a league’s (all groups or one)', async () => {
    const team = await league.db.prisma.team.findUniqueOrThrow({ where: { id: teamId } });
    const club = parse(await calendar(`/api/calendars?club_id=${team.clubId}`));
    const clubGames = await windowGames({ OR: [{ homeTeam: { clubId: team.clubId } }, { awayTeam: { clubId: team.clubId } }] });
    expect(club.events).toHaveLength(clubGames.length);
    expect(club.lines).toContain(`X-WR-CALNAME:${(await league.db.prisma.club.findUniqueOrThrow({ where: { id: team.clubId } })).name} – Spiele`);
    // With a season, the club's games of that season, as before.
    const seasonFeed = parse(await calendar(`/api/calendars?club_id=${team.clubId}&season=2026`));
    const clubSeasonGames = await seasonGames({ OR: [{ homeTeam: { clubId: team.clubId } }, { awayTeam: { clubId: team.clubId } }] });
    expect(seasonFeed.events.map((e) => e.get('UID'))).toEqual(clubSeasonGames.map((g) => `game-${g.id}@test.local`));
    const all = parse(await calendar('/api/calendars?season=2026&league=1&game_class=11'));
    expect(all.events).toHaveLength(await league.db.prisma.game.count({ where: { group: { seasonId: 2026, leagueId: 1, gameClassId: 11 } } }));
    const group = parse(await calendar('/api/calendars?season=2026&league=1&game_class=11&group=Gruppe%201'));
    expect(group.events).toHaveLength(
      await league.db.prisma.game.count({ where: { group: { seasonId: 2026, leagueId: 1, gameClassId: 11, name: 'Gruppe 1' } } }),
    );
    expect(group.lines).toContain('X-WR-CALNAME:Herren GF L-UPL Gruppe 1 – Spiele 2026/27');
  });

  it('runs a fixed number of queries', async () => {
    expect(await countQueries(league.db, () => calendar(`/api/calendars?team_id=${teamId}&season=2026`))).toBeLessThanOrEqual(3);
    expect(await countQueries(league.db, () => calendar('/api/calendars?season=2025'))).toBeLessThanOrEqual(3);
  });

  it('answers bad input with the JSON error envelope', async () => {
    await expectError(league.app, `/api/calendars?team_id=${teamId}&club_id=1`, 400, /either/);
    await expectError(league.app, '/api/calendars?team_id=abc', 400, /team_id/);
    await expectError(league.app, '/api/calendars?team_id=99999999', 404, /team/);
    await expectError(league.app, '/api/calendars?club_id=99999999', 404, /club/);
    await expectError(league.app, '/api/calendars?group=Gruppe%2099', 404, /group/);
  });
});

describe('iCalendar writer', () => {
  it('escapes TEXT values', () => {
    expect(escapeText('A; B, C\\D\nE')).toBe('A\\; B\\, C\\\\D\\nE');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'ü'.repeat(80)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes Zurich wall-clock times in summer and winter', () => {
    expect(localDateTime(new Date('2026-07-01T16:00:00Z'))).toBe('20260701T180000');
    expect(localDateTime(new Date('2026-12-01T16:00:00Z'))).toBe('20261201T170000');
  });

  it('renders a calendar without events', () => {
    const body = renderCalendar({ name: 'Leer', stamp: new Date('2026-01-01T00:00:00Z'), events: [] });
    expect(body).toContain('X-WR-CALNAME:Leer\r\n');
    expect(body).not.toContain('BEGIN:VEVENT');
  });
});
