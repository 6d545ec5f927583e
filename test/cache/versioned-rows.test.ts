import { describe, expect, it } from 'vitest';
import type { CacheClock } from '../../src/cache/bounded.js';
import { type RowBounds, VersionedRows } from '../../src/cache/versioned-rows.js';
import { createLocalChangeFeed, type ChangeFeedState, type LeagueChange } from '../../src/live/changes.js';

interface Row {
  id: number;
  version: number;
  text: string;
}

/** Bounds that never bind: a row weighs its text and a fixed 100 bytes. */
const ROOMY: RowBounds<Row> = { maxRows: 100, maxBytes: 1_000_000, weigh: (row) => 100 + 2 * row.text.length };

/** Rows kept over a feed whose state the test sets, and a reader that records what it was asked for. */
function keptRows(ttlMs = 60_000, bounds = ROOMY, now?: CacheClock) {
  const local = createLocalChangeFeed();
  let state: ChangeFeedState = 'listening';
  const feed = { subscribe: local.subscribe, state: () => state };
  const rows = new VersionedRows<Row>({ ttlMs, changes: feed, now }, bounds);
  const asked: number[][] = [];
  const database = new Map<number, Row>();
  const read = async (ids: number[]) => {
    asked.push(ids);
    return ids.flatMap((id) => database.get(id) ?? []);
  };
  return { rows, read, asked, database, publish: (change: LeagueChange) => local.publish(change), setState: (next: ChangeFeedState) => (state = next) };
}

const put = (database: Map<number, Row>, id: number, version: number, text = `game ${id} v${version}`) => database.set(id, { id, version, text });

describe('rows kept by version', () => {
  it('reads only the records whose version moved, and keeps the listed order', async () => {
    const { rows, read, asked, database } = keptRows();
    for (const id of [1, 2, 3]) put(database, id, 1);
    expect(
      (
        await rows.assemble(
          [1, 2, 3].map((id) => ({ id, version: 1 })),
          read,
        )
      ).map((row) => row.text),
    ).toEqual(['game 1 v1', 'game 2 v1', 'game 3 v1']);
    put(database, 2, 2);
    const listed = [
      { id: 3, version: 1 },
      { id: 2, version: 2 },
      { id: 1, version: 1 },
    ];
    expect((await rows.assemble(listed, read)).map((row) => row.text)).toEqual(['game 3 v1', 'game 2 v2', 'game 1 v1']);
    expect(asked).toEqual([[1, 2, 3], [2]]);
  });

  it('takes a held row newer than listed (a lagging replica listed it), and leaves out a record no longer found', async () => {
    const { rows, read, asked, database } = keptRows();
    put(database, 1, 5);
    put(database, 2, 1);
    await rows.assemble(
      [
        { id: 1, version: 5 },
        { id: 2, version: 1 },
      ],
      read,
    );
    database.delete(2);
    const again = await rows.assemble(
      [
        { id: 1, version: 4 },
        { id: 2, version: 2 },
      ],
      read,
    );
    expect(again.map((row) => row.text)).toEqual(['game 1 v5']);
    expect(asked.at(-1)).toEqual([2]);
  });

  it('reads everything again after data changed wholesale, and while the feed may be missing changes', async () => {
    const { rows, read, asked, database, publish, setState } = keptRows();
    put(database, 1, 1);
    const listed = [{ id: 1, version: 1 }];
    await rows.assemble(listed, read);
    publish({ kind: 'data' });
    await rows.assemble(listed, read);
    setState('catching-up');
    await rows.assemble(listed, read);
    setState('listening');
    await rows.assemble(listed, read);
    expect(asked).toEqual([[1], [1], [1]]);
  });

  it('keeps rows within its byte bound, the least recently used going first', async () => {
    const { rows, read, asked, database } = keptRows(60_000, { maxRows: 100, maxBytes: 250, weigh: () => 100 });
    for (const id of [1, 2, 3]) put(database, id, 1);
    await rows.assemble(
      [1, 2, 3].map((id) => ({ id, version: 1 })),
      read,
    );
    expect(rows.stats()).toEqual({ rows: 2, bytes: 200, listings: 0 });
    await rows.assemble(
      [3, 1].map((id) => ({ id, version: 1 })),
      read,
    );
    expect(asked).toEqual([[1, 2, 3], [1]]);
  });

  it('lets rows go when their time is up, on the clock it is given', async () => {
    let now = 0;
    const { rows, read, asked, database } = keptRows(1000, ROOMY, () => now);
    put(database, 1, 1);
    const listed = [{ id: 1, version: 1 }];
    await rows.assemble(listed, read);
    now = 500;
    await rows.assemble(listed, read);
    now = 1500;
    await rows.assemble(listed, read);
    expect(asked).toEqual([[1], [1]]);
  });

  it('keeps nothing with the response cache off', async () => {
    const { rows, read, asked, database } = keptRows(0);
    put(database, 1, 1);
    await rows.assemble([{ id: 1, version: 1 }], read);
    await rows.assemble([{ id: 1, version: 1 }], read);
    expect(rows.enabled).toBe(false);
    expect(asked).toEqual([[1], [1]]);
  });
});

/** The change a live write to `gameId` announces, at `version`. */
const gameWritten = (gameId: number, version: number): LeagueChange => ({
  kind: 'game',
  game: {
    gameId,
    version,
    kind: 'EVENT_ADDED',
    eventId: null,
    status: 'LIVE',
    homeScore: 1,
    awayScore: 0,
    scoreChanged: true,
    groupId: null,
    homeTeamId: 1,
    awayTeamId: 2,
    homeClubId: 1,
    awayClubId: 2,
  },
});

describe('listings kept and brought up to date by the change feed', () => {
  /** A listing statement over `versions` (id → version) that counts its reads. */
  function lister(versions: Map<number, number>) {
    let reads = 0;
    const read = async () => {
      reads += 1;
      return { listed: [...versions].map(([id, version]) => ({ id, version })), extra: { slider: 'next' } };
    };
    return { read, reads: () => reads };
  }

  it('reads a listing once, then raises the version of the game a change names; another game of the feed changes nothing listed', async () => {
    const { rows, publish } = keptRows();
    const { read, reads } = lister(
      new Map([
        [1, 1],
        [2, 1],
      ]),
    );
    expect(await rows.listing('day', read)).toEqual({
      listed: [
        { id: 1, version: 1 },
        { id: 2, version: 1 },
      ],
      extra: { slider: 'next' },
    });
    publish(gameWritten(2, 4));
    publish(gameWritten(9, 7));
    // An older change heard late moves no version back.
    publish(gameWritten(2, 3));
    expect(await rows.listing('day', read)).toEqual({
      listed: [
        { id: 1, version: 1 },
        { id: 2, version: 4 },
      ],
      extra: { slider: 'next' },
    });
    expect(reads()).toBe(1);
    expect(rows.stats().listings).toBe(1);
  });

  it('reads again after an import, while the feed may be missing changes, and after a change that arrived during its read', async () => {
    const { rows, publish, setState } = keptRows();
    const versions = new Map([[1, 1]]);
    const { read, reads } = lister(versions);
    await rows.listing('day', read);
    publish({ kind: 'data' });
    await rows.listing('day', read);
    expect(reads()).toBe(2);
    setState('catching-up');
    await rows.listing('day', read);
    setState('listening');
    await rows.listing('day', read);
    expect(reads()).toBe(3);
    // A change heard while the listing is read: the listing may predate it, so it is used but not kept.
    publish({ kind: 'data' });
    const racing = async () => {
      const listed = await read();
      publish(gameWritten(1, 2));
      return listed;
    };
    expect((await rows.listing('day', racing)).listed).toEqual([{ id: 1, version: 1 }]);
    versions.set(1, 2);
    expect((await rows.listing('day', read)).listed).toEqual([{ id: 1, version: 2 }]);
    expect(reads()).toBe(5);
  });

  it('keeps nothing with the cache off', async () => {
    const local = createLocalChangeFeed();
    const rows = new VersionedRows<Row>({ ttlMs: 0, changes: local }, ROOMY);
    const { read, reads } = lister(new Map([[1, 1]]));
    await rows.listing('day', read);
    await rows.listing('day', read);
    expect(reads()).toBe(2);
  });
});
