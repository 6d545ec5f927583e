// Plays the next scheduled games of the league live, through the same GraphQL mutations the
// officials' desks use, so subscribers and the current-games table see goals arrive.
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
import { planLiveGame, realTimeMs, type GameSheet, type LiveAction } from '../src/data/demo/live-play.js';
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
  homeTeam: { name: string };
  awayTeam: { name: string };
}

const NEXT_SCHEDULED_GAMES = `query NextScheduledGames($from: DateTime!, $first: Int!) {
  games(first: $first, filter: { status: [SCHEDULED], from: $from }) {
    edges { node { id version startsAt homeTeam { name } awayTeam { name } } }
  }
}`;

async function nextScheduledGames(client: GraphQLClient, count: number, from: Date): Promise<ScheduledGame[]> {
  const data = await client.request<{ games: { edges: { node: ScheduledGame }[] } }>(NEXT_SCHEDULED_GAMES, { from: from.toISOString(), first: count });
  return data.games.edges.map((edge) => edge.node);
}

interface SheetEntry {
  position: string | null;
  license: { id: number } | null;
}

const GAME_SHEET = `query GameSheet($id: Int!) {
  game(id: $id) {
    home: lineup(side: HOME) { position license { id } }
    away: lineup(side: AWAY) { position license { id } }
  }
}`;

/** Players who may be named: the skaters on the sheet, or whoever is on it when only goalkeepers are. */
function namedPlayers(entries: readonly SheetEntry[]): number[] {
  const licensed = entries.filter((entry): entry is SheetEntry & { license: { id: number } } => entry.license !== null);
  const skaters = licensed.filter((entry) => entry.position !== 'GOALKEEPER');
  return (skaters.length > 0 ? skaters : licensed).map((entry) => entry.license.id);
}

async function gameSheet(client: GraphQLClient, gameId: number): Promise<GameSheet> {
  const data = await client.request<{ game: { home: SheetEntry[]; away: SheetEntry[] } | null }>(GAME_SHEET, { id: gameId });
  if (!data.game) throw new GraphQLFailure(`No game ${gameId}`, 'NOT_FOUND');
  return { HOME: namedPlayers(data.game.home), AWAY: namedPlayers(data.game.away) };
}

// ---- Writes ------------------------------------------------------------------------------------

interface WriteResult {
  replayed: boolean;
  version: number;
  game: { status: string; homeScore: number | null; awayScore: number | null };
}

interface Write {
  mutation: 'startGame' | 'recordGoal' | 'recordPenalty' | 'recordTimeout' | 'endPeriod' | 'finishGame';
  inputType: string;
  fields: Record<string, unknown>;
}

/** The mutation for an action and its input beyond gameId, idempotencyKey and expectedVersion; nulls left out. */
function writeOf(action: LiveAction): Write {
  switch (action.kind) {
    case 'startGame':
      // The demo plays the next scheduled games now, whenever they are scheduled: a federation key's start.
      return { mutation: 'startGame', inputType: 'StartGameInput', fields: { outsideStartWindow: true } };
    case 'goal':
      return {
        mutation: 'recordGoal',
        inputType: 'RecordGoalInput',
        fields: {
          side: action.side,
          second: action.second,
          ownGoal: action.ownGoal || undefined,
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
          second: action.second,
          kind: action.penaltyKind,
          reason: action.reason,
          playerLicenseId: action.playerLicenseId ?? undefined,
        },
      };
    case 'timeout':
      return { mutation: 'recordTimeout', inputType: 'RecordTimeoutInput', fields: { side: action.side, second: action.second } };
    case 'endPeriod':
      return { mutation: 'endPeriod', inputType: 'EndPeriodInput', fields: {} };
    case 'finishGame':
      return {
        mutation: 'finishGame',
        inputType: 'FinishGameInput',
        fields: { decidedBy: action.decidedBy, shootoutWinner: action.shootoutWinner ?? undefined },
      };
  }
}

/** One write with a key of its own, which every retry of it repeats; the version seen last guards against other writers. */
async function send(client: GraphQLClient, gameId: number, action: LiveAction, expectedVersion: number): Promise<WriteResult> {
  const { mutation, inputType, fields } = writeOf(action);
  const document = `mutation Demo($input: ${inputType}!) { ${mutation}(input: $input) { replayed version game { status homeScore awayScore } } }`;
  const input = { gameId, idempotencyKey: randomUUID(), expectedVersion, ...fields };
  const data = await client.request<Record<string, WriteResult>>(document, { input });
  return data[mutation];
}

function describe(action: LiveAction): string {
  const at = clockText(action.second);
  switch (action.kind) {
    case 'startGame':
      return 'START';
    case 'goal': {
      const who = action.ownGoal
        ? ' own goal'
        : action.scorerLicenseId === null
          ? ''
          : ` license ${action.scorerLicenseId}${action.assistLicenseId === null ? '' : ` (assist ${action.assistLicenseId})`}`;
      return `GOAL ${action.side} ${at}${who}`;
    }
    case 'penalty':
      return `PENALTY ${action.side} ${at} ${action.penaltyKind}${action.playerLicenseId === null ? '' : ` license ${action.playerLicenseId}`} (${action.reason})`;
    case 'timeout':
      return `TIMEOUT ${action.side} ${at}`;
    case 'endPeriod':
      return action.period === 3
        ? `END OF PERIOD 3 ${at}: tied, overtime`
        : action.period > 3
          ? `END OF OVERTIME ${at}`
          : `END OF PERIOD ${action.period} ${at}`;
    case 'finishGame':
      return `FINAL ${action.decidedBy}${action.shootoutWinner ? ` (shootout won by ${action.shootoutWinner})` : ''}`;
  }
}

const wallClock = () => new Date().toTimeString().slice(0, 8);
const scoreOf = (game: WriteResult['game']) => `${game.homeScore ?? 0}:${game.awayScore ?? 0}`;

// ---- Playing -----------------------------------------------------------------------------------

export interface GameOutcome {
  gameId: number;
  /** finished: the final whistle was recorded; stopped: the script was told to stop; failed: a write was refused or unanswered. */
  result: 'finished' | 'stopped' | 'failed';
  homeScore: number | null;
  awayScore: number | null;
  error?: string;
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
  /** Stops every game before its next write. */
  signal?: AbortSignal;
  log?: (line: string) => void;
  /** Told which games will be played, before the lead-in. */
  onGamesChosen?: (games: readonly ScheduledGame[]) => void;
}

interface GameRun {
  client: GraphQLClient;
  game: ScheduledGame;
  actions: LiveAction[];
  /** Epoch milliseconds at which the game clock reads 0. */
  startsAtMs: number;
  speed: number;
  signal: AbortSignal | undefined;
  log: (line: string) => void;
}

async function playGame(run: GameRun): Promise<GameOutcome> {
  const { game } = run;
  let version = game.version;
  let last: WriteResult['game'] = { status: 'SCHEDULED', homeScore: null, awayScore: null };
  const outcome = (result: GameOutcome['result'], error?: string): GameOutcome => ({
    gameId: game.id,
    result,
    homeScore: last.homeScore,
    awayScore: last.awayScore,
    error,
  });
  for (const action of run.actions) {
    const waitMs = run.startsAtMs + realTimeMs(action.second, run.speed) - Date.now();
    try {
      await sleep(Math.max(0, waitMs), undefined, { signal: run.signal });
    } catch {
      return outcome('stopped');
    }
    try {
      const result = await send(run.client, game.id, action, version);
      version = result.version;
      last = result.game;
      run.log(
        `${wallClock()}  Game ${game.id}  ${game.homeTeam.name} ${scoreOf(last)} ${game.awayTeam.name}  ${describe(action)}${result.replayed ? ' (replayed)' : ''}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      run.log(
        `${wallClock()}  Game ${game.id}  ${game.homeTeam.name} ${scoreOf(last)} ${game.awayTeam.name}  REFUSED ${describe(action)}: ${message}; the game is left as it is`,
      );
      return outcome('failed', message);
    }
  }
  return outcome('finished');
}

/** Plays the next scheduled games side by side, each write over HTTP as a desk would send it. */
export async function playGames(options: PlayOptions): Promise<GameOutcome[]> {
  const client = graphqlClient(options.baseUrl, options.key);
  const log = options.log ?? ((line: string) => console.log(line));
  const games = await nextScheduledGames(client, options.games, options.from ?? new Date());
  options.onGamesChosen?.(games);
  const random = new Random(options.seed ?? randomSeed());
  const sheets = await Promise.all(games.map((game) => gameSheet(client, game.id)));
  const firstStartMs = Date.now() + (options.leadInMs ?? 0);
  return Promise.all(
    games.map((game, index) =>
      playGame({
        client,
        game,
        actions: planLiveGame(random.fork(game.id), sheets[index]),
        startsAtMs: firstStartMs + realTimeMs(index * STAGGER_GAME_SECONDS, options.speed),
        speed: options.speed,
        signal: options.signal,
        log,
      }),
    ),
  );
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
  close(): Promise<void>;
}

/** A federation key that exists only while the script runs; its secret never leaves this process. */
async function temporaryWriteKey(database: Database): Promise<{ key: string; revoke(): Promise<void> }> {
  const { GAMES_WRITE_SCOPE, newApiKey } = await import('../src/domain/api-keys.js');
  const { key, prefix, hash } = newApiKey();
  const created = await database.prisma.apiKey.create({
    data: { name: `demo:live ${new Date().toISOString()}`, prefix, hash, clubId: null, scopes: [GAMES_WRITE_SCOPE], createdAt: new Date() },
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
  return {
    baseUrl: `http://${loopbackOf(config.host)}:${config.port}`,
    publicUrl: `http://localhost:${config.port}`,
    key: writeKey.key,
    servedHere: true,
    close: async () => {
      await writeKey.revoke();
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
 * The first signal stops the games before their next write and lets the script clean up; a second
 * exits at once. npm and tsx relay a Ctrl-C the process got already: a repeat within a second is
 * that echo, not a second Ctrl-C.
 */
function stopOnSignals(stop: AbortController): void {
  let firstAt = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stop.signal.aborted) {
        if (Date.now() - firstAt > SIGNAL_ECHO_MS) process.exit(128 + constants.signals[signal]);
        return;
      }
      firstAt = Date.now();
      console.log(`\n${signal}: stopping; games under way stay live where they are (again to exit at once)`);
      stop.abort();
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
  const stop = new AbortController();
  stopOnSignals(stop);
  const target = await connect(options);
  try {
    if (stop.signal.aborted) return 0;
    console.log(`Seed ${options.seed} (--seed ${options.seed} plays the same way again), speed ${options.speed}×`);
    const outcomes = await playGames({
      baseUrl: target.baseUrl,
      key: target.key,
      games: options.games,
      speed: options.speed,
      seed: options.seed,
      leadInMs: options.leadInSeconds * 1000,
      signal: stop.signal,
      onGamesChosen: (games) => console.log(games.length === 0 ? 'No scheduled games from now on: nothing to play.' : whereToWatch(target.publicUrl, games)),
    });
    if (outcomes.length > 0) console.log(`\nDone:\n${summary(outcomes)}`);
    if (target.servedHere && !stop.signal.aborted) {
      console.log('The service keeps running so the results stay visible: Ctrl-C to stop it.');
      await new Promise((resolve) => stop.signal.addEventListener('abort', resolve, { once: true }));
    }
    return outcomes.some((outcome) => outcome.result === 'failed') ? 1 : 0;
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
