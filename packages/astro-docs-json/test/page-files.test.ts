// The same text in several files (a page in each version of a site) is analysed once, and
// each file still gets its own analysis, its problems under its own name. A large scan
// analyses its files on a second thread too, with the same result.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OffThread } from '../src/core/off-thread.ts';
import { frontmatterOf } from '../src/astro/mdx/markdown-pages.ts';
import { scanPageFiles } from '../src/core/pages/page-files.ts';
import type { AnalysisRequest, FileAnalysis } from '../src/core/pages/file-analysis.ts';
import { parseFrontmatter } from '../src/core/pages/page-frontmatter.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { makeDocs, summary } from './helpers.ts';

describe('scanPageFiles', () => {
  it('gives each file of a repeated text its own analysis and its own problems', async () => {
    const text = '---\ntitle: [unclosed\n---\n\n<Note>Hello {props.name}</Note>\n\n![logo](./logo.png)\n';
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['v1/guide', 'v2/guide'] } }, 'v1/guide.mdx': text, 'v2/guide.mdx': text, 'v2/other.md': text });
    const { pages, diagnostics } = await scanPageFiles(dir);
    const [one, two] = ['v1/guide.mdx', 'v2/guide.mdx'].map((file) => pages.find((page) => page.file === file)!);
    assert.deepEqual(diagnostics.map((d) => `${d.code} ${d.file}`).sort(), ['invalid-frontmatter v1/guide.mdx', 'invalid-frontmatter v2/guide.mdx', 'invalid-frontmatter v2/other.md']);
    assert.deepEqual(two!.content, one!.content);
    assert.notEqual(two!.content, one!.content);
    assert.notEqual(two!.content.references, one!.content.references);
    // A Markdown file of the same text is read as Markdown, not as the MDX pages were.
    const markdown = pages.find((page) => page.file === 'v2/other.md')!;
    assert.deepEqual(one!.content.components.map((component) => component.name), ['Note']);
    assert.deepEqual(markdown.content.components, []);
  });

  it('analyses the files on a second thread as on one, and reports their problems in the order of the files', async () => {
    const texts = [
      (n: number) => `---\ntitle: Page ${n}\n---\n\n<Card title="x" icon="rocket">Card ${n}</Card>\n\n\`\`\`js\nlet a = ${n};\n\`\`\`\n`,
      (n: number) => `---\ntitle: [broken ${n}\n---\n\nText with {your-key} in braces, <br> and a <img src="/a.png">.\n`,
      (n: number) => `---\ntitle: Diagram ${n}\n---\n\n\`\`\`mermaid\nflowchart LR\n  A${n} --> B\n\`\`\`\n\nIt costs $${n}$ or $\\frac{1}{$.\n`,
      (n: number) => `---\ntitle: Unclosed ${n}\n---\n\n<Note>\nOpen ${n}\n\n## Heading\n\n#### Skipped\n`,
    ];
    const files: Record<string, string> = { 'docs.json': JSON.stringify({ name: 'x', navigation: { pages: ['p0'] } }), 'snippets/intro.mdx': 'Hello {word}.\n' };
    for (let n = 0; n < 40; n++) files[`p${n}.mdx`] = texts[n % texts.length]!(n);
    const dir = makeDocs(files);
    const [alone, beside] = await Promise.all([scanPageFiles(dir, { analysisThread: false }), scanPageFiles(dir, { analysisThread: true })]);
    assert.deepEqual(beside, alone);
    // What the scan reports itself, in the order of the files (the folder's, by name); the rest is in each file's content.
    assert.deepEqual(alone.diagnostics.map((d) => `${d.code} ${d.file}`), ['p1', 'p13', 'p17', 'p21', 'p25', 'p29', 'p33', 'p37', 'p5', 'p9'].map((page) => `invalid-frontmatter ${page}.mdx`));
    const content = (page: string) => alone.pages.find((found) => found.page === page)!.content;
    assert.ok(content('p1').repairs.length > 0);
    assert.equal(content('p2').diagrams?.count, 1);
    assert.equal(content('p2').math?.problems.length, 1);
    assert.ok(content('p3').error ?? content('p3').repairs.length);
  });

  it('has the thread analyse a file, and the calling thread one the thread fails on', async () => {
    const here = (request: AnalysisRequest): never => {
      throw new Error(`analysed here: ${request.file}`);
    };
    const thread = new OffThread<AnalysisRequest, FileAnalysis>(new URL('../src/core/pages/file-analyser.ts', import.meta.url), here);
    try {
      const analysis = await thread.ask({ file: 'a.mdx', source: '---\ntitle: A\n---\n\n<Tip>Hi</Tip>\n', page: true });
      assert.deepEqual(analysis.frontmatter, { title: 'A' });
      assert.deepEqual(analysis.content.components.map((component) => component.name), ['Tip']);
      // Not a text: the thread's analysis throws, and the request is done here, where it throws as it would.
      await assert.rejects(thread.ask({ file: 'b.mdx', source: undefined as unknown as string, page: true }), /analysed here: b\.mdx/);
    } finally {
      await thread.close();
    }
    await assert.rejects(thread.ask({ file: 'c.mdx', source: '', page: true }), /analysed here: c\.mdx/);
  });
});


describe('frontmatter that strict YAML refuses and Mintlify reads', () => {
  // A quoted value whose next line starts at the margin: js-yaml, Mintlify's reader, joins the lines.
  const marginText = '---\ntitle: Ferry timetables\ndescription:\n  "Sailings between the islands.\nTimes change with the tide."\nlastUpdatedDate: 2026-03-02\n---\n\nBody.\n';

  it('is read as Mintlify reads it, with a warning at the line strict YAML stops at and a hint', () => {
    const { frontmatter, diagnostics } = parseFrontmatter('ferries.mdx', marginText);
    assert.deepEqual(frontmatter, { title: 'Ferry timetables', description: 'Sailings between the islands. Times change with the tide.', lastUpdatedDate: '2026-03-02' });
    assert.deepEqual(summary(diagnostics), ['warning lenient-frontmatter ferries.mdx']);
    assert.equal(diagnostics[0]!.line, 4);
    assert.equal(diagnostics[0]!.message, 'The frontmatter is not strict YAML (Missing closing "quote); it is read as Mintlify reads it.');
    assert.match(diagnostics[0]!.hint!, /indent those lines under the key, or write the value on one line/);
    // The `frontmatter` an MDX page reads is the same.
    assert.equal(frontmatterOf(marginText.split('---\n')[1]).description, 'Sailings between the islands. Times change with the tide.');
  });

  it('does not stop the site: its page has its title and description, and `strict` makes it an error', async () => {
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['ferries', 'ports'] } }, 'ferries.mdx': marginText, 'ports.mdx': true });
    const site = await loadSite(dir);
    assert.equal(site.ok, true);
    assert.deepEqual(summary(site.diagnostics), ['warning lenient-frontmatter ferries.mdx']);
    assert.equal(site.routes?.find((route) => route.url === '/ferries')?.description, 'Sailings between the islands. Times change with the tide.');
    assert.equal((await loadSite(dir, { strict: true })).ok, false);
  });

  it('stays an error when Mintlify could not read it either, and when its aliases copy too much', () => {
    const unclosed = parseFrontmatter('a.mdx', '---\ntitle: Harbour\ndescription: "never closed\n---\n');
    assert.deepEqual(summary(unclosed.diagnostics), ['error invalid-frontmatter a.mdx']);
    assert.equal(unclosed.diagnostics[0]!.line, 3);
    assert.deepEqual(unclosed.frontmatter, {});
    // Nine lists of nine aliases of the one before, in a frontmatter only Mintlify's reader takes.
    const lines = ['l0: &l0 [gull, gull, gull, gull, gull, gull, gull, gull, gull]'];
    for (let level = 1; level < 9; level++) lines.push(`l${level}: &l${level} [${Array(9).fill(`*l${level - 1}`).join(', ')}]`);
    const laughs = parseFrontmatter('b.mdx', `---\ntitle:\n  "Gulls\nand more gulls"\n${lines.join('\n')}\n---\n`);
    assert.deepEqual(summary(laughs.diagnostics), ['error invalid-frontmatter b.mdx']);
    assert.match(laughs.diagnostics[0]!.hint!, /Aliases \(`\*name`\) may be used up to 100 times/);
    // A few aliases are fine.
    assert.deepEqual(parseFrontmatter('c.mdx', '---\ntitle: &t\n  "Quay\nside"\nsidebarTitle: *t\n---\n').frontmatter, { title: 'Quay side', sidebarTitle: 'Quay side' });
  });
});
