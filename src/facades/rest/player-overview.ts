import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { isPlayed } from '../../domain/game-status.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { formatDate, formatTime } from '../shared/format.js';
import { orNotFound } from '../shared/found.js';
import { localeContext } from '../shared/locale.js';
import { id, paramsSchema, seasonYear, type ParamsOf, pathSchema } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized, probe } from '../shared/route-doc.js';
import { TEXTS } from '../shared/texts.js';
import { seasonResolver } from '../shared/season.js';
import { column, headers, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import type { Cell, Region } from '../shared/wire.js';
import { gameResult, dateLine, sideCell } from './shared/game-row.js';
import { playerName } from './shared/player-profile.js';
import { readsOneRecord } from '../shared/change-scope.js';

/**
 * `/players/:player_id/overview`: the season's games of the player's teams (one region per team, with
 * `Nicht gespielt` when the player was not in the lineup) and the other games the player played.
 */
/** What the overview reads of a player in the document's `$season`; also spread by the player page (ui-player.ts). */
export const OVERVIEW_PLAYER_FRAGMENT = graphql(`
  fragment OverviewPlayer on Player {
    id firstName lastName
    memberships(season: $season) { team { id name } }
    games(season: $season) {
      played goals assists points penaltyMinutes teamId
      game {
        id startsAt status homeScore awayScore decidedBy
        venue { name city } homeTeam { id name } awayTeam { id name } homePlaceholder awayPlaceholder
      }
    }
  }
`);

export const PLAYER_OVERVIEW_DOCUMENT = graphql(`
  query PlayerOverview($id: Int!, $season: Int!) {
    season(id: $season) { label }
    player(id: $id) { ...OverviewPlayer }
  }
`);

export const PLAYER_OVERVIEW_PATH = pathSchema({ player_id: id() });
/** An absent season is the current one (resolved before the document runs). */
export const PLAYER_OVERVIEW_QUERY = paramsSchema({ season: seasonYear() });
export type PlayerOverviewParams = ParamsOf<typeof PLAYER_OVERVIEW_PATH> & { season: number };

export type PlayerOverviewData = ResultOf<typeof PLAYER_OVERVIEW_DOCUMENT>;

const COLUMNS = [
  column('date', TEXTS.date),
  column('location', TEXTS.venue),
  column('time', TEXTS.time),
  column('home', TEXTS.home),
  column('away', TEXTS.away),
  column('score', TEXTS.result),
  column('goals', TEXTS.goals),
  column('assists', TEXTS.assists),
  column('points', TEXTS.points),
  column('penalty_minutes', TEXTS.penaltyMinutes),
];

/** Pure: WIRE.md §4 `players/:id/overview` rows (id = game id), in order of occurrence within each region. */
export function reshapePlayerOverview(data: PlayerOverviewData, params: PlayerOverviewParams, ctx: RenderContext) {
  const player = orNotFound(data.player, `No player ${params.player_id}`);
  const t = textIn(ctx);
  const rowOf = (line: NonNullable<PlayerOverviewData['player']>['games'][number]) => {
    const game = line.game;
    const startsAt = new Date(game.startsAt);
    let numbers: Cell[];
    if (line.played) numbers = [line.goals, line.assists, line.points, line.penaltyMinutes].map((value) => textCell(value));
    else if (isPlayed(game.status)) numbers = [textCell(t(TEXTS.notPlayed)), textCell(), textCell(), textCell()];
    else numbers = [textCell(), textCell(), textCell(), textCell()];
    return row(
      [
        textCell(dateLine(game, ctx, formatDate(startsAt))),
        textCell(game.venue?.name ?? '', game.venue?.city),
        textCell(formatTime(startsAt)),
        sideCell(game, 'home', ctx),
        sideCell(game, 'away', ctx),
        textCell(gameResult(game, ctx)),
        ...numbers,
      ],
      { link: pageLink('game_detail', game.id), id: game.id },
    );
  };
  const teams = [...new Map(player.memberships.map((m) => [m.team.id, m.team])).values()];
  const memberTeamIds = new Set(teams.map((team) => team.id));
  const regions: Region[] = teams.map((team) => region(team.name, player.games.filter((line) => line.teamId === team.id).map(rowOf)));
  const others = player.games.filter((line) => line.teamId === null || !memberTeamIds.has(line.teamId));
  if (others.length || regions.length === 0) regions.push(region(t(TEXTS.otherGames), others.map(rowOf)));
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { player_id: player.id, season: params.season, locale: localeContext(ctx.locale) },
    headers: headers(COLUMNS, ctx.locale),
    title: `${t(TEXTS.gamesOverview)} ${playerName(player)}`,
    subtitle: `${t(TEXTS.season)} ${data.season?.label ?? params.season}`,
    regions,
  });
}

export function playerOverviewRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, PLAYER_OVERVIEW_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  facadeGet(
    app,
    deps,
    '/players/:player_id/overview',
    {
      querystring: PLAYER_OVERVIEW_QUERY,
      params: PLAYER_OVERVIEW_PATH,
      config: readsOneRecord('player', 'player_id'),
      doc: {
        id: 'playerOverview',
        tag: 'Players',
        summary: "A player's games of a season",
        response: 'table',
        examples: [
          example('a player', (ids) => `/api/players/${ids.currentPlayer}/overview`),
          example('malformed season', (ids) => `/api/players/${ids.player}/overview?season=abc`, 400),
          example('unknown player', '/api/players/999999/overview', 404),
        ],
        snapshot: (ids) => [localized(64, `/api/players/${ids.player}/overview`), probe(91, '/api/players/999999/overview')],
      },
    },
    async (params, ctx) => {
      const season = await resolveSeason(params.season);
      return reshapePlayerOverview(await run({ id: params.player_id, season }), { ...params, season }, ctx);
    },
  );
}
