// The federation's fixed frame: game classes, leagues and national selections with the ids
// clients rely on (11 = men's GF is the default everywhere, league 1 = top league), and how the
// teams of each class are spread over league tiers.
import type { GameClassRow, LeagueRow, NationalSelectionRow } from '../import/format.js';
import type { PersonGender } from './names.js';

export const MEN_GF = 11;
export const WOMEN_GF = 21;
export const MEN_KF = 12;
export const WOMEN_KF = 22;
export const JUNIORS_U21 = 19;
export const JUNIORS_U21_WOMEN = 29;

export const TOP_LEAGUE = 1;
export const NLB = 2;

export interface GameClassDefinition {
  row: Required<GameClassRow>;
  playerGender: PersonGender;
  /** Appended to the club name for the team name, e.g. ` U21`. */
  teamSuffix: string;
  licenseType: string;
  /** Player ages (in the season's first year) found in this class. */
  ages: readonly [number, number];
  /** Chance that a club fields a team in this class. */
  clubShare: number;
  /** Expected goals per team and game. */
  scoring: number;
}

function gameClass(
  id: number,
  name: string,
  shortName: string,
  playerGender: PersonGender,
  details: Omit<GameClassDefinition, 'row' | 'playerGender'> & { isYouth?: boolean; isSmallField?: boolean; sortOrder: number },
): GameClassDefinition {
  const { isYouth = false, isSmallField = false, sortOrder, ...rest } = details;
  return { row: { id, name, shortName, gender: playerGender, isYouth, isSmallField, sortOrder }, playerGender, ...rest };
}

export const GAME_CLASSES: readonly GameClassDefinition[] = [
  gameClass(MEN_GF, 'Herren GF', 'HGF', 'MALE', {
    sortOrder: 1,
    teamSuffix: '',
    licenseType: 'Aktivlizenz Herren GF',
    ages: [18, 35],
    clubShare: 1,
    scoring: 3.6,
  }),
  gameClass(WOMEN_GF, 'Damen GF', 'DGF', 'FEMALE', {
    sortOrder: 2,
    teamSuffix: ' Damen',
    licenseType: 'Aktivlizenz Damen GF',
    ages: [17, 33],
    clubShare: 0.5,
    scoring: 3.4,
  }),
  gameClass(MEN_KF, 'Herren KF', 'HKF', 'MALE', {
    sortOrder: 3,
    isSmallField: true,
    teamSuffix: ' KF',
    licenseType: 'Aktivlizenz Herren KF',
    ages: [18, 42],
    clubShare: 0.55,
    scoring: 3.3,
  }),
  gameClass(WOMEN_KF, 'Damen KF', 'DKF', 'FEMALE', {
    sortOrder: 4,
    isSmallField: true,
    teamSuffix: ' Damen KF',
    licenseType: 'Aktivlizenz Damen KF',
    ages: [17, 40],
    clubShare: 0.25,
    scoring: 3.1,
  }),
  gameClass(JUNIORS_U21, 'Junioren U21', 'U21', 'MALE', {
    sortOrder: 5,
    isYouth: true,
    teamSuffix: ' U21',
    licenseType: 'Juniorenlizenz U21',
    ages: [16, 20],
    clubShare: 0.5,
    scoring: 3.8,
  }),
  gameClass(JUNIORS_U21_WOMEN, 'Juniorinnen U21', 'U21D', 'FEMALE', {
    sortOrder: 6,
    isYouth: true,
    teamSuffix: ' Juniorinnen U21',
    licenseType: 'Juniorinnenlizenz U21',
    ages: [15, 20],
    clubShare: 0.15,
    scoring: 3.5,
  }),
];

export const LEAGUES: readonly Required<LeagueRow>[] = [
  { id: TOP_LEAGUE, name: 'L-UPL', level: 1, isNational: true },
  { id: NLB, name: 'NLB', level: 2, isNational: true },
  { id: 3, name: '1. Liga', level: 3, isNational: true },
  { id: 4, name: '2. Liga', level: 4, isNational: false },
  { id: 5, name: '3. Liga', level: 5, isNational: false },
  { id: 12, name: 'A', level: 1, isNational: true },
  { id: 13, name: 'B', level: 2, isNational: false },
];

export const NATIONAL_SELECTIONS: readonly Required<NationalSelectionRow>[] = [
  { id: 1, name: 'Herren', gender: 'MALE', isYouth: false },
  { id: 2, name: 'Damen', gender: 'FEMALE', isYouth: false },
  { id: 3, name: 'U19 Herren', gender: 'MALE', isYouth: true },
  { id: 4, name: 'U19 Damen', gender: 'FEMALE', isYouth: true },
];

/**
 * One league level of a game class. Fixed tiers hold one group of at most `teams`; scaled tiers
 * hold `groupsPerScale × scale` groups of about `groupSize`; the last tier takes everyone left.
 */
export type Tier =
  | { leagueId: number; kind: 'fixed'; teams: number }
  | { leagueId: number; kind: 'scaled'; groupsPerScale: number; groupSize: number }
  | { leagueId: number; kind: 'rest'; groupSize: number };

export const TIERS: Readonly<Record<number, readonly Tier[]>> = {
  [MEN_GF]: [
    { leagueId: TOP_LEAGUE, kind: 'fixed', teams: 12 },
    { leagueId: NLB, kind: 'fixed', teams: 12 },
    { leagueId: 3, kind: 'scaled', groupsPerScale: 2, groupSize: 10 },
    { leagueId: 4, kind: 'rest', groupSize: 10 },
  ],
  [WOMEN_GF]: [
    { leagueId: TOP_LEAGUE, kind: 'fixed', teams: 10 },
    { leagueId: NLB, kind: 'fixed', teams: 10 },
    { leagueId: 3, kind: 'rest', groupSize: 10 },
  ],
  [MEN_KF]: [
    { leagueId: 4, kind: 'scaled', groupsPerScale: 2, groupSize: 10 },
    { leagueId: 5, kind: 'rest', groupSize: 10 },
  ],
  [WOMEN_KF]: [{ leagueId: 4, kind: 'rest', groupSize: 10 }],
  [JUNIORS_U21]: [
    { leagueId: 12, kind: 'fixed', teams: 10 },
    { leagueId: 13, kind: 'rest', groupSize: 10 },
  ],
  [JUNIORS_U21_WOMEN]: [{ leagueId: 12, kind: 'rest', groupSize: 8 }],
};

/** Classes whose top league plays playoffs and playouts after the qualification. */
export const PLAYOFF_CLASSES: readonly number[] = [MEN_GF, WOMEN_GF];

/** Classes with a national cup. */
export const CUPS: readonly { gameClassId: number; name: string }[] = [
  { gameClassId: MEN_GF, name: 'Schweizer Cup Herren' },
  { gameClassId: WOMEN_GF, name: 'Schweizer Cup Damen' },
];

export function gameClassDefinition(id: number): GameClassDefinition {
  const definition = GAME_CLASSES.find((candidate) => candidate.row.id === id);
  if (!definition) throw new Error(`unknown game class ${id}`);
  return definition;
}

export function leagueLevel(leagueId: number): number {
  return LEAGUES.find((league) => league.id === leagueId)?.level ?? 99;
}
