import { describe, expect, it } from 'vitest';
import { reshapeGameEvents, type GameEventsData } from '../../../src/facades/rest/game-events.js';
import { away, gameEvent, home, keller, muster } from '../../support/game-fixtures.js';
import { renderContextFor } from '../../support/render.js';

const data: GameEventsData = {
  game: {
    homeTeam: home,
    awayTeam: away,
    homePlaceholder: null,
    awayPlaceholder: null,
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

  it('shows every kind the federation records, and marks a goal scored from a penalty shot', () => {
    const kinds: GameEventsData = {
      game: {
        homeTeam: home,
        awayTeam: away,
        homePlaceholder: null,
        awayPlaceholder: null,
        events: [
          gameEvent(1, 5, 'PLAYER_INSPECTION', { inspectionDone: true }),
          gameEvent(2, 6, 'PLAYER_INSPECTION', { inspectionDone: false }),
          gameEvent(3, 60, 'GOAL', { side: 'HOME', homeScore: 1, awayScore: 0, penaltyShot: true, team: home, player: muster }),
          gameEvent(4, 100, 'PENALTY', { side: 'HOME', penaltyKind: 'MINOR_2_2', penaltyRole: 'OFFENDER', code: 501, team: home, player: muster }),
          gameEvent(5, 110, 'PENALTY', { side: 'HOME', penaltyKind: 'MATCH_1', penaltyRole: 'OFFENDER', team: home, player: muster }),
          gameEvent(6, 120, 'PENALTY', {
            side: 'HOME',
            penaltyKind: 'MATCH_2',
            penaltyRole: 'ASSIST',
            penaltyReason: 'Tätlichkeit',
            team: home,
            player: keller,
          }),
          gameEvent(7, 130, 'PENALTY', { side: 'AWAY', penaltyKind: 'MATCH_3', penaltyRole: 'DEPUTY', code: 7, team: away, player: keller }),
          gameEvent(8, 140, 'PENALTY', { side: 'AWAY', penaltyKind: 'PENALTY_SHOT', penaltyRole: 'OFFENDER', team: away, player: keller }),
          gameEvent(9, 220, 'PENALTY_END', { side: 'HOME', team: home, player: muster }),
          gameEvent(10, 300, 'GOALIE_OUT', { side: 'AWAY', team: away }),
          gameEvent(11, 330, 'GOALIE_BACK', { side: 'AWAY', team: away }),
          gameEvent(12, 410, 'GOALIE_CHANGE', { side: 'AWAY', team: away, player: keller }),
          gameEvent(13, 420, 'INJURY', { side: 'AWAY', team: away, player: keller }),
          gameEvent(14, 430, 'CROSSBAR', { side: 'HOME', team: home, player: muster }),
          gameEvent(15, 440, 'POST', { side: 'HOME', team: home, player: muster }),
          gameEvent(16, 450, 'PENALTY_SHOT_MISSED', { side: 'AWAY', team: away, player: keller }),
          gameEvent(17, 500, 'MISC', { code: 12 }),
          gameEvent(18, 510, 'MISC', { side: 'AWAY', code: 7, team: away, player: keller }),
        ],
      },
    };
    expect(rowsOf(reshapeGameEvents(kinds, { game_id: 5 }, renderContextFor('de')))).toEqual([
      ['08:30', 'Diverses (Code 7)', 'Floorball Grünau', 'B. Keller'],
      ['08:20', 'Diverses (Code 12)', '', ''],
      ['07:30', 'Penalty verschossen', 'Floorball Grünau', 'B. Keller'],
      ['07:20', 'Pfostenschuss', 'UHC Birkenfeld', 'A. Muster'],
      ['07:10', 'Lattenschuss', 'UHC Birkenfeld', 'A. Muster'],
      ['07:00', 'Verletzung', 'Floorball Grünau', 'B. Keller'],
      ['06:50', 'Torhüter ausgewechselt', 'Floorball Grünau', 'B. Keller'],
      ['05:30', 'Torhüter zurück im Tor', 'Floorball Grünau', ''],
      ['05:00', 'Torhüter verlässt das Tor', 'Floorball Grünau', ''],
      ['03:40', 'Strafe beendet', 'UHC Birkenfeld', 'A. Muster'],
      ['02:20', 'Penalty', 'Floorball Grünau', 'B. Keller'],
      ['02:10', 'Matchstrafe III (Stellvertreter, Code 7)', 'Floorball Grünau', 'B. Keller'],
      ['02:00', 'Matchstrafe II (Assist, Tätlichkeit)', 'UHC Birkenfeld', 'B. Keller'],
      ['01:50', 'Matchstrafe I', 'UHC Birkenfeld', 'A. Muster'],
      ['01:40', '2+2 Min. Strafe (Code 501)', 'UHC Birkenfeld', 'A. Muster'],
      ['01:00', 'Torschütze 1:0 (Penalty)', 'UHC Birkenfeld', 'A. Muster'],
      ['00:06', 'Spielerkontrolle ausgelassen', '', ''],
      ['00:05', 'Spielerkontrolle durchgeführt', '', ''],
    ]);
    expect(rowsOf(reshapeGameEvents(kinds, { game_id: 5 }, renderContextFor('en'))).map((cells) => cells[1])).toEqual([
      'Miscellaneous (code 7)',
      'Miscellaneous (code 12)',
      'Penalty shot missed',
      'Post hit',
      'Crossbar hit',
      'Injury',
      'Goalie changed',
      'Goalie back in goal',
      'Goalie leaves the goal',
      'Penalty ended',
      'Penalty shot',
      'Match penalty III (deputy, code 7)',
      'Match penalty II (assist, Tätlichkeit)',
      'Match penalty I',
      '2+2 min. penalty (code 501)',
      'Goal 1:0 (penalty shot)',
      'Player inspection skipped',
      'Player inspection done',
    ]);
    expect(rowsOf(reshapeGameEvents(kinds, { game_id: 5 }, renderContextFor('fr')))[15][1]).toBe('Buteur 1:0 (penalty)');
    expect(rowsOf(reshapeGameEvents(kinds, { game_id: 5 }, renderContextFor('it')))[14][1]).toBe('Penalità 2+2 min. (codice 501)');
  });

  it('an unknown game is a 404 naming the id asked for', () => {
    expect(() => reshapeGameEvents({ game: null }, { game_id: 99 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No game 99' }),
    );
  });
});

describe('reshapeGameEvents: an undecided pairing', () => {
  it("names the side tabs by the federation's texts", () => {
    const undecided: GameEventsData = {
      game: { homeTeam: null, awayTeam: null, homePlaceholder: 'Sieger Halbfinal 1', awayPlaceholder: 'Sieger Halbfinal 2', events: [] },
    };
    const table = reshapeGameEvents(undecided, { game_id: 5 }, renderContextFor('de'));
    expect(table.data.tabs.map((tab) => tab.text)).toEqual(['Alle Ereignisse', 'Sieger Halbfinal 1', 'Sieger Halbfinal 2']);
  });
});
