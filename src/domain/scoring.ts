/** Who scores: the rule behind top scorers and player statistics alike. */

/** Only GOAL events credit a scorer and an assistant: an own goal counts for nobody. */
export function creditsScorer(event: { type: string }): boolean {
  return event.type === 'GOAL';
}

/** A player's points: goals plus assists. */
export function pointsOf(tally: { goals: number; assists: number }): number {
  return tally.goals + tally.assists;
}
