import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { localeContext } from '../shared/locale.js';
import { id, paramsSchema, seasonYear, type ParamsOf, pathSchema } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized } from '../shared/route-doc.js';
import { TEXTS } from '../shared/texts.js';
import { seasonResolver } from '../shared/season.js';
import { column, headers, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { playerName, positionText, SCORING_COLUMNS } from './shared/player-profile.js';
import { readsOneRecord } from '../shared/change-scope.js';

/** `/teams/:team_id/players`: the team's players of the season (default current) with their totals for the team. */
export const TEAM_PLAYERS_DOCUMENT = graphql(`
  query TeamPlayers($id: Int!, $season: Int!) {
    season(id: $season) { label }
    team(id: $id) {
      id name
      members(season: $season) {
        number position
        player { id firstName lastName yearOfBirth position }
        statistics { goals assists points penaltyMinutes }
      }
    }
  }
`);

export const TEAM_PLAYERS_PATH = pathSchema({ team_id: id() });
/** An absent season is the current one (resolved before the document runs). */
export const TEAM_PLAYERS_QUERY = paramsSchema({ season: seasonYear() });
export type TeamPlayersParams = ParamsOf<typeof TEAM_PLAYERS_PATH> & { season: number };

export type TeamPlayersData = ResultOf<typeof TEAM_PLAYERS_DOCUMENT>;

const COLUMNS = [
  column('number', TEXTS.number),
  column('position', TEXTS.position),
  column('name', TEXTS.name),
  column('year_of_birth', TEXTS.born),
  ...SCORING_COLUMNS,
  column('penalty_minutes', TEXTS.penaltyMinutes, { short: 'SM', align: 'r' }),
];

/** Pure: WIRE.md §4 `teams/:id/players` (number, position, name + link, year of birth, goals, assists, points, penalty minutes). */
export function reshapeTeamPlayers(data: TeamPlayersData, params: TeamPlayersParams, ctx: RenderContext) {
  const team = orNotFound(data.team, `No team ${params.team_id}`);
  const t = textIn(ctx);
  const rows = team.members.map((member) =>
    row(
      [
        textCell(member.number ?? ''),
        textCell(positionText(member.position ?? member.player.position, ctx) ?? ''),
        linkedText(pageLink('player_detail', member.player.id), playerName(member.player)),
        textCell(member.player.yearOfBirth ?? ''),
        textCell(member.statistics.goals),
        textCell(member.statistics.assists),
        textCell(member.statistics.points),
        textCell(member.statistics.penaltyMinutes),
      ],
      { id: member.player.id },
    ),
  );
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { team_id: team.id, season: params.season, locale: localeContext(ctx.locale) },
    headers: headers(COLUMNS, ctx.locale),
    title: `${t(TEXTS.players)} ${team.name}`,
    subtitle: `${t(TEXTS.season)} ${data.season?.label ?? params.season}`,
    regions: [region(null, rows)],
  });
}

export function teamPlayersRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, TEAM_PLAYERS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  facadeGet(
    app,
    deps,
    '/teams/:team_id/players',
    {
      querystring: TEAM_PLAYERS_QUERY,
      params: TEAM_PLAYERS_PATH,
      config: readsOneRecord('team', 'team_id'),
      doc: {
        id: 'teamPlayers',
        tag: 'Teams and clubs',
        summary: "A team's players with their season totals",
        response: 'table',
        examples: [
          example('a team', (ids) => `/api/teams/${ids.team}/players`),
          example('malformed season', (ids) => `/api/teams/${ids.team}/players?season=abc`, 400),
          example('unknown team', '/api/teams/999999/players', 404),
        ],
        snapshot: (ids) => [localized(55, `/api/teams/${ids.team}/players`)],
      },
    },
    async (params, ctx) => {
      const season = await resolveSeason(params.season);
      return reshapeTeamPlayers(await run({ id: params.team_id, season }), { ...params, season }, ctx);
    },
  );
}
