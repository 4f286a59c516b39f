import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../src/core/diagnostics.ts';

export const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url));

export function fixture(name: string): string {
  return path.join(fixturesDir, name);
}

/**
 * Writes a docs folder into a fresh temporary directory. Values that are not strings
 * are written as JSON; a page given as `true` gets a minimal frontmatter.
 */
export function makeDocs(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-test-'));
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    const text =
      typeof content === 'string'
        ? content
        : content === true
          ? `---\ntitle: ${path.basename(file).replace(/\.mdx?$/, '')}\n---\n\nBody.\n`
          : `${JSON.stringify(content, null, 2)}\n`;
    writeFileSync(target, text);
  }
  return dir;
}

/** Page files for each path, for `makeDocs`. */
export function pages(...paths: string[]): Record<string, true> {
  return Object.fromEntries(paths.map((page) => [`${page}.mdx`, true]));
}

export function errors(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity === 'error');
}

export function warnings(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity === 'warning');
}

/** A compact view of diagnostics for assertions: `code path`. */
export function summary(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.severity} ${d.code} ${d.path ?? d.file}`);
}

/** What `read` gives once it matches, within a minute. */
export async function until(read: () => Promise<string>, expected: RegExp): Promise<string> {
  let last = '';
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((resolve) => setTimeout(resolve, 250))) {
    last = await read();
    if (expected.test(last)) return last;
  }
  return last;
}

const astroBin = fileURLToPath(new URL('../../../node_modules/astro/bin/astro.mjs', import.meta.url));

/** `astro build` in a process of its own, in `root`, as it runs (React's modules loaded for the build's mode); what it printed. */
export function runAstroBuild(root: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin, 'build'], { cwd: root, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`astro build exited with ${code}:\n${output}`))));
  });
}

const cliBin = fileURLToPath(new URL('../bin/astro-docs-json.js', import.meta.url));

/** The command line in a process of its own, with a cache folder of its own: each build is a CI job, on a machine of its own. */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): { code: number | null; all: string } {
  const cache = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-cache-'));
  try {
    const result = spawnSync(process.execPath, [cliBin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ASTRO_TELEMETRY_DISABLED: '1', XDG_CACHE_HOME: cache, ...env } });
    return { code: result.status, all: result.stdout + result.stderr };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

/** Every file under `dir` (no folders), by its path in it. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
