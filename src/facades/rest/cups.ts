import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { currentCupRound } from '../../domain/cups.js';
import { isCancelled, isDecided } from '../../domain/game-status.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { formatDate } from '../shared/format.js';
import { orNotFound } from '../shared/found.js';
import { localeContext } from '../shared/locale.js';
import { id, paramsSchema, pathSchema, seasonYear, type ParamsOf } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized, probe } from '../shared/route-doc.js';
import { seasonResolver } from '../shared/season.js';
import { column, headers, region, reload, row, tableEnvelope, textCell } from '../shared/table.js';
import { TEXTS } from '../shared/texts.js';
import type { ReloadLink } from '../shared/wire.js';

/**
 * `/cups` (a season's cups) and `/cups/:championship_id` (one cup's rounds). A championship id is our
 * cup tournament id: one tournament per season and game class. Each round row links to the round's
 * games as `/games?mode=cup`, which serves the bracket.
 */

/** What both tables read of a round: enough to count, date and judge its games. */
const CUP_ROUND_FRAGMENT = graphql(`
  fragment CupRoundGames on CupRound { id number name games { startsAt status } }
`);

export const CUPS_DOCUMENT = graphql(`
  query Cups($season: Int!) {
    season(id: $season) {
      id label
      cups { id name gameClass { id name } rounds { ...CupRoundGames } }
    }
  }
`);

export const CUP_DETAILS_DOCUMENT = graphql(`
  query CupDetails($id: Int!) {
    cupTournament(id: $id) {
      id name
      season { id label }
      gameClass { id name }
      rounds { ...CupRoundGames }
    }
  }
`);

type CupRoundData = ResultOf<typeof CUP_ROUND_FRAGMENT>;
export type CupsData = ResultOf<typeof CUPS_DOCUMENT>;
export type CupDetailsData = ResultOf<typeof CUP_DETAILS_DOCUMENT>;

/** An absent season is the current one (resolved before the document runs). */
export const CUPS_QUERY = paramsSchema({ season: seasonYear() });
export type CupsParams = { season: number };

export const CUP_DETAILS_PATH = pathSchema({ championship_id: id() });
export type CupDetailsParams = ParamsOf<typeof CUP_DETAILS_PATH>;

const CUPS_COLUMNS = [
  column('name', TEXTS.name, { align: 'l' }),
  column('game_class', TEXTS.cupCategory, { align: 'l' }),
  column('rounds', TEXTS.cupRounds, { align: 'r' }),
  column('current_round', TEXTS.cupCurrentRound, { align: 'l' }),
];

const CUP_DETAILS_COLUMNS = [
  column('round', TEXTS.cupRound, { align: 'l' }),
  column('games', TEXTS.games, { align: 'r' }),
  column('date', TEXTS.date, { align: 'l' }),
  column('played', TEXTS.cupPlayed, { align: 'r' }),
];

/** `12.11.2026`, or `12.11.2026 - 19.11.2026` over several days; cancelled games take place on no day. */
export function cupRoundDates(round: CupRoundData): string {
  const days = round.games
    .filter((game) => !isCancelled(game.status))
    .map((game) => new Date(game.startsAt))
    .sort((a, b) => a.getTime() - b.getTime())
    .map(formatDate);
  if (days.length === 0) return '-';
  const [first, last] = [days[0], days[days.length - 1]];
  return first === last ? first : `${first} - ${last}`;
}

/** `decided/total`: a round is through when each of its games is decided (finished or forfeited). */
export function cupRoundProgress(round: CupRoundData): string {
  return `${round.games.filter((game) => isDecided(game.status)).length}/${round.games.length}`;
}

const byNumber = (a: CupRoundData, b: CupRoundData) => a.number - b.number;

/** The details of a cup, as `/cups/:championship_id` serves them. */
export function cupDetailsLink(tournamentId: number): ReloadLink {
  return reload(`/cups/${tournamentId}`, { championship_id: tournamentId }, [tournamentId]);
}

/** A round's bracket: the left side of `/games?mode=cup`, which pairs the games whose winners meet next. */
export function cupRoundGamesLink(tournamentId: number, roundId: number): ReloadLink {
  return reload('/games', { mode: 'cup', tournament_id: tournamentId, round: roundId, side: 'left' });
}

/** Pure: one row per cup of the season (id = tournament id), linking to its details. */
export function reshapeCups(data: CupsData, params: CupsParams, ctx: RenderContext) {
  const season = orNotFound(data.season, `No season ${params.season}`);
  const rows = season.cups.map((cup) =>
    row([textCell(cup.name), textCell(cup.gameClass.name), textCell(cup.rounds.length), textCell(currentCupRound(cup.rounds)?.name ?? '-')], {
      id: cup.id,
      link: cupDetailsLink(cup.id),
    }),
  );
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { season: season.id, locale: localeContext(ctx.locale) },
    headers: headers(CUPS_COLUMNS, ctx.locale),
    title: `${textIn(ctx)(TEXTS.swissCup)} ${season.label}`,
    regions: [region(null, rows)],
  });
}

/**
 * Pure: one row per round in order (id = round id), linking to the round's games. The title is the
 * cup's name, as the federation's `Schweizer Cup …`; the context names the tournament for mode=cup.
 */
export function reshapeCupDetails(data: CupDetailsData, params: CupDetailsParams, ctx: RenderContext) {
  const cup = orNotFound(data.cupTournament, `No cup ${params.championship_id}`);
  const rows = [...cup.rounds].sort(byNumber).map((round) =>
    row([textCell(round.name), textCell(round.games.length), textCell(cupRoundDates(round)), textCell(cupRoundProgress(round))], {
      id: round.id,
      link: cupRoundGamesLink(cup.id, round.id),
    }),
  );
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { championship_id: cup.id, tournament_id: cup.id, season: cup.season.id, game_class: cup.gameClass.id, locale: localeContext(ctx.locale) },
    headers: headers(CUP_DETAILS_COLUMNS, ctx.locale),
    title: cup.name,
    subtitle: cup.season.label,
    regions: [region(null, rows)],
  });
}

export function cupRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const runCups = facadeDocument(deps, CUPS_DOCUMENT);
  const runDetails = facadeDocument(deps, CUP_DETAILS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  facadeGet(
    app,
    deps,
    '/cups',
    {
      querystring: CUPS_QUERY,
      doc: {
        id: 'cups',
        tag: 'Teams and clubs',
        summary: 'Cup tournaments of a season',
        response: 'table',
        examples: [example('a season', (ids) => `/api/cups?season=${ids.season}`), example('malformed season', '/api/cups?season=abc', 400)],
        snapshot: (ids) => [localized(125, `/api/cups?season=${ids.season}`)],
      },
    },
    async (query, ctx) => {
      const season = await resolveSeason(query.season);
      return reshapeCups(await runCups({ season }), { season }, ctx);
    },
  );
  facadeGet(
    app,
    deps,
    '/cups/:championship_id',
    {
      params: CUP_DETAILS_PATH,
      doc: {
        id: 'cupDetails',
        tag: 'Teams and clubs',
        summary: "A cup tournament's rounds",
        response: 'table',
        examples: [
          example('a cup', (ids) => `/api/cups/${ids.cup.tournament}`),
          example('malformed id', '/api/cups/abc', 400),
          example('unknown cup', '/api/cups/999999', 404),
        ],
        snapshot: (ids) => [localized(126, `/api/cups/${ids.cup.tournament}`), probe(127, '/api/cups/999999')],
      },
    },
    async (params, ctx) => reshapeCupDetails(await runDetails({ id: params.championship_id }), params, ctx),
  );
}
