import { randomInt } from 'node:crypto';

/**
 * A captcha drawn as SVG paths: glyphs are strokes of a small vector alphabet, jittered,
 * rotated and crossed by noise, so the answer is never present as text in the image.
 * Alphabet without look-alikes (no 0/O, 1/I, B/8, S/5…).
 */
const GLYPHS: Record<string, string> = {
  '2': 'M0,1 L1,0 L3,0 L4,1 L4,2 L0,6 L4,6',
  '3': 'M0,0 L4,0 L2,2.5 L4,3.5 L4,5 L3,6 L1,6 L0,5',
  '4': 'M3,6 L3,0 L0,4 L4,4',
  '6': 'M4,0 L1,0 L0,2 L0,5 L1,6 L3,6 L4,5 L4,4 L3,3 L0,3',
  '7': 'M0,0 L4,0 L1.5,6',
  '9': 'M4,3 L1,3 L0,2 L0,1 L1,0 L3,0 L4,1 L4,4 L3,6 L0,6',
  A: 'M0,6 L2,0 L4,6 M1,3.5 L3,3.5',
  C: 'M4,0 L1,0 L0,1 L0,5 L1,6 L4,6',
  E: 'M4,0 L0,0 L0,6 L4,6 M0,3 L3,3',
  F: 'M4,0 L0,0 L0,6 M0,3 L3,3',
  H: 'M0,0 L0,6 M4,0 L4,6 M0,3 L4,3',
  K: 'M0,0 L0,6 M4,0 L0,3.5 M1.2,2.8 L4,6',
  L: 'M0,0 L0,6 L4,6',
  P: 'M0,6 L0,0 L3,0 L4,1 L4,2 L3,3 L0,3',
  T: 'M0,0 L4,0 M2,0 L2,6',
  X: 'M0,0 L4,6 M4,0 L0,6',
  Y: 'M0,0 L2,3 L4,0 M2,3 L2,6',
};
export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

const WIDTH = 130;
const HEIGHT = 44;
const jitter = (amount: number) => (randomInt(-1000, 1001) / 1000) * amount;
const colour = () => `rgb(${randomInt(20, 110)},${randomInt(20, 110)},${randomInt(60, 150)})`;

function glyphPath(glyph: string, x: number): string {
  const scale = 4.2 + jitter(0.4);
  const angle = jitter(0.35);
  const [cx, cy] = [2, 3];
  const top = 8 + jitter(3);
  return GLYPHS[glyph].replace(/([\d.]+),([\d.]+)/g, (_m, px: string, py: string) => {
    const dx = Number(px) - cx + jitter(0.25);
    const dy = Number(py) - cy + jitter(0.25);
    const rx = dx * Math.cos(angle) - dy * Math.sin(angle);
    const ry = dx * Math.sin(angle) + dy * Math.cos(angle);
    return `${(x + (rx + cx) * scale).toFixed(1)},${(top + (ry + cy) * scale).toFixed(1)}`;
  });
}

function noise(): string {
  const lines: string[] = [];
  for (let i = 0; i < 5; i++) {
    const d = `M${randomInt(0, WIDTH)},${randomInt(0, HEIGHT)} Q${randomInt(0, WIDTH)},${randomInt(0, HEIGHT)} ${randomInt(0, WIDTH)},${randomInt(0, HEIGHT)}`;
    lines.push(`<path d="${d}" stroke="${colour()}" stroke-width="1.2" fill="none" opacity="0.6"/>`);
  }
  return lines.join('');
}

export function randomCaptchaText(length = 5): string {
  return Array.from({ length }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
}

/** The SVG image of a captcha answer, as a data: URI the login page can show in an <img>. */
export function captchaImage(text: string): string {
  const glyphs = [...text].map(
    (ch, i) =>
      `<path d="${glyphPath(ch, 10 + i * 23 + jitter(2))}" stroke="${colour()}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#f3f6fb"/>${noise()}${glyphs.join('')}${noise()}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
