// Builds small sites with Astro itself: what the integration writes, and that a site
// with bad docs stops the build before anything is written.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import { build, dev } from 'astro';
import { startMockAdminApi } from '../src/agent/mock-admin-api.ts';
import docsJson from '../src/index.ts';
import { runAstroBuild } from './helpers.ts';

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

/** Our lines of a build's log, for an assertion's message: Astro's line per file would hide them. */
const ourLines = (log: string) => log.split('\n').filter((line) => line.includes('[astro-docs-json')).join('\n');

/** What a build prints, for the summary it ends with. */
async function logged(run: () => Promise<unknown>): Promise<string> {
  let output = '';
  const [out, err] = [process.stdout.write, process.stderr.write];
  const capture = (chunk: string | Uint8Array) => ((output += String(chunk)), true);
  process.stdout.write = capture as typeof process.stdout.write;
  process.stderr.write = capture as typeof process.stderr.write;
  try {
    await run();
  } finally {
    [process.stdout.write, process.stderr.write] = [out, err];
  }
  return output.replace(/\x1b\[[0-9;]*m/g, '');
}

/** A site with one of each thing Mintlify builds through. */
const tolerated = {
  'docs.json': {
    name: 'Tolerant',
    // Its file was not copied with the repository: the top bar shows it broken.
    logo: '/logo/tolerant.svg',
    navigation: { pages: ['index', 'missing', 'users', 'GET /nowhere'] },
    redirects: [{ source: 'old', destination: 'users' }],
  },
  'index.mdx': "---\ntitle: Home\n---\nimport Gone from '/snippets/gone.mdx';\n\nBefore the snippet.\n\n<Gone />\n\nAfter the snippet.\n\n![Gone](./images/gone.png)\n",
  'users.mdx': '---\ntitle: Users\nopenapi: GET /users/{id}\n---\n\nOwn words.\n',
  // Named nowhere in docs.json, found by its top-level `openapi` key; it has no /users/{id}.
  'specs/api.yaml': 'openapi: 3.0.3\ninfo: { title: x, version: "1" }\npaths:\n  /users:\n    get: { responses: { "200": { description: ok } } }\n',
};

describe('astro build', () => {
  it('stops on an invalid docs.json with the named errors, and writes nothing', async () => {
    const root = site({
      'docs.json': { name: 'Broken', navigation: { tabs: [{ tab: 'A', groups: [{ group: 'G', pages: ['index'] }], pages: ['x'] }] } },
      'index.mdx': '# Home\n',
    });
    await assert.rejects(
      build({ root, integrations: [docsJson()], ...quiet }),
      (error: Error & { hint?: string }) => {
        assert.match(error.message, /docs\.json has 1 error and 1 warning/);
        assert.match(error.message, /error docs\.json:\d+:\d+ navigation\.tabs\[0\]\n {2}The tab "A" holds both `groups` and `pages`\./);
        assert.match(error.hint ?? '', /npx astro-docs-json check/);
        assert.equal(error.stack, '');
        return true;
      },
    );
    assert.equal(existsSync(path.join(root, 'dist')), false, 'no output is written');
  });

  it('builds through what Mintlify tolerates, and ends with a summary of what it left out', async () => {
    const root = site(tolerated);
    const output = await logged(() => build({ root, integrations: [docsJson({ search: false })], logLevel: 'info' }));
    const dist = path.join(root, 'dist');
    const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
    assert.match(index, /Before the snippet\.<\/p>\s*<p>After the snippet\./, 'a missing snippet renders as nothing');
    assert.match(index, /<img [^>]*alt="Gone"/, 'a missing image is a broken image');
    assert.match(readFileSync(path.join(dist, 'users.html'), 'utf8'), /Own words\./, 'a page whose operation no spec has keeps its content');
    assert.match(readFileSync(path.join(dist, 'old.html'), 'utf8'), /url=\/users/, 'a redirect without its leading slash is made');
    const summary = output.slice(output.lastIndexOf('Built from'));
    assert.match(summary, /Built from \.\/docs\.json: 2 pages \(0 not in the navigation\)/);
    assert.match(summary, /2 navigation entries left out:\n {2}missing {2}\(no file; docs\.json navigation\.pages\[1\]\)\n {2}GET \/nowhere {2}\(not in its spec; docs\.json navigation\.pages\[3\]\)/);
    for (const code of ['missing-page', 'unknown-operation', 'missing-import', 'missing-image', 'missing-file', 'redirect-path']) assert.match(summary, new RegExp(`\\(${code}\\)`), code);
    assert.match(output, /`\/logo\/tolerant\.svg` is not a file of the docs folder: the top bar shows a broken image for the logo\./);
  });

  it('stops on the same site under `strict`, naming each warning as an error', async () => {
    const root = site(tolerated);
    await assert.rejects(build({ root, integrations: [docsJson({ strict: true })], ...quiet }), (error: Error) => {
      assert.match(error.message, /docs\.json has 8 errors and 0 warnings/);
      assert.match(error.message, /The page `missing` is listed in the navigation, but there is no missing\.mdx or missing\.md: it is left out\. Mintlify builds through this; `strict` does not\./);
      return true;
    });
    assert.equal(existsSync(path.join(root, 'dist')), false);
  });

  it('builds pages that throw while rendering with a notice in place of their content, a line each in the log and a list in the summary; `strict` stops', async () => {
    const config = (options: string) => `import docsJson from 'astro-docs-json';\nexport default { integrations: [docsJson(${options})] };\n`;
    const root = site({
      'astro.config.mjs': config('{}'),
      'docs.json': { name: 'x', navigation: { pages: ['index', 'throws', 'undefined', 'loads'] } },
      'index.mdx': '# Home\n',
      'throws.mdx': 'export const fail = () => { throw new Error("kaboom"); };\n\nValue: {fail()}\n',
      'undefined.mdx': '---\ntitle: Ledger\ndescription: The accounts of the harbour\n---\n\nThe ledger opens.\n\nValue: {notDefined.x}\n',
      // A snippet that throws as it is loaded: the page is compiled into a module with it.
      'loads.mdx': "import { Gauge } from '/snippets/broken-at-load.jsx';\n\n<Gauge />\n",
      'snippets/broken-at-load.jsx': 'const settings = null;\nexport const limit = settings.limit;\nexport const Gauge = () => <b>{limit}</b>;\n',
    });
    const output = await runAstroBuild(root);
    const dist = path.join(root, 'dist');
    for (const page of ['throws', 'undefined', 'loads']) {
      const html = readFileSync(path.join(dist, `${page}.html`), 'utf8');
      assert.match(html, /<aside class="callout page-error"[^>]*data-page-error[^>]*data-pagefind-ignore[^>]*>[\s\S]*?<strong>This page could not be rendered\.<\/strong>/, page);
      assert.doesNotMatch(html, /kaboom|notDefined|settings/, 'a built site does not show readers the error');
    }
    const ledger = readFileSync(path.join(dist, 'undefined.html'), 'utf8');
    assert.match(ledger, /<h1[^>]*>Ledger<\/h1>[\s\S]*<p class="description">The accounts of the harbour<\/p>/, 'the page keeps its title and description');
    assert.match(readFileSync(path.join(dist, 'index.html'), 'utf8'), /href="\/undefined"[^>]*>Ledger</, 'and its place in the navigation');
    assert.match(readFileSync(path.join(dist, 'llms.txt'), 'utf8'), /\[Ledger\]\([^)]*undefined[^)]*\): The accounts of the harbour/);
    assert.match(output, /throws\.mdx: The page failed while it was rendered, and shows a notice in place of its content: kaboom\n/);
    assert.match(output, /undefined\.mdx:8:9: The page failed while it was rendered, and shows a notice in place of its content: ReferenceError: notDefined is not defined\n/);
    assert.match(output, /loads\.mdx: The page failed while it was rendered, and shows a notice in place of its content: TypeError: Cannot read properties of null \(reading 'limit'\)\n/);
    assert.doesNotMatch(output, /\n\s+at /, 'no stack trace');
    const summary = output.slice(output.lastIndexOf('Built from'));
    assert.match(summary, /3 pages failed while they rendered, built with a notice in place of their content:\n(?: {2}\S+\n){3}/);
    assert.match(summary, /\n {2}undefined\.mdx:8:9\n/);
    assert.match(summary, /3 {2}pages that failed while they rendered, shown with a notice in place of their content \(page-error\)/);

    // Again, under `strict`: the pages are rendered again (not reused), and the build stops.
    writeFileSync(path.join(root, 'astro.config.mjs'), config('{ strict: true }'));
    await assert.rejects(runAstroBuild(root), (error: Error) => {
      assert.match(error.message, /3 pages could not be rendered, and nothing is written:/);
      assert.match(error.message, /error undefined\.mdx:8:9\n {2}The page failed while it was rendered, .*ReferenceError: notDefined is not defined Mintlify builds through this; `strict` does not\./);
      return true;
    });
    assert.equal(existsSync(dist), false, 'no half-written site is left');
  });

  it('builds a page whose component throws with a notice in its place, one line in the log and a count in the summary; `strict` stops', async () => {
    const config = (options: string) => `import docsJson from 'astro-docs-json';\nexport default { integrations: [docsJson(${options})] };\n`;
    const root = site({
      'astro.config.mjs': config('{ search: false }'),
      'docs.json': { name: 'x', navigation: { pages: ['index', 'gauges'] } },
      'index.mdx': '# Home\n',
      'gauges.mdx':
        "import { Dial } from '/snippets/dial.jsx';\n\nexport const Broken = ({ reading }) => reading.value;\n\nBefore.\n\n<Broken />\n\n<Dial />\n\nAfter.\n",
      'snippets/dial.jsx': 'export const Dial = () => { const [v] = useState(1); if (v) throw new Error("dial jammed"); return null; };\n',
    });
    // In processes of their own, as `astro build` runs: React's modules are loaded for the build's mode.
    const output = await runAstroBuild(root);
    const html = readFileSync(path.join(root, 'dist', 'gauges.html'), 'utf8');
    assert.match(html, /<p>Before\.<\/p>\s*<span class="callout component-error"[^>]*role="note"[^>]*data-component-error="Broken"[\s\S]*?<span class="callout component-error"[^>]*data-component-error="Dial"[\s\S]*?<p>After\.<\/p>/);
    assert.match(html, /The component <code>&lt;Broken&gt;<\/code> failed while the page was built; the rest of the page is complete\./);
    assert.doesNotMatch(html, /reading 'value'/, 'a built site does not show readers the error');
    assert.match(output, /gauges\.mdx: `<Broken>` failed while the page was rendered, and shows a notice in its place: TypeError: Cannot read properties of undefined \(reading 'value'\)\n/);
    assert.match(output, /gauges\.mdx: `<Dial>` failed while the page was rendered, and shows a notice in its place: dial jammed\n/);
    assert.doesNotMatch(output, /\n\s+at /, 'no stack trace');
    assert.match(output.slice(output.lastIndexOf('Built from')), /2 {2}components that failed while their page rendered, shown as a notice \(component-error\)/);

    // Again, under `strict`: the page is rendered again (not reused), and the build stops.
    writeFileSync(path.join(root, 'astro.config.mjs'), config('{ search: false, strict: true }'));
    await assert.rejects(runAstroBuild(root), (error: Error) => {
      assert.match(error.message, /1 page could not be rendered, and nothing is written:/);
      assert.match(error.message, /error gauges\.mdx\n {2}`<Broken>` failed while the page was rendered/);
      assert.match(error.message, /error gauges\.mdx\n {2}`<Dial>` failed while the page was rendered/);
      return true;
    });
    assert.equal(existsSync(path.join(root, 'dist')), false, 'no half-written site is left');
  });

  it('never reads or publishes a file from outside the docs folder, whatever path or link leads to it', async () => {
    const outside = mkdtempSync(path.join(scratch, 'outside-'));
    const secret = 'SENTINEL-BUILD-77e2';
    writeFileSync(path.join(outside, 'secret.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><title>${secret}</title></svg>`);
    writeFileSync(path.join(outside, 'passwd'), `${secret}:x:0:0\n`);
    const root = site({ 'docs.json': { name: 'x', navigation: { pages: ['index'] } } });
    const climb = path.relative(root, outside);
    writeFileSync(path.join(root, 'index.mdx'), `# Home\n\n![Climb](${climb}/secret.svg)\n\n![Passwd](${climb}/passwd)\n\n![Linked](./linked.svg)\n`);
    symlinkSync(path.join(outside, 'secret.svg'), path.join(root, 'linked.svg'));
    const output = await logged(() => build({ root, integrations: [docsJson({ search: false })], logLevel: 'info' }));
    const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? files(path.join(dir, name)) : [path.join(dir, name)]));
    for (const file of files(path.join(root, 'dist'))) assert.equal(readFileSync(file, 'utf8').includes(secret), false, file);
    assert.equal(output.includes(secret), false, 'nor in a message');
    assert.match(output, /`\.\/linked\.svg` is a symbolic link that leads out of the docs folder/);
    assert.match(output, /images not in the docs folder \(missing-image\)/);
  });

  it('publishes nothing `.mintignore` ignores: no page, image, snippet or spec, and no word of them in llms.txt, llms-full.txt, the sitemap or the MCP index', async () => {
    const root = mkdtempSync(path.join(scratch, 'ignored-'));
    cpSync(fileURLToPath(new URL('./fixtures/ignored-files/', import.meta.url)), root, { recursive: true });
    const output = await logged(() => build({ root, integrations: [docsJson({ search: false })], site: 'https://harbour.example', logLevel: 'info' }));
    const dist = path.join(root, 'dist');
    const files = readdirSync(dist, { recursive: true }).map(String).filter((file) => statSync(path.join(dist, file)).isFile());
    for (const file of ['index.html', 'moorings.html', 'berths/open-berths.html', 'CHANGELOG.html', 'images/chart.svg', 'llms.txt', 'llms-full.txt', 'sitemap-0.xml', '_docs/mcp.json']) assert.ok(files.includes(file), file);
    assert.deepEqual(files.filter((file) => /tide-tables|storm-plan|AGENTS|README|wip|generated|roster|harbour-dues|guides\//.test(file)), []);
    // Every ignored file says "quillwort", and no published one does.
    for (const file of files) assert.equal(readFileSync(path.join(dist, file), 'utf8').includes('quillwort'), false, file);
    assert.match(output, /drafts\/tide-tables\.mdx is ignored by `\.mintignore` line 2 \(`drafts\/`\)/);
    assert.match(output, /navigation pages `\.mintignore` leaves out \(ignored-page\)/);
  });

  it('builds pages whose links and images have malformed `%` escapes, which Astro\'s image pipeline fails on: the images broken, the links as written', async () => {
    const bad = '![Bad](./a%ZZ.png) [bad](./a%ZZ) ![Remote](https://example.com/a%E0%A4.png)';
    const root = site({
      'docs.json': { name: 'x', navigation: { pages: ['index', 'compiled', 'plain'] } },
      'index.mdx': `# MDX\n\n${bad} ![Fine](./fine.svg)\n`,
      // A Markdown page with a local image is compiled into a module; one without is rendered from its source.
      'compiled.md': `# Compiled\n\n${bad} ![Fine](./fine.svg)\n`,
      'plain.md': '# Plain\n\n[bad](./a%ZZ) ![Remote](https://example.com/a%E0%A4.png)\n',
      'fine.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>',
    });
    const output = await logged(() => build({ root, integrations: [docsJson({ search: false })], logLevel: 'info' }));
    for (const page of ['index', 'compiled', 'plain']) {
      const html = readFileSync(path.join(root, 'dist', `${page}.html`), 'utf8');
      assert.match(html, /<a href="\.\/a%ZZ">bad<\/a>/, page);
      assert.match(html, /<img [^>]*src="https:\/\/example\.com\/a%25E0%25A4\.png"/, page);
      if (page !== 'plain') assert.match(html, /<img [^>]*src="[^"]*missing-image[^"]*" alt="Bad"/, page);
    }
    assert.match(output.slice(output.lastIndexOf('Built from')), /5\s+links and images with a malformed `%` escape \(malformed-url\)/);
  });

  it('shows code blocks in a language Shiki lacks as plain text, with one warning for the site and none per block', async () => {
    const page = (n: number) => `# Page ${n}\n\n\`\`\`jss\nconst a = ${n};\n\`\`\`\n\n\`\`\`jss\nconst b = ${n};\n\`\`\`\n`;
    const root = site({ 'docs.json': { name: 'x', navigation: { pages: ['a', 'b', 'plain'] } }, 'a.mdx': page(1), 'b.mdx': page(2), 'plain.md': page(3) });
    const output = await logged(() => build({ root, integrations: [docsJson({ search: false })], logLevel: 'info' }));
    assert.doesNotMatch(output, /\[Shiki\]/);
    assert.equal(output.match(/`jss` is not a language the code highlighter knows/g)?.length, 1);
    for (const file of ['a', 'plain']) assert.match(readFileSync(path.join(root, 'dist', `${file}.html`), 'utf8'), /<pre class="astro-code[^"]*"[^>]*><code><span class="line"><span[^>]*>const a = 1;|<pre class="astro-code[^"]*"[^>]*><code><span class="line"><span[^>]*>const a = 3;/);
  });

  it('stops on snippets that import each other before the bundler runs, and writes nothing', async () => {
    const root = site({
      'docs.json': { name: 'x', navigation: { pages: ['index'] } },
      'index.mdx': "import A from '/snippets/a.mdx';\n\n<A />\n",
      'snippets/a.mdx': "import B from './b.mdx';\n\n<B />\n",
      'snippets/b.mdx': "import A from '/snippets/a.mdx';\n\n<A />\n",
    });
    await assert.rejects(build({ root, integrations: [docsJson({ search: false })], ...quiet }), (error: Error) => {
      assert.match(error.message, /error snippets\/b\.mdx:1\n {2}Snippets import each other in a cycle: snippets\/a\.mdx imports snippets\/b\.mdx imports snippets\/a\.mdx/);
      return true;
    });
    assert.equal(existsSync(path.join(root, 'dist')), false);
  });

  it('leaves no output when the bundler fails', async () => {
    const root = site({
      'docs.json': { name: 'x', navigation: { pages: ['index'] } },
      'index.mdx': "import { Broken } from '/snippets/broken.jsx';\n\n<Broken />\n",
      'snippets/broken.jsx': 'export const Broken = () => <div>{</div>;\n',
    });
    mkdirSync(path.join(root, 'dist'));
    writeFileSync(path.join(root, 'dist/stale.html'), 'from an earlier build');
    await assert.rejects(build({ root, integrations: [docsJson({ search: false })], ...quiet }));
    assert.equal(existsSync(path.join(root, 'dist')), false);
  });

  it("names the step and the file when the build's end fails, and keeps the pages it rendered", async () => {
    const root = site({ 'docs.json': { name: 'x', navigation: { pages: ['index', 'guide'] } }, 'index.mdx': '# Home\n', 'guide.mdx': '# Guide\n\nRendered.\n' });
    // Something in the way of a file the end of the build writes: a folder where `_headers` goes.
    const inTheWay = { name: 'in-the-way', hooks: { 'astro:build:done': ({ dir }: { dir: URL }) => void mkdirSync(new URL('_headers/', dir), { recursive: true }) } };
    await assert.rejects(build({ root, integrations: [docsJson(), inTheWay], ...quiet }), (error: Error & { hint?: string }) => {
      assert.match(error.message, /^Every page was rendered into dist; then writing _headers failed: EISDIR: illegal operation on a directory, open '.*dist\/_headers'$/);
      assert.match(error.hint!, /The pages stay in dist, but the site there lacks what that step writes: do not publish it\./);
      assert.equal(error.stack, '');
      return true;
    });
    assert.match(readFileSync(path.join(root, 'dist', 'guide.html'), 'utf8'), /Rendered\./);
  });

  it("builds a docs folder that holds its project's node_modules, whose files import each other though .mintignore leaves them out", async () => {
    const root = site({
      'docs.json': { name: 'x', navigation: { pages: ['index'] } },
      'index.mdx': "import { shout } from 'loud-words';\n\n# Home\n\n{shout('installed')}\n",
      'node_modules/loud-words/package.json': { name: 'loud-words', type: 'module', main: 'index.js' },
      'node_modules/loud-words/index.js': "export { shout } from './lib/shout.js';\n",
      'node_modules/loud-words/lib/shout.js': 'export const shout = (word) => `${word.toUpperCase()}!`;\n',
    });
    // Bundled, as Astro bundles itself from a project's node_modules.
    const bundled = { name: 'bundled', configEnvironment: (name: string) => (name === 'client' ? undefined : { resolve: { noExternal: ['loud-words'] } }) };
    await build({ root, integrations: [docsJson({ search: false, socialImages: false })], vite: { plugins: [bundled] }, ...quiet });
    assert.match(readFileSync(path.join(root, 'dist', 'index.html'), 'utf8'), /INSTALLED!/);
  });

  it('refuses unknown options', () => {
    assert.throws(() => docsJson({ directory: 'docs' } as never), /Invalid options passed to astro-docs-json/);
  });

  it('builds every route, a redirect at / when there is no index, and the icon style sheet', async () => {
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
    assert.match(html, /<p class="sidebar-group-header"><span><i class="icon i0"><\/i>Go<\/span><\/p>/, 'the group names its icon');
    const icons = html.match(/<link rel="stylesheet" href="(\/_docs\/icons-[0-9a-f]+\.css)">/)?.[1];
    assert.ok(icons, 'the page links the icon style sheet');
    assert.match(readFileSync(path.join(dist, icons), 'utf8'), /^\.icon\.i0\{--icon-mask:url\("data:image\/svg\+xml,/);
  });

  it('gives search engines URLs with a trailing slash under seo.trailingSlash, and writes each page where they lead; social images beside', async () => {
    const root = site({
      'docs/docs.json': { name: 'Slashed', seo: { trailingSlash: true }, navigation: { groups: [{ group: 'Guides', pages: ['index', 'guides/intro'] }] } },
      'docs/index.mdx': '---\ntitle: Home\n---\nHome.\n',
      'docs/guides/intro.mdx': '---\ntitle: Intro\ndescription: Start here.\n---\nIntro.\n',
    });
    await build({ root, integrations: [docsJson({ dir: './docs', search: false })], site: 'https://docs.example.org', ...quiet });
    const dist = path.join(root, 'dist');
    const html = readFileSync(path.join(dist, 'guides/intro.html'), 'utf8');
    assert.match(html, /<link rel="canonical" href="https:\/\/docs.example.org\/guides\/intro\/">/);
    assert.match(html, /<meta property="og:url" content="https:\/\/docs.example.org\/guides\/intro\/">/);
    assert.match(html, /"item":"https:\/\/docs.example.org\/guides\/intro\/"/);
    assert.equal(readFileSync(path.join(dist, 'guides/intro/index.html'), 'utf8'), html, 'served at /guides/intro/ by any static host');
    const sitemap = readFileSync(path.join(dist, 'sitemap-0.xml'), 'utf8');
    assert.deepEqual([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).sort(), ['https://docs.example.org/', 'https://docs.example.org/guides/intro/']);
    assert.match(html, /<meta property="og:image" content="https:\/\/docs.example.org\/_og\/guides\/intro.png">/);
    const png = readFileSync(path.join(dist, '_og/guides/intro.png'));
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
    assert.ok(existsSync(path.join(dist, '_og/index.png')));
  });

  it('renders plain Markdown pages from their source as Astro would, and compiles the others', async () => {
    const body = '## Setup\n\nRead [the guide](./guide.md).\n\n```js\nconst answer = 42;\n```\n';
    const root = site({
      'docs.json': { name: 'Mixed', navigation: { pages: ['plain', 'guide', 'component', 'pictured'] } },
      'plain.md': `---\ntitle: Plain\n---\n\n${body}`,
      'guide.mdx': `---\ntitle: Guide\n---\n\n${body}`,
      'component.mdx': `---\ntitle: Component\n---\n\n${body}\n<div className="custom">Made by JSX</div>\n`,
      'pictured.md': `---\ntitle: Pictured\n---\n\n${body}\n![A dot](./dot.svg)\n`,
      'dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><circle cx="2" cy="2" r="2"/></svg>',
    });
    await build({ root, integrations: [docsJson({ search: false })], ...quiet });
    const dist = path.join(root, 'dist');
    for (const name of ['plain', 'guide', 'component', 'pictured']) {
      const html = readFileSync(path.join(dist, `${name}.html`), 'utf8');
      assert.match(html, /<h2 id="setup">Setup<\/h2>/, `${name}: headings have ids`);
      assert.match(html, /<a href="#setup">Setup<\/a>/, `${name}: the table of contents lists them`);
      assert.match(html, /<a href="\/guide">the guide<\/a>/, `${name}: links to page files become page URLs`);
      assert.match(html, /<pre class="astro-code[^"]*"[^>]*data-language="js"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583">const/, `${name}: code is highlighted, in a light and a dark theme`);
    }
    assert.match(readFileSync(path.join(dist, 'component.html'), 'utf8'), /<div class="custom">Made by JSX<\/div>/);
    assert.match(readFileSync(path.join(dist, 'pictured.html'), 'utf8'), /<img\s+src="\/_astro\/dot\.[\w.-]+\.svg" alt="A dot"/, 'images beside a page go through Astro');
    // Without search, there is no index to load and no box to open.
    assert.equal(existsSync(path.join(dist, 'pagefind')), false);
    assert.doesNotMatch(readFileSync(path.join(dist, 'plain.html'), 'utf8'), /data-search-open/);
  });

  it('builds MDX written for Mintlify in a docs folder: snippets from its root, JSX snippets, repairs, unknown components', async () => {
    const root = site({
      'docs/docs.json': { name: 'Mint', navigation: { pages: ['index'] } },
      // Mintlify's snippet variables: `{name}` is the prop `name`.
      'docs/snippets/greeting.mdx': 'Hello, {name}! <Note>From a snippet.</Note>\n',
      'docs/snippets/badge.jsx':
        'export const Shout = ({ children }) => <strong className="shout">{children}!</strong>;\n' +
        'export const Plans = ({ names }) => <ul>{names.map((name) => <li key={name}>{name}</li>)}</ul>;\n' +
        'export const Verbatim = ({ markup }) => <div className="verbatim" dangerouslySetInnerHTML={{ __html: markup }} />;\n',
      'docs/index.mdx': [
        '---',
        'title: Home',
        '---',
        "import Greeting from '/snippets/greeting.mdx';",
        "import { Plans, Shout, Verbatim } from '/snippets/badge.jsx';",
        '',
        '<!-- for authors only -->',
        '<Greeting name="Ada" />',
        '',
        'One<br>two, <Shout>loud</Shout>, a <= b and {some-placeholder}.',
        '',
        '<Mystery>kept content</Mystery>',
        '',
        '<Plans names={["Team", "Pro"]} />',
        '',
        '<Verbatim markup="<em>from the snippet</em>" />',
        '',
        '<p className="inline-html" dangerouslySetInnerHTML={{ __html: "<kbd>Ctrl</kbd> + <kbd>K</kbd>" }} />',
      ].join('\n'),
    });
    await build({ root, integrations: [docsJson({ dir: './docs', search: false })], ...quiet });
    const html = readFileSync(path.join(root, 'dist/index.html'), 'utf8');
    assert.match(html, /Hello, Ada!/);
    assert.match(html, /From a snippet\./);
    assert.match(html, /One<br\/?>two, <strong class="shout">loud!<\/strong>, a &lt;= b and \{some-placeholder\}\./);
    assert.match(html, /kept content/);
    // React's `key` is not an attribute.
    assert.match(html, /<ul><li>Team<\/li><li>Pro<\/li><\/ul>/);
    // React's `dangerouslySetInnerHTML` is the element's content, in a snippet and in the page.
    assert.match(html, /<div class="verbatim"><em>from the snippet<\/em><\/div>/);
    assert.match(html, /<p class="inline-html"><kbd>Ctrl<\/kbd> \+ <kbd>K<\/kbd><\/p>/);
    assert.doesNotMatch(html, /dangerouslySetInnerHTML|\[object Object\]/);
    assert.doesNotMatch(html, /for authors only/);
  });

  it('builds what Mintlify builds through, alike from source and compiled: snippet props in expressions, imports of packages not installed', async () => {
    const files = {
      'docs.json': { name: 'Props', navigation: { pages: ['index'] } },
      'snippets/run.mdx': 'Start it with {`uv run python ${path_to_script}`}.\n\n<a href={`/scripts/${path_to_script}`}>{label ?? "Open"}</a> {missing_prop}\n',
      'snippets/boxed.jsx': "import { Card } from '@mintlify/components';\n\nexport const Boxed = ({ title }) => <div className=\"boxed\"><Card title={title}>In a box</Card></div>;\n",
      'index.mdx': [
        '---',
        'title: Home',
        '---',
        "import Run from '/snippets/run.mdx';",
        "import { Card, CardGroup } from '@mintlify/components';",
        "import { Gauge } from '@acme-nowhere/dials';",
        "import { Boxed } from '/snippets/boxed.jsx';",
        '',
        '<Run path_to_script="examples/hello.py" />',
        '',
        '<CardGroup cols={2}><Card title="One">First card</Card></CardGroup>',
        '',
        '<Gauge>gauge content</Gauge>',
        '',
        '<Boxed title="Boxed card" />',
      ].join('\n'),
    };
    const content = (root: string) => /<main[\s\S]*<\/main>/.exec(readFileSync(path.join(root, 'dist/index.html'), 'utf8'))![0];
    const compiled = site(files);
    await build({ root: compiled, integrations: [mdx(), docsJson({ search: false })], ...quiet });
    const fromSource = site(files);
    await build({ root: fromSource, integrations: [docsJson({ search: false })], ...quiet });
    assert.equal(content(fromSource), content(compiled), 'the same HTML');
    const html = content(fromSource);
    assert.match(html, /Start it with uv run python examples\/hello\.py\./);
    assert.match(html, /<a href="\/scripts\/examples\/hello\.py">Open<\/a>\s*<div class="columns"/, 'a prop no page gives renders as nothing');
    assert.match(html, /data-component-name="CardGroup"[\s\S]*data-component-name="Card"[\s\S]*First card/);
    assert.match(html, /gauge content/);
    assert.match(html, /<div class="boxed"><div class="card-box" data-component-name="Card">[\s\S]*Boxed card[\s\S]*In a box/, 'a `.jsx` snippet\'s import is left out too');
  });

  it('renders MDX pages from their source exactly as their compiled modules, and compiles each file once across builds', async () => {
    const files = {
      'docs.json': { name: 'Rich', navigation: { pages: ['index', 'other'] } },
      'snippets/greeting.mdx': 'Hello, {name}! <Tip>From a snippet with `code`.</Tip>\n',
      'snippets/plan.mdx': "export const limit = 42;\n\nThe plan, up to {limit}. <Nested />\n\nimport Nested from '/snippets/nested.mdx';\n",
      'snippets/nested.mdx': '<Badge>nested</Badge>\n',
      'index.mdx': [
        '---',
        'title: Rich page',
        'description: Every kind of component',
        '---',
        "import Greeting from '/snippets/greeting.mdx';",
        "import Plan, { limit } from '/snippets/plan.mdx';",
        "import Gone from '/snippets/gone.mdx';",
        'export const plans = ["Team", "Pro"];',
        '',
        '# {frontmatter.title} for {plans.length} plans, up to {limit}',
        '',
        '<Greeting name="Ada" />',
        '<Plan />',
        '<Gone />',
        '',
        '<CardGroup cols={2}>',
        '  <Card title="One" icon="rocket" href="/other">First card</Card>',
        '  <Card title="Two" icon="book">Second **card**</Card>',
        '</CardGroup>',
        '',
        '## Install',
        '',
        '<Tabs>',
        '  <Tab title="npm">',
        '    ```bash npm',
        '    npm install x',
        '    ```',
        '  </Tab>',
        '  <Tab title="yarn">Yarn is fine too.</Tab>',
        '</Tabs>',
        '',
        '<CodeGroup>',
        '```js index.js',
        'const answer = 42;',
        '```',
        '```python main.py {1}',
        'answer = 42',
        '```',
        '</CodeGroup>',
        '',
        '<Note>A note with a [link](/other).</Note>',
        '<Warning>A warning.</Warning>',
        '',
        '### Parameters',
        '',
        '<ParamField path="id" type="string" required>The id.</ParamField>',
        '<ResponseField name="items" type="object[]">',
        '  <Expandable title="properties"><ResponseField name="name" type="string">Its name.</ResponseField></Expandable>',
        '</ResponseField>',
        '',
        '<Steps>',
        '  <Step title="First">Do this.</Step>',
        '  <Step title="Second">Then that.</Step>',
        '</Steps>',
        '',
        '<AccordionGroup><Accordion title="Why?" icon="question">Because.</Accordion></AccordionGroup>',
        '',
        '<Mystery>kept content</Mystery> and <Tree><Tree.Folder name="src"><Tree.File name="a.ts" /></Tree.Folder></Tree>',
        '',
        '| a | b |',
        '|---|---|',
        '| 1 | 2 |',
      ].join('\n'),
      'other.mdx': '---\ntitle: Other\n---\n\n<Info>Other page.</Info>\n',
    };
    const content = (root: string, page: string) =>
      /<main[\s\S]*<\/main>/.exec(readFileSync(path.join(root, 'dist', `${page}.html`), 'utf8'))![0].replace(/\/_astro\/[\w.-]+/g, '/_astro/x');
    // With MDX options of the site's own, MDX pages are compiled into modules as before.
    const compiled = site(files);
    await build({ root: compiled, integrations: [mdx(), docsJson({ search: false })], ...quiet });
    const fromSource = site(files);
    await build({ root: fromSource, integrations: [docsJson({ search: false })], ...quiet });
    for (const page of ['index', 'other']) assert.equal(content(fromSource, page), content(compiled, page), `${page}: the same HTML`);
    const html = content(fromSource, 'index');
    assert.match(html, /<h1 id="[\w-]+">Rich page for 2 plans, up to 42<\/h1>/);
    assert.match(html, /Hello, Ada!/);
    assert.match(html, /The plan, up to 42\./);
    assert.match(html, /nested/);
    assert.match(html, /data-title="index\.js"/);
    assert.match(html, /kept content/);

    // Rebuilds, each in a process of its own as `astro build` runs (within one process, Node
    // keeps the previous build's modules, and their answers, by their unchanged paths).
    writeFileSync(path.join(fromSource, 'astro.config.mjs'), "import docsJson from 'astro-docs-json';\nexport default { integrations: [docsJson({ search: false })] };\n");
    const rebuild = () => runAstroBuild(fromSource);
    // Every MDX file was compiled once, and is kept for the next build: pages and the snippets they import.
    const cache = path.join(fromSource, 'node_modules/.astro/astro-docs-json/mdx');
    const entries = () => new Map(readdirSync(cache).map((name) => [name, statSync(path.join(cache, name)).mtimeMs]));
    assert.match(await rebuild(), /index\.html \((?:cached|restored)\)/, 'pages not edited are not rendered again');
    const before = entries();
    assert.equal(before.size, 5);
    writeFileSync(path.join(fromSource, 'other.mdx'), '---\ntitle: Other\n---\n\n<Info>Other page, edited.</Info>\n');
    const afterEdit = await rebuild();
    assert.doesNotMatch(afterEdit, /other\.html \((?:cached|restored)\)/);
    assert.match(afterEdit, /index\.html \((?:cached|restored)\)/);
    const after = entries();
    assert.equal(after.size, 5, 'the edited page replaced its entry');
    assert.equal([...after].filter(([name, mtime]) => before.get(name) === mtime).length, 4, 'the others were not compiled again');
    assert.match(content(fromSource, 'other'), /Other page, edited\./);
    // A page is rendered again when a file it imports, however deep, changed.
    writeFileSync(path.join(fromSource, 'snippets/nested.mdx'), '<Badge>nested, edited</Badge>\n');
    const afterSnippet = await rebuild();
    assert.doesNotMatch(afterSnippet, /index\.html \((?:cached|restored)\)/);
    assert.match(afterSnippet, /other\.html \((?:cached|restored)\)/);
    assert.match(content(fromSource, 'index'), /nested, edited/);
  });

  it('rebuilds in place: unchanged pages and search indexes kept, and the output is what a clean build writes', async () => {
    const pages = ['a', 'b', 'c', 'd', 'e'];
    const files: Record<string, unknown> = {
      'astro.config.mjs': "import docsJson from 'astro-docs-json';\nexport default { site: 'https://x.example.com', integrations: [docsJson({ search: { pagesPerIndex: 2 } })] };\n",
      'docs.json': { name: 'Kept', navigation: { pages } },
      'images/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'public/extra.txt': 'From public/.',
      // The site's own `_headers`, to which each build adds the pages' rule once.
      'public/_headers': '/extra.txt\n  X-Own: yes\n',
      ...Object.fromEntries(pages.map((page) => [`${page}.mdx`, `---\ntitle: Page ${page}\n---\n\n<Note>Text of ${page}.</Note>\n`])),
      // A diagram: the site publishes Mermaid's files, which a rebuild leaves in place.
      'e.mdx': '---\ntitle: Page e\n---\n\n```mermaid\ngraph LR\n  A --> B\n```\n',
    };
    const root = site(files);
    const dist = path.join(root, 'dist');
    /** Every file of a folder, by its path, with its content. */
    const tree = (dir: string) => new Map(readdirSync(dir, { recursive: true }).map(String).filter((name) => statSync(path.join(dir, name)).isFile()).sort().map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
    const indexes = (html: string) => /data-indexes="([^"]*)"/.exec(html)![1]!.split(' ');
    const write = (changes: Record<string, unknown>) => {
      for (const [file, content] of Object.entries(changes)) writeFileSync(path.join(root, file), typeof content === 'string' ? content : JSON.stringify(content));
    };
    await runAstroBuild(root);
    assert.ok(indexes(readFileSync(path.join(dist, 'a.html'), 'utf8')).length > 1, 'five pages, at most two per index');
    assert.match(readFileSync(path.join(dist, '_headers'), 'utf8'), /^\/extra\.txt\n {2}X-Own: yes\n\n# astro-docs-json: .*\n\/\*\n {2}Vary: Accept\n {2}Link: <\/llms\.txt>; rel="llms-txt", /);
    const kept = statSync(path.join(dist, 'b.html')).mtimeMs;
    const mermaidEntry = () => statSync(path.join(dist, '_docs/mermaid', readdirSync(path.join(dist, '_docs/mermaid'))[0]!, 'mermaid.esm.min.mjs')).mtimeMs;
    const mermaidKept = mermaidEntry();

    // One page's text edited: the others stay where they are, not even copied, and so do the indexes that do not hold it.
    write({ 'a.mdx': '---\ntitle: Page a\n---\n\n<Note>Text of a, edited.</Note>\n' });
    const log = await runAstroBuild(root);
    assert.equal(statSync(path.join(dist, 'b.html')).mtimeMs, kept);
    assert.match(readFileSync(path.join(dist, 'a.html'), 'utf8'), /Text of a, edited\./);
    assert.match(log, /\d+ of \d+ indexes as they were/, ourLines(log));
    // The other page of the edited page's index was fed from the output while the page was rendered: that index, kept, serves the next build, which a clean one checks.
    assert.match(log, /\(1 page left in place read from the output meanwhile\)/, ourLines(log));
    const mermaid = readdirSync(path.join(dist, '_docs/mermaid'), { recursive: true }).map(String).filter((name) => name.endsWith('.mjs'));
    assert.ok(mermaid.length > 1, 'Mermaid’s files, left in place');
    assert.equal(mermaidEntry(), mermaidKept, 'Mermaid’s files, not copied again');

    // What every page shows changed, not what search finds: every page is rendered again,
    // each index is complete while they render and is the cache's, as it was.
    const recoloured = { ...files, 'a.mdx': '---\ntitle: Page a\n---\n\n<Note>Text of a, edited.</Note>\n', 'docs.json': { name: 'Kept', colors: { primary: '#0a7d5f' }, navigation: { pages } } };
    write({ 'docs.json': recoloured['docs.json'] });
    const recolouredLog = await runAstroBuild(root);
    assert.match(recolouredLog, /indexes as they were/, ourLines(recolouredLog));
    const cleanRecoloured = site(recoloured);
    await runAstroBuild(cleanRecoloured);
    assert.deepEqual(tree(dist), tree(path.join(cleanRecoloured, 'dist')), 'the same files, with the same content, as a clean build');

    // A page removed, one added, an image changed: the output is what a clean build writes.
    const edited: Record<string, unknown> = {
      ...files,
      'docs.json': { name: 'Kept', navigation: { pages: ['a', 'b', 'd', 'e', 'f'] } },
      'a.mdx': '---\ntitle: Page a\n---\n\n<Note>Text of a, edited.</Note>\n',
      'f.mdx': '---\ntitle: Page f\n---\n\nNew.\n',
      'images/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1"/>',
    };
    delete edited['c.mdx'];
    rmSync(path.join(root, 'c.mdx'));
    write({ 'docs.json': edited['docs.json'], 'f.mdx': edited['f.mdx'], 'images/dot.svg': edited['images/dot.svg'] });
    await runAstroBuild(root);
    assert.equal(existsSync(path.join(dist, 'c.html')), false, 'a removed page is gone');
    const clean = site(edited);
    await runAstroBuild(clean);
    assert.deepEqual(tree(dist), tree(path.join(clean, 'dist')), 'the same files, with the same content, as a clean build');

    // A folder changed since the build that wrote it is not kept: the next build starts from an empty one.
    writeFileSync(path.join(dist, 'stray.txt'), 'not the build’s');
    writeFileSync(path.join(dist, 'b.html'), 'changed by hand');
    await runAstroBuild(root);
    assert.equal(existsSync(path.join(dist, 'stray.txt')), false);
    assert.deepEqual(tree(dist), tree(path.join(clean, 'dist')));
  });

  it('rebuilds a site with an adapter in place: the pages left in its client folder stay, as a clean build writes them', async () => {
    const pages = ['a', 'b', 'c'];
    const files: Record<string, unknown> = {
      'astro.config.mjs': "import node from '@astrojs/node';\nimport docsJson from 'astro-docs-json';\nexport default { site: 'https://x.example.com', adapter: node({ mode: 'standalone' }), integrations: [docsJson()] };\n",
      'docs.json': { name: 'Served', navigation: { pages } },
      ...Object.fromEntries(pages.map((page) => [`${page}.mdx`, `---\ntitle: Page ${page}\n---\n\nText of ${page}.\n`])),
    };
    const root = site(files);
    const client = path.join(root, 'dist/client');
    const tree = (dir: string) => new Map(readdirSync(dir, { recursive: true }).map(String).filter((name) => statSync(path.join(dir, name)).isFile()).sort().map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
    await runAstroBuild(root);
    const kept = statSync(path.join(client, 'b.html')).mtimeMs;
    const edited = { ...files, 'a.mdx': '---\ntitle: Page a\n---\n\nText of a, edited.\n' };
    writeFileSync(path.join(root, 'a.mdx'), edited['a.mdx'] as string);
    const log = await runAstroBuild(root);
    assert.match(log, /b\.html \((?:cached|restored)\)/);
    assert.equal(statSync(path.join(client, 'b.html'), { throwIfNoEntry: false })?.mtimeMs, kept, 'left in place');
    const clean = site(edited);
    await runAstroBuild(clean);
    assert.deepEqual(tree(client), tree(path.join(clean, 'dist/client')), 'the same files, with the same content, as a clean build');
  });

  it("renders again a page whose last commit's date changed, and only it", async () => {
    const files: Record<string, unknown> = {
      'astro.config.mjs': "import docsJson from 'astro-docs-json';\nexport default { integrations: [docsJson({ search: false })] };\n",
      'docs.json': { name: 'Dated', metadata: { timestamp: true }, navigation: { pages: ['a', 'b'] } },
      'a.mdx': '---\ntitle: A\n---\n\nText of a.\n',
      'b.mdx': '---\ntitle: B\n---\n\nText of b.\n',
    };
    const root = site(files);
    const git = (date: string, ...args: string[]) =>
      execFileSync('git', args, { cwd: root, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }, stdio: 'pipe' });
    git('', 'init', '-q');
    git('', 'add', 'a.mdx', 'b.mdx', 'docs.json');
    git('2025-01-01T00:00:00Z', 'commit', '-q', '-m', 'first');
    const dist = path.join(root, 'dist');
    await runAstroBuild(root);
    assert.match(readFileSync(path.join(dist, 'a.html'), 'utf8'), /<time datetime="2025-01-01T00:00:00.000Z">January 1, 2025<\/time>/);
    const kept = statSync(path.join(dist, 'b.html')).mtimeMs;

    // a.mdx's text is as it was, but its last commit is later: only its page is rendered again.
    writeFileSync(path.join(root, 'a.mdx'), '---\ntitle: A\n---\n\nText of a, for a moment.\n');
    git('2025-02-02T00:00:00Z', 'commit', '-q', '-am', 'edit');
    writeFileSync(path.join(root, 'a.mdx'), files['a.mdx'] as string);
    git('2025-03-03T00:00:00Z', 'commit', '-q', '-am', 'revert');
    await runAstroBuild(root);
    assert.match(readFileSync(path.join(dist, 'a.html'), 'utf8'), /<time datetime="2025-03-03T00:00:00.000Z">March 3, 2025<\/time>/);
    assert.equal(statSync(path.join(dist, 'b.html')).mtimeMs, kept);
  });

  it('stops on pages MDX cannot compile, naming each with its line and reason, and writes nothing', async () => {
    const root = site({
      'docs.json': { name: 'x', navigation: { pages: ['index', 'broken', 'guides/also-broken'] } },
      'index.mdx': '# Home\n',
      'broken.mdx': '---\ntitle: Broken\n---\n\n<Note>\nNever closed.\n',
      'guides/also-broken.mdx': '# Also\n\n<Card title="x">\n\n</Tabs>\n',
    });
    await assert.rejects(build({ root, integrations: [docsJson()], ...quiet }), (error: Error) => {
      assert.match(error.message, /error broken\.mdx:5:\d+\n {2}MDX cannot compile this page: Expected a closing tag for `<Note>`/);
      assert.match(error.message, /error guides\/also-broken\.mdx:\d+:\d+\n {2}MDX cannot compile this page: .*`<\/Tabs>`/);
      return true;
    });
    assert.equal(existsSync(path.join(root, 'dist')), false);
  });

  it('writes the redirects of docs.json as pages that redirect, and as `_redirects` rules after the site’s own', async () => {
    const root = site({
      'docs.json': {
        name: 'x',
        navigation: { pages: ['index', 'guides/setup'] },
        redirects: [{ source: '/start', destination: '/guides/setup' }, { source: '/old/:slug*', destination: '/guides/:slug*' }, { source: 'latest', destination: '/guides/setup', permanent: false }, { source: '/kept', destination: '/' }],
      },
      'index.mdx': '# Home\n',
      'guides/setup.mdx': '---\ntitle: Setup\n---\nSteps.\n',
      // The docs folder's own rules, kept first: a host follows the first that matches.
      '_redirects': '/kept /elsewhere 302\n',
    });
    await build({ root, integrations: [docsJson({ search: false })], ...quiet });
    for (const [file, target] of [['start.html', '/guides/setup'], ['old/setup.html', '/guides/setup'], ['latest.html', '/guides/setup']] as const) {
      assert.match(readFileSync(path.join(root, 'dist', file), 'utf8'), new RegExp(`<meta http-equiv="refresh" content="0;url=${target}">`), file);
    }
    assert.equal(
      readFileSync(path.join(root, 'dist', '_redirects'), 'utf8'),
      "/kept /elsewhere 302\n\n# astro-docs-json: docs.json's redirects, written again by every build\n/start /guides/setup 308\n/latest /guides/setup 307\n/old/* /guides/:splat 308\n# astro-docs-json: end\n",
    );
  });
});

describe('astro dev', () => {
  it('answers every request with the reason when the dev server cannot create its app, instead of leaving it waiting', { timeout: 60_000 }, async () => {
    const root = site({ 'docs.json': { name: 'Broken renderer', navigation: { pages: ['index'] } }, 'index.mdx': '---\ntitle: Home\n---\nHello.\n', 'renderer.mjs': "throw new Error('This renderer cannot load.');\n" });
    const brokenRenderer = { name: 'broken-renderer', hooks: { 'astro:config:setup': ({ addRenderer }: { addRenderer: (renderer: { name: string; serverEntrypoint: string }) => void }) => addRenderer({ name: 'broken', serverEntrypoint: path.join(root, 'renderer.mjs') }) } };
    // A build before in this process left NODE_ENV at production, under which Astro's dev server runs no integration's server hooks.
    const nodeEnv = process.env.NODE_ENV;
    delete process.env.NODE_ENV;
    const server = await dev({ root, integrations: [docsJson(), brokenRenderer], server: { port: 4611, host: '127.0.0.1' }, ...quiet });
    try {
      const response = await fetch('http://127.0.0.1:4611/', { signal: AbortSignal.timeout(30_000) });
      assert.equal(response.status, 500);
      const text = await response.text();
      assert.match(text, /<h1>The dev server could not start<\/h1>/);
      assert.match(text, /This renderer cannot load\./);
    } finally {
      await server.stop();
      process.env.NODE_ENV = nodeEnv;
    }
  });

  it('updates the site when docs.json or a page changes, without a restart', async () => {
    const root = site({
      'docs.json': { name: 'Live', redirects: [{ source: '/old', destination: '/' }], navigation: { groups: [{ group: 'First name', pages: ['index'] }] } },
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
    const redirect = async (url: string) => {
      const response = await fetch(`http://127.0.0.1:4610${url}`, { redirect: 'manual' });
      return `${response.status} ${response.headers.get('location')}`;
    };
    try {
      await eventually('/', /First name/);
      assert.equal(await redirect('/old'), '308 /');
      writeFileSync(
        path.join(root, 'docs.json'),
        JSON.stringify({
          name: 'Live',
          redirects: [{ source: '/older', destination: '/added', permanent: false }],
          navigation: { groups: [{ group: 'Second name', pages: ['index', 'added'] }] },
        }),
      );
      writeFileSync(path.join(root, 'added.mdx'), '---\ntitle: Added later\n---\nNew.\n');
      await eventually('/', /Second name/);
      await eventually('/added', /<title>Added later - Live<\/title>/);
      // Redirects follow docs.json too.
      assert.equal(await redirect('/older'), '307 /added');
      assert.equal(await redirect('/old'), '404 null');
      writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Renamed home\n---\nHello again.\n');
      await eventually('/added', />Renamed home<\/a>/);
    } finally {
      await server.stop();
    }
  });

  it('takes a change to `.mintignore` as it takes one to docs.json, without a restart', async () => {
    const root = site({
      'docs.json': { name: 'Live', navigation: { pages: ['index', 'notes'] } },
      'index.mdx': '---\ntitle: Home\n---\nHello.\n',
      'notes.mdx': '---\ntitle: Notes\n---\nFor now.\n',
    });
    const server = await dev({ root, integrations: [docsJson()], server: { port: 0, host: '127.0.0.1' }, ...quiet });
    const status = async (url: string) => (await fetch(`http://127.0.0.1:${server.address.port}${url}`)).status;
    const eventually = async (url: string, expected: number) => {
      for (let attempt = 0; attempt < 50 && (await status(url)) !== expected; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(await status(url), expected, url);
    };
    try {
      await eventually('/notes', 200);
      writeFileSync(path.join(root, '.mintignore'), 'notes.mdx\n');
      await eventually('/notes', 404);
      writeFileSync(path.join(root, '.mintignore'), '# nothing\n');
      await eventually('/notes', 200);
    } finally {
      await server.stop();
    }
  });
});

describe('agent jobs', () => {
  it('need an adapter: the build says which to add', async () => {
    const root = site({ 'docs.json': { name: 'x', navigation: { pages: ['index'] } }, 'index.mdx': '# Home\n' });
    await assert.rejects(build({ root, integrations: [docsJson({ agentJobs: {} })], ...quiet }), (error: Error & { hint?: string }) => {
      assert.match(error.message, /The `agentJobs` option serves a server endpoint, which needs an adapter/);
      assert.match(error.hint ?? '', /@astrojs\/node/);
      return true;
    });
    assert.equal(existsSync(path.join(root, 'dist')), false);
  });

  it('keep the admin key on the server: read at run time, in no built file, response or log line', async () => {
    const key = 'mint_build_test_secret_91b7';
    const root = site({
      'docs.json': { name: 'Jobs', navigation: { pages: ['index'] } },
      'index.mdx': '---\ntitle: Home\n---\n\n<AgentJobStatus projectId="demo" id="job_docs_update" />\n',
    });
    // Even present while building, the key must not be built in.
    process.env.DOCS_ADMIN_API_KEY = key;
    try {
      await build({ root, adapter: node({ mode: 'standalone' }), integrations: [docsJson({ agentJobs: { projectIds: ['demo'] } })], ...quiet });
    } finally {
      delete process.env.DOCS_ADMIN_API_KEY;
    }
    const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? files(path.join(dir, name)) : [path.join(dir, name)]));
    for (const file of files(path.join(root, 'dist'))) assert.equal(readFileSync(file).includes(key), false, file);
    assert.match(readFileSync(path.join(root, 'dist/client/index.html'), 'utf8'), /<agent-job-status[^>]*data-endpoint="\/api\/agent\/\{projectId\}\/job\/\{id\}"/);

    // The server, against a stand-in that refuses the key for one project, to make it log.
    const api = await startMockAdminApi({ port: 0, key });
    const server = spawn(process.execPath, ['dist/server/entry.mjs'], {
      cwd: root,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '4612', DOCS_ADMIN_API_KEY: key, DOCS_ADMIN_API_URL: api.url },
    });
    let output = '';
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => (output += chunk));
    try {
      for (let attempt = 0; attempt < 50 && !output.includes('listening'); attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
      const get = (url: string) => fetch(`http://127.0.0.1:4612${url}`);
      const ok = await get('/api/agent/demo/job/job_docs_update');
      assert.equal(ok.status, 200);
      assert.equal((await ok.json()).status, 'active');
      await api.close();
      const unreachable = await get('/api/agent/demo/job/job_fails');
      assert.equal(unreachable.status, 502);
      const bodies = [JSON.stringify(await unreachable.json()), await (await get('/api/agent/other/job/x')).text()];
      for (const body of bodies) assert.doesNotMatch(body, new RegExp(key));
      assert.match(output, /the admin API could not be reached/);
      assert.doesNotMatch(output, new RegExp(key));
    } finally {
      server.kill();
      await api.close().catch(() => undefined);
    }
  });
});
