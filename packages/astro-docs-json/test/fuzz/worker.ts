/**
 * Runs the fuzz cases `FROM` to `TO` (arguments) through `loadSite`, the check that `check`
 * and the build both run, in a process of its own: a crash of the native parser ends this
 * process, not the test runner, and the last `start` line names the seed. Prints one JSON
 * line per case.
 */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSite } from '../../src/core/site/load-site.ts';
import { fuzzCase, SENTINEL } from './cases.ts';

/** The docs folder sits this deep, with a sentinel folder at every level above it, so that any climb out lands on one. */
const LEVELS = 9;

export function writeCase(root: string, seed: number): { docsDir: string; outside: string } {
  const fuzz = fuzzCase(seed);
  const levels = Array.from({ length: LEVELS }, (_, i) => `l${i}`);
  for (let depth = 0; depth <= LEVELS; depth++) {
    const outside = path.join(root, ...levels.slice(0, depth), '@outside');
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(outside, 'secret.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><title>${SENTINEL}</title></svg>`);
    writeFileSync(path.join(outside, 'secret.mdx'), `${SENTINEL}\n`);
    writeFileSync(path.join(outside, 'secret.yaml'), `openapi: 3.0.3\ninfo: { title: ${SENTINEL}, version: "1" }\npaths: {}\n`);
  }
  const docsDir = path.join(root, ...levels, 'docs');
  for (const [file, text] of Object.entries(fuzz.files)) {
    const target = path.join(docsDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  const outside = path.join(root, '@outside');
  for (const [link, target] of Object.entries(fuzz.links)) {
    mkdirSync(path.dirname(path.join(docsDir, link)), { recursive: true });
    rmSync(path.join(docsDir, link), { force: true }); // a later mutation may have written it again
    symlinkSync(path.join(outside, target.replace('@outside/', '')), path.join(docsDir, link));
  }
  return { docsDir, outside };
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const [from = 0, to = 0] = process.argv.slice(2).map(Number);
  for (let seed = from; seed < to; seed++) {
    const root = path.join(tmpdir(), `astro-docs-json-fuzz-${process.pid}-${seed}`);
    process.stdout.write(`${JSON.stringify({ start: seed })}\n`);
    const { docsDir, outside } = writeCase(root, seed);
    const started = performance.now();
    let result: Record<string, unknown>;
    try {
      const site = await loadSite(docsDir);
      const text = JSON.stringify({ diagnostics: site.diagnostics, routes: site.routes });
      result = { seed, ok: site.ok, leaked: text.includes(SENTINEL), outsidePath: text.includes(outside) || text.includes(path.dirname(outside) + path.sep + 'l0' + path.sep + '@outside') };
    } catch (error) {
      result = { seed, crash: (error as Error).stack ?? String(error) };
    }
    result.ms = Math.round(performance.now() - started);
    process.stdout.write(`${JSON.stringify({ ...result, mutations: fuzzCase(seed).mutations })}\n`);
    rmSync(root, { recursive: true, force: true });
  }
}
