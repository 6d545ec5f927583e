// People and the players among them, as the back office looks them up: by licence-number prefix
// (/bo/players), by id or by date of last change (/bo/people). A person's id is their player id,
// and so is their licence number: the service keeps one number per player (docs/decisions.md).
import { InvalidInputError } from './errors.js';
import { type LocalDay, localDaysRange } from './league-time.js';

/** Licence numbers are positive 32-bit integers, at most ten digits. */
const MAX_LICENSE_NUMBER = 2_147_483_647;
/** A lookup answers at most this many players; a prefix that matches more is refused, naming the bound. */
export const MAX_PLAYERS_PER_LOOKUP = 100;
/** `ids` names at most this many people. */
export const MAX_PEOPLE_IDS = 100;
/** A `changed_since` window answers at most this many people; a wider one is refused, naming the bound. */
export const MAX_PEOPLE_PER_ANSWER = 200;

/** An inclusive range of licence numbers. */
export interface NumberRange {
  from: number;
  to: number;
}

/**
 * The licence numbers that begin with `prefix`, as ranges, one per length: `45472` is 45472 itself,
 * 454720–454729, 4547200–4547299, … up to the largest licence number. A prefix of one or more digits,
 * at most ten; one beginning with 0 begins no licence number (no ranges).
 */
export function licenseNumberRanges(prefix: string): NumberRange[] {
  const digits = prefix.trim();
  if (!/^\d{1,10}$/.test(digits)) throw new InvalidInputError(`A licence number prefix is 1–10 digits, got "${prefix}"`);
  if (digits.startsWith('0')) return [];
  const ranges: NumberRange[] = [];
  for (let scale = 1; Number(digits) * scale <= MAX_LICENSE_NUMBER; scale *= 10) {
    const from = Number(digits) * scale;
    ranges.push({ from, to: Math.min(from + scale - 1, MAX_LICENSE_NUMBER) });
  }
  return ranges;
}

/** Which people a request asks for: by id, or changed within a window of local days. */
export type PeopleSelection = { kind: 'ids'; ids: number[] } | { kind: 'changed'; from: Date; to?: Date };

/**
 * The people a request selects: `ids` (1–100 ids), or `changedSince` (required without ids: people
 * changed since the beginning of that day in the league's time zone) with an optional
 * `changedUntil` (no later than the end of that day).
 */
export function peopleSelection(request: { ids?: readonly number[] | null; changedSince?: LocalDay | null; changedUntil?: LocalDay | null }): PeopleSelection {
  const ids = [...new Set(request.ids ?? [])];
  if (request.ids != null) {
    if (ids.length === 0) throw new InvalidInputError('ids names no person: send one or more ids, or changed_since');
    if (ids.length > MAX_PEOPLE_IDS) throw new InvalidInputError(`ids names at most ${MAX_PEOPLE_IDS} people, got ${ids.length}`);
    const notIds = ids.filter((id) => !Number.isSafeInteger(id) || id <= 0);
    if (notIds.length > 0) throw new InvalidInputError(`People are named by their ids, positive integers; got ${notIds.join(', ')}`);
    return { kind: 'ids', ids: ids.sort((a, b) => a - b) };
  }
  if (request.changedSince == null) throw new InvalidInputError('changed_since is required when no ids are given');
  const { from, to } = localDaysRange(request.changedSince, request.changedUntil, { from: 'changed_since', to: 'changed_until' });
  return { kind: 'changed', from: from as Date, ...(to ? { to } : {}) };
}

/** The back office's role statuses (`bo_role_status`), as its documentation lists them. */
export const ROLE_STATUSES = [
  'active',
  'inactive',
  'demissioned',
  'dispensed',
  'deleted',
  'suspended',
  'announced_demission',
  'announced_dispensation',
] as const;
export type RoleStatus = (typeof ROLE_STATUSES)[number];

/**
 * A player's role status: `active` while they hold a licence for the current season, `inactive`
 * otherwise. The service is told of no demissions, dispensations or suspensions, so it answers no
 * other status.
 */
export function playerRoleStatus(licensedThisSeason: boolean): RoleStatus {
  return licensedThisSeason ? 'active' : 'inactive';
}
