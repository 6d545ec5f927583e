// The `orderBy` and `direction` arguments of the connections of clubs, teams, league groups,
// national players, API keys and audit entries, in the pattern of the games' (game-order.ts) and the players' (player.ts): an
// enum of what the list is ordered by, and a SortDirection. Without them a list keeps the order it
// always had; every order ends with the id, so that it is total and a cursor finds its place.
import type { Prisma } from '../generated/prisma/client.js';
import { builder } from './builder.js';
import { SortDirectionEnum } from './national-statistics.js';

type Direction = 'ASC' | 'DESC' | null | undefined;
const sortOf = (direction: Direction, otherwise: 'asc' | 'desc' = 'asc'): 'asc' | 'desc' =>
  direction == null ? otherwise : direction === 'DESC' ? 'desc' : 'asc';

export const ClubOrderEnum = builder.enumType('ClubOrder', {
  description: 'What a list of clubs is ordered by; clubs of the same name are ordered by id.',
  values: {
    NAME: { description: 'The club name: A to Z unless DESC.' },
    ID: { description: "The club's id: smallest first unless DESC." },
  },
});

export const CLUB_ORDER_ARGS = builder.args((t) => ({
  orderBy: t.field({ type: ClubOrderEnum, defaultValue: 'NAME', description: 'What the clubs are ordered by; NAME when not given.' }),
  direction: t.field({ type: SortDirectionEnum, description: 'ASC (A to Z, smallest id first) unless given.' }),
}));

export function clubsOrderBy(order: 'NAME' | 'ID' | null | undefined, direction: Direction): Prisma.ClubOrderByWithRelationInput[] {
  const sort = sortOf(direction);
  return order === 'ID' ? [{ id: sort }] : [{ name: sort }, { id: sort }];
}

export const TeamOrderEnum = builder.enumType('TeamOrder', {
  description: 'What a list of teams is ordered by; teams of the same name are ordered by id.',
  values: {
    NAME: { description: 'The team name: A to Z unless DESC.' },
    ID: { description: "The team's id: smallest first unless DESC." },
  },
});

export const TEAM_ORDER_ARGS = builder.args((t) => ({
  orderBy: t.field({ type: TeamOrderEnum, defaultValue: 'NAME', description: 'What the teams are ordered by; NAME when not given.' }),
  direction: t.field({ type: SortDirectionEnum, description: 'ASC (A to Z, smallest id first) unless given.' }),
}));

export function teamsOrderBy(order: 'NAME' | 'ID' | null | undefined, direction: Direction): Prisma.TeamOrderByWithRelationInput[] {
  const sort = sortOf(direction);
  return order === 'ID' ? [{ id: sort }] : [{ name: sort }, { id: sort }];
}

export const LeagueGroupOrderEnum = builder.enumType('LeagueGroupOrder', {
  description: 'What a list of league groups is ordered by.',
  values: {
    SEASON: {
      description: "The season, newest first unless ASC; within a season by league, game class, the federation's order and id.",
    },
    ID: { description: "The group's id: smallest first unless DESC." },
  },
});

export const LEAGUE_GROUP_ORDER_ARGS = builder.args((t) => ({
  orderBy: t.field({ type: LeagueGroupOrderEnum, defaultValue: 'SEASON', description: 'What the groups are ordered by; SEASON when not given.' }),
  direction: t.field({ type: SortDirectionEnum, description: 'Unless given: the newest season first, ids smallest first.' }),
}));

export function leagueGroupsOrderBy(order: 'SEASON' | 'ID' | null | undefined, direction: Direction): Prisma.LeagueGroupOrderByWithRelationInput[] {
  if (order === 'ID') return [{ id: sortOf(direction) }];
  return [{ seasonId: sortOf(direction, 'desc') }, { leagueId: 'asc' }, { gameClassId: 'asc' }, { sortOrder: 'asc' }, { id: 'asc' }];
}

export const NationalPlayerOrderEnum = builder.enumType('NationalPlayerOrder', {
  description: 'What a list of national players is ordered by; players of the same number are ordered by id.',
  values: {
    NUMBER: { description: 'The shirt number: smallest first unless DESC (players without one last, or first with DESC).' },
    ID: { description: "The national player's id: smallest first unless DESC." },
  },
});

export const NATIONAL_PLAYER_ORDER_ARGS = builder.args((t) => ({
  orderBy: t.field({
    type: NationalPlayerOrderEnum,
    defaultValue: 'NUMBER',
    description: 'What the national players are ordered by; NUMBER when not given.',
  }),
  direction: t.field({ type: SortDirectionEnum, description: 'ASC (smallest first) unless given.' }),
}));

export function nationalPlayersOrderBy(order: 'NUMBER' | 'ID' | null | undefined, direction: Direction): Prisma.NationalPlayerOrderByWithRelationInput[] {
  const sort = sortOf(direction);
  return order === 'ID' ? [{ id: sort }] : [{ number: sort }, { id: sort }];
}

export const ApiKeyOrderEnum = builder.enumType('ApiKeyOrder', {
  description: 'What a list of API keys is ordered by.',
  values: { ID: { description: "The key's id, the order keys were made in: smallest first unless DESC." } },
});

export const API_KEY_ORDER_ARGS = builder.args((t) => ({
  orderBy: t.field({ type: ApiKeyOrderEnum, defaultValue: 'ID', description: 'What the keys are ordered by; ID when not given.' }),
  direction: t.field({ type: SortDirectionEnum, description: 'ASC (oldest key first) unless given.' }),
}));

export function apiKeysOrderBy(direction: Direction): Prisma.ApiKeyOrderByWithRelationInput[] {
  return [{ id: sortOf(direction) }];
}

export const GameAuditOrderEnum = builder.enumType('GameAuditOrder', {
  description: "What a game's audit is ordered by; writes of the same instant by id.",
  values: { WRITTEN: { description: 'When the write was committed: the oldest first unless DESC.' } },
});

export const GAME_AUDIT_ORDER_ARGS = builder.args((t) => ({
  orderBy: t.field({ type: GameAuditOrderEnum, defaultValue: 'WRITTEN', description: 'What the writes are ordered by; WRITTEN when not given.' }),
  direction: t.field({ type: SortDirectionEnum, description: 'ASC (the oldest write first, as `gameAudit` and `npm run audit`) unless given.' }),
}));

export function gameAuditOrderBy(direction: Direction): Prisma.GameAuditEntryOrderByWithRelationInput[] {
  const sort = sortOf(direction);
  return [{ at: sort }, { id: sort }];
}
