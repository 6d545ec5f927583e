import type { PrismaClient } from '../db/database.js';
import { favoriteKey, FavoriteError, type Favorite } from '../domain/favorites.js';
import { expiryFrom, isUsableSessionId, MAX_FAVORITES_PER_SESSION, newSessionId } from '../domain/session.js';

type Transaction = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export interface StoredSession {
  id: string;
  expiresAt: Date;
}

/** Checks that the favorite names records that exist; throws FavoriteError naming the missing one. */
export async function assertFavoriteExists(prisma: PrismaClient | Transaction, favorite: Favorite): Promise<void> {
  switch (favorite.type) {
    case 'league': {
      const found = await prisma.leagueGroup.findFirst({
        where: { leagueId: favorite.league, gameClassId: favorite.game_class, name: favorite.group },
        select: { id: true },
      });
      if (!found) {
        const group = favorite.group === undefined ? '' : ` and group ${JSON.stringify(favorite.group)}`;
        throw new FavoriteError(`no league ${favorite.league} with game_class ${favorite.game_class}${group}`);
      }
      return;
    }
    case 'club':
      if (!(await prisma.club.findUnique({ where: { id: favorite.club_id }, select: { id: true } }))) throw new FavoriteError(`no club ${favorite.club_id}`);
      return;
    case 'team':
      if (!(await prisma.team.findUnique({ where: { id: favorite.team_id }, select: { id: true } }))) throw new FavoriteError(`no team ${favorite.team_id}`);
      return;
    case 'player':
      if (!(await prisma.player.findUnique({ where: { id: favorite.player_id }, select: { id: true } })))
        throw new FavoriteError(`no player ${favorite.player_id}`);
      return;
  }
}

/** Locks and returns a live session, or creates a new one when the sid is null, unknown or expired. */
async function liveOrNewSession(tx: Transaction, sid: string | null | undefined, now: Date): Promise<StoredSession> {
  if (isUsableSessionId(sid)) {
    // Row lock: concurrent changes to one session queue up instead of overwriting each other.
    const rows = await tx.$queryRaw<StoredSession[]>`
      SELECT id, "expiresAt" FROM "FavoriteSession" WHERE id = ${sid} AND "expiresAt" > ${now} FOR UPDATE`;
    if (rows[0]) return rows[0];
  }
  return tx.favoriteSession.create({
    data: { id: newSessionId(), createdAt: now, updatedAt: now, expiresAt: expiryFrom(now) },
    select: { id: true, expiresAt: true },
  });
}

function favoriteColumns(favorite: Favorite) {
  return {
    type: favorite.type,
    gameClass: favorite.type === 'league' ? favorite.game_class : null,
    league: favorite.type === 'league' ? favorite.league : null,
    group: favorite.type === 'league' ? (favorite.group ?? null) : null,
    clubId: favorite.type === 'club' ? favorite.club_id : null,
    teamId: favorite.type === 'team' ? favorite.team_id : null,
    playerId: favorite.type === 'player' ? favorite.player_id : null,
  };
}

/** Adds the favorites in one transaction: all of them or, on any error, none. */
export async function addFavorites(prisma: PrismaClient, sid: string | null | undefined, favorites: Favorite[], now: Date): Promise<StoredSession> {
  for (const favorite of favorites) await assertFavoriteExists(prisma, favorite);
  return prisma.$transaction(async (tx) => {
    const session = await liveOrNewSession(tx, sid, now);
    for (const favorite of favorites) {
      const key = favoriteKey(favorite);
      const existing = await tx.favorite.findUnique({ where: { sessionId_key: { sessionId: session.id, key } }, select: { id: true } });
      if (existing) continue;
      const count = await tx.favorite.count({ where: { sessionId: session.id } });
      if (count >= MAX_FAVORITES_PER_SESSION) throw new FavoriteError(`a session holds at most ${MAX_FAVORITES_PER_SESSION} favorites`);
      await tx.favorite.create({ data: { sessionId: session.id, key, createdAt: now, ...favoriteColumns(favorite) } });
    }
    return renew(tx, session.id, now);
  });
}

/** Removes the favorites (absent ones are fine) in one transaction. */
export async function removeFavorites(prisma: PrismaClient, sid: string | null | undefined, favorites: Favorite[], now: Date): Promise<StoredSession> {
  return prisma.$transaction(async (tx) => {
    const session = await liveOrNewSession(tx, sid, now);
    await tx.favorite.deleteMany({ where: { sessionId: session.id, key: { in: favorites.map(favoriteKey) } } });
    return renew(tx, session.id, now);
  });
}

function renew(tx: Transaction, sessionId: string, now: Date): Promise<StoredSession> {
  return tx.favoriteSession.update({
    where: { id: sessionId },
    data: { updatedAt: now, expiresAt: expiryFrom(now) },
    select: { id: true, expiresAt: true },
  });
}

/** Deletes expired sessions (their favorites cascade); returns how many went. */
export async function purgeExpiredSessions(prisma: PrismaClient, now: Date): Promise<number> {
  const { count } = await prisma.favoriteSession.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
