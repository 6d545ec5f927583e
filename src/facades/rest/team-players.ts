import type { FastifyInstance } from 'fastify';
import { notFound } from '../shared/errors.js';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../shared/facade.js';
import { localeContext, translate, type Translated } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { optionalInt, pathId } from '../shared/params.js';
import { seasonResolver } from '../shared/season.js';
import { column, headers, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { playerName, positionText, SCORING_COLUMNS } from './player-profile.js';

/** `/teams/:team_id/players`: the team's players of the season (default current) with their totals for the team. */
export const TEAM_PLAYERS_DOCUMENT = /* GraphQL */ `
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
`;

export interface TeamPlayersData {
  season: { label: string } | null;
  team: {
    id: number;
    name: string;
    members: {
      number: number | null;
      position: string | null;
      player: { id: number; firstName: string; lastName: string; yearOfBirth: number | null; position: string | null };
      statistics: { goals: number; assists: number; points: number; penaltyMinutes: number };
    }[];
  } | null;
}

const COLUMNS = [
  column('number', TEXTS.number),
  column('position', TEXTS.position),
  column('name', TEXTS.name),
  column('year_of_birth', TEXTS.born),
  ...SCORING_COLUMNS,
  column('penalty_minutes', TEXTS.penaltyMinutes, { short: 'SM', align: 'r' }),
];

/** Pure: WIRE.md §4 `teams/:id/players` (number, position, name + link, year of birth, goals, assists, points, penalty minutes). */
export function reshapeTeamPlayers(data: TeamPlayersData, season: number, info: RequestInfo) {
  const team = data.team;
  if (!team) throw notFound(`No team ${info.params.team_id}`);
  const t = (text: Translated) => translate(text, info.locale);
  const rows = team.members.map((member) =>
    row(
      [
        textCell(member.number ?? ''),
        textCell(positionText(member.position ?? member.player.position, info) ?? ''),
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
  return tableEnvelope(info.baseUrl, 'table', {
    context: { team_id: team.id, season, locale: localeContext(info.locale) },
    headers: headers(COLUMNS, info.locale),
    title: `${t(TEXTS.players)} ${team.name}`,
    subtitle: `${t(TEXTS.season)} ${data.season?.label ?? season}`,
    regions: [region(null, rows)],
  });
}

export function teamPlayersRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument<TeamPlayersData>(deps, TEAM_PLAYERS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  app.get('/teams/:team_id/players', async (request) => {
    const info = requestInfo(deps, request);
    const id = pathId(info.params, 'team_id');
    const season = await resolveSeason(optionalInt(info.query, 'season', { min: 1900, max: 2999 }));
    return reshapeTeamPlayers(await run({ id, season }), season, info);
  });
}
