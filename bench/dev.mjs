// npm run bench -- --dev [--pages N --versions V --languages L] [--content mintlify]
//
// `astro-docs-json dev` on the synthetic site, as a team runs it in its docs folder, with the
// package as users install it: the time from the command's start to the first page answered,
// from a cold start (Astro's and our caches set aside, the command's project folder with
// them) and then from a warm one (the caches the cold start left); then, on the warm
// server, the time each of 20 other pages takes to be
// answered (each for the first time), the time from saving an edit of a page to the server
// answering that page with the edit, and from saving a new title of a page to another page's
// sidebar showing it (the site loaded again). Peak memory of the whole process tree.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setAside } from './set-aside.mjs';

const PORT = 4391;
const OTHER_PAGES = 20;

/**
 * `urls`: the site's page URLs in navigation order; `pageFile(url)` the file of one.
 * `treeRss(pid)`: the resident memory of a process and its descendants.
 */
export async function benchDev(oursDir, urls, pageFile, treeRss) {
  const docsDir = path.join(oursDir, 'docs');
  const cli = path.join(oursDir, 'node_modules', 'astro-docs-json', 'bin', 'astro-docs-json.js');
  // The command keeps its project, and with it Astro's and our caches, in the user's cache
  // folder (XDG_CACHE_HOME): the bench's own, set aside for the cold start.
  const userCache = path.join(oursDir, 'user-cache');
  for (const cache of ['node_modules/.astro', 'node_modules/.vite', '.astro', 'user-cache']) setAside(path.join(oursDir, cache));

  const cold = await startServer(cli, docsDir, urls[0], treeRss, userCache);
  await cold.stop();
  const warm = await startServer(cli, docsDir, urls[0], treeRss, userCache);
  try {
    const others = await otherPages(urls);
    const edit = await editShown(urls[Math.floor(urls.length / 2)], pageFile);
    const title = await titleShown(urls[Math.floor(urls.length / 3)], urls[Math.floor(urls.length / 3) + 1], pageFile);
    warm.sample();
    report(urls.length, cold, warm, others, edit, title);
  } finally {
    await warm.stop();
  }
}

/** Starts the dev server and waits for `first` to be answered; `stop` ends it. */
async function startServer(cli, docsDir, first, treeRss, userCache) {
  const started = performance.now();
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', XDG_CACHE_HOME: userCache };
  const child = spawn(process.execPath, [cli, 'dev', '--port', String(PORT)], { cwd: docsDir, stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let peak = 0;
  const sample = () => (peak = Math.max(peak, treeRss(child.pid)));
  const sampler = setInterval(sample, 100);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await exited;
  };
  const answered = await Promise.race([waitFor(first), exited.then(() => undefined)]);
  if (!answered) {
    clearInterval(sampler);
    throw new Error(`astro-docs-json dev stopped before answering ${first}:\n${output}`);
  }
  return { firstMs: performance.now() - started, firstStatus: answered.status, stop, sample, peak: () => peak };
}

async function waitFor(url, until = (response) => response.status < 500) {
  for (;;) {
    try {
      const response = await fetch(`http://localhost:${PORT}${url}`);
      const body = await response.text();
      if (until(response, body)) return { status: response.status, body };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Each of `OTHER_PAGES` pages spread over the site, asked for once, one after the other: milliseconds to the whole answer. */
async function otherPages(urls) {
  const times = [];
  for (let i = 1; i <= OTHER_PAGES; i++) {
    const url = urls[Math.floor((i * urls.length) / (OTHER_PAGES + 1))];
    const started = performance.now();
    const response = await fetch(`http://localhost:${PORT}${url}`);
    await response.text();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Appends a paragraph to the page's file and times how long until the server answers the page with it. */
async function editShown(url, pageFile) {
  await fetch(`http://localhost:${PORT}${url}`).then((response) => response.text());
  const file = pageFile(url);
  const original = readFileSync(file, 'utf8');
  const mark = `Edited-${Date.now().toString(36)}`;
  const saved = performance.now();
  writeFileSync(file, `${original}\n\n${mark}\n`);
  try {
    await Promise.race([
      waitFor(url, (response, body) => response.status === 200 && body.includes(mark)),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`the edit of ${url} was not shown within 60 s`)), 60_000)),
    ]);
    return performance.now() - saved;
  } finally {
    writeFileSync(file, original);
  }
}

/** Gives `url`'s page a new title and times how long until `neighbour`, a page of the same section, shows it in its sidebar. */
async function titleShown(url, neighbour, pageFile) {
  const file = pageFile(url);
  const original = readFileSync(file, 'utf8');
  const mark = `Renamed-${Date.now().toString(36)}`;
  const saved = performance.now();
  writeFileSync(file, original.replace(/^title: (.*)$/m, `title: $1 ${mark}`));
  try {
    await Promise.race([
      waitFor(neighbour, (response, body) => response.status === 200 && body.includes(mark)),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`the new title of ${url} was not shown within 120 s`)), 120_000)),
    ]);
    return performance.now() - saved;
  } finally {
    writeFileSync(file, original);
  }
}

function report(pages, cold, warm, others, editMs, titleMs) {
  const ms = (value) => `${Math.round(value)} ms`;
  const at = (share) => others[Math.min(others.length - 1, Math.floor(share * others.length))];
  const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  console.log(`\nastro-docs-json dev, ${pages} pages:`);
  console.log('|  | Time | Peak RSS |');
  console.log('|---|---|---|');
  console.log(`| first page, cold start (no cache) | ${ms(cold.firstMs)} | ${mib(cold.peak())} |`);
  console.log(`| first page, warm start | ${ms(warm.firstMs)} | ${mib(warm.peak())} |`);
  console.log(`| ${others.length} other pages, median / p95 / max | ${ms(at(0.5))} / ${ms(at(0.95))} / ${ms(others.at(-1))} | |`);
  console.log(`| an edit, saved to shown | ${ms(editMs)} | |`);
  console.log(`| a new title, saved to shown in another page's sidebar | ${ms(titleMs)} | |`);
}
