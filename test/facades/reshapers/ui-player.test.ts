import { describe, expect, it } from 'vitest';
import { reshapeNationalPlayerStatistics } from '../../../src/facades/rest/national-players.js';
import { reshapePlayerOverview } from '../../../src/facades/rest/player-overview.js';
import { reshapePlayerDetail, reshapePlayerStatistics } from '../../../src/facades/rest/players.js';
import { reshapeUiPlayer, type UiPlayerData } from '../../../src/facades/rest/ui-player.js';
import type { MultiTableRow } from '../../../src/facades/shared/wire.js';
import { renderContextFor } from '../../support/render.js';

const totals = { games: 10, goals: 4, assists: 3, points: 7, penalties2: 1, penalties5: 0, penalties10: 0, matchPenalties: 0 };
const team = { id: 3, name: 'UH Neu I' };
const player: NonNullable<UiPlayerData['player']> = {
  id: 5,
  firstName: 'Anna',
  lastName: 'Muster',
  yearOfBirth: 2001,
  heightCm: 170,
  weightKg: null,
  position: 'FORWARD',
  portraitUrl: null,
  licenses: [{ licenseType: 'Aktivlizenz Damen GF', season: { id: 2026 }, club: { name: 'UH Neu' }, team: null }],
  memberships: [{ number: 17, position: 'CENTER', season: { id: 2026 }, team: { club: { name: 'UH Neu' } } }],
  statistics: [
    { ...totals, season: { id: 2026, label: '2026/27' }, league: { name: 'L-UPL' }, gameClass: { name: 'Damen GF' }, cupTournament: null, team },
    { ...totals, games: 2, season: { id: 2026, label: '2026/27' }, league: null, gameClass: { name: 'Damen GF' }, cupTournament: { name: 'Cup' }, team },
  ],
  nationalPlayer: { id: 70001, player: { firstName: 'Anna', lastName: 'Muster' }, records: [{ ...totals, selection: { name: 'Damen A' } }] },
};
const data: UiPlayerData = {
  season: { label: '2026/27' },
  player,
  overview: {
    id: 5,
    firstName: 'Anna',
    lastName: 'Muster',
    memberships: [{ team }],
    games: [
      {
        played: true,
        goals: 1,
        assists: 0,
        points: 1,
        penaltyMinutes: 0,
        teamId: team.id,
        game: {
          id: 11,
          startsAt: '2026-10-17T15:30:00.000Z',
          status: 'FINISHED',
          homeScore: 3,
          awayScore: 1,
          decidedBy: 'REGULAR',
          venue: { name: 'Halle', city: 'Ort' },
          homeTeam: team,
          awayTeam: { id: 9, name: 'UH Alt' },
          homePlaceholder: null,
          awayPlaceholder: null,
        },
      },
    ],
  },
};
const params = { player_id: 5, season: 2026 };
const rowsOf = (body: ReturnType<typeof reshapeUiPlayer>) => body.data.regions[0].rows as MultiTableRow[];

describe('reshapeUiPlayer', () => {
  it("is a multi table whose rows hold the player's tables as their own reshapers build them", () => {
    const ctx = renderContextFor('de');
    const body = reshapeUiPlayer(data, params, ctx);
    expect(Object.keys(body)).toEqual(['type', 'subtype', 'doc', 'data']);
    expect(body).toMatchObject({ type: 'table', subtype: 'multi', doc: 'http://test.local/api/doc/multi' });
    expect(body.data).toMatchObject({
      context: { player_id: 5, season: 2026, locale: 'de_CH' },
      headers: [],
      title: 'Anna Muster',
      subtitle: null,
      tabs: [],
      slider: null,
    });
    expect(body.data.regions).toHaveLength(1);
    expect(body.data.regions[0].text).toBeNull();
    const rows = rowsOf(body);
    for (const row of rows) expect(Object.keys(row)).toEqual(['highlight', 'cells', 'table']);
    expect(rows.map((row) => row.cells)).toEqual([[], [], [], []]);
    expect(rows.map((row) => row.table)).toEqual([
      reshapePlayerDetail({ player }, { player_id: 5 }, ctx),
      reshapePlayerStatistics({ player }, { player_id: 5 }, ctx),
      reshapePlayerOverview({ season: data.season, player: data.overview }, params, ctx),
      reshapeNationalPlayerStatistics({ nationalPlayer: player.nationalPlayer }, { national_player_id: 70001 }, ctx),
    ]);
    const [profile, statistics, games, national] = rows.map((row) => row.table);
    expect(profile.data.regions[0].rows[0].cells[1].text).toEqual(['UH Neu']);
    expect(statistics.data.regions[0].rows.map((row) => row.cells[1].text)).toEqual([['Damen GF L-UPL'], ['Cup']]);
    expect(games.data.regions[0].rows.map((row) => row.id)).toEqual([11]);
    expect(national.data.context).toEqual({ national_player_id: 70001, locale: 'de_CH' });
    expect(national.data.regions[0].rows[0].cells[0].text).toEqual(['Damen A']);
  });

  it('leaves the national table out for a player who is no national player', () => {
    const body = reshapeUiPlayer({ ...data, player: { ...player, nationalPlayer: null } }, params, renderContextFor('de'));
    expect(rowsOf(body).map((row) => row.table.data.headers[0].key)).toEqual(['portrait', 'saison', 'date']);
  });

  it('builds every table in the asked language', () => {
    for (const [locale, context, license, league] of [
      ['fr', 'fr_CH', 'Licence', 'Ligue'],
      ['it', 'it_CH', 'Licenza', 'Lega'],
      ['en', 'en', 'License', 'League'],
    ] as const) {
      const body = reshapeUiPlayer(data, params, renderContextFor(locale));
      expect(body.data.context).toEqual({ player_id: 5, season: 2026, locale: context });
      const [profile, statistics, games, national] = rowsOf(body).map((row) => row.table);
      expect(profile.data.headers[7].text).toBe(license);
      expect(statistics.data.headers[1].text).toBe(league);
      for (const table of [profile, statistics, games, national]) expect(table.data.context?.locale).toBe(context);
    }
  });

  it('answers an unknown player with a 404 naming the id', () => {
    expect(() => reshapeUiPlayer({ season: data.season, player: null, overview: null }, { player_id: 99, season: 2026 }, renderContextFor('de'))).toThrow(
      expect.objectContaining({ status: 404, message: 'No player 99' }),
    );
  });
});
