// Spreads the teams of each game class over the league tiers for one season (strongest teams
// highest, with a little noise so borderline teams move up and down between seasons; a club's
// second team always plays below its first) and splits every tier into groups that never hold two
// teams of the same club where there is a choice.
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

function isBetterSibling(candidate: DemoTeam, team: DemoTeam): boolean {
  return candidate.club === team.club && candidate.gameClassId === team.gameClassId && candidate.ordinal < team.ordinal;
}

/** Teams per tier, best first; a team never shares or tops the tier of its club's better team. */
function assignTiers(ranked: readonly DemoTeam[], tiers: readonly Tier[], scale: number): DemoTeam[][] {
  const members: DemoTeam[][] = tiers.map(() => []);
  const lowest = tiers.length - 1;
  let open = 0;
  for (const team of ranked) {
    while (open < lowest && members[open].length >= tierCapacity(tiers[open], scale)) open += 1;
    const siblingTier = members.findIndex((tier) => tier.some((other) => isBetterSibling(other, team)));
    members[Math.min(lowest, Math.max(open, siblingTier + 1))].push(team);
  }
  // A tier left with one or two teams borrows the weakest teams of the tier above.
  for (let tier = lowest; tier > 0; tier--) {
    const below = members[tier];
    const above = members[tier - 1];
    while (below.length > 0 && below.length < SMALLEST_GROUP && above.length > 2 * SMALLEST_GROUP) {
      const movable = [...above].reverse().find((team) => !below.some((other) => isBetterSibling(team, other)));
      if (!movable) break;
      above.splice(above.indexOf(movable), 1);
      below.unshift(movable);
    }
    if (below.length > 0 && below.length < SMALLEST_GROUP) above.push(...below.splice(0));
  }
  return members;
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
    assignTiers(ranked, tiers, scale).forEach((tierTeams, tierIndex) => {
      if (tierTeams.length === 0) return;
      const tier = tiers[tierIndex];
      const split = splitIntoGroups(random, tierTeams, groupCount(tier, tierTeams.length));
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
