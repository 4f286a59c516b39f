#!/usr/bin/env node
// npm run bench -- --pages 1000 [--content plain|mintlify] [--versions V --languages L] [--rounds R]
//                  [--search on|off] [--social-images on|off] [--render-workers N] [--warm] [--rebuild] [--no-starlight]
//                  [--astro-alone] [--package packed|workspace]
// npm run bench -- --dev [--pages N --versions V --languages L] [--content mintlify]
// npm run bench -- --mcp [--pages 20000]
// npm run bench -- --serve [--only load,abuse,faults,soak] [--duration-scale S] [--soak-minutes N] [--build]
//
// Builds the same synthetic pages with astro-docs-json and with Starlight, one build after
// the other, for several rounds (each from a clean state, as on CI, unless --warm keeps
// Astro's caches between rounds, and with what the build before wrote flushed to disk), and prints wall time, pages built per second, peak memory
// (the whole process tree's resident set, sampled from /proc), output size and HTML bytes
// per page, then the ratios of the medians (ours / Starlight).
//
// Ours is built with the package as users install it (`--package packed`, the default): packed
// with `npm pack` (its compiled JavaScript) and unpacked into the site's node_modules, its
// dependencies found in the project's. `--package workspace` builds with the workspace's
// TypeScript sources instead, which Node strips of their types as it loads them.
//
// --render-workers N sets the `renderWorkers` option (0: render on the main thread alone).
//
// --rebuild measures ours alone: each round a clean build, then one page edited and the site
// built again with the caches the first build left, and the ratio of the two.
//
// --rebuild --astro-alone measures the floor for that rebuild as well: Astro alone rebuilding
// the same pages after the same one-page edit with its own incremental build
// (`experimental.incrementalBuild`). Astro skips only pages a dynamic route keys with a
// `cacheKey`, so this site is what an Astro user writes for it (generate.mjs): the MDX pages
// in a content collection, rendered by `src/pages/[...slug].astro`, each keyed by its entry's
// digest, in the same layout with the same stubs, at the same URLs. Each round: its clean
// build, one page of its collection edited, a build with its caches kept; it prints how many
// pages Astro rendered and skipped (`(cached)` or `(restored)` in its log), and at the end
// our rebuild's median time, Astro alone's and the ratio ours / Astro alone.
//
// Each build of ours prints what the pages' social images cost (`astro-docs-json`'s own
// line: images drawn and taken from the cache, and milliseconds per image drawn); without
// --rebuild, one page is edited after the last round and the site built again, to show what
// they cost on a rebuild. --social-images off builds without them, to compare wall times.
//
// --content plain (the default) writes plain Markdown pages; --content mintlify writes MDX
// pages with Mintlify's components and snippets, and Starlight's equivalents for Starlight
// (see mintlify.mjs). Starlight has no versions: with --versions or --languages above 1,
// only ours is built. With Mintlify's content, it prints what diagrams and formulas cost per
// page (drawings.mjs).
//
// --astro-alone builds the same pages a third time with Astro and `@astrojs/mdx` alone: a
// blank layout, Mintlify's components as stubs that render what they hold, Shiki's two
// themes (generate.mjs). No docs site does less with these pages: its row and its ratio to
// Starlight show how much of a target Astro itself takes before a site is drawn around them.
//
// --mcp measures the MCP server alone, with no Astro build (mcp.mjs): the time to build and to
// load the index of plain pages (20,000 unless --pages says), its size, and the latency of
// search_docs and get_page called through the SDK's client, as median, p95 and max; then 50
// clients searching at once through the HTTP endpoint: event-loop delay, memory (mcp-load.mjs).
//
// --dev measures `astro-docs-json dev` on the same pages instead of a build (dev.mjs): the
// first page after a cold and a warm start, other pages, an edit shown.
//
// --serve serves the built example site and loads it (serve.mjs, which reads its own flags).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CONTENT, copies, generateAstroAlone, generateAstroAloneCollection, generateOurs, generateStarlight, pageSet } from './generate.mjs';
import { setAside } from './set-aside.mjs';

if (process.argv.includes('--serve')) {
  await import('./serve.mjs');
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    pages: { type: 'string' },
    content: { type: 'string', default: 'plain' },
    versions: { type: 'string', default: '1' },
    languages: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '3' },
    search: { type: 'string', default: 'on' },
    'social-images': { type: 'string', default: 'on' },
    'render-workers': { type: 'string' },
    warm: { type: 'boolean', default: false },
    rebuild: { type: 'boolean', default: false },
    'no-starlight': { type: 'boolean', default: false },
    'astro-alone': { type: 'boolean', default: false },
    mcp: { type: 'boolean', default: false },
    package: { type: 'string', default: 'packed' },
    dev: { type: 'boolean', default: false },
  },
});
// The MCP server is for large sites: its default is one.
const pages = Number(values.pages ?? (values.mcp ? 20000 : 1000));
const versions = Number(values.versions);
const languages = Number(values.languages);
const rounds = Number(values.rounds);
const search = values.search !== 'off';
const socialImages = values['social-images'] !== 'off';
const content = values.content;
if (!Object.hasOwn(CONTENT, content)) throw new Error(`--content must be one of ${Object.keys(CONTENT).join(', ')}, not ${content}`);
// Starlight has no versions: the scenario with versions and languages is ours alone.
const withStarlight = !values['no-starlight'] && !values.rebuild && versions === 1 && languages === 1;
const withAstroAlone = values['astro-alone'] && !values.rebuild && versions === 1 && languages === 1;
// With --rebuild, Astro alone's floor is its incremental build of the pages as a content collection.
const withAstroAloneRebuild = values['astro-alone'] && values.rebuild && versions === 1 && languages === 1;

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const workDir = path.join(benchDir, '.work');
const astroBin = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));

if (values.mcp) {
  const { benchMcp } = await import('./mcp.mjs');
  await benchMcp(path.join(workDir, 'mcp'), pages);
  process.exit(0);
}

/** The resident memory of a process and all its descendants, in bytes. */
function treeRss(rootPid) {
  const children = new Map();
  const rss = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const pid = Number(entry);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      rss.set(pid, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // The process ended while being read.
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

function measure(cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [astroBin, 'build'], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
    let peak = 0;
    let stderr = '';
    let socialImagesLine;
    // Astro's line for each page it generates: `├─ /path/index.html (+12ms)` if rendered,
    // `(cached)` or `(restored)` if its incremental build skipped it; and Vite's bundling
    // (`[vite] ✓ built in 5.2s`, once per environment), which compiles every module. By whole lines.
    const astroLog = { rendered: 0, skipped: 0, viteMs: 0 };
    let partial = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    const readLine = (text) => {
      // Our line about the social images (`after-build.ts`), kept as it is printed.
      socialImagesLine = /Social images: .*/.exec(text)?.[0] ?? socialImagesLine;
      const plain = text.replace(/\x1b\[[\d;]*m/g, '');
      const vite = /\[vite\] ✓ built in ([\d.]+)(m?s)/.exec(plain);
      if (vite) astroLog.viteMs += Number(vite[1]) * (vite[2] === 's' ? 1000 : 1);
      if (!/├─ \S+\.html/.test(plain)) return;
      if (/\((cached|restored)\)/.test(plain)) astroLog.skipped++;
      else if (/\(\+[\d.]+m?s\)/.test(plain)) astroLog.rendered++;
    };
    child.stdout.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      lines.forEach(readLine);
    });
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(child.pid))), 100);
    // `close`, not `exit`: the output is all read by then.
    child.on('close', (code) => {
      clearInterval(sampler);
      readLine(partial);
      if (code !== 0) reject(new Error(`astro build failed in ${cwd} (${code}):\n${stderr}`));
      else resolve({ wallMs: performance.now() - started, peakRss: peak, socialImagesLine, astroLog });
    });
  });
}

function outputSizes(dist, pageCount) {
  let total = 0;
  let html = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        const size = statSync(file).size;
        total += size;
        if (entry.name.endsWith('.html')) html += size;
      }
    }
  };
  walk(dist);
  return { totalBytes: total, htmlPerPage: html / pageCount };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const rate = (perSecond) => `${perSecond.toFixed(0)} pages/s`;

async function run(name, dir, pageCount, { warm = values.warm } = {}) {
  // Astro's caches: its data store (Starlight's rendered Markdown) and Vite's dependencies.
  if (!warm) for (const cache of ['dist', '.astro', 'node_modules/.astro', 'node_modules/.vite']) setAside(path.join(dir, cache));
  flushWrites();
  const result = await measure(dir);
  const dist = existsSync(path.join(dir, 'dist/client')) ? path.join(dir, 'dist/client') : path.join(dir, 'dist');
  return { name, ...result, pagesPerSecond: pageCount / (result.wallMs / 1000), ...outputSizes(dist, pageCount) };
}

/**
 * What the build before wrote and the kernel holds in memory, written to disk before the
 * next build starts: otherwise it is written in the first half minute of the next build,
 * which then shares the disk with it (Starlight's 1.4 GB at 3,000 pages, before ours).
 */
function flushWrites() {
  try {
    execFileSync('sync');
  } catch {
    // No `sync` (not Linux or macOS): the builds share the disk as they come.
  }
}

const line = (round, name, r) =>
  `round ${round}  ${name.padEnd(15)}  ${seconds(r.wallMs)}  ${rate(r.pagesPerSecond)}  ${mib(r.peakRss)}  output ${mib(r.totalBytes)}  HTML ${kib(r.htmlPerPage)}/page${r.socialImagesLine ? `\n         ${r.socialImagesLine}` : ''}`;

const oursDir = path.join(workDir, 'ours');
const starlightDir = path.join(workDir, 'starlight');
const astroAloneDir = path.join(workDir, 'astro-alone');
const astroAloneRebuildDir = path.join(workDir, 'astro-alone-rebuild');
console.log(`Generating ${pages} ${content} pages × ${versions} version(s) × ${languages} language(s), search ${search ? 'on' : 'off'}...`);
const renderWorkers = values['render-workers'] === undefined ? undefined : Number(values['render-workers']);
const oursPages = generateOurs(oursDir, { pages, versions, languages, search, content, socialImages, renderWorkers });
if (values.package === 'packed') installPacked(oursDir);
else if (values.package !== 'workspace') throw new Error(`--package must be packed or workspace, not ${values.package}`);

if (values.dev) {
  const folders = copies(versions, languages).map((copy) => [copy.version, copy.language].filter(Boolean).join('/'));
  const urls = folders.flatMap((folder) => pageSet(pages).map((page) => `/${folder ? `${folder}/` : ''}${page.slug}`));
  const pageFile = (url) => path.join(oursDir, 'docs', `${url.slice(1)}.${CONTENT[content].extension}`);
  await (await import('./dev.mjs')).benchDev(oursDir, urls, pageFile, treeRss);
  process.exit(0);
}
if (withStarlight) generateStarlight(starlightDir, { pages, search, content });
if (withAstroAlone) generateAstroAlone(astroAloneDir, { pages, content });
const aloneRebuild = withAstroAloneRebuild && generateAstroAloneCollection(astroAloneRebuildDir, { pages, content });
if (content === 'mintlify') await measureTailwind(path.join(oursDir, 'docs'));
if (content === 'mintlify') await (await import('./drawings.mjs')).measureDrawings(path.join(oursDir, 'docs'));

/** The package packed as npm publishes it, unpacked into `dir`'s node_modules: what `npm install astro-docs-json` gives a site. */
function installPacked(dir) {
  const packDir = path.join(workDir, 'pack');
  setAside(packDir);
  mkdirSync(packDir, { recursive: true });
  const packageDir = fileURLToPath(new URL('../packages/astro-docs-json/', import.meta.url));
  execFileSync('npm', ['pack', '--silent', '--pack-destination', packDir], { cwd: packageDir, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = path.join(packDir, readdirSync(packDir).find((name) => name.endsWith('.tgz')));
  const target = path.join(dir, 'node_modules', 'astro-docs-json');
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
}

/** What compiling the pages' Tailwind classes adds to each build (once per site, not per page). */
async function measureTailwind(docsDir) {
  const { loadSite, compileUtilities, utilityInput } = await import('astro-docs-json/core');
  const site = await loadSite(docsDir);
  const input = utilityInput(site);
  const start = performance.now();
  const css = await compileUtilities(input);
  const pagesWithClasses = site.routes.filter((page) => page.content.classes).length;
  console.log(`Tailwind: ${input.classes.length} class names on ${pagesWithClasses} of ${site.routes.length} pages, compiled once in ${Math.round(performance.now() - start)} ms (loading Tailwind included) into ${kib(css.length)}.`);
}

if (values.rebuild) {
  const ratios = [];
  const rebuilds = { ours: [], alone: [], aloneRatios: [] };
  for (let round = 1; round <= rounds; round++) {
    const cold = await run('cold build', oursDir, oursPages, { warm: false });
    console.log(line(round, 'cold build', cold));
    const edited = editOnePage(path.join(oursDir, 'docs'));
    const warm = await run('one page edited', oursDir, oursPages, { warm: true });
    console.log(line(round, 'one page edited', warm));
    ratios.push(warm.wallMs / cold.wallMs);
    rebuilds.ours.push(warm.wallMs);
    if (aloneRebuild) {
      const aloneCold = await run('Astro alone', astroAloneRebuildDir, pages, { warm: false });
      console.log(line(round, 'Astro alone', aloneCold));
      const aloneEdited = editOnePage(aloneRebuild.docs);
      const aloneWarm = await run('Astro alone edited', astroAloneRebuildDir, pages, { warm: true });
      console.log(line(round, 'Astro alone edited', aloneWarm));
      const { rendered, skipped, viteMs } = aloneWarm.astroLog;
      // One page edited: Astro should render it and skip every other.
      const expected = rendered === 1 && skipped === pages - 1 ? 'as expected' : `EXPECTED 1 rendered and ${pages - 1} skipped`;
      console.log(`         Astro alone's rebuild (${aloneEdited} edited, ours ${edited}): ${rendered} page(s) rendered, ${skipped} skipped (cached or restored from its cache), ${expected}`);
      console.log(`         Astro alone's Vite bundling (every module compiled): ${seconds(aloneCold.astroLog.viteMs)} in its clean build (${aloneCold.astroLog.rendered} pages rendered), ${seconds(viteMs)} in its rebuild`);
      rebuilds.alone.push(aloneWarm.wallMs);
      rebuilds.aloneRatios.push(aloneWarm.wallMs / aloneCold.wallMs);
    }
  }
  console.log(`\nRebuild after editing one page of ${oursPages} ${content} pages, median over ${rounds} round(s): ${(median(ratios) * 100).toFixed(0)}% of the clean build's wall time.`);
  if (aloneRebuild) {
    const [ours, alone] = [median(rebuilds.ours), median(rebuilds.alone)];
    console.log(
      `Astro alone's incremental rebuild (${(median(rebuilds.aloneRatios) * 100).toFixed(0)}% of its clean build), medians: ours ${seconds(ours)}, Astro alone ${seconds(alone)}, ours / Astro alone ${(ours / alone).toFixed(2)}.`,
    );
  }
  process.exit(0);
}

/** Appends a paragraph to the first page file found; returns its path in `docs`. */
function editOnePage(docs) {
  const file = readdirSync(docs, { recursive: true }).map(String).find((name) => /\.mdx?$/.test(name) && !name.startsWith('snippets'));
  writeFileSync(path.join(docs, file), `${readFileSync(path.join(docs, file), 'utf8')}\n\nEdited at ${new Date().toISOString()}.\n`);
  return file;
}

const results = { ours: [], starlight: [], astroAlone: [] };
for (let round = 1; round <= rounds; round++) {
  const ours = await run('astro-docs-json', oursDir, oursPages);
  results.ours.push(ours);
  console.log(line(round, 'astro-docs-json', ours));
  if (withStarlight) {
    const starlight = await run('Starlight', starlightDir, pages);
    results.starlight.push(starlight);
    console.log(line(round, 'Starlight', starlight));
  }
  if (withAstroAlone) {
    const alone = await run('Astro alone', astroAloneDir, pages);
    results.astroAlone.push(alone);
    console.log(line(round, 'Astro alone', alone));
  }
}

// What the social images cost on a rebuild after one edit: drawn again for the edited page only.
if (socialImages) {
  editOnePage(path.join(oursDir, 'docs'));
  const rebuilt = await run('one page edited', oursDir, oursPages, { warm: true });
  console.log(line(rounds, 'one page edited', rebuilt));
}

const medians = (list) =>
  Object.fromEntries(['wallMs', 'pagesPerSecond', 'peakRss', 'totalBytes', 'htmlPerPage'].map((key) => [key, median(list.map((r) => r[key]))]));
const row = (name, r) => `| ${name} | ${seconds(r.wallMs)} | ${rate(r.pagesPerSecond)} | ${mib(r.peakRss)} | ${mib(r.totalBytes)} | ${kib(r.htmlPerPage)} |`;
const ours = medians(results.ours);
console.log(`\nMedians over ${rounds} ${values.warm ? 'warm' : 'clean'} round(s), ${oursPages} ${content} pages, ${os.availableParallelism()} cores:`);
console.log('|  | Wall time | Pages per second | Peak RSS | Output | HTML per page |');
console.log('|---|---|---|---|---|---|');
console.log(row('astro-docs-json', ours));
const alone = withAstroAlone && medians(results.astroAlone);
if (alone) console.log(row('Astro alone', alone));
// The floor: what Astro spends on the same pages in the same run, before a docs site is drawn around them.
if (alone) console.log(`| ours / Astro alone | ${(ours.wallMs / alone.wallMs).toFixed(2)} | ${(ours.pagesPerSecond / alone.pagesPerSecond).toFixed(2)} | ${(ours.peakRss / alone.peakRss).toFixed(2)} | ${(ours.totalBytes / alone.totalBytes).toFixed(2)} | ${(ours.htmlPerPage / alone.htmlPerPage).toFixed(2)} |`);
if (withStarlight) {
  const starlight = medians(results.starlight);
  console.log(row('Starlight', starlight));
  const ratios = (name, r) => {
    const ratio = (key) => (r[key] / starlight[key]).toFixed(2);
    console.log(`| ${name} / Starlight | ${ratio('wallMs')} | ${ratio('pagesPerSecond')} | ${ratio('peakRss')} | ${ratio('totalBytes')} | ${ratio('htmlPerPage')} |`);
  };
  ratios('ours', ours);
  if (alone) ratios('Astro alone', alone);
}
