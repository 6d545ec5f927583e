// Invented players: names, birth years that fit their class, body measures for most of them
// (some are left unknown on purpose, as in real registers) and a hidden scoring talent.
import type { PlayerRow } from '../import/format.js';
import type { PlayerPosition } from '../../generated/prisma/enums.js';
import type { DemoDocument } from './document.js';
import { personName, type PersonGender } from './names.js';
import type { Random } from './random.js';
import type { GameClassDefinition } from './structure.js';

export interface DemoPlayer {
  row: PlayerRow;
  gender: PersonGender;
  /** Relative chance to score or assist, compared with teammates. */
  talent: number;
}

const POSITION_SCORING: Readonly<Record<PlayerPosition, number>> = { GOALKEEPER: 0, DEFENDER: 0.35, CENTER: 0.9, FORWARD: 1 };

export function scoringWeight(player: DemoPlayer, position: PlayerPosition): number {
  return player.talent * POSITION_SCORING[position];
}

function bodyMeasures(random: Random, gender: PersonGender, age: number): { heightCm: number | null; weightKg: number | null } {
  if (random.chance(0.15)) return { heightCm: null, weightKg: null };
  const youthShrink = age < 18 ? (18 - age) * 2 : 0;
  const heightCm = Math.round(gender === 'MALE' ? random.normal(181, 6.5) : random.normal(168, 6)) - youthShrink;
  const weightKg = random.chance(0.05) ? null : Math.round(heightCm - (gender === 'MALE' ? 104 : 108) + random.normal(0, 6));
  return { heightCm, weightKg };
}

/** Adult rosters lean young: the smaller of two draws over the class's age range. */
function drawAge(random: Random, definition: GameClassDefinition): number {
  const [youngest, oldest] = definition.ages;
  const age = random.int(youngest, oldest);
  return definition.row.isYouth ? age : Math.min(age, random.int(youngest, oldest));
}

export function createPlayer(document: DemoDocument, random: Random, definition: GameClassDefinition, seasonId: number, position: PlayerPosition): DemoPlayer {
  const id = document.nextId('player');
  const age = drawAge(random, definition);
  const gender = definition.playerGender;
  const row: PlayerRow = {
    id,
    ...personName(random, gender),
    yearOfBirth: random.chance(0.02) ? null : seasonId - age,
    ...bodyMeasures(random, gender, age),
    position,
    portraitUrl: random.chance(0.8) ? `/media/players/${id}/portrait.svg` : null,
  };
  document.rows.players.push(row);
  return { row, gender, talent: Math.exp(random.normal(0, 0.5)) };
}

/** Age in the season's first year; players without a birth year count as mid-twenties. */
export function ageIn(player: DemoPlayer, seasonId: number): number {
  return player.row.yearOfBirth == null ? 25 : seasonId - player.row.yearOfBirth;
}
