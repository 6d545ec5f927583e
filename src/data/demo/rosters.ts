// Team rosters per season with licenses. Most players stay from one season to the next; youth
// players who grow out of U21 move up to their club's first team. A few players also play for a
// second team of their club: lower-team players helping out upstairs (licensing OTHER) and U21
// players with a multi-team license for the first team (MULTI). Some current licenses are locked.
import type { PlayerPosition } from '../../generated/prisma/enums.js';
import type { LicenseRow } from '../import/format.js';
import type { DemoTeam } from './clubs.js';
import type { DemoDocument } from './document.js';
import { ageIn, createPlayer, type DemoPlayer } from './players.js';
import type { Random } from './random.js';
import { JUNIORS_U21, JUNIORS_U21_WOMEN, MEN_GF, WOMEN_GF, gameClassDefinition } from './structure.js';

export interface RosterSlot {
  player: DemoPlayer;
  number: number;
  position: PlayerPosition;
  captain: boolean;
  license: LicenseRow;
}

export interface Roster {
  team: DemoTeam;
  seasonId: number;
  members: RosterSlot[];
  /** Players of other teams of the club who may join this team's lineups. */
  guests: RosterSlot[];
  /** Members who may not be lined up (locked license). */
  unavailable: Set<number>;
}

const GOALKEEPER_NUMBERS = [1, 30, 33, 35, 39, 40, 60, 61, 69, 99] as const;
const ROSTER_SIZE = { min: 16, max: 22 } as const;
const STAY_PROBABILITY = 0.8;
/** U21 players who move up to the adult class of the same gender. */
const GRADUATION: Readonly<Record<number, number>> = { [JUNIORS_U21]: MEN_GF, [JUNIORS_U21_WOMEN]: WOMEN_GF };

export class RosterBook {
  private readonly rosters = new Map<string, Roster>();
  /** Players who outgrew U21, waiting to join their club's first adult team next season. */
  private readonly graduates = new Map<string, DemoPlayer[]>();

  get(teamId: number, seasonId: number): Roster | undefined {
    return this.rosters.get(`${teamId}/${seasonId}`);
  }

  set(roster: Roster): void {
    this.rosters.set(`${roster.team.row.id}/${roster.seasonId}`, roster);
  }

  graduatesOf(clubId: number, gameClassId: number): DemoPlayer[] {
    const key = `${clubId}/${gameClassId}`;
    const list = this.graduates.get(key) ?? [];
    this.graduates.set(key, list);
    return list;
  }
}

function skaterPosition(random: Random): PlayerPosition {
  const draw = random.next();
  return draw < 0.35 ? 'DEFENDER' : draw < 0.55 ? 'CENTER' : 'FORWARD';
}

function freeNumber(random: Random, used: Set<number>, position: PlayerPosition): number {
  const preferred = position === 'GOALKEEPER' ? GOALKEEPER_NUMBERS.filter((number) => !used.has(number)) : [];
  let number = preferred.length > 0 ? random.pick(preferred) : random.int(2, 98);
  while (used.has(number)) number = (number % 98) + 2;
  used.add(number);
  return number;
}

function addLicense(document: DemoDocument, player: DemoPlayer, team: DemoTeam, seasonId: number, licensing: LicenseRow['licensing']): LicenseRow {
  const gameClassId = team.gameClassId;
  const license: LicenseRow = {
    id: document.nextId('license'),
    playerId: player.row.id,
    seasonId,
    clubId: team.club.row.id,
    teamId: team.row.id,
    gameClassId,
    licenseType: gameClassDefinition(gameClassId).licenseType,
    licensing,
    locked: false,
  };
  document.rows.licenses.push(license);
  return license;
}

interface Candidate {
  player: DemoPlayer;
  position: PlayerPosition;
  number?: number;
  wasCaptain?: boolean;
}

/** Who stays from last season; U21 players past the age limit become graduates of their club. */
function returningPlayers(random: Random, book: RosterBook, team: DemoTeam, seasonId: number): Candidate[] {
  const previous = book.get(team.row.id, seasonId - 1);
  if (!previous) return [];
  const [, oldest] = gameClassDefinition(team.gameClassId).ages;
  const graduateClass = GRADUATION[team.gameClassId];
  const staying: Candidate[] = [];
  for (const slot of previous.members) {
    if (ageIn(slot.player, seasonId) > oldest) {
      if (graduateClass !== undefined && slot.position !== 'GOALKEEPER') book.graduatesOf(team.club.row.id, graduateClass).push(slot.player);
      continue;
    }
    if (random.chance(STAY_PROBABILITY)) {
      staying.push({ player: slot.player, position: slot.position, number: slot.number, wasCaptain: slot.captain });
    }
  }
  return staying;
}

/** Last season's captain keeps the armband; otherwise the oldest skater gets it. */
function chooseCaptain(candidates: readonly Candidate[], seasonId: number): Candidate {
  const skaters = candidates.filter((candidate) => candidate.position !== 'GOALKEEPER');
  const previous = skaters.find((candidate) => candidate.wasCaptain);
  if (previous) return previous;
  return skaters.reduce(
    (oldest, candidate) => (ageIn(candidate.player, seasonId) > ageIn(oldest.player, seasonId) ? candidate : oldest),
    skaters[0] ?? candidates[0],
  );
}

function buildRoster(document: DemoDocument, random: Random, book: RosterBook, team: DemoTeam, seasonId: number): Roster {
  const definition = gameClassDefinition(team.gameClassId);
  const candidates = returningPlayers(random, book, team, seasonId);
  const size = random.int(ROSTER_SIZE.min, ROSTER_SIZE.max);
  const goalkeepers = random.chance(0.3) ? 3 : 2;
  while (candidates.filter((candidate) => candidate.position === 'GOALKEEPER').length < goalkeepers) {
    candidates.push({ player: createPlayer(document, random, definition, seasonId, 'GOALKEEPER'), position: 'GOALKEEPER' });
  }
  // Nearly everybody stayed and goalkeepers were added: some skaters leave after all.
  while (candidates.length > ROSTER_SIZE.max) {
    const leaving = random.pick(candidates.filter((candidate) => candidate.position !== 'GOALKEEPER' && !candidate.wasCaptain));
    candidates.splice(candidates.indexOf(leaving), 1);
  }
  const graduates = team.ordinal === 1 ? book.graduatesOf(team.club.row.id, team.gameClassId) : [];
  while (candidates.length < size) {
    const graduate = graduates.shift();
    const position = graduate?.row.position && graduate.row.position !== 'GOALKEEPER' ? graduate.row.position : skaterPosition(random);
    candidates.push({ player: graduate ?? createPlayer(document, random, definition, seasonId, position), position });
  }
  const used = new Set(candidates.flatMap((candidate) => (candidate.number === undefined ? [] : [candidate.number])));
  const captain = chooseCaptain(candidates, seasonId);
  const members = candidates.map((candidate): RosterSlot => {
    const member: RosterSlot = {
      player: candidate.player,
      number: candidate.number ?? freeNumber(random, used, candidate.position),
      position: candidate.position,
      captain: candidate === captain,
      license: addLicense(document, candidate.player, team, seasonId, 'REGULAR'),
    };
    document.rows.teamMembers.push({
      teamId: team.row.id,
      seasonId,
      playerId: member.player.row.id,
      number: member.number,
      position: member.position,
      captain: member.captain,
    });
    return member;
  });
  return { team, seasonId, members, guests: [], unavailable: new Set() };
}

function addGuest(random: Random, host: Roster, slot: RosterSlot, license: LicenseRow): void {
  const used = new Set([...host.members, ...host.guests].map((member) => member.number));
  const number = used.has(slot.number) ? freeNumber(random, used, slot.position) : slot.number;
  host.guests.push({ ...slot, number, captain: false, license });
}

/** Lower-team players who also play for their club's first team in the same class. */
function addPlayingUp(random: Random, rosters: readonly Roster[]): void {
  for (const lower of rosters.filter((roster) => roster.team.ordinal === 2)) {
    const upper = rosters.find(
      (roster) => roster.team.club === lower.team.club && roster.team.gameClassId === lower.team.gameClassId && roster.team.ordinal === 1,
    );
    if (!upper) continue;
    for (const slot of random.sample(
      lower.members.filter((member) => member.position !== 'GOALKEEPER'),
      2,
    )) {
      slot.license.licensing = 'OTHER';
      addGuest(random, upper, slot, slot.license);
    }
  }
}

/** U21 players with a second, multi-team license for their club's first adult team. */
function addMultiLicenses(document: DemoDocument, random: Random, rosters: readonly Roster[]): void {
  for (const youth of rosters.filter((roster) => GRADUATION[roster.team.gameClassId] !== undefined)) {
    const adultClass = GRADUATION[youth.team.gameClassId];
    const adult = rosters.find((roster) => roster.team.club === youth.team.club && roster.team.gameClassId === adultClass && roster.team.ordinal === 1);
    if (!adult) continue;
    for (const slot of random.sample(
      youth.members.filter((member) => member.position !== 'GOALKEEPER'),
      random.int(1, 2),
    )) {
      addGuest(random, adult, slot, addLicense(document, slot.player, adult.team, youth.seasonId, 'MULTI'));
    }
  }
}

/** A few members of the current season have their license locked and sit out. */
function lockSomeLicenses(random: Random, rosters: readonly Roster[]): void {
  for (const roster of rosters) {
    if (!random.chance(0.08)) continue;
    const slot = random.pick(roster.members.filter((member) => member.position !== 'GOALKEEPER'));
    slot.license.locked = true;
    roster.unavailable.add(slot.player.row.id);
  }
}

export function buildSeasonRosters(
  document: DemoDocument,
  random: Random,
  book: RosterBook,
  teams: readonly DemoTeam[],
  seasonId: number,
  isCurrent: boolean,
): void {
  // Youth teams go first so that this season's graduates are known before next season's adults.
  const ordered = [...teams].sort((a, b) => Number(gameClassDefinition(b.gameClassId).row.isYouth) - Number(gameClassDefinition(a.gameClassId).row.isYouth));
  const rosters = ordered.map((team) => buildRoster(document, random, book, team, seasonId));
  addPlayingUp(random, rosters);
  addMultiLicenses(document, random, rosters);
  if (isCurrent) lockSomeLicenses(random, rosters);
  for (const roster of rosters) book.set(roster);
}
