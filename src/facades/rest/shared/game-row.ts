import type { ResultOf } from '@graphql-typed-document-node/core';
import { isCancelled } from '../../../domain/game-status.js';
import { graphql } from '../../generated/gql.js';
import { formatDate, formatTime } from '../../shared/format.js';
import { textIn, type RenderContext } from '../../shared/render-context.js';
import { periodsText, SUFFIX, resultText, type ResultFacts } from '../../shared/result.js';
import { column, linkedText, pageLink, row, textCell, type Column } from '../../shared/table.js';
import type { Cell, Row } from '../../shared/wire.js';
import { TEXTS } from '../../shared/texts.js';
import { competitionName } from '../../shared/competition.js';
import { flag } from '../../shared/param-schema.js';
import { sideName } from '../../../domain/pairing.js';

/** The fields every games table reads; each games document selects `...GameRow`. */
export const GAME_ROW_FRAGMENT = graphql(`
  fragment GameRow on Game {
    id startsAt status homeScore awayScore homePeriodScores awayPeriodScores decidedBy hasVideoStream
    clock { phase period }
    result { state confirmedAt protestWindowClosesAt }
    homeTeam { id name logoUrl }
    awayTeam { id name logoUrl }
    homePlaceholder awayPlaceholder
    venue { name city latitude longitude }
    group { id name season { id label } league { id name } gameClass { id name } }
    round { number name }
    cupRound { id name tournament { id name season { label } } }
  }
`);

/**
 * The fields of the live-day table (`mode=current`): it can hold every game of a league day, so it
 * selects only what that table shows; each field less is one less resolution per game.
 */
export const DAY_GAME_FRAGMENT = graphql(`
  fragment DayGame on Game {
    id startsAt status homeScore awayScore decidedBy
    clock { phase period }
    homeTeam { name }
    awayTeam { name }
    homePlaceholder awayPlaceholder
    group { league { id name } gameClass { id name } }
    cupRound { tournament { id name } }
  }
`);

/** A game as `...DayGame` selects it (type generated from the fragment). */
export type DayGameData = ResultOf<typeof DAY_GAME_FRAGMENT>;

/** A game as `...GameRow` selects it (type generated from the fragment). */
export type GameRowData = ResultOf<typeof GAME_ROW_FRAGMENT>;
export type RowTeam = NonNullable<GameRowData['homeTeam']>;

export interface Connection<T> {
  edges: { node: T }[];
}

export const nodes = <T>(connection: Connection<T>): T[] => connection.edges.map((edge) => edge.node);

export function gameResult(game: ResultFacts, ctx: Pick<RenderContext, 'locale'>): string {
  const t = textIn(ctx);
  return resultText(game, (decidedBy) => (SUFFIX[decidedBy] ? t(SUFFIX[decidedBy]) : null));
}

/**
 * The first line of a game's date cell: the date (or date and time) given, or for a cancelled game
 * the word `Abgesagt` (`annulé`, `annullato`, `cancelled`) in its place, which deployed clients look for.
 */
export function dateLine(game: Pick<GameRowData, 'status'>, ctx: Pick<RenderContext, 'locale'>, line: string): string {
  return isCancelled(game.status) ? textIn(ctx)(TEXTS.cancelled) : line;
}

/** `07.03.2026 17:00` */
export function dateTime(game: GameRowData): string {
  const startsAt = new Date(game.startsAt);
  return `${formatDate(startsAt)} ${formatTime(startsAt)}`;
}

export function gameLink(game: Pick<GameRowData, 'id'>) {
  return pageLink('game_detail', game.id);
}

/** Row keys every game row carries: link and id before highlight and cells, as deployed. */
export function gameRowExtras(game: Pick<GameRowData, 'id'>) {
  return { link: gameLink(game), id: game.id };
}

const RESULT_STATE_TEXTS = { PROVISIONAL: TEXTS.resultProvisional, PROTESTED: TEXTS.resultProtested, CONFIRMED: TEXTS.resultConfirmed } as const;

/**
 * The result's state as the opt-in `result_state=1` marks a game's row: a key after the row's
 * cells, which the default answer never carries (deployed clients parse it as it is); null for a
 * game without a result.
 */
export function resultStateMark(game: Pick<GameRowData, 'result'>, ctx: Pick<RenderContext, 'locale'>) {
  const result = game.result;
  if (!result) return null;
  return {
    state: result.state.toLowerCase(),
    text: textIn(ctx)(RESULT_STATE_TEXTS[result.state]),
    confirmed_at: result.confirmedAt,
    protest_window_closes_at: result.protestWindowClosesAt,
  };
}

/** The row as asked for: with the result's state mark after its cells when `result_state=1`, else as deployed. */
export function markedRow(row: Row, game: Pick<GameRowData, 'result'>, show: boolean | undefined, ctx: Pick<RenderContext, 'locale'>): Row {
  return show ? ({ ...row, result_state: resultStateMark(game, ctx) } as Row) : row;
}

/** The opt-in parameter of the result's state mark on game pages and lists. */
export const RESULT_STATE_PARAM = { result_state: flag() };

/** A team's name, linked to the team. */
export function teamCell(team: Pick<RowTeam, 'id' | 'name'>): Cell {
  return linkedText(pageLink('team_detail', team.id), team.name);
}

export type Side = 'home' | 'away';

/** What a game tells of its sides: the teams (null while undecided) and the federation's placeholders. */
export interface GameSides<T extends { name: string } = { name: string }> {
  homeTeam: T | null;
  awayTeam: T | null;
  homePlaceholder?: string | null;
  awayPlaceholder?: string | null;
}

/**
 * One side's name: the team's, or while the pairing is undecided the federation's placeholder
 * (`Sieger Halbfinal 1`), or `offen` (`à définir`, `da definire`, `to be decided`) without one.
 */
export function sideText(game: GameSides, side: Side, ctx: Pick<RenderContext, 'locale'>): string {
  return side === 'home'
    ? sideName(game.homeTeam, game.homePlaceholder, textIn(ctx)(TEXTS.undecidedTeam))
    : sideName(game.awayTeam, game.awayPlaceholder, textIn(ctx)(TEXTS.undecidedTeam));
}

/** One side's cell: the team's name linked to the team, or the placeholder's text without a link. */
export function sideCell(game: GameSides<Pick<RowTeam, 'id' | 'name'>>, side: Side, ctx: Pick<RenderContext, 'locale'>): Cell {
  const team = side === 'home' ? game.homeTeam : game.awayTeam;
  return team ? teamCell(team) : textCell(sideText(game, side, ctx));
}

/** `Herren GF L-UPL` for league games, the cup's name for cup games. */
export function gameCompetitionName(game: Pick<DayGameData, 'group' | 'cupRound'>): string {
  if (game.group) return competitionName(game.group);
  return game.cupRound?.tournament.name ?? '';
}

/** Columns of the four-column game tables (direct, favorite, cup). */
export function compactGameColumns(resultKey = 'result'): Column[] {
  return [
    column('date', TEXTS.date, { align: 'l' }),
    column('home', TEXTS.home, { align: 'l' }),
    column('away', TEXTS.away, { align: 'l' }),
    column(resultKey, TEXTS.result, { align: 'c' }),
  ];
}

/** A four-column game row: date and time (game link; `Abgesagt` when cancelled), home and away (team links), result. */
export function compactGameRow(game: GameRowData, ctx: Pick<RenderContext, 'locale'>, options: { periods?: boolean } = {}): Row {
  return row(
    [
      linkedText(gameLink(game), dateLine(game, ctx, dateTime(game))),
      sideCell(game, 'home', ctx),
      sideCell(game, 'away', ctx),
      textCell(gameResult(game, ctx), options.periods ? periodsText(game) : null),
    ],
    gameRowExtras(game),
  );
}
