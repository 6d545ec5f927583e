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
    const a = nameOf(query('SELECT $1 IN ($2)'));
    const b = nameOf(query('SELECT $1 IN ($2,$3)'));
    expect(nameOf(query('SELECT $1 IN ($2,$3,$4)'))).toBe('');
    expect([nameOf(query('SELECT $1 IN ($2)')), nameOf(query('SELECT $1 IN ($2,$3)'))]).toEqual([a, b]);
  });
});
