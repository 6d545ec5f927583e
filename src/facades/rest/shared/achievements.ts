import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../../generated/gql.js';
import { textIn, type RenderContext } from '../../shared/render-context.js';
import { TEXTS } from '../../shared/texts.js';
import { competitionName } from '../../shared/competition.js';

/** Texts of a team's season record, shared by `/teams/:id/statistics` and `/clubs/:id/statistics`. */
export const SEASON_RECORD_FRAGMENT = graphql(`
  fragment SeasonRecordTexts on TeamSeasonRecord {
    season { id label }
    team { id name }
    groups { name phase league { name } gameClass { name } }
    qualificationRank
    qualificationGroup { name league { name } gameClass { name } }
    finalPhase { phase round { name final won } }
    cup { tournament { name } round { name final won } }
  }
`);

/** A season record as `...SeasonRecordTexts` selects it (type generated from the fragment). */
export type SeasonRecordData = ResultOf<typeof SEASON_RECORD_FRAGMENT>;
type KnockoutRound = NonNullable<SeasonRecordData['cup']>['round'];

/** The texts depend on the language only. */
type InLocale = Pick<RenderContext, 'locale'>;

/** `Herren GF L-UPL`, each league once, qualification first. */
export function leaguesText(record: SeasonRecordData): string {
  return [...new Set(record.groups.map(competitionName))].join(', ');
}

/** `{rank}` is replaced: `3. Rang`, `3e rang`, `3° posto`, `Rank 3`. */
export function rankText(rank: number | null, ctx: InLocale): string | null {
  return rank === null ? null : textIn(ctx)(TEXTS.rankOrdinal).replace('{rank}', String(rank));
}

/** `1/2-Final (verloren)`; a round still being played has no suffix. */
export function roundText(round: KnockoutRound, ctx: InLocale): string {
  if (round.won === null) return round.name;
  return `${round.name} (${textIn(ctx)(round.won ? TEXTS.won : TEXTS.lost)})`;
}

/** `Playoff: Final (gewonnen)`; `Playoff` alone before the team's first game of the phase. */
export function finalPhaseText(record: SeasonRecordData, ctx: InLocale): string | null {
  const phase = record.finalPhase;
  if (!phase) return null;
  const name = textIn(ctx)(phase.phase === 'PLAYOUT' ? TEXTS.playout : phase.phase === 'SUPERFINAL' ? TEXTS.superfinal : TEXTS.playoff);
  return phase.round ? `${name}: ${roundText(phase.round, ctx)}` : name;
}

/** `Schweizer Cup Herren: 1/4-Final (verloren)`. */
export function cupText(record: SeasonRecordData, ctx: InLocale): string | null {
  return record.cup ? `${record.cup.tournament.name}: ${roundText(record.cup.round, ctx)}` : null;
}
