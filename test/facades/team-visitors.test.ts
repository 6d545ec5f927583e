import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAR_HEIGHT, BAR_WIDTH, barDataUri, crc32, encodePng } from '../../src/facades/shared/png.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { expectTableEnvelope } from '../support/wire.js';

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

interface DecodedPng {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  /** RGBA rows (the scanlines without their filter byte). */
  rows: Buffer[];
}

/** Reads the PNG back chunk by chunk, checking every CRC: proves the bytes are a real PNG. */
function decodePng(png: Buffer): DecodedPng {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('latin1');
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length), `${type} CRC`).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
    chunks.push({ type, data });
    offset += 12 + length;
  }
  expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const ihdr = chunks[0].data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const raw = inflateSync(chunks[1].data);
  const stride = 1 + width * 4;
  expect(raw.length).toBe(stride * height);
  const rows = Array.from({ length: height }, (_, y) => {
    expect(raw[y * stride], 'filter type none').toBe(0);
    return raw.subarray(y * stride + 1, (y + 1) * stride);
  });
  return { width, height, bitDepth: ihdr[8], colourType: ihdr[9], rows };
}

const filledPixels = (png: DecodedPng) => {
  const first = png.rows[0];
  let filled = 0;
  while (filled < png.width && first.subarray(filled * 4, filled * 4 + 4).equals(png.rows[0].subarray(0, 4))) filled += 1;
  return filled;
};

describe('PNG encoder', () => {
  it('computes the PNG CRC-32', () => {
    expect(crc32(Buffer.from('IEND', 'latin1'))).toBe(0xae426082);
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('writes a decodable RGBA image', () => {
    const png = decodePng(encodePng(3, 2, (x, y) => [x * 100, y * 100, 7, 255]));
    expect(png).toMatchObject({ width: 3, height: 2, bitDepth: 8, colourType: 6 });
    expect([...png.rows[1].subarray(8, 12)]).toEqual([200, 100, 7, 255]);
  });

  it('draws bars as data URIs, filled in proportion', () => {
    for (const [percent, filled] of [
      [100, BAR_WIDTH],
      [50, BAR_WIDTH / 2],
      [37.4, 37],
    ] as const) {
      const uri = barDataUri(percent);
      expect(uri).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      const png = decodePng(Buffer.from(uri.split(',')[1], 'base64'));
      expect([png.width, png.height]).toEqual([BAR_WIDTH, BAR_HEIGHT]);
      expect(filledPixels(png)).toBe(filled);
    }
  });
});

describe('GET /api/teams/visitors', () => {
  it('ranks the teams of the men’s top league by their home games’ average spectators', async () => {
    const body = await getJson(league.app, '/api/teams/visitors');
    expectTableEnvelope(body);
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['rank', 'team_name', 'average_visitors', 'percent_of_top']);
    expect(body.data.context).toMatchObject({ season: 2026, league: 1, game_class: 11 });
    const rows = body.data.regions[0].rows;
    const teams = await league.db.prisma.team.findMany({ where: { gameClassId: 11, registrations: { some: { group: { seasonId: 2026, leagueId: 1 } } } } });
    expect(rows.map((r: Json) => r.id).sort()).toEqual(teams.map((t) => t.id).sort());
    const averages: number[] = [];
    for (const r of rows) {
      expect(r.cells).toHaveLength(4);
      const games = await league.db.prisma.game.findMany({
        where: {
          homeTeamId: r.id,
          status: 'FINISHED',
          spectators: { not: null },
          OR: [{ group: { seasonId: 2026 } }, { cupRound: { tournament: { seasonId: 2026 } } }],
        },
      });
      const mean = games.reduce((sum, g) => sum + g.spectators!, 0) / games.length;
      expect(r.cells[2].text).toEqual([String(Math.round(mean))]);
      averages.push(mean);
    }
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    expect(rows[0].cells[0].text).toEqual(['1']);
    const top = decodePng(Buffer.from(rows[0].cells[3].image.url.split(',')[1], 'base64'));
    expect(filledPixels(top)).toBe(BAR_WIDTH);
    const last = rows[rows.length - 1];
    const lastPng = decodePng(Buffer.from(last.cells[3].image.url.split(',')[1], 'base64'));
    expect(filledPixels(lastPng)).toBe(Math.round((averages[averages.length - 1] / averages[0]) * BAR_WIDTH));
    expect(last.cells[3].image.alt).toBe(`${Math.round((averages[averages.length - 1] / averages[0]) * 100)}%`);
  });

  it('takes several leagues, a game class and a season; runs a fixed number of queries', async () => {
    const body = await getJson(league.app, '/api/teams/visitors?league=1,2&game_class=11&season=2025');
    const teams = await league.db.prisma.team.count({
      where: { gameClassId: 11, registrations: { some: { group: { seasonId: 2025, leagueId: { in: [1, 2] } } } } },
    });
    expect(body.data.regions[0].rows).toHaveLength(teams);
    expect(body.data.title).toBe('Zuschauer Herren GF L-UPL, NLB');
    expect(await countQueries(league.db, () => getJson(league.app, '/api/teams/visitors?league=1,2&season=2025'))).toBeLessThanOrEqual(7);
  });

  it('answers bad input with the error envelope', async () => {
    await expectError(league.app, '/api/teams/visitors?game_class=21', 400, /league is required/);
    await expectError(league.app, '/api/teams/visitors?league=x', 400, /league/);
    await expectError(league.app, '/api/teams/visitors?season=1800', 400, /season/);
    await expectError(league.app, '/api/teams/visitors?season=2100', 404, /season/);
  });
});
