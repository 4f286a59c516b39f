// Builds small sites with Astro itself: what the integration writes, and that a site
// with bad docs stops the build before anything is written.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build, dev } from 'astro';
import docsJson from '../src/index.ts';

// Inside the repository, so that the site resolves astro and astro-docs-json.
const scratch = fileURLToPath(new URL('./.scratch/', import.meta.url));
mkdirSync(scratch, { recursive: true });
after(() => rmSync(scratch, { recursive: true, force: true }));

function site(files: Record<string, unknown>): string {
  const root = mkdtempSync(path.join(scratch, 'site-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
}

const quiet = { logLevel: 'silent' as const };

describe('astro build', () => {
  it('stops on an invalid docs.json with the named errors, and writes nothing', async () => {
    const root = site({
      'docs.json': { name: 'Broken', navigation: { tabs: [{ tab: 'A', groups: [{ group: 'G', pages: ['index'] }], pages: ['x'] }] } },
      'index.mdx': '# Home\n',
    });
    await assert.rejects(
      build({ root, integrations: [docsJson()], ...quiet }),
      (error: Error & { hint?: string }) => {
        assert.match(error.message, /docs\.json has 1 error and 0 warnings/);
        assert.match(error.message, /error docs\.json:\d+:\d+ navigation\.tabs\[0\]\n {2}The tab "A" holds both `groups` and `pages`\./);
        assert.match(error.hint ?? '', /npx astro-docs-json check/);
        assert.equal(error.stack, '');
        return true;
      },
    );
    assert.equal(existsSync(path.join(root, 'dist')), false, 'no output is written');
  });

  it('stops on a page that is listed but missing', async () => {
    const root = site({ 'docs.json': { name: 'x', navigation: { pages: ['index', 'missing'] } }, 'index.mdx': '# Home\n' });
    await assert.rejects(build({ root, integrations: [docsJson()], ...quiet }), /The page `missing` is listed in the navigation/);
    assert.equal(existsSync(path.join(root, 'dist')), false);
  });

  it('stops on an OpenAPI operation its spec does not have', async () => {
    const root = site({
      'docs.json': { name: 'x', navigation: { groups: [{ group: 'API', openapi: 'api.yaml', pages: ['GET /users/{id}'] }] } },
      'api.yaml': 'openapi: 3.0.3\ninfo: { title: x, version: "1" }\npaths:\n  /user/{id}:\n    get: { responses: { "200": { description: ok } } }\n',
    });
    await assert.rejects(build({ root, integrations: [docsJson()], ...quiet }), /`GET \/users\/\{id\}` is not in `api\.yaml`: it has no path \/users\/\{id\}\.\n {2}hint: Closest paths: `\/user\/\{id\}`/);
    assert.equal(existsSync(path.join(root, 'dist')), false);
  });

  it('refuses unknown options', () => {
    assert.throws(() => docsJson({ directory: 'docs' } as never), /Invalid options passed to astro-docs-json/);
  });

  it('builds every route, a redirect at / when there is no index, and the icon sprite', async () => {
    const root = site({
      'astro.config.mjs': 'export default {};',
      'docs/docs.json': {
        name: 'Small',
        navigation: { versions: [{ version: 'v1', pages: ['v1/start'] }, { version: 'v2', default: true, groups: [{ group: 'Go', icon: 'rocket', pages: ['v2/start'] }] }] },
      },
      'docs/v1/start.mdx': '---\ntitle: Old start\n---\nOld.\n',
      'docs/v2/start.mdx': '---\ntitle: New start\ndescription: Begin here.\n---\n\nSee [the old one](../v1/start.mdx).\n',
      'docs/v2/unlisted.md': '# Unlisted\n',
    });
    await build({ root, integrations: [docsJson({ dir: './docs' })], site: 'https://docs.example.org', ...quiet });
    const dist = path.join(root, 'dist');
    const html = readFileSync(path.join(dist, 'v2/start.html'), 'utf8');
    assert.match(html, /<title>New start - Small<\/title>/);
    assert.match(html, /<meta name="description" content="Begin here.">/);
    assert.match(html, /<link rel="canonical" href="https:\/\/docs.example.org\/v2\/start">/);
    assert.match(html, /<a href="\/v1\/start">the old one<\/a>/);
    assert.match(html, /<a href="\/v2\/start" aria-current="page">New start<\/a>/);
    assert.ok(existsSync(path.join(dist, 'v2/unlisted.html')), 'hidden pages are built');
    assert.match(readFileSync(path.join(dist, 'index.html'), 'utf8'), /<meta http-equiv="refresh" content="0;url=\/v2\/start">/);
    const sprite = html.match(/<use href="(\/_docs\/icons-[0-9a-f]+\.svg)#i0"/)?.[1];
    assert.ok(sprite, 'icons refer to the sprite');
    assert.match(readFileSync(path.join(dist, sprite), 'utf8'), /<symbol id="i0" viewBox=/);
  });
});

describe('astro dev', () => {
  it('updates the site when docs.json or a page changes, without a restart', async () => {
    const root = site({
      'docs.json': { name: 'Live', navigation: { groups: [{ group: 'First name', pages: ['index'] }] } },
      'index.mdx': '---\ntitle: Home\n---\nHello.\n',
    });
    const server = await dev({ root, integrations: [docsJson()], server: { port: 4610, host: '127.0.0.1' }, ...quiet });
    const get = async (url: string) => {
      const response = await fetch(`http://127.0.0.1:4610${url}`);
      return { status: response.status, text: await response.text() };
    };
    /** Polls until the page shows `expected`: the watcher reloads the site a moment after the change. */
    const eventually = async (url: string, expected: RegExp) => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const { text } = await get(url);
        if (expected.test(text)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.fail(`${url} never matched ${expected}`);
    };
    try {
      await eventually('/', /First name/);
      writeFileSync(
        path.join(root, 'docs.json'),
        JSON.stringify({ name: 'Live', navigation: { groups: [{ group: 'Second name', pages: ['index', 'added'] }] } }),
      );
      writeFileSync(path.join(root, 'added.mdx'), '---\ntitle: Added later\n---\nNew.\n');
      await eventually('/', /Second name/);
      await eventually('/added', /<title>Added later - Live<\/title>/);
      writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Renamed home\n---\nHello again.\n');
      await eventually('/added', />Renamed home<\/a>/);
    } finally {
      await server.stop();
    }
  });
});
