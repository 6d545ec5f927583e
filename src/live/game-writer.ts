/**
 * The write path of a live game. One write = one transaction: lock the game's row (writes to one
 * game queue up, so none is lost), replay a retried idempotency key, check the expected version,
 * apply the domain rules (src/domain/live-game.ts), derive the score from the events, raise the
 * version, and keep the audit record, which also remembers the idempotency key.
 */
import { createHash } from 'node:crypto';
import { assertMayWriteGame, assertMayWriteGames, type ApiCredential, type StoredKeyCredential } from '../domain/access.js';
import type { PrismaClient } from '../db/database.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain/errors.js';
import {
  assertCorrectable,
  assertTimeoutLeft,
  endPeriodMarkers,
  finishMarkers,
  phaseOf,
  periodForCorrection,
  periodForRecord,
  PENALTY_REASON_MAX_LENGTH,
  replayScore,
  startMarkers,
  type Decision,
  type Marker,
  type Side,
} from '../domain/live-game.js';
import { Prisma } from '../generated/prisma/client.js';
import type { GameStatus, PenaltyKind } from '../generated/prisma/enums.js';
import { journalChange } from './change-journal.js';
import type { ChangeAffects, GameChange, GameChangeKind } from './changes.js';

export type GameWrite =
  | { kind: 'startGame' }
  | {
      kind: 'recordGoal';
      side: Side;
      second: number;
      scorerLicenseId?: number | null;
      assistLicenseId?: number | null;
      ownGoal?: boolean | null;
      penaltyShot?: boolean | null;
    }
  | { kind: 'recordPenalty'; side: Side; second: number; playerLicenseId?: number | null; penaltyKind: PenaltyKind; reason?: string | null }
  | { kind: 'recordTimeout'; side: Side; second: number }
  | { kind: 'endPeriod' }
  | { kind: 'finishGame'; decidedBy: Decision; shootoutWinner?: Side | null }
  | {
      kind: 'correctEvent';
      eventId: number;
      second?: number | null;
      side?: Side | null;
      playerLicenseId?: number | null;
      assistLicenseId?: number | null;
      penaltyKind?: PenaltyKind | null;
      reason?: string | null;
    }
  | { kind: 'deleteEvent'; eventId: number };

export interface WriteRequest {
  gameId: number;
  /** Chosen by the client per write and sent again with every retry of it. */
  idempotencyKey: string;
  /** The version the client saw; another one is a CONFLICT. Absent: write whatever the version. */
  expectedVersion?: number | null;
  write: GameWrite;
}

export interface WriteOutcome {
  gameId: number;
  version: number;
  eventId: number | null;
  /** A retry of a write already committed: nothing was written. */
  replayed: boolean;
  /** What to tell the caches and subscribers; null for a replay, which changed nothing. */
  change: GameChange | null;
}

export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
/** How long a write may wait for a connection and for the game's lock held by the writes before it. */
const WRITE_TIMEOUT_MS = 10_000;

type Tx = Prisma.TransactionClient;
type StoredEvent = Prisma.GameEventGetPayload<object>;

interface LockedGame {
  id: number;
  status: string;
  version: number;
  homeTeamId: number;
  awayTeamId: number;
  groupId: number | null;
}

const CHANGE_OF: Record<GameWrite['kind'], GameChangeKind> = {
  startGame: 'STARTED',
  recordGoal: 'EVENT_ADDED',
  recordPenalty: 'EVENT_ADDED',
  recordTimeout: 'EVENT_ADDED',
  endPeriod: 'PERIOD_ENDED',
  finishGame: 'FINISHED',
  correctEvent: 'EVENT_CORRECTED',
  deleteEvent: 'EVENT_DELETED',
};

function inputHash(request: WriteRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.gameId, request.write]))
    .digest('hex');
}

function assertIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH)
    throw new InvalidInputError(`idempotencyKey must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`);
}

/** Runs one write for `credential`; a refused write changes nothing. */
export async function writeGame(prisma: PrismaClient, credential: ApiCredential, request: WriteRequest, now: Date): Promise<WriteOutcome> {
  assertMayWriteGames(credential);
  assertIdempotencyKey(request.idempotencyKey);
  const attempt = () => prisma.$transaction((tx) => writeLocked(tx, credential, request, now), { timeout: WRITE_TIMEOUT_MS, maxWait: WRITE_TIMEOUT_MS });
  try {
    return await attempt();
  } catch (error) {
    // The same idempotency key sent at the same time for two games: the other write holds it now,
    // and a second attempt refuses this one for its different input.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return attempt();
    throw error;
  }
}

async function writeLocked(tx: Tx, credential: StoredKeyCredential, request: WriteRequest, now: Date): Promise<WriteOutcome> {
  const [game] = await tx.$queryRaw<LockedGame[]>`
    SELECT id, status::text AS status, version, "homeTeamId", "awayTeamId", "groupId" FROM "Game" WHERE id = ${request.gameId} FOR UPDATE`;
  if (!game) throw new NotFoundError(`No game ${request.gameId}`);
  const hash = inputHash(request);
  const earlier = await tx.gameAuditEntry.findUnique({
    where: { apiKeyId_idempotencyKey: { apiKeyId: credential.keyId, idempotencyKey: request.idempotencyKey } },
  });
  if (earlier) {
    if (earlier.inputHash !== hash) throw new InvalidInputError(`idempotencyKey "${request.idempotencyKey}" was already used for a different write`);
    return { gameId: earlier.gameId, version: earlier.version, eventId: earlier.eventId, replayed: true, change: null };
  }
  const teams = await tx.team.findMany({ where: { id: { in: [game.homeTeamId, game.awayTeamId] } }, select: { id: true, clubId: true } });
  const clubOf = (teamId: number) => teams.find((team) => team.id === teamId)?.clubId ?? -1;
  assertMayWriteGame(credential, clubOf(game.homeTeamId));
  if (request.expectedVersion != null && request.expectedVersion !== game.version) {
    throw new ConflictError(`The game is at version ${game.version}, not ${request.expectedVersion}: reload it and write again`, game.version);
  }

  const events = await tx.gameEvent.findMany({ where: { gameId: game.id }, orderBy: [{ second: 'asc' }, { sequence: 'asc' }, { id: 'asc' }] });
  const before = replayScore(events).score;
  const applied = await apply(tx, game, events, request.write);
  const after = await settleScore(tx, game);
  const version = game.version + 1;
  await tx.game.update({
    where: { id: game.id },
    data: {
      version,
      status: applied.status as GameStatus,
      ...(applied.decidedBy ? { decidedBy: applied.decidedBy } : {}),
      homeScore: after.home,
      awayScore: after.away,
      homePeriodScores: after.homePeriodScores,
      awayPeriodScores: after.awayPeriodScores,
    },
  });
  await tx.gameAuditEntry.create({
    data: {
      gameId: game.id,
      apiKeyId: credential.keyId,
      at: now,
      mutation: request.write.kind,
      idempotencyKey: request.idempotencyKey,
      inputHash: hash,
      version,
      eventId: applied.eventId,
      change: {
        input: request.write,
        event: { before: applied.eventBefore, after: applied.eventAfter },
        score: { before: `${before.home}:${before.away}`, after: `${after.home}:${after.away}` },
        status: { before: game.status, after: applied.status },
      } as Prisma.InputJsonValue,
    },
  });
  const change: GameChange = {
    gameId: game.id,
    version,
    kind: CHANGE_OF[request.write.kind],
    eventId: applied.eventId,
    status: applied.status,
    homeScore: after.home,
    awayScore: after.away,
    scoreChanged: before.home !== after.home || before.away !== after.away,
    groupId: game.groupId,
    homeTeamId: game.homeTeamId,
    awayTeamId: game.awayTeamId,
    homeClubId: clubOf(game.homeTeamId),
    awayClubId: clubOf(game.awayTeamId),
    affects: await affectedBy(tx, game),
  };
  // In the write's transaction: the change is in the log exactly when the write committed, so an
  // instance that missed its notification finds it there.
  change.seq = await journalChange(tx, { kind: 'game', game: change });
  return { gameId: game.id, version, eventId: applied.eventId, replayed: false, change };
}

/** Ids a change may name before its notification outgrows PostgreSQL's 8,000-byte NOTIFY payload. */
const MAX_AFFECTED_IDS = 600;

/**
 * Whose pages a write to the game may alter (GameChange.affects): the players of both teams in the
 * game's season and those on its sheet; the teams of its group (a team's and a club's statistics
 * show its rank there), and those the sheet's players belong to that season; and their clubs.
 * Undefined when there are too many to name: the change then alters everything.
 */
async function affectedBy(tx: Tx, game: LockedGame): Promise<ChangeAffects | undefined> {
  const rows = await tx.$queryRaw<{ kind: 'player' | 'team' | 'club'; id: number }[]>`
    WITH game_season AS (
      SELECT coalesce(grp."seasonId", cup."seasonId") AS "seasonId"
      FROM "Game" g
      LEFT JOIN "LeagueGroup" grp ON grp.id = g."groupId"
      LEFT JOIN "CupRound" r ON r.id = g."cupRoundId"
      LEFT JOIN "CupTournament" cup ON cup.id = r."tournamentId"
      WHERE g.id = ${game.id}
    ), players AS (
      SELECT m."playerId" FROM "TeamMember" m, game_season s
      WHERE m."teamId" IN (${game.homeTeamId}, ${game.awayTeamId}) AND m."seasonId" = s."seasonId"
      UNION
      SELECT "playerId" FROM "LineupEntry" WHERE "gameId" = ${game.id}
    ), teams AS (
      SELECT ${game.homeTeamId}::int AS "teamId" UNION SELECT ${game.awayTeamId}::int
      UNION
      SELECT "teamId" FROM "TeamRegistration" WHERE "groupId" = ${game.groupId}
      UNION
      SELECT m."teamId" FROM "TeamMember" m JOIN "LineupEntry" l ON l."playerId" = m."playerId", game_season s
      WHERE l."gameId" = ${game.id} AND m."seasonId" = s."seasonId"
    )
    SELECT 'player' AS kind, "playerId" AS id FROM players
    UNION ALL SELECT 'team', "teamId" FROM teams
    UNION ALL SELECT DISTINCT 'club', t."clubId" FROM "Team" t JOIN teams ON teams."teamId" = t.id`;
  if (rows.length > MAX_AFFECTED_IDS) return undefined;
  const idsOf = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => Number(row.id));
  return { teamIds: idsOf('team'), clubIds: idsOf('club'), playerIds: idsOf('player') };
}

interface Applied {
  status: string;
  decidedBy?: Decision;
  eventId: number | null;
  eventBefore: StoredEvent | null;
  eventAfter: StoredEvent | null;
}

/** The player a license names, who must be on that side's game sheet. */
async function playerOnSheet(tx: Tx, game: LockedGame, side: Side, licenseId: number | null | undefined): Promise<number | null> {
  if (licenseId == null) return null;
  const teamId = side === 'HOME' ? game.homeTeamId : game.awayTeamId;
  const entry = await tx.lineupEntry.findFirst({ where: { gameId: game.id, teamId, licenseId }, select: { playerId: true } });
  if (!entry) throw new InvalidInputError(`License ${licenseId} is not on the ${side === 'HOME' ? 'home' : 'away'} team's game sheet`);
  return entry.playerId;
}

function assertReason(reason: string | null | undefined): void {
  if (reason != null && reason.length > PENALTY_REASON_MAX_LENGTH)
    throw new InvalidInputError(`reason must be at most ${PENALTY_REASON_MAX_LENGTH} characters`);
}

async function apply(tx: Tx, game: LockedGame, events: StoredEvent[], write: GameWrite): Promise<Applied> {
  const phase = phaseOf(game.status, events);
  let sequence = Math.max(-1, ...events.map((event) => event.sequence));
  const teamOf = (side: Side) => (side === 'HOME' ? game.homeTeamId : game.awayTeamId);
  const addMarkers = async (markers: Marker[]) => {
    for (const marker of markers) {
      sequence += 1;
      await tx.gameEvent.create({
        data: {
          gameId: game.id,
          sequence,
          type: marker.type,
          second: marker.second,
          period: marker.period,
          side: marker.side ?? null,
          teamId: marker.side ? teamOf(marker.side) : null,
        },
      });
    }
  };
  const addEvent = async (data: Omit<Prisma.GameEventUncheckedCreateInput, 'gameId' | 'sequence'>): Promise<Applied> => {
    sequence += 1;
    const created = await tx.gameEvent.create({ data: { ...data, gameId: game.id, sequence } });
    return { status: game.status, eventId: created.id, eventBefore: null, eventAfter: created };
  };
  const score = () => {
    const { home, away } = replayScore(events).score;
    return { home, away };
  };

  switch (write.kind) {
    case 'startGame':
      await addMarkers(startMarkers(game.status));
      return { status: 'LIVE', eventId: null, eventBefore: null, eventAfter: null };
    case 'endPeriod':
      await addMarkers(endPeriodMarkers(phase, score()));
      return { status: game.status, eventId: null, eventBefore: null, eventAfter: null };
    case 'finishGame':
      await addMarkers(finishMarkers(phase, events, score(), write.decidedBy, write.shootoutWinner ?? null));
      return { status: 'FINISHED', decidedBy: write.decidedBy, eventId: null, eventBefore: null, eventAfter: null };
    case 'recordGoal': {
      const period = periodForRecord(phase, write.second);
      if (write.ownGoal && (write.scorerLicenseId != null || write.assistLicenseId != null))
        throw new InvalidInputError('An own goal names no scorer and no assist');
      if (write.ownGoal && write.penaltyShot) throw new InvalidInputError('A penalty shot is not an own goal');
      if (write.assistLicenseId != null && write.assistLicenseId === write.scorerLicenseId)
        throw new InvalidInputError('The scorer cannot assist the own goal');
      const playerId = await playerOnSheet(tx, game, write.side, write.scorerLicenseId);
      const assistId = await playerOnSheet(tx, game, write.side, write.assistLicenseId);
      return addEvent({
        type: write.ownGoal ? 'OWN_GOAL' : 'GOAL',
        second: write.second,
        period,
        side: write.side,
        teamId: teamOf(write.side),
        playerId,
        assistId,
        penaltyShot: write.penaltyShot ?? false,
      });
    }
    case 'recordPenalty': {
      const period = periodForRecord(phase, write.second);
      assertReason(write.reason);
      const playerId = await playerOnSheet(tx, game, write.side, write.playerLicenseId);
      return addEvent({
        type: 'PENALTY',
        second: write.second,
        period,
        side: write.side,
        teamId: teamOf(write.side),
        playerId,
        penaltyKind: write.penaltyKind,
        penaltyReason: write.reason ?? null,
      });
    }
    case 'recordTimeout': {
      const period = periodForRecord(phase, write.second);
      assertTimeoutLeft(events, write.side);
      return addEvent({ type: 'TIMEOUT', second: write.second, period, side: write.side, teamId: teamOf(write.side) });
    }
    case 'correctEvent':
    case 'deleteEvent': {
      const event = events.find((candidate) => candidate.id === write.eventId);
      if (!event) throw new NotFoundError(`Game ${game.id} has no event ${write.eventId}`);
      assertCorrectable(event.type);
      if (phase.kind === 'finished') throw new InvalidInputError('The game is over: its events are corrected in the back office, not live');
      if (write.kind === 'deleteEvent') {
        await tx.gameEvent.delete({ where: { id: event.id } });
        return { status: game.status, eventId: event.id, eventBefore: event, eventAfter: null };
      }
      return correct(tx, game, events, event, write, phase);
    }
  }
}

async function correct(
  tx: Tx,
  game: LockedGame,
  events: StoredEvent[],
  event: StoredEvent,
  write: Extract<GameWrite, { kind: 'correctEvent' }>,
  phase: ReturnType<typeof phaseOf>,
): Promise<Applied> {
  const side = write.side ?? (event.side as Side);
  const second = write.second ?? event.second;
  const period = periodForCorrection(phase, event.period ?? 1, second);
  if (event.type === 'TIMEOUT' && side !== event.side) assertTimeoutLeft(events, side, event);
  const names = event.type === 'GOAL' || event.type === 'PENALTY';
  if (!names && (write.playerLicenseId != null || write.assistLicenseId != null)) throw new InvalidInputError(`A ${event.type} event names no player`);
  if (event.type !== 'GOAL' && write.assistLicenseId != null) throw new InvalidInputError('Only a goal has an assist');
  if (event.type !== 'PENALTY' && (write.penaltyKind != null || write.reason != null)) throw new InvalidInputError('Only a penalty has a kind and a reason');
  assertReason(write.reason);
  const sideChanged = side !== event.side;
  // A player named before belongs to the side: moving the event to the other side needs the players named again.
  const playerId = write.playerLicenseId != null ? await playerOnSheet(tx, game, side, write.playerLicenseId) : sideChanged ? null : event.playerId;
  const assistId = write.assistLicenseId != null ? await playerOnSheet(tx, game, side, write.assistLicenseId) : sideChanged ? null : event.assistId;
  if (playerId !== null && playerId === assistId) throw new InvalidInputError('The scorer cannot assist the own goal');
  const updated = await tx.gameEvent.update({
    where: { id: event.id },
    data: {
      second,
      period,
      side,
      teamId: side === 'HOME' ? game.homeTeamId : game.awayTeamId,
      playerId,
      assistId,
      ...(write.penaltyKind != null ? { penaltyKind: write.penaltyKind } : {}),
      ...(write.reason != null ? { penaltyReason: write.reason } : {}),
    },
  });
  return { status: game.status, eventId: event.id, eventBefore: event, eventAfter: updated };
}

/** Derives the score from the events as they are now, and stores the running score on each. */
async function settleScore(tx: Tx, game: LockedGame): Promise<ReturnType<typeof replayScore>['score']> {
  const events = await tx.gameEvent.findMany({ where: { gameId: game.id }, orderBy: [{ second: 'asc' }, { sequence: 'asc' }, { id: 'asc' }] });
  const { score, running } = replayScore(events);
  for (const event of events) {
    const at = running.get(event) ?? null;
    const homeScore = at?.home ?? null;
    const awayScore = at?.away ?? null;
    if (event.homeScore !== homeScore || event.awayScore !== awayScore) {
      await tx.gameEvent.update({ where: { id: event.id }, data: { homeScore, awayScore } });
    }
  }
  return score;
}
