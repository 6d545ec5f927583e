// Fictional names in a Swiss-German style. People are random first/last name pairs; towns are
// compounds of common name parts, so clubs and places are invented, not real ones.
import type { Random } from './random.js';

const MALE_FIRST_NAMES = [
  'Luca',
  'Noah',
  'Jan',
  'Nico',
  'Simon',
  'Lukas',
  'Fabian',
  'Marco',
  'Pascal',
  'Reto',
  'Patrick',
  'Michael',
  'David',
  'Joel',
  'Yannick',
  'Kevin',
  'Dominik',
  'Raphael',
  'Samuel',
  'Tobias',
  'Florian',
  'Andreas',
  'Matthias',
  'Stefan',
  'Adrian',
  'Jonas',
  'Lars',
  'Manuel',
  'Silvan',
  'Cédric',
  'Timo',
  'Sandro',
  'Dario',
  'Nils',
  'Elias',
  'Levin',
  'Janik',
  'Gian',
  'Severin',
  'Mauro',
  'Claudio',
  'Roman',
  'Thomas',
  'Daniel',
  'Philipp',
  'Christian',
  'Benjamin',
  'Remo',
  'Urs',
  'Beat',
  'Lino',
  'Finn',
  'Robin',
  'Sven',
  'Marc',
  'Ivo',
  'Flavio',
  'Jannis',
  'Loris',
  'Mattia',
  'Cyrill',
  'Damian',
  'Fabio',
  'Gregor',
  'Jérôme',
  'Kilian',
  'Lorenz',
  'Mirco',
  'Nando',
  'Oliver',
] as const;

const FEMALE_FIRST_NAMES = [
  'Laura',
  'Sara',
  'Lea',
  'Anna',
  'Julia',
  'Lara',
  'Nina',
  'Jana',
  'Selina',
  'Nadine',
  'Michelle',
  'Jasmin',
  'Céline',
  'Alina',
  'Elena',
  'Noemi',
  'Livia',
  'Andrea',
  'Sandra',
  'Melanie',
  'Fabienne',
  'Rahel',
  'Seraina',
  'Corinne',
  'Tamara',
  'Vanessa',
  'Chiara',
  'Lena',
  'Mia',
  'Lina',
  'Svenja',
  'Aline',
  'Carmen',
  'Debora',
  'Flurina',
  'Ladina',
  'Manuela',
  'Nathalie',
  'Simona',
  'Yvonne',
  'Ramona',
  'Tanja',
  'Larissa',
  'Jessica',
  'Katrin',
  'Annina',
  'Nora',
  'Zoe',
  'Eliane',
  'Martina',
  'Bettina',
  'Dana',
  'Fiona',
  'Gianna',
  'Ilaria',
] as const;

const LAST_NAMES = [
  'Müller',
  'Meier',
  'Schmid',
  'Keller',
  'Weber',
  'Huber',
  'Schneider',
  'Meyer',
  'Steiner',
  'Fischer',
  'Gerber',
  'Brunner',
  'Baumann',
  'Frei',
  'Zimmermann',
  'Moser',
  'Widmer',
  'Wyss',
  'Graf',
  'Roth',
  'Kälin',
  'Bachmann',
  'Suter',
  'Baumgartner',
  'Lehmann',
  'Hofer',
  'Bühler',
  'Kaufmann',
  'Berger',
  'Marti',
  'Hess',
  'Wenger',
  'Sutter',
  'Egli',
  'Arnold',
  'Kunz',
  'Zürcher',
  'Hug',
  'Stucki',
  'Burri',
  'Lüthi',
  'Bieri',
  'Ammann',
  'Bucher',
  'Schürch',
  'Tanner',
  'Imhof',
  'Rüegg',
  'Zbinden',
  'Aebischer',
  'Lanz',
  'Blaser',
  'Stalder',
  'Vogel',
  'Wälti',
  'Jenni',
  'Kuster',
  'Gisler',
  'Knecht',
  'Schwarz',
  'Koch',
  'Flückiger',
  'Grob',
  'Maurer',
  'Rohner',
  'Hasler',
  'Ziegler',
  'Schär',
  'Thalmann',
  'Wüthrich',
  'Iseli',
  'Probst',
  'Leuenberger',
  'Reber',
  'Hänni',
  'Furrer',
  'Schnyder',
  'Odermatt',
  'Portmann',
  'Gasser',
  'Eberle',
  'Rüfenacht',
  'Nussbaum',
  'Fankhauser',
  'Christen',
] as const;

const TOWN_STEMS = [
  'Birken',
  'Eschen',
  'Linden',
  'Buchen',
  'Eichen',
  'Tannen',
  'Erlen',
  'Wehr',
  'Grün',
  'Stein',
  'Moos',
  'Ried',
  'Hasel',
  'Rosen',
  'Sonnen',
  'Wald',
  'Fels',
  'Kirch',
  'Mühl',
  'Matt',
  'Brunn',
  'Holz',
  'Sand',
  'Wolfs',
  'Fuchs',
  'Hirsch',
  'Bären',
  'Adler',
  'Falken',
  'Reh',
  'Dachs',
  'Otter',
  'Biber',
  'Lerchen',
  'Wiesen',
  'Auen',
  'Weiden',
  'Kirsch',
  'Nuss',
  'Ahorn',
  'Föhren',
  'Silber',
  'Gold',
  'Kalk',
  'Quell',
  'Schwan',
  'Kranich',
  'Hagen',
  'Rain',
  'Reuss',
  'Blumen',
  'Hollunder',
  'Wachol',
  'Schlehen',
  'Ulmen',
  'Espen',
  'Binsen',
  'Tau',
  'Nebel',
  'Sturm',
] as const;

const TOWN_ENDINGS = [
  'feld',
  'bach',
  'au',
  'tal',
  'berg',
  'wil',
  'dorf',
  'matt',
  'ingen',
  'ikon',
  'hausen',
  'heim',
  'egg',
  'rüti',
  'stetten',
  'brunnen',
  'furt',
  'acker',
  'moos',
  'hof',
  'halden',
  'weid',
  'bühl',
  'wangen',
  'see',
  'grund',
] as const;

/** Real places with well-known floorball clubs, kept out even if a compound happens to produce one. */
const AVOIDED_TOWNS = new Set(['Steinhausen', 'Wald', 'Buchs', 'Grünau', 'Lindau', 'Rüti', 'Mühlau', 'Kirchberg', 'Steinach']);

const CLUB_PATTERNS = [
  (town: string) => `UHC ${town}`,
  (town: string) => `Floorball ${town}`,
  (town: string) => `Unihockey ${town}`,
  (town: string) => `UH ${town}`,
  (town: string) => `Unihockey Club ${town}`,
  (town: string) => `UC ${town}`,
  (town: string) => `STV ${town} Unihockey`,
] as const;

const STREET_STEMS = [
  'Bahnhof',
  'Schulhaus',
  'Kirch',
  'Dorf',
  'Sportplatz',
  'Industrie',
  'Linden',
  'Rosen',
  'Garten',
  'Post',
  'Mühle',
  'Sonnenberg',
  'Feld',
  'Wiesen',
  'Turnhallen',
  'Zelg',
  'Allmend',
  'Bünten',
  'Rebberg',
  'See',
] as const;

const STREET_KINDS = ['strasse', 'weg', 'gasse', 'rain'] as const;

export type PersonGender = 'MALE' | 'FEMALE';

export interface PersonName {
  firstName: string;
  lastName: string;
}

export function personName(random: Random, gender: PersonGender): PersonName {
  return {
    firstName: random.pick(gender === 'MALE' ? MALE_FIRST_NAMES : FEMALE_FIRST_NAMES),
    lastName: random.pick(LAST_NAMES),
  };
}

export function fullName(random: Random, gender: PersonGender): string {
  const name = personName(random, gender);
  return `${name.firstName} ${name.lastName}`;
}

/** Hands out distinct invented town names. */
export class TownNames {
  private readonly used = new Set<string>(AVOIDED_TOWNS);

  constructor(private readonly random: Random) {}

  next(): string {
    for (let attempt = 0; attempt < 10_000; attempt++) {
      const town = this.compose();
      if (!this.used.has(town)) {
        this.used.add(town);
        return town;
      }
    }
    throw new Error('ran out of town names');
  }

  private compose(): string {
    const stem = this.random.pick(TOWN_STEMS);
    const ending = this.random.pick(TOWN_ENDINGS);
    // "Grün" + "au" reads naturally, "Wehr" + "ikon" needs no joint; a doubled letter is dropped.
    return stem.endsWith(ending[0]) && ending.length > 2 ? stem + ending.slice(1) : stem + ending;
  }
}

export function clubName(random: Random, town: string): string {
  return random.pick(CLUB_PATTERNS)(town);
}

export function streetAddress(random: Random): string {
  return `${random.pick(STREET_STEMS)}${random.pick(STREET_KINDS)} ${random.int(1, 120)}`;
}

/** `Seetal-Wehrbach` → `seetal-wehrbach`, for web addresses. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
