import type { FastifyInstance } from 'fastify';
import { badRequest } from '../shared/errors.js';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../shared/facade.js';
import { localeContext, translate, type Translated } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { optionalEnum, optionalInt, optionalString } from '../shared/params.js';
import { seasonResolver } from '../shared/season.js';
import { column, headers, linkedText, pageLink, region, reload, row, tableEnvelope, textCell } from '../shared/table.js';
import type { Tab } from '../shared/wire.js';
import { playerName, SCORING_COLUMNS } from './player-profile.js';
import { topScorerHighlightRoute } from './topscorer-highlight.js';

/**
 * `/topscorers/main` and `/topscorers/<sponsor>`: one table builder; the sponsor table is the main
 * table fixed to the first 20 ranks. Tabs lead to the season's other national leagues.
 */
export const TOP_SCORERS_DOCUMENT = /* GraphQL */ `
  query TopScorers($season: Int!, $league: Int!, $gameClass: Int!, $phases: [GroupPhase!], $clubId: Int, $first: Int!, $all: Boolean!) {
    season(id: $season) { label competitions { league { id name level isNational } gameClass { id name isYouth } } }
    topScorers(season: $season, league: $league, gameClass: $gameClass, phases: $phases, clubId: $clubId, first: $first, all: $all) {
      rank goals assists points player { id firstName lastName } team { id name }
    }
  }
`;

export interface TopScorersData {
  season: {
    label: string;
    competitions: { league: { id: number; name: string; level: number; isNational: boolean }; gameClass: { id: number; name: string; isYouth: boolean } }[];
  } | null;
  topScorers: { rank: number; goals: number; assists: number; points: number; player: { id: number; firstName: string; lastName: string }; team: { id: number; name: string } | null }[];
}

export const DEFAULT_AMOUNT = 20;
/** Ranks a number can ask for; more than that is `amount=all`. */
export const MAX_AMOUNT = 100;
const PHASES = ['group', 'finals'] as const;
type PhaseParam = (typeof PHASES)[number];
/** `finals` is the final round: playoffs and playouts together. */
const PHASE_FILTER: Record<PhaseParam, string[]> = { group: ['QUALIFICATION'], finals: ['PLAYOFF', 'PLAYOUT'] };

export interface TopScorersParams {
  resource: string;
  season: number;
  league: number;
  gameClass: number;
  phase?: PhaseParam;
  clubId?: number;
  /** A number of ranks, or every ranked player. */
  amount: number | 'all';
}

export function amountParam(info: RequestInfo): number | 'all' {
  const raw = optionalString(info.query, 'amount');
  if (raw === undefined) return DEFAULT_AMOUNT;
  if (raw === 'all') return 'all';
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_AMOUNT) {
    throw badRequest(`Parameter amount must be a number from 1 to ${MAX_AMOUNT} or "all", got "${raw}"`);
  }
  return Number(raw);
}

export function topScorersRequest(info: RequestInfo) {
  return {
    season: optionalInt(info.query, 'season', { min: 1900, max: 2999 }),
    league: optionalInt(info.query, 'league', { min: 1 }) ?? DEFAULT_LEAGUE,
    gameClass: optionalInt(info.query, 'game_class', { min: 1 }) ?? DEFAULT_GAME_CLASS,
    phase: optionalEnum(info.query, 'phase', PHASES),
    clubId: optionalInt(info.query, 'club_id', { min: 1 }),
  };
}

export function topScorersVariables(params: TopScorersParams) {
  return {
    season: params.season,
    league: params.league,
    gameClass: params.gameClass,
    phases: params.phase ? PHASE_FILTER[params.phase] : null,
    clubId: params.clubId ?? null,
    first: params.amount === 'all' ? MAX_AMOUNT : params.amount,
    all: params.amount === 'all',
  };
}

const PHASE_TEXTS: Record<PhaseParam, Translated> = { group: TEXTS.qualification, finals: TEXTS.finalRound };

const COLUMNS = [column('rank', TEXTS.rank, { align: 'r' }), column('player', TEXTS.player, { align: 'l' }), column('team', TEXTS.team, { align: 'l' }), ...SCORING_COLUMNS];

/** Pure: WIRE.md §4 `topscorers/*` (rank, player, team, goals, assists, points); a tab per national league of the season. */
export function reshapeTopScorers(data: TopScorersData, params: TopScorersParams, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  const leagues = new Map<string, { league: number; gameClass: number; text: string; level: number; youth: boolean }>();
  for (const group of data.season?.competitions ?? []) {
    if (!group.league.isNational) continue;
    const key = `${group.league.id}:${group.gameClass.id}`;
    if (!leagues.has(key)) {
      const text = `${group.gameClass.name} ${group.league.name}`;
      leagues.set(key, { league: group.league.id, gameClass: group.gameClass.id, text, level: group.league.level, youth: group.gameClass.isYouth });
    }
  }
  const isDefault = (entry: { league: number; gameClass: number }) => entry.league === DEFAULT_LEAGUE && entry.gameClass === DEFAULT_GAME_CLASS;
  // The men's top league first, then adult before youth classes, each class by league level.
  const ordered = [...leagues.values()].sort(
    (a, b) => Number(isDefault(b)) - Number(isDefault(a)) || Number(a.youth) - Number(b.youth) || a.gameClass - b.gameClass || a.level - b.level,
  );
  const tabs: Tab[] = ordered.map((entry) => ({
    text: entry.text,
    type: 'tab',
    link: reload(params.resource, { season: params.season, league: entry.league, game_class: entry.gameClass, ...(params.phase ? { phase: params.phase } : {}) }),
    highlight: entry.league === params.league && entry.gameClass === params.gameClass,
  }));
  const current = leagues.get(`${params.league}:${params.gameClass}`);
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
  return tableEnvelope(info.baseUrl, 'table', {
    context: {
      season: params.season,
      league: params.league,
      game_class: params.gameClass,
      phase: params.phase ?? null,
      club_id: params.clubId ?? null,
      amount: params.amount,
      locale: localeContext(info.locale),
    },
    headers: headers(COLUMNS, info.locale),
    title: current ? `${t(TEXTS.topScorers)} ${current.text}` : t(TEXTS.topScorers),
    subtitle: params.phase ? `${seasonText}, ${t(PHASE_TEXTS[params.phase])}` : seasonText,
    tabs,
    regions: [region(current?.text ?? null, rows)],
  });
}

export interface TopScorerOptions {
  /** Path segment of the sponsor tables (SPONSOR_PATH). */
  sponsorPath: string;
}

export function topScorerRoutes(app: FastifyInstance, deps: FacadeDependencies, options: TopScorerOptions): void {
  const run = facadeDocument<TopScorersData>(deps, TOP_SCORERS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  const table = async (info: RequestInfo, resource: string, amount: number | 'all') => {
    const request = topScorersRequest(info);
    const params: TopScorersParams = { ...request, resource, season: await resolveSeason(request.season), amount };
    return reshapeTopScorers(await run(topScorersVariables(params)), params, info);
  };
  app.get('/topscorers/main', async (request) => {
    const info = requestInfo(deps, request);
    return table(info, '/topscorers/main', amountParam(info));
  });
  app.get(`/topscorers/${options.sponsorPath}`, async (request) => table(requestInfo(deps, request), `/topscorers/${options.sponsorPath}`, DEFAULT_AMOUNT));
  topScorerHighlightRoute(app, deps, `/topscorers/${options.sponsorPath}-highlight`);
}
