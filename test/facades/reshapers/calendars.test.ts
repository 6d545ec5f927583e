import { describe, expect, it } from 'vitest';
import {
  calendarOwner,
  calendarVariables,
  calendarWindowFor,
  reshapeCalendar,
  type CalendarData,
  type CalendarParams,
} from '../../../src/facades/rest/calendars.js';
import { renderCalendar } from '../../../src/facades/rest/icalendar.js';
import { renderContextFor } from '../../support/render.js';

type CalendarGame = CalendarData['games']['edges'][number]['node'];
const game = (id: number, overrides: Partial<CalendarGame> = {}): CalendarGame => ({
  id,
  startsAt: '2026-11-14T16:00:00Z',
  status: 'FINISHED',
  homeScore: 3,
  awayScore: 2,
  homePeriodScores: [1, 1, 0, 0],
  awayPeriodScores: [0, 1, 1, 0],
  decidedBy: 'PENALTY_SHOTS',
  homeTeam: { name: 'Unihockey Brunnhalden' },
  awayTeam: { name: 'UHC Erlengrund' },
  homePlaceholder: null,
  awayPlaceholder: null,
  venue: { name: 'Sporthalle Brunnhalden', street: 'Büntenweg 99', zip: '6255', city: 'Brunnhalden', latitude: 47.11, longitude: 7.75 },
  group: { name: 'Gruppe 1', league: { name: 'L-UPL' }, gameClass: { name: 'Herren GF' } },
  round: { name: 'Runde 5' },
  cupRound: null,
  ...overrides,
});
const games = [
  game(1),
  game(2, {
    status: 'CANCELLED',
    homeScore: null,
    awayScore: null,
    venue: null,
    group: null,
    round: null,
    cupRound: { name: '1/2-Final', tournament: { name: 'Ligacup Herren' } },
  }),
  game(3, { group: { name: 'Gruppe 2', league: { name: 'L-UPL' }, gameClass: { name: 'Herren GF' } }, decidedBy: 'REGULAR' }),
];
const data: CalendarData = {
  season: { label: '2026/27' },
  team: { name: 'Unihockey Brunnhalden' },
  leagueGroups: {
    edges: [
      { node: { name: 'Gruppe 1', league: { name: 'L-UPL' }, gameClass: { name: 'Herren GF' } } },
      { node: { name: 'Gruppe 2', league: { name: 'L-UPL' }, gameClass: { name: 'Herren GF' } } },
    ],
  },
  games: { edges: games.map((node) => ({ node })) },
};
const team: CalendarParams = { kind: 'team', teamId: 430001, season: 2026 };
const league: CalendarParams = { kind: 'league', league: 1, gameClass: 11, season: 2026 };

describe('reshapeCalendar', () => {
  it('one event per game of a team: teams and result, competition, address, a two-hour slot', () => {
    const calendar = reshapeCalendar(data, team, renderContextFor('de'));
    expect(calendar.name).toBe('Unihockey Brunnhalden – Spiele 2026/27');
    expect(calendar.stamp).toEqual(new Date('2026-11-22T15:30:00Z'));
    expect(calendar.events[0]).toEqual({
      uid: 'game-1@test.local',
      start: new Date('2026-11-14T16:00:00Z'),
      end: new Date('2026-11-14T18:00:00Z'),
      summary: 'Unihockey Brunnhalden - UHC Erlengrund 3:2 n.P.',
      description: 'Herren GF L-UPL, Gruppe 1, Runde 5\nResultat: 3:2 n.P.',
      location: 'Sporthalle Brunnhalden, Büntenweg 99, 6255 Brunnhalden',
      geo: { latitude: 47.11, longitude: 7.75 },
      url: 'http://test.local/api/games/1',
      cancelled: false,
    });
    expect(calendar.events[1]).toMatchObject({
      summary: 'Unihockey Brunnhalden - UHC Erlengrund',
      description: 'Ligacup Herren, 1/2-Final',
      location: undefined,
      geo: undefined,
      cancelled: true,
    });
  });

  it('a cancelled game is an event with STATUS:CANCELLED, the others stay CONFIRMED', () => {
    const text = renderCalendar(reshapeCalendar(data, team, renderContextFor('de')));
    const statuses = text
      .split('BEGIN:VEVENT')
      .slice(1)
      .map((event) => [/UID:(\S+)/.exec(event)?.[1], /STATUS:(\w+)/.exec(event)?.[1]]);
    expect(statuses).toEqual([
      ['game-1@test.local', 'CONFIRMED'],
      ['game-2@test.local', 'CANCELLED'],
      ['game-3@test.local', 'CONFIRMED'],
    ]);
  });

  it("a league's calendar: all groups, or one group's games only, named after it", () => {
    expect(reshapeCalendar(data, league, renderContextFor('de')).name).toBe('Herren GF L-UPL – Spiele 2026/27');
    expect(reshapeCalendar(data, league, renderContextFor('de')).events).toHaveLength(3);
    const one = reshapeCalendar(data, { ...league, group: 'Gruppe 2' }, renderContextFor('de'));
    expect(one.name).toBe('Herren GF L-UPL Gruppe 2 – Spiele 2026/27');
    expect(one.events.map((event) => event.uid)).toEqual(['game-3@test.local']);
  });

  it('speaks the requested language', () => {
    const calendar = reshapeCalendar({ ...data, season: null }, team, renderContextFor('it'));
    expect(calendar.name).toBe('Unihockey Brunnhalden – Partite 2026');
    expect(calendar.events[0].description).toBe('Herren GF L-UPL, Gruppe 1, Runde 5\nRisultato: 3:2 d.r.');
  });

  it("a team's or a club's feed without a season: 1 month back to 12 months ahead, named without a season", () => {
    const now = new Date('2026-11-22T15:30:00Z');
    const window = calendarWindowFor({ kind: 'team', teamId: 430001 }, {}, now);
    expect(window).toEqual({ from: new Date('2026-10-22T15:30:00Z'), to: new Date('2027-11-22T15:30:00Z') });
    expect(calendarWindowFor({ kind: 'club', clubId: 401001 }, {}, now)).toEqual(window);
    expect(calendarWindowFor({ kind: 'club', clubId: 401001 }, { season: 2025 }, now)).toBeUndefined();
    expect(calendarWindowFor({ kind: 'league', league: 1, gameClass: 11 }, {}, now)).toBeUndefined();
    expect(calendarVariables({ ...team, window }).filter).toEqual({ from: '2026-10-22T15:30:00.000Z', to: '2027-11-22T15:30:00.000Z', teamId: 430001 });
    expect(calendarVariables({ kind: 'club', clubId: 5, season: 2026, window }).filter).toEqual({
      from: '2026-10-22T15:30:00.000Z',
      to: '2027-11-22T15:30:00.000Z',
      clubId: 5,
    });
    expect(calendarVariables(team).filter).toEqual({ season: 2026, teamId: 430001 });
    expect(reshapeCalendar(data, { ...team, window }, renderContextFor('de')).name).toBe('Unihockey Brunnhalden – Spiele');
  });

  it("marks a forfeit and an aborted game in the event's title and description", () => {
    const marked = {
      ...data,
      games: {
        edges: [
          game(7, { status: 'FORFEIT', homeScore: 5, awayScore: 0, decidedBy: 'REGULAR' }),
          game(8, { status: 'ABORTED', homeScore: 2, awayScore: 1 }),
        ].map((node) => ({ node })),
      },
    };
    const [forfeit, aborted] = reshapeCalendar(marked, team, renderContextFor('fr')).events;
    expect(forfeit.summary).toBe('Unihockey Brunnhalden - UHC Erlengrund 5:0 forf.');
    expect(aborted.summary).toBe('Unihockey Brunnhalden - UHC Erlengrund 2:1 interr.');
    expect(reshapeCalendar(marked, team, renderContextFor('de')).events[0].description).toContain('5:0 Forf.');
  });

  it('an unknown team, club or group is a 404 naming it', () => {
    expect(() => reshapeCalendar({ ...data, team: null }, team, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No team 430001' }),
    );
    expect(() => reshapeCalendar(data, { kind: 'club', clubId: 5, season: 2026 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No club 5' }),
    );
    expect(() => reshapeCalendar(data, { ...league, group: 'Gruppe 9' }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No group "Gruppe 9"' }),
    );
  });
});

describe('calendarOwner', () => {
  const query = { league: 1, game_class: 11 };
  it('a team, a club, else the league; never both a team and a club', () => {
    expect(calendarOwner({ ...query, team_id: 7 })).toEqual({ kind: 'team', teamId: 7 });
    expect(calendarOwner({ ...query, club_id: 8 })).toEqual({ kind: 'club', clubId: 8 });
    expect(calendarOwner({ ...query, group: 'Gruppe 1' })).toEqual({ kind: 'league', league: 1, gameClass: 11, group: 'Gruppe 1' });
    expect(() => calendarOwner({ ...query, team_id: 7, club_id: 8 })).toThrow(
      expect.objectContaining({ status: 400, message: 'Give either team_id or club_id, not both' }),
    );
  });
});

describe('reshapeCalendar: an undecided pairing', () => {
  it("names the event by the federation's texts in place of the teams", () => {
    const undecided = game(4, {
      status: 'SCHEDULED',
      homeScore: null,
      awayScore: null,
      homeTeam: null,
      awayTeam: null,
      homePlaceholder: 'Sieger Halbfinal 1',
      awayPlaceholder: 'Sieger Halbfinal 2',
      venue: null,
      group: null,
      round: null,
      cupRound: { name: 'Final', tournament: { name: 'Ligacup Herren' } },
    });
    const calendar = reshapeCalendar({ ...data, games: { edges: [{ node: undecided }] } }, team, renderContextFor('de'));
    expect(calendar.events.map((event) => event.summary)).toEqual(['Sieger Halbfinal 1 - Sieger Halbfinal 2']);
    expect(renderCalendar(calendar)).toContain('SUMMARY:Sieger Halbfinal 1 - Sieger Halbfinal 2');
  });
});
