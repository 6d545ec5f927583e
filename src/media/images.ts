// Placeholder images as SVG, each a pure function of an id: logos are a shield or a disc in two
// colours with a monogram, portraits a silhouette (one person, or a team row) on a coloured
// background. The same id always yields the same bytes, so responses can be cached for long.

const PALETTE: readonly (readonly [background: string, accent: string])[] = [
  ['#c8102e', '#ffffff'],
  ['#003f87', '#ffd200'],
  ['#0b6e4f', '#ffffff'],
  ['#1d1d1b', '#f2a900'],
  ['#5b2a86', '#f4f4f4'],
  ['#e35205', '#10213a'],
  ['#00857c', '#fbe122'],
  ['#7a1f2b', '#e8d8b0'],
  ['#2c5fa8', '#ffffff'],
  ['#ffd100', '#1a1a1a'],
  ['#3a3a3a', '#d7282f'],
  ['#6cace4', '#0c2340'],
];

const PORTRAIT_BACKGROUNDS = ['#dfe7ef', '#e9e2d8', '#dde9df', '#ece0e6', '#e4e4ee', '#efe9d9'] as const;
const SILHOUETTE_COLOURS = ['#5d6d7e', '#6e5d4f', '#4f6b5a', '#6b5366', '#55586e', '#72674a'] as const;

/** A well-mixed 32-bit hash of an id, so neighbouring ids get unrelated colours. */
function mix(id: number, salt: number): number {
  let hash = Math.imul((id ^ salt) >>> 0, 0x9e3779b1);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Letters for a logo when none are given: two or three letters derived from the id. */
export function monogramFromId(id: number): string {
  const letters = 'ABCDEFGHJKLMNOPRSTUVWZ';
  const hash = mix(id, 0x51ed);
  const length = 2 + (hash % 2);
  let text = '';
  for (let index = 0; index < length; index++) text += letters[Math.floor(hash / 7 ** (index + 1)) % letters.length];
  return text;
}

/** Keeps letters and digits, at most three, upper case. */
function cleanMonogram(monogram: string): string {
  const cleaned = [...monogram.normalize('NFC')]
    .filter((char) => /[\p{L}\p{N}]/u.test(char))
    .slice(0, 3)
    .join('')
    .toUpperCase();
  return cleaned || '?';
}

function svg(content: string, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(label)}">${content}</svg>\n`;
}

export type LogoShape = 'shield' | 'circle';

export interface LogoOptions {
  /** Colours follow the seed (the record id). */
  seed: number;
  /** One to three letters; derived from the seed when absent. */
  monogram?: string;
  shape: LogoShape;
}

export function logoSvg(options: LogoOptions): string {
  const [background, accent] = PALETTE[mix(options.seed, 0xc01) % PALETTE.length];
  const text = escapeXml(cleanMonogram(options.monogram ?? monogramFromId(options.seed)));
  const fontSize = text.length >= 3 ? 50 : text.length === 2 ? 64 : 84;
  const outline =
    options.shape === 'shield'
      ? `<path d="M100 8 L184 36 V96 C184 148 146 180 100 194 C54 180 16 148 16 96 V36 Z" fill="${background}" stroke="${accent}" stroke-width="8"/>`
      : `<circle cx="100" cy="100" r="90" fill="${background}" stroke="${accent}" stroke-width="8"/>`;
  const band =
    mix(options.seed, 0xba4d) % 2 === 0
      ? `<path d="M30 150 L170 150" stroke="${accent}" stroke-width="6" stroke-linecap="round" opacity="0.8"/>`
      : `<path d="M40 56 L160 56" stroke="${accent}" stroke-width="6" stroke-linecap="round" opacity="0.8"/>`;
  const letters = `<text x="100" y="${100 + fontSize * 0.35}" font-family="Helvetica, Arial, sans-serif" font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="${accent}">${text}</text>`;
  return svg(outline + band + letters, `Logo ${text}`);
}

function person(x: number, y: number, scale: number, colour: string): string {
  const head = `<circle cx="${x}" cy="${y}" r="${22 * scale}" fill="${colour}"/>`;
  const top = y + 26 * scale;
  const body = `<path d="M${x - 48 * scale} ${top + 70 * scale} C${x - 46 * scale} ${top + 10 * scale} ${x - 28 * scale} ${top} ${x} ${top} C${x + 28 * scale} ${top} ${x + 46 * scale} ${top + 10 * scale} ${x + 48 * scale} ${top + 70 * scale} Z" fill="${colour}"/>`;
  return head + body;
}

export interface PortraitOptions {
  seed: number;
  /** 1 for a player; more for a team picture. */
  people: number;
}

export function portraitSvg(options: PortraitOptions): string {
  const background = PORTRAIT_BACKGROUNDS[mix(options.seed, 0xbac) % PORTRAIT_BACKGROUNDS.length];
  const colour = SILHOUETTE_COLOURS[mix(options.seed, 0x5110) % SILHOUETTE_COLOURS.length];
  const people = Math.max(1, Math.min(7, Math.floor(options.people)));
  const figures: string[] = [];
  if (people === 1) {
    figures.push(person(100, 78, 1.4, colour));
  } else {
    const scale = 0.75;
    const step = 170 / people;
    for (let index = 0; index < people; index++) figures.push(person(15 + step * (index + 0.5), 92 + (index % 2) * 8, scale, colour));
  }
  return svg(`<rect width="200" height="200" fill="${background}"/>${figures.join('')}`, people === 1 ? 'Portrait' : 'Team portrait');
}

export const clubLogoSvg = (id: number, monogram?: string): string => logoSvg({ seed: id, monogram, shape: 'shield' });
export const teamLogoSvg = (id: number, monogram?: string): string => logoSvg({ seed: id, monogram, shape: 'circle' });
export const teamPortraitSvg = (id: number): string => portraitSvg({ seed: id, people: 5 });
export const playerPortraitSvg = (id: number): string => portraitSvg({ seed: id, people: 1 });
