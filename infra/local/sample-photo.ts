import { crc32, deflateSync } from 'node:zlib';

/**
 * The sample project's photo: a swatch of white subway tile with warm grey grout, drawn here as a
 * PNG so the demo needs no file from the internet (nor a binary in the repository).
 */

const WIDTH = 360;
const HEIGHT = 240;
const TILE = { width: 90, height: 30 };
const GROUT = 3;

/** The swatch as PNG bytes (8-bit RGB). */
export function subwayTilePng(): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < HEIGHT; y++) {
    const row = Buffer.alloc(1 + WIDTH * 3); // filter byte 0: none
    const course = Math.floor(y / TILE.height);
    for (let x = 0; x < WIDTH; x++) {
      // Every other course is laid half a tile over: the running bond of subway tile.
      const shifted = x + (course % 2 ? TILE.width / 2 : 0);
      const inGrout = y % TILE.height < GROUT || shifted % TILE.width < GROUT;
      // A soft glaze: tiles lighten a little towards their top edge.
      const shade = inGrout ? 0 : Math.round(12 * (1 - (y % TILE.height) / TILE.height));
      const [r, g, b] = inGrout ? [158, 150, 140] : [236 + shade / 2, 238 + shade / 2, 240 + shade / 3];
      row.set([r, g, b].map(Math.round), 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}
