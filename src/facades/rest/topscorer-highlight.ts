import type { FastifyInstance } from 'fastify';
import type { ResultOf, VariablesOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { localeContext } from '../shared/locale.js';
import { integer, oneOf, paramsSchema, seasonYear, withDefault, type ParamsOf } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { scopeOf, scopeTag } from '../../live/change-scope.js';
import { example, type Snapshot } from '../shared/route-doc.js';
import { TEXTS } from '../shared/texts.js';
import { seasonResolver } from '../shared/season.js';
import { column, headers, imageCell, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { playerName } from './shared/player-profile.js';

/**
 * `/topscorers/<sponsor>-highlight`: the best male and female scorer of the top leagues, of all clubs
 * or of one club — only the genders the club has a top-league team in.
 */
export const WOMEN_GAME_CLASS = 21;

export const TOP_SCORER_HIGHLIGHT_DOCUMENT = graphql(`
  query TopScorerHighlight($season: Int!, $clubId: Int, $clubKey: Int!, $withClub: Boolean!, $league: Int!, $menClass: Int!, $womenClass: Int!) {
    season(id: $season) { label }
    club(id: $clubKey) @include(if: $withClub) { name }
    topLeagueTeams: teams(season: $season, league: $league, clubId: $clubKey, first: 5000) @include(if: $withClub) { edges { node { gameClass { id } } } }
    men: topScorers(season: $season, league: $league, gameClass: $menClass, clubId: $clubId, first: 1) { ...Highlighted }
    women: topScorers(season: $season, league: $league, gameClass: $womenClass, clubId: $clubId, first: 1) { ...Highlighted }
  }
  fragment Highlighted on TopScorer { points player { id firstName lastName portraitUrl } team { club { name } } }
`);

/** The top league and its two classes: variables of the document (a typed document has no interpolation), the same on every request. */
const TOP_LEAGUE = { league: DEFAULT_LEAGUE, menClass: DEFAULT_GAME_CLASS, womenClass: WOMEN_GAME_CLASS } as const;
type HighlightVariables = Omit<VariablesOf<typeof TOP_SCORER_HIGHLIGHT_DOCUMENT>, keyof typeof TOP_LEAGUE>;

export type TopScorerHighlightData = ResultOf<typeof TOP_SCORER_HIGHLIGHT_DOCUMENT>;
type Highlighted = TopScorerHighlightData['men'][number];

const VIEW_TYPES = ['table', 'attribute_list'] as const;

/** An absent season is the current one (resolved before the document runs). */
export const TOP_SCORER_HIGHLIGHT_QUERY = paramsSchema({
  club_id: integer({ min: 1 }),
  view_type: withDefault(oneOf(VIEW_TYPES), 'attribute_list'),
  season: seasonYear(),
});
export type HighlightParams = ParamsOf<typeof TOP_SCORER_HIGHLIGHT_QUERY> & { season: number };

/** The attribute list's columns; the table view has one column per scorer. */
const ATTRIBUTE_COLUMNS = [column('portrait', TEXTS.picture), column('name', TEXTS.name), column('club', TEXTS.club), column('points', TEXTS.points)];

/**
 * Pure. attribute_list: one row per scorer, cells portrait, name, club, points. table: transposed as
 * WIRE.md §4 describes it — row 0 the pictures, row 1 the names, row 2 the clubs, row 3 the points,
 * one column per scorer.
 */
export function reshapeTopScorerHighlight(data: TopScorerHighlightData, params: HighlightParams, ctx: RenderContext) {
  const t = textIn(ctx);
  const club = params.club_id === undefined ? null : orNotFound(data.club, `No club ${params.club_id}`);
  // A club only shows the genders it has a top-league team in; all clubs show both.
  const clubClasses = params.club_id === undefined ? null : new Set(data.topLeagueTeams?.edges.map((e) => e.node.gameClass.id));
  const scorers = [
    { label: TEXTS.topScorerMen, scorer: data.men[0], gameClass: DEFAULT_GAME_CLASS },
    { label: TEXTS.topScorerWomen, scorer: data.women[0], gameClass: WOMEN_GAME_CLASS },
  ].filter(
    (entry): entry is typeof entry & { scorer: Highlighted } => entry.scorer !== undefined && (clubClasses === null || clubClasses.has(entry.gameClass)),
  );
  const cellsOf = (scorer: Highlighted) => {
    const name = playerName(scorer.player);
    return [
      imageCell(scorer.player.portraitUrl, name, pageLink('player_detail', scorer.player.id)),
      linkedText(pageLink('player_detail', scorer.player.id), name),
      textCell(scorer.team?.club.name ?? ''),
      textCell(scorer.points),
    ];
  };
  const perScorer = scorers.map(({ scorer }) => cellsOf(scorer));
  const table = params.view_type === 'table';
  const rows = table ? [0, 1, 2, 3].map((attribute) => row(perScorer.map((cells) => cells[attribute]))) : perScorer.map((cells) => row(cells));
  const columns = table ? scorers.map(({ label }, index) => column(`scorer_${index + 1}`, label, { align: 'c' })) : ATTRIBUTE_COLUMNS;
  return tableEnvelope(ctx.baseUrl, table ? 'table' : 'attribute_list', {
    context: { season: params.season, club_id: params.club_id ?? null, view_type: params.view_type, locale: localeContext(ctx.locale) },
    headers: headers(columns, ctx.locale),
    title: club ? `${t(TEXTS.topScorers)} ${club.name}` : t(TEXTS.topScorers),
    subtitle: `${t(TEXTS.season)} ${data.season?.label ?? params.season}`,
    regions: [region(null, rows)],
  });
}

/** Where the highlight is served: `/topscorers/<sponsor>-highlight`, its operation id (one per path), and its wire-snapshot probes if not its examples. */
export interface HighlightRoute {
  path: string;
  id: string;
  snapshot?: Snapshot;
}

export function topScorerHighlightRoute(app: FastifyInstance, deps: FacadeDependencies, { path, id, snapshot }: HighlightRoute): void {
  const runDocument = facadeDocument(deps, TOP_SCORER_HIGHLIGHT_DOCUMENT);
  const run = (variables: HighlightVariables) => runDocument({ ...variables, ...TOP_LEAGUE });
  const resolveSeason = seasonResolver(deps);
  facadeGet(
    app,
    deps,
    path,
    {
      querystring: TOP_SCORER_HIGHLIGHT_QUERY,
      // Always the top league's scorers.
      config: { changeScope: () => scopeOf(scopeTag('league', TOP_LEAGUE.league)) },
      doc: {
        id,
        tag: 'Leagues',
        summary: "The sponsor's top scorers highlight",
        description: 'An attribute list by default; `view_type=table` has one column per scorer (rows: pictures, names, clubs, points).',
        response: 'table_or_attribute_list',
        examples: [
          example('attribute list', `/api${path}`),
          example('table', (ids) => `/api${path}?club_id=${ids.club}&view_type=table`),
          example('unknown view type', `/api${path}?view_type=grid`, 400),
        ],
        ...(snapshot ? { snapshot } : {}),
      },
    },
    async (query, ctx) => {
      const params: HighlightParams = { ...query, season: await resolveSeason(query.season) };
      const clubId = params.club_id;
      const variables = { season: params.season, clubId: clubId ?? null, clubKey: clubId ?? 0, withClub: clubId !== undefined };
      return reshapeTopScorerHighlight(await run(variables), params, ctx);
    },
  );
}
