// On a large site, one kind of problem repeats on hundreds of pages: it is named once, with
// a count and a few places, and the build's log shows a few of each kind.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Diagnostic } from '../src/core/diagnostics.ts';
import { isKnownLanguage, languageAliases } from '../src/core/markdown/code-languages.ts';
import { usedIn } from '../src/core/pages/content-diagnostics.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { diagnosticsToLog, WARNING_KINDS } from '../src/core/report/summary.ts';
import { makeDocs, summary } from './helpers.ts';

describe('repeated problems', () => {
  it('name an unknown code-block language once for the whole site, with a count and the first places', async () => {
    const files: Record<string, unknown> = { 'docs.json': { name: 'x', navigation: { pages: Array.from({ length: 6 }, (_, i) => `p${i}`) } } };
    for (let i = 0; i < 6; i++) files[`p${i}.mdx`] = `---\ntitle: P${i}\n---\n\n\`\`\`jss\na\n\`\`\`\n\n\`\`\`jss\nb\n\`\`\`\n\n\`\`\`sh\nls\n\`\`\`\n\n\`\`\`text\nplain\n\`\`\`\n`;
    const site = await loadSite(makeDocs(files));
    assert.deepEqual(summary(site.diagnostics), ['warning unknown-language p0.mdx']);
    assert.equal(site.diagnostics[0]!.line, 5);
    assert.equal(site.diagnostics[0]!.message, '`jss` is not a language the code highlighter knows: its code blocks are shown as plain text. Used in 6 places: p0.mdx:5, p1.mdx:5, p2.mdx:5 and 3 more.');
    assert.match(site.diagnostics[0]!.hint!, /^Did you mean `js`\?/);
  });

  it('know Shiki\'s languages and aliases in any case, and alias the others to plain text', () => {
    for (const name of ['js', 'javascript', 'sh', 'bash', 'mermaid', 'text', 'plaintext', 'JSON', 'Dockerfile', 'math', 'nocopy']) assert.equal(isKnownLanguage(name), true, name);
    for (const name of ['jss', 'MATH', 'command']) assert.equal(isKnownLanguage(name), false, name);
    assert.deepEqual(languageAliases(['js', 'jss', 'mylang', 'text', 'JSON', 'Dockerfile', 'Text', 'math', 'nocopy']), {
      jss: 'plaintext',
      mylang: 'plaintext',
      JSON: 'json',
      Dockerfile: 'dockerfile',
      Text: 'text',
      nocopy: 'plaintext',
    });
  });

  it('count every kind of warning the sources raise under words that say what it is', () => {
    const sources = readdirSync(new URL('../src/', import.meta.url), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const raised = new Set(sources.flatMap((file) => [...readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8').matchAll(/severity: 'warning',\s*code: '([a-z-]+)'/g)].map((match) => match[1]!)));
    assert.ok(raised.size > 30, `${raised.size} kinds found`);
    assert.deepEqual([...raised].filter((code) => !Object.hasOwn(WARNING_KINDS, code)), []);
  });

  it('list every place when there are few', () => {
    assert.equal(usedIn(['a.mdx:1', 'b.mdx:2', 'c.mdx:3', 'd.mdx:4']), 'Used in a.mdx:1, b.mdx:2, c.mdx:3, d.mdx:4.');
    assert.equal(usedIn(['a', 'b', 'c', 'd', 'e']), 'Used in 5 places: a, b, c and 2 more.');
  });

  it('print every error and the first five warnings of each kind in the build log', () => {
    const warning = (code: string, file: string): Diagnostic => ({ severity: 'warning', code, file, message: 'm' });
    const errors = Array.from({ length: 7 }, (_, i): Diagnostic => ({ severity: 'error', code: 'invalid-mdx', file: `e${i}.mdx`, message: 'm' }));
    const diagnostics = [...errors, ...Array.from({ length: 9 }, (_, i) => warning('missing-image', `m${i}.mdx`)), warning('unknown-icon', 'i.mdx')];
    const { printed, hidden } = diagnosticsToLog(diagnostics);
    assert.deepEqual(printed.map((d) => d.file), ['e0.mdx', 'e1.mdx', 'e2.mdx', 'e3.mdx', 'e4.mdx', 'e5.mdx', 'e6.mdx', 'm0.mdx', 'm1.mdx', 'm2.mdx', 'm3.mdx', 'm4.mdx', 'i.mdx']);
    assert.deepEqual([...hidden], [['missing-image', 4]]);
  });
});
