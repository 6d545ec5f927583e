import { describe, expect, it } from 'vitest';
import {
  NATIONAL_RECORDS_QUERY,
  nationalRecordsParams,
  nationalRecordsVariables,
  ORDER_KEYS,
  reshapeNationalRecords,
  type NationalRecordsData,
} from '../../../src/facades/rest/national-statistics.js';
import { parseParams } from '../../../src/facades/shared/route.js';
import { renderContextFor } from '../../support/render.js';

const paramsOf = (query: Record<string, string>) => nationalRecordsParams(parseParams(NATIONAL_RECORDS_QUERY, query));

describe('national statistics parameters', () => {
  it('default to selection 1 by points, descending; names ascending', () => {
    expect(paramsOf({})).toEqual({ selection_id: 1, order: 'points', direction: 'desc' });
    expect(paramsOf({ order: 'name' })).toEqual({ selection_id: 1, order: 'name', direction: 'asc' });
    expect(paramsOf({ order: 'goals', direction: 'asc', selection_id: '2' })).toEqual({ selection_id: 2, order: 'goals', direction: 'asc' });
    expect(nationalRecordsVariables(paramsOf({ order: '2-minute-penalty', selection_id: '2' }))).toEqual({
      selection: 2,
      order: 'PENALTIES_2',
      direction: 'DESC',
    });
  });

  it('an unknown order lists the header keys; order is checked before direction and selection', () => {
    expect(() => paramsOf({ order: 'constructor', direction: 'up' })).toThrow(
      expect.objectContaining({ status: 400, message: `Parameter order must be one of ${Object.keys(ORDER_KEYS).join(', ')}, got "constructor"` }),
    );
    expect(() => paramsOf({ direction: 'up', selection_id: 'x' })).toThrow(
      expect.objectContaining({ status: 400, message: 'Parameter direction must be one of asc, desc, got "up"' }),
    );
    expect(() => paramsOf({ selection_id: '0' })).toThrow(
      expect.objectContaining({ status: 400, message: 'Parameter selection_id must be from 1 to ∞, got 0' }),
    );
  });
});

describe('reshapeNationalRecords', () => {
  const record = (nationalPlayerId: number, playerId: number, name: string, points: number) => ({
    games: 5,
    goals: points - 1,
    assists: 1,
    points,
    penalties2: 0,
    penalties5: 0,
    penalties10: 1,
    matchPenalties: 0,
    nationalPlayer: { id: nationalPlayerId, player: { id: playerId, firstName: name, lastName: 'Graf' } },
  });
  const data: NationalRecordsData = {
    nationalSelections: [
      { id: 1, name: 'Herren' },
      { id: 2, name: 'Damen' },
    ],
    nationalPlayerRecords: [record(70002, 600002, 'Mia', 9), record(70001, 600001, 'Lea', 4)],
  };
  const params = { selection_id: 2, order: 'points', direction: 'desc' } as const;

  it('rows in the order given, carrying the national player id; headers keyed as `order` accepts', () => {
    const body = reshapeNationalRecords(data, params, renderContextFor('de'));
    expect(body.data.headers.map((h) => h.key)).toEqual(Object.keys(ORDER_KEYS));
    expect(body.data.title).toBe('Statistik Nationalteam Damen');
    expect(body.data.context).toEqual({ selection_id: 2, order: 'points', direction: 'desc', locale: 'de_CH' });
    const rows = body.data.regions[0].rows;
    expect(rows.map((r) => [r.id, ...r.cells.map((c) => c.text?.[0])])).toEqual([
      [70002, 'Mia Graf', '5', '8', '1', '9', '0', '0', '1', '0'],
      [70001, 'Lea Graf', '5', '3', '1', '4', '0', '0', '1', '0'],
    ]);
    expect(rows[1].cells[0].link).toEqual({ type: 'page', page: 'player_detail', ids: [600001] });
  });

  it('speaks the requested language', () => {
    const body = reshapeNationalRecords(data, params, renderContextFor('it'));
    expect(body.data.title).toBe('Statistiche nazionale Damen');
    expect(body.data.headers[0].text).toBe('Nome');
  });

  it('an unknown selection is a 404 listing the selections there are', () => {
    expect(() => reshapeNationalRecords(data, { ...params, selection_id: 9 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No national selection 9: selections are 1, 2' }),
    );
  });
});
