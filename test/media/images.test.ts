import { create } from 'xmlbuilder2';
import { describe, expect, it } from 'vitest';
import { clubLogoSvg, logoSvg, monogramFromId, playerPortraitSvg, portraitSvg, teamLogoSvg, teamPortraitSvg } from '../../src/media/images.js';

/** Parses the SVG as XML (throws when not well-formed) and returns the root element's name and attributes. */
function root(svg: string): { name: string; attributes: Record<string, string> } {
  const parsed = create(svg).end({ format: 'object' }) as Record<string, Record<string, string>>;
  const [name] = Object.keys(parsed);
  const attributes = Object.fromEntries(
    Object.entries(parsed[name])
      .filter(([key]) => key.startsWith('@'))
      .map(([key, value]) => [key.slice(1), value]),
  );
  return { name, attributes };
}

describe('SVG images', () => {
  it('are well-formed SVG documents with a viewBox', () => {
    for (const svg of [clubLogoSvg(12), teamLogoSvg(40), teamPortraitSvg(40), playerPortraitSvg(900)]) {
      const { name, attributes } = root(svg);
      expect(name).toBe('svg');
      expect(attributes).toMatchObject({ xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 200 200' });
    }
  });

  it('are a pure function of the id', () => {
    expect(clubLogoSvg(401001)).toBe(clubLogoSvg(401001));
    expect(playerPortraitSvg(600001)).toBe(playerPortraitSvg(600001));
    const logos = new Set(Array.from({ length: 20 }, (_, index) => clubLogoSvg(401001 + index)));
    expect(logos.size).toBeGreaterThan(15);
  });

  it('draw a shield for clubs and a disc for teams', () => {
    expect(clubLogoSvg(1)).toContain('<path d="M100 8');
    expect(teamLogoSvg(1)).toContain('<circle');
  });

  it('show a given monogram, cleaned to three letters, or one derived from the id', () => {
    expect(logoSvg({ seed: 5, monogram: 'UB', shape: 'shield' })).toContain('>UB</text>');
    expect(logoSvg({ seed: 5, monogram: 'uhc birkenfeld', shape: 'circle' })).toContain('>UHC</text>');
    expect(logoSvg({ seed: 5, monogram: '<&>', shape: 'circle' })).toContain('>?</text>');
    expect(monogramFromId(7)).toMatch(/^[A-Z]{2,3}$/);
    expect(clubLogoSvg(7)).toContain(`>${monogramFromId(7)}</text>`);
  });

  it('draw one person for a player and a row of people for a team', () => {
    const heads = (svg: string) => svg.match(/<circle/g)?.length ?? 0;
    expect(heads(playerPortraitSvg(3))).toBe(1);
    expect(heads(teamPortraitSvg(3))).toBe(5);
    expect(heads(portraitSvg({ seed: 3, people: 40 }))).toBe(7);
  });
});
