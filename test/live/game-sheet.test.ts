import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { eligibility } from '../../src/domain/lineup.js';
import type { CandidateRecord } from '../../src/domain/lineup-candidates.js';
import { loadCandidateFacts } from '../../src/schema/lineup-facts.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { gameSnapshot, postGraphQL, WRITE_RESULT } from '../support/live.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let federationKey: { id: number; key: string };
let homeClubKey: { id: number; key: string };
let awayClubKey: { id: number; key: string };
let readKey: { id: number; key: string };
type Game = { id: number; startsAt: Date; homeTeamId: number; awayTeamId: number };
let game: Game;
let candidates: Record<'HOME' | 'AWAY', CandidateRecord[]>;
let idempotency = 0;
const nextKey = () => `sheet-${++idempotency}`;

const WRITE_SHEET = `mutation ($input: WriteGameSheetInput!) {
  writeGameSheet(input: $input) { version replayed game { id version } lines { number position captain license { id } player { id } } }
}`;
const START = `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`;
const GOAL = `mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`;
const OWN_GOAL = `mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { game { homeScore awayScore } event { side player { id } } } }`;
const LINEUP = 'query ($id: Int!, $side: TeamSide!) { game(id: $id) { id lineup(side: $side) { number captain player { id } } } }';

interface SheetLine {
  licenseId: number;
  number?: number | null;
  /** Absent: the player's known position. */
  position?: 'GOALKEEPER' | 'DEFENDER' | 'CENTER' | 'FORWARD';
  captain?: boolean;
}
/** A line naming its player, as the back office does, instead of the license. */
interface PlayerLine extends Omit<SheetLine, 'licenseId'> {
  playerId: number;
  licenseId?: number;
}
interface SheetData {
  version: number;
  replayed: boolean;
  game: { id: number; version: number };
  lines: { number: number | null; position: string; captain: boolean; license: { id: number }; player: { id: number } }[];
}

async function writeSheet(
  input: {
    side: 'HOME' | 'AWAY';
    lines: (SheetLine | PlayerLine)[];
    gameId?: number;
    idempotencyKey?: string;
    idempotencyScope?: 'WRITE' | 'LAST_WRITE';
    expectedVersion?: number;
  },
  key = federationKey.key,
) {
  const answer = await postGraphQL<{ writeGameSheet: SheetData }>(
    baseUrl,
    WRITE_SHEET,
    { input: { gameId: game.id, idempotencyKey: nextKey(), ...input } },
    key,
  );
  return { ...answer, result: answer.data?.writeGameSheet };
}

/** The eligible regular players of a team for a game, goalkeepers first: a valid sheet is one goalkeeper and five or more of the others. */
async function eligibleCandidates(gameId: number, teamId: number): Promise<CandidateRecord[]> {
  const all = await loadCandidateFacts(league.db.prisma, gameId, teamId, () => undefined);
  const regular = all.filter((c) => {
    const verdict = eligibility(c);
    return verdict.eligible && verdict.licensing === 'regular';
  });
  return [...regular.filter((c) => c.isGoalkeeper), ...regular.filter((c) => !c.isGoalkeeper)];
}

/** A valid sheet of `size` players: the first candidate in goal, numbered 1, 2, … unless `numbered` is false. */
function sheetOf(of: CandidateRecord[], size = 7, numbered = true): SheetLine[] {
  return of.slice(0, size).map((c, i) => ({
    licenseId: c.licenseId,
    ...(numbered ? { number: i + 1 } : {}),
    position: i === 0 ? 'GOALKEEPER' : 'FORWARD',
    captain: i === 1,
  }));
}

async function getRest(path: string) {
  const response = await fetch(`${baseUrl}${path}`);
  const text = await response.text();
  return { status: response.status, cache: response.headers.get('x-cache'), body: text === '' ? null : JSON.parse(text) };
}

const lineupOf = async (side: 'HOME' | 'AWAY') =>
  (await postGraphQL<{ game: { lineup: { number: number | null; captain: boolean; player: { id: number } }[] } }>(baseUrl, LINEUP, { id: game.id, side })).data
    ?.game.lineup;

beforeAll(async () => {
  league = await openTestLeague();
  const scheduled = await league.db.prisma.game.findFirstOrThrow({
    where: { status: 'SCHEDULED', groupId: { not: null }, lineup: { none: {} } },
    orderBy: { startsAt: 'asc' },
    include: { homeTeam: true, awayTeam: true },
  });
  game = { ...scheduled, homeTeamId: scheduled.homeTeamId!, awayTeamId: scheduled.awayTeamId! };
  candidates = {
    HOME: await eligibleCandidates(game.id, game.homeTeamId),
    AWAY: await eligibleCandidates(game.id, game.awayTeamId),
  };
  federationKey = await createKey(league.db, 'federation desk', null, ['games:write']);
  homeClubKey = await createKey(league.db, 'home club desk', scheduled.homeTeam!.clubId, ['games:write']);
  awayClubKey = await createKey(league.db, 'away club desk', scheduled.awayTeam!.clubId, ['games:write']);
  readKey = await createKey(league.db, 'reader', null);
  // The service's clock at the game's scheduled start: whenever a game may be started, it may be then.
  app = await buildApp({
    database: league.db,
    clock: fixedClock(game.startsAt),
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    responseCacheTtlMs: 60_000,
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('who may write a sheet', () => {
  it('refuses a sheet for a game whose teams are not known yet', async () => {
    const undecided = await league.db.prisma.game.findFirstOrThrow({ where: { homeTeamId: null }, orderBy: { id: 'asc' } });
    const answer = await writeSheet({
      gameId: undecided.id,
      side: 'HOME',
      lines: candidates.HOME.slice(0, 6).map((c) => ({ licenseId: c.licenseId, position: 'FORWARD' as const })),
    });
    expect(answer.errors?.[0]).toMatchObject({
      message: `Game ${undecided.id} has no home team yet: it cannot be given a game sheet until its pairing is decided`,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await league.db.prisma.lineupEntry.count({ where: { gameId: undecided.id } })).toBe(0);
  });

  it('refuses a write without a key, with a read-only key and with the away club’s key, and writes nothing', async () => {
    const before = await gameSnapshot(league.db, game.id);
    const lines = sheetOf(candidates.AWAY);
    const none = await postGraphQL(baseUrl, WRITE_SHEET, { input: { gameId: game.id, side: 'AWAY', idempotencyKey: nextKey(), lines } });
    expect(none.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const reader = await writeSheet({ side: 'AWAY', lines }, readKey.key);
    expect(reader.errors?.[0]).toMatchObject({ message: expect.stringContaining('games:write'), extensions: { code: 'FORBIDDEN' } });
    // As for every live write, a club's desk writes its club's home games (both sheets), a federation desk every game.
    const awayDesk = await writeSheet({ side: 'AWAY', lines }, awayClubKey.key);
    expect(awayDesk.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const unknown = await writeSheet({ side: 'AWAY', lines, gameId: 987654321 });
    expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
    expect(await league.db.prisma.lineupEntry.count({ where: { gameId: game.id } })).toBe(0);
  });
});

describe('writing the sheets of a scheduled game', () => {
  it('shows the new sheet in the REST and GraphQL lineups on the next request, although they were cached empty', async () => {
    const lineupPath = `/api/games/${game.id}/teams/0/players?hide_empty=false`;
    expect((await getRest(lineupPath)).body.data.regions[0].rows).toEqual([]);
    expect((await getRest(lineupPath)).cache).toBe('hit');
    expect(await lineupOf('HOME')).toEqual([]);

    const lines = sheetOf(candidates.HOME);
    const written = await writeSheet({ side: 'HOME', lines }, homeClubKey.key);
    expect(written.errors).toBeUndefined();
    expect(written.result).toMatchObject({ version: 1, replayed: false, game: { id: game.id, version: 1 } });
    expect(written.result?.lines.map((line) => [line.license.id, line.number, line.captain])).toEqual(lines.map((line, i) => [line.licenseId, i + 1, i === 1]));
    expect(written.result?.lines[0].position).toBe('GOALKEEPER');

    const rest = await getRest(lineupPath);
    expect(rest.cache).not.toBe('hit');
    expect(rest.body.data.regions[0].rows.map((row: { cells: { text: string[] }[] }) => row.cells[0].text[0])).toEqual(lines.map((_, i) => String(i + 1)));
    expect((await lineupOf('HOME'))?.map((line) => line.player.id)).toEqual(candidates.HOME.slice(0, 7).map((c) => c.playerId));
    const audit = await league.db.prisma.gameAuditEntry.findMany({ where: { gameId: game.id } });
    expect(audit).toMatchObject([{ apiKeyId: homeClubKey.id, mutation: 'writeGameSheet', version: 1, eventId: null }]);
  });

  it('replaces the team’s lines when the sheet is corrected, leaving the other team’s alone', async () => {
    await writeSheet({ side: 'AWAY', lines: sheetOf(candidates.AWAY) });
    const corrected = sheetOf(candidates.HOME, 8).slice(1); // the first goalkeeper out, an eighth player in
    corrected[0] = { ...corrected[0], position: 'GOALKEEPER' };
    const written = await writeSheet({ side: 'HOME', lines: corrected }, homeClubKey.key);
    expect(written.errors).toBeUndefined();
    expect(written.result?.lines.map((line) => line.license.id).sort()).toEqual(corrected.map((line) => line.licenseId).sort());
    const stored = await league.db.prisma.lineupEntry.findMany({ where: { gameId: game.id }, select: { teamId: true, licenseId: true } });
    expect(stored.filter((line) => line.teamId === game.homeTeamId).map((line) => line.licenseId)).not.toContain(candidates.HOME[0].licenseId);
    expect(stored.filter((line) => line.teamId === game.awayTeamId)).toHaveLength(7);
  });

  it('replays a retried idempotency key and refuses a stale expectedVersion', async () => {
    const input = { side: 'AWAY' as const, lines: sheetOf(candidates.AWAY), idempotencyKey: 'sheet-retry' };
    const first = await writeSheet(input);
    const before = await gameSnapshot(league.db, game.id);
    const retry = await writeSheet(input);
    expect(retry.result).toMatchObject({ replayed: true, version: first.result?.version });
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
    const reused = await writeSheet({ ...input, lines: sheetOf(candidates.AWAY, 6) });
    expect(reused.errors?.[0]).toMatchObject({
      message: expect.stringContaining('already used for a different write'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const stale = await writeSheet({ side: 'AWAY', lines: sheetOf(candidates.AWAY), expectedVersion: before.game.version - 1 });
    expect(stale.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT', currentVersion: before.game.version } });
  });

  it('with a key derived from the request’s content (LAST_WRITE), writes sheet A again after sheet B, and replays it only while it is the last write', async () => {
    const [a, b] = [sheetOf(candidates.AWAY), sheetOf(candidates.AWAY, 8)];
    const licensesOf = (answer: Awaited<ReturnType<typeof writeSheet>>) => answer.result?.lines.map((line) => line.license.id).sort();
    const keyA = { idempotencyKey: 'PUT /lineup away A', idempotencyScope: 'LAST_WRITE' as const };
    const first = await writeSheet({ side: 'AWAY', lines: a, ...keyA });
    expect(first.result).toMatchObject({ replayed: false });
    const retry = await writeSheet({ side: 'AWAY', lines: a, ...keyA });
    expect(retry.result).toMatchObject({ replayed: true, version: first.result?.version });

    const other = await writeSheet({ side: 'AWAY', lines: b, idempotencyKey: 'PUT /lineup away B', idempotencyScope: 'LAST_WRITE' });
    expect(other.result).toMatchObject({ replayed: false, version: first.result!.version + 1 });
    expect(licensesOf(other)).toHaveLength(8);
    const again = await writeSheet({ side: 'AWAY', lines: a, ...keyA });
    expect(again.result).toMatchObject({ replayed: false, version: first.result!.version + 2 });
    expect(licensesOf(again)).toEqual(licensesOf(first));
    const stored = await league.db.prisma.lineupEntry.findMany({ where: { gameId: game.id, teamId: game.awayTeamId }, select: { licenseId: true } });
    expect(stored.map((line) => line.licenseId).sort()).toEqual(licensesOf(first));
    expect((await writeSheet({ side: 'AWAY', lines: a, ...keyA })).result).toMatchObject({ replayed: true, version: again.result?.version });
  });

  it('writes a sheet naming players as it writes the sheet naming their licenses', async () => {
    const shown = (answer: Awaited<ReturnType<typeof writeSheet>>) =>
      answer.result?.lines.map((line) => [line.license.id, line.player.id, line.number, line.position, line.captain]);
    const byLicense = sheetOf(candidates.HOME);
    const written = await writeSheet({ side: 'HOME', lines: byLicense });
    expect(written.errors).toBeUndefined();
    const byPlayer = byLicense.map(({ licenseId, ...line }) => ({ ...line, playerId: candidates.HOME.find((c) => c.licenseId === licenseId)!.playerId }));
    const key = nextKey();
    const byPlayers = await writeSheet({ side: 'HOME', lines: byPlayer, idempotencyKey: key });
    expect(byPlayers.errors).toBeUndefined();
    expect(byPlayers.result?.version).toBe(written.result!.version + 1);
    expect(shown(byPlayers)).toEqual(shown(written));
    // The retry is of the input as sent: the lines naming players.
    expect((await writeSheet({ side: 'HOME', lines: byPlayer, idempotencyKey: key })).result).toMatchObject({ replayed: true });
    const mixed = await writeSheet({ side: 'HOME', lines: [...byLicense.slice(0, 3), ...byPlayer.slice(3)] });
    expect(shown(mixed)).toEqual(shown(written));
  });

  it('refuses a player without a license of the club, and a line naming both a license and a player, and writes nothing', async () => {
    const before = await gameSnapshot(league.db, game.id);
    const [goalie, ...others] = sheetOf(candidates.HOME);
    const unknown = await writeSheet({ side: 'HOME', lines: [goalie, ...others, { playerId: 987654321, position: 'FORWARD' }] });
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'The game sheet is refused: unknown_player: player 987654321 has no license of this club for this game',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const both = await writeSheet({ side: 'HOME', lines: [{ ...goalie, playerId: candidates.HOME[0].playerId }, ...others] });
    expect(both.errors?.[0]).toMatchObject({
      message: expect.stringContaining('license_or_player: line 1 names both a licenseId and a playerId'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
  });

  it.each([
    ['too few players', () => sheetOf(candidates.HOME, 3), /too_few_players: at least 6 players, got 3/],
    ['two captains', () => sheetOf(candidates.HOME).map((line, i) => ({ ...line, captain: i < 2 })), /captains: at most one captain, got 2/],
    [
      'a number worn twice',
      () => sheetOf(candidates.HOME).map((line, i) => ({ ...line, number: i === 3 ? 1 : line.number })),
      /number_taken: license \d+: number 1/,
    ],
    ['a shirt number over 99', () => sheetOf(candidates.HOME).map((line, i) => ({ ...line, number: i === 3 ? 100 : line.number })), /shirt_number/],
    [
      'a license of the other club',
      () => [...sheetOf(candidates.HOME), { licenseId: candidates.AWAY[3].licenseId, position: 'FORWARD' as const }],
      /unknown_license/,
    ],
  ])('refuses %s with a clear error and writes nothing', async (_name, lines, message) => {
    const before = await gameSnapshot(league.db, game.id);
    const sheet = await league.db.prisma.lineupEntry.findMany({ where: { gameId: game.id }, orderBy: { id: 'asc' } });
    const refused = await writeSheet({ side: 'HOME', lines: lines() });
    expect(refused.status).toBe(200);
    expect(refused.errors?.[0]).toMatchObject({ message: expect.stringMatching(message), extensions: { code: 'BAD_USER_INPUT' } });
    expect(refused.errors?.[0].message).toMatch(/^The game sheet is refused: /);
    expect(await gameSnapshot(league.db, game.id)).toEqual(before);
    expect(await league.db.prisma.lineupEntry.findMany({ where: { gameId: game.id }, orderBy: { id: 'asc' } })).toEqual(sheet);
  });

  it('gives a line without a position the player’s known position (a goalkeeper’s goal), shown by GraphQL and the REST lineup', async () => {
    const goalie = candidates.HOME[0];
    const chosen = [goalie, ...candidates.HOME.filter((c) => !c.isGoalkeeper).slice(0, 6)];
    expect(chosen.filter((c) => c.position !== null && c.position !== 'GOALKEEPER').length).toBeGreaterThan(0);
    const written = await writeSheet({ side: 'HOME', lines: chosen.map((c) => ({ licenseId: c.licenseId })) });
    expect(written.errors).toBeUndefined();
    const positionOf = new Map(written.result?.lines.map((line) => [line.license.id, line.position]));
    expect(positionOf).toEqual(new Map(chosen.map((c) => [c.licenseId, c.position])));
    expect(positionOf.get(goalie.licenseId)).toBe('GOALKEEPER');
    const rest = await getRest(`/api/games/${game.id}/teams/0/players`);
    const shown = new Map(
      rest.body.data.regions[0].rows.map((row: { cells: { text?: string[]; link?: { ids: number[] } }[] }) => [
        row.cells[2].link?.ids[0],
        row.cells[1].text?.[0] ?? '',
      ]),
    );
    for (const c of chosen) expect(shown.get(c.playerId) !== '', `player ${c.playerId}`).toBe(c.position !== null);
  });

  it('refuses an ineligible license, naming it and the reason', async () => {
    const all = await loadCandidateFacts(league.db.prisma, game.id, game.homeTeamId, () => undefined);
    const ineligible = all.find((c) => !eligibility(c).eligible);
    expect(ineligible).toBeDefined();
    const refused = await writeSheet({ side: 'HOME', lines: [...sheetOf(candidates.HOME), { licenseId: ineligible!.licenseId, position: 'FORWARD' }] });
    expect(refused.errors?.[0].message).toContain(`not_eligible: license ${ineligible!.licenseId}: `);
  });
});

describe('number memory', () => {
  it('gives a line without a number the number the player last wore: in earlier games, on this sheet, in the next game; not a borrowed one', async () => {
    // A game of two other teams, whose players have worn numbers only in the imported games so far.
    const other = await league.db.prisma.game.findFirstOrThrow({
      where: {
        status: 'SCHEDULED',
        groupId: { not: null },
        lineup: { none: {} },
        homeTeamId: { notIn: [game.homeTeamId, game.awayTeamId] },
        awayTeamId: { notIn: [game.homeTeamId, game.awayTeamId] },
      },
      orderBy: { startsAt: 'asc' },
    });
    const teamId = other.homeTeamId!;
    const lines = sheetOf(await eligibleCandidates(other.id, teamId), 7, false);
    const players = new Map((await eligibleCandidates(other.id, teamId)).map((c) => [c.licenseId, c.playerId]));
    const lastWorn = async (playerId: number) =>
      (
        await league.db.prisma.lineupEntry.findFirst({
          where: { playerId, number: { not: null } },
          orderBy: [{ game: { startsAt: 'desc' } }, { id: 'desc' }],
          select: { number: true },
        })
      )?.number ?? null;
    const expected = await Promise.all(lines.map(async (line) => [line.licenseId, await lastWorn(players.get(line.licenseId)!)] as const));
    expect(expected.filter(([, number]) => number !== null).length).toBeGreaterThan(0);
    const written = await writeSheet({ side: 'HOME', gameId: other.id, lines });
    expect(written.errors).toBeUndefined();
    // The demo's numbers are distinct within a team, so no remembered number is left out for another line's.
    expect(new Map(written.result?.lines.map((line) => [line.license.id, line.number]))).toEqual(new Map(expected));

    // A number sent on the sheet is remembered by its next correction, and in the player's next game.
    const renumbered = lines.map((line, i) => (i === 2 ? { ...line, number: 77 } : line));
    expect((await writeSheet({ side: 'HOME', gameId: other.id, lines: renumbered })).errors).toBeUndefined();
    const corrected = await writeSheet({ side: 'HOME', gameId: other.id, lines });
    expect(corrected.result?.lines.find((line) => line.license.id === lines[2].licenseId)?.number).toBe(77);

    const next = await league.db.prisma.game.findFirstOrThrow({
      where: { status: 'SCHEDULED', startsAt: { gt: other.startsAt }, OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }] },
      orderBy: { startsAt: 'asc' },
    });
    const nextCandidates = await eligibleCandidates(next.id, teamId);
    const player = nextCandidates.find((c) => c.playerId === players.get(lines[2].licenseId));
    expect(player).toBeDefined();
    const nextLines = [
      ...sheetOf(
        nextCandidates.filter((c) => c !== player),
        6,
      ),
      { licenseId: player!.licenseId, position: 'FORWARD' as const },
    ];
    const nextGame = await writeSheet({ side: next.homeTeamId === teamId ? 'HOME' : 'AWAY', gameId: next.id, lines: nextLines });
    expect(nextGame.errors).toBeUndefined();
    expect(nextGame.result?.lines.find((line) => line.player.id === player!.playerId)?.number).toBe(77);

    // A borrowed shirt (rememberNumber: false) is worn on this sheet but not remembered: the next
    // correction that leaves the number out goes back to 77.
    const side = next.homeTeamId === teamId ? 'HOME' : 'AWAY';
    const borrowed = nextLines.map((line) => (line.licenseId === player!.licenseId ? { ...line, number: 88, rememberNumber: false } : line));
    const withBorrowed = await writeSheet({ side, gameId: next.id, lines: borrowed });
    expect(withBorrowed.result?.lines.find((line) => line.player.id === player!.playerId)?.number).toBe(88);
    const leftOut = await writeSheet({ side, gameId: next.id, lines: nextLines });
    expect(leftOut.result?.lines.find((line) => line.player.id === player!.playerId)?.number).toBe(77);
  });
});

describe('the game played from the sheet', () => {
  it('records a goal naming a license of the written sheet; the REST events name the scorer', async () => {
    const scorer = candidates.AWAY[2];
    await writeSheet({ side: 'AWAY', lines: sheetOf(candidates.AWAY) });
    const started = await postGraphQL(baseUrl, START, { input: { gameId: game.id, idempotencyKey: nextKey() } }, federationKey.key);
    expect(started.errors).toBeUndefined();
    const goal = await postGraphQL<{ recordGoal: { event: { player: { id: number } | null } } }>(
      baseUrl,
      GOAL,
      { input: { gameId: game.id, idempotencyKey: nextKey(), side: 'AWAY', second: 95, scorerLicenseId: scorer.licenseId } },
      federationKey.key,
    );
    expect(goal.errors).toBeUndefined();
    expect(goal.data?.recordGoal.event?.player?.id).toBe(scorer.playerId);
    const events = await getRest(`/api/game_events/${game.id}`);
    const cells = events.body.data.regions[0].rows.map((row: { cells: { text?: string[] }[] }) => row.cells[3].text?.[0] ?? '');
    expect(cells).toContain(`${scorer.firstName.charAt(0)}. ${scorer.lastName}`);
  });

  it('corrects the sheet of the live game, but keeps on it a player an event names', async () => {
    const scorer = candidates.AWAY[2];
    const without = sheetOf(candidates.AWAY, 8).filter((line) => line.licenseId !== scorer.licenseId);
    const refused = await writeSheet({ side: 'AWAY', lines: without });
    expect(refused.errors?.[0].message).toContain(`named_by_event: license ${scorer.licenseId}`);
    const added = await writeSheet({ side: 'AWAY', lines: sheetOf(candidates.AWAY, 8) });
    expect(added.errors).toBeUndefined();
    expect(added.result?.lines).toHaveLength(8);
  });

  it('records an own goal naming its scorer, a player of the other side, who stays on that side’s sheet', async () => {
    const scorer = candidates.AWAY[3];
    const own = await postGraphQL<{ recordGoal: { game: { homeScore: number; awayScore: number }; event: { side: string; player: { id: number } | null } } }>(
      baseUrl,
      OWN_GOAL,
      { input: { gameId: game.id, idempotencyKey: nextKey(), side: 'HOME', second: 130, ownGoal: true, scorerLicenseId: scorer.licenseId } },
      federationKey.key,
    );
    expect(own.errors).toBeUndefined();
    expect(own.data?.recordGoal).toMatchObject({ event: { side: 'HOME', player: { id: scorer.playerId } }, game: { homeScore: 1, awayScore: 1 } });
    const without = sheetOf(candidates.AWAY, 8).filter((line) => line.licenseId !== scorer.licenseId);
    const refused = await writeSheet({ side: 'AWAY', lines: without });
    expect(refused.errors?.[0].message).toContain(`named_by_event: license ${scorer.licenseId}`);
    expect((await writeSheet({ side: 'AWAY', lines: sheetOf(candidates.AWAY, 8) })).errors).toBeUndefined();
  });

  it('costs a bounded number of statements, however long the sheet', async () => {
    // The game and its home club (authorization), the candidates (5, as lineupCandidates loads them),
    // the transaction (lock, idempotency, sheet, events, remembered numbers, replace, version, audit,
    // affected teams and clubs, change log), and the answer's game and lines.
    const short = await countQueries(league.db, () => writeSheet({ side: 'AWAY', lines: sheetOf(candidates.AWAY, 8, false) }));
    const long = await countQueries(league.db, () => writeSheet({ side: 'AWAY', lines: sheetOf(candidates.AWAY, 16, false) }));
    expect(short).toBeLessThanOrEqual(22);
    expect(long).toBe(short);
  });

  it('refuses a sheet for a finished game', async () => {
    const finished = await league.db.prisma.game.findFirstOrThrow({ where: { status: 'FINISHED', groupId: { not: null } } });
    const refused = await writeSheet({ side: 'HOME', gameId: finished.id, lines: sheetOf(candidates.HOME) });
    expect(refused.errors?.[0]).toMatchObject({ message: expect.stringContaining('this game is finished'), extensions: { code: 'BAD_USER_INPUT' } });
  });
});
