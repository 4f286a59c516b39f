import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fixture, makeDocs, pages, until } from './helpers.ts';

const bin = fileURLToPath(new URL('../bin/astro-docs-json.js', import.meta.url));
const exampleSite = fileURLToPath(new URL('../../../example-site/', import.meta.url));

function run(args: string[], cwd?: string) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, all: result.stdout + result.stderr };
}

/** `run`, without blocking this process: for a command that talks to a server the test runs. */
function runAsync(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A stack trace has lines like `    at loadSite (file:///...)`. */
const STACK_TRACE = /^\s+at .+[(:]/m;

describe('astro-docs-json check', () => {
  it('passes a valid site with exit 0 and prints its warnings', () => {
    const dir = makeDocs({ 'docs.json': { name: 'x', feedback: {}, navigation: { pages: ['index'] } }, ...pages('index') });
    const { code, stdout } = run(['check', dir]);
    assert.equal(code, 0);
    assert.match(stdout, /^warning .*docs\.json:\d+:\d+ feedback\n {2}Unknown key `feedback` in docs\.json: it is ignored\./m);
    assert.match(stdout, /^1 page \(0 not in the navigation\)\n1 warning, tolerated as Mintlify does \(`strict` makes them errors\):\n +1 {2}unknown docs\.json keys, ignored \(unknown-key\)$/m);
    assert.match(stdout, /✓ .*docs\.json is valid: 0 errors and 1 warning\./);
  });

  it('makes every warning an error with --strict', () => {
    const dir = makeDocs({ 'docs.json': { name: 'x', feedback: {}, navigation: { pages: ['index', 'later'] } }, ...pages('index') });
    const { code, stdout } = run(['check', dir, '--strict']);
    assert.equal(code, 1);
    assert.match(stdout, /^error .*docs\.json:\d+:\d+ feedback\n {2}Unknown key `feedback` in docs\.json: it is ignored\. Mintlify builds through this; `strict` does not\./m);
    assert.match(stdout, /^error .*docs\.json:\d+:\d+ navigation\.pages\[1\]\n {2}The page `later` is listed/m);
    assert.match(stdout, /✗ .*docs\.json: 2 errors and 0 warnings\./);
  });

  it('checks the current folder by default', () => {
    const { code, stdout } = run(['check'], fixture('versioned'));
    assert.equal(code, 0);
    assert.match(stdout, /^16 pages \(3 not in the navigation\)$/m);
    assert.match(stdout, /✓ docs\.json is valid: 0 errors and 0 warnings\./);
  });

  it('fails with every error at once, each with file, line, JSON path, message and hint', () => {
    const { code, stdout } = run(['check', '.'], fixture('invalid'));
    assert.equal(code, 1);
    const blocks = stdout.trim().split('\n\n');
    assert.deepEqual(
      blocks.slice(0, -1).map((block) => block.split('\n')[0]),
      [
        'error docs.json:8:9 navigation.languages[1].language',
        'error docs.json:8:30 navigation.languages[1].default',
        'error docs.json:11:16 styling.eyebrows',
        'error en.json:3:5 navigation.languages[0].tabs[0]',
        'error en.json:8:5 navigation.languages[0].tabs[1].tab',
        'error en.json:9:37 navigation.languages[0].tabs[1].groups[0].directory',
        'warning docs.json:4:3 feedback',
        // The config the schema refuses still has its pages checked: one run shows both.
        'warning docs.json:8:57 navigation.languages[1].pages[0]',
        'warning en.json:5:48 navigation.languages[0].tabs[0].anchors[0].pages[0]',
        'warning en.json:9:59 navigation.languages[0].tabs[1].groups[0].root',
        'warning en.json:9:85 navigation.languages[0].tabs[1].groups[0].pages[0]',
        'No route table until docs.json is valid.',
      ],
    );
    assert.match(stdout, /^4 navigation entries left out:\n/m);
    assert.match(stdout, / {2}`language` is "fr-fr", which is not one of the allowed values\.\n {2}hint: did you mean `fr`\?/);
    assert.match(stdout, / {2}The tab "Guides" holds both `anchors` and `groups`\.\n {2}hint: An element holds one kind of child per level/);
    assert.match(blocks.at(-1)!, /✗ docs\.json: 6 errors and 5 warnings\./);
    assert.doesNotMatch(stdout, STACK_TRACE);
  });

  it('names the line and column of invalid JSON, without a stack trace', () => {
    const dir = makeDocs({ 'docs.json': '{\n  "name": "x"\n  "navigation": {}\n}\n' });
    const { code, all } = run(['check', dir]);
    assert.equal(code, 1);
    assert.match(all, /error .*docs\.json:3:3\n {2}docs\.json is not valid JSON: a `,` was expected\./);
    assert.doesNotMatch(all, STACK_TRACE);
  });

  it('says so when docs.json is not an object, or is missing, or the folder is', () => {
    const notObject = run(['check', makeDocs({ 'docs.json': '"docs"' })]);
    assert.equal(notObject.code, 1);
    assert.match(notObject.stdout, /docs\.json must hold a JSON object, not a string\./);

    const missing = run(['check', makeDocs({ 'index.mdx': true })]);
    assert.equal(missing.code, 1);
    assert.match(missing.stdout, /docs\.json cannot be read: there is no such file\./);

    const noFolder = run(['check', '/nonexistent/docs']);
    assert.equal(noFolder.code, 1);
    assert.match(noFolder.stdout, /\/nonexistent\/docs is not a folder\./);
    for (const result of [notObject, missing, noFolder]) assert.doesNotMatch(result.all, STACK_TRACE);
  });

  it('names pages that are listed but missing, and the summary lists them as left out', () => {
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { groups: [{ group: 'G', pages: ['index', 'setup'] }] } }, ...pages('index', 'set-up') });
    const { code, stdout } = run(['check', dir]);
    assert.equal(code, 0);
    assert.match(stdout, /warning .*docs\.json:9:11 navigation\.groups\[0\]\.pages\[1\]\n {2}The page `setup` is listed in the navigation, but there is no setup\.mdx or setup\.md: it is left out\.\n {2}hint: .*Closest existing pages: `set-up`\.\n/);
    assert.match(stdout, /^1 navigation entry left out:\n {2}setup {2}\(no file; docs\.json navigation\.groups\[0\]\.pages\[1\]\)$/m);
  });

  it('passes on the example site', () => {
    const { code, stdout } = run(['check', exampleSite]);
    assert.equal(code, 0, stdout);
    // Its warnings are its pages for maintainers: one that a build without sign-in leaves out, one that `.mintignore` does.
    assert.match(stdout, /0 errors and 2 warnings\./);
    assert.match(stdout, /^warning example-site\/writing\/advanced\/team-handbook\.mdx\n/m);
    assert.match(stdout, /^ {2}The page `internal\/release-checklist` is listed in the navigation, but internal\/release-checklist\.mdx is ignored by `\.mintignore` line 7 \(`internal\/`\): it is left out\.$/m);
  });
  it('lists the components and frontmatter keys of a Mintlify repository that this site does not know', () => {
    const { code, stdout } = run(['check', fileURLToPath(new URL('../../../e2e/fixtures/mintlify-repo/', import.meta.url))]);
    assert.equal(code, 0);
    assert.match(stdout, /^Not known to this site \(components show their content alone; frontmatter keys are kept, unused\):\n {2}component <AcmeBanner>: forgiving-mdx\.mdx:\d+\n {2}frontmatter `layout`: page-settings\.mdx\n/m);
    // The fixture's own build output is not read as pages.
    assert.doesNotMatch(stdout, /dist\//);
  });
});

describe('astro-docs-json routes', () => {
  it('prints the route table as JSON', () => {
    const { code, stdout } = run(['routes', fixture('versioned'), '--json']);
    assert.equal(code, 0);
    const table = JSON.parse(stdout);
    assert.deepEqual(Object.keys(table), ['routes', 'defaultVersion', 'defaultLanguage']);
    assert.equal(table.defaultVersion, 'v2');
    assert.equal(table.defaultLanguage, 'fr');
    assert.deepEqual(table.routes[0], { url: '/v1', file: 'v1/index.mdx', title: 'Version 1', version: 'v1', language: 'en', hidden: false });
    assert.deepEqual(table.routes.at(-1), { url: '/v1/old-page', file: 'v1/old-page.mdx', title: 'Old page', version: 'v1', language: 'en', hidden: true });
    for (const route of table.routes) assert.ok(route.url === '/' || !route.url.endsWith('/'), route.url);
  });

  it('has null versions and languages where the site has none', () => {
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index'] } }, ...pages('index') });
    const table = JSON.parse(run(['routes', dir, '--json']).stdout);
    assert.deepEqual(table, {
      routes: [{ url: '/', file: 'index.mdx', title: 'index', version: null, language: null, hidden: false }],
      defaultVersion: null,
      defaultLanguage: null,
    });
  });

  it('prints a readable table without --json', () => {
    const { code, stdout } = run(['routes'], fixture('versioned'));
    assert.equal(code, 0);
    const lines = stdout.split('\n');
    assert.match(lines[0]!, /^URL +FILE +TITLE +VERSION +LANGUAGE +HIDDEN$/);
    assert.match(stdout, /^\/hidden-page +hidden-page\.mdx +Hidden +v2 +fr +yes$/m);
    assert.match(stdout, /16 routes; default version: v2; default language: fr\./);
  });

  it('keeps stdout empty and reports on stderr when the site has errors', () => {
    const { code, stdout, stderr } = run(['routes', '--json'], fixture('invalid'));
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.match(stderr, /The route table cannot be built: 6 errors and 5 warnings\./);
  });

  it('lists the example site with its versions and languages', () => {
    const table = JSON.parse(run(['routes', '--json'], exampleSite).stdout);
    assert.equal(table.defaultVersion, 'v2');
    assert.equal(table.defaultLanguage, 'en');
    type Row = { url: string; version: string | null; language: string | null; hidden: boolean };
    const byUrl = new Map<string, Row>(table.routes.map((route: Row) => [route.url, route]));
    const placement = (url: string) => {
      const route = byUrl.get(url);
      return `${url} ${route ? `${route.version} ${route.language}${route.hidden ? ' hidden' : ''}` : 'missing'}`;
    };
    assert.deepEqual(['/', '/support', '/v1/quickstart', '/fr/quickstart', '/fr/v1', '/v1/legacy-notes', '/status', '/fr/concepts'].map(placement), [
      '/ v2 en',
      // Listed under v2 and v1: it belongs to the default version.
      '/support v2 en',
      '/v1/quickstart v1 en',
      '/fr/quickstart v2 fr',
      '/fr/v1 v1 fr',
      '/v1/legacy-notes v1 en hidden',
      '/status v2 en hidden',
      '/fr/concepts v2 fr',
    ]);
    assert.equal(byUrl.has('/README'), false);
  });
});

describe('astro-docs-json score', () => {
  it('scores a built folder by the twenty agent checks, server-only ones marked, the pages beside them', () => {
    const root = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['index'] } },
      'index.mdx': '---\ntitle: Home\n---\n\n#### Too deep\n',
      'dist/llms.txt': '# x\n\n> About x.\n\n## Docs\n\n- [Home](https://x.example/index.md)\n',
      'dist/index.md': '# Home\n',
      'dist/robots.txt': 'User-agent: ClaudeBot\nDisallow: /\n',
    });
    const { code, stdout } = run(['score', 'dist', '--json'], root);
    assert.equal(code, 0);
    const report = JSON.parse(stdout);
    assert.deepEqual(Object.keys(report), ['score', 'checks']);
    assert.deepEqual(Object.keys(report.checks[0]), ['id', 'pass', 'detail', 'weight', 'group', 'findings']);
    const state = (c: { id: string; pass: boolean | null }) => `${c.id} ${c.pass}`;
    assert.equal(report.checks.length, 23);
    assert.deepEqual(report.checks.filter((c: { pass: boolean | null }) => c.pass !== false).map(state), [
      'llmsTxtExists true',
      'llmsTxtValid true',
      'llmsTxtSize true',
      'llmsTxtLinksResolve true',
      'llmsTxtLinksMarkdown true',
      'contentNegotiationMarkdown null',
      'contentNegotiationPlaintext null',
      'responseLatency null',
      'codeBlocksLabelled true',
      'terminology true',
    ]);
    // 10 + 5 + 3 + 5 + 4 of the 100 - 8 - 4 - 4 a folder can weigh (mcpToolCount fails unrun: no discovery).
    assert.equal(report.score, 32);
    const robots = report.checks.find((c: { id: string }) => c.id === 'robotsTxtAllowsAI');
    assert.deepEqual([robots.detail, robots.findings], ['robots.txt blocks ClaudeBot.', [{ file: 'robots.txt', message: 'ClaudeBot may not fetch /.' }]]);

    const text = run(['score', 'dist'], root);
    assert.match(text.stdout, /^✗ robotsTxtAllowsAI +robots\.txt blocks ClaudeBot\.$/m);
    assert.match(text.stdout, /^– contentNegotiationMarkdown +Needs a server/m);
    assert.match(text.stdout, /^ {4}index\.mdx:5 \(\/\) An h4 where an h2 is expected/m);
    assert.match(text.stdout, /Score: 32\/100 \(3 checks need a server/);
    const plain = run(['score', 'dist', '--format', 'plain'], root).stdout.split('\n');
    assert.equal(plain[0], 'llmsTxtExists\tpass\t10\tllms.txt is served at the root of the site.');
    assert.ok(plain.includes('score\t32'));
    // Without a folder: ./dist.
    assert.match(run(['score'], root).stdout, /Score: 32\/100/);
    assert.equal(run(['score', 'dist', '--format', 'xml'], root).code, 2);
  });

  it('says so when a URL answers nothing, or something other than a page', async () => {
    const server = createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const json = await runAsync(['score', url]);
      assert.deepEqual([json.code, json.stderr.trim()], [1, `${url} answers 200 (application/json), not an HTML page: is it a documentation site's address?`]);
    } finally {
      server.close();
    }
    const nothing = await runAsync(['score', 'http://127.0.0.1:9']);
    assert.deepEqual([nothing.code, nothing.stderr.trim()], [1, 'Nothing answered at http://127.0.0.1:9 within 10 s: is the site served there?']);
  });

  it('scores the pages of a site built with an adapter, in dist/client', () => {
    const root = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['index'] } },
      'index.mdx': '---\ntitle: Home\n---\n\nHello.\n',
      'dist/server/entry.mjs': 'export {};\n',
      'dist/client/llms.txt': '# x\n\n## Docs\n\n- [Home](https://x.example/index.md)\n',
      'dist/client/index.md': '# Home\n',
      'dist/client/llms-full.txt': '# Home\n',
      'dist/client/robots.txt': 'User-agent: *\nAllow: /\n',
    });
    const report = JSON.parse(run(['score', 'dist', '--json'], root).stdout) as { checks: Array<{ id: string; pass: boolean }> };
    const passed = (id: string) => report.checks.find((check) => check.id === id)!.pass;
    assert.ok(passed('llmsTxtExists') && passed('llmsTxtFullExists') && passed('robotsTxtAllowsAI'));
  });
});

describe('command line usage', () => {
  it('prints help, and exits 2 on a wrong command or option', () => {
    assert.equal(run(['--help']).code, 0);
    assert.match(run(['--help']).stdout, /check \[DIR\]/);
    const unknown = run(['deploy']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Unknown command "deploy"/);
    assert.equal(run(['check', '--jsn']).code, 2);
    assert.equal(run(['check', '--json']).code, 2);
    assert.equal(run([]).code, 2);
  });
});

describe('astro-docs-json build, dev, preview, validate in a docs folder with no Astro project', () => {
  // Caches go to the user's cache folder: here a scratch one.
  const cache = makeDocs({});
  const env = { XDG_CACHE_HOME: cache, ASTRO_TELEMETRY_DISABLED: '1' };
  const runIn = (args: string[], cwd: string) => {
    const result = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
    return { code: result.status, all: result.stdout + result.stderr };
  };

  it('builds the site into dist, writing nothing else into the folder, with paths named from it', () => {
    const dir = makeDocs({ 'docs.json': { name: 'Bare', navigation: { pages: ['index', 'guide'] } }, ...pages('index', 'guide'), 'guide.mdx': '---\ntitle: Guide\n---\n\n<Note>Built with no project.</Note>\n\n![Gone](/images/gone.png)\n' });
    const before = readdirSync(dir).sort();
    const { code, all } = runIn(['build', '--site', 'https://bare.example.com'], dir);
    assert.equal(code, 0, all);
    assert.deepEqual(readdirSync(dir).sort(), [...before, 'dist'].sort());
    assert.match(readFileSync(path.join(dir, 'dist', 'guide.html'), 'utf8'), /Built with no project\./);
    assert.match(all, /^.*warning guide\.mdx:\d+\n {2}The image `\/images\/gone\.png` is not in the docs folder/m);
    assert.match(readFileSync(path.join(dir, 'dist', 'sitemap-0.xml'), 'utf8'), /https:\/\/bare\.example\.com\/guide/);
  });

  it('checks a spec named by URL against the copy the last build fetched, as the build would', async () => {
    const spec = { openapi: '3.0.3', info: { title: 'Kennel', version: '1' }, paths: { '/dogs': { get: { summary: 'List the dogs', responses: { 200: { description: 'The dogs' } } } } } };
    const specServer = createServer((_, response) => response.end(JSON.stringify(spec)));
    await new Promise<void>((resolve) => specServer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(specServer.address() as AddressInfo).port}/openapi.json`;
    const dir = makeDocs({ 'docs.json': { name: 'Kennel', navigation: { groups: [{ group: 'API', openapi: url, pages: ['index', 'GET /dogs'] }] } }, ...pages('index') });
    const runAsync = (args: string[]) => {
      const child = spawn(process.execPath, [bin, ...args], { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env } });
      let all = '';
      child.stdout.on('data', (chunk) => (all += chunk));
      child.stderr.on('data', (chunk) => (all += chunk));
      return new Promise<{ code: number | null; all: string }>((resolve) => child.on('close', (code) => resolve({ code, all })));
    };
    try {
      const unbuilt = await runAsync(['check']);
      assert.match(unbuilt.all, /openapi\.json/, 'before any build, check has no copy of the spec and says so');
      const built = await runAsync(['build']);
      assert.equal(built.code, 0, built.all);
    } finally {
      specServer.close();
    }
    const checked = await runAsync(['check']);
    assert.equal(checked.code, 0, checked.all);
    assert.doesNotMatch(checked.all, /openapi\.json/, checked.all);
  });

  it('stops with the docs\' errors and no stack trace, and validates as check --strict', () => {
    const dir = makeDocs({ 'docs.json': '{ "name": "Broken",\n  "navigation": { "pages": ["index"] },\n}\n', ...pages('index') });
    const built = runIn(['build'], dir);
    assert.equal(built.code, 1);
    assert.match(built.all, /docs\.json has 1 error and 0 warnings:\n\nerror docs\.json:3:1\n {2}docs\.json is not valid JSON/);
    assert.doesNotMatch(built.all, STACK_TRACE);
    assert.equal(existsSync(path.join(dir, 'dist')), false);
    const validated = runIn(['validate'], dir);
    assert.equal(validated.code, 1);
    assert.match(validated.all, /✗ docs\.json: 1 error and 0 warnings\./);
  });

  it('says what is wrong with a flag, and where there are no docs', () => {
    const dir = makeDocs({});
    assert.match(runIn(['build'], dir).all, /has no docs\.json: run the command in the docs folder/);
    const stray = runIn(['build', '--port', '3000'], dir);
    assert.equal(stray.code, 2);
    assert.match(stray.all, /"build" takes --out, --site, --strict, --part, --related-pages; not --port\./);
    assert.match(runIn(['dev', '--port', 'high'], dir).all, /--port takes a port number, like 3000; not "high"\./);
    const related = runIn(['build', '--related-pages', 'always'], dir);
    assert.equal(related.code, 2);
    assert.match(related.all, /--related-pages takes automatic, manual or off; not "always"\./);
    assert.match(runIn(['preview', path.join(dir, 'nowhere')], dir).all, /holds no built site: build it first/);
  });

  it('serves the site with dev, and a page again once it is edited', async () => {
    const dir = makeDocs({ 'docs.json': { name: 'Live', navigation: { pages: ['index'] } }, 'index.mdx': '---\ntitle: Live\n---\n\nFirst words.\n' });
    const port = 4391;
    const server = spawn(process.execPath, [bin, 'dev', '--port', String(port)], { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env } });
    try {
      const page = () => fetch(`http://127.0.0.1:${port}/`).then((response) => response.text()).catch(() => '');
      assert.match(await until(page, /First words\./), /First words\./);
      writeFileSync(path.join(dir, 'index.mdx'), '---\ntitle: Live\n---\n\nSecond words.\n');
      assert.match(await until(page, /Second words\./), /Second words\./);
      assert.deepEqual(readdirSync(dir).sort(), ['docs.json', 'index.mdx']);
    } finally {
      server.kill('SIGTERM');
    }
  });

  it('stops dev at once, with the reason and exit 1, when the server cannot create its app, and leaves no port open', { timeout: 60_000 }, async () => {
    // An Astro project of its own whose packages were never installed: Astro's dev server
    // cannot load its app, and would otherwise accept connections and answer none.
    const dir = makeDocs({ 'docs.json': { name: 'Uninstalled', navigation: { pages: ['index'] } }, ...pages('index'), 'astro.config.mjs': 'export default {};\n' });
    const port = 4393;
    const started = Date.now();
    const server = spawn(process.execPath, [bin, 'dev', '--port', String(port)], { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env } });
    let output = '';
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => server.on('exit', resolve));
    assert.equal(code, 1, output);
    assert.ok(Date.now() - started < 30_000, `it took ${Date.now() - started} ms to stop`);
    assert.match(output, /The dev server could not start: Cannot find module 'astro\/[^']+'/);
    assert.match(output, /install its packages there \(npm install\)/);
    assert.doesNotMatch(output, STACK_TRACE);
    await assert.rejects(fetch(`http://127.0.0.1:${port}/`), 'nothing listens on the port');
  });

  it('previews a built site with its redirects answered as a host that reads `_redirects` answers them', async () => {
    const dir = makeDocs({
      'docs.json': {
        name: 'Moved',
        navigation: { pages: ['index', 'guides/install'] },
        redirects: [{ source: 'setup', destination: '/guides/install' }, { source: '/beta/:slug*', destination: '/guides/:slug*', permanent: false }],
      },
      ...pages('index', 'guides/install'),
    });
    const built = runIn(['build'], dir);
    assert.equal(built.code, 0, built.all);
    const port = 4394;
    const server = spawn(process.execPath, [bin, 'preview', path.join(dir, 'dist'), '--port', String(port)], { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env } });
    try {
      const answer = async (url: string) => {
        const response = await fetch(`http://127.0.0.1:${port}${url}`, { redirect: 'manual' });
        return `${response.status} ${response.headers.get('location')}`;
      };
      await until(() => answer('/').catch(() => ''), /^200/);
      assert.equal(await answer('/setup'), '308 /guides/install');
      assert.equal(await answer('/setup?from=mail'), '308 /guides/install?from=mail');
      // Any path under it, a page there or not, as the host matches it.
      assert.equal(await answer('/beta/install'), '307 /guides/install');
      assert.equal(await answer('/beta/later'), '307 /guides/later');
      assert.equal(await answer('/guides/install'), '200 null');
    } finally {
      server.kill('SIGTERM');
    }
  });
});

describe('astro-docs-json broken-links', () => {
  const docs = () =>
    makeDocs({
      'docs.json': { name: 'Links', navigation: { pages: ['index', 'guide'] } },
      'index.mdx': '---\ntitle: Home\n---\n\n[Guide](/guide#setup)\n\n[Gone](/gide)\n',
      'guide.mdx': '---\ntitle: Guide\n---\n\n## Install\n\n[Home](/)\n',
    });

  it('lists each broken link at its file and line with the closest page, and exits 1', () => {
    const { code, stdout } = run(['broken-links', docs()]);
    assert.equal(code, 1);
    assert.match(stdout, /index\.mdx:7 `\/gide`\n {2}leads to no page\n {2}hint: did you mean `\/guide`\?/);
    assert.match(stdout, /✗ 1 broken link in 1 file\./);
  });

  it('checks anchors with --check-anchors, prints JSON with --json, and exits 0 when every link leads somewhere', () => {
    const { code, stdout } = run(['broken-links', docs(), '--check-anchors', '--json']);
    assert.equal(code, 1);
    const { broken } = JSON.parse(stdout) as { broken: Array<{ file: string; line: number; href: string; message: string }> };
    assert.deepEqual(broken.map((link) => `${link.file}:${link.line} ${link.href}`), ['index.mdx:5 /guide#setup', 'index.mdx:7 /gide']);
    const fine = run(['broken-links', docs(), '--files', 'guide.mdx']);
    assert.equal(fine.code, 0);
    assert.match(fine.stdout, /✓ No broken links\./);
    assert.equal(run(['broken-links', docs(), '--out', 'x']).code, 2);
  });

  it('writes docs.json\'s problems at their JSON path, and checks its redirects with --check-redirects', () => {
    const plain = run(['broken-links', '.'], fixture('broken-links'));
    assert.equal(plain.code, 1);
    assert.match(plain.stdout, /^docs\.json:8 navigation\.global\.anchors\[0\]\.href `\/status-board`\n {2}leads to no page$/m);
    assert.match(plain.stdout, /✗ 17 broken links in 3 files\./);
    const redirects = run(['broken-links', '.', '--check-redirects', '--files', 'docs.json'], fixture('broken-links'));
    assert.match(redirects.stdout, /^docs\.json:34 redirects\[6\]\.destination `\/gone-for-good`\n {2}its destination leads to no page$/m);
    assert.match(redirects.stdout, /✗ 11 broken links in 1 file\./);
  });
});

describe('astro-docs-json a11y', () => {
  it('lists colours under AA, images without alt text and nameless links, exits 1, and skips what it is told to', () => {
    const dir = makeDocs({
      'docs.json': { name: 'Pale', colors: { primary: '#A8FF53', dark: '#312e81' }, navigation: { pages: ['index'] } },
      'index.mdx': '---\ntitle: Home\n---\n\n![](/images/chart.png)\n\n<a href="https://github.com/acme"><Icon icon="github" /></a> <a id="anchor" />\n',
    });
    const { code, stdout } = run(['a11y', dir]);
    assert.equal(code, 1);
    assert.match(stdout, /docs\.json colors\.primary #A8FF53 on the light background #ffffff\n {2}contrast 1\.22:1, under WCAG AA's 4\.5:1 for text/);
    assert.match(stdout, /docs\.json colors\.dark #312e81 on the dark background #0f1216\n {2}contrast 1\.64:1, under WCAG AA's 3:1 for buttons/);
    assert.match(stdout, /index\.mdx:5 image `\/images\/chart\.png` has no alt text/);
    assert.match(stdout, /index\.mdx:7 <a> to `https:\/\/github\.com\/acme` shows only the icon `github`, and has no accessible name\n {2}hint: give it an `aria-label`/);
    assert.match(stdout, /✗ 2 colour contrast, 1 alt text and 1 accessible name problems \(1 icon-only, 0 empty\)\./);
    assert.equal(run(['a11y', dir, '--skip-contrast', '--skip-alt-text', '--skip-link-names']).code, 0);
    const json = JSON.parse(run(['a11y', dir, '--skip-contrast', '--json']).stdout) as { contrast: unknown[]; altText: Array<{ file: string; line: number }>; linkNames: Array<{ line: number; content: string }> };
    assert.deepEqual([json.contrast.length, json.altText[0]?.file, json.altText[0]?.line], [0, 'index.mdx', 5]);
    assert.deepEqual(json.linkNames.map(({ line, content }) => `${line} ${content}`), ['7 icon']);
    assert.deepEqual(JSON.parse(run(['a11y', dir, '--skip-contrast', '--skip-link-names', '--json']).stdout).linkNames, []);
  });
});

describe('astro-docs-json new', () => {
  it('writes a starter that validates with no warning, with no broken link or accessibility problem', () => {
    const dir = path.join(makeDocs({}), 'team-docs');
    const made = run(['new', dir, '--theme', 'maple']);
    assert.equal(made.code, 0, made.all);
    assert.match(made.stdout, /Wrote a starter for "Team docs" to .*team-docs: 7 files\./);
    const docsJson = JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8')) as { theme: string; name: string };
    assert.deepEqual([docsJson.theme, docsJson.name], ['maple', 'Team docs']);
    assert.match(run(['validate', dir]).stdout, /✓ .*docs\.json is valid: 0 errors and 0 warnings\./);
    assert.equal(run(['broken-links', dir, '--check-anchors']).code, 0);
    assert.equal(run(['a11y', dir]).code, 0);
    assert.match(run(['routes', dir]).stdout, /\/api-reference\/list-projects/);
  });

  it('leaves a folder that is not empty alone unless --force, and names the themes', () => {
    const dir = makeDocs({ 'notes.md': '# Mine\n' });
    const refused = run(['new', dir]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /is not empty: give an empty or new folder/);
    assert.equal(run(['new', dir, '--force', '--name', 'Forced']).code, 0);
    assert.equal(readFileSync(path.join(dir, 'notes.md'), 'utf8'), '# Mine\n');
    const theme = run(['new', path.join(dir, 'other'), '--theme', 'purple']);
    assert.equal(theme.code, 2);
    assert.match(theme.stderr, /--theme takes one of mint, maple, palm/);
  });
});

describe('astro-docs-json broken-links --check-external', () => {
  it('asks each address once, reports those gone or silent, and follows no redirect', async () => {
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      if (request.url === '/moved') response.writeHead(301, { location: 'http://10.255.255.1/private' }).end();
      else response.writeHead(request.url === '/gone' ? 404 : 200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const dir = makeDocs({
        'docs.json': { name: 'External', navigation: { pages: ['index'] } },
        'index.mdx': `---\ntitle: Home\n---\n\n[ok](${origin}/ok)\n\n[gone](${origin}/gone)\n\n[again](${origin}/gone#part)\n\n[moved](${origin}/moved)\n`,
      });
      const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const child = spawn(process.execPath, [bin, 'broken-links', dir, '--check-external'], { env: { ...process.env, NO_COLOR: '1' } });
        let stdout = '';
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.on('exit', (code) => resolve({ code, stdout }));
      });
      assert.equal(result.code, 1);
      assert.match(result.stdout, /index\.mdx:7 `http:\/\/127\.0\.0\.1:\d+\/gone`\n {2}answers 404: the page is gone/);
      assert.match(result.stdout, /index\.mdx:9 `http:\/\/127\.0\.0\.1:\d+\/gone#part`/);
      assert.match(result.stdout, /✗ 2 broken links in 1 file\./);
      assert.equal(asked.filter((line) => line.endsWith('/gone')).length, 2, 'HEAD, then GET to be sure');
      assert.ok(!asked.some((line) => line.includes('private')), 'the redirect is not followed');
    } finally {
      server.close();
    }
  });
});
