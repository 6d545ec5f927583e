/**
 * The write path of a team's game sheet. One write = one transaction, queued behind the game's
 * other writes by the same row lock as the live writes (src/live/game-writer.ts), so a goal naming
 * a license and a sheet correction never cross: replay a retried idempotency key, check the
 * expected version, let the domain pick the license of each line that names a player, judge and
 * number the sheet (src/domain/sheet-write.ts), replace the team's lines, raise the game's version,
 * keep the audit record and journal the change. No league rule is decided here.
 */
import { assertMayWriteGame, assertMayWriteGames, type ApiCredential, type StoredKeyCredential } from '../domain/access.js';
import type { PrismaClient } from '../db/database.js';
import { commitPosition } from '../db/replicas.js';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import { assertPaired } from '../domain/pairing.js';
import { teamOf } from '../domain/game-write.js';
import type { Side } from '../domain/live-game.js';
import { playerSideOf } from '../domain/event-kinds.js';
import {
  judgeSheet,
  numberSheet,
  resolveSheetLines,
  SHEET_CHANGE_KIND,
  type SheetCandidate,
  type SheetEntry,
  type SheetLineInput,
} from '../domain/sheet-write.js';
import { Prisma } from '../generated/prisma/client.js';
import { journalChange } from './change-journal.js';
import type { ChangeAffects, GameChange } from './changes.js';
import { assertIdempotencyKey, type Idempotency, inputHashOf, lookUpKey, retryingKeyRace } from './write-idempotency.js';

export interface SheetWriteRequest extends Idempotency {
  gameId: number;
  side: Side;
  /** The version the client saw; another one is a CONFLICT. Absent: write whatever the version. */
  expectedVersion?: number | null;
  /** Each naming its player by license or by player (`resolveSheetLines` picks the license). */
  lines: readonly SheetLineInput[];
}

export interface SheetWriteOutcome {
  gameId: number;
  /** The team whose sheet was written. */
  teamId: number;
  version: number;
  /** A retry of a write already committed: nothing was written. */
  replayed: boolean;
  /** What to tell the caches and subscribers; null for a replay, which changed nothing. */
  change: GameChange | null;
}

/** The candidates of the team's lineup for the game, as the lineup rules see them, with their known positions (src/schema/lineup-facts.ts loads them). */
export type CandidatesOf = (gameId: number, teamId: number) => Promise<readonly SheetCandidate[]>;

/**
 * As long as a live write may wait for a connection and the game's lock (WRITE_TIMEOUT_MS in
 * src/live/game-writer.ts): the change log counts on no write taking longer (SETTLE_AFTER_MS).
 */
const WRITE_TIMEOUT_MS = 10_000;

type Tx = Prisma.TransactionClient;

interface LockedGame {
  id: number;
  status: string;
  version: number;
  homeTeamId: number;
  awayTeamId: number;
  groupId: number | null;
  homeScore: number | null;
  awayScore: number | null;
  seasonId: number | null;
}

interface StoredLine {
  teamId: number;
  playerId: number;
  licenseId: number | null;
  number: number | null;
  position: string | null;
  captain: boolean;
}

/**
 * Writes the sheet of one side for `credential`, authorised as the live writes are (a `games:write`
 * key of the home club, or of the federation); a refused write changes nothing. The candidates are
 * read before the transaction: they follow from licenses, memberships and earlier games, which no
 * write of this game changes, and the game's lock is held for as short as the writes need it.
 */
export async function writeGameSheet(
  prisma: PrismaClient,
  credential: ApiCredential,
  request: SheetWriteRequest,
  now: Date,
  candidatesOf: CandidatesOf,
): Promise<SheetWriteOutcome> {
  assertMayWriteGames(credential);
  assertIdempotencyKey(request);
  const game = await prisma.game.findUnique({
    where: { id: request.gameId },
    select: { homeTeamId: true, awayTeamId: true, homeTeam: { select: { clubId: true } } },
  });
  if (!game) throw new NotFoundError(`No game ${request.gameId}`);
  const paired = { id: request.gameId, ...game };
  assertPaired(paired, 'given a game sheet');
  assertMayWriteGame(credential, { id: request.gameId, homeClubId: paired.homeTeam?.clubId ?? -1 });
  const teamId = teamOf(paired, request.side);
  const candidates = new Map((await candidatesOf(request.gameId, teamId)).map((facts) => [facts.licenseId, facts]));
  const outcome = await retryingKeyRace(() =>
    prisma.$transaction((tx) => writeLocked(tx, credential, request, teamId, candidates, now), { timeout: WRITE_TIMEOUT_MS, maxWait: WRITE_TIMEOUT_MS }),
  );
  // After the commit, as for a live write (src/live/game-writer.ts).
  if (outcome.change) outcome.change.lsn = await commitPosition(prisma);
  return outcome;
}

/**
 * What a retry must send again: the game, the side and the lines as sent (not expectedVersion),
 * absent fields as their defaults. A line's license or player is hashed only when sent, so a line
 * naming a license hashes as it did before lines could name players (retries across a deployment).
 */
function inputOf(request: SheetWriteRequest) {
  const lines = request.lines.map((line) => ({
    ...(line.licenseId == null ? {} : { licenseId: line.licenseId }),
    ...(line.playerId == null ? {} : { playerId: line.playerId }),
    number: line.number ?? null,
    position: line.position,
    captain: line.captain ?? false,
  }));
  return { gameId: request.gameId, side: request.side, lines };
}

async function writeLocked(
  tx: Tx,
  credential: StoredKeyCredential,
  request: SheetWriteRequest,
  teamId: number,
  candidates: ReadonlyMap<number, SheetCandidate>,
  now: Date,
): Promise<SheetWriteOutcome> {
  // The season comes with the lock (the affected teams are its members); the game row alone is locked.
  const [game] = await tx.$queryRaw<LockedGame[]>`
    SELECT g.id, g.status::text AS status, g.version, g."homeTeamId", g."awayTeamId", g."groupId", g."homeScore", g."awayScore",
      coalesce(grp."seasonId", cup."seasonId") AS "seasonId"
    FROM "Game" g
    LEFT JOIN "LeagueGroup" grp ON grp.id = g."groupId"
    LEFT JOIN "CupRound" r ON r.id = g."cupRoundId"
    LEFT JOIN "CupTournament" cup ON cup.id = r."tournamentId"
    WHERE g.id = ${request.gameId} FOR UPDATE OF g`;
  if (!game) throw new NotFoundError(`No game ${request.gameId}`);
  const input = inputOf(request);
  const hash = inputHashOf(['writeGameSheet', input]);
  const { replay, storedKey } = await lookUpKey(tx, credential.keyId, request, game, hash);
  if (replay) return { gameId: replay.gameId, teamId, version: replay.version, replayed: true, change: null };
  if (request.expectedVersion != null && request.expectedVersion !== game.version) {
    throw new ConflictError(`The game is at version ${game.version}, not ${request.expectedVersion}: reload it and write again`, game.version);
  }

  const sheet: StoredLine[] = await tx.lineupEntry.findMany({
    where: { gameId: game.id },
    select: { teamId: true, playerId: true, licenseId: true, number: true, position: true, captain: true },
    orderBy: { id: 'asc' },
  });
  const before = sheet.filter((line) => line.teamId === teamId);
  const lines = judgeSheet(resolveSheetLines(request.lines, candidates), {
    status: game.status,
    candidates,
    otherSheetPlayerIds: new Set(sheet.filter((line) => line.teamId !== teamId).map((line) => line.playerId)),
    linesNamedByEvents: await linesNamedByEvents(tx, game, teamId, before),
  });
  const after = numberSheet(
    lines,
    await rememberedNumbers(
      tx,
      lines.filter((line) => line.number === null).map((line) => line.playerId),
    ),
  );

  await tx.lineupEntry.deleteMany({ where: { gameId: game.id, teamId } });
  await tx.lineupEntry.createMany({
    data: after.map((line) => ({
      gameId: game.id,
      teamId,
      playerId: line.playerId,
      licenseId: line.licenseId,
      number: line.number,
      position: line.position,
      captain: line.captain,
      rememberNumber: line.rememberNumber,
    })),
  });
  const version = game.version + 1;
  await tx.game.update({ where: { id: game.id }, data: { version } });
  await tx.gameAuditEntry.create({
    data: {
      gameId: game.id,
      apiKeyId: credential.keyId,
      at: now,
      mutation: 'writeGameSheet',
      idempotencyKey: storedKey,
      inputHash: hash,
      version,
      eventId: null,
      change: { input, sheet: { teamId, before: before.map(auditedLine), after: after.map(auditedLine) } } as Prisma.InputJsonValue,
    },
  });
  const { affects, clubOf } = await affectedBy(tx, game, [...new Set([...before, ...after].map((line) => line.playerId))]);
  const change: GameChange = {
    gameId: game.id,
    version,
    kind: SHEET_CHANGE_KIND,
    eventId: null,
    status: game.status,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    scoreChanged: false,
    resultChanged: false,
    groupId: game.groupId,
    homeTeamId: game.homeTeamId,
    awayTeamId: game.awayTeamId,
    homeClubId: clubOf(game.homeTeamId),
    awayClubId: clubOf(game.awayTeamId),
    affects,
  };
  // In the write's transaction, as for a live write: the change is in the log exactly when the sheet committed.
  change.seq = await journalChange(tx, { kind: 'game', game: change });
  return { gameId: game.id, teamId, version, replayed: false, change };
}

function auditedLine(line: Pick<SheetEntry, 'licenseId' | 'playerId' | 'number' | 'position' | 'captain'> | StoredLine) {
  return { licenseId: line.licenseId, playerId: line.playerId, number: line.number, position: line.position, captain: line.captain };
}

/**
 * The team's lines whose player an event of the game names for the team (scorer, assist, penalized,
 * and the scorer of an own goal credited to the other team): the rules keep them on the sheet.
 */
async function linesNamedByEvents(tx: Tx, game: LockedGame, teamId: number, before: readonly StoredLine[]): Promise<StoredLine[]> {
  if (before.length === 0) return [];
  const events = await tx.gameEvent.findMany({
    where: { gameId: game.id, OR: [{ playerId: { not: null } }, { assistId: { not: null } }] },
    select: { type: true, side: true, teamId: true, playerId: true, assistId: true },
  });
  const named = new Set(
    events.flatMap((event) => {
      const playerTeam = event.side ? teamOf(game, playerSideOf(event.type, event.side)) : event.teamId;
      return [...(playerTeam === teamId ? [event.playerId] : []), ...(event.teamId === teamId ? [event.assistId] : [])];
    }),
  );
  return before.filter((line) => named.has(line.playerId));
}

/**
 * The number each player last wore: that of their latest lineup entry with a number to remember, in any game
 * (latest game first, then the line written last), this game's current sheet included, so that a
 * correction which leaves a number out keeps it. One statement, on the lineup's player index.
 */
async function rememberedNumbers(tx: Tx, playerIds: readonly number[]): Promise<Map<number, number>> {
  if (playerIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ playerId: number; number: number }[]>`
    SELECT DISTINCT ON (l."playerId") l."playerId", l.number
    FROM "LineupEntry" l JOIN "Game" g ON g.id = l."gameId"
    WHERE l."playerId" IN (${Prisma.join(playerIds)}) AND l.number IS NOT NULL AND l."rememberNumber"
    ORDER BY l."playerId", g."startsAt" DESC, l.id DESC`;
  return new Map(rows.map((row) => [Number(row.playerId), Number(row.number)]));
}

/**
 * Whose pages the sheet may alter beyond the game's own: the players on it before or after the
 * write, their teams in the game's season (a live game's lineup counts for their statistics), the two
 * teams of the game, and those teams' clubs. Not the group's other teams, as a live write names
 * them: a sheet changes no score, hence no rank.
 */
async function affectedBy(tx: Tx, game: LockedGame, playerIds: readonly number[]): Promise<{ affects: ChangeAffects; clubOf: (teamId: number) => number }> {
  const members =
    playerIds.length === 0 || game.seasonId === null
      ? []
      : await tx.teamMember.findMany({ where: { playerId: { in: [...playerIds] }, seasonId: game.seasonId }, select: { teamId: true } });
  const teamIds = [...new Set([game.homeTeamId, game.awayTeamId, ...members.map((member) => member.teamId)])];
  const teams = await tx.team.findMany({ where: { id: { in: teamIds } }, select: { id: true, clubId: true } });
  const clubs = new Map(teams.map((team) => [team.id, team.clubId]));
  return {
    // No league: a sheet changes no score, so no list, ranking or top-scorer table.
    affects: { teamIds, clubIds: [...new Set(clubs.values())], playerIds: [...playerIds], leagueIds: [] },
    clubOf: (teamId) => clubs.get(teamId) ?? -1,
  };
}
