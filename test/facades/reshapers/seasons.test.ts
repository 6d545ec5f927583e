import { describe, expect, it } from 'vitest';
import { reshapeSeasons, type SeasonsData } from '../../../src/facades/rest/seasons.js';
import { renderContextFor } from '../../support/render.js';

const data: SeasonsData = {
  seasons: [
    { id: 2026, label: '2026/27', isCurrent: true },
    { id: 2025, label: '2025/26', isCurrent: false },
  ],
};

describe('reshapeSeasons', () => {
  it('one entry per season in the order given, the current one highlighted, with both context keys', () => {
    const dropdown = reshapeSeasons(data, { format: 'dropdown' }, renderContextFor('de'));
    expect(dropdown).toEqual({
      type: 'dropdown',
      text: 'Saison',
      resource: '/seasons',
      entries: [
        { text: '2026/27', set_in_context: { saison_id: 2026, season: 2026 }, entries: [], highlight: true },
        { text: '2025/26', set_in_context: { saison_id: 2025, season: 2025 }, entries: [], highlight: false },
      ],
      levels: ['Saison'],
      highlight: false,
    });
  });

  it('translates the text, not the level clients match on', () => {
    expect(reshapeSeasons(data, {}, renderContextFor('it'))).toMatchObject({ text: 'Stagione', levels: ['Saison'] });
  });
});
