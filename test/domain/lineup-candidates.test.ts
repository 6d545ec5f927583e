import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/domain/errors.js';
import { assertTeamPlays, candidateRecords, suspendedPlayerIds, teamLevel, type ClubLicense } from '../../src/domain/lineup-candidates.js';
import { eligibility } from '../../src/domain/lineup.js';

const TEAM = 10;
const LOWER_TEAM = 11;
const HIGHER_TEAM = 12;

function license(id: number, memberships: ClubLicense['player']['memberships'], over: Partial<ClubLicense> = {}): ClubLicense {
  return {
    id,
    licenseType: 'Aktivlizenz',
    licensing: 'REGULAR',
    locked: false,
    player: { id: 100 + id, firstName: 'Anna', lastName: `Muster ${id}`, position: 'FORWARD', memberships },
    ...over,
  };
}

const membership = (teamId: number, over: Partial<ClubLicense['player']['memberships'][number]> = {}) => ({
  teamId,
  number: 7,
  position: null,
  captain: false,
  ...over,
});

const situation = {
  teamId: TEAM,
  levelOfTeam: new Map([
    [TEAM, 2],
    [LOWER_TEAM, 3],
    [HIGHER_TEAM, 1],
  ]),
  gameLeagueLevel: 2,
  suspended: new Set([104]),
};

describe('lineup candidates', () => {
  it('tell members, players from lower teams, multi licenses and the suspended apart', () => {
    const records = candidateRecords(
      [
        license(1, [membership(TEAM, { captain: true, position: 'GOALKEEPER' })]),
        license(2, [membership(LOWER_TEAM)]),
        license(3, [membership(HIGHER_TEAM)], { licensing: 'MULTI' }),
        license(4, [membership(TEAM)]),
        license(5, [membership(HIGHER_TEAM)], { locked: true }),
      ],
      situation,
    );
    expect(records.map((r) => ({ id: r.licenseId, verdict: eligibility(r) }))).toEqual([
      { id: 1, verdict: { eligible: true, licensing: 'regular' } },
      { id: 2, verdict: { eligible: true, licensing: 'other' } },
      { id: 3, verdict: { eligible: true, licensing: 'multi' } },
      { id: 4, verdict: { eligible: false, reason: 'player is suspended after a match penalty' } },
      { id: 5, verdict: { eligible: false, reason: 'license is locked' } },
    ]);
    expect(records[0]).toMatchObject({ playerId: 101, captain: true, isGoalkeeper: true, position: 'GOALKEEPER', number: 7 });
  });

  it('take number and position from the team’s membership, else from another, else the player’s position', () => {
    const [fromOther, fromPlayer] = candidateRecords([license(1, [membership(LOWER_TEAM, { number: 22, position: 'DEFENDER' })]), license(2, [])], situation);
    expect(fromOther).toMatchObject({ number: 22, position: 'DEFENDER', captain: false, memberOfTeam: false });
    expect(fromPlayer).toMatchObject({ number: null, position: 'FORWARD', memberOfLowerTeam: false });
  });

  it('count a team the club has no level for as not lower, and an unregistered team as lower', () => {
    const levels = new Map([...situation.levelOfTeam, [13, teamLevel([])]]);
    const [unknownTeam, unregistered] = candidateRecords([license(1, [membership(99)]), license(2, [membership(13)])], { ...situation, levelOfTeam: levels });
    expect(unknownTeam.memberOfLowerTeam).toBe(false);
    expect(unregistered.memberOfLowerTeam).toBe(true);
  });

  it('use the game’s league level when the team’s own is unknown', () => {
    const levelOfTeam = new Map([[LOWER_TEAM, 3]]);
    const [record] = candidateRecords([license(1, [membership(LOWER_TEAM)])], { ...situation, levelOfTeam, gameLeagueLevel: 4 });
    expect(record.memberOfLowerTeam).toBe(false);
  });
});

describe('team level', () => {
  it('is the highest league the team plays in, below every league when it plays in none', () => {
    expect(teamLevel([3, 1, 2])).toBe(1);
    expect(teamLevel([])).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('suspension', () => {
  it('follows a match penalty for the team, not other penalties or the opponent’s', () => {
    const penalty = (playerId: number | null, penaltyKind: string, teamId = TEAM) => ({ type: 'PENALTY', penaltyKind, teamId, playerId });
    const suspended = suspendedPlayerIds(
      [
        penalty(1, 'MATCH'),
        penalty(2, 'MINOR_2'),
        penalty(3, 'MATCH', 20),
        penalty(null, 'MATCH'),
        { type: 'GOAL', penaltyKind: 'MATCH', teamId: TEAM, playerId: 4 },
      ],
      TEAM,
    );
    expect([...suspended]).toEqual([1]);
  });
});

describe('the team of a lineup', () => {
  it('plays in the game', () => {
    const game = { id: 100, homeTeamId: TEAM, awayTeamId: 20 };
    expect(() => assertTeamPlays(game, 20)).not.toThrow();
    expect(() => assertTeamPlays(game, 11)).toThrow(new NotFoundError('Team 11 does not play in game 100'));
    expect(() => assertTeamPlays(game, 11)).toThrow(NotFoundError);
  });
});
