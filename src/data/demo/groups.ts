// Spreads the teams of each game class over the league tiers for one season (strongest teams
// highest, with a little noise so borderline teams move up and down between seasons) and splits
// every tier into groups that never hold two teams of the same club.
import type { LeagueGroupRow } from '../import/format.js';
import type { DemoTeam } from './clubs.js';
import type { DemoDocument } from './document.js';
import { playoffSize } from './playoff-format.js';
import type { Random } from './random.js';
import { GAME_CLASSES, PLAYOFF_CLASSES, TIERS, TOP_LEAGUE, leagueLevel, type Tier } from './structure.js';

export interface DemoGroup {
  row: LeagueGroupRow;
  teams: DemoTeam[];
  gameClassId: number;
  leagueId: number;
  level: number;
  seasonId: number;
}

/** Fewer teams than this left for the tiers below join the tier above instead. */
const SMALLEST_GROUP = 3;

function tierCapacity(tier: Tier, scale: number): number {
  if (tier.kind === 'fixed') return tier.teams;
  if (tier.kind === 'scaled') return Math.max(1, Math.round(tier.groupsPerScale * scale)) * tier.groupSize;
  return Number.POSITIVE_INFINITY;
}

function groupCount(tier: Tier, teams: number): number {
  if (tier.kind === 'fixed') return 1;
  return Math.max(1, Math.round(teams / tier.groupSize));
}

function splitIntoGroups(random: Random, teams: DemoTeam[], count: number): DemoTeam[][] {
  const groups: DemoTeam[][] = Array.from({ length: count }, () => []);
  for (const team of random.shuffle(teams)) {
    const bySize = [...groups].sort((a, b) => a.length - b.length);
    const withoutClubmate = bySize.find((group) => group.every((member) => member.club !== team.club));
    (withoutClubmate ?? bySize[0]).push(team);
  }
  return groups;
}

export function formGroups(document: DemoDocument, random: Random, seasonId: number, teams: readonly DemoTeam[], scale: number): DemoGroup[] {
  const groups: DemoGroup[] = [];
  for (const definition of GAME_CLASSES) {
    const gameClassId = definition.row.id;
    const ranked = teams
      .filter((team) => team.gameClassId === gameClassId)
      .map((team) => ({ team, form: team.strength + random.normal(0, 0.25) }))
      .sort((a, b) => b.form - a.form)
      .map(({ team }) => team);
    const tiers = TIERS[gameClassId];
    let next = 0;
    tiers.forEach((tier, tierIndex) => {
      const remaining = ranked.length - next;
      if (remaining <= 0) return;
      let take = tierIndex === tiers.length - 1 ? remaining : Math.min(remaining, tierCapacity(tier, scale));
      if (remaining - take < SMALLEST_GROUP) take = remaining;
      const tierTeams = ranked.slice(next, next + take);
      next += take;
      const split = splitIntoGroups(random, tierTeams, groupCount(tier, take));
      split.forEach((members, index) => {
        const hasPlayoffs = tier.leagueId === TOP_LEAGUE && PLAYOFF_CLASSES.includes(gameClassId);
        const row: LeagueGroupRow = {
          id: document.nextId('group'),
          seasonId,
          leagueId: tier.leagueId,
          gameClassId,
          name: `Gruppe ${index + 1}`,
          phase: 'QUALIFICATION',
          sortOrder: index + 1,
          playoffLine: hasPlayoffs ? playoffSize(members.length) + 1 : null,
        };
        document.rows.leagueGroups.push(row);
        for (const team of members) document.rows.teamRegistrations.push({ teamId: team.row.id, groupId: row.id });
        groups.push({ row, teams: members, gameClassId, leagueId: tier.leagueId, level: leagueLevel(tier.leagueId), seasonId });
      });
    });
  }
  return groups;
}
