// Plays the next scheduled games of the league live, through the same GraphQL mutations the
// officials' desks use, so subscribers and the current-games table see goals arrive: both game
// sheets first (writeGameSheet, from the lineupCandidates), then every kind of event the desk
// records, in each game's league format (src/data/demo/live-play.ts). Ctrl-C leaves no game live:
// each one still under way is finished where it is decided in its last period, or aborted.
//   npm run demo:live [-- --games N] [--speed S] [--seed N] [--lead-in SECONDS]
//     starts the service in this process (the embedded database admits one process), with a
//     temporary games:write key that is revoked again when the script ends
//   npm run demo:live -- --url <base URL> --key <games:write key> [...]
//     drives a service that is already running, over HTTP only
import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { constants } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Config } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { clockText } from '../src/domain/game-clock.js';
import { type GameFormat, gameFormat, type StoredGameFormat } from '../src/domain/game-format.js';
import type { PlayerPosition } from '../src/generated/prisma/enums.js';
import { EMPTY_SHEET, type GameSheet, type LiveAction, planLiveGame, realTimeMs, wrapUpOf } from '../src/data/demo/live-play.js';
import { chooseSheetLines, type SheetCandidate, sideSheetOf } from '../src/data/demo/live-sheet.js';

/** The demo plays games whenever they are scheduled, with a federation key: its word for deciding them outside their window. */
const DEMO_REASON = 'demo: played now, whatever its schedule';
import { Random } from '../src/data/demo/random.js';

const MAX_GAMES = 20;

const USAGE = `usage: npm run demo:live -- [--games N] [--speed S] [--seed N] [--lead-in SECONDS] [--url <base URL> --key <games:write key>]
  --games N       scheduled games to play, the next ones by start time (default 3, at most ${MAX_GAMES})
  --speed S       game seconds per real second (default 60: a game minute per second; 1 is real time)
  --seed N        plays the same games the same way again
  --lead-in S     real seconds between printing where to watch and the first write (default 5)
  --url, --key    drive a running service instead of starting one here`;

/** Game seconds between the starts of consecutive games, so their writes interleave. */
const STAGGER_GAME_SECONDS = 90;
const RETRIES = 3;
const RETRY_BACKOFF_MS = 500;
const RETRY_AFTER_CAP_MS = 10_000;
const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const REQUEST_TIMEOUT_MS = 15_000;
const CLOSE_TIMEOUT_MS = 5_000;
const SIGNAL_ECHO_MS = 1_000;

// ---- GraphQL over HTTP ------------------------------------------------------------------------

/** The service answered with an error (a refused write, a bad query), or never answered at all. */
export class GraphQLFailure extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface GraphQLBody<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

interface GraphQLClient {
  request<T>(query: string, variables: Record<string, unknown>): Promise<T>;
}

/** Thrown by one attempt when sending it again may succeed: the request is re-sent unchanged. */
class Transient extends Error {
  constructor(
    message: string,
    readonly waitMs: number,
  ) {
    super(message);
  }
}

function retryAfterMs(response: Response, attempt: number): number {
  const seconds = Number(response.headers.get('retry-after'));
  const backoff = RETRY_BACKOFF_MS * 2 ** attempt;
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, RETRY_AFTER_CAP_MS) : backoff;
}

async function postOnce<T>(url: string, headers: Record<string, string>, body: string, attempt: number): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new Transient(error instanceof Error ? error.message : String(error), RETRY_BACKOFF_MS * 2 ** attempt);
  }
  if (RETRYABLE_STATUS.has(response.status)) throw new Transient(`HTTP ${response.status}`, retryAfterMs(response, attempt));
  const answer = (await response.json().catch(() => ({}))) as GraphQLBody<T>;
  const [error] = answer.errors ?? [];
  if (error) throw new GraphQLFailure(error.message, error.extensions?.code);
  if (!response.ok || !answer.data) throw new GraphQLFailure(`HTTP ${response.status} without data`, undefined);
  return answer.data;
}

/**
 * Every request is sent again, byte for byte, after a network error or a temporary refusal: for a
 * write that means the same idempotency key, so a write that was committed before its answer got
 * lost is answered from the first result and not written twice.
 */
function graphqlClient(baseUrl: string, key: string): GraphQLClient {
  const url = `${baseUrl.replace(/\/+$/, '')}/graphql`;
  const headers = { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', authorization: `Bearer ${key}` };
  return {
    async request<T>(query: string, variables: Record<string, unknown>): Promise<T> {
      const body = JSON.stringify({ query, variables });
      for (let attempt = 0; ; attempt++) {
        try {
          return await postOnce<T>(url, headers, body, attempt);
        } catch (error) {
          if (!(error instanceof Transient)) throw error;
          if (attempt >= RETRIES) throw new GraphQLFailure(`no answer after ${RETRIES + 1} attempts: ${error.message}`, 'UNAVAILABLE');
          await sleep(error.waitMs);
        }
      }
    },
  };
}

// ---- The games ---------------------------------------------------------------------------------

export interface ScheduledGame {
  id: number;
  version: number;
  startsAt: string;
  homeTeam: { id: number; name: string; club: { id: number } };
  awayTeam: { id: number; name: string; club: { id: number } };
  /** A league game's group and its format; null for a cup game, which plays the standard format. */
  group: { format: StoredGameFormat } | null;
}

const NEXT_SCHEDULED_GAMES = `query NextScheduledGames($from: DateTime!, $first: Int!) {
  games(first: $first, filter: { status: [SCHEDULED], from: $from }) {
    edges { node {
      id version startsAt homeTeam { id name club { id } } awayTeam { id name club { id } }
      group { format { periods periodMinutes overtimeMinutes penaltyShootout drawAllowed forfeitGoals } }
    } }
  }
}`;

async function nextScheduledGames(client: GraphQLClient, count: number, from: Date): Promise<ScheduledGame[]> {
  const data = await client.request<{ games: { edges: { node: ScheduledGame }[] } }>(NEXT_SCHEDULED_GAMES, { from: from.toISOString(), first: count });
  return data.games.edges.map((edge) => edge.node);
}

// ---- Game sheets -------------------------------------------------------------------------------

const LINEUP_CANDIDATES = `query DemoLineupCandidates($gameId: Int!, $teamId: Int!) {
  lineupCandidates(gameId: $gameId, teamId: $teamId) { licenseId playerId number position captain licensing }
}`;

interface SheetLineAnswer {
  number: number | null;
  position: PlayerPosition | null;
  license: { id: number } | null;
  player: { id: number; firstName: string; lastName: string };
}

const SHEET_LINE_FIELDS = 'number position license { id } player { id firstName lastName }';

const WRITE_GAME_SHEET = `mutation DemoGameSheet($input: WriteGameSheetInput!) {
  writeGameSheet(input: $input) { version replayed lines { ${SHEET_LINE_FIELDS} } }
}`;

const GAME_SHEET = `query DemoGameSheet($id: Int!, $side: TeamSide!) { game(id: $id) { lineup(side: $side) { ${SHEET_LINE_FIELDS} } } }`;

/** Both sides' sheets as the plan names players from them, how the log names each license, and the game's version after writing them. */
interface PreparedSheets {
  sheet: GameSheet;
  labels: Map<number, string>;
  version: number;
}

/** `#17 A. Muster`: how the log names a player of the sheet. */
function labelOf(line: SheetLineAnswer): string {
  const name = `${line.player.firstName.charAt(0)}. ${line.player.lastName}`;
  return line.number === null ? name : `#${line.number} ${name}`;
}

function remember(labels: Map<number, string>, lines: readonly SheetLineAnswer[]): void {
  for (const line of lines) if (line.license) labels.set(line.license.id, labelOf(line));
}

/**
 * Writes each team's sheet with `writeGameSheet`, from the players the lineup rules let play
 * (`lineupCandidates`, as the v3 interface asks), home first; the away sheet leaves out anyone on
 * the home sheet. A side whose sheet cannot be written (too few players, a refusal) keeps the sheet
 * it has, if any: its events then name players from that one, or nobody.
 */
async function writeSheets(client: GraphQLClient, game: ScheduledGame, random: Random, say: (text: string) => void): Promise<PreparedSheets> {
  const prepared: PreparedSheets = { sheet: { ...EMPTY_SHEET }, labels: new Map(), version: game.version };
  const taken = new Set<number>();
  for (const side of ['HOME', 'AWAY'] as const) {
    const team = side === 'HOME' ? game.homeTeam : game.awayTeam;
    let lines: SheetLineAnswer[];
    try {
      const { lineupCandidates } = await client.request<{ lineupCandidates: SheetCandidate[] }>(LINEUP_CANDIDATES, { gameId: game.id, teamId: team.id });
      const chosen = chooseSheetLines(random.fork(side), lineupCandidates, taken);
      if (!chosen) throw new GraphQLFailure(`${lineupCandidates.length} eligible players, too few for a sheet`, undefined);
      const input = { gameId: game.id, side, idempotencyKey: randomUUID(), expectedVersion: prepared.version, lines: chosen };
      const { writeGameSheet } = await client.request<{ writeGameSheet: { version: number; replayed: boolean; lines: SheetLineAnswer[] } }>(WRITE_GAME_SHEET, {
        input,
      });
      prepared.version = writeGameSheet.version;
      lines = writeGameSheet.lines;
      // The goalkeepers in the order sent: the first one starts in goal.
      prepared.sheet = { ...prepared.sheet, [side]: sideSheetOf(chosen) };
      remember(prepared.labels, lines);
      const goalkeepers = chosen.filter((line) => line.position === 'GOALKEEPER').length;
      const captain = chosen.find((line) => line.captain);
      say(
        `SHEET ${side} ${team.name}: ${chosen.length} players, ${goalkeepers} goalkeeper${goalkeepers === 1 ? '' : 's'}${captain ? `, captain ${prepared.labels.get(captain.licenseId)}` : ''}${writeGameSheet.replayed ? ' (replayed)' : ''}`,
      );
    } catch (error) {
      if (!(error instanceof GraphQLFailure)) throw error;
      const data = await client.request<{ game: { lineup: SheetLineAnswer[] } | null }>(GAME_SHEET, { id: game.id, side });
      lines = data.game?.lineup ?? [];
      const licensed = lines.flatMap((line) => (line.license ? [{ licenseId: line.license.id, position: line.position }] : []));
      prepared.sheet = { ...prepared.sheet, [side]: sideSheetOf(licensed) };
      remember(prepared.labels, lines);
      say(
        `SHEET ${side} not written (${error.message}); ${licensed.length > 0 ? `the ${licensed.length} players on it name the events` : 'its events name nobody'}`,
      );
    }
    for (const line of lines) taken.add(line.player.id);
  }
  return prepared;
}

// ---- Writes ------------------------------------------------------------------------------------

interface GameState {
  status: string;
  homeScore: number | null;
  awayScore: number | null;
}

interface WriteResult {
  replayed: boolean;
  version: number;
  game: GameState;
}

interface Write {
  mutation: string;
  inputType: string;
  fields: Record<string, unknown>;
}

/** An event's clock: its game second and the wall-clock moment the desk records it (sent once, so a retry repeats it). */
const when = (second: number) => ({ second, worldTime: new Date().toISOString() });

/** The mutation for an action and its input beyond gameId, idempotencyKey and expectedVersion; undefined fields are left out. */
function writeOf(action: LiveAction): Write {
  switch (action.kind) {
    case 'startGame':
      // The demo plays the next scheduled games now, whenever they are scheduled: a federation key's start.
      return { mutation: 'startGame', inputType: 'StartGameInput', fields: { outsideStartWindow: true, reason: DEMO_REASON } };
    case 'inspection':
      return { mutation: 'recordInspection', inputType: 'RecordInspectionInput', fields: { ...when(action.second), done: action.done } };
    case 'goal':
      return {
        mutation: 'recordGoal',
        inputType: 'RecordGoalInput',
        fields: {
          side: action.side,
          ...when(action.second),
          ownGoal: action.ownGoal || undefined,
          penaltyShot: action.penaltyShot || undefined,
          scorerLicenseId: action.scorerLicenseId ?? undefined,
          assistLicenseId: action.assistLicenseId ?? undefined,
        },
      };
    case 'penalty':
      return {
        mutation: 'recordPenalty',
        inputType: 'RecordPenaltyInput',
        fields: {
          side: action.side,
          ...when(action.second),
          kind: action.penaltyKind,
          reason: action.reason,
          playerLicenseId: action.playerLicenseId ?? undefined,
          role: action.role ?? undefined,
          code: action.code ?? undefined,
        },
      };
    case 'penaltyEnd':
      return {
        mutation: 'recordPenaltyEnd',
        inputType: 'RecordPenaltyEndInput',
        fields: { side: action.side, ...when(action.second), playerLicenseId: action.playerLicenseId },
      };
    case 'timeout':
      return { mutation: 'recordTimeout', inputType: 'RecordTimeoutInput', fields: { side: action.side, ...when(action.second) } };
    case 'teamEvent':
      return { mutation: 'recordTeamEvent', inputType: 'RecordTeamEventInput', fields: { side: action.side, ...when(action.second), kind: action.event } };
    case 'playerEvent':
      return {
        mutation: 'recordPlayerEvent',
        inputType: 'RecordPlayerEventInput',
        fields: { side: action.side, ...when(action.second), kind: action.event, playerLicenseId: action.playerLicenseId },
      };
    case 'misc':
      return {
        mutation: 'recordMisc',
        inputType: 'RecordMiscInput',
        fields: { ...when(action.second), code: action.code, side: action.side ?? undefined, playerLicenseId: action.playerLicenseId ?? undefined },
      };
    case 'endPeriod':
      return { mutation: 'endPeriod', inputType: 'EndPeriodInput', fields: {} };
    case 'finishGame':
      return {
        mutation: 'finishGame',
        inputType: 'FinishGameInput',
        fields: { decidedBy: action.decidedBy, shootoutWinner: action.shootoutWinner ?? undefined, reason: DEMO_REASON },
      };
  }
}

/** One write with a key of its own, which every retry of it repeats; the version seen last guards against other writers. */
async function send(client: GraphQLClient, gameId: number, write: Write, expectedVersion: number): Promise<WriteResult> {
  const { mutation, inputType, fields } = write;
  const document = `mutation Demo($input: ${inputType}!) { ${mutation}(input: $input) { replayed version game { status homeScore awayScore } } }`;
  const input = { gameId, idempotencyKey: randomUUID(), expectedVersion, ...fields };
  const data = await client.request<Record<string, WriteResult>>(document, { input });
  return data[mutation];
}

function describe(action: LiveAction, labels: ReadonlyMap<number, string>): string {
  const at = clockText(action.second);
  const who = (license: number) => labels.get(license) ?? `license ${license}`;
  switch (action.kind) {
    case 'startGame':
      return 'START';
    case 'inspection':
      return `PLAYER INSPECTION ${action.done ? 'done' : 'skipped'}`;
    case 'goal': {
      const how = action.ownGoal ? ' own goal' : action.penaltyShot ? ' penalty shot' : '';
      const scorer = action.scorerLicenseId === null ? '' : ` ${who(action.scorerLicenseId)}`;
      const assist = action.assistLicenseId === null ? '' : ` (assist ${who(action.assistLicenseId)})`;
      return `GOAL ${action.side} ${at}${how}${scorer}${assist}`;
    }
    case 'penalty': {
      const player =
        action.playerLicenseId === null
          ? ' bench'
          : action.role === 'DEPUTY'
            ? ` bench, served by ${who(action.playerLicenseId)}`
            : ` ${who(action.playerLicenseId)}`;
      return `PENALTY ${action.side} ${at} ${action.penaltyKind}${player} (${action.reason}${action.code === null ? '' : `, code ${action.code}`})`;
    }
    case 'penaltyEnd':
      return `PENALTY END ${action.side} ${at} ${who(action.playerLicenseId)}`;
    case 'timeout':
      return `TIMEOUT ${action.side} ${at}`;
    case 'teamEvent':
      return `${action.event.replace('_', ' ')} ${action.side} ${at}`;
    case 'playerEvent':
      return `${action.event.replaceAll('_', ' ')} ${action.side} ${at} ${who(action.playerLicenseId)}`;
    case 'misc':
      return `MISC ${at} code ${action.code}${action.side === null ? '' : ` ${action.side}`}${action.playerLicenseId === null ? '' : ` ${who(action.playerLicenseId)}`}`;
    case 'endPeriod':
      if (action.next === 'period') return `END OF PERIOD ${action.period} ${at}`;
      return action.next === 'overtime'
        ? `END OF PERIOD ${action.period} ${at}: tied, overtime`
        : `END OF PLAY ${at} (period ${action.period}): tied, penalty shots`;
    case 'finishGame':
      return `FINAL ${action.decidedBy}${action.shootoutWinner ? ` (shootout won by ${action.shootoutWinner})` : ''}`;
  }
}

const wallClock = () => new Date().toTimeString().slice(0, 8);
const scoreOf = (game: GameState) => `${game.homeScore ?? 0}:${game.awayScore ?? 0}`;

// ---- Playing -----------------------------------------------------------------------------------

export interface GameOutcome {
  gameId: number;
  /** finished: the final whistle was recorded; stopped: the script was told to stop; failed: a write was refused or unanswered. */
  result: 'finished' | 'stopped' | 'failed';
  homeScore: number | null;
  awayScore: number | null;
  error?: string;
}

/** What stopping did with a game it had started that was still live. */
export interface StoppedGame {
  gameId: number;
  /** finished: decided in its last period, the final whistle recorded; aborted: status ABORTED; failed: neither write went through. */
  result: 'finished' | 'aborted' | 'failed';
  homeScore: number;
  awayScore: number;
  /** The game clock it was aborted at. */
  second: number;
  /** The line printed for it. */
  line: string;
}

export interface WriteSeen {
  gameId: number;
  action: LiveAction;
  version: number;
  game: GameState;
}

export interface PlayOptions {
  /** The service, e.g. http://localhost:3000. */
  baseUrl: string;
  /** A games:write key: a federation key (no club) may write every game. */
  key: string;
  games: number;
  /** Game seconds per real second. */
  speed: number;
  /** The games played are the next scheduled ones starting at or after this instant; now by default. */
  from?: Date;
  seed?: number;
  /** Real milliseconds between choosing the games and the first write. */
  leadInMs?: number;
  log?: (line: string) => void;
  /** Told which games will be played, before the sheets are written and the lead-in. */
  onGamesChosen?: (games: readonly ScheduledGame[]) => void;
  /** Told of every write of the play once it is committed (not of the sheets). */
  onWrite?: (write: WriteSeen) => void;
  /**
   * A games:write key of a club's desk, for the protests a share of the games' away clubs file.
   * Without it those results stay provisional.
   */
  clubKey?: (clubId: number) => Promise<string>;
}

/**
 * What becomes of a finished game's result (src/domain/result-life.ts), so that the demo league
 * shows every state: left provisional (its window runs), confirmed by the federation at once, or
 * protested by the away club (and left to the federation).
 */
export const RESULT_FATES = ['provisional', 'confirmed', 'protested'] as const;
export type ResultFate = (typeof RESULT_FATES)[number];

/** One game under way: its plan, and how far it got. */
interface GameRun {
  game: ScheduledGame;
  format: GameFormat;
  actions: LiveAction[];
  labels: ReadonlyMap<number, string>;
  /** What becomes of its result once it is finished. */
  fate: ResultFate;
  /** Epoch milliseconds at which the game clock reads 0. */
  startsAtMs: number;
  version: number;
  last: GameState;
  /** The game clock of the last write that went through, and of the one waited for. */
  lastSecond: number;
  nextSecond: number;
}

interface Playing {
  client: GraphQLClient;
  speed: number;
  signal: AbortSignal;
  log: (line: string) => void;
  onWrite: ((write: WriteSeen) => void) | undefined;
  clubKey: ((clubId: number) => Promise<string>) | undefined;
  baseUrl: string;
}

const lineOf = (game: ScheduledGame, state: GameState, text: string) =>
  `${wallClock()}  Game ${game.id}  ${game.homeTeam.name} ${scoreOf(state)} ${game.awayTeam.name}  ${text}`;

async function playGame(run: GameRun, playing: Playing): Promise<GameOutcome> {
  const { game } = run;
  const outcome = (result: GameOutcome['result'], error?: string): GameOutcome => ({
    gameId: game.id,
    result,
    homeScore: run.last.homeScore,
    awayScore: run.last.awayScore,
    error,
  });
  for (const action of run.actions) {
    run.nextSecond = action.second;
    const waitMs = run.startsAtMs + realTimeMs(action.second, playing.speed) - Date.now();
    try {
      await sleep(Math.max(0, waitMs), undefined, { signal: playing.signal });
    } catch {
      return outcome('stopped');
    }
    try {
      const result = await send(playing.client, game.id, writeOf(action), run.version);
      run.version = result.version;
      run.last = result.game;
      run.lastSecond = action.second;
      playing.log(lineOf(game, run.last, `${describe(action, run.labels)}${result.replayed ? ' (replayed)' : ''}`));
      playing.onWrite?.({ gameId: game.id, action, version: run.version, game: run.last });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      playing.log(lineOf(game, run.last, `REFUSED ${describe(action, run.labels)}: ${message}; the game is left as it is`));
      return outcome('failed', message);
    }
  }
  await settleResult(run, playing);
  return outcome('finished');
}

const PROTEST_REASON = 'demo:live: the away club protests the result (a demonstration)';

/** The result's fate: the federation confirms it, or the away club's desk protests it; a refusal is logged and the result left as it is. */
async function settleResult(run: GameRun, playing: Playing): Promise<void> {
  const { game } = run;
  const decided = run.last.status === 'FINISHED' || run.last.status === 'FORFEIT';
  if (!decided || run.fate === 'provisional') return;
  try {
    if (run.fate === 'confirmed') {
      const result = await send(playing.client, game.id, { mutation: 'confirmResult', inputType: 'ConfirmResultInput', fields: {} }, run.version);
      run.version = result.version;
      playing.log(lineOf(game, run.last, 'Result confirmed by the federation'));
      return;
    }
    if (!playing.clubKey) return;
    const awayDesk = graphqlClient(playing.baseUrl, await playing.clubKey(game.awayTeam.club.id));
    const result = await send(
      awayDesk,
      game.id,
      { mutation: 'protestResult', inputType: 'ProtestResultInput', fields: { reason: PROTEST_REASON } },
      run.version,
    );
    run.version = result.version;
    playing.log(lineOf(game, run.last, `Result protested by ${game.awayTeam.name}`));
  } catch (error) {
    playing.log(lineOf(game, run.last, `REFUSED ${run.fate} result: ${error instanceof Error ? error.message : String(error)}`));
  }
}

const GAME_STATE = `query DemoGameState($id: Int!) { game(id: $id) { status version homeScore awayScore events { type period } } }`;

interface GameStateAnswer extends GameState {
  version: number;
  events: { type: string; period: number | null }[];
}

/** The period being played and whether it is still open, from the period markers (events come in game order). */
function periodNow(events: GameStateAnswer['events']): { period: number; periodOpen: boolean } {
  let period = 1;
  let periodOpen = true;
  for (const event of events) {
    if (event.type === 'PERIOD_START' && (event.period ?? 1) >= period) [period, periodOpen] = [event.period ?? 1, true];
    else if (event.type === 'PERIOD_END' && (event.period ?? 1) === period) periodOpen = false;
  }
  return { period, periodOpen };
}

/** The game clock when the play was stopped: real time run since the start, not before the last write nor past the next one due. */
function clockAtStop(run: GameRun, speed: number, stoppedAtMs: number): number {
  const elapsed = Math.floor(((stoppedAtMs - run.startsAtMs) * speed) / 1000);
  return Math.max(run.lastSecond, Math.min(elapsed, Math.max(run.lastSecond, run.nextSecond)));
}

/**
 * A game the demo started and left live: finished (decidedBy REGULAR) when it is in its last
 * regular period and not tied, where the score stands; aborted at the clock it was stopped at
 * otherwise, or when the finish is refused. Read from the service, so a write whose answer was lost
 * counts as it was stored.
 */
async function wrapUp(client: GraphQLClient, run: GameRun, second: number): Promise<StoppedGame | null> {
  const { game } = await client.request<{ game: GameStateAnswer | null }>(GAME_STATE, { id: run.game.id });
  if (game?.status !== 'LIVE') return null;
  const [homeScore, awayScore] = [game.homeScore ?? 0, game.awayScore ?? 0];
  const stopped = (result: StoppedGame['result'], line: string): StoppedGame => ({ gameId: run.game.id, result, homeScore, awayScore, second, line });
  let refusal = '';
  if (wrapUpOf(run.format, { ...periodNow(game.events), homeScore, awayScore }) === 'finish') {
    try {
      const finished = await send(
        client,
        run.game.id,
        { mutation: 'finishGame', inputType: 'FinishGameInput', fields: { decidedBy: 'REGULAR', reason: DEMO_REASON } },
        game.version,
      );
      return stopped('finished', `game ${run.game.id} finished ${scoreOf(finished.game)}`);
    } catch (error) {
      if (!(error instanceof GraphQLFailure)) throw error;
      refusal = ` (finishing refused: ${error.message})`;
    }
  }
  try {
    const aborted = await send(
      client,
      run.game.id,
      { mutation: 'abortGame', inputType: 'AbortGameInput', fields: { second, reason: DEMO_REASON } },
      game.version,
    );
    return stopped('aborted', `game ${run.game.id} aborted at ${clockText(second)} (${scoreOf(aborted.game)})${refusal}`);
  } catch (error) {
    if (!(error instanceof GraphQLFailure)) throw error;
    return stopped('failed', `game ${run.game.id} left LIVE at ${clockText(second)} (${homeScore}:${awayScore}): ${error.message}${refusal}`);
  }
}

/** A run of the demo: the games being played, and the way to stop them that leaves none live. */
export interface LiveDemo {
  /** One outcome per game chosen, once each is over, failed or stopped. */
  readonly played: Promise<GameOutcome[]>;
  /**
   * Stops the play before its next writes, waits for the writes under way, then finishes or aborts
   * each game of this run that is still LIVE (`wrapUp`) and prints one line per game. Every call
   * answers the same promise; the signal handler and the tests call it.
   */
  stop(): Promise<StoppedGame[]>;
}

/**
 * Plays the next scheduled games side by side, each write over HTTP as a desk would send it: both
 * game sheets first, then the start, the play and the final whistle of each game.
 */
export function startLiveDemo(options: PlayOptions): LiveDemo {
  const client = graphqlClient(options.baseUrl, options.key);
  const log = options.log ?? ((line: string) => console.log(line));
  const stopper = new AbortController();
  const runs: GameRun[] = [];
  const playing: Playing = {
    client,
    speed: options.speed,
    signal: stopper.signal,
    log,
    onWrite: options.onWrite,
    clubKey: options.clubKey,
    baseUrl: options.baseUrl,
  };

  const played = (async (): Promise<GameOutcome[]> => {
    const games = await nextScheduledGames(client, options.games, options.from ?? new Date());
    options.onGamesChosen?.(games);
    const random = new Random(options.seed ?? randomSeed());
    const prepared = await Promise.all(
      games.map(async (game) => {
        const unwritten: PreparedSheets = { sheet: EMPTY_SHEET, labels: new Map(), version: game.version };
        if (stopper.signal.aborted) return unwritten;
        const say = (text: string) => log(lineOf(game, { status: 'SCHEDULED', homeScore: null, awayScore: null }, text));
        return writeSheets(client, game, random.fork(`sheet ${game.id}`), say);
      }),
    );
    const firstStartMs = Date.now() + (options.leadInMs ?? 0);
    for (const [index, game] of games.entries()) {
      const format = gameFormat(game.group?.format);
      runs.push({
        game,
        format,
        actions: planLiveGame(random.fork(game.id), prepared[index].sheet, format),
        labels: prepared[index].labels,
        fate: random.fork(`result ${game.id}`).pick(RESULT_FATES),
        startsAtMs: firstStartMs + realTimeMs(index * STAGGER_GAME_SECONDS, options.speed),
        version: prepared[index].version,
        last: { status: 'SCHEDULED', homeScore: null, awayScore: null },
        lastSecond: 0,
        nextSecond: 0,
      });
    }
    return Promise.all(runs.map((run) => playGame(run, playing)));
  })();

  /** Finishes or aborts each game still live, at the clock each read when the play was stopped; one line per game. */
  const wrapUpAll = async (clocks: ReadonlyMap<GameRun, number>, stoppedAtMs: number): Promise<StoppedGame[]> => {
    await played.catch(() => undefined);
    const wrapped = await Promise.all(
      runs.map((run) =>
        wrapUp(client, run, clocks.get(run) ?? clockAtStop(run, options.speed, stoppedAtMs)).catch(
          (error: unknown): StoppedGame => ({
            gameId: run.game.id,
            result: 'failed',
            homeScore: run.last.homeScore ?? 0,
            awayScore: run.last.awayScore ?? 0,
            second: run.lastSecond,
            line: `game ${run.game.id} may be left LIVE: ${error instanceof Error ? error.message : String(error)}`,
          }),
        ),
      ),
    );
    const stopped = wrapped.filter((game): game is StoppedGame => game !== null);
    for (const game of stopped) log(game.line);
    return stopped;
  };

  let stopping: Promise<StoppedGame[]> | undefined;
  return {
    played,
    stop() {
      if (!stopping) {
        // Each game's clock as it reads now: the games stop here, whatever their loops do next.
        const stoppedAtMs = Date.now();
        const clocks = new Map(runs.map((run) => [run, clockAtStop(run, options.speed, stoppedAtMs)]));
        stopper.abort();
        stopping = wrapUpAll(clocks, stoppedAtMs);
      }
      return stopping;
    },
  };
}

/** Plays the games to their final whistles (or until one fails), leaving a failed one as it is. */
export function playGames(options: PlayOptions): Promise<GameOutcome[]> {
  return startLiveDemo(options).played;
}

function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}

// ---- The service in this process --------------------------------------------------------------

interface Target {
  /** Where this script sends its requests. */
  baseUrl: string;
  /** What a person opens in a browser. */
  publicUrl: string;
  key: string;
  /** The service runs in this process (no --url): it stays up after the games until a signal. */
  servedHere: boolean;
  /** Club desks' keys for the protests (only where the service runs here: the script makes them in its database). */
  clubKey?: (clubId: number) => Promise<string>;
  close(): Promise<void>;
}

/** A federation key (or a club's, with `clubId`) that exists only while the script runs; its secret never leaves this process. */
async function temporaryWriteKey(database: Database, clubId: number | null = null): Promise<{ key: string; revoke(): Promise<void> }> {
  const { GAMES_WRITE_SCOPE, newApiKey } = await import('../src/domain/api-keys.js');
  const { key, prefix, hash } = newApiKey();
  const created = await database.prisma.apiKey.create({
    data: {
      name: `demo:live ${clubId === null ? '' : `club ${clubId} `}${new Date().toISOString()}`,
      prefix,
      hash,
      clubId,
      scopes: [GAMES_WRITE_SCOPE],
      createdAt: new Date(),
    },
  });
  return {
    key,
    revoke: async () => {
      await database.prisma.apiKey.updateMany({ where: { id: created.id, revokedAt: null }, data: { revokedAt: new Date() } });
    },
  };
}

function loopbackOf(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The service as `npm run serve` runs it, configured by the same environment, but in this process:
 * GraphiQL on (NODE_ENV development unless set) and only warnings logged, so the play stays readable.
 * Imported only here, so NODE_ENV is set before the schema reads it.
 */
async function startService(): Promise<Target> {
  process.env.NODE_ENV ??= 'development';
  process.env.LOG_LEVEL ??= 'warn';
  const { ConfigError, loadConfig } = await import('../src/config.js');
  const { openServiceDatabase } = await import('../src/startup.js');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    throw error instanceof ConfigError ? new UsageError(`Configuration error: ${error.message}`) : error;
  }
  const { buildConfiguredService } = await import('../src/service.js');
  const database = await openServiceDatabase(config);
  let started = false;
  const app = await buildConfiguredService(config, database.serving, () => started);
  app.addHook('onClose', async () => {
    database.stop();
    await database.serving.close();
  });
  await app.listen({ port: config.port, host: config.host });
  await database.prepare(app.log);
  started = true;
  const writeKey = await temporaryWriteKey(database.serving);
  const clubKeys = new Map<number, Promise<{ key: string; revoke(): Promise<void> }>>();
  const clubKeyOf = (clubId: number) => {
    let made = clubKeys.get(clubId);
    if (!made) clubKeys.set(clubId, (made = temporaryWriteKey(database.serving, clubId)));
    return made;
  };
  return {
    baseUrl: `http://${loopbackOf(config.host)}:${config.port}`,
    publicUrl: `http://localhost:${config.port}`,
    key: writeKey.key,
    servedHere: true,
    clubKey: async (clubId) => (await clubKeyOf(clubId)).key,
    close: async () => {
      await writeKey.revoke();
      for (const made of clubKeys.values()) await (await made).revoke();
      // Open subscriptions are streams a browser may keep open: the close waits for them only so long.
      await Promise.race([app.close(), sleep(CLOSE_TIMEOUT_MS)]);
    },
  };
}

// ---- The command line --------------------------------------------------------------------------

interface CliOptions {
  games: number;
  speed: number;
  seed: number;
  leadInSeconds: number;
  url: string | undefined;
  key: string | undefined;
}

class UsageError extends Error {}

function numberOption(value: string | undefined, name: string, valid: (n: number) => boolean): number {
  const parsed = Number(value);
  if (value === undefined || value === '' || !valid(parsed)) throw new UsageError(`${name} got "${value ?? ''}"\n${USAGE}`);
  return parsed;
}

export function parseOptions(args: readonly string[]): CliOptions {
  const options: CliOptions = { games: 3, speed: 60, seed: randomSeed(), leadInSeconds: 5, url: undefined, key: undefined };
  for (let index = 0; index < args.length; index += 2) {
    const [flag, value] = [args[index], args[index + 1]];
    if (flag === '--games') options.games = numberOption(value, flag, (n) => Number.isInteger(n) && n >= 1 && n <= MAX_GAMES);
    else if (flag === '--speed') options.speed = numberOption(value, flag, (n) => Number.isFinite(n) && n > 0 && n <= 1_000_000);
    else if (flag === '--seed') options.seed = numberOption(value, flag, (n) => Number.isInteger(n) && n >= 0 && n < 2 ** 32);
    else if (flag === '--lead-in') options.leadInSeconds = numberOption(value, flag, (n) => Number.isFinite(n) && n >= 0 && n <= 3600);
    else if (flag === '--url' && value) options.url = value;
    else if (flag === '--key' && value) options.key = value;
    else throw new UsageError(USAGE);
  }
  if ((options.url === undefined) !== (options.key === undefined)) throw new UsageError(`--url and --key go together\n${USAGE}`);
  return options;
}

function whereToWatch(publicUrl: string, games: readonly ScheduledGame[]): string {
  const example = games[0]?.id ?? 1;
  const sse = `{"query":"subscription { gameUpdated(id: ${example}) { kind game { homeScore awayScore } event { type second } } }"}`;
  return [
    `Playing ${games.length} game(s):`,
    ...games.map((game) => `  Game ${game.id}  ${game.homeTeam.name} – ${game.awayTeam.name}  (scheduled ${game.startsAt})`),
    '',
    `Current games:  ${publicUrl}/api/games?mode=current`,
    `GraphiQL:       ${publicUrl}/graphql   (served when NODE_ENV is not production), with:`,
    '  subscription { liveGames { kind game { id homeTeam { name } awayTeam { name } homeScore awayScore status } } }',
    'Server-sent events:',
    `  curl -N -H 'accept: text/event-stream' -H 'content-type: application/json' -d '${sse}' ${publicUrl}/graphql`,
    '',
  ].join('\n');
}

/**
 * The first signal asks the demo to stop (`onStop`: `LiveDemo.stop`, which finishes or aborts every
 * game it left live, then the script revokes its key and exits); a second exits at once, leaving the
 * games as they are. npm and tsx relay a Ctrl-C the process got already: a repeat within a second is
 * that echo, not a second Ctrl-C.
 */
function stopOnSignals(stopRequested: AbortController, onStop: () => void): void {
  let firstAt = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopRequested.signal.aborted) {
        if (Date.now() - firstAt > SIGNAL_ECHO_MS) process.exit(128 + constants.signals[signal]);
        return;
      }
      firstAt = Date.now();
      console.log(
        `\n${signal}: stopping; a game live in its last period and not tied is finished, any other aborted (again to exit at once, leaving them live)`,
      );
      stopRequested.abort();
      onStop();
    });
  }
}

async function connect(options: CliOptions): Promise<Target> {
  if (options.url !== undefined && options.key !== undefined) {
    const url = options.url.replace(/\/+$/, '');
    return { baseUrl: url, publicUrl: url, key: options.key, servedHere: false, close: async () => undefined };
  }
  console.log('Starting the service here (the first start on an empty database loads the demo league, which takes a while)…');
  return startService();
}

function summary(outcomes: readonly GameOutcome[]): string {
  return outcomes
    .map(
      (outcome) =>
        `  Game ${outcome.gameId}: ${outcome.result} ${outcome.homeScore ?? 0}:${outcome.awayScore ?? 0}${outcome.error ? ` (${outcome.error})` : ''}`,
    )
    .join('\n');
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const stopRequested = new AbortController();
  let demo: LiveDemo | undefined;
  stopOnSignals(stopRequested, () => void demo?.stop());
  const target = await connect(options);
  try {
    if (stopRequested.signal.aborted) return 0;
    console.log(`Seed ${options.seed} (--seed ${options.seed} plays the same way again), speed ${options.speed}×`);
    demo = startLiveDemo({
      baseUrl: target.baseUrl,
      key: target.key,
      games: options.games,
      speed: options.speed,
      seed: options.seed,
      leadInMs: options.leadInSeconds * 1000,
      clubKey: target.clubKey,
      onGamesChosen: (games) => console.log(games.length === 0 ? 'No scheduled games from now on: nothing to play.' : whereToWatch(target.publicUrl, games)),
    });
    const outcomes = await demo.played;
    if (!stopRequested.signal.aborted) {
      if (outcomes.length > 0) console.log(`\nDone:\n${summary(outcomes)}`);
      if (target.servedHere) {
        console.log('The service keeps running so the results stay visible: Ctrl-C to stop it.');
        await new Promise((resolve) => stopRequested.signal.addEventListener('abort', resolve, { once: true }));
      }
    }
    // After a signal: the games left live are finished or aborted, one line each. After the final
    // whistles: nothing is live, unless a write was refused, and that game is aborted here.
    const stopped = await demo.stop();
    if (stopRequested.signal.aborted && outcomes.length > 0 && stopped.length === 0) console.log('No game of this run was live.');
    return outcomes.some((outcome) => outcome.result === 'failed') || stopped.some((game) => game.result === 'failed') ? 1 : 0;
  } finally {
    await target.close();
  }
}

function invokedDirectly(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && import.meta.url === pathToFileURL(realpathSync(entry)).href;
}

if (invokedDirectly()) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
