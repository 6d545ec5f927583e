/**
 * Lineup rules (the spec leaves them open; these are the federation's rules as this service
 * implements them — docs/decisions.md "Lineups"):
 *
 * Eligibility of a licensed player for a game of team T (club K, game class C, season S):
 *  1. the player holds a license of club K for season S and game class C that is not locked;
 *  2. and one of: a member of T in S (`regular`); a member of another team of K in the same game
 *     class that plays in a lower league (higher level number) than T — playing up (`other`); or the
 *     license is a multi-team license (`multi`);
 *  3. and the player is not suspended: a match penalty suspends for the team's next game.
 * Validity of a chosen lineup: every license is eligible, no license twice, and the sizes of
 * LINEUP_LIMITS: players, goalkeepers, and players with non-regular licensing (over that:
 * quota_exceeded).
 */

export type LicensingKind = 'regular' | 'other' | 'multi';

/**
 * The one place of the lineup's sizes; every interface (v3 `lineup`, `writeGameSheet`, `/bo`
 * lineups) judges with them. `maxPlayers` is the game rules' 20 players on a team's sheet, not the
 * 22 of the federation's API documentation: docs/decisions.md "Lineups".
 */
export const LINEUP_LIMITS = { minPlayers: 6, maxPlayers: 20, minGoalkeepers: 1, maxGoalkeepers: 3, maxNonRegular: 4 } as const;

/** The rules `judgeLineup` applies, in words, for the interfaces' documentation. */
export const LINEUP_RULES_TEXT =
  `every license eligible, none twice, ${LINEUP_LIMITS.minPlayers}–${LINEUP_LIMITS.maxPlayers} players, ` +
  `${LINEUP_LIMITS.minGoalkeepers}–${LINEUP_LIMITS.maxGoalkeepers} goalkeepers, at most ${LINEUP_LIMITS.maxNonRegular} players playing up or on a multi-team license`;

export interface CandidateFacts {
  licenseId: number;
  playerId: number;
  locked: boolean;
  /** The license is a multi-team license. */
  multiLicense: boolean;
  memberOfTeam: boolean;
  /** Member of another team of the club in the same game class and a lower league. */
  memberOfLowerTeam: boolean;
  suspended: boolean;
  isGoalkeeper: boolean;
}

export type Eligibility = { eligible: true; licensing: LicensingKind } | { eligible: false; reason: string };

export function eligibility(facts: CandidateFacts): Eligibility {
  if (facts.locked) return { eligible: false, reason: 'license is locked' };
  if (facts.suspended) return { eligible: false, reason: 'player is suspended after a match penalty' };
  if (facts.memberOfTeam) return { eligible: true, licensing: 'regular' };
  if (facts.memberOfLowerTeam) return { eligible: true, licensing: 'other' };
  if (facts.multiLicense) return { eligible: true, licensing: 'multi' };
  return { eligible: false, reason: 'player is not a member of this team or of a lower team of the club' };
}

export interface LineupMessage {
  rule: 'unknown_license' | 'not_eligible' | 'duplicate' | 'too_many_players' | 'too_few_players' | 'too_many_goalkeepers' | 'too_few_goalkeepers' | 'quota';
  licenseId: number | null;
  message: string;
}

export interface LineupVerdict {
  valid: boolean;
  quotaExceeded: boolean;
  messages: LineupMessage[];
  /** The eligible licenses of the lineup, in request order, each once. */
  licenseIds: number[];
}

/** Judges a chosen lineup against the team's candidate facts (keyed by license id). */
export function judgeLineup(requested: readonly number[], facts: ReadonlyMap<number, CandidateFacts>): LineupVerdict {
  const messages: LineupMessage[] = [];
  const seen = new Set<number>();
  const accepted: CandidateFacts[] = [];
  let nonRegular = 0;
  for (const licenseId of requested) {
    if (seen.has(licenseId)) {
      messages.push({ rule: 'duplicate', licenseId, message: `license ${licenseId} is listed more than once` });
      continue;
    }
    seen.add(licenseId);
    const candidate = facts.get(licenseId);
    if (!candidate) {
      messages.push({ rule: 'unknown_license', licenseId, message: `license ${licenseId} is not a license of this club for this game` });
      continue;
    }
    const verdict = eligibility(candidate);
    if (!verdict.eligible) {
      messages.push({ rule: 'not_eligible', licenseId, message: `license ${licenseId}: ${verdict.reason}` });
      continue;
    }
    if (verdict.licensing !== 'regular') nonRegular += 1;
    accepted.push(candidate);
  }
  const players = seen.size;
  const goalkeepers = accepted.filter((c) => c.isGoalkeeper).length;
  const limits = LINEUP_LIMITS;
  if (players > limits.maxPlayers)
    messages.push({ rule: 'too_many_players', licenseId: null, message: `at most ${limits.maxPlayers} players, got ${players}` });
  if (players < limits.minPlayers)
    messages.push({ rule: 'too_few_players', licenseId: null, message: `at least ${limits.minPlayers} players, got ${players}` });
  if (goalkeepers > limits.maxGoalkeepers)
    messages.push({ rule: 'too_many_goalkeepers', licenseId: null, message: `at most ${limits.maxGoalkeepers} goalkeepers, got ${goalkeepers}` });
  if (goalkeepers < limits.minGoalkeepers)
    messages.push({ rule: 'too_few_goalkeepers', licenseId: null, message: `at least ${limits.minGoalkeepers} goalkeeper, got ${goalkeepers}` });
  const quotaExceeded = nonRegular > limits.maxNonRegular;
  if (quotaExceeded)
    messages.push({ rule: 'quota', licenseId: null, message: `at most ${limits.maxNonRegular} players with other or multi licensing, got ${nonRegular}` });
  return { valid: messages.length === 0, quotaExceeded, messages, licenseIds: accepted.map((c) => c.licenseId) };
}
