import { describe, expect, it } from 'vitest';
import { preparedStatementNames } from '../../src/db/adapter.js';

const query = (sql: string) => ({ sql, args: [], argTypes: [] });

describe('prepared statement names', () => {
  it('gives one SQL text the same name every time and other texts other names', () => {
    const nameOf = preparedStatementNames();
    const first = nameOf(query('SELECT 1'));
    expect(first).not.toBe('');
    expect(nameOf(query('SELECT 1'))).toBe(first);
    expect(nameOf(query('SELECT 2'))).not.toBe(first);
  });

  it('leaves texts beyond the limit unnamed, so the statements a connection keeps stay bounded', () => {
    const nameOf = preparedStatementNames(2);
    const a = nameOf(query('SELECT $1'));
    const b = nameOf(query('SELECT $1, $2'));
    expect(nameOf(query('SELECT $1, $2, $3'))).toBe('');
    expect([nameOf(query('SELECT $1')), nameOf(query('SELECT $1, $2'))]).toEqual([a, b]);
  });

  it('plans statements with an id list for their actual values every time', () => {
    const nameOf = preparedStatementNames();
    expect(nameOf(query('SELECT * FROM "Game" WHERE "homeTeamId" IN ($1,$2) LIMIT $3'))).toBe('');
    expect(nameOf(query('SELECT * FROM "Game" WHERE "id" = $1 LIMIT $2'))).not.toBe('');
  });
});
