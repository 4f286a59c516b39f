// Pages no real site has, written to crash or stall the builder: each is a named error or
// warning with its file and line, found in a time that does not grow with the square of
// the page, and none takes the process down.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { MAX_FRONTMATTER_BYTES, MAX_PAGE_BYTES } from '../src/core/markdown/limits.ts';
import { repairMdx } from '../src/core/markdown/forgiving-mdx.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { makeDocs, summary } from './helpers.ts';

/** A hang guard, not a speed target: each case here takes well under a second. */
const HANG_MS = 10_000;

/** A site whose one page is `index.mdx` with `body` after a title. */
const onePage = (body: string, extra: Record<string, unknown> = {}) =>
  makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index', 'other'] } }, 'index.mdx': `---\ntitle: T\n---\n${body}`, 'other.mdx': true, ...extra });

async function timedLoad(dir: string) {
  const started = performance.now();
  const site = await loadSite(dir);
  const ms = performance.now() - started;
  assert.ok(ms < HANG_MS, `took ${Math.round(ms)} ms`);
  return site;
}

describe('pathological pages', () => {
  it(`refuses a page larger than ${MAX_PAGE_BYTES / 1024 / 1024} MB without reading it, and loads the others`, async () => {
    const site = await timedLoad(onePage('x'.repeat(MAX_PAGE_BYTES)));
    assert.deepEqual(summary(site.diagnostics), ['error too-large index.mdx']);
    assert.match(site.diagnostics[0]!.message, /^The file is \d+ bytes, more than the 5 MB a page may be: it is not read\.$/);
    assert.ok(site.routes.some((route) => route.file === 'other.mdx'));
  });

  it('refuses frontmatter larger than 64 KB, 50,000 keys among them, as one error at its first line', async () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `k${i}: ${i}`).join('\n');
    assert.ok(keys.length > MAX_FRONTMATTER_BYTES);
    const site = await timedLoad(makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index'] } }, 'index.mdx': `---\ntitle: Big\n${keys}\n---\nBody\n` }));
    assert.deepEqual(summary(site.diagnostics), ['error too-large index.mdx']);
    assert.equal(site.diagnostics[0]!.line, 1);
    assert.match(site.diagnostics[0]!.message, /^The frontmatter is \d+ KB, more than the 64 KB it may be/);
  });

  it('refuses YAML aliases that expand a billion times, naming the first alias, and never throws', async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 10; level++) {
      const [name, previous] = [String.fromCharCode(97 + level), String.fromCharCode(96 + level)];
      lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    const site = await timedLoad(makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index'] } }, 'index.mdx': `---\ntitle: Laughs\n${lines.join('\n')}\n---\n\nBody\n` }));
    assert.deepEqual(summary(site.diagnostics), ['error invalid-frontmatter index.mdx']);
    assert.equal(site.diagnostics[0]!.line, 4, 'the line of the first `*a`');
    assert.match(site.diagnostics[0]!.hint!, /Aliases \(`\*name`\) may be used up to 100 times/);
    // Real frontmatter uses aliases as it likes.
    const modest = await loadSite(makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index'] } }, 'index.mdx': '---\ntitle: &t Fine\nsidebarTitle: *t\n---\n\nBody\n' }));
    assert.deepEqual(modest.diagnostics, []);
  });

  it('stops nesting that would crash the native parser before it parses, with an error at the line, in a process that lives on', () => {
    // In a process of its own: were the guard to miss, the parser would end that process
    // (exit 139), not the test runner.
    const site = fileURLToPath(new URL('../src/core/site/load-site.ts', import.meta.url));
    const helpers = fileURLToPath(new URL('./helpers.ts', import.meta.url));
    const script = `
      import { loadSite } from ${JSON.stringify(site)};
      import { makeDocs } from ${JSON.stringify(helpers)};
      const cases = {
        parentheses: '{' + '('.repeat(10000) + '1' + ')'.repeat(10000) + '}',
        tags: '<a>'.repeat(25000) + 'x' + '</a>'.repeat(25000),
        quotes: '> '.repeat(6000) + 'x',
        ternaries: '{' + 'a ? b : '.repeat(15000) + 'c}',
        alternation: '<A>{'.repeat(60) + 'x' + '}</A>'.repeat(60),
      };
      for (const [name, body] of Object.entries(cases)) {
        const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index'] } }, 'index.mdx': '---\\ntitle: T\\n---\\n\\n' + body + '\\n' });
        const { diagnostics } = await loadSite(dir);
        console.log(JSON.stringify({ name, diagnostics: diagnostics.map((d) => [d.severity, d.code, d.file, d.line]) }));
      }`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: HANG_MS * 5 });
    assert.equal(child.status, 0, `${child.signal ?? child.status}\n${child.stderr}`);
    const results = child.stdout.trim().split('\n').map((line) => JSON.parse(line) as { name: string; diagnostics: unknown[] });
    assert.deepEqual(results.map((result) => result.name), ['parentheses', 'tags', 'quotes', 'ternaries', 'alternation']);
    for (const { name, diagnostics } of results) assert.deepEqual(diagnostics, [['error', 'too-deep', 'index.mdx', 5]], name);
  });

  it('repairs thousands of `<br>` tags, comments, bare `<` and `{` and autolinks in one pass per kind', () => {
    const kinds = {
      '`<br>` without its slash': 'a line<br>\n',
      'HTML comment': '<!-- note -->\n\n',
      'bare `<`': 'if a<b then\n\n',
      'bare `{`': 'prose { more\n\n',
      autolink: 'see <https://example.com/x> now\n\n',
    };
    for (const [kind, unit] of Object.entries(kinds)) {
      const started = performance.now();
      const repaired = repairMdx(unit.repeat(3200));
      assert.ok(performance.now() - started < HANG_MS, kind);
      assert.equal(repaired.error, undefined, kind);
      assert.equal(repaired.repairs.length, 3200, kind);
    }
    // A `{` that may be code is repaired where the parser stops only, a parse each: up to a bound, then an error that says so.
    const braces = repairMdx('{ not code }\n\n'.repeat(300));
    assert.equal(braces.repairs.length, 200);
    assert.match(braces.error!.message, /forgiving MDX repairs such places one parse at a time, and stops after 200 on a page this size/);
    assert.equal(braces.error!.line, 401);
  });

  it('checks a megabyte page of any of those in seconds, repaired or refused as too dense for the parser', async () => {
    const fill = (unit: string) => unit.repeat(Math.ceil(1_000_000 / unit.length));
    const pages = {
      'a paragraph of inline comments': [fill('x <!-- c --> y '), 'too-large'],
      'paragraphs dense with expressions': [fill(`${'{1} '.repeat(8000)}\n\n`), 'too-large'],
      'a line of tags': [fill('a<b>x</b> '), 'too-large'],
      'bare `<` in every paragraph': [fill('prose a<b more\n\n'), 'forgiving-mdx'],
      '`<br>` on every line': [fill('line<br>\n'), 'forgiving-mdx'],
    };
    for (const [name, [body, code]] of Object.entries(pages)) {
      const site = await timedLoad(onePage(body!));
      assert.deepEqual(site.diagnostics.map((d) => d.code), [code], name);
    }
  });

  it('warns of links and images with malformed `%` escapes, at their lines, in MDX and Markdown', async () => {
    const body = '\n![x](images/a%ZZ.png)\n\n[y](./a%ZZ)\n\n[fine](./other%20page)\n\n[z](/c%E0%A4)\n';
    const site = await timedLoad(onePage(body, { 'plain.md': `---\ntitle: P\n---\n${body}` }));
    assert.deepEqual(
      site.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}`),
      ['warning malformed-url index.mdx:5', 'warning malformed-url index.mdx:7', 'warning malformed-url index.mdx:11', 'warning malformed-url plain.md:5', 'warning malformed-url plain.md:7', 'warning malformed-url plain.md:11'],
    );
    assert.equal(site.diagnostics[0]!.message, 'The image `images/a%ZZ.png` has a malformed `%` escape (`%ZZ`), so it names no file or page: the page shows it broken.');
    assert.match(site.diagnostics[2]!.message, /\(`%E0%A4`\).*the link leads nowhere/);
  });
});
