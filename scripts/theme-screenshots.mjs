#!/usr/bin/env node
// Screenshots of the themes fixture (e2e/fixtures/themes) built in each of Mintlify's nine
// themes, in light and dark, for the example site's themes page:
// example-site/images/themes/<theme>-<light|dark>.png.
//
//   node scripts/theme-screenshots.mjs             build all nine, then shoot them
//   node scripts/theme-screenshots.mjs --no-build  shoot the builds already there
//   node scripts/theme-screenshots.mjs linden maple   only these themes
//
// Each build is served from its folder (e2e/static-server.mjs) and
// drawn by Chromium (CHROMIUM_PATH, else /usr/bin/chromium). The text colours of the page's
// main parts are checked against their backgrounds on the way: a pair under WCAG AA is printed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';
import { serveFolder } from '../e2e/static-server.mjs';

const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia'];
const root = resolve(import.meta.dirname, '..');
const fixture = join(root, 'e2e/fixtures/themes');
const out = join(root, 'example-site/images/themes');
const args = process.argv.slice(2);
const build = !args.includes('--no-build');
const themes = args.filter((arg) => !arg.startsWith('--'));
for (const theme of themes) if (!THEMES.includes(theme)) throw new Error(`Not one of Mintlify's themes: ${theme}`);

/** The text and background colours of the page's main parts, and their contrast, computed in the page. */
function contrastReport() {
  const parse = (color) => {
    const probe = document.createElement('canvas').getContext('2d');
    probe.fillStyle = color;
    probe.fillRect(0, 0, 1, 1);
    return [...probe.getImageData(0, 0, 1, 1).data];
  };
  const luminance = ([r, g, b]) => [r, g, b].map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const backgroundOf = (element) => {
    for (let node = element; node; node = node.parentElement) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (color[3] === 255) return color;
    }
    return parse(getComputedStyle(document.body).backgroundColor);
  };
  const selectors = ['#mdx-content p', '.description', '#page-title', '.sidebar a', '.sidebar a[aria-current]', '.sidebar .group > p > span', '.navbar-link', '.tabs a', '.card-content', '.toc a', '.footer p'];
  return selectors.flatMap((selector) => {
    const element = document.querySelector(selector);
    if (!element) return [];
    const [one, two] = [luminance(parse(getComputedStyle(element).color)), luminance(backgroundOf(element))].sort((a, b) => b - a);
    return [{ selector, ratio: Math.round(((one + 0.05) / (two + 0.05)) * 100) / 100 }];
  });
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
let failing = 0;
for (const theme of themes.length ? themes : THEMES) {
  const dist = join(fixture, `dist-${theme}`);
  if (build || !existsSync(dist)) {
    const result = spawnSync('npx', ['astro', 'build', '--root', fixture], { cwd: root, env: { ...process.env, DOCS_THEME: theme }, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`The ${theme} build failed.`);
  }
  const server = await serveFolder(dist);
  for (const scheme of ['light', 'dark']) {
    // A desktop's width (1200 CSS pixels, the table of contents showing) drawn at 960 × 600.
    const page = await browser.newPage({ viewport: { width: 1200, height: 750 }, deviceScaleFactor: 0.8, colorScheme: scheme });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.evaluate(() => document.fonts.ready);
    for (const { selector, ratio } of await page.evaluate(contrastReport)) {
      if (ratio < 4.5) {
        failing += 1;
        console.log(`${theme} ${scheme}: ${selector} has a contrast of ${ratio}:1`);
      }
    }
    await page.screenshot({ path: join(out, `${theme}-${scheme}.png`) });
    await page.close();
  }
  server.close();
  console.log(`${theme}: done`);
}
await browser.close();
if (failing) console.log(`${failing} text colours under WCAG AA.`);
