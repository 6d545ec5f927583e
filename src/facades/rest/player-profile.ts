import type { RequestInfo } from '../shared/facade.js';
import { translate, type Translated } from '../shared/locale.js';
import { header, imageCell, region, row, tableEnvelope, textCell } from '../shared/table.js';
import type { Cell, Header } from '../shared/wire.js';
import type { Totals } from '../../domain/player-statistics.js';

/**
 * What the player and national-player pages share: the profile attribute list (the two differ only
 * in the last attribute, license or selection), position names and the totals columns.
 */
export const PROFILE_PLAYER_FRAGMENT = /* GraphQL */ `
  fragment ProfilePlayer on Player {
    id firstName lastName yearOfBirth heightCm weightKg position portraitUrl
    licenses { licenseType season { id } club { name } team { groups { season { id } phase league { name } } } }
    memberships { number position season { id } team { club { name } } }
  }
`;

export interface ProfilePlayerData {
  id: number;
  firstName: string;
  lastName: string;
  yearOfBirth: number | null;
  heightCm: number | null;
  weightKg: number | null;
  position: string | null;
  portraitUrl: string | null;
  /** Newest season first. */
  licenses: { licenseType: string; season: { id: number }; club: { name: string }; team: { groups: { season: { id: number }; phase: string; league: { name: string } }[] } | null }[];
  /** Newest season first. */
  memberships: { number: number | null; position: string | null; season: { id: number }; team: { club: { name: string } } }[];
}

export const POSITIONS: Record<string, Translated> = {
  GOALKEEPER: { de: 'Torhüter', fr: 'Gardien', it: 'Portiere', en: 'Goalkeeper' },
  DEFENDER: { de: 'Verteidiger', fr: 'Défenseur', it: 'Difensore', en: 'Defender' },
  CENTER: { de: 'Center', fr: 'Centre', it: 'Centro', en: 'Center' },
  FORWARD: { de: 'Stürmer', fr: 'Attaquant', it: 'Attaccante', en: 'Forward' },
};

export function positionText(position: string | null | undefined, info: Pick<RequestInfo, 'locale'>): string | null {
  return position && POSITIONS[position] ? translate(POSITIONS[position], info.locale) : null;
}

export function playerName(player: { firstName: string; lastName: string }): string {
  return `${player.firstName} ${player.lastName}`;
}

const UNKNOWN = '-';

const PROFILE_HEADERS: [key: string, text: Translated][] = [
  ['portrait', { de: 'Portrait', fr: 'Portrait', it: 'Ritratto', en: 'Portrait' }],
  ['club', { de: 'Verein', fr: 'Club', it: 'Club', en: 'Club' }],
  ['number', { de: 'Nummer', fr: 'Numéro', it: 'Numero', en: 'Number' }],
  ['position', { de: 'Position', fr: 'Position', it: 'Posizione', en: 'Position' }],
  ['year_of_birth', { de: 'Jahrgang', fr: 'Année de naissance', it: 'Anno di nascita', en: 'Year of birth' }],
  ['height', { de: 'Grösse', fr: 'Taille', it: 'Altezza', en: 'Height' }],
  ['weight', { de: 'Gewicht', fr: 'Poids', it: 'Peso', en: 'Weight' }],
];

export const LAST_ATTRIBUTE = {
  license: { de: 'Lizenz', fr: 'Licence', it: 'Licenza', en: 'License' },
  selection: { de: 'Nationalteam', fr: 'Équipe nationale', it: 'Nazionale', en: 'National team' },
} satisfies Record<string, Translated>;

export interface Profile {
  player: ProfilePlayerData;
  /** Overrides the club number (a national player's number). */
  number?: number | null;
  /** Overrides the club position (a national player's position). */
  position?: string | null;
  last: { key: keyof typeof LAST_ATTRIBUTE; text: string | null };
}

/** `Aktivlizenz Herren GF (L-UPL)`: the newest season's licenses with the league of the licensed team. */
export function licenseText(player: ProfilePlayerData): string | null {
  const newest = player.licenses[0]?.season.id;
  const texts = player.licenses
    .filter((license) => license.season.id === newest)
    .map((license) => {
      const groups = license.team?.groups.filter((g) => g.season.id === newest) ?? [];
      const league = (groups.find((g) => g.phase === 'QUALIFICATION') ?? groups[0])?.league.name;
      return league ? `${license.licenseType} (${league})` : license.licenseType;
    });
  return texts.length ? [...new Set(texts)].join(', ') : null;
}

/** Pure: the attribute list of WIRE.md §4 `players/:id` (8 cells in header order, `-` when unknown). */
export function profileAttributeList(profile: Profile, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  const { player } = profile;
  const membership = player.memberships[0];
  const club = player.licenses[0]?.club.name ?? membership?.team.club.name;
  const number = profile.number !== undefined ? profile.number : membership?.number;
  const position = positionText(profile.position ?? membership?.position ?? player.position, info);
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
  const headers = [...PROFILE_HEADERS, [profile.last.key, LAST_ATTRIBUTE[profile.last.key]] as [string, Translated]];
  return tableEnvelope(info.baseUrl, 'attribute_list', {
    headers: headers.map(([key, text]) => header(t(text), key)),
    title: name,
    subtitle: name,
    regions: [region(null, [row(cells)])],
  });
}

export const TOTALS_COLUMNS: [key: string, text: Translated, short: string][] = [
  ['games', { de: 'Spiele', fr: 'Matchs', it: 'Partite', en: 'Games' }, 'Sp'],
  ['goals', { de: 'Tore', fr: 'Buts', it: 'Reti', en: 'Goals' }, 'T'],
  ['assists', { de: 'Assists', fr: 'Assists', it: 'Assist', en: 'Assists' }, 'A'],
  ['points', { de: 'Punkte', fr: 'Points', it: 'Punti', en: 'Points' }, 'P'],
  ['2-minute-penalty', { de: "2'-Strafen", fr: "Pénalités 2'", it: "Penalità 2'", en: "2' penalties" }, "2'"],
  ['5-minute-penalty', { de: "5'-Strafen", fr: "Pénalités 5'", it: "Penalità 5'", en: "5' penalties" }, "5'"],
  ['10-minute-penalty', { de: "10'-Strafen", fr: "Pénalités 10'", it: "Penalità 10'", en: "10' penalties" }, "10'"],
  ['matchpenalty', { de: 'Matchstrafen', fr: 'Pénalités de match', it: 'Penalità partita', en: 'Match penalties' }, 'MS'],
];

export function totalsHeaders(info: Pick<RequestInfo, 'locale'>): Header[] {
  return TOTALS_COLUMNS.map(([key, text, short]) => header(translate(text, info.locale), key, { short, align: 'r' }));
}

export function totalsCells(totals: Totals): Cell[] {
  return [totals.games, totals.goals, totals.assists, totals.points, totals.penalties2, totals.penalties5, totals.penalties10, totals.matchPenalties].map((value) =>
    textCell(value),
  );
}
