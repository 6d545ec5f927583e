// National selections: about 25 active players each (the best of the top league, or of the young
// players for the U19 selections), some former national players, and career records per
// selection (adults who came through the U19 selection also have a U19 record).
import type { PlayerPosition } from '../../generated/prisma/enums.js';
import type { NationalPlayerRecordRow, NationalPlayerRow } from '../import/format.js';
import type { DemoDocument } from './document.js';
import type { DemoGroup } from './groups.js';
import { ageIn } from './players.js';
import type { Random } from './random.js';
import type { RosterBook, RosterSlot } from './rosters.js';
import { JUNIORS_U21, JUNIORS_U21_WOMEN, MEN_GF, NATIONAL_SELECTIONS, TOP_LEAGUE, WOMEN_GF } from './structure.js';

const ACTIVE_GOALKEEPERS = 3;
const ACTIVE_SKATERS = 22;
const NEWCOMERS = 2;
const FORMER_PLAYERS = 8;
const U19_AGE_LIMIT = 19;

interface SelectionPools {
  active: (slot: RosterSlot, gameClassId: number, leagueId: number, age: number) => boolean;
  former: (slot: RosterSlot, gameClassId: number, leagueId: number, age: number) => boolean;
  /** The U19 selection adults of this selection may have come through. */
  youthSelectionId?: number;
}

const POOLS: Readonly<Record<number, SelectionPools>> = {
  1: {
    active: (_, gameClassId, leagueId) => gameClassId === MEN_GF && leagueId === TOP_LEAGUE,
    former: (_, gameClassId, leagueId, age) => gameClassId === MEN_GF && leagueId <= 3 && age >= 29,
    youthSelectionId: 3,
  },
  2: {
    active: (_, gameClassId, leagueId) => gameClassId === WOMEN_GF && leagueId === TOP_LEAGUE,
    former: (_, gameClassId, leagueId, age) => gameClassId === WOMEN_GF && leagueId <= 3 && age >= 28,
    youthSelectionId: 4,
  },
  3: {
    active: (_, gameClassId, _leagueId, age) => (gameClassId === JUNIORS_U21 || gameClassId === MEN_GF) && age <= U19_AGE_LIMIT,
    former: (_, gameClassId, _leagueId, age) => gameClassId === MEN_GF && age >= 20 && age <= 23,
  },
  4: {
    active: (_, gameClassId, _leagueId, age) => (gameClassId === JUNIORS_U21_WOMEN || gameClassId === WOMEN_GF) && age <= U19_AGE_LIMIT,
    former: (_, gameClassId, _leagueId, age) => gameClassId === WOMEN_GF && age >= 20 && age <= 23,
  },
};

const GOALS_PER_GAME: Readonly<Record<PlayerPosition, number>> = { GOALKEEPER: 0, DEFENDER: 0.15, CENTER: 0.4, FORWARD: 0.5 };

function careerRecord(random: Random, nationalPlayerId: number, selectionId: number, slot: RosterSlot, games: number): NationalPlayerRecordRow {
  const rate = GOALS_PER_GAME[slot.position] * Math.min(2, slot.player.talent);
  const goals = Math.round(games * rate * random.float(0.6, 1.4));
  return {
    nationalPlayerId,
    selectionId,
    games,
    goals,
    assists: slot.position === 'GOALKEEPER' ? random.int(0, Math.floor(games / 20)) : Math.round(games * (rate * 0.8 + 0.12) * random.float(0.6, 1.4)),
    penalties2: Math.round(games * (slot.position === 'GOALKEEPER' ? 0.02 : 0.15) * random.float(0.3, 1.5)),
    penalties5: games > 20 && random.chance(0.15) ? 1 : 0,
    penalties10: random.chance(Math.min(0.5, games / 150)) ? 1 : 0,
    matchPenalties: random.chance(0.02) ? 1 : 0,
  };
}

function strongestFirst(random: Random, slots: readonly RosterSlot[]): RosterSlot[] {
  return slots
    .map((slot) => ({ slot, rating: slot.player.talent * Math.exp(random.normal(0, 0.3)) }))
    .sort((a, b) => b.rating - a.rating)
    .map(({ slot }) => slot);
}

export function createNationalTeams(document: DemoDocument, random: Random, rosters: RosterBook, seasonId: number, groups: readonly DemoGroup[]): void {
  const listed = new Set<number>();
  const candidates = groups
    .filter((group) => group.row.phase === 'QUALIFICATION')
    .flatMap((group) => group.teams.flatMap((team) => (rosters.get(team.row.id, seasonId)?.members ?? []).map((slot) => ({ slot, group }))));

  for (const selection of NATIONAL_SELECTIONS) {
    const pools = POOLS[selection.id];
    const eligible = (test: SelectionPools['active']) => {
      const seen = new Set<number>();
      return candidates
        .filter(({ slot, group }) => !listed.has(slot.player.row.id) && test(slot, group.gameClassId, group.leagueId, ageIn(slot.player, seasonId)))
        .map(({ slot }) => slot)
        .filter((slot) => !seen.has(slot.player.row.id) && seen.add(slot.player.row.id) !== undefined);
    };
    const activePool = strongestFirst(random, eligible(pools.active));
    const active = [
      ...activePool.filter((slot) => slot.position === 'GOALKEEPER').slice(0, ACTIVE_GOALKEEPERS),
      ...activePool.filter((slot) => slot.position !== 'GOALKEEPER').slice(0, ACTIVE_SKATERS),
    ];
    for (const slot of active) listed.add(slot.player.row.id);
    const former = random.sample(eligible(pools.former), FORMER_PLAYERS);
    for (const slot of former) listed.add(slot.player.row.id);

    const numbers = new Set<number>();
    const newcomers = new Set(random.sample(active, NEWCOMERS));
    for (const slot of [...active, ...former]) {
      const isActive = active.includes(slot);
      let number: number | null = null;
      if (isActive) {
        number = slot.number;
        while (numbers.has(number)) number = (number % 98) + 2;
        numbers.add(number);
      }
      const row: NationalPlayerRow = {
        id: document.nextId('nationalPlayer'),
        playerId: slot.player.row.id,
        selectionId: selection.id,
        active: isActive,
        number,
        position: slot.position,
      };
      document.rows.nationalPlayers.push(row);
      if (!newcomers.has(slot)) {
        const games = isActive ? random.int(1, 80) : random.int(10, 150);
        document.rows.nationalPlayerRecords.push(careerRecord(random, row.id, selection.id, slot, games));
      }
      if (pools.youthSelectionId !== undefined && ageIn(slot.player, seasonId) <= 26 && random.chance(0.5)) {
        document.rows.nationalPlayerRecords.push(careerRecord(random, row.id, pools.youthSelectionId, slot, random.int(5, 35)));
      }
    }
  }
}
