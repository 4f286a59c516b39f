// docs.json `variables`: `{{name}}` replaced in pages, snippets and frontmatter before MDX
// reads them; names no variable defines shown as written, with a warning.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { mdxToMdast } from 'satteri';
import type { Root } from 'mdast';
import { repairMdx } from '../src/core/markdown/forgiving-mdx.ts';
import { analyzePageContent } from '../src/core/markdown/page-content.ts';
import { pageBodyMarkdown } from '../src/core/markdown/page-markdown.ts';
import { replaceVariables } from '../src/core/markdown/variables.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { makeDocs } from './helpers.ts';

const variables = { product: 'Acme', 'api-version': 'v2', markup: '<b>Bold</b> <script>alert(1)</script>& {code} "quoted"' };

/** The text MDX reads from a page: variables replaced, then repaired as forgiving MDX repairs it. */
const mdxText = (source: string) => {
  const tree = mdxToMdast(repairMdx(replaceVariables(source, variables)).source) as Root;
  const texts: string[] = [];
  const visit = (node: { type: string; value?: string; children?: unknown[] }) => {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') texts.push(node.value!);
    if (node.type.startsWith('mdx') && node.type.endsWith('Expression')) texts.push(`<expression ${node.value}>`);
    (node.children as Array<typeof node> | undefined)?.forEach(visit);
  };
  visit(tree);
  return texts.join('|');
};

describe('variables', () => {
  it('replace the names docs.json defines, with or without spaces in the braces, hyphens and all', () => {
    assert.equal(replaceVariables('Welcome to {{product}}, API {{ api-version }}.', variables), 'Welcome to Acme, API v2.');
    assert.equal(replaceVariables('{{product}}{{product}}', variables), 'AcmeAcme');
    assert.equal(replaceVariables('Welcome to {{product}}.', undefined), 'Welcome to {{product}}.');
  });

  it('leave a name no variable defines as written, and MDX reads it as text, never as code', () => {
    assert.equal(replaceVariables('Hello {{customer}}.', variables), 'Hello {{customer}}.');
    assert.equal(mdxText('Hello {{customer}}, on {{ plan-name }} and {{a.b}}.\n'), 'Hello {{customer}}, on {{ plan-name }} and {{a.b}}.');
    assert.equal(mdxText('{{customer}}\n'), '{{customer}}');
    assert.equal(mdxText('<Note>Dear {{customer}}</Note>\n'), 'Dear {{customer}}');
  });

  it('replace defined names in code blocks and inline code too, and leave the others there untouched', () => {
    assert.equal(mdxText('```bash\nnpm install {{product}} # {{customer}}\n```\n'), 'npm install Acme # {{customer}}');
    assert.equal(mdxText('Run `{{product}} --name {{customer}}` now.\n'), 'Run |Acme --name {{customer}}| now.');
    assert.equal(repairMdx('Use `{{customer}}` and:\n\n```hbs\n{{customer}}\n```\n').source, 'Use `{{customer}}` and:\n\n```hbs\n{{customer}}\n```\n');
  });

  it('replace names in the frontmatter, its title and description', () => {
    const source = '---\ntitle: "{{product}} guide"\ndescription: Start with {{ product }} {{api-version}}.\n---\n\nBody.\n';
    assert.equal(replaceVariables(source, variables), '---\ntitle: "Acme guide"\ndescription: Start with Acme v2.\n---\n\nBody.\n');
  });

  it('insert values as text: markup dropped, a script with its content, and what MDX would read as code escaped', () => {
    const replaced = replaceVariables('Note: {{markup}}\n\n```\n{{markup}}\n```\n', variables);
    assert.doesNotMatch(replaced, /<b>|<script|alert/);
    assert.equal(mdxText('Note: {{markup}}\n\n```\n{{markup}}\n```\n'), 'Note: Bold & {code} "quoted"|Bold & {code} "quoted"');
    assert.equal(mdxText('<Card title="{{markup}}" />\n'), '');
    assert.match(replaceVariables('<Card title="{{markup}}" />', variables), /title="Bold &amp; &#123;code&#125; &quot;quoted&quot;"/);
  });

  it("are replaced in the page's Markdown copy, and a name no variable defines is shown there as written", () => {
    const copy = pageBodyMarkdown(replaceVariables('Hello {{customer}} from {{product}}.\n\n<Note>Read {{ product }} docs.</Note>\n', variables), { file: 'a.mdx' });
    assert.equal(copy, 'Hello {{customer}} from Acme.\n\n> **Note:** Read Acme docs.');
  });

  it('are found where the page shows them as written, for the warning', () => {
    const content = analyzePageContent('guide.mdx', repairMdx('---\ntitle: "{{customer}} guide"\n---\n\nHello {{customer}},\nyour {{plan}}.\n\n`{{inCode}}`\n\n<Card title="{{card}}" />\n').source);
    assert.deepEqual(content.variables, [
      { name: 'customer', line: 2 },
      { name: 'customer', line: 5 },
      { name: 'plan', line: 6 },
      { name: 'card', line: 10 },
    ]);
  });
});

describe('variables in a site', () => {
  const docs = () =>
    makeDocs({
      'docs.json': { name: 'x', variables: { product: 'Acme', 'support-email': 'help@acme.example' }, navigation: { groups: [{ group: 'G', pages: ['index'] }] } },
      'index.mdx': "---\ntitle: Welcome to {{product}}\n---\n\nimport Help from '/snippets/help.mdx';\n\n<Help />\n",
      'snippets/help.mdx': 'Write to {{support-email}} or {{suport-email}}.\n',
    });

  it('replace names in titles and snippets, and warn of each name none defines, with its place and the closest defined name', async () => {
    const site = await loadSite(docs());
    assert.equal(site.routes.find((route) => route.url === '/')?.title, 'Welcome to Acme');
    const warnings = site.diagnostics.filter((diagnostic) => diagnostic.code === 'unknown-variable');
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]!.file, 'snippets/help.mdx');
    assert.equal(warnings[0]!.line, 1);
    assert.match(warnings[0]!.message, /`\{\{suport-email\}\}` names no variable.*snippets\/help\.mdx:1/);
    assert.match(warnings[0]!.hint!, /Did you mean `\{\{support-email\}\}`\?/);
  });

  it('warn of a name no `{{…}}` can name, at its place in docs.json', async () => {
    const dir = makeDocs({ 'docs.json': { name: 'x', variables: { 'my product': 'Acme' }, navigation: { groups: [{ group: 'G', pages: ['index'] }] } }, 'index.mdx': true });
    const [warning] = (await loadSite(dir)).diagnostics.filter((diagnostic) => diagnostic.code === 'unusable-variable');
    assert.equal(warning?.path, 'variables["my product"]');
    assert.equal(warning?.file, 'docs.json');
    assert.ok(warning?.line);
    assert.match(warning!.hint!, /`my-product`/);
  });

  it('are part of a file’s text as caches know it: other values, another digest', async () => {
    const dir = docs();
    const before = (await loadSite(dir)).snippets[0]!.content.digest;
    writeFileSync(`${dir}/docs.json`, JSON.stringify({ name: 'x', variables: { product: 'Acme', 'support-email': 'team@acme.example' }, navigation: { groups: [{ group: 'G', pages: ['index'] }] } }));
    assert.notEqual((await loadSite(dir)).snippets[0]!.content.digest, before);
  });
});
