// Docs repositories take pull requests from strangers: what the builder reads and publishes
// on its own stays inside the docs folder (by real path), and page code that is not the
// docs folder's is named as what it is, code that runs at build time.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { scanAssetFiles } from '../src/core/pages/assets.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { makeDocs, summary } from './helpers.ts';

/** A file outside any docs folder, whose text must never show up anywhere. */
function sentinel(): { dir: string; text: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-outside-'));
  const text = 'SENTINEL-OUTSIDE-4b1d';
  writeFileSync(path.join(dir, 'secret.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><title>${text}</title></svg>`);
  writeFileSync(path.join(dir, 'secret.mdx'), `${text}\n`);
  writeFileSync(path.join(dir, 'secret.yaml'), `openapi: 3.0.3\ninfo: { title: ${text}, version: "1" }\npaths:\n  /secret:\n    get: { summary: ${text}, responses: { "200": { description: ok } } }\n`);
  writeFileSync(path.join(dir, 'schemas.yaml'), `Secret:\n  type: string\n  description: ${text}\n`);
  return { dir, text };
}

describe('the docs folder boundary', () => {
  it('does not follow symbolic links that lead out, for images, snippets and specs, and names each link as written', async () => {
    const outside = sentinel();
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { groups: [{ group: 'G', pages: ['a'] }, { group: 'API', openapi: 'linked.yaml' }] } },
      'a.mdx': "import Secret from '/snippets/linked.mdx';\n\n<Secret />\n\n![Logo](./images/linked.svg)\n",
    });
    mkdirSync(path.join(dir, 'images'));
    mkdirSync(path.join(dir, 'snippets'));
    symlinkSync(path.join(outside.dir, 'secret.svg'), path.join(dir, 'images/linked.svg'));
    symlinkSync(path.join(outside.dir, 'secret.mdx'), path.join(dir, 'snippets/linked.mdx'));
    symlinkSync(path.join(outside.dir, 'secret.yaml'), path.join(dir, 'linked.yaml'));
    const site = await loadSite(dir);
    assert.equal(site.ok, true);
    assert.deepEqual(summary(site.diagnostics), ['warning outside-docs a.mdx', 'warning outside-docs a.mdx', 'warning outside-docs navigation.groups[1].openapi']);
    assert.match(site.diagnostics[0]!.message, /^`\/snippets\/linked\.mdx` is a symbolic link that leads out of the docs folder/);
    assert.match(site.diagnostics[1]!.message, /^`\.\/images\/linked\.svg` is a symbolic link that leads out of the docs folder/);
    assert.equal(site.routes.some((route) => route.operation), false, 'the linked spec is not read');
    const everything = JSON.stringify({ diagnostics: site.diagnostics, routes: site.routes });
    assert.equal(everything.includes(outside.text), false);
    assert.equal(everything.includes(outside.dir), false, 'outside paths are never shown');
  });

  it('follows symbolic links to pages, folders and images inside the docs folder, names those that lead out, and never loops; serves no project file', async () => {
    const outside = sentinel();
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['a', 'shared', 'v2/a', 'secret'] } },
      'a.mdx': '---\ntitle: A\n---\n\nOwn page.\n',
      'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      // A docs folder that is also the Astro project: its own files are not served.
      'package.json': { name: 'docs' },
      'package-lock.json': { lockfileVersion: 3 },
      'tsconfig.json': {},
      'data/sample.json': { served: true },
    });
    symlinkSync(path.join(dir, 'a.mdx'), path.join(dir, 'shared.mdx'));
    mkdirSync(path.join(dir, 'v2'));
    symlinkSync(path.join(dir, 'a.mdx'), path.join(dir, 'v2/a.mdx'));
    symlinkSync(dir, path.join(dir, 'v2/loop')); // a folder that holds itself
    symlinkSync(path.join(outside.dir, 'secret.mdx'), path.join(dir, 'secret.mdx'));
    symlinkSync(outside.dir, path.join(dir, 'elsewhere'));
    symlinkSync(path.join(dir, 'images/logo.svg'), path.join(dir, 'images/alias.svg'));
    symlinkSync(path.join(outside.dir, 'secret.svg'), path.join(dir, 'images/secret.svg'));
    const site = await loadSite(dir);
    assert.deepEqual(site.routes.map((route) => route.file), ['a.mdx', 'shared.mdx', 'v2/a.mdx']);
    assert.deepEqual(summary(site.diagnostics), ['warning missing-page navigation.pages[3]', 'warning outside-docs elsewhere', 'warning outside-docs secret.mdx']);
    assert.equal(site.diagnostics[2]!.message, '`secret.mdx` is a symbolic link that leads out of the docs folder: it is neither read nor published.');
    assert.deepEqual(await scanAssetFiles(dir, { configFiles: site.configFiles }), ['data/sample.json', 'images/alias.svg', 'images/logo.svg']);
    assert.equal(JSON.stringify(site).includes(outside.text), false);
  });

  it('reads no `$ref` of a spec from outside the docs folder', async () => {
    const outside = sentinel();
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { groups: [{ group: 'API', openapi: 'api.yaml' }] } },
      'api.yaml': `openapi: 3.0.3\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: "${path.relative(tmpdir(), outside.dir).replace(/^/, '../')}/schemas.yaml#/Secret" }\n`,
    });
    const site = await loadSite(dir);
    assert.equal(site.ok, false, 'the spec docs.json names cannot be read whole');
    assert.match(site.diagnostics[0]!.message, /a `\$ref` names a file that is not in the docs folder/);
    assert.equal(JSON.stringify(site).includes(outside.text), false);
  });
});

describe('page code', () => {
  const docs = (strictImports?: boolean) =>
    loadSite(
      makeDocs({
        'docs.json': { name: 'x', navigation: { pages: ['a'] } },
        'node_modules/chart-lib/package.json': '{}',
        'a.mdx': "import fs from 'node:fs';\nimport chart from 'chart-lib';\n\nexport const text = fs.readFileSync('/etc/hostname', 'utf8');\n\n{import('node:child_process') && null}\n",
      }),
      strictImports === undefined ? {} : { allowPageImports: !strictImports },
    );

  it('that imports anything but a file of the docs folder is named as code that runs at build time', async () => {
    const site = await docs();
    assert.equal(site.ok, true);
    assert.deepEqual(summary(site.diagnostics), ['warning page-import a.mdx', 'warning page-import a.mdx', 'warning page-import a.mdx']);
    assert.deepEqual(site.diagnostics.map((d) => d.message.match(/`([^`]+)`/)?.[1]), ['node:fs', 'chart-lib', 'node:child_process']);
    assert.match(site.diagnostics[0]!.message, /its code runs on the machine that builds the site/);
  });

  it('is refused with `allowPageImports: false`, and under `strict`', async () => {
    assert.deepEqual(summary((await docs(true)).diagnostics), ['error page-import a.mdx', 'error page-import a.mdx', 'error page-import a.mdx']);
    const strict = await loadSite(makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['a'] } }, 'a.mdx': "import os from 'node:os';\n\nHi\n" }), { strict: true });
    assert.equal(strict.ok, false);
  });
});

describe('snippets that import each other', () => {
  it('are one error naming the chain, at the import that closes it', async () => {
    const site = await loadSite(
      makeDocs({
        'docs.json': { name: 'x', navigation: { pages: ['page'] } },
        'page.mdx': "import A from '/snippets/a.mdx';\n\n<A />\n",
        'snippets/a.mdx': "import B from '/snippets/b.mdx';\n\n<B />\n",
        'snippets/b.mdx': "import C from './c.mdx';\n\n<C />\n",
        'snippets/c.mdx': "import A from '/snippets/a.mdx';\n\n<A />\n",
        'snippets/self.mdx': "import Self from './self.mdx';\n\n<Self />\n",
      }),
    );
    assert.equal(site.ok, false);
    assert.deepEqual(
      site.diagnostics.map((d) => `${d.code} ${d.file}:${d.line} ${d.message}`),
      [
        'import-cycle snippets/c.mdx:1 Snippets import each other in a cycle: snippets/a.mdx imports snippets/b.mdx imports snippets/c.mdx imports snippets/a.mdx. It would never finish rendering.',
        'import-cycle snippets/self.mdx:1 Snippets import each other in a cycle: snippets/self.mdx imports snippets/self.mdx. It would never finish rendering.',
      ],
    );
  });
});
