// Brigade's icon, drawn here at build time (no file copied from elsewhere): a plate, a white
// ring with the accent's dot inside, on the ink's rounded square. One shape, three outputs: the
// SVG icon, PNGs of any size (the web app manifest's 192 and 512) and favicon.ico (a 32 px PNG
// in an ICO). The web app manifest is the terminal's (docs/design.md §11).
import { crc32, deflateSync } from "node:zlib";

const INK: Rgb = [17, 24, 39];
const ACCENT: Rgb = [29, 78, 216];
const WHITE: Rgb = [255, 255, 255];
type Rgb = readonly [number, number, number];

// In units of the icon's side: the square's corner radius, the plate's ring and its dot.
const CORNER = 0.22;
const RING_OUTER = 0.34;
const RING_INNER = 0.26;
const DOT = 0.16;

export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="${CORNER * 100}" fill="rgb(${INK.join(",")})"/>
<circle cx="50" cy="50" r="${((RING_OUTER + RING_INNER) / 2) * 100}" fill="none" stroke="white" stroke-width="${(RING_OUTER - RING_INNER) * 100}"/>
<circle cx="50" cy="50" r="${DOT * 100}" fill="rgb(${ACCENT.join(",")})"/>
</svg>
`;

/** The colour and opacity at (x, y), both in 0..1 of the side: null outside the square. */
export function colourAt(x: number, y: number): Rgb | null {
  const cornerX = Math.min(Math.max(x, CORNER), 1 - CORNER);
  const cornerY = Math.min(Math.max(y, CORNER), 1 - CORNER);
  if (Math.hypot(x - cornerX, y - cornerY) > CORNER) return null;
  const fromCentre = Math.hypot(x - 0.5, y - 0.5);
  if (fromCentre <= DOT) return ACCENT;
  if (fromCentre >= RING_INNER && fromCentre <= RING_OUTER) return WHITE;
  return INK;
}

// Samples per pixel along each axis: smooth edges without a rasteriser.
const SAMPLES = 4;

function pixels(size: number): Buffer {
  // Each row starts with PNG's filter byte (0: none), then RGBA.
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py += 1) {
    const row = py * (size * 4 + 1);
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const colour = colourAt((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size);
          if (colour === null) continue;
          sum[0] += colour[0];
          sum[1] += colour[1];
          sum[2] += colour[2];
          sum[3] += 1;
        }
      }
      const at = row + 1 + px * 4;
      const covered = sum[3];
      rows[at] = covered ? Math.round(sum[0] / covered) : 0;
      rows[at + 1] = covered ? Math.round(sum[1] / covered) : 0;
      rows[at + 2] = covered ? Math.round(sum[2] / covered) : 0;
      rows[at + 3] = Math.round((255 * covered) / (SAMPLES * SAMPLES));
    }
  }
  return rows;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The icon as a size × size RGBA PNG. */
export function iconPng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits a channel, RGBA, deflate, no filter set, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels(size))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** favicon.ico: one 32 × 32 image, stored as a PNG (every browser reads PNG inside ICO). */
export function faviconIco(): Buffer {
  const png = iconPng(32);
  const directory = Buffer.alloc(6 + 16);
  directory.writeUInt16LE(0, 0); // reserved
  directory.writeUInt16LE(1, 2); // an icon
  directory.writeUInt16LE(1, 4); // one image
  directory.set([32, 32, 0, 0], 6); // width, height, no palette, reserved
  directory.writeUInt16LE(1, 10); // colour planes
  directory.writeUInt16LE(32, 12); // bits a pixel
  directory.writeUInt32LE(png.length, 14);
  directory.writeUInt32LE(directory.length, 18);
  return Buffer.concat([directory, png]);
}

/** The terminal's web app manifest: installed from its page, it opens full screen. */
export const TERMINAL_MANIFEST = {
  name: "Brigade terminal",
  short_name: "Brigade",
  start_url: "/",
  scope: "/",
  display: "fullscreen",
  orientation: "any",
  background_color: "#f3f4f6",
  theme_color: "#111827",
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
  ],
};
