import { describe, expect, it } from 'vitest';
import { reshapeCup, type CupData, type CupGame, type CupParams } from '../../../src/facades/rest/games/cup.js';
import { gameRow } from '../../support/game-rows.js';
import { renderContextFor } from '../../support/render.js';

const cupGame = (id: number, bracketPosition: number | null): CupGame => ({
  ...gameRow({
    id,
    group: null,
    round: null,
    cupRound: { id: 9001, name: '1/4-Final', tournament: { id: 901, name: 'Ligacup Herren', season: { label: '2026/27' } } },
  }),
  homeTeam: { id: 100 + id, name: `Heim ${id}`, logoUrl: null },
  bracketPosition,
});
const data: CupData = {
  cupTournament: {
    name: 'Ligacup Herren',
    season: { label: '2026/27' },
    rounds: [
      { id: 9001, number: 1, name: '1/4-Final', games: [cupGame(3, 3), cupGame(9, null), cupGame(1, 1), cupGame(2, 2)] },
      { id: 9002, number: 2, name: '1/2-Final', games: [] },
    ],
  },
};
const left: CupParams = { tournament_id: 901, round: 9001, side: 'left' };
const homes = (rows: { cells: { text?: string[] }[] }[]) => rows.map((row) => row.cells[1].text?.[0]);

describe('reshapeCup', () => {
  it('left side: bracket positions paired (1-2, 3-4), games without a position last', () => {
    const table = reshapeCup(data, left, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['date', 'home', 'away', 'result']);
    expect(table.data.title).toBe('Ligacup Herren');
    expect(table.data.subtitle).toBe('1/4-Final 2026/27');
    expect(table.data.context).toEqual({ mode: 'cup', tournament_id: 901, round: 9001, side: 'left', locale: 'de_CH' });
    expect(table.data.regions.map((r) => homes(r.rows))).toEqual([
      ['Heim 1', 'Heim 2'],
      ['Heim 3', 'Heim 9'],
    ]);
    expect(table.data.regions[0].rows[0].cells.map((c) => c.text?.join(' '))).toEqual([
      '14.11.2026 17:00',
      'Heim 1',
      'UHC Erlengrund',
      '5:4 n.V. (2:1, 1:2, 1:1, 1:0)',
    ]);
    expect(table.data.regions[0].rows[0].cells[1].link).toEqual({ type: 'page', page: 'team_detail', ids: [101] });
  });

  it('right side: one region, same order', () => {
    const table = reshapeCup(data, { ...left, side: 'right' }, renderContextFor('en'));
    expect(table.data.regions.map((r) => homes(r.rows))).toEqual([['Heim 1', 'Heim 2', 'Heim 3', 'Heim 9']]);
    expect(table.data.headers.map((h) => h.text)).toEqual(['Date', 'Home', 'Away', 'Result']);
    expect(table.data.regions[0].rows[0].cells[3].text).toEqual(['5:4 OT', '(2:1, 1:2, 1:1, 1:0)']);
    expect(table.data.context?.locale).toBe('en');
  });

  it('a cancelled game says so instead of its date and keeps its game link', () => {
    const cancelled: CupGame = {
      ...cupGame(4, 4),
      status: 'CANCELLED',
      homeScore: null,
      awayScore: null,
      homePeriodScores: [],
      awayPeriodScores: [],
      decidedBy: 'REGULAR',
    };
    const cancelledData: CupData = {
      cupTournament: { ...data.cupTournament!, rounds: [{ id: 9001, number: 1, name: '1/4-Final', games: [cupGame(3, 3), cancelled] }] },
    };
    const row = reshapeCup(cancelledData, left, renderContextFor('de')).data.regions[0].rows[1];
    expect(row.cells[0]).toEqual({ text: ['Abgesagt'], link: { type: 'page', page: 'game_detail', ids: [4] } });
    expect(row.cells[3].text).toEqual(['-']);
    expect(reshapeCup(cancelledData, left, renderContextFor('en')).data.regions[0].rows[1].cells[0].text).toEqual(['cancelled']);
  });

  it('an unknown tournament or round is a 404 naming it', () => {
    expect(() => reshapeCup({ cupTournament: null }, left, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No cup tournament 901' }),
    );
    expect(() => reshapeCup(data, { ...left, round: 42 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No round 42 in cup tournament 901' }),
    );
  });
});

describe('reshapeCup: a round whose pairings are undecided', () => {
  const undecided = (id: number, position: number): CupGame => ({
    ...cupGame(id, position),
    status: 'SCHEDULED',
    homeScore: null,
    awayScore: null,
    homePeriodScores: [],
    awayPeriodScores: [],
    homeTeam: null,
    awayTeam: null,
    homePlaceholder: `Sieger Halbfinal ${2 * position - 1}`,
    awayPlaceholder: `Sieger Halbfinal ${2 * position}`,
  });
  const final: CupData = {
    cupTournament: { ...data.cupTournament!, rounds: [{ id: 9003, number: 3, name: 'Final', games: [undecided(20, 1)] }] },
  };

  it("lists the game with the federation's text in place of each team, without a team link", () => {
    const table = reshapeCup(final, { tournament_id: 901, round: 9003, side: 'left' }, renderContextFor('fr'));
    const cells = table.data.regions[0].rows[0].cells;
    expect(cells.slice(1, 4).map((cell) => cell.text)).toEqual([['Sieger Halbfinal 1'], ['Sieger Halbfinal 2'], ['-']]);
    expect(cells[1].link).toBeUndefined();
  });

  it("shows the locale's word when the federation gives no text", () => {
    const bare: CupData = {
      cupTournament: { ...final.cupTournament!, rounds: [{ ...final.cupTournament!.rounds[0], games: [{ ...undecided(20, 1), homePlaceholder: null }] }] },
    };
    const cells = reshapeCup(bare, { tournament_id: 901, round: 9003, side: 'left' }, renderContextFor('en')).data.regions[0].rows[0].cells;
    expect(cells[1].text).toEqual(['to be decided']);
  });
});
