/**
 * A docs repository a test writes, built with the command line (`astro-docs-json build`) and
 * served with its `preview`, as a Mintlify team runs them: for a test file's `beforeAll`,
 * whose tests then run in one worker (`test.describe.configure({ mode: 'default' })`), since
 * a second worker would build it again and start its own server on the same port.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const bin = path.resolve(import.meta.dirname, '../packages/astro-docs-json/bin/astro-docs-json.js');

export interface PreviewedRepository {
  baseURL: string;
  /** A file of the built site. */
  built(file: string): string;
  /** Stops the server and removes the repository. */
  close(): void;
}

/** `prepare` runs in the repository once its files are written (a `git commit`, say); `buildArgs` go to `build`. */
export async function previewedRepository(
  name: string,
  files: Record<string, string>,
  port: number,
  { prepare, buildArgs = [] }: { prepare?: (repo: string) => void; buildArgs?: string[] } = {},
): Promise<PreviewedRepository> {
  const work = mkdtempSync(path.join(tmpdir(), `${name}-e2e-`));
  const repo = path.join(work, 'docs');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
  }
  prepare?.(repo);
  const env = { ...process.env, XDG_CACHE_HOME: path.join(work, 'cache'), ASTRO_TELEMETRY_DISABLED: '1' };
  execFileSync(process.execPath, [bin, 'build', ...buildArgs], { cwd: repo, env, stdio: 'pipe' });
  const server = spawn(process.execPath, [bin, 'preview', path.join(repo, 'dist'), '--port', String(port)], { cwd: repo, env, stdio: 'ignore' });
  const previewed: PreviewedRepository = {
    baseURL: `http://127.0.0.1:${port}`,
    built: (file) => readFileSync(path.join(repo, 'dist', file), 'utf8'),
    close() {
      server.kill();
      rmSync(work, { recursive: true, force: true });
    },
  };
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (await fetch(`${previewed.baseURL}/`).then((response) => response.ok, () => false)) return previewed;
  }
  previewed.close();
  throw new Error('The preview server did not answer.');
}
