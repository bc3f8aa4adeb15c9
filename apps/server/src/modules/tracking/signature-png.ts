import { encodeGreyPng } from '../../grey-png';

/**
 * A drawn signature as a small greyscale PNG, made from a seed alone (no fonts, no network): a
 * pen runs left to right through loops and strokes whose sizes the seed draws, then underlines.
 * The same seed gives the same bytes. Used for the demo carriers' delivery receipts.
 */

export const SIGNATURE_WIDTH = 320;
export const SIGNATURE_HEIGHT = 96;

/** mulberry32 over a 32-bit seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A signature drawn from `seed`, `letters` strokes long (a name's length, say). */
export function signaturePng(seed: number, letters = 10): Buffer {
  const w = SIGNATURE_WIDTH;
  const h = SIGNATURE_HEIGHT;
  const rand = generator(seed);
  const pixels = new Uint8Array(w * h).fill(255);
  /** A round pen tip of radius `r` at (x, y), anti-aliased by distance. */
  const dab = (x: number, y: number, r: number) => {
    for (let py = Math.floor(y - r - 1); py <= Math.ceil(y + r + 1); py++) {
      for (let px = Math.floor(x - r - 1); px <= Math.ceil(x + r + 1); px++) {
        if (px < 0 || py < 0 || px >= w || py >= h) continue;
        const d = Math.sqrt((px - x) * (px - x) + (py - y) * (py - y));
        const ink = Math.max(0, Math.min(1, r + 0.5 - d));
        const i = py * w + px;
        pixels[i] = Math.min(pixels[i] as number, Math.round(255 * (1 - ink * 0.9)) + 10);
      }
    }
  };
  const line = (x0: number, y0: number, x1: number, y1: number, r: number) => {
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
    for (let s = 0; s <= steps; s++) dab(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps, r);
  };

  // The pen: a capital's tall loop, then small loops and humps along a slightly rising baseline.
  const strokes = Math.max(4, Math.min(14, letters));
  const left = 16 + rand() * 10;
  const right = w - 20 - rand() * 30;
  const baseline = h * (0.62 + rand() * 0.08);
  const rise = (rand() - 0.5) * 14;
  const slant = 0.25 + rand() * 0.25;
  const step = (right - left) / (strokes * Math.PI * 2);
  let previous: [number, number] | null = null;
  for (let t = 0; t <= strokes * Math.PI * 2; t += 0.1) {
    const n = Math.floor(t / (Math.PI * 2));
    const capital = n === 0 ? 2.4 : 1;
    // Each stroke its own height (a few tall ones: l, h, k), the same within the stroke.
    const height = (10 + ((Math.sin(n * 12.9898 + seed) * 43758.5453) % 1 > 0.3 ? 6 : 16) * Math.abs(Math.sin(n + seed))) * capital;
    const y = baseline + rise * (t / (strokes * Math.PI * 2)) - height * (0.5 - 0.5 * Math.cos(t));
    const x = left + step * t + Math.sin(t) * 5 * capital - (baseline - y) * slant;
    const r = 1.1 + 0.5 * Math.abs(Math.sin(t * 0.5));
    if (previous) line(previous[0], previous[1], x, y, r);
    previous = [x, y];
  }
  // A flourish under the name.
  const uy = baseline + 10 + rand() * 6;
  line(left + 8, uy + 3, right - 10, uy - 2 - rand() * 4, 1);
  return encodeGreyPng(w, h, pixels);
}
