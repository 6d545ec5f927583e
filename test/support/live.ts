import type { Database } from '../../src/db/database.js';

export interface GraphQLAnswer<T = Record<string, unknown>> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** POSTs an operation to /graphql over a real socket, with the key as officials send it. */
export async function postGraphQL<T = Record<string, unknown>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown>,
  key?: string,
): Promise<GraphQLAnswer<T>> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as Omit<GraphQLAnswer<T>, 'status'>) };
}

export const WRITE_RESULT =
  'version replayed eventId game { id status homeScore awayScore version } event { id type second period homeScore awayScore player { id } }';

/** A scheduled game of the demo league with a game sheet of `perSide` licensed players per side, as the desk would see it before the start. */
export async function scheduledGameWithSheet(db: Database, perSide = 4) {
  const game = await db.prisma.game.findFirstOrThrow({
    where: { status: 'SCHEDULED', groupId: { not: null } },
    orderBy: { startsAt: 'asc' },
    include: { homeTeam: true, awayTeam: true },
  });
  await db.prisma.lineupEntry.deleteMany({ where: { gameId: game.id } });
  const sheet: Record<'HOME' | 'AWAY', { licenseId: number; playerId: number }[]> = { HOME: [], AWAY: [] };
  for (const [side, team] of [
    ['HOME', game.homeTeam!],
    ['AWAY', game.awayTeam!],
  ] as const) {
    const licenses = await db.prisma.license.findMany({ where: { teamId: team.id }, take: perSide, orderBy: { id: 'asc' } });
    for (const license of licenses) {
      await db.prisma.lineupEntry.create({ data: { gameId: game.id, teamId: team.id, playerId: license.playerId, licenseId: license.id } });
      sheet[side].push({ licenseId: license.id, playerId: license.playerId });
    }
  }
  return { game, sheet };
}

/** Everything a write may touch, to prove a refused write changed nothing. */
export async function gameSnapshot(db: Database, gameId: number) {
  const [game, events, audit] = await Promise.all([
    db.prisma.game.findUniqueOrThrow({ where: { id: gameId } }),
    db.prisma.gameEvent.findMany({ where: { gameId }, orderBy: { id: 'asc' } }),
    db.prisma.gameAuditEntry.count({ where: { gameId } }),
  ]);
  return { game, events, audit };
}
