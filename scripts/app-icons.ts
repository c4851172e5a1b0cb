import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../test/e2e/support/chromium';

/**
 * Draws the installable app's icons (web/public/icons/) from the favicon's mark, in Chromium: `any` icons are the
 * favicon's rounded square; `maskable` ones fill the square and keep the mark inside the 80% safe zone, since the
 * phone cuts its own shape. Run after changing the mark: `npx tsx scripts/app-icons.ts`; the PNGs are committed.
 */
const BACKGROUND = '#0f1b2a';
const MARK =
  '<path d="M9 7h9a6 6 0 0 1 2.6 11.4A6.5 6.5 0 0 1 18.5 25H9z" fill="#fff"/><path d="M13 11v4h4.5a2 2 0 0 0 0-4zm0 7.5V21h5a1.8 1.8 0 0 0 0-3.5z" fill="' +
  BACKGROUND +
  '"/>';
const svg = (size: number, maskable: boolean) => {
  // Maskable: the mark at 60% of the square, centred (the 32-unit favicon viewBox shrunk around its centre).
  const inner = maskable ? `<g transform="translate(16 16) scale(0.62) translate(-16 -16)">${MARK}</g>` : MARK;
  const rx = maskable ? 0 : 6;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="${rx}" fill="${BACKGROUND}"/>${inner}</svg>`;
};

const out = join(import.meta.dirname, '..', 'web', 'public', 'icons');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch(chromiumLaunch);
const page = await browser.newPage();
for (const size of [192, 512]) {
  for (const maskable of [false, true]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${svg(size, maskable)}`);
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    const name = `icon-${size}${maskable ? '-maskable' : ''}.png`;
    writeFileSync(join(out, name), png);
    console.log(`${name}: ${png.length} bytes`);
  }
}
// The home-screen icon iOS takes (no transparency: it draws its own rounded corners over the full square).
await page.setViewportSize({ width: 180, height: 180 });
await page.setContent(`<style>html,body{margin:0}</style>${svg(180, true)}`);
writeFileSync(join(out, 'apple-touch-icon.png'), await page.locator('svg').screenshot());
await browser.close();
