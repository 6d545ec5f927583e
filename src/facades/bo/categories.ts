// The back office's event categories (`category_id`) and the canonical writes they stand for, in
// one table that serves both ways: a POSTed event becomes its mutation, and a recorded event is
// shown with its category. The categories are the event-kind catalogue's (src/domain/event-kinds.ts);
// the words are the federation's, the meaning is the schema's.
import {
  type BoCategory,
  EVENT_KIND_NAMES,
  EVENT_KINDS,
  type EventKindSpec,
  type KindOfShape,
  PENALTY_SHOT_GOAL_CODES,
  type RecordedShape,
} from '../../domain/event-kinds.js';
import type { PenaltyKind, PenaltyRole, TeamSide } from '../generated/graphql.js';

/** A category as a POST writes it: the write is its kind's shape, `type` the kind it records. */
export type CategoryWrite = { [S in RecordedShape]: BoCategory<S> & { write: S; type: KindOfShape<S> } }[RecordedShape];

function categoryWrites(): Map<number, CategoryWrite> {
  const categories = new Map<number, CategoryWrite>();
  for (const type of EVENT_KIND_NAMES) {
    const kind: EventKindSpec = EVENT_KINDS[type];
    for (const category of kind.bo as readonly BoCategory[]) {
      const taken = categories.get(category.id);
      if (taken) throw new Error(`category_id ${category.id} is both ${taken.type}'s and ${type}'s (src/domain/event-kinds.ts)`);
      // The catalogue pairs each kind's shape with its categories' fields; TypeScript cannot follow that pairing through the loop.
      categories.set(category.id, { ...category, write: kind.shape, type } as CategoryWrite);
    }
  }
  return categories;
}

/** Every category of the federation's /bo/games documentation, by id. */
export const CATEGORIES: ReadonlyMap<number, CategoryWrite> = categoryWrites();

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
  if (event.type !== category.type) return false;
  switch (category.write) {
    case 'goal':
      if (event.penaltyShot !== category.penaltyShot) return false;
      return !category.penaltyShot || penaltyShotCategory(event.code) === category.code;
    case 'penalty': {
      const role = event.penaltyRole ?? 'OFFENDER';
      if (role !== category.role) return false;
      // A deputy's category names the side; any kind served by a deputy is shown as it.
      return role === 'DEPUTY' ? event.side === category.side : event.penaltyKind === category.penaltyKind;
    }
    case 'timeout':
      return event.side === category.side;
    case 'inspection':
      return event.inspectionDone === category.done;
    case 'ownGoal':
    case 'penaltyEnd':
    case 'teamEvent':
    case 'playerEvent':
    case 'misc':
      return true;
  }
}

/** The category a recorded event is shown with; null for the markers of status changes (start, period ends, final whistle). */
export function categoryOf(event: RecordedKind): { id: number; category: CategoryWrite } | null {
  for (const [id, category] of CATEGORIES) {
    if (matches(category, event)) return { id, category };
  }
  return null;
}
