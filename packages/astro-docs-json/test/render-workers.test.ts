// Pages rendered on worker threads beside the main thread come out, file by file and byte
// for byte, as a build on the main thread alone writes them.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { RENDER_WORKERS_ENV, renderWorkerCount } from '../src/astro/workers/render-workers.ts';
import { filesUnder, makeDocs, runCli } from './helpers.ts';

/** A page with what a worker must render as the main thread does: components, code block options, a diagram, math, a snippet, a date. */
const page = (n: number) =>
  [
    '---',
    `title: Page ${n}`,
    `description: What page ${n} is about.`,
    '---',
    "import Shared from '/snippets/shared.mdx';",
    '',
    `## Part ${n} {#part-${n}}`,
    '',
    `<Note>Read **page ${n}** first.</Note>`,
    '',
    '<Steps>',
    '  <Step title="Install">Run it.</Step>',
    '  <Step title="Use">Call it.</Step>',
    '</Steps>',
    '',
    '```js title="app.js" {2} lines',
    `const n = ${n};`,
    'console.log(n); // [!code ++]',
    '```',
    '',
    ...(n % 3 === 0 ? ['```mermaid', `graph TD; A${n}-->B${n}`, '```', ''] : []),
    ...(n % 4 === 0 ? [`Inline $x^${n}$ math.`, ''] : []),
    '<Shared />',
    '',
  ].join('\n');

/** A plain Markdown page, rendered by the site's Markdown processor rather than compiled. */
const plain = (n: number) => `---\ntitle: Plain ${n}\n---\n\n## Plain ${n}\n\nA Markdown page.\n\n\`\`\`bash title="Install" {1}\nnpm i ${n}\n\`\`\`\n`;

/** Every fourth page is plain Markdown: whichever pages the worker takes, it renders some of each kind. */
const COUNT = 40;
const isPlain = (n: number) => n % 4 === 1;
const FILES: Record<string, unknown> = {
  'docs.json': { name: 'Workers', description: 'Pages on every core.', navigation: { groups: [{ group: 'Pages', pages: ['index', 'failing', 'broken', ...Array.from({ length: COUNT }, (_, n) => `pages/p${n}`)] }] } },
  'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n\n<Card title="Start" href="/pages/p0">Begin.</Card>\n',
  // A component that throws: a notice on the page, and a warning in the build's summary.
  'failing.mdx': "---\ntitle: Failing\n---\n\nexport const Boom = () => { throw new Error('boom'); };\n\n<Boom />\n\nThe rest.\n",
  // A page whose own code throws: a notice in place of its content, and a warning.
  'broken.mdx': '---\ntitle: Broken\n---\n\nReading: {gauge.reading}\n',
  'snippets/shared.mdx': '<Tip>Shared by every page.</Tip>\n',
  ...Object.fromEntries(Array.from({ length: COUNT }, (_, n) => (isPlain(n) ? [`pages/p${n}.md`, plain(n)] : [`pages/p${n}.mdx`, page(n)]))),
};

/** The CLI's build, with a cache of its own (nothing compiled before). */
const build = (docs: string, out: string, workers: string) => runCli(['build', '--site', 'https://docs.example.com', '--out', out], docs, { [RENDER_WORKERS_ENV]: workers });

describe('how many rendering workers a build has', () => {
  it('is the option, else DOCS_RENDER_WORKERS, else one fewer than the cores for a large site', () => {
    assert.equal(renderWorkerCount(false, 10_000, '3'), 0);
    assert.equal(renderWorkerCount(2, 10, undefined), 2);
    assert.ok(renderWorkerCount(true, 10, '0') >= 1);
    assert.equal(renderWorkerCount(undefined, 10_000, '0'), 0);
    assert.equal(renderWorkerCount(undefined, 10, '2'), 2);
    assert.equal(renderWorkerCount(undefined, 10, undefined), 0, 'a small site renders on the main thread');
    assert.equal(renderWorkerCount(undefined, 10, 'lots'), 0, 'a value that is not a count is not one');
  });
});

describe('a build that renders on a worker thread', { timeout: 300_000 }, () => {
  let docs: string;
  let work: string;
  const logs: Record<string, string> = {};
  before(() => {
    docs = makeDocs(FILES);
    work = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-workers-'));
    for (const [name, workers] of [['alone', '0'], ['workers', '1']] as const) {
      const built = build(docs, path.join(work, name), workers);
      assert.equal(built.code, 0, built.all);
      logs[name] = built.all;
    }
  });
  after(() => {
    rmSync(docs, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('renders a share of the pages there', () => {
    assert.doesNotMatch(logs.alone!, /worker thread/);
    const [, onWorker, onMain] = /Pages rendered on 1 worker thread \(ready in [\d.]+ s\): (\d+), on the main thread: (\d+)/.exec(logs.workers!) ?? [];
    assert.ok(onWorker !== undefined, logs.workers);
    // Each page and its Markdown copy.
    assert.equal(Number(onWorker) + Number(onMain), 2 * (COUNT + 3));
    assert.ok(Number(onWorker) >= COUNT / 4, `${onWorker} pages on the worker`);
  });

  it('writes the same files, byte for byte, as the main thread alone', () => {
    const alone = filesUnder(path.join(work, 'alone'));
    assert.deepEqual(filesUnder(path.join(work, 'workers')), alone);
    const differing = alone.filter((file) => !readFileSync(path.join(work, 'alone', file)).equals(readFileSync(path.join(work, 'workers', file))));
    assert.deepEqual(differing, []);
    for (const file of ['pages/p3.html', 'pages/p3.md', 'pages/p5.html', 'failing.html', 'broken.html', 'pagefind/0/pagefind-entry.json', 'sitemap-0.xml', 'llms-full.txt']) assert.ok(alone.includes(file), file);
    const html = readFileSync(path.join(work, 'workers', 'pages', 'p12.html'), 'utf8');
    for (const part of ['id="part-12"', 'class="mermaid', 'katex', 'Shared by every page.']) assert.ok(html.includes(part), part);
  });

  it('rebuilds one edited page without starting the worker', () => {
    const edited = makeDocs(FILES);
    const cache = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-workers-cache-'));
    const out = path.join(work, 'rebuild');
    const rebuild = () => runCli(['build', '--site', 'https://docs.example.com', '--out', out], edited, { [RENDER_WORKERS_ENV]: '1', XDG_CACHE_HOME: cache });
    try {
      assert.equal(rebuild().code, 0);
      writeFileSync(path.join(edited, 'pages', 'p2.mdx'), `${page(2)}\nEdited since.\n`);
      const again = rebuild();
      assert.equal(again.code, 0, again.all);
      // The page and its Markdown copy, and the failing pages' two each (a page that failed,
      // or whose component did, is rendered again); the others are kept as the first build
      // wrote them. Too few to start the worker for.
      assert.match(again.all, /Pages rendered on the main thread: 6 \(fewer than 64: no worker thread started\)/);
      assert.doesNotMatch(again.all, /Pages rendered on 1 worker thread/);
      assert.match(readFileSync(path.join(out, 'pages', 'p2.html'), 'utf8'), /Edited since\./);
      // The same files as a clean build's, but for the search index's, named by their content (a page changed).
      const [rebuilt, clean] = [filesUnder(out), filesUnder(path.join(work, 'workers'))];
      const outsideSearch = (files: string[]) => files.filter((file) => !file.startsWith('pagefind/'));
      assert.deepEqual(outsideSearch(rebuilt), outsideSearch(clean));
      assert.equal(rebuilt.length, clean.length);
    } finally {
      rmSync(edited, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it('reports what failed on the worker as the main thread does', () => {
    const summary = (log: string) => /Built from[\s\S]*?(?=\n\d\d:\d\d:\d\d)/.exec(log)?.[0];
    assert.match(logs.workers!, /`<Boom>` failed while the page was rendered/);
    assert.match(logs.workers!, /broken\.mdx:5:11: The page failed while it was rendered, and shows a notice in place of its content: ReferenceError: gauge is not defined/);
    assert.equal(summary(logs.workers!), summary(logs.alone!));
  });
});
