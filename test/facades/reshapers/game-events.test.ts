import { describe, expect, it } from 'vitest';
import { reshapeGameEvents, type GameEventsData } from '../../../src/facades/rest/game-events.js';
import { away, gameEvent, home, keller, muster } from '../../support/game-fixtures.js';
import { renderContextFor } from '../../support/render.js';

const data: GameEventsData = {
  game: {
    homeTeam: home,
    awayTeam: away,
    events: [
      gameEvent(1, 0, 'GAME_START'),
      gameEvent(2, 0, 'PERIOD_START', { period: 1 }),
      gameEvent(3, 754, 'GOAL', { side: 'HOME', homeScore: 1, awayScore: 0, team: home, player: muster, assist: keller }),
      gameEvent(4, 1200, 'PENALTY', { side: 'AWAY', penaltyKind: 'MINOR_2', penaltyReason: 'Stockschlag', team: away, player: keller }),
      gameEvent(5, 1200, 'TIMEOUT', { side: 'AWAY', team: away }),
      gameEvent(6, 2400, 'PENALTY', { side: 'HOME', penaltyKind: 'MATCH', team: home, player: muster }),
      gameEvent(7, 3600, 'PERIOD_START', { period: 4 }),
      gameEvent(8, 3700, 'BEST_PLAYER', { side: 'HOME', team: home, player: muster }),
      gameEvent(9, 3701, 'GAME_END'),
    ],
  },
};
const rowsOf = (table: ReturnType<typeof reshapeGameEvents>) => table.data.regions[0].rows.map((r) => r.cells.map((c) => c.text?.join(' ')));

describe('reshapeGameEvents', () => {
  it('lists the newest event first (later-recorded first at the same clock), with texts, team and players', () => {
    const table = reshapeGameEvents(data, { game_id: 5 }, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['time', 'event', 'team', 'player']);
    expect(table.data.title).toBe('Spielereignisse');
    expect(table.data.context).toEqual({ tabs: 'on', locale: 'de_CH', game_id: 5 });
    expect(rowsOf(table)).toEqual([
      ['61:41', 'Spielende', '', ''],
      ['61:40', 'Bester Spieler', 'UHC Birkenfeld', 'A. Muster'],
      ['60:00', 'Beginn Verlängerung', '', ''],
      ['40:00', 'Matchstrafe', 'UHC Birkenfeld', 'A. Muster'],
      ['20:00', 'Timeout Gast', '', ''],
      ['20:00', "2'-Strafe (Stockschlag)", 'Floorball Grünau', 'B. Keller'],
      ['12:34', 'Torschütze 1:0', 'UHC Birkenfeld', 'A. Muster (B. Keller)'],
      ['00:00', 'Beginn 1. Drittel', '', ''],
      ['00:00', 'Spielbeginn', '', ''],
    ]);
  });

  it('tabs all / home / away reload with set_in_context.team; the chosen side is highlighted and filters the events', () => {
    const table = reshapeGameEvents(data, { game_id: 5, team: 'away' }, renderContextFor('de'));
    expect(table.data.tabs.map((tab) => [tab.text, tab.link.set_in_context.team, tab.highlight])).toEqual([
      ['Alle Ereignisse', null, false],
      ['UHC Birkenfeld', 'home', false],
      ['Floorball Grünau', 'away', true],
    ]);
    expect(table.data.tabs[0].link.resource).toBe('/game_events');
    expect(rowsOf(table).map((r) => r[1])).toEqual(['Timeout Gast', "2'-Strafe (Stockschlag)"]);
  });

  it('speaks the requested language', () => {
    const table = reshapeGameEvents(data, { game_id: 5 }, renderContextFor('fr'));
    expect(table.data.title).toBe('Événements du match');
    expect(table.data.context).toEqual({ tabs: 'on', locale: 'fr_CH', game_id: 5 });
    expect(table.data.headers[1].text).toBe('Événement');
    expect(rowsOf(table)[5][1]).toBe("2'-pénalité (Stockschlag)");
    expect(rowsOf(table)[7][1]).toBe('Début du 1e tiers');
  });

  it('an unknown game is a 404 naming the id asked for', () => {
    expect(() => reshapeGameEvents({ game: null }, { game_id: 99 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No game 99' }),
    );
  });
});
