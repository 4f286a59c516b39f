// MDX compiled ahead on a worker thread comes out as the main thread compiles it.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { satteri } from '@astrojs/markdown-satteri';
import type { AstroConfig, AstroIntegrationLogger } from 'astro';
import { codeBlockTransformers } from '../src/core/html/code-blocks.ts';
import { docsMarkdown } from '../src/core/html/index.ts';
import { addDocsMarkdown } from '../src/astro/mdx/docs-markdown.ts';
import { aheadWorkerData, CompileAhead } from '../src/astro/mdx/mdx-compile-ahead.ts';
import { MdxCompilation, type MdxSettings } from '../src/astro/mdx/mdx-compile.ts';
import { makeDocs } from './helpers.ts';

const docsDir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index'] } } });
const logger = { warn: () => undefined } as unknown as AstroIntegrationLogger;

/** The settings a site with no Markdown plugins of its own compiles MDX with. */
function siteSettings(own: { mdastPlugins?: unknown[]; transformers?: unknown[] } = {}): MdxSettings {
  const processor = satteri({ mdastPlugins: own.mdastPlugins as never });
  const markdown = docsMarkdown({ name: 'x', navigation: { pages: ['index'] } } as never);
  addDocsMarkdown({ markdown: { processor } } as unknown as AstroConfig, docsDir, markdown, logger);
  const { mdastPlugins, hastPlugins, features } = processor.options as unknown as MdxSettings;
  const shikiConfig = { themes: { light: 'github-light', dark: 'github-dark' }, langs: [], langAlias: {}, wrap: false, transformers: [...codeBlockTransformers, ...((own.transformers ?? []) as never[])] };
  return { mdastPlugins, hastPlugins, features, syntaxHighlight: 'shiki', shikiConfig, gfm: true, smartypants: true } as unknown as MdxSettings;
}

const page = [
  '---',
  'title: A page',
  '---',
  '',
  '## Steps {#steps}',
  '',
  '<Note>Read **this** first.</Note>',
  '',
  '```js title="app.js" {2}',
  'const a = 1;',
  'console.log(a); // [!code ++]',
  '```',
  '',
  '```mermaid',
  'graph TD; A-->B',
  '```',
  '',
  'Inline $x^2$ math.',
  '',
  '```md',
  '---',
  'name: a-skill',
  '---',
  '# Skill',
  '```',
  '',
].join('\n');
/** The site's code blocks' languages: YAML among them, which Shiki highlights inside a Markdown block's frontmatter once loaded. */
const languages = ['js', 'md', 'yaml'];

describe('compiling ahead', () => {
  const workers: CompileAhead[] = [];
  after(() => Promise.all(workers.map((worker) => worker.close())));

  it('gives the entry the main thread gives, code, headings and all', async () => {
    const settings = siteSettings();
    const data = aheadWorkerData(docsDir, settings, { name: 'x' } as never, languages);
    assert.ok(data, 'a site with only our plugins compiles ahead');
    const worker = new CompileAhead(data);
    workers.push(worker);
    const onMain = await new MdxCompilation(docsDir, settings, languages).compile('index.mdx', page, 'k', undefined);
    const onWorker = await worker.compile({ file: 'index.mdx', text: page, key: 'k', content: undefined });
    assert.deepEqual(onWorker, onMain);
    assert.match(onMain.code, /code-block|data-line/);
    // The frontmatter of the Markdown block is highlighted as YAML on both: its languages are loaded before the first block.
    assert.match(onMain.code, /children: "name"/);
  });

  it('hands back what it cannot compile, for the main thread to report', async () => {
    const worker = new CompileAhead(aheadWorkerData(docsDir, siteSettings(), undefined, [])!);
    workers.push(worker);
    assert.equal(await worker.compile({ file: 'bad.mdx', text: '<Note>unclosed\n', key: 'b', content: undefined }), undefined);
  });

  it('is not used where the site has Markdown plugins or Shiki transformers of its own', () => {
    assert.equal(aheadWorkerData(docsDir, siteSettings({ mdastPlugins: [() => undefined] }), undefined, []), undefined);
    assert.equal(aheadWorkerData(docsDir, siteSettings({ transformers: [{ name: 'own' }] }), undefined, []), undefined);
  });
});
