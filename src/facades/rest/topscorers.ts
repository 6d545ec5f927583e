import { KNOCKOUT_PHASES, type Phase } from '../../domain/groups.js';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import type { FastifyInstance } from 'fastify';
import type { FastifyContextConfig } from 'fastify';
import { leagueOrOwnerScope } from '../shared/change-scope.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { localeContext, type Translated } from '../shared/locale.js';
import { integer, integerOr, oneOf, paramsSchema, seasonYear, withDefault, type ParamsOf, type ParamsSchema } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized, probe, type OperationDoc } from '../shared/route-doc.js';
import { TEXTS } from '../shared/texts.js';
import { seasonResolver } from '../shared/season.js';
import { column, headers, linkedText, pageLink, region, reload, row, tableEnvelope, textCell } from '../shared/table.js';
import type { Tab } from '../shared/wire.js';
import { playerName, SCORING_COLUMNS } from './shared/player-profile.js';
import { topScorerHighlightRoute } from './topscorer-highlight.js';
import { competitionName } from '../shared/competition.js';

/**
 * `/topscorers/main` and `/topscorers/<sponsor>` (`mobiliar`, and SPONSOR_PATH's name): one table builder; the sponsor table is the main
 * table fixed to the first 20 ranks. Tabs lead to the season's other national leagues.
 */
export const TOP_SCORERS_DOCUMENT = graphql(`
  query TopScorers($season: Int!, $league: Int!, $gameClass: Int!, $phases: [GroupPhase!], $clubId: Int, $first: Int!, $all: Boolean!) {
    season(id: $season) { label competitions { league { id name level isNational } gameClass { id name isYouth } } }
    topScorers(season: $season, league: $league, gameClass: $gameClass, phases: $phases, clubId: $clubId, first: $first, all: $all) {
      rank goals assists points player { id firstName lastName } team { id name }
    }
  }
`);

export type TopScorersData = ResultOf<typeof TOP_SCORERS_DOCUMENT>;

export const DEFAULT_AMOUNT = 20;
/** Ranks a number can ask for; more than that is `amount=all`. */
export const MAX_AMOUNT = 100;
const PHASES = ['group', 'finals'] as const;
type PhaseParam = (typeof PHASES)[number];
/** `finals` is the final round: playoffs and playouts together. */
const PHASE_FILTER: Record<PhaseParam, Phase[]> = { group: ['QUALIFICATION'], finals: [...KNOCKOUT_PHASES] };

/** What both tables take; an absent season is the current one (resolved before the document runs). */
const TABLE_PARAMS = {
  season: seasonYear(),
  league: withDefault(integer({ min: 1 }), DEFAULT_LEAGUE),
  game_class: withDefault(integer({ min: 1 }), DEFAULT_GAME_CLASS),
  phase: oneOf(PHASES),
  club_id: integer({ min: 1 }),
};

/** A league's table: a write in another league leaves it cached. */
const LEAGUE_TABLE: FastifyContextConfig = { changeScope: (request) => leagueOrOwnerScope(request, DEFAULT_LEAGUE) };

/** `/topscorers/<sponsor>`: always the first DEFAULT_AMOUNT ranks. */
export const SPONSOR_TOP_SCORERS_QUERY = paramsSchema(TABLE_PARAMS);
/** `/topscorers/main`: `amount` is checked first, as deployed clients have always seen it. */
export const MAIN_TOP_SCORERS_QUERY = paramsSchema({ amount: withDefault(integerOr('all', { min: 1, max: MAX_AMOUNT }), DEFAULT_AMOUNT), ...TABLE_PARAMS });

export type TopScorersParams = Omit<ParamsOf<typeof SPONSOR_TOP_SCORERS_QUERY>, 'season'> & {
  /** The route's own path: the tabs reload it. */
  resource: string;
  season: number;
  /** A number of ranks, or every ranked player. */
  amount: number | 'all';
};

export function topScorersVariables(params: TopScorersParams) {
  return {
    season: params.season,
    league: params.league,
    gameClass: params.game_class,
    phases: params.phase ? PHASE_FILTER[params.phase] : null,
    clubId: params.club_id ?? null,
    first: params.amount === 'all' ? MAX_AMOUNT : params.amount,
    all: params.amount === 'all',
  };
}

const PHASE_TEXTS: Record<PhaseParam, Translated> = { group: TEXTS.qualification, finals: TEXTS.finalRound };

const COLUMNS = [
  column('rank', TEXTS.rank, { align: 'r' }),
  column('player', TEXTS.player, { align: 'l' }),
  column('team', TEXTS.team, { align: 'l' }),
  ...SCORING_COLUMNS,
];

/** Pure: WIRE.md §4 `topscorers/*` (rank, player, team, goals, assists, points); a tab per national league of the season. */
export function reshapeTopScorers(data: TopScorersData, params: TopScorersParams, ctx: RenderContext) {
  const t = textIn(ctx);
  // `competitions` lists each league and class once, so each becomes one tab as it is.
  const leagues = new Map(
    (data.season?.competitions ?? [])
      .filter((competition) => competition.league.isNational)
      .map(({ league, gameClass }) => [
        `${league.id}:${gameClass.id}`,
        { league: league.id, gameClass: gameClass.id, text: competitionName({ league, gameClass }), level: league.level, youth: gameClass.isYouth },
      ]),
  );
  const isDefault = (entry: { league: number; gameClass: number }) => entry.league === DEFAULT_LEAGUE && entry.gameClass === DEFAULT_GAME_CLASS;
  // The men's top league first, then adult before youth classes, each class by league level.
  const ordered = [...leagues.values()].sort(
    (a, b) => Number(isDefault(b)) - Number(isDefault(a)) || Number(a.youth) - Number(b.youth) || a.gameClass - b.gameClass || a.level - b.level,
  );
  const tabs: Tab[] = ordered.map((entry) => ({
    text: entry.text,
    type: 'tab',
    link: reload(params.resource, {
      season: params.season,
      league: entry.league,
      game_class: entry.gameClass,
      ...(params.phase ? { phase: params.phase } : {}),
    }),
    highlight: entry.league === params.league && entry.gameClass === params.game_class,
  }));
  const current = leagues.get(`${params.league}:${params.game_class}`);
  const rows = data.topScorers.map((scorer) =>
    row([
      textCell(scorer.rank),
      linkedText(pageLink('player_detail', scorer.player.id), playerName(scorer.player)),
      scorer.team ? linkedText(pageLink('team_detail', scorer.team.id), scorer.team.name) : textCell(''),
      textCell(scorer.goals),
      textCell(scorer.assists),
      textCell(scorer.points),
    ]),
  );
  const seasonText = `${t(TEXTS.season)} ${data.season?.label ?? params.season}`;
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: {
      season: params.season,
      league: params.league,
      game_class: params.game_class,
      phase: params.phase ?? null,
      club_id: params.club_id ?? null,
      amount: params.amount,
      locale: localeContext(ctx.locale),
    },
    headers: headers(COLUMNS, ctx.locale),
    title: current ? `${t(TEXTS.topScorers)} ${current.text}` : t(TEXTS.topScorers),
    subtitle: params.phase ? `${seasonText}, ${t(PHASE_TEXTS[params.phase])}` : seasonText,
    tabs,
    regions: [region(current?.text ?? null, rows)],
  });
}

/**
 * The sponsor tables' segment deployed clients call: the federation's `<uniho-mobiliar-topscorer>`
 * widget reads `/topscorers/mobiliar-highlight`. Served whatever SPONSOR_PATH says.
 */
export const DEPLOYED_SPONSOR_PATH = 'mobiliar';

/** The segments the sponsor tables are served at: the deployed clients' one, and SPONSOR_PATH's name beside it (never instead). */
export function sponsorPathsOf(configured: string): string[] {
  return [...new Set([DEPLOYED_SPONSOR_PATH, configured])];
}

export interface TopScorerOptions {
  /** SPONSOR_PATH: another segment the sponsor tables are served at, beside DEPLOYED_SPONSOR_PATH. */
  sponsorPath: string;
}

export function topScorerRoutes(app: FastifyInstance, deps: FacadeDependencies, options: TopScorerOptions): void {
  const run = facadeDocument(deps, TOP_SCORERS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  /** The two tables differ only in whether `amount` is taken; `routes` serve the table whose links reload `resource`. */
  const table = <Q extends ParamsOf<typeof SPONSOR_TOP_SCORERS_QUERY>>(
    resource: string,
    schema: ParamsSchema<Q>,
    amountOf: (query: Q) => number | 'all',
    routes: readonly (readonly [path: string, doc: OperationDoc])[],
  ) => {
    const serve = async (query: Q, ctx: RenderContext) => {
      const params: TopScorersParams = {
        resource,
        season: await resolveSeason(query.season),
        league: query.league,
        game_class: query.game_class,
        phase: query.phase,
        club_id: query.club_id,
        amount: amountOf(query),
      };
      return reshapeTopScorers(await run(topScorersVariables(params)), params, ctx);
    };
    for (const [path, doc] of routes) facadeGet(app, deps, path, { querystring: schema, config: LEAGUE_TABLE, doc }, serve);
  };
  // Bare `/topscorers` is the federation's own table, the first one its documentation lists.
  table('/topscorers/main', MAIN_TOP_SCORERS_QUERY, (params) => params.amount, [
    [
      '/topscorers/main',
      {
        id: 'topScorersMain',
        tag: 'Leagues',
        summary: 'Top scorers',
        response: 'table',
        examples: [example('main table', '/api/topscorers/main?amount=5'), example('malformed amount', '/api/topscorers/main?amount=-1', 400)],
        snapshot: (ids) => [
          localized(70, '/api/topscorers/main'),
          localized(71, `/api/topscorers/main?season=${ids.season}&phase=finals&amount=all`),
          probe(92, '/api/topscorers/main?amount=-1'),
        ],
      },
    ],
    [
      // "Swiss Unihockey Topscorers", as the federation's changelog names the table.
      '/topscorers/su',
      {
        id: 'topScorersSu',
        tag: 'Leagues',
        summary: "Top scorers (the main table under the path of the federation's changelog, as /topscorers/main)",
        response: 'table',
        examples: [example('main table', '/api/topscorers/su?amount=all'), example('malformed amount', '/api/topscorers/su?amount=-1', 400)],
      },
    ],
    [
      '/topscorers',
      {
        id: 'topScorers',
        tag: 'Leagues',
        summary: 'Top scorers (the main table, as /topscorers/main)',
        response: 'table',
        examples: [example('main table', '/api/topscorers'), example('malformed amount', '/api/topscorers?amount=-1', 400)],
        snapshot: () => [localized(124, '/api/topscorers')],
      },
    ],
  ]);
  for (const segment of sponsorPathsOf(options.sponsorPath)) {
    const deployed = segment === DEPLOYED_SPONSOR_PATH;
    const sponsor = `/topscorers/${segment}`;
    table(sponsor, SPONSOR_TOP_SCORERS_QUERY, () => DEFAULT_AMOUNT, [
      [
        sponsor,
        {
          id: deployed ? 'topScorersMobiliar' : 'topScorersSponsor',
          tag: 'Leagues',
          summary: deployed ? "The sponsor's top scorers table, at the path the federation's clients call" : "The sponsor's top scorers table (SPONSOR_PATH)",
          response: 'table',
          examples: [example('sponsor table', `/api${sponsor}`), example('malformed phase', `/api${sponsor}?phase=x`, 400)],
          // The configured name keeps its place in the snapshot; the deployed one sends its examples.
          ...(deployed ? {} : { snapshot: () => [localized(72, `/api${sponsor}`)] }),
        },
      ],
    ]);
    const highlight = `${sponsor}-highlight`;
    topScorerHighlightRoute(
      app,
      deps,
      deployed
        ? { path: highlight, id: 'topScorerHighlightMobiliar' }
        : {
            path: highlight,
            id: 'topScorerHighlight',
            snapshot: (ids) => [localized(73, `/api${highlight}`), localized(74, `/api${highlight}?club_id=${ids.club}&view_type=table`)],
          },
    );
  }
}
