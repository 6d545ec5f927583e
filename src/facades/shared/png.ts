import { deflateSync } from 'node:zlib';

/**
 * A minimal PNG encoder (RFC 2083: signature, IHDR, one IDAT, IEND; 8-bit RGBA, no filtering) for the
 * small bar images deployed clients expect as data URIs; small enough not to warrant a dependency.
 */
export type Rgba = readonly [number, number, number, number];

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG chunks use it (ISO 3309 polynomial, reflected). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes an image given as a pixel function; every scanline uses filter type 0 (none). */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) throw new Error(`bad PNG size ${width}x${height}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type: truecolour with alpha
  // bytes 10–12: compression 0 (deflate), filter method 0, no interlace
  const stride = 1 + width * 4;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) raw.set(pixel(x, y), y * stride + 1 + x * 4);
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export const BAR_WIDTH = 100;
export const BAR_HEIGHT = 10;
const FILLED: Rgba = [0x00, 0x6c, 0xb5, 0xff];
const TRACK: Rgba = [0xe3, 0xe8, 0xee, 0xff];

/** A horizontal bar, `percent` (0–100) of it filled, as a `data:image/png;base64,…` URI. */
export function barDataUri(percent: number): string {
  const filled = Math.round((Math.min(100, Math.max(0, percent)) / 100) * BAR_WIDTH);
  const png = encodePng(BAR_WIDTH, BAR_HEIGHT, (x) => (x < filled ? FILLED : TRACK));
  return `data:image/png;base64,${png.toString('base64')}`;
}
