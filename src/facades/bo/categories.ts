// The back office's event categories (`category_id`) and the canonical writes they stand for, in
// one table that serves both ways: a POSTed event becomes its mutation, and a recorded event is
// shown with its category. The words are the federation's; the meaning is the schema's.
import { PENALTY_SHOT_GOAL_CODES } from '../../domain/event-kinds.js';
import type { PenaltyKind, PenaltyRole, PlayerEventKind, TeamEventKind, TeamSide } from '../generated/graphql.js';

export type CategoryWrite =
  /** `code`: a penalty shot's category, which the goal keeps so that it reads back as sent. */
  | { write: 'goal'; subtype: 'Goal' | 'GamePenalty' | 'Player'; penaltyShot: boolean; code?: number }
  | { write: 'ownGoal'; subtype: 'Player' }
  | { write: 'penalty'; subtype: 'Penalty'; kind: PenaltyKind; role: PenaltyRole; side?: TeamSide }
  | { write: 'penaltyEnd'; subtype: 'PenaltyEnd' }
  | { write: 'timeout'; subtype: 'Team'; side: TeamSide }
  | { write: 'teamEvent'; subtype: 'Team'; kind: TeamEventKind }
  | { write: 'playerEvent'; subtype: 'Player'; kind: PlayerEventKind }
  | { write: 'misc'; subtype: 'Misc' }
  | { write: 'inspection'; subtype: 'PlayerInspection'; done: boolean };

const offender = (kind: PenaltyKind): CategoryWrite => ({ write: 'penalty', subtype: 'Penalty', kind, role: 'OFFENDER' });
const assist = (kind: PenaltyKind): CategoryWrite => ({ write: 'penalty', subtype: 'Penalty', kind, role: 'ASSIST' });
const player = (kind: PlayerEventKind): CategoryWrite => ({ write: 'playerEvent', subtype: 'Player', kind });

/**
 * Every category of the federation's /bo/games documentation. A penalty shot that goes in is a
 * goal from a penalty shot whether sent as 164 (GamePenalty) or 29 (Penalty hit, a Player event
 * in the documentation); the goal keeps which one in its code and is shown with it. An own goal
 * (20) is sent for the team of the player who scored it and counts for the other side. A deputy
 * penalty (161 home, 162 away) is a 2' bench penalty served by the player named.
 */
export const CATEGORIES: ReadonlyMap<number, CategoryWrite> = new Map<number, CategoryWrite>([
  [1, { write: 'goal', subtype: 'Goal', penaltyShot: false }],
  [164, { write: 'goal', subtype: 'GamePenalty', penaltyShot: true, code: PENALTY_SHOT_GOAL_CODES.gamePenalty }],
  [29, { write: 'goal', subtype: 'Player', penaltyShot: true, code: PENALTY_SHOT_GOAL_CODES.penaltyHit }],
  [3, offender('MINOR_2')],
  [4, offender('MAJOR_5')],
  [5, offender('MISCONDUCT_10')],
  [49, offender('MINOR_2_2')],
  [6, offender('MATCH_1')],
  [7, offender('MATCH_2')],
  [8, offender('MATCH_3')],
  [167, offender('MATCH')],
  [9, offender('PENALTY_SHOT')],
  [153, assist('MINOR_2')],
  [154, assist('MAJOR_5')],
  [155, assist('MISCONDUCT_10')],
  [156, assist('MATCH_1')],
  [157, assist('MATCH_2')],
  [158, assist('MATCH_3')],
  [161, { write: 'penalty', subtype: 'Penalty', kind: 'MINOR_2', role: 'DEPUTY', side: 'HOME' }],
  [162, { write: 'penalty', subtype: 'Penalty', kind: 'MINOR_2', role: 'DEPUTY', side: 'AWAY' }],
  [151, { write: 'penaltyEnd', subtype: 'PenaltyEnd' }],
  [10, { write: 'timeout', subtype: 'Team', side: 'HOME' }],
  [11, { write: 'timeout', subtype: 'Team', side: 'AWAY' }],
  [15, { write: 'teamEvent', subtype: 'Team', kind: 'GOALIE_OUT' }],
  [16, { write: 'teamEvent', subtype: 'Team', kind: 'GOALIE_BACK' }],
  [12, player('BEST_PLAYER')],
  [13, player('GOALIE_CHANGE')],
  [14, player('INJURY')],
  [17, player('CROSSBAR')],
  [18, player('POST')],
  [19, player('PENALTY_SHOT_MISSED')],
  [20, { write: 'ownGoal', subtype: 'Player' }],
  [39, { write: 'misc', subtype: 'Misc' }],
  [165, { write: 'inspection', subtype: 'PlayerInspection', done: true }],
  [166, { write: 'inspection', subtype: 'PlayerInspection', done: false }],
]);

export const CATEGORY_IDS = [...CATEGORIES.keys()].sort((a, b) => a - b);

/** What a recorded event is, as far as its category shows. */
export interface RecordedKind {
  type: string;
  side: TeamSide | null;
  penaltyKind: PenaltyKind | null;
  penaltyRole: PenaltyRole | null;
  penaltyShot: boolean;
  code: number | null;
  inspectionDone: boolean | null;
}

/** A penalty shot's category: the one its goal was recorded as; a goal recorded without one (imported, or through GraphQL) is a GamePenalty. */
const penaltyShotCategory = (code: number | null) =>
  code === PENALTY_SHOT_GOAL_CODES.penaltyHit ? PENALTY_SHOT_GOAL_CODES.penaltyHit : PENALTY_SHOT_GOAL_CODES.gamePenalty;

function matches(category: CategoryWrite, event: RecordedKind): boolean {
  switch (category.write) {
    case 'goal':
      if (event.type !== 'GOAL' || event.penaltyShot !== category.penaltyShot) return false;
      return !category.penaltyShot || penaltyShotCategory(event.code) === category.code;
    case 'ownGoal':
      return event.type === 'OWN_GOAL';
    case 'penalty': {
      const role = event.penaltyRole ?? 'OFFENDER';
      if (event.type !== 'PENALTY' || role !== category.role) return false;
      // A deputy's category names the side; any kind served by a deputy is shown as it.
      return role === 'DEPUTY' ? event.side === category.side : event.penaltyKind === category.kind;
    }
    case 'penaltyEnd':
      return event.type === 'PENALTY_END';
    case 'timeout':
      return event.type === 'TIMEOUT' && event.side === category.side;
    case 'teamEvent':
    case 'playerEvent':
      return event.type === category.kind;
    case 'misc':
      return event.type === 'MISC';
    case 'inspection':
      return event.type === 'PLAYER_INSPECTION' && event.inspectionDone === category.done;
  }
}

/** The category a recorded event is shown with; null for the markers of status changes (start, period ends, final whistle). */
export function categoryOf(event: RecordedKind): { id: number; category: CategoryWrite } | null {
  for (const [id, category] of CATEGORIES) {
    if (matches(category, event)) return { id, category };
  }
  return null;
}
