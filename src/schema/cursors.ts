import { badUserInput } from './errors.js';

/**
 * Every connection pages by an `Int` id, whose cursor @pothos/plugin-prisma writes as
 * base64("GPC:N:<id>"). Its parser accepts any tagged value (a string, a date, null, a number out of
 * PostgreSQL's int range), which Prisma or PostgreSQL then reject with an error the client only
 * sees as "Unexpected error". A cursor is therefore checked against the one shape we hand out.
 */
const ID_CURSOR = /^GPC:N:(-?\d{1,10})$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const INT4_MAX = 2 ** 31 - 1;

function isIdCursor(cursor: string): boolean {
  if (cursor.length > 64 || !BASE64.test(cursor)) return false;
  const match = ID_CURSOR.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match !== null && Math.abs(Number(match[1])) <= INT4_MAX;
}

export function assertCursor(name: 'after' | 'before', cursor: string | null | undefined): void {
  if (cursor == null || isIdCursor(cursor)) return;
  throw badUserInput(`Argument "${name}" is not a cursor of this connection; use an endCursor or startCursor it returned`);
}
