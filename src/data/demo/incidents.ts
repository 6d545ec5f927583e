// The odd game that did not go to plan in the current season: a few cancelled (postponed without
// a new date yet) and one or two forfeits, taken from lower leagues where possible and never from
// today's match day. Their lineups and events are dropped, since nobody played.
import type { DemoDocument } from './document.js';
import { forfeitGame, type Fixture } from './play.js';
import type { Random } from './random.js';

const PAST_CANCELLATIONS = 2;
const FUTURE_CANCELLATIONS = 1;
const FORFEITS = 2;

function preferLowerLeagues(random: Random, fixtures: readonly Fixture[], count: number): Fixture[] {
  const lower = fixtures.filter((fixture) => !fixture.competition.isTopLeague);
  const chosen = random.sample(lower, count);
  return chosen.length >= count
    ? chosen
    : [
        ...chosen,
        ...random.sample(
          fixtures.filter((fixture) => fixture.competition.isTopLeague),
          count - chosen.length,
        ),
      ];
}

export function addIncidents(document: DemoDocument, random: Random, fixtures: readonly Fixture[], today: { start: Date; end: Date }): void {
  const notToday = (fixture: Fixture) => {
    const startsAt = new Date(fixture.game.startsAt).getTime();
    return startsAt < today.start.getTime() || startsAt >= today.end.getTime();
  };
  const past = fixtures.filter((fixture) => fixture.game.status === 'FINISHED' && notToday(fixture));
  const future = fixtures.filter((fixture) => fixture.game.status === 'SCHEDULED' && notToday(fixture));
  const forfeits = preferLowerLeagues(random, past, FORFEITS);
  const cancelledPast = preferLowerLeagues(
    random,
    past.filter((fixture) => !forfeits.includes(fixture)),
    PAST_CANCELLATIONS,
  );
  const cancelledFuture = preferLowerLeagues(random, future, FUTURE_CANCELLATIONS);

  for (const { game } of forfeits) forfeitGame(game, random.chance(0.5) ? 'HOME' : 'AWAY');
  for (const { game } of [...cancelledPast, ...cancelledFuture]) {
    Object.assign(game, {
      status: 'CANCELLED',
      homeScore: null,
      awayScore: null,
      homePeriodScores: [],
      awayPeriodScores: [],
      decidedBy: 'REGULAR',
      spectators: null,
    });
  }
  const unplayed = new Set([...forfeits, ...cancelledPast].map(({ game }) => game.id));
  document.rows.gameEvents = document.rows.gameEvents.filter((event) => !unplayed.has(event.gameId));
  document.rows.lineups = document.rows.lineups.filter((entry) => !unplayed.has(entry.gameId));
}
