// Which Chromium the end-to-end tests drive: one named by CHROMIUM_PATH, else a system
// Chromium where there is one, else (undefined) the browser Playwright installs itself.
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function systemChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate));
}

/** Flags a headless Chromium needs in a container, run as root, with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
