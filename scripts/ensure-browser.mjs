#!/usr/bin/env node
// Makes sure the end-to-end tests have a Chromium to drive. A system Chromium is used
// when there is one (or one is named by CHROMIUM_PATH); otherwise Playwright's own is
// installed as usual with `playwright install chromium`. Where that download is not
// possible and apt-get is at hand (a Debian CI machine, as root), Debian's package is.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { systemChromium } from '../e2e/browser.mjs';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status === 0;

if (systemChromium()) process.exit(0);

const { chromium } = await import('playwright');
if (existsSync(chromium.executablePath())) process.exit(0);

if (run('npx', ['playwright', 'install', 'chromium'])) process.exit(0);

const canApt = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
if (canApt) {
  console.error('Playwright could not download Chromium; installing Debian\'s chromium package instead.');
  if (run('apt-get', ['install', '-y', 'chromium']) || (run('apt-get', ['update']) && run('apt-get', ['install', '-y', 'chromium']))) {
    process.exit(0);
  }
}
console.error('No Chromium for the end-to-end tests: install one (`npx playwright install chromium`, or your system\'s chromium package, then set CHROMIUM_PATH).');
process.exit(1);
