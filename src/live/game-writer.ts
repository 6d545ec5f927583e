/**
 * The write path of a live game. One write = one transaction: lock the game's row (writes to one
 * game queue up, so none is lost), replay a retried idempotency key, check the expected version,
 * load the game's state once, let the domain decide the write (`planWrite`,
 * src/domain/write-plan.ts), store its plan, raise the version, and keep the audit record, which
 * also remembers the idempotency key (src/live/write-idempotency.ts). No league rule is decided here.
 */
import { assertMayWriteGame, assertMayWriteGames, deciderOf, resultActorOf, type ApiCredential, type StoredKeyCredential } from '../domain/access.js';
import {
  assertMayWriteResult,
  DEFAULT_PROTEST_WINDOW_HOURS,
  isResultLifeWrite,
  type ProtestChange,
  type ResultState,
  type StoredResult,
} from '../domain/result-life.js';
import type { PrismaClient } from '../db/database.js';
import { commitPosition } from '../db/replicas.js';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import { assertPaired, type Paired } from '../domain/pairing.js';
import type { GameStatus } from '../domain/game-status.js';
import {
  type EventEffect,
  type GameWrite,
  type LiveGameState,
  isRepeatableWrite,
  licensesNamedBy,
  type NewEvent,
  type RunningScoreChange,
  type WritePlan,
} from '../domain/game-write.js';
import type { Decider } from '../domain/result-authority.js';
import { planWriteNamingAllowed } from '../domain/status-messages.js';
import { gameFormat, type StoredGameFormat } from '../domain/game-format.js';
import type { Decision, StartWindow } from '../domain/live-game.js';
import type { TransitionRecord } from '../domain/game-transitions.js';
import type { Prisma } from '../generated/prisma/client.js';
import { journalChange } from './change-journal.js';
import type { ChangeAffects, GameChange } from './changes.js';
import { assertIdempotencyKey, type Idempotency, inputHashOf, lookUpKey, retryingKeyRace } from './write-idempotency.js';

export interface WriteRequest extends Idempotency {
  gameId: number;
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

/** How long a write may wait for a connection and for the game's lock held by the writes before it. */
const WRITE_TIMEOUT_MS = 10_000;

type Tx = Prisma.TransactionClient;
type EventRow = Prisma.GameEventGetPayload<object>;

interface LockedGame {
  id: number;
  status: GameStatus;
  version: number;
  homeTeamId: number | null;
  awayTeamId: number | null;
  groupId: number | null;
  startsAt: Date;
  decidedBy: Decision;
  homeScore: number | null;
  awayScore: number | null;
  /** Its league group's format; null for a game without a group (a cup game). */
  format: StoredGameFormat | null;
  /** Its status changes written live. */
  transitions: TransitionRecord[];
  resultState: ResultState | null;
  resultProvisionalSince: Date | null;
  resultConfirmedAt: Date | null;
  /** Its league group's protest window; null for a game without a group. */
  protestWindowHours: number | null;
}

/** What a retry must send again: the game and the write (not expectedVersion). */
const inputHash = (request: WriteRequest): string => inputHashOf([request.gameId, request.write]);

/** Runs one write for `credential`; a refused write changes nothing. */
export async function writeGame(
  prisma: PrismaClient,
  credential: ApiCredential,
  request: WriteRequest,
  now: Date,
  startWindow: StartWindow,
): Promise<WriteOutcome> {
  assertMayWriteGames(credential);
  assertIdempotencyKey(request);
  const outcome = await retryingKeyRace(() =>
    prisma.$transaction((tx) => writeLocked(tx, credential, request, now, startWindow), { timeout: WRITE_TIMEOUT_MS, maxWait: WRITE_TIMEOUT_MS }),
  );
  // After the commit: read replicas serve the change's readers once they replayed this far.
  if (outcome.change) outcome.change.lsn = await commitPosition(prisma);
  return outcome;
}

async function writeLocked(tx: Tx, credential: StoredKeyCredential, request: WriteRequest, now: Date, startWindow: StartWindow): Promise<WriteOutcome> {
  // The group's format comes with the lock: one statement, and the game row alone is locked.
  const [game] = await tx.$queryRaw<LockedGame[]>`
    SELECT g.id, g.status::text AS status, g.version, g."homeTeamId", g."awayTeamId", g."groupId", g."startsAt",
      g."decidedBy"::text AS "decidedBy", g."homeScore", g."awayScore",
      g."resultState"::text AS "resultState", g."resultProvisionalSince", g."resultConfirmedAt", lg."protestWindowHours",
      CASE WHEN lg.id IS NULL THEN NULL ELSE json_build_object(
        'periods', lg.periods, 'periodMinutes', lg."periodMinutes", 'overtimeMinutes', lg."overtimeMinutes",
        'penaltyShootout', lg."penaltyShootout", 'drawAllowed', lg."drawAllowed", 'forfeitGoals', lg."forfeitGoals") END AS format,
      (SELECT coalesce(json_agg(json_build_object(
        'number', t.number, 'kind', t.kind, 'second', t.second, 'statusBefore', t."statusBefore",
        'decidedByBefore', t."decidedByBefore", 'lastEventIdBefore', t."lastEventIdBefore")), '[]'::json)
       FROM "GameTransition" t WHERE t."gameId" = g.id) AS transitions
    FROM "Game" g LEFT JOIN "LeagueGroup" lg ON lg.id = g."groupId" WHERE g.id = ${request.gameId} FOR UPDATE OF g`;
  if (!game) throw new NotFoundError(`No game ${request.gameId}`);
  assertPaired(game, 'started or recorded');
  const teams = await tx.team.findMany({ where: { id: { in: [game.homeTeamId, game.awayTeamId] } }, select: { id: true, clubId: true } });
  const clubOf = (teamId: number) => teams.find((team) => team.id === teamId)?.clubId ?? -1;
  const clubs = { home: clubOf(game.homeTeamId), away: clubOf(game.awayTeamId) };
  // Before a retry is looked up: the game's writes are replayed to whoever may write it, and to no one else.
  // A result's life has its own writers: a club of either team protests, the federation decides.
  if (isResultLifeWrite(request.write.kind)) assertMayWriteResult(request.write.kind, resultActorOf(credential), clubs);
  else assertMayWriteGame(credential, { id: game.id, homeClubId: clubs.home });
  const hash = inputHash(request);
  const { replay, storedKey } = await lookUpKey(tx, credential.keyId, request, game, hash, { now, repeatable: isRepeatableWrite(request.write) });
  if (replay) return { gameId: replay.gameId, version: replay.version, eventId: replay.eventId, replayed: true, change: null };
  if (request.expectedVersion != null && request.expectedVersion !== game.version) {
    throw new ConflictError(`The game is at version ${game.version}, not ${request.expectedVersion}: reload it and write again`, game.version);
  }

  const state = await lockedState(tx, game, request.write, { now, startWindow, decider: deciderOf(credential) });
  state.life = {
    result: storedResultOf(game),
    windowHours: game.protestWindowHours ?? DEFAULT_PROTEST_WINDOW_HOURS,
    // Only a protest asks who protested before; every other write spares the statement.
    protests:
      request.write.kind === 'protestResult'
        ? await tx.resultProtest.findMany({ where: { gameId: game.id }, select: { clubId: true, side: true, decision: true } })
        : [],
    actor: resultActorOf(credential),
    clubs,
  };
  const plan = planWriteNamingAllowed(state, request.write);
  const stored = await storeEffect(tx, game.id, plan.effect);
  if (plan.protest) await storeProtest(tx, game.id, credential.keyId, plan.protest, now);
  await storeRunningScores(tx, plan.runningScores, stored.created);
  await storeTransition(tx, game, plan, state, now);
  const { score, forfeitedBy, secondsPlayed, spectators, clock } = plan.game;
  const version = game.version + 1;
  await tx.game.update({
    where: { id: game.id },
    data: {
      version,
      status: plan.game.status,
      // Each left as it is unless the write sets it (undefined).
      decidedBy: plan.game.decidedBy,
      forfeitedBy,
      secondsPlayed,
      spectators,
      clockPeriod: clock.period,
      clockSecond: clock.second,
      clockAt: clock.at,
      clockRunning: clock.running,
      ...(plan.result.changed
        ? { resultState: plan.result.after.state, resultProvisionalSince: plan.result.after.provisionalSince, resultConfirmedAt: plan.result.after.confirmedAt }
        : {}),
      ...(score === undefined
        ? {}
        : {
            homeScore: score?.home ?? null,
            awayScore: score?.away ?? null,
            homePeriodScores: score?.homePeriodScores ?? [],
            awayPeriodScores: score?.awayPeriodScores ?? [],
          }),
    },
  });
  const after = score === undefined ? { home: game.homeScore, away: game.awayScore } : { home: score?.home ?? null, away: score?.away ?? null };
  await tx.gameAuditEntry.create({
    data: {
      gameId: game.id,
      apiKeyId: credential.keyId,
      at: now,
      mutation: request.write.kind,
      idempotencyKey: storedKey,
      inputHash: hash,
      version,
      eventId: stored.eventId,
      change: {
        input: request.write,
        event: { before: stored.before, after: stored.after },
        score: { before: `${plan.scoreBefore.home}:${plan.scoreBefore.away}`, after: `${after.home ?? 0}:${after.away ?? 0}` },
        status: { before: game.status, after: plan.game.status },
        // How the game was decided, for the standings as of a day before a correction changed it.
        decidedBy: { before: game.decidedBy, after: plan.game.decidedBy ?? game.decidedBy },
        // The result's life: its state before and after, and the reason the write gave (a protest's, a decision's).
        ...(plan.result.changed || isResultLifeWrite(request.write.kind)
          ? { resultState: { before: plan.result.before.state, after: plan.result.after.state }, reason: reasonOf(request.write) }
          : {}),
      } as Prisma.InputJsonValue,
    },
  });
  const change: GameChange = {
    gameId: game.id,
    version,
    kind: plan.announce.kind,
    eventId: stored.eventId,
    status: plan.game.status,
    homeScore: after.home,
    awayScore: after.away,
    scoreChanged: plan.announce.scoreChanged,
    statusChanged: plan.announce.statusChanged,
    resultChanged: plan.announce.resultChanged,
    groupId: game.groupId,
    homeTeamId: game.homeTeamId,
    awayTeamId: game.awayTeamId,
    homeClubId: clubOf(game.homeTeamId),
    awayClubId: clubOf(game.awayTeamId),
    affects: await affectedBy(tx, game, plan.announce.resultChanged),
  };
  // In the write's transaction: the change is in the log exactly when the write committed, so an
  // instance that missed its notification finds it there.
  change.seq = await journalChange(tx, { kind: 'game', game: change });
  return { gameId: game.id, version, eventId: stored.eventId, replayed: false, change };
}

function storedResultOf(game: LockedGame): StoredResult {
  return { state: game.resultState, provisionalSince: game.resultProvisionalSince, confirmedAt: game.resultConfirmedAt };
}

function reasonOf(write: GameWrite): string | null {
  return 'reason' in write ? (write.reason ?? null) : null;
}

/** Keeps a club's protest, or the federation's decision on every protest of the game not decided yet. */
async function storeProtest(tx: Tx, gameId: number, keyId: number, protest: ProtestChange, now: Date): Promise<void> {
  if ('file' in protest) {
    const { clubId, side, reason } = protest.file;
    await tx.resultProtest.create({ data: { gameId, clubId, side, reason, apiKeyId: keyId, at: now } });
    return;
  }
  const { decision, reason } = protest.decide;
  await tx.resultProtest.updateMany({
    where: { gameId, decision: null },
    data: { decision, decisionReason: reason, decidedAt: now, decidedByApiKeyId: keyId },
  });
}

/** Ids a change may name before its notification outgrows PostgreSQL's 8,000-byte NOTIFY payload. */
const MAX_AFFECTED_IDS = 600;

/**
 * Whose pages a write to the game may alter (GameChange.affects): the players of both teams in the
 * game's season and those on its sheet; the two teams and those the sheet's players belong to that
 * season; when the write changes a result that counts, the other teams of its group too (a team's
 * and a club's statistics show its rank there, which a live goal does not move); their clubs; and
 * the league of its group (its lists, rankings and top scorers).
 * Undefined when there are too many to name: the change then alters everything.
 */
async function affectedBy(tx: Tx, game: LockedGame, resultChanged: boolean): Promise<ChangeAffects | undefined> {
  const rows = await tx.$queryRaw<{ kind: 'player' | 'team' | 'club' | 'league'; id: number }[]>`
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
      SELECT "teamId" FROM "TeamRegistration" WHERE "groupId" = ${game.groupId} AND ${resultChanged}
      UNION
      SELECT m."teamId" FROM "TeamMember" m JOIN "LineupEntry" l ON l."playerId" = m."playerId", game_season s
      WHERE l."gameId" = ${game.id} AND m."seasonId" = s."seasonId"
    )
    SELECT 'player' AS kind, "playerId" AS id FROM players
    UNION ALL SELECT 'team', "teamId" FROM teams
    UNION ALL SELECT DISTINCT 'club', t."clubId" FROM "Team" t JOIN teams ON teams."teamId" = t.id
    UNION ALL SELECT 'league', "leagueId" FROM "LeagueGroup" WHERE id = ${game.groupId}`;
  if (rows.length > MAX_AFFECTED_IDS) return undefined;
  const idsOf = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => Number(row.id));
  return { teamIds: idsOf('team'), clubIds: idsOf('club'), playerIds: idsOf('player'), leagueIds: idsOf('league') };
}

/**
 * What the rules decide a write on: the game's events, read once, in the order they are played
 * (clock, then order of writing), and the game-sheet lines of the licenses the write names.
 */
async function lockedState(
  tx: Tx,
  game: Paired<LockedGame>,
  write: GameWrite,
  moment: { now: Date; startWindow: StartWindow; decider: Decider },
): Promise<LiveGameState<EventRow>> {
  const events = await tx.gameEvent.findMany({ where: { gameId: game.id }, orderBy: [{ second: 'asc' }, { sequence: 'asc' }, { id: 'asc' }] });
  const licenseIds = licensesNamedBy(write);
  const sheet =
    licenseIds.length === 0
      ? []
      : await tx.lineupEntry.findMany({ where: { gameId: game.id, licenseId: { in: licenseIds } }, select: { teamId: true, licenseId: true, playerId: true } });
  return {
    gameId: game.id,
    status: game.status,
    homeTeamId: game.homeTeamId,
    awayTeamId: game.awayTeamId,
    format: gameFormat(game.format),
    startsAt: game.startsAt,
    decidedBy: game.decidedBy,
    storedScore: game.homeScore === null || game.awayScore === null ? null : { home: game.homeScore, away: game.awayScore },
    transitions: game.transitions,
    ...moment,
    events,
    sheet,
  };
}

/** The rows the effect stored, and what the audit keeps of the event it is about (null for a transition). */
interface StoredEffect {
  created: EventRow[];
  eventId: number | null;
  before: EventRow | null;
  after: EventRow | null;
}

async function storeEffect(tx: Tx, gameId: number, effect: EventEffect<EventRow>): Promise<StoredEffect> {
  switch (effect.kind) {
    case 'markers':
      return { created: await createEvents(tx, gameId, effect.markers), eventId: null, before: null, after: null };
    case 'recorded': {
      const [created] = await createEvents(tx, gameId, [effect.event]);
      return { created: [created], eventId: created.id, before: null, after: created };
    }
    case 'corrected': {
      const updated = await tx.gameEvent.update({ where: { id: effect.event.id }, data: effect.fields });
      return { created: [], eventId: updated.id, before: effect.event, after: updated };
    }
    case 'stamped': {
      const updated = await tx.gameEvent.update({ where: { id: effect.event.id }, data: { worldTime: effect.worldTime } });
      return { created: [], eventId: updated.id, before: effect.event, after: updated };
    }
    case 'deleted':
      await tx.gameEvent.delete({ where: { id: effect.event.id } });
      return { created: [], eventId: effect.event.id, before: effect.event, after: null };
    case 'undone':
      await tx.gameEvent.deleteMany({ where: { id: { in: effect.events.map((event) => event.id) } } });
      return { created: [], eventId: null, before: null, after: null };
    case 'moved':
      await tx.gameEvent.updateMany({ where: { id: { in: effect.events.map((event) => event.id) } }, data: { second: effect.second } });
      return { created: [], eventId: null, before: null, after: null };
    case 'none':
      return { created: [], eventId: null, before: null, after: null };
  }
}

/** Keeps the status change the write is (numbered after the last), forgets the one it undoes, or moves the one it corrects. */
async function storeTransition(tx: Tx, game: LockedGame, plan: WritePlan<EventRow>, state: LiveGameState<EventRow>, now: Date): Promise<void> {
  const transition = plan.transition;
  if (!transition) return;
  if ('record' in transition) {
    await tx.gameTransition.create({
      data: {
        gameId: game.id,
        number: Math.max(0, ...state.transitions.map((kept) => kept.number)) + 1,
        kind: transition.record.kind,
        second: transition.record.second,
        at: now,
        statusBefore: game.status,
        decidedByBefore: game.decidedBy,
        lastEventIdBefore: Math.max(0, ...state.events.map((event) => event.id)),
      },
    });
  } else if ('undo' in transition) {
    await tx.gameTransition.delete({ where: { gameId_number: { gameId: game.id, number: transition.undo.number } } });
  } else {
    await tx.gameTransition.update({
      where: { gameId_number: { gameId: game.id, number: transition.correct.number } },
      data: { second: transition.correct.second },
    });
  }
}

/** One at a time, in the plan's order, so that the events' ids follow the order they were written in. */
async function createEvents(tx: Tx, gameId: number, events: NewEvent[]): Promise<EventRow[]> {
  const created: EventRow[] = [];
  for (const event of events) created.push(await tx.gameEvent.create({ data: { ...event, gameId } }));
  return created;
}

async function storeRunningScores(tx: Tx, changes: RunningScoreChange[], created: EventRow[]): Promise<void> {
  for (const { target, homeScore, awayScore } of changes) {
    const id = 'eventId' in target ? target.eventId : created[target.createdIndex].id;
    await tx.gameEvent.update({ where: { id }, data: { homeScore, awayScore } });
  }
}
