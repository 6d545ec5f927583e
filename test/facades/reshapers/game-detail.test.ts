import { describe, expect, it } from 'vitest';
import { reshapeGameDetail, type GameDetailData, type GameDetailFacts } from '../../../src/facades/rest/game-detail.js';
import { overtimeGame } from '../../support/game-fixtures.js';
import type { Locale } from '../../../src/facades/shared/locale.js';
import { renderContextFor } from '../../support/render.js';

const data: GameDetailData = { game: overtimeGame };
const params = { game_id: 5 };
const cellTexts = (table: ReturnType<typeof reshapeGameDetail>) => table.data.regions[0].rows[0].cells.map((c) => c.text ?? c.image?.alt);

describe('reshapeGameDetail', () => {
  it('builds the 11 cells in header order, with title and competition subtitle', () => {
    const table = reshapeGameDetail(data, params, renderContextFor('de', new Date('2026-11-22T12:00:00Z')));
    expect(table.subtype).toBe('attribute_list');
    expect(table.data.headers.map((h) => h.key)).toEqual([
      'home_logo',
      'home_name',
      'away_logo',
      'away_name',
      'result',
      'date',
      'time',
      'location',
      'first_referee',
      'second_referee',
      'spectators',
    ]);
    expect(table.data.title).toBe('UHC Birkenfeld - Floorball Grünau');
    expect(table.data.subtitle).toBe('Herren GF L-UPL Gruppe 1 Runde 7 2026/27');
    expect(table.data.context).toBeNull();
    expect(cellTexts(table)).toEqual([
      'UHC Birkenfeld (Logo)',
      ['UHC Birkenfeld'],
      'Floorball Grünau (Logo)',
      ['Floorball Grünau'],
      ['4:3 n.V.', '(1:2, 2:0, 0:1, 1:0)'],
      ['heute'],
      ['20:00'],
      ['Sporthalle Birkenfeld'],
      ['Anna Keller'],
      [''],
      ['812'],
    ]);
    const cells = table.data.regions[0].rows[0].cells;
    expect(cells[7].link).toEqual({ type: 'map', x: 8.2, y: 47.1 });
    expect(cells[0].link).toEqual({ type: 'page', page: 'team_detail', ids: [1] });
    expect(cells[2].image).toEqual({ alt: 'Floorball Grünau (Logo)', url: '' });
  });

  it('marks a forfeit and an aborted game in the result cell, in the four languages, as every games table does', () => {
    const marked = (status: GameDetailFacts['status'], locale: Locale) =>
      cellTexts(
        reshapeGameDetail(
          { game: { ...overtimeGame, status, homeScore: 5, awayScore: 0, decidedBy: 'REGULAR', homePeriodScores: [], awayPeriodScores: [] } },
          params,
          renderContextFor(locale, new Date('2026-11-22T12:00:00Z')),
        ),
      )[4];
    expect((['de', 'fr', 'it', 'en'] as const).map((locale) => marked('FORFEIT', locale))).toEqual([
      ['5:0 Forf.'],
      ['5:0 forf.'],
      ['5:0 forf.'],
      ['5:0 forf.'],
    ]);
    expect((['de', 'fr', 'it', 'en'] as const).map((locale) => marked('ABORTED', locale))).toEqual([
      ['5:0 Abbr.'],
      ['5:0 interr.'],
      ['5:0 sosp.'],
      ['5:0 abd.'],
    ]);
  });

  it('names a day farther away by its date, and a cup game by its tournament and round', () => {
    const cupGame: GameDetailFacts = {
      ...overtimeGame,
      decidedBy: 'PENALTY_SHOTS',
      group: null,
      round: null,
      cupRound: { id: 9, name: 'Final', tournament: { id: 901, name: 'Ligacup', season: { label: '2026/27' } } },
    };
    const table = reshapeGameDetail({ game: cupGame }, params, renderContextFor('de', new Date('2026-11-25T12:00:00Z')));
    expect(table.data.subtitle).toBe('Ligacup Final 2026/27');
    expect(cellTexts(table)[4]).toEqual(['4:3 n.P.', '(1:2, 2:0, 0:1, 1:0)']);
    expect(cellTexts(table)[5]).toEqual(['22.11.2026']);
  });

  it('speaks the requested language: headers, relative days, the overtime mark', () => {
    const table = reshapeGameDetail(data, params, renderContextFor('fr', new Date('2026-11-23T12:00:00Z')));
    expect(table.data.headers[1].text).toBe('Domicile');
    expect(cellTexts(table)[4]).toEqual(['4:3 a.p.', '(1:2, 2:0, 0:1, 1:0)']);
    expect(cellTexts(table)[5]).toEqual(['hier']);
  });

  it('a cancelled game says so in its date cell, in each language; time and venue stay', () => {
    const cancelled: GameDetailFacts = {
      ...overtimeGame,
      status: 'CANCELLED',
      homeScore: null,
      awayScore: null,
      homePeriodScores: [],
      awayPeriodScores: [],
      decidedBy: 'REGULAR',
      spectators: null,
    };
    const texts = (locale: 'de' | 'fr' | 'it' | 'en') =>
      cellTexts(reshapeGameDetail({ game: cancelled }, params, renderContextFor(locale, new Date('2026-11-22T12:00:00Z'))));
    expect(texts('de').slice(4, 8)).toEqual([['-'], ['Abgesagt'], ['20:00'], ['Sporthalle Birkenfeld']]);
    expect([texts('fr')[5], texts('it')[5], texts('en')[5]]).toEqual([['annulé'], ['annullato'], ['cancelled']]);
  });

  it('an unknown game is a 404 naming the id asked for', () => {
    expect(() => reshapeGameDetail({ game: null }, { game_id: 99 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No game 99' }),
    );
  });
});

describe('reshapeGameDetail: an undecided pairing', () => {
  it("shows the federation's texts in place of the teams, without logo or team link", () => {
    const undecided: GameDetailFacts = {
      ...overtimeGame,
      status: 'SCHEDULED',
      homeScore: null,
      awayScore: null,
      homePeriodScores: [],
      awayPeriodScores: [],
      homeTeam: null,
      awayTeam: null,
      homePlaceholder: 'Sieger Halbfinal 1',
      awayPlaceholder: null,
    };
    const table = reshapeGameDetail({ game: undecided }, params, renderContextFor('it', new Date('2026-11-22T12:00:00Z')));
    expect(table.data.title).toBe('Sieger Halbfinal 1 - da definire');
    const cells = table.data.regions[0].rows[0].cells;
    expect(cells.slice(0, 4).map((c) => c.text ?? c.image?.alt)).toEqual(['Sieger Halbfinal 1', ['Sieger Halbfinal 1'], 'da definire', ['da definire']]);
    expect(cells.slice(0, 4).map((c) => c.link)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
