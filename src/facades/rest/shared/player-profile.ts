import type { ResultOf } from '@graphql-typed-document-node/core';
import { mainGroupOf } from '../../../domain/groups.js';
import { graphql } from '../../generated/gql.js';
import type { Totals } from '../../../domain/player-statistics.js';
import { localeContext, translate, type Translated } from '../../shared/locale.js';
import type { RenderContext } from '../../shared/render-context.js';
import { TEXTS } from '../../shared/texts.js';
import { column, headers, imageCell, region, row, tableEnvelope, textCell, type Column } from '../../shared/table.js';
import type { Cell, Row } from '../../shared/wire.js';

/**
 * What the player and national-player pages share: the profile attribute list (the two differ only
 * in the last attribute, license or selection), position names, the totals columns and the statistics table.
 */
export const PROFILE_PLAYER_FRAGMENT = graphql(`
  fragment ProfilePlayer on Player {
    id firstName lastName yearOfBirth heightCm weightKg position portraitUrl
    licenses { licenseType season { id } club { name } team { groups { season { id } phase league { name } } } }
    memberships { number position season { id } team { club { name } } }
  }
`);

/** A player as `...ProfilePlayer` selects it (type generated from the fragment); licenses and memberships newest season first. */
export type ProfilePlayerData = ResultOf<typeof PROFILE_PLAYER_FRAGMENT>;

export const POSITIONS: Record<string, Translated> = {
  GOALKEEPER: TEXTS.goalkeeper,
  DEFENDER: TEXTS.defender,
  CENTER: TEXTS.center,
  FORWARD: TEXTS.forward,
};

/** Number, position and name: the columns of a lineup and of a national selection. */
export const ROSTER_COLUMNS = [
  column('number', TEXTS.number, { align: 'r' }),
  column('position', TEXTS.position, { align: 'l' }),
  column('name', TEXTS.name, { align: 'l' }),
];

export function positionText(position: string | null | undefined, ctx: Pick<RenderContext, 'locale'>): string | null {
  return position && POSITIONS[position] ? translate(POSITIONS[position], ctx.locale) : null;
}

export function playerName(player: { firstName: string; lastName: string }): string {
  return `${player.firstName} ${player.lastName}`;
}

const UNKNOWN = '-';

const PROFILE_COLUMNS = [
  column('portrait', TEXTS.portrait),
  column('club', TEXTS.club),
  column('number', TEXTS.numberSpelledOut),
  column('position', TEXTS.position),
  column('year_of_birth', TEXTS.yearOfBirth),
  column('height', TEXTS.height),
  column('weight', TEXTS.weight),
];

export const LAST_ATTRIBUTE = { license: TEXTS.license, selection: TEXTS.nationalTeam } satisfies Record<string, Translated>;

export interface Profile {
  player: ProfilePlayerData;
  /** Overrides the club number (a national player's number). */
  number?: number | null;
  /** Overrides the club position (a national player's position). */
  position?: string | null;
  last: { key: keyof typeof LAST_ATTRIBUTE; text: string | null };
  /** The ids the page was asked for, echoed in `context` (clients read `context.player_id`). */
  context?: Record<string, number>;
}

/** `Aktivlizenz Herren GF (L-UPL)`: the newest season's licenses with the league of the licensed team. */
export function licenseText(player: ProfilePlayerData): string | null {
  const newest = player.licenses[0]?.season.id;
  const texts = player.licenses
    .filter((license) => license.season.id === newest)
    .map((license) => {
      const league = mainGroupOf(license.team?.groups.filter((g) => g.season.id === newest) ?? [])?.league.name;
      return league ? `${license.licenseType} (${league})` : license.licenseType;
    });
  return texts.length ? [...new Set(texts)].join(', ') : null;
}

/** Pure: the attribute list of WIRE.md §4 `players/:id` (8 cells in header order, `-` when unknown). */
export function profileAttributeList(profile: Profile, ctx: RenderContext) {
  const { player } = profile;
  const membership = player.memberships[0];
  const club = player.licenses[0]?.club.name ?? membership?.team.club.name;
  const number = profile.number !== undefined ? profile.number : membership?.number;
  const position = positionText(profile.position ?? membership?.position ?? player.position, ctx);
  const name = playerName(player);
  const known = (value: string | number | null | undefined, unit = '') => textCell(value === null || value === undefined ? UNKNOWN : `${value}${unit}`);
  const cells: Cell[] = [
    imageCell(player.portraitUrl, name),
    known(club),
    known(number),
    known(position),
    known(player.yearOfBirth),
    known(player.heightCm, ' cm'),
    known(player.weightKg, ' kg'),
    known(profile.last.text),
  ];
  return tableEnvelope(ctx.baseUrl, 'attribute_list', {
    context: profile.context ? { ...profile.context, locale: localeContext(ctx.locale) } : null,
    headers: headers([...PROFILE_COLUMNS, column(profile.last.key, LAST_ATTRIBUTE[profile.last.key])], ctx.locale),
    title: name,
    subtitle: name,
    regions: [region(null, [row(cells)])],
  });
}

/** Goals, assists and points, right-aligned with one-letter short forms: in every scorer and totals table. */
export const SCORING_COLUMNS = [
  column('goals', TEXTS.goals, { short: 'T', align: 'r' }),
  column('assists', TEXTS.assists, { short: 'A', align: 'r' }),
  column('points', TEXTS.points, { short: 'P', align: 'r' }),
];

export const TOTALS_COLUMNS = [
  column('games', TEXTS.games, { short: 'Sp', align: 'r' }),
  ...SCORING_COLUMNS,
  column('2-minute-penalty', TEXTS.twoMinutePenalties, { short: "2'", align: 'r' }),
  column('5-minute-penalty', TEXTS.fiveMinutePenalties, { short: "5'", align: 'r' }),
  column('10-minute-penalty', TEXTS.tenMinutePenalties, { short: "10'", align: 'r' }),
  column('matchpenalty', TEXTS.matchPenalties, { short: 'MS', align: 'r' }),
];

/** A player's statistics table (of the club seasons or of the national selections), titled with the player's name. */
export function playerStatisticsTable(
  table: { context: Record<string, number>; player: { firstName: string; lastName: string }; columns: readonly Column[]; rows: Row[] },
  ctx: RenderContext,
) {
  const name = playerName(table.player);
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { ...table.context, locale: localeContext(ctx.locale) },
    headers: headers(table.columns, ctx.locale),
    title: `${translate(TEXTS.statistics, ctx.locale)} ${name}`,
    subtitle: name,
    regions: [region(null, table.rows)],
  });
}

export function totalsCells(totals: Totals): Cell[] {
  return [totals.games, totals.goals, totals.assists, totals.points, totals.penalties2, totals.penalties5, totals.penalties10, totals.matchPenalties].map(
    (value) => textCell(value),
  );
}
