// Clubs with their home venues and 2–6 teams across game classes. Every club gets a hidden
// strength that decides how high its teams play; second teams are markedly weaker.
import type { ClubRow, TeamRow, VenueRow } from '../import/format.js';
import type { DemoDocument } from './document.js';
import { clubName, slug, streetAddress, TownNames } from './names.js';
import type { Random } from './random.js';
import { GAME_CLASSES, JUNIORS_U21, MEN_GF, WOMEN_GF, gameClassDefinition } from './structure.js';

export interface DemoClub {
  row: ClubRow;
  town: string;
  strength: number;
  /** Main hall first. */
  venueIds: number[];
}

export interface DemoTeam {
  row: TeamRow;
  club: DemoClub;
  gameClassId: number;
  /** 1 = first team of the club in its class, 2 = "II", … */
  ordinal: number;
  strength: number;
  venueId: number;
  /** Last season the team plays; teams of clubs that folded stop early. */
  lastSeasonId: number;
}

const MIN_TEAMS_PER_CLUB = 2;
const MAX_TEAMS_PER_CLUB = 6;
/** Enough teams in these classes that even a tiny league has a top league, playoffs and cups. */
const MINIMUM_TEAMS: Readonly<Record<number, number>> = { [MEN_GF]: 8, [WOMEN_GF]: 4, [JUNIORS_U21]: 4 };
const HALL_KINDS = ['Sporthalle', 'Mehrzweckhalle', 'Sportzentrum', 'Dreifachhalle'] as const;
const ROMAN = ['', '', ' II', ' III', ' IV'] as const;

/** Postal codes follow the rough regions of the German-speaking part of the country. */
function zipFor(latitude: number, longitude: number, random: Random): string {
  let first: number;
  if (longitude < 7.6) first = latitude > 47.3 ? 4 : 3;
  else if (longitude < 8.3) first = latitude > 47.3 ? 5 : 6;
  else if (longitude < 9.0) first = latitude > 47.2 ? 8 : 6;
  else first = latitude > 47.1 ? 9 : 7;
  return String(first * 1000 + random.int(0, 99) * 10 + random.pick([0, 0, 2, 3, 5]));
}

function addVenue(document: DemoDocument, random: Random, town: string, latitude: number, longitude: number, name: string): number {
  const id = document.nextId('venue');
  const row: VenueRow = {
    id,
    name,
    street: streetAddress(random),
    zip: zipFor(latitude, longitude, random),
    city: town,
    latitude: Number((latitude + random.float(-0.01, 0.01)).toFixed(6)),
    longitude: Number((longitude + random.float(-0.01, 0.01)).toFixed(6)),
  };
  document.rows.venues.push(row);
  return id;
}

function createClub(document: DemoDocument, random: Random, towns: TownNames, active: boolean): DemoClub {
  const town = towns.next();
  const placeName = random.chance(0.12) ? `${town}-${towns.next()}` : town;
  const name = clubName(random, placeName);
  const latitude = random.float(46.75, 47.65);
  const longitude = random.float(7.1, 9.6);
  const id = document.nextId('club');
  const row: ClubRow = {
    id,
    name,
    shortName: placeName,
    logoUrl: `/media/clubs/${id}/logo.svg`,
    website: `https://www.${slug(name)}.example`,
    street: streetAddress(random),
    zip: zipFor(latitude, longitude, random),
    city: town,
    active,
  };
  document.rows.clubs.push(row);
  const venueIds = [addVenue(document, random, town, latitude, longitude, `${random.pick(HALL_KINDS)} ${town}`)];
  if (random.chance(0.3)) venueIds.push(addVenue(document, random, town, latitude, longitude, `Turnhalle ${town} Dorf`));
  return { row, town: placeName, strength: random.normal(0, 1), venueIds };
}

/** How many teams a club fields per game class, before minimums and maximums are applied. */
function drawTeamCounts(random: Random): Map<number, number> {
  const counts = new Map<number, number>();
  for (const definition of GAME_CLASSES) {
    if (!random.chance(definition.clubShare)) continue;
    let count = 1;
    if (definition.row.id === MEN_GF) count += (random.chance(0.35) ? 1 : 0) + (random.chance(0.08) ? 1 : 0);
    counts.set(definition.row.id, count);
  }
  return counts;
}

function total(counts: Map<number, number>): number {
  return [...counts.values()].reduce((sum, count) => sum + count, 0);
}

function fitTeamCounts(random: Random, counts: Map<number, number>): void {
  while (total(counts) > MAX_TEAMS_PER_CLUB) {
    const [classId, count] = random.pick([...counts.entries()].filter(([id]) => id !== MEN_GF));
    if (count > 1) counts.set(classId, count - 1);
    else counts.delete(classId);
  }
  while (total(counts) < MIN_TEAMS_PER_CLUB) {
    const missing = GAME_CLASSES.map((definition) => definition.row.id).filter((id) => !counts.has(id));
    counts.set(random.pick(missing), 1);
  }
}

/** Tiny leagues still need every feature, so thin classes borrow teams from clubs with room. */
function meetMinimums(clubCounts: Map<number, number>[]): void {
  for (const [classId, minimum] of Object.entries(MINIMUM_TEAMS).map(([id, count]) => [Number(id), count] as const)) {
    let present = clubCounts.reduce((sum, counts) => sum + (counts.get(classId) ?? 0), 0);
    for (const counts of clubCounts) {
      if (present >= minimum) break;
      if (counts.has(classId) || total(counts) >= MAX_TEAMS_PER_CLUB) continue;
      counts.set(classId, 1);
      present += 1;
    }
  }
}

function createTeam(document: DemoDocument, random: Random, club: DemoClub, gameClassId: number, ordinal: number, lastSeasonId: number): DemoTeam {
  const definition = gameClassDefinition(gameClassId);
  const id = document.nextId('team');
  const roman = ROMAN[ordinal] ?? ` ${ordinal}`;
  const row: TeamRow = {
    id,
    clubId: club.row.id,
    gameClassId,
    name: `${club.row.name}${definition.teamSuffix}${roman}`,
    shortName: `${club.town}${definition.teamSuffix}${roman}`,
    logoUrl: `/media/teams/${id}/logo.svg`,
    website: random.chance(0.85) ? (club.row.website ?? null) : null,
    portraitUrl: random.chance(0.8) ? `/media/teams/${id}/portrait.svg` : null,
  };
  document.rows.teams.push(row);
  const strength = club.strength + random.normal(0, 0.35) - 1.3 * (ordinal - 1);
  const mainHall = ordinal === 1 && !definition.row.isSmallField;
  const venueId = mainHall ? club.venueIds[0] : club.venueIds[club.venueIds.length - 1];
  return { row, club, gameClassId, ordinal, strength, venueId, lastSeasonId };
}

export interface ClubsAndTeams {
  clubs: DemoClub[];
  teams: DemoTeam[];
}

/**
 * Creates `activeClubs` clubs playing every season and `foldedClubs` inactive ones whose teams
 * only played in `firstSeasonId`.
 */
export function createClubsAndTeams(
  document: DemoDocument,
  random: Random,
  options: { activeClubs: number; foldedClubs: number; firstSeasonId: number; lastSeasonId: number },
): ClubsAndTeams {
  const towns = new TownNames(random.fork('towns'));
  const clubCount = options.activeClubs + options.foldedClubs;
  const clubs = Array.from({ length: clubCount }, (_, index) => createClub(document, random, towns, index < options.activeClubs));
  const clubCounts = clubs.map(() => {
    const counts = drawTeamCounts(random);
    fitTeamCounts(random, counts);
    return counts;
  });
  meetMinimums(clubCounts.slice(0, options.activeClubs));
  const teams: DemoTeam[] = [];
  clubs.forEach((club, index) => {
    const lastSeasonId = club.row.active ? options.lastSeasonId : options.firstSeasonId;
    for (const definition of GAME_CLASSES) {
      const count = clubCounts[index].get(definition.row.id) ?? 0;
      for (let ordinal = 1; ordinal <= count; ordinal++) {
        teams.push(createTeam(document, random, club, definition.row.id, ordinal, lastSeasonId));
      }
    }
  });
  return { clubs, teams };
}
