import { describe, expect, it } from 'vitest';
import { cupRoundDates, cupRoundProgress, reshapeCupDetails, reshapeCups, type CupDetailsData, type CupsData } from '../../../src/facades/rest/cups.js';
import { renderContextFor } from '../../support/render.js';

type Round = NonNullable<CupDetailsData['cupTournament']>['rounds'][number];

// 19:30 in Zurich (winter time) on the given day.
const game = (day: string, status: Round['games'][number]['status']) => ({ startsAt: `${day}T18:30:00.000Z`, status });

const round16: Round = {
  id: 9001,
  number: 1,
  name: '1/8-Final',
  games: [game('2026-10-14', 'FINISHED'), game('2026-10-07', 'FORFEIT'), game('2026-10-14', 'FINISHED'), game('2026-10-21', 'CANCELLED')],
};
const quarter: Round = {
  id: 9002,
  number: 2,
  name: '1/4-Final',
  games: [game('2026-11-18', 'FINISHED'), game('2026-11-18', 'LIVE'), game('2026-11-25', 'SCHEDULED')],
};
const semi: Round = { id: 9003, number: 3, name: '1/2-Final', games: [] };
const final: Round = { id: 9004, number: 4, name: 'Final', games: [] };

const men = { id: 901, name: 'Schweizer Cup Herren', gameClass: { id: 11, name: 'Herren GF' }, rounds: [round16, quarter, semi, final] };
const women = {
  id: 902,
  name: 'Schweizer Cup Damen',
  gameClass: { id: 21, name: 'Damen GF' },
  rounds: [{ ...semi, id: 9011, games: [game('2026-12-02', 'SCHEDULED')] }],
};

const list: CupsData = { season: { id: 2026, label: '2026/27', cups: [men, women] } };
// Rounds arrive in any order: the table orders them by number.
const details: CupDetailsData = { cupTournament: { ...men, rounds: [final, quarter, round16, semi], season: { id: 2026, label: '2026/27' } } };

const cells = (table: { data: { regions: { rows: { cells: { text?: string[] }[] }[] }[] } }) =>
  table.data.regions.flatMap((r) => r.rows.map((row) => row.cells.map((cell) => cell.text?.join(' | '))));

describe('cup round rules', () => {
  it('dates span the round’s days in the league time zone, cancelled games left out', () => {
    expect(cupRoundDates(round16)).toBe('07.10.2026 - 14.10.2026');
    expect(cupRoundDates({ ...semi, games: [game('2026-12-02', 'SCHEDULED'), game('2026-12-02', 'SCHEDULED')] })).toBe('02.12.2026');
    // 23:30 UTC is already the next day in Zurich.
    expect(cupRoundDates({ ...semi, games: [{ startsAt: '2026-12-02T23:30:00.000Z', status: 'SCHEDULED' }] })).toBe('03.12.2026');
    expect(cupRoundDates(semi)).toBe('-');
    expect(cupRoundDates({ ...semi, games: [game('2026-12-02', 'CANCELLED')] })).toBe('-');
  });

  it('progress counts decided games (finished or forfeited) of all games', () => {
    expect(cupRoundProgress(round16)).toBe('3/4');
    expect(cupRoundProgress(quarter)).toBe('1/3');
    expect(cupRoundProgress(semi)).toBe('0/0');
  });
});

describe('reshapeCups', () => {
  it('lists the season’s cups, each row linking to its details', () => {
    const table = reshapeCups(list, { season: 2026 }, renderContextFor('de'));
    expect(table.data.title).toBe('Schweizer Cup 2026/27');
    expect(table.data.subtitle).toBeNull();
    expect(table.data.context).toEqual({ season: 2026, locale: 'de_CH' });
    expect(table.data.headers.map((h) => [h.key, h.text])).toEqual([
      ['name', 'Name'],
      ['game_class', 'Kategorie'],
      ['rounds', 'Runden'],
      ['current_round', 'Aktuelle Runde'],
    ]);
    expect(cells(table)).toEqual([
      ['Schweizer Cup Herren', 'Herren GF', '4', '1/4-Final'],
      ['Schweizer Cup Damen', 'Damen GF', '1', '-'],
    ]);
    const first = table.data.regions[0].rows[0];
    expect(first.id).toBe(901);
    expect(first.link).toEqual({ type: 'reload', set_in_context: { championship_id: 901 }, resource: '/cups/901', ids: [901] });
  });

  it('speaks the asked language and keeps an empty season as one empty region', () => {
    const table = reshapeCups({ season: { id: 2024, label: '2024/25', cups: [] } }, { season: 2024 }, renderContextFor('fr'));
    expect(table.data.title).toBe('Coupe de Suisse 2024/25');
    expect(table.data.headers.map((h) => h.text)).toEqual(['Nom', 'Catégorie', 'Tours', 'Tour actuel']);
    expect(table.data.context?.locale).toBe('fr_CH');
    expect(table.data.regions).toEqual([{ text: null, rows: [] }]);
    expect(reshapeCups(list, { season: 2026 }, renderContextFor('it')).data.title).toBe('Coppa Svizzera 2026/27');
    expect(reshapeCups(list, { season: 2026 }, renderContextFor('en')).data.title).toBe('Swiss Cup 2026/27');
  });

  it('an unknown season is a 404 naming it', () => {
    expect(() => reshapeCups({ season: null }, { season: 1999 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No season 1999' }),
    );
  });
});

describe('reshapeCupDetails', () => {
  it('one row per round in order, each linking to the left side of its bracket', () => {
    const table = reshapeCupDetails(details, { championship_id: 901 }, renderContextFor('de'));
    expect(table.data.title).toBe('Schweizer Cup Herren');
    expect(table.data.subtitle).toBe('2026/27');
    expect(table.data.context).toEqual({ championship_id: 901, tournament_id: 901, season: 2026, game_class: 11, locale: 'de_CH' });
    expect(table.data.headers.map((h) => [h.key, h.text, h.align])).toEqual([
      ['round', 'Runde', 'l'],
      ['games', 'Spiele', 'r'],
      ['date', 'Datum', 'l'],
      ['played', 'Gespielt', 'r'],
    ]);
    expect(cells(table)).toEqual([
      ['1/8-Final', '4', '07.10.2026 - 14.10.2026', '3/4'],
      ['1/4-Final', '3', '18.11.2026 - 25.11.2026', '1/3'],
      ['1/2-Final', '0', '-', '0/0'],
      ['Final', '0', '-', '0/0'],
    ]);
    const rows = table.data.regions[0].rows;
    expect(rows.map((r) => r.id)).toEqual([9001, 9002, 9003, 9004]);
    expect(rows[1].link).toEqual({ type: 'reload', set_in_context: { mode: 'cup', tournament_id: 901, round: 9002, side: 'left' }, resource: '/games' });
  });

  it('translates headers, not the cup’s name', () => {
    const table = reshapeCupDetails(details, { championship_id: 901 }, renderContextFor('en'));
    expect(table.data.title).toBe('Schweizer Cup Herren');
    expect(table.data.headers.map((h) => h.text)).toEqual(['Round', 'Games', 'Date', 'Played']);
    expect(table.data.context?.locale).toBe('en');
  });

  it('an unknown cup is a 404 naming it', () => {
    expect(() => reshapeCupDetails({ cupTournament: null }, { championship_id: 4242 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No cup 4242' }),
    );
  });
});
