// Mintlify's OpenAPI semantics where a repository leaves things implicit: operations looked
// up in every spec of the docs folder, specs fetched by URL, and what a page still builds with.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { discoverSpecFiles } from '../src/core/openapi/discover.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { summarizeSite } from '../src/core/report/summary.ts';
import { makeDocs, summary } from './helpers.ts';

/** A small spec with the given `GET` paths, in YAML. */
const specWith = (title: string, ...paths: string[]) =>
  `openapi: 3.0.3\ninfo: { title: ${title}, version: "1" }\npaths:\n${paths.map((p) => `  ${p}:\n    get: { summary: Get ${p}, tags: [${title}], responses: { "200": { description: ok } } }\n`).join('')}`;

const operationOf = (site: Awaited<ReturnType<typeof loadSite>>, url: string) => site.routes.find((route) => route.url === url)?.operation;

describe('OpenAPI specs of the docs folder', () => {
  it('are every .json, .yaml and .yml file whose top level has `openapi` or `swagger`', async () => {
    const dir = makeDocs({
      'a/one.yaml': specWith('One', '/a'),
      'b/two.json': { swagger: '2.0', info: { title: 'x', version: '1' }, paths: {} },
      'c/three.yml': `info: { title: x, version: "1" }\n# a comment\nopenapi: 3.1.0\npaths: {}\n`,
      // Sorted keys put `openapi` after a large `components`: still found.
      'd/sorted.json': `{"components": {"schemas": {"openapi": {"type": "string"}}}, "info": {}, "openapi": "3.0.0", "paths": {}}`,
      'data/not-a-spec.json': { nested: { openapi: '3.0.0' } },
      'data/list.yaml': '- openapi: 3.0.0\n',
      'node_modules/pkg/spec.yaml': specWith('Pkg', '/p'),
      '.hidden/spec.yaml': specWith('Hidden', '/h'),
    });
    assert.deepEqual(await discoverSpecFiles(dir), ['a/one.yaml', 'b/two.json', 'c/three.yml', 'd/sorted.json']);
  });
});

describe('a page whose frontmatter names an operation', () => {
  it('finds it in a spec that docs.json names nowhere', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['agents'] } },
      'agents.mdx': '---\ntitle: Agents\nopenapi: GET /agents\n---\n\nText.\n',
      'reference/api.yaml': specWith('Api', '/agents'),
    });
    const site = await loadSite(dir);
    assert.deepEqual(site.diagnostics, []);
    assert.deepEqual(operationOf(site, '/agents'), { spec: 'reference/api.yaml', kind: 'operation', method: 'GET', path: '/agents' });
  });

  it('looks in the nearest spec first: its element’s, then `api.openapi`, then every other one by path', async () => {
    const dir = makeDocs({
      'docs.json': {
        name: 'x',
        api: { openapi: 'site.yaml' },
        navigation: { groups: [{ group: 'Near', openapi: 'near.yaml', pages: ['near-page'] }, { group: 'Far', pages: ['far-page', 'nowhere-page'] }] },
      },
      'near-page.mdx': '---\ntitle: Near\nopenapi: GET /shared\n---\n',
      'far-page.mdx': '---\ntitle: Far\nopenapi: GET /shared\n---\n',
      'nowhere-page.mdx': '---\ntitle: Other\nopenapi: GET /elsewhere\n---\n',
      'near.yaml': specWith('Near', '/shared'),
      'site.yaml': specWith('Site', '/shared'),
      'a-first.yaml': specWith('First', '/elsewhere'),
      'b-second.yaml': specWith('Second', '/elsewhere'),
    });
    const site = await loadSite(dir);
    assert.equal(operationOf(site, '/near-page')?.spec, 'near.yaml');
    assert.equal(operationOf(site, '/far-page')?.spec, 'site.yaml');
    // Found in two specs of the same rank: the first by path wins, and a warning names both.
    assert.equal(operationOf(site, '/nowhere-page')?.spec, 'a-first.yaml');
    assert.deepEqual(summary(site.diagnostics), ['warning ambiguous-operation nowhere-page.mdx']);
    assert.match(site.diagnostics[0]!.message, /`GET \/elsewhere` is in several specs: `a-first\.yaml` and `b-second\.yaml`; the operation of `a-first\.yaml`, the first, is used\./);
  });

  it('builds with its own content when no spec has the operation, naming the spec and the closest paths', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['agent'] } },
      'agent.mdx': '---\ntitle: Agent\nopenapi: POST /agents/runs\n---\n\nOwn text.\n',
      'api.yaml': specWith('Api', '/agents/run', '/users'),
    });
    const site = await loadSite(dir);
    assert.equal(site.ok, true);
    assert.deepEqual(summary(site.diagnostics), ['warning unknown-operation agent.mdx']);
    const [warning] = site.diagnostics;
    assert.match(warning!.message, /^`POST \/agents\/runs` is not in `api\.yaml`: it has no path \/agents\/runs\. The page is built with its own content only\.$/);
    assert.match(warning!.hint!, /^Closest paths: `\/agents\/run`/);
    assert.ok(site.routes.some((route) => route.url === '/agent' && route.operation === undefined));
    assert.deepEqual(summarizeSite(site).warnings.map((kind) => kind.code), ['unknown-operation']);
    assert.equal((await loadSite(dir, { strict: true })).ok, false, '`strict` stops on it');
  });

  it('builds with its own content when the frontmatter names a spec file and no operation', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['cloud'] } },
      'cloud.mdx': '---\ntitle: Cloud\nopenapi: /openapi-cloud.yaml\n---\n\nAbout the API.\n',
      'openapi-cloud.yaml': specWith('Cloud', '/x'),
    });
    const site = await loadSite(dir);
    assert.equal(site.ok, true);
    assert.deepEqual(summary(site.diagnostics), ['warning invalid-frontmatter cloud.mdx']);
    assert.match(site.diagnostics[0]!.message, /names the spec `\/openapi-cloud\.yaml` but no operation: the page is built with its own content only\./);
    assert.match(site.diagnostics[0]!.hint!, /like "\/openapi-cloud\.yaml GET \/users\/\{id\}"/);
    assert.equal((await loadSite(dir, { strict: true })).ok, false);
  });

  it('finds the spec it names by a path from the page’s own folder, from the root, or by file name', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['ledger/entries/close-period', 'ledger/entries/open-period', 'ledger/v2/balance', 'ledger/v2/rooted', 'ledger/v2/named'] } },
      // Two folders up, as a page beside its spec's folder writes it.
      'ledger/entries/close-period.mdx': '---\ntitle: Close\nopenapi: ../../bookkeeping.json post /rpc/close_period\n---\n',
      'ledger/entries/open-period.mdx': '---\ntitle: Open\nopenapi: ./entries.yaml GET /periods\n---\n',
      // Its own folder's `ledger.yaml`, not the other version's of the same name.
      'ledger/v2/balance.mdx': '---\ntitle: Balance\nopenapi: ledger.yaml GET /periods\n---\n',
      'ledger/v2/rooted.mdx': '---\ntitle: Rooted\nopenapi: /ledger/v1/ledger.yaml GET /periods\n---\n',
      'ledger/v2/named.mdx': '---\ntitle: Named\nopenapi: bookkeeping POST /rpc/close_period\n---\n',
      'bookkeeping.json': { openapi: '3.0.3', info: { title: 'Books', version: '1' }, paths: { '/rpc/close_period': { post: { responses: { 200: { description: 'ok' } } } } } },
      'ledger/entries/entries.yaml': specWith('Entries', '/periods'),
      'entries.yaml': specWith('RootEntries', '/periods'),
      'ledger/v1/ledger.yaml': specWith('V1', '/periods'),
      'ledger/v2/ledger.yaml': specWith('V2', '/periods'),
    });
    const site = await loadSite(dir);
    assert.deepEqual(site.diagnostics, []);
    assert.deepEqual(operationOf(site, '/ledger/entries/close-period'), { spec: 'bookkeeping.json', kind: 'operation', method: 'POST', path: '/rpc/close_period' });
    assert.equal(operationOf(site, '/ledger/entries/open-period')?.spec, 'ledger/entries/entries.yaml');
    assert.equal(operationOf(site, '/ledger/v2/balance')?.spec, 'ledger/v2/ledger.yaml');
    assert.equal(operationOf(site, '/ledger/v2/rooted')?.spec, 'ledger/v1/ledger.yaml');
    assert.equal(operationOf(site, '/ledger/v2/named')?.spec, 'bookkeeping.json');
  });

  it('reads no spec outside the docs folder, by a path that climbs out or a link that leads out', async () => {
    const root = makeDocs({
      'site/docs.json': { name: 'x', navigation: { pages: ['guides/climb', 'guides/linked'] } },
      'site/guides/climb.mdx': '---\ntitle: Climb\nopenapi: ../../private.yaml GET /secrets\n---\n\nOwn text.\n',
      'site/guides/linked.mdx': '---\ntitle: Linked\nopenapi: ./private.yaml GET /secrets\n---\n',
      'private.yaml': specWith('Private', '/secrets'),
    });
    symlinkSync(path.join(root, 'private.yaml'), path.join(root, 'site/guides/private.yaml'));
    const site = await loadSite(path.join(root, 'site'));
    assert.equal(site.ok, true);
    assert.equal(operationOf(site, '/guides/climb'), undefined);
    assert.equal(operationOf(site, '/guides/linked'), undefined);
    assert.deepEqual(summary(site.diagnostics), ['warning missing-openapi guides/climb.mdx', 'warning missing-openapi guides/linked.mdx']);
    assert.match(site.diagnostics[0]!.message, /names the spec `\.\.\/\.\.\/private\.yaml`, a path that leads out of the docs folder: it is not read\. The page is built with its own content only\.$/);
    assert.match(site.diagnostics[1]!.message, /symbolic link that leads out of the docs folder/);
  });

  it('skips a broken spec nobody names, with a warning once it is searched', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['page'] } },
      'page.mdx': '---\ntitle: Page\nopenapi: GET /a\n---\n',
      'good.yaml': specWith('Good', '/a'),
      'zz-broken.yaml': 'openapi: 3.0.0\ninfo: [unclosed\n',
    });
    const site = await loadSite(dir);
    assert.equal(site.ok, true);
    assert.equal(operationOf(site, '/page')?.spec, 'good.yaml');
    assert.deepEqual(summary(site.diagnostics), ['warning invalid-openapi zz-broken.yaml']);
    assert.match(site.diagnostics[0]!.hint!, /No page uses it: it is skipped\./);
  });
});

describe('a spec named by URL', () => {
  let server: Server;
  let base = '';
  /** What the server answers, by path. */
  const answers = new Map<string, (response: import('node:http').ServerResponse) => void>();
  before(async () => {
    server = createServer((request, response) => {
      const answer = answers.get(request.url ?? '');
      if (answer) answer(response);
      else response.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const docsNaming = (url: string) =>
    makeDocs({ 'docs.json': { name: 'x', navigation: { tabs: [{ tab: 'Home', pages: ['index'] }, { tab: 'API', openapi: url }] } }, 'index.mdx': true });
  const cache = () => mkdtempSync(path.join(tmpdir(), 'astro-docs-json-specs-'));
  const generated = (site: Awaited<ReturnType<typeof loadSite>>) => site.routes.filter((route) => route.operation).map((route) => route.url);

  it('is fetched when the site is built, and its copy serves `check` and a build without the network', async () => {
    answers.set('/openapi', (response) => response.writeHead(200, { 'content-type': 'application/yaml' }).end(specWith('Remote', '/things')));
    const url = `${base}/openapi`;
    const dir = docsNaming(url);
    const cacheDir = cache();

    const built = await loadSite(dir, { remoteSpecs: { fetch: true, cacheDir } });
    assert.deepEqual(built.diagnostics, []);
    assert.deepEqual(generated(built), ['/api-reference/remote/get-things']);
    assert.equal(readdirSync(cacheDir).filter((name) => name.endsWith('.spec')).length, 1, 'a copy is kept');
    assert.ok(built.specs.has(url));

    const checked = await loadSite(dir, { remoteSpecs: { fetch: false, cacheDir } });
    assert.deepEqual(checked.diagnostics, []);
    assert.deepEqual(generated(checked), ['/api-reference/remote/get-things']);

    answers.set('/openapi', (response) => response.writeHead(503).end());
    const offline = await loadSite(dir, { remoteSpecs: { fetch: true, cacheDir } });
    assert.deepEqual(generated(offline), ['/api-reference/remote/get-things']);
    assert.deepEqual(summary(offline.diagnostics), ['warning invalid-openapi navigation.tabs[1].openapi']);
    assert.match(offline.diagnostics[0]!.message, /could not be fetched \(HTTP 503 Service Unavailable\); the copy kept on \d{4}-\d\d-\d\dT[\d:]+Z is used/);
  });

  it('without the network or a copy, leaves out its element’s pages, naming the URL and the element', async () => {
    const url = `${base}/missing-spec`;
    const dir = docsNaming(url);
    const site = await loadSite(dir, { remoteSpecs: { fetch: true, cacheDir: cache() } });
    assert.equal(site.ok, true);
    assert.deepEqual(generated(site), []);
    assert.deepEqual(summary(site.diagnostics), ['warning openapi-url navigation.tabs[1].openapi']);
    assert.match(site.diagnostics[0]!.message, new RegExp(`The OpenAPI spec \`${url}\` was not read: it could not be fetched \\(HTTP 404 Not Found\\), and no earlier build kept a copy\\. The site is built without its pages\\.`));
    assert.deepEqual(summarizeSite(site).leftOut, [{ entry: `the generated pages of ${url}`, where: 'docs.json navigation.tabs[1].openapi', reason: 'its spec could not be fetched' }]);
    assert.equal((await loadSite(dir, { strict: true, remoteSpecs: { fetch: true, cacheDir: cache() } })).ok, false);
  });

  it('is not fetched by `check`, which says so', async () => {
    answers.set('/never', () => assert.fail('check must not fetch'));
    const site = await loadSite(docsNaming(`${base}/never`), { remoteSpecs: { fetch: false, cacheDir: cache() } });
    assert.deepEqual(summary(site.diagnostics), ['warning openapi-url navigation.tabs[1].openapi']);
    assert.match(site.diagnostics[0]!.message, /`check` does not fetch specs, and no build has kept a copy of it yet/);
  });

  it('gives up on a server that does not answer in time, or answers too much, or answers with no spec', async () => {
    answers.set('/slow', () => undefined);
    answers.set('/huge', (response) => response.writeHead(200).end(`openapi: 3.0.0\n# ${'x'.repeat(4096)}\n`));
    answers.set('/html', (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>'));
    const reasons: Record<string, RegExp> = { '/slow': /no answer within 0\.3 s/, '/huge': /the spec is larger than/, '/html': /the answer is not an OpenAPI document/ };
    for (const [route, reason] of Object.entries(reasons)) {
      const site = await loadSite(docsNaming(`${base}${route}`), { remoteSpecs: { fetch: true, cacheDir: cache(), timeoutMs: 300, maxBytes: 1024 } });
      assert.deepEqual(summary(site.diagnostics), ['warning openapi-url navigation.tabs[1].openapi'], route);
      assert.match(site.diagnostics[0]!.message, reason, route);
    }
  });

  it('is not read at all without `remoteSpecs`, and no file is written', async () => {
    const dir = docsNaming(`${base}/openapi`);
    const site = await loadSite(dir);
    assert.deepEqual(summary(site.diagnostics), ['warning openapi-url navigation.tabs[1].openapi']);
    assert.equal(existsSync(path.join(dir, 'node_modules')), false);
  });
});
