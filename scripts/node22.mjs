#!/usr/bin/env node
// Runs a command with Node.js 22.12 or later first on PATH, as Astro 7 needs. Where the
// machine's Node is older, the npm registry's `node@22` package is installed once into
// a cache folder and used instead. Written to run on old Node versions too.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/node22.mjs <command> [args...]');
  process.exit(2);
}

const isRecent = (version) => {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
};

const env = { ...process.env };
if (!isRecent(process.version)) {
  const prefix = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'astro-docs-json', 'node22');
  const bin = path.join(prefix, 'node_modules', '.bin');
  const node = path.join(bin, process.platform === 'win32' ? 'node.cmd' : 'node');
  const installed = existsSync(node) && isRecent(spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '');
  if (!installed) {
    console.error(`Node ${process.version} is older than the 22.12 that Astro needs: installing node@22 into ${prefix}.`);
    const install = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', 'node@22'], {
      stdio: 'inherit',
      shell: process.platform === 'win32',
      // Run outside any npm script context, so the install is not taken for this project's.
      env: Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_'))),
    });
    if (install.status !== 0) {
      console.error('Installing node@22 failed. Install Node.js 22.12 or later yourself and run the command again.');
      process.exit(1);
    }
  }
  env.PATH = `${bin}${path.delimiter}${process.env.PATH}`;
}

const result = spawnSync(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
if (result.error) {
  console.error(`Could not run ${command}: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
