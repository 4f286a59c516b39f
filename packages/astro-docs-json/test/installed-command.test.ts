/**
 * The command as a Mintlify team runs it (`npx astro-docs-json`): the package packed, then
 * installed in a folder of its own (not the docs folder, not an Astro project), and run in
 * a docs folder that has nothing but its docs: a React snippet with hooks that calls a
 * component the page defines, a `.tsx` snippet's default export, an MDX snippet, an OpenAPI
 * spec, two languages and a `.mintignore`. `build`, `preview` (where a browser counts
 * clicks), `dev` (a page served, an edit seen), and a `dev` that cannot start. Slow: an npm
 * install from the registry or npm's cache, and a build.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, systemChromium } from '../../../e2e/browser.mjs';
import { until } from './helpers.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/installed-command/', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-installed-'));
const docs = path.join(work, 'docs');
const env = { ...process.env, NO_COLOR: '1', ASTRO_TELEMETRY_DISABLED: '1', XDG_CACHE_HOME: path.join(work, 'cache'), npm_config_audit: 'false', npm_config_fund: 'false' };
let bin = '';
const servers: ChildProcess[] = [];

before(() => {
  const packed = spawnSync('npm', ['pack', '--pack-destination', work], { cwd: packageDir, encoding: 'utf8', env });
  assert.equal(packed.status, 0, packed.stderr);
  const tarball = path.join(work, readdirSync(work).find((name) => name.endsWith('.tgz'))!);
  // As npx installs it: the package alone, in a folder of its own; npm brings its peer, Astro.
  const tool = path.join(work, 'tool');
  const installed = spawnSync('npm', ['install', '--prefix', tool, tarball], { cwd: work, encoding: 'utf8', env, timeout: 300_000 });
  assert.equal(installed.status, 0, installed.stderr);
  bin = path.join(tool, 'node_modules', '.bin', 'astro-docs-json');
  cpSync(fixture, docs, { recursive: true });
});

after(() => {
  servers.forEach((server) => server.kill('SIGTERM'));
  rmSync(work, { recursive: true, force: true });
});

/** The command in `cwd`, as a user types it; what it printed and its exit code. */
function command(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env, timeout: 300_000 });
  return { code: result.status, all: result.stdout + result.stderr };
}

/** A server the command starts, stopped after the tests. */
function serve(args: string[], cwd: string): ChildProcess {
  const server = spawn(process.execPath, [bin, ...args], { cwd, env });
  servers.push(server);
  return server;
}

const page = (port: number, url = '/') => () => fetch(`http://127.0.0.1:${port}${url}`).then((response) => response.text()).catch(() => '');

describe('the installed command, as npx runs it, in a docs folder with nothing else', () => {
  it('builds every page of both languages, the snippets and the API page, and nothing .mintignore ignores', () => {
    const { code, all } = command(['build', '--site', 'https://tally.example'], docs);
    assert.equal(code, 0, all);
    const home = readFileSync(path.join(docs, 'dist', 'index.html'), 'utf8');
    assert.match(home, /Hello, reader\./);
    assert.match(home, /These words come from a shared snippet\./);
    // React marks where its text parts meet: `Tally: <!-- -->0`.
    assert.match(home, /Tally: (<!-- -->)?0/);
    assert.match(home, /Counted (<!-- -->)?0(<!-- -->)? times\./);
    assert.doesNotMatch(all, /failed while the page was rendered/);
    assert.match(readFileSync(path.join(docs, 'dist', 'fr.html'), 'utf8'), /Un compteur, en français\./);
    assert.match(readFileSync(path.join(docs, 'dist', 'api-reference', 'list-tallies.html'), 'utf8'), /List tallies/);
    assert.equal(existsSync(path.join(docs, 'dist', 'drafts')), false, 'an ignored folder is not built');
    assert.doesNotMatch(readFileSync(path.join(docs, 'dist', 'llms-full.txt'), 'utf8'), /marmalade/);
    // Nothing of the project is written into the docs folder: only the site.
    assert.deepEqual(readdirSync(docs).filter((name) => !readdirSync(fixture).includes(name)), ['dist']);
  });

  it('previews the site, where React hydrates the snippet: it counts clicks, and the page\'s component shows the count', async () => {
    const port = 4395;
    serve(['preview', '--port', String(port)], docs);
    assert.match(await until(page(port), /Tally: /), /Tally: /);
    const browser = await chromium.launch({ executablePath: systemChromium(), args: CHROMIUM_ARGS });
    try {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(String(error)));
      await tab.goto(`http://127.0.0.1:${port}/`);
      const button = tab.getByRole('button', { name: /^Tally: / });
      // Hydrated once a click counts.
      await assertEventually(async () => {
        await button.click();
        return /Tally: [1-9]/.test((await button.textContent()) ?? '');
      });
      const clicked = Number(/Tally: (\d+)/.exec((await button.textContent()) ?? '')![1]);
      await button.click();
      assert.equal(await button.textContent(), `Tally: ${clicked + 1}`);
      assert.equal(await tab.locator('.callout').filter({ hasText: `Counted ${clicked + 1} times.` }).count(), 1, 'the Note the page defined, drawn by React');
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });

  it('serves the site with dev, and shows an edit', async () => {
    const port = 4396;
    serve(['dev', '--port', String(port)], docs);
    assert.match(await until(page(port), /Tally: /), /Tally: /);
    writeFileSync(path.join(docs, 'guides', 'counting.mdx'), '---\ntitle: Counting\n---\n\nCounted again, after an edit.\n');
    assert.match(await until(page(port, '/guides/counting'), /Counted again, after an edit\./), /Counted again, after an edit\./);
  });

  it('stops dev with the reason, exit 1, within seconds, where it cannot start', async () => {
    // A folder with an Astro config of its own is an Astro project, whose packages were never installed here.
    const project = path.join(work, 'uninstalled');
    cpSync(fixture, project, { recursive: true });
    writeFileSync(path.join(project, 'astro.config.mjs'), 'export default {};\n');
    const started = Date.now();
    const server = serve(['dev', '--port', '4397'], project);
    let output = '';
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => server.on('exit', resolve));
    assert.equal(code, 1, output);
    assert.ok(Date.now() - started < 30_000, `it took ${Date.now() - started} ms`);
    assert.match(output, /The dev server could not start: /);
  });
});

async function assertEventually(check: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (await check()) return;
  }
  assert.fail('never true within 30 s');
}
