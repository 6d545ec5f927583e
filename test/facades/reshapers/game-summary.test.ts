import { describe, expect, it } from 'vitest';
import { reshapeGameSummary, type GameSummaryData } from '../../../src/facades/rest/game-summary.js';
import { away, gameEvent, home, keller, muster, overtimeGame } from '../../support/game-fixtures.js';
import { renderContextFor } from '../../support/render.js';

const events = [
  gameEvent(1, 754, 'GOAL', { side: 'HOME', homeScore: 1, awayScore: 0, team: home, player: muster, assist: keller }),
  gameEvent(2, 1200, 'PENALTY', { side: 'AWAY', penaltyKind: 'MINOR_2', team: away }),
  gameEvent(3, 1300, 'PENALTY', { side: 'AWAY', penaltyKind: null, team: away }),
  gameEvent(4, 1500, 'OWN_GOAL', { side: 'AWAY', homeScore: 1, awayScore: 1, team: away }),
  gameEvent(5, 2400, 'PENALTY', { side: 'HOME', penaltyKind: 'MAJOR_5', team: home }),
];
const data: GameSummaryData = { game: { ...overtimeGame, secondReferee: 'Urs Frei', events } };
const params = { game_id: 5 };
const cellsOf = (table: ReturnType<typeof reshapeGameSummary>) => table.data.regions[0].rows[0].cells.map((c) => c.text ?? []);

describe('reshapeGameSummary', () => {
  it('titles with teams, result and periods; one row: paragraph, info, goals and penalty minutes per team', () => {
    const table = reshapeGameSummary(data, params, renderContextFor('de'));
    expect(table.subtype).toBe('attribute_list');
    expect(table.data.headers.map((h) => h.key)).toEqual(['text', 'info', 'details']);
    expect(table.data.title).toBe('UHC Birkenfeld - Floorball Grünau 4:3 n.V. (1:2, 2:0, 0:1, 1:0)');
    expect(table.data.subtitle).toBe('Herren GF L-UPL Gruppe 1 Runde 7 2026/27');
    expect(cellsOf(table)).toEqual([
      ['UHC Birkenfeld gewinnt gegen Floorball Grünau mit 4:3 n.V.'],
      ['Zuschauer: 812', 'Schiedsrichter: Anna Keller, Urs Frei'],
      ['Tore: 1:0 A. Muster (B. Keller) (12:34), 1:1 Floorball Grünau (25:00)', "Strafen: UHC Birkenfeld 5', Floorball Grünau 4'"],
    ]);
  });

  it('tells a scheduled, cancelled, live and forfeited game apart; no goals is "keine"', () => {
    const paragraph = (facts: Partial<NonNullable<GameSummaryData['game']>>) =>
      cellsOf(reshapeGameSummary({ game: { ...overtimeGame, events: [], ...facts } }, params, renderContextFor('de')))[0][0];
    const scheduled = { status: 'SCHEDULED', homeScore: null, awayScore: null, homePeriodScores: [], awayPeriodScores: [], spectators: null } satisfies Partial<
      NonNullable<GameSummaryData['game']>
    >;
    expect(paragraph(scheduled)).toBe('UHC Birkenfeld empfängt Floorball Grünau am 22.11.2026 um 20:00 in der Sporthalle Birkenfeld.');
    expect(paragraph({ ...scheduled, venue: null })).toBe('UHC Birkenfeld empfängt Floorball Grünau am 22.11.2026 um 20:00.');
    expect(paragraph({ status: 'CANCELLED' })).toBe('Das Spiel wurde abgesagt.');
    expect(paragraph({ status: 'LIVE', homeScore: 1, awayScore: 2 })).toBe('Das Spiel läuft: 1:2*.');
    expect(paragraph({ status: 'FORFEIT', homeScore: 0, awayScore: 5, decidedBy: null })).toBe('Das Spiel wurde forfait gewertet: 0:5.');
    expect(paragraph({ status: 'ABORTED', homeScore: 2, awayScore: 1, decidedBy: null })).toBe('Das Spiel wurde beim Stand von 2:1 abgebrochen.');
    const scheduledTable = reshapeGameSummary({ game: { ...overtimeGame, ...scheduled, firstReferee: null, events: [] } }, params, renderContextFor('de'));
    expect(scheduledTable.data.title).toBe('UHC Birkenfeld - Floorball Grünau');
    expect(cellsOf(scheduledTable).slice(1)).toEqual([[], ['Tore: keine', "Strafen: UHC Birkenfeld 0', Floorball Grünau 0'"]]);
  });

  it('ends the sentence with one full stop after a result marked n.P. (t.a.b., d.r.), and keeps the stop after an unmarked one', () => {
    const shootout = { ...overtimeGame, homeScore: 3, awayScore: 4, decidedBy: 'PENALTY_SHOTS', events: [] } satisfies NonNullable<GameSummaryData['game']>;
    const paragraphIn = (game: NonNullable<GameSummaryData['game']>, locale: 'de' | 'fr' | 'it' | 'en') =>
      cellsOf(reshapeGameSummary({ game }, params, renderContextFor(locale)))[0][0];
    expect(paragraphIn(shootout, 'de')).toBe('Floorball Grünau gewinnt gegen UHC Birkenfeld mit 3:4 n.P.');
    expect(paragraphIn(shootout, 'fr')).toBe('Floorball Grünau bat UHC Birkenfeld 3:4 t.a.b.');
    expect(paragraphIn(shootout, 'it')).toBe('Floorball Grünau batte UHC Birkenfeld 3:4 d.r.');
    expect(paragraphIn(shootout, 'en')).toBe('Floorball Grünau beat UHC Birkenfeld 3:4 SO.');
    expect(paragraphIn({ ...shootout, decidedBy: 'REGULAR' }, 'de')).toBe('Floorball Grünau gewinnt gegen UHC Birkenfeld mit 3:4.');
  });

  it('marks a goal scored from a penalty shot, as the events table does', () => {
    const penaltyShot = gameEvent(1, 754, 'GOAL', { side: 'HOME', homeScore: 1, awayScore: 0, team: home, player: muster, penaltyShot: true });
    const table = reshapeGameSummary({ game: { ...overtimeGame, events: [penaltyShot] } }, params, renderContextFor('fr'));
    expect(cellsOf(table)[2][0]).toBe('Buts: 1:0 A. Muster (penalty) (12:34)');
  });

  it('marks an own goal that names its scorer, a player of the other team', () => {
    const own = gameEvent(4, 1500, 'OWN_GOAL', { side: 'AWAY', homeScore: 1, awayScore: 1, team: away, player: muster });
    const table = reshapeGameSummary({ game: { ...overtimeGame, events: [own] } }, params, renderContextFor('de'));
    expect(cellsOf(table)[2][0]).toBe('Tore: 1:1 A. Muster (Eigentor) (25:00)');
  });

  it('speaks the requested language', () => {
    const table = reshapeGameSummary(data, params, renderContextFor('fr'));
    expect(table.data.headers[0].text).toBe('Résumé');
    expect(table.data.title).toBe('UHC Birkenfeld - Floorball Grünau 4:3 a.p. (1:2, 2:0, 0:1, 1:0)');
    expect(cellsOf(table)[0]).toEqual(['UHC Birkenfeld bat Floorball Grünau 4:3 a.p.']);
    expect(cellsOf(table)[2][1]).toBe("Pénalités: UHC Birkenfeld 5', Floorball Grünau 4'");
  });

  it('says a cancelled game was cancelled, in each language, with no result in the title', () => {
    const cancelled: NonNullable<GameSummaryData['game']> = {
      ...overtimeGame,
      status: 'CANCELLED',
      homeScore: null,
      awayScore: null,
      homePeriodScores: [],
      awayPeriodScores: [],
      decidedBy: null,
      spectators: null,
      events: [],
    };
    const summaryIn = (locale: 'de' | 'fr' | 'it' | 'en') => reshapeGameSummary({ game: cancelled }, params, renderContextFor(locale));
    expect(summaryIn('de').data.title).toBe('UHC Birkenfeld - Floorball Grünau');
    expect((['de', 'fr', 'it', 'en'] as const).map((locale) => cellsOf(summaryIn(locale))[0])).toEqual([
      ['Das Spiel wurde abgesagt.'],
      ['Le match a été annulé.'],
      ['La partita è stata annullata.'],
      ['The game was cancelled.'],
    ]);
  });

  it('an unknown game is a 404 naming the id asked for', () => {
    expect(() => reshapeGameSummary({ game: null }, { game_id: 99 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No game 99' }),
    );
  });
});
