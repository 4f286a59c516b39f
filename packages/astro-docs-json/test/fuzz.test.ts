// Hostile and pathological docs folders, made by a seeded generator (`fuzz/cases.ts`): the
// checks never crash, never hang, never read a file from outside the docs folder, and
// `check` ends with exit 0 or 1, never a stack trace. A failing seed is made again with
// `node packages/astro-docs-json/test/fuzz/worker.ts SEED SEED+1`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { MUTATION_NAMES, SENTINEL } from './fuzz/cases.ts';
import { writeCase } from './fuzz/worker.ts';

const CASES = 300;
/** Per case, well above what a real page takes, well below a hang. */
const CASE_MS = 10_000;
const worker = fileURLToPath(new URL('./fuzz/worker.ts', import.meta.url));
const bin = fileURLToPath(new URL('../bin/astro-docs-json.js', import.meta.url));

interface Result {
  seed: number;
  ok?: boolean;
  crash?: string;
  leaked?: boolean;
  outsidePath?: boolean;
  ms: number;
  mutations: string[];
}

/** Runs seeds in a child process; a process that dies names the seed it was on. */
function runSeeds(from: number, to: number): { results: Result[]; died?: string } {
  const child = spawnSync(process.execPath, [worker, String(from), String(to)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: (to - from) * CASE_MS });
  const lines = child.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Result & { start?: number });
  const results = lines.filter((line) => line.start === undefined);
  if (child.status === 0) return { results };
  const last = lines.filter((line) => line.start !== undefined).at(-1)?.start;
  return { results, died: `seed ${last}: the process ended with ${child.signal ?? `exit ${child.status}`}\n${child.stderr.slice(-2000)}` };
}

describe('fuzzed docs folders', () => {
  it(`${CASES} cases (every mutation among them) never crash, hang or leak`, () => {
    const { results, died } = runSeeds(0, CASES);
    assert.equal(died, undefined, died);
    assert.equal(results.length, CASES);
    for (const result of results) {
      const label = `seed ${result.seed} (${result.mutations.join('; ')})`;
      assert.equal(result.crash, undefined, `${label}: ${result.crash}`);
      assert.equal(result.leaked, false, `${label}: the outside file's content reached the output`);
      assert.equal(result.outsidePath, false, `${label}: an outside path reached a message`);
      assert.ok(result.ms < CASE_MS, `${label}: took ${result.ms} ms`);
    }
    // Every class of mutation ran.
    const ran = new Set(results.flatMap((result) => result.mutations.map((mutation) => mutation.split(':')[0])));
    assert.deepEqual(MUTATION_NAMES.filter((name) => !ran.has(name)), []);
  });

  it('`check` ends with exit 0 or 1, with no stack trace and nothing from outside, on a sample of them', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-fuzz-cli-'));
    try {
      for (let seed = 0; seed < CASES; seed += Math.ceil(CASES / 24)) {
        const { docsDir } = writeCase(path.join(root, String(seed)), seed);
        const result = spawnSync(process.execPath, [bin, 'check', docsDir], { encoding: 'utf8', timeout: CASE_MS * 3, env: { ...process.env, NO_COLOR: '1' } });
        const output = result.stdout + result.stderr;
        assert.ok(result.status === 0 || result.status === 1, `seed ${seed}: exit ${result.status ?? result.signal}\n${output.slice(-1500)}`);
        assert.doesNotMatch(output, /failed unexpectedly|^\s+at .+[(:]/m, `seed ${seed}`);
        assert.equal(output.includes(SENTINEL), false, `seed ${seed}`);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
