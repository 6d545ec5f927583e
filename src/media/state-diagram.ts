// The game state diagram the back office's documentation shows (`/images/doc/business/game/state_diagram.png`),
// drawn from the domain's own moves (src/domain/state-diagram.ts), as SVG and as PNG. One layout
// serves both: the states of play in a column in the order a game goes through them, the ends in a
// column beside it; each arrow carries the messages that make that move.
import { encodePng, type Rgba } from '../facades/shared/png.js';
import { captionOf, type DiagramState, type StateDiagram } from '../domain/state-diagram.js';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphPixel, textWidth } from './pixel-font.js';

const BOX_WIDTH = 200;
const BOX_HEIGHT = 40;
const ROW_GAP = 70;
const MARGIN = 30;
const PLAY_X = 150;
const END_X = 620;
const WIDTH = END_X + BOX_WIDTH + MARGIN;
const END_STATES = new Set(['finished', 'forfait', 'aborted', 'cancelled']);

interface Box {
  state: DiagramState;
  x: number;
  y: number;
}

/** One arrow: every message that moves `from` to `to`, its path (points) and where its label goes. */
export interface Arrow {
  from: DiagramState;
  to: DiagramState;
  messages: string[];
  points: readonly (readonly [number, number])[];
  label: readonly [number, number];
  /** Label to the left of its point (a self-loop's), else to the right. */
  labelLeft: boolean;
}

export interface DiagramLayout {
  width: number;
  height: number;
  boxes: Box[];
  arrows: Arrow[];
}

export function layoutOf(diagram: StateDiagram): DiagramLayout {
  const play = diagram.states.filter((state) => !END_STATES.has(state));
  const ends = diagram.states.filter((state) => END_STATES.has(state));
  const rowY = (row: number) => MARGIN + row * (BOX_HEIGHT + ROW_GAP);
  const height = rowY(play.length - 1) + BOX_HEIGHT + MARGIN;
  const endGap = ends.length > 1 ? (height - 2 * MARGIN - BOX_HEIGHT) / (ends.length - 1) : 0;
  const boxes: Box[] = [
    ...play.map((state, row) => ({ state, x: PLAY_X, y: rowY(row) })),
    ...ends.map((state, index) => ({ state, x: END_X, y: ends.length > 1 ? MARGIN + index * endGap : height / 2 - BOX_HEIGHT / 2 })),
  ];
  const boxOf = (state: DiagramState) => boxes.find((box) => box.state === state) as Box;
  const grouped = new Map<string, { from: DiagramState; to: DiagramState; messages: string[] }>();
  for (const move of diagram.transitions) {
    const key = `${move.from} ${move.to}`;
    const group = grouped.get(key);
    if (group) group.messages.push(move.message);
    else grouped.set(key, { from: move.from, to: move.to, messages: [move.message] });
  }
  const arrows = [...grouped.values()].map((group): Arrow => {
    const from = boxOf(group.from);
    const to = boxOf(group.to);
    if (from === to) {
      // A self-loop on the left of the box.
      const top = from.y + 8;
      const bottom = from.y + BOX_HEIGHT - 8;
      const out = from.x - 30;
      return {
        ...group,
        points: [
          [from.x, top],
          [out, top],
          [out, bottom],
          [from.x, bottom],
        ],
        label: [out - 6, from.y + BOX_HEIGHT / 2 + 4],
        labelLeft: true,
      };
    }
    if (from.x === to.x) {
      // Down the column: from the bottom of one box to the top of the next, a little right of centre.
      const x = from.x + BOX_WIDTH / 2 + 20;
      const down = to.y > from.y;
      const start: [number, number] = [x, down ? from.y + BOX_HEIGHT : from.y];
      const end: [number, number] = [x, down ? to.y : to.y + BOX_HEIGHT];
      return { ...group, points: [start, end], label: [x + 6, (start[1] + end[1]) / 2 + 4], labelLeft: false };
    }
    // To an end: from the right of the box to the left of the end's.
    const start: [number, number] = [from.x + BOX_WIDTH, from.y + BOX_HEIGHT / 2];
    const end: [number, number] = [to.x, to.y + BOX_HEIGHT / 2 + (from.y - to.y) / 20];
    const at = 0.08;
    return { ...group, points: [start, end], label: [start[0] + (end[0] - start[0]) * at + 4, start[1] + (end[1] - start[1]) * at - 4], labelLeft: false };
  });
  return { width: WIDTH, height, boxes, arrows };
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The diagram as SVG: each state a `<g class="state" data-state>`, each arrow a `<g class="transition" data-from data-to data-messages>`. */
export function stateDiagramSvg(diagram: StateDiagram): string {
  const layout = layoutOf(diagram);
  const boxes = layout.boxes.map(
    (box) =>
      `<g class="state" data-state="${escapeXml(box.state)}"><rect x="${box.x}" y="${box.y}" width="${BOX_WIDTH}" height="${BOX_HEIGHT}" rx="8" fill="${END_STATES.has(box.state) ? '#eef3f8' : '#ffffff'}" stroke="#1d3557"/>` +
      `<text x="${box.x + BOX_WIDTH / 2}" y="${box.y + 17}" text-anchor="middle" font-weight="bold">${escapeXml(box.state)}</text>` +
      `<text x="${box.x + BOX_WIDTH / 2}" y="${box.y + 32}" text-anchor="middle" font-size="11" fill="#555">${escapeXml(captionOf(box.state))}</text></g>`,
  );
  const arrows = layout.arrows.map((arrow) => {
    const points = arrow.points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
    const [labelX, labelY] = arrow.label;
    return (
      `<g class="transition" data-from="${escapeXml(arrow.from)}" data-to="${escapeXml(arrow.to)}" data-messages="${escapeXml(arrow.messages.join(' '))}">` +
      `<polyline points="${points}" fill="none" stroke="#457b9d" marker-end="url(#arrow)"/>` +
      `<text x="${labelX.toFixed(1)}" y="${labelY.toFixed(1)}" font-size="10" fill="#1d3557"${arrow.labelLeft ? ' text-anchor="end"' : ''}>${escapeXml(arrow.messages.join(', '))}</text></g>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" font-family="sans-serif" font-size="13">` +
    '<title>Game states and the status messages that move a game between them (undo not shown)</title>' +
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#457b9d"/></marker></defs>' +
    `<rect width="100%" height="100%" fill="#ffffff"/>${arrows.join('')}${boxes.join('')}</svg>\n`
  );
}

const WHITE: Rgba = [0xff, 0xff, 0xff, 0xff];
const INK: Rgba = [0x1d, 0x35, 0x57, 0xff];
const LINE: Rgba = [0x45, 0x7b, 0x9d, 0xff];
const END_FILL: Rgba = [0xee, 0xf3, 0xf8, 0xff];

/** The same layout rasterized: boxes, arrows with their heads, and the names in the pixel font (the captions are the SVG's). */
export function stateDiagramPng(diagram: StateDiagram): Buffer {
  const layout = layoutOf(diagram);
  const { width, height } = layout;
  const pixels = new Array<Rgba>(width * height).fill(WHITE);
  const set = (x: number, y: number, colour: Rgba) => {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px >= 0 && py >= 0 && px < width && py < height) pixels[py * width + px] = colour;
  };
  const line = ([x0, y0]: readonly [number, number], [x1, y1]: readonly [number, number], colour: Rgba) => {
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
    for (let step = 0; step <= steps; step += 1) set(x0 + ((x1 - x0) * step) / steps, y0 + ((y1 - y0) * step) / steps, colour);
  };
  const text = (words: string, x: number, y: number, scale: number, colour: Rgba) => {
    [...words].forEach((character, index) => {
      for (let gy = 0; gy < GLYPH_HEIGHT; gy += 1)
        for (let gx = 0; gx < GLYPH_WIDTH; gx += 1)
          if (glyphPixel(character, gx, gy))
            for (let sy = 0; sy < scale; sy += 1) for (let sx = 0; sx < scale; sx += 1) set(x + (index * 6 + gx) * scale + sx, y + gy * scale + sy, colour);
    });
  };
  for (const arrow of layout.arrows) {
    for (let index = 1; index < arrow.points.length; index += 1) line(arrow.points[index - 1], arrow.points[index], LINE);
    const [tipX, tipY] = arrow.points[arrow.points.length - 1];
    const [backX, backY] = arrow.points[arrow.points.length - 2];
    const length = Math.hypot(tipX - backX, tipY - backY) || 1;
    const [ux, uy] = [(tipX - backX) / length, (tipY - backY) / length];
    for (const side of [-1, 1]) line([tipX, tipY], [tipX - ux * 8 - uy * 4 * side, tipY - uy * 8 + ux * 4 * side], LINE);
    const label = arrow.messages.join(', ');
    const [labelX, labelY] = arrow.label;
    text(label, arrow.labelLeft ? labelX - textWidth(label) : labelX, labelY - GLYPH_HEIGHT, 1, INK);
  }
  for (const box of layout.boxes) {
    const fill = END_STATES.has(box.state) ? END_FILL : WHITE;
    for (let y = box.y; y <= box.y + BOX_HEIGHT; y += 1)
      for (let x = box.x; x <= box.x + BOX_WIDTH; x += 1) {
        const edge = y === box.y || y === box.y + BOX_HEIGHT || x === box.x || x === box.x + BOX_WIDTH;
        set(x, y, edge ? INK : fill);
      }
    text(box.state, box.x + (BOX_WIDTH - textWidth(box.state, 2)) / 2, box.y + (BOX_HEIGHT - GLYPH_HEIGHT * 2) / 2, 2, INK);
  }
  return encodePng(width, height, (x, y) => pixels[y * width + x]);
}
