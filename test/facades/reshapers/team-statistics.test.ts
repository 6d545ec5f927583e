import { describe, expect, it } from 'vitest';
import { reshapeTeamStatistics, type TeamStatisticsData } from '../../../src/facades/rest/team-statistics.js';
import type { SeasonRecordData } from '../../../src/facades/rest/shared/achievements.js';
import { renderContextFor } from '../../support/render.js';

const champion: SeasonRecordData = {
  season: { id: 2025, label: '2025/26' },
  team: { id: 7, name: 'UHC Erlengrund' },
  groups: [
    { name: 'Gruppe 1', phase: 'QUALIFICATION', league: { name: 'L-UPL' }, gameClass: { name: 'Herren GF' } },
    { name: 'Playoff', phase: 'PLAYOFF', league: { name: 'L-UPL' }, gameClass: { name: 'Herren GF' } },
  ],
  qualificationRank: 2,
  qualificationGroup: { name: 'Gruppe 1', league: { name: 'L-UPL' }, gameClass: { name: 'Herren GF' } },
  finalPhase: { phase: 'PLAYOFF', round: { name: 'Final', final: true, won: true } },
  cup: null,
};
const quiet: SeasonRecordData = {
  ...champion,
  season: { id: 2024, label: '2024/25' },
  groups: [],
  qualificationRank: null,
  qualificationGroup: null,
  finalPhase: null,
};
const data: TeamStatisticsData = { team: { id: 7, name: 'UHC Erlengrund', seasonRecords: [champion, quiet] } };

describe('reshapeTeamStatistics', () => {
  it('one row per season: leagues, final phase, qualification rank, cup; "-" where the team had none', () => {
    const table = reshapeTeamStatistics(data, { team_id: 7 }, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['season', 'league', 'playoff_out', 'qualification', 'cup']);
    expect(table.data.title).toBe('Erfolge UHC Erlengrund');
    expect(table.data.context).toEqual({ team_id: 7, locale: 'de_CH' });
    expect(table.data.regions[0].rows.map((r) => r.cells.map((c) => c.text?.join(' ')))).toEqual([
      ['2025/26', 'Herren GF L-UPL', 'Playoff: Final (gewonnen)', '2. Rang', '-'],
      ['2024/25', '-', '-', '-', '-'],
    ]);
  });

  it('speaks the requested language', () => {
    const table = reshapeTeamStatistics(data, { team_id: 7 }, renderContextFor('fr'));
    expect(table.data.headers[3].text).toBe('Qualification');
    expect(table.data.context).toEqual({ team_id: 7, locale: 'fr_CH' });
  });

  it('an unknown team is a 404 naming the id asked for', () => {
    expect(() => reshapeTeamStatistics({ team: null }, { team_id: 99 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No team 99' }),
    );
  });
});
