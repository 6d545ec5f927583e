// New game rows: who plays whom, when and where, with two referees assigned.
import type { GameRow } from '../import/format.js';
import { zurichInstant, type Day } from './calendar.js';
import type { DemoTeam } from './clubs.js';
import type { DemoDocument } from './document.js';
import { fullName } from './names.js';
import type { Random } from './random.js';

const SATURDAY_TIMES = ['14:00', '15:00', '16:00', '17:00', '17:30', '18:00', '19:00', '19:30', '20:00'] as const;
const SUNDAY_TIMES = ['13:00', '14:00', '15:00', '16:00', '17:00', '18:00'] as const;
const YOUTH_TIMES = ['11:00', '12:00', '13:30', '14:00', '15:00', '16:00'] as const;
const WEEKDAY_TIMES = ['19:30', '20:00'] as const;

export interface GamePlacement {
  groupId?: number;
  roundId?: number;
  cupRoundId?: number;
  bracketPosition?: number;
  hasVideoStream: boolean;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** A local start time fitting the day and the class: weekend afternoons and evenings. */
export function kickOff(random: Random, day: Day, weekday: 'saturday' | 'sunday' | 'weekday', youth: boolean): Date {
  const times = youth && weekday !== 'weekday' ? YOUTH_TIMES : weekday === 'saturday' ? SATURDAY_TIMES : weekday === 'sunday' ? SUNDAY_TIMES : WEEKDAY_TIMES;
  return zurichInstant(day, minutesOf(random.pick(times)));
}

export function createGame(document: DemoDocument, random: Random, home: DemoTeam, away: DemoTeam, startsAt: Date, placement: GamePlacement): GameRow {
  // Most referees are men in this federation's pairs, a few women.
  const referee = () => fullName(random, random.chance(0.85) ? 'MALE' : 'FEMALE');
  const game: GameRow = {
    id: document.nextId('game'),
    groupId: placement.groupId ?? null,
    roundId: placement.roundId ?? null,
    cupRoundId: placement.cupRoundId ?? null,
    bracketPosition: placement.bracketPosition ?? null,
    homeTeamId: home.row.id,
    awayTeamId: away.row.id,
    startsAt: startsAt.toISOString(),
    venueId: home.venueId,
    status: 'SCHEDULED',
    homeScore: null,
    awayScore: null,
    homePeriodScores: [],
    awayPeriodScores: [],
    decidedBy: 'REGULAR',
    spectators: null,
    firstReferee: referee(),
    secondReferee: referee(),
    hasVideoStream: placement.hasVideoStream,
  };
  document.rows.games.push(game);
  return game;
}
