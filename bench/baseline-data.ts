// The baseline's data access: raw SQL through pg with named prepared statements, shaped into the
// same data the service's GraphQL documents return, so the service's pure reshapers can render it.
// Used by the baseline server (bench/baseline.ts) and by the layer breakdown (bench/layers.ts).
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { GameDetailData } from '../src/facades/rest/game-detail.js';
import {
  CURRENT_GAMES_QUERY,
  dayFilters,
  reshapeCurrentGames,
  sliderTarget,
  todayIn,
  type CurrentGamesData,
  type CurrentGamesParams,
} from '../src/facades/rest/games/current.js';
import type { DayGameData, GameRowData } from '../src/facades/rest/shared/game-row.js';
import { GAME_LIST_QUERY, reshapeGameList, resolveListParams, selectListRound, type ListGroupsData } from '../src/facades/rest/games/list.js';
import type { GamePhase } from '../src/domain/live-clock.js';
import { shownDecision } from '../src/domain/game-status.js';
import type { RenderContext } from '../src/facades/shared/render-context.js';
import { parseParams } from '../src/facades/shared/route.js';

const GAME_COLUMNS = `
  g.id, g."startsAt", g.status, g."homeScore", g."awayScore", g."homePeriodScores", g."awayPeriodScores", g."decidedBy", g."clockPeriod",
  g.spectators, g."firstReferee", g."secondReferee", g."hasVideoStream", g."roundId",
  ht.id ht_id, ht.name ht_name, ht."logoUrl" ht_logo, at.id at_id, at.name at_name, at."logoUrl" at_logo,
  v.name v_name, v.city v_city, v.latitude v_lat, v.longitude v_lon,
  grp.id grp_id, grp.name grp_name, s.id s_id, s.label s_label, l.id l_id, l.name l_name, gc.id gc_id, gc.name gc_name,
  r.number r_number, r.name r_name, cr.id cr_id, cr.name cr_name, ct.id ct_id, ct.name ct_name, cs.label cs_label`;
const GAME_JOINS = `
  JOIN "Team" ht ON ht.id = g."homeTeamId" JOIN "Team" at ON at.id = g."awayTeamId"
  LEFT JOIN "Venue" v ON v.id = g."venueId"
  LEFT JOIN "LeagueGroup" grp ON grp.id = g."groupId" LEFT JOIN "Season" s ON s.id = grp."seasonId"
  LEFT JOIN "League" l ON l.id = grp."leagueId" LEFT JOIN "GameClass" gc ON gc.id = grp."gameClassId"
  LEFT JOIN "Round" r ON r.id = g."roundId"
  LEFT JOIN "CupRound" cr ON cr.id = g."cupRoundId" LEFT JOIN "CupTournament" ct ON ct.id = cr."tournamentId"
  LEFT JOIN "Season" cs ON cs.id = ct."seasonId"`;

/** The game detail's one statement: the game with every row its table shows. */
export const GAME_DETAIL_SQL = `SELECT ${GAME_COLUMNS} FROM "Game" g ${GAME_JOINS} WHERE g.id = $1`;

/** What the service's DAY_GAME_FRAGMENT reads, for the games of one day, in its order (start, then id). */
export const CURRENT_GAMES_SQL = `
  SELECT g.id, g."startsAt", g.status, g."homeScore", g."awayScore", g."decidedBy", g."clockPeriod", ht.name ht_name, at.name at_name,
    l.id l_id, l.name l_name, gc.id gc_id, gc.name gc_name, ct.id ct_id, ct.name ct_name
  FROM "Game" g JOIN "Team" ht ON ht.id = g."homeTeamId" JOIN "Team" at ON at.id = g."awayTeamId"
  LEFT JOIN "LeagueGroup" grp ON grp.id = g."groupId" LEFT JOIN "League" l ON l.id = grp."leagueId"
  LEFT JOIN "GameClass" gc ON gc.id = grp."gameClassId"
  LEFT JOIN "CupRound" cr ON cr.id = g."cupRoundId" LEFT JOIN "CupTournament" ct ON ct.id = cr."tournamentId"
  WHERE g."startsAt" >= $1 AND g."startsAt" < $2 ORDER BY g."startsAt", g.id LIMIT 5000`;

interface DayGameRecord {
  id: number;
  startsAt: Date;
  status: DayGameData['status'];
  homeScore: number | null;
  awayScore: number | null;
  decidedBy: NonNullable<DayGameData['decidedBy']>;
  clockPeriod: number | null;
  ht_name: string;
  at_name: string;
  l_id: number | null;
  l_name: string;
  gc_id: number;
  gc_name: string;
  ct_id: number | null;
  ct_name: string;
}

/**
 * The clock as the GraphQL Game.clock reads it, for the tables' period text: the phase by status and
 * stored period (a hand-written service reads the same columns; overtime is told apart by the format,
 * which the baseline does not load, so it shows as a period).
 */
function clockOf(status: string, clockPeriod: number | null): { phase: GamePhase; period: number | null } {
  if (status !== 'LIVE') return { phase: status as GamePhase, period: null };
  return clockPeriod === null ? { phase: 'PENALTY_SHOOTOUT', period: null } : { phase: 'PERIOD', period: clockPeriod };
}

function dayGame(row: DayGameRecord): DayGameData {
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    status: row.status,
    homeScore: row.homeScore,
    awayScore: row.awayScore,
    decidedBy: shownDecision(row.status, row.decidedBy),
    clock: clockOf(row.status, row.clockPeriod),
    homeTeam: { name: row.ht_name },
    awayTeam: { name: row.at_name },
    homePlaceholder: null,
    awayPlaceholder: null,
    group: row.l_id === null ? null : { league: { id: row.l_id, name: row.l_name }, gameClass: { id: row.gc_id, name: row.gc_name } },
    cupRound: row.ct_id === null ? null : { tournament: { id: row.ct_id, name: row.ct_name } },
  };
}

type GameRecord = Record<string, unknown> & { startsAt: Date };

export function baselineData(pool: pg.Pool, baseUrl: string) {
  /** Named statements, so PostgreSQL parses and plans each one once per connection, as a careful hand-written service would. */
  function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<T>> {
    const name = `b_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    return pool.query<T>({ name, text, values });
  }

  const absolute = (url: string | null) => (url?.startsWith('/') ? `${baseUrl}${url}` : url);

  function gameRow(row: GameRecord): GameRowData & { spectators: number | null; firstReferee: string | null; secondReferee: string | null } {
    return {
      id: row.id as number,
      startsAt: row.startsAt.toISOString(),
      status: row.status as GameRowData['status'],
      homeScore: row.homeScore as number | null,
      awayScore: row.awayScore as number | null,
      homePeriodScores: row.homePeriodScores as number[],
      awayPeriodScores: row.awayPeriodScores as number[],
      decidedBy: shownDecision(row.status as string, row.decidedBy as NonNullable<GameRowData['decidedBy']>),
      clock: clockOf(row.status as string, row.clockPeriod as number | null),
      hasVideoStream: row.hasVideoStream as boolean,
      // The result's state mark is opt-in (result_state=1), which the baseline's pages never ask for.
      result: null,
      spectators: row.spectators as number | null,
      firstReferee: row.firstReferee as string | null,
      secondReferee: row.secondReferee as string | null,
      homeTeam: { id: row.ht_id as number, name: row.ht_name as string, logoUrl: absolute(row.ht_logo as string | null) },
      awayTeam: { id: row.at_id as number, name: row.at_name as string, logoUrl: absolute(row.at_logo as string | null) },
      homePlaceholder: null,
      awayPlaceholder: null,
      venue:
        row.v_name === null ? null : { name: row.v_name as string, city: row.v_city as string, latitude: row.v_lat as number, longitude: row.v_lon as number },
      group:
        row.grp_id === null
          ? null
          : {
              id: row.grp_id as number,
              name: row.grp_name as string,
              season: { id: row.s_id as number, label: row.s_label as string },
              league: { id: row.l_id as number, name: row.l_name as string },
              gameClass: { id: row.gc_id as number, name: row.gc_name as string },
            },
      round: row.r_number === null ? null : { number: row.r_number as number, name: row.r_name as string },
      cupRound:
        row.cr_id === null
          ? null
          : {
              id: row.cr_id as number,
              name: row.cr_name as string,
              tournament: { id: row.ct_id as number, name: row.ct_name as string, season: { label: row.cs_label as string } },
            },
    };
  }

  async function gameDetail(id: number): Promise<GameDetailData> {
    const { rows } = await query<GameRecord>(GAME_DETAIL_SQL, [id]);
    if (!rows[0]) return { game: null };
    const game = gameRow(rows[0]);
    const refereesVisible = Date.now() >= rows[0].startsAt.getTime() - 48 * 3600_000;
    return { game: { ...game, firstReferee: refereesVisible ? game.firstReferee : null, secondReferee: refereesVisible ? game.secondReferee : null } };
  }

  async function gameList(rawQuery: Record<string, string>, ctx: RenderContext) {
    const current = await query<{ id: number; label: string }>('SELECT id, label FROM "Season" WHERE "isCurrent" LIMIT 1');
    const currentSeason = current.rows[0] ?? null;
    const params = resolveListParams(parseParams(GAME_LIST_QUERY, rawQuery), { currentSeason });
    const withSeason = params.season !== currentSeason?.id;
    const [season, groups] = await Promise.all([
      withSeason ? query<{ label: string }>('SELECT label FROM "Season" WHERE id = $1', [params.season]) : { rows: [] },
      query<{ id: number; name: string; seriesBestOf: number | null; league_name: string; class_name: string }>(
        `SELECT grp.id, grp.name, grp."seriesBestOf", l.name league_name, gc.name class_name FROM "LeagueGroup" grp
         JOIN "League" l ON l.id = grp."leagueId" JOIN "GameClass" gc ON gc.id = grp."gameClassId"
         WHERE grp."seasonId" = $1 AND grp."leagueId" = $2 AND grp."gameClassId" = $3
         ORDER BY grp."sortOrder", grp.id LIMIT 100`,
        [params.season, params.league, params.game_class],
      ),
    ]);
    const groupIds = groups.rows.map((g) => g.id);
    const rounds = await query<{ id: number; groupId: number; number: number; name: string; startsAt: Date | null }>(
      `SELECT r.id, r."groupId", r.number, r.name, (SELECT min(g."startsAt") FROM "Game" g WHERE g."roundId" = r.id) "startsAt"
       FROM "Round" r WHERE r."groupId" = ANY($1) ORDER BY r.number`,
      [groupIds],
    );
    const data: ListGroupsData = {
      season: withSeason ? (season.rows[0] ?? null) : undefined,
      leagueGroups: {
        edges: groups.rows.map((group) => ({
          node: {
            id: group.id,
            name: group.name,
            seriesBestOf: group.seriesBestOf,
            league: { name: group.league_name },
            gameClass: { name: group.class_name },
            rounds: rounds.rows
              .filter((r) => r.groupId === group.id)
              .map((r) => ({ id: r.id, number: r.number, name: r.name, startsAt: r.startsAt?.toISOString() ?? null })),
          },
        })),
      },
    };
    const selection = selectListRound(data, params, ctx.now);
    const round = selection.rounds[selection.index];
    const games = round
      ? (await query<GameRecord>(`SELECT ${GAME_COLUMNS} FROM "Game" g ${GAME_JOINS} WHERE g."roundId" = $1 ORDER BY g."startsAt", g.id`, [round.id])).rows.map(
          gameRow,
        )
      : [];
    return reshapeGameList({ groups: data, roundGames: games, currentSeason }, params, ctx);
  }

  /** Unfiltered `mode=current` (of today or `on_date`): what the bench asks for; filters and the slider's dates are not served. */
  async function currentGames(rawQuery: Record<string, string>, ctx: RenderContext) {
    const asked = parseParams(CURRENT_GAMES_QUERY, rawQuery);
    if (sliderTarget(asked) || asked.league_ids || asked.game_class_ids || asked.tournament_ids || asked.only_video_streamed) throw new Error('not found');
    const params: CurrentGamesParams = { ...asked, on_date: asked.on_date ?? todayIn(ctx) };
    const { from, to } = dayFilters(params).filter;
    const [games, earlier, later] = await Promise.all([
      query<DayGameRecord>(CURRENT_GAMES_SQL, [from, to]),
      query<{ startsAt: Date }>('SELECT "startsAt" FROM "Game" WHERE "startsAt" < $1 ORDER BY "startsAt" DESC, id DESC LIMIT 1', [from]),
      query<{ startsAt: Date }>('SELECT "startsAt" FROM "Game" WHERE "startsAt" >= $1 ORDER BY "startsAt", id LIMIT 1', [to]),
    ]);
    const edges = <T>(rows: T[]) => rows.map((node) => ({ node }));
    const atInstant = (rows: { startsAt: Date }[]) => edges(rows.map((row) => ({ startsAt: row.startsAt.toISOString() })));
    const data: CurrentGamesData = {
      games: { edges: edges(games.rows.map(dayGame)) },
      earlier: { edges: atInstant(earlier.rows) },
      later: { edges: atInstant(later.rows) },
    };
    return reshapeCurrentGames(data, params, ctx);
  }

  return { gameDetail, gameList, currentGames };
}
