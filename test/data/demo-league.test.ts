import { beforeAll, describe, expect, it } from 'vitest';
import { zurichDay, zurichMinutes, weekdayOf, SATURDAY, SUNDAY } from '../../src/data/demo/calendar.js';
import { generateDemoLeague } from '../../src/data/demo/index.js';
import type { GameRow, LeagueImport } from '../../src/data/import/format.js';
import { validateLeagueImport } from '../../src/data/import/format.js';

/** A Sunday afternoon in November, in the middle of the 2026/27 season. */
const NOW = new Date('2026-11-22T15:30:00Z');
const MINUTE = 60_000;

function rows<K extends Exclude<keyof LeagueImport, 'formatVersion'>>(league: LeagueImport, key: K): NonNullable<LeagueImport[K]> {
  return (league[key] ?? []) as NonNullable<LeagueImport[K]>;
}

function startedMinutesAgo(game: GameRow): number {
  return (NOW.getTime() - new Date(game.startsAt).getTime()) / MINUTE;
}

describe('generateDemoLeague', () => {
  it('is deterministic for (seed, scale, now) and varies with the seed', () => {
    const options = { seed: 11, scale: 0.1, now: NOW };
    const first = generateDemoLeague(options);
    expect(generateDemoLeague(options)).toEqual(first);
    const other = generateDemoLeague({ ...options, seed: 12 });
    expect(rows(other, 'clubs').map((club) => club.name)).not.toEqual(rows(first, 'clubs').map((club) => club.name));
  });

  it('rejects options it cannot honour', () => {
    expect(() => generateDemoLeague({ seed: 1, scale: 0, now: NOW })).toThrow(/scale/);
    expect(() => generateDemoLeague({ seed: 1.5, scale: 1, now: NOW })).toThrow(/seed/);
    expect(() => generateDemoLeague({ seed: 1, scale: 1, now: new Date('nonsense') })).toThrow(/now/);
  });

  describe('at the default scale', () => {
    let league: LeagueImport;
    beforeAll(() => {
      league = generateDemoLeague({ seed: 2025, scale: 1, now: NOW });
    });

    it('passes its own import validation', () => {
      expect(() => validateLeagueImport(league)).not.toThrow();
    });

    it('has a national federation’s size', () => {
      expect(rows(league, 'clubs').length).toBeGreaterThanOrEqual(55);
      expect(rows(league, 'teams').length).toBeGreaterThanOrEqual(200);
      expect(rows(league, 'players').length).toBeGreaterThan(3000);
      expect(rows(league, 'games').length).toBeGreaterThan(3000);
    });

    it('uses the fixed game class, league and selection ids clients rely on', () => {
      expect(rows(league, 'gameClasses').map((gameClass) => gameClass.id)).toEqual(expect.arrayContaining([11, 21, 12, 22, 19, 29]));
      expect(rows(league, 'gameClasses').find((gameClass) => gameClass.id === 11)?.name).toBe('Herren GF');
      const leagues = new Map(rows(league, 'leagues').map((entry) => [entry.id, entry.name]));
      expect([leagues.get(1), leagues.get(2), leagues.get(3), leagues.get(4)]).toEqual(['L-UPL', 'NLB', '1. Liga', '2. Liga']);
      expect(rows(league, 'nationalSelections').map((selection) => [selection.id, selection.name])).toEqual([
        [1, 'Herren'],
        [2, 'Damen'],
        [3, 'U19 Herren'],
        [4, 'U19 Damen'],
      ]);
    });

    it('has three seasons, exactly one current: the one containing now', () => {
      const seasons = rows(league, 'seasons');
      expect(seasons.map((season) => season.id)).toEqual([2024, 2025, 2026]);
      expect(seasons.filter((season) => season.isCurrent).map((season) => season.label)).toEqual(['2026/27']);
      expect(seasons.find((season) => season.id === 2026)).toMatchObject({ startsOn: '2026-08-01', endsOn: '2027-07-31' });
    });

    it('gives every active club 2–6 teams and keeps a couple of clubs inactive', () => {
      const teamsPerClub = new Map<number, number>();
      for (const team of rows(league, 'teams')) teamsPerClub.set(team.clubId, (teamsPerClub.get(team.clubId) ?? 0) + 1);
      for (const club of rows(league, 'clubs').filter((entry) => entry.active)) {
        expect(teamsPerClub.get(club.id)).toBeGreaterThanOrEqual(2);
        expect(teamsPerClub.get(club.id)).toBeLessThanOrEqual(6);
      }
      expect(rows(league, 'clubs').filter((club) => !club.active).length).toBeGreaterThanOrEqual(1);
    });

    it('plays a club’s second team below its first team, or in another group of the lowest league', () => {
      const levels = new Map(rows(league, 'leagues').map((entry) => [entry.id, entry.level]));
      const groups = new Map(
        rows(league, 'leagueGroups')
          .filter((group) => group.phase === 'QUALIFICATION')
          .map((group) => [group.id, group]),
      );
      const placement = new Map<string, { level: number; groupId: number }>();
      for (const registration of rows(league, 'teamRegistrations')) {
        const group = groups.get(registration.groupId);
        if (group) placement.set(`${registration.teamId}/${group.seasonId}`, { level: levels.get(group.leagueId) ?? 0, groupId: group.id });
      }
      const teams = rows(league, 'teams');
      let compared = 0;
      for (const second of teams.filter((team) => team.name.endsWith(' II'))) {
        const first = teams.find((team) => team.clubId === second.clubId && team.gameClassId === second.gameClassId && `${team.name} II` === second.name);
        for (const seasonId of [2024, 2025, 2026]) {
          const [secondPlace, firstPlace] = [placement.get(`${second.id}/${seasonId}`), placement.get(`${first?.id}/${seasonId}`)];
          if (!secondPlace || !firstPlace) continue;
          compared += 1;
          expect(secondPlace.level).toBeGreaterThanOrEqual(firstPlace.level);
          if (secondPlace.level === firstPlace.level) {
            expect(secondPlace.groupId).not.toBe(firstPlace.groupId);
            expect(firstPlace.level).toBe(
              Math.max(...[...groups.values()].filter((group) => group.gameClassId === second.gameClassId).map((group) => levels.get(group.leagueId) ?? 0)),
            );
          }
        }
      }
      expect(compared).toBeGreaterThan(10);
    });

    it('stores relative /media/ image urls and .example websites', () => {
      const urls = [
        ...rows(league, 'clubs').map((club) => club.logoUrl),
        ...rows(league, 'teams').flatMap((team) => [team.logoUrl, team.portraitUrl]),
        ...rows(league, 'players').map((player) => player.portraitUrl),
      ].filter((url): url is string => typeof url === 'string');
      expect(urls.length).toBeGreaterThan(1000);
      for (const url of urls) expect(url).toMatch(/^\/media\/(clubs|teams|players)\/\d+\/(logo|portrait)\.svg$/);
      for (const club of rows(league, 'clubs')) expect(club.website).toMatch(/^https:\/\/www\.[a-z0-9-]+\.example$/);
      expect(rows(league, 'players').some((player) => player.portraitUrl === null)).toBe(true);
    });

    it('places venues inside the country', () => {
      for (const venue of rows(league, 'venues')) {
        expect(venue.latitude).toBeGreaterThanOrEqual(45.9);
        expect(venue.latitude).toBeLessThanOrEqual(47.7);
        expect(venue.longitude).toBeGreaterThanOrEqual(6.0);
        expect(venue.longitude).toBeLessThanOrEqual(10.4);
      }
    });

    it('plays the top league with a qualification, and playoffs and playouts in finished seasons', () => {
      for (const gameClassId of [11, 21]) {
        const groups = rows(league, 'leagueGroups').filter((group) => group.leagueId === 1 && group.gameClassId === gameClassId);
        for (const seasonId of [2024, 2025]) {
          const phases = groups.filter((group) => group.seasonId === seasonId).map((group) => group.phase);
          expect(phases).toEqual(expect.arrayContaining(['QUALIFICATION', 'PLAYOFF', 'PLAYOUT']));
        }
        const current = groups.filter((group) => group.seasonId === 2026);
        expect(current.map((group) => [group.name, group.phase])).toEqual([['Gruppe 1', 'QUALIFICATION']]);
        const rounds = rows(league, 'rounds').filter((round) => round.groupId === current[0].id);
        expect(rounds[0].name).toBe('Runde 1');
        const teams = rows(league, 'teamRegistrations').filter((registration) => registration.groupId === current[0].id).length;
        expect(rounds).toHaveLength(2 * (teams - 1));
      }
      const playoffRounds = rows(league, 'rounds').filter((round) =>
        rows(league, 'leagueGroups').some((group) => group.id === round.groupId && group.phase === 'PLAYOFF'),
      );
      expect(new Set(playoffRounds.map((round) => round.name))).toEqual(new Set(['1/4-Final', '1/2-Final', 'Final']));
    });

    it('is in progress at now: played before, a match day today with finished, live and later games, scheduled after', () => {
      const games = rows(league, 'games').filter((game) => game.groupId != null);
      const today = zurichDay(NOW);
      const todays = games.filter((game) => zurichDay(new Date(game.startsAt)) === today);
      expect(todays.filter((game) => game.status === 'FINISHED').length).toBeGreaterThan(0);
      expect(todays.filter((game) => game.status === 'SCHEDULED').length).toBeGreaterThan(0);
      const live = rows(league, 'games').filter((game) => game.status === 'LIVE');
      expect(live.length).toBeGreaterThanOrEqual(3);
      for (const game of live) {
        expect(startedMinutesAgo(game)).toBeGreaterThan(0);
        expect(startedMinutesAgo(game)).toBeLessThanOrEqual(90);
      }
      const topLeagueToday = todays.filter((game) => rows(league, 'leagueGroups').find((group) => group.id === game.groupId)?.leagueId === 1);
      expect(topLeagueToday.filter((game) => game.status === 'LIVE').length).toBeGreaterThanOrEqual(2);
      for (const game of games) {
        if (game.status === 'FINISHED') expect(startedMinutesAgo(game)).toBeGreaterThan(105);
        if (game.status === 'SCHEDULED') expect(startedMinutesAgo(game)).toBeLessThan(0);
      }
      const future = games.filter((game) => startedMinutesAgo(game) < -24 * 60);
      expect(future.length).toBeGreaterThan(100);
      expect(rows(league, 'games').filter((game) => game.status === 'CANCELLED').length).toBeGreaterThanOrEqual(2);
      expect(rows(league, 'games').filter((game) => game.status === 'FORFEIT').length).toBeGreaterThanOrEqual(1);
    });

    it('schedules league games on weekend afternoons and evenings, local time, except today', () => {
      const today = zurichDay(NOW);
      const leagueGames = rows(league, 'games').filter((game) => game.groupId != null);
      const qualification = new Set(
        rows(league, 'leagueGroups')
          .filter((group) => group.phase === 'QUALIFICATION')
          .map((group) => group.id),
      );
      for (const game of leagueGames.filter((entry) => qualification.has(entry.groupId as number))) {
        const startsAt = new Date(game.startsAt);
        expect(game.startsAt).toMatch(/Z$/);
        if (zurichDay(startsAt) === today) continue;
        expect([SATURDAY, SUNDAY]).toContain(weekdayOf(zurichDay(startsAt)));
        expect(zurichMinutes(startsAt)).toBeGreaterThanOrEqual(11 * 60);
        expect(zurichMinutes(startsAt)).toBeLessThanOrEqual(20 * 60);
      }
    });

    it('has realistic results: mostly 4–12 goals, extra time sometimes, spectators and referees', () => {
      const finished = rows(league, 'games').filter((game) => game.status === 'FINISHED');
      const totals = finished.map((game) => (game.homeScore ?? 0) + (game.awayScore ?? 0));
      const typical = totals.filter((total) => total >= 4 && total <= 12).length;
      expect(typical / totals.length).toBeGreaterThan(0.7);
      expect(finished.some((game) => game.decidedBy === 'OVERTIME')).toBe(true);
      expect(finished.some((game) => game.decidedBy === 'PENALTY_SHOTS')).toBe(true);
      for (const game of finished) {
        expect(game.spectators).toBeGreaterThan(0);
        expect(game.firstReferee).toBeTruthy();
        expect(game.secondReferee).toBeTruthy();
        expect([3, 4]).toContain(game.homePeriodScores?.length);
      }
      const topLeagueGroups = new Set(
        rows(league, 'leagueGroups')
          .filter((group) => group.leagueId === 1 && [11, 21].includes(group.gameClassId))
          .map((group) => group.id),
      );
      const topLeague = finished.filter((game) => topLeagueGroups.has(game.groupId as number));
      expect(topLeague.every((game) => game.hasVideoStream && (game.spectators ?? 0) >= 300 && (game.spectators ?? 0) <= 2000)).toBe(true);
    });

    it('runs a men’s and a women’s cup every season with a bracket of winners', () => {
      for (const seasonId of [2024, 2025, 2026]) {
        const cups = rows(league, 'cupTournaments').filter((cup) => cup.seasonId === seasonId);
        expect(cups.map((cup) => [cup.gameClassId, cup.name])).toEqual([
          [11, 'Schweizer Cup Herren'],
          [21, 'Schweizer Cup Damen'],
        ]);
      }
      const currentCup = rows(league, 'cupTournaments').find((cup) => cup.seasonId === 2026 && cup.gameClassId === 11);
      const rounds = rows(league, 'cupRounds').filter((round) => round.tournamentId === currentCup?.id);
      expect(rounds.map((round) => round.name)).toEqual(['1/16-Final', '1/8-Final', '1/4-Final', '1/2-Final', 'Final']);
      const statuses = new Set(
        rows(league, 'games')
          .filter((game) => rounds.some((round) => round.id === game.cupRoundId))
          .map((game) => game.status),
      );
      expect(statuses).toEqual(new Set(['FINISHED', 'SCHEDULED']));
    });

    it('selects about 25 active national players per selection from the top league, plus former ones', () => {
      const players = rows(league, 'nationalPlayers');
      for (const selectionId of [1, 2]) {
        const active = players.filter((player) => player.selectionId === selectionId && player.active);
        expect(active.length).toBeGreaterThanOrEqual(20);
        expect(active.length).toBeLessThanOrEqual(25);
        expect(new Set(active.map((player) => player.number)).size).toBe(active.length);
        expect(players.some((player) => player.selectionId === selectionId && !player.active)).toBe(true);
      }
      expect(rows(league, 'nationalPlayerRecords').some((record) => record.selectionId === 3)).toBe(true);
    });
  });

  it('grows linearly with the scale', () => {
    const base = generateDemoLeague({ seed: 3, scale: 1, now: NOW });
    const large = generateDemoLeague({ seed: 3, scale: 10, now: NOW });
    expect(rows(large, 'clubs').length).toBeGreaterThanOrEqual(10 * rows(base, 'clubs').length - 20);
    expect(rows(large, 'clubs').length).toBeGreaterThanOrEqual(600);
    expect(rows(large, 'teams').length).toBeGreaterThanOrEqual(10 * 200);
    expect(rows(large, 'games').length).toBeGreaterThanOrEqual(10 * rows(base, 'games').length);
  }, 120_000);

  it('keeps every feature in a tiny league (scale 0.1)', () => {
    const tiny = generateDemoLeague({ seed: 7, scale: 0.1, now: NOW });
    expect(rows(tiny, 'clubs').length).toBeLessThanOrEqual(12);
    const topGroups = rows(tiny, 'leagueGroups').filter((group) => group.leagueId === 1 && group.gameClassId === 11 && group.seasonId === 2026);
    const today = zurichDay(NOW);
    const todays = rows(tiny, 'games').filter((game) => topGroups.some((group) => group.id === game.groupId) && zurichDay(new Date(game.startsAt)) === today);
    expect(todays.some((game) => game.status === 'LIVE')).toBe(true);
    expect(todays.some((game) => game.status === 'FINISHED')).toBe(true);
    expect(rows(tiny, 'cupTournaments').filter((cup) => cup.seasonId === 2026)).toHaveLength(2);
    expect(rows(tiny, 'nationalPlayers').filter((player) => player.selectionId === 1 && player.active).length).toBeGreaterThanOrEqual(20);
    expect(rows(tiny, 'nationalPlayers').filter((player) => player.selectionId === 2 && player.active).length).toBeGreaterThanOrEqual(20);
    expect(rows(tiny, 'leagueGroups').some((group) => group.phase === 'PLAYOFF')).toBe(true);
  });
});
