import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contextualItems, contextualSettings } from '../src/core/contextual/page-menu.ts';
import { mcpConnection } from '../src/core/contextual/mcp-connection.ts';
import type { DocsJson } from '../src/core/schema/docs-json.ts';

const config = (contextual: DocsJson['contextual']) => ({ name: 'x', navigation: {}, contextual }) as DocsJson;
const page = { url: 'https://docs.example.com/guides/a', path: '/guides/a', markdown: 'https://docs.example.com/guides/a.md', title: 'A' };

describe('the page menu for AI tools', () => {
  it('is off unless docs.json lists options', () => {
    assert.equal(contextualSettings(config(undefined)).settings, undefined);
    assert.equal(contextualSettings(config({ options: [] })).settings, undefined);
  });

  it('builds copy, view and assistant entries that link the page\'s Markdown', () => {
    const { settings } = contextualSettings(config({ options: ['copy', 'view', 'chatgpt', 'claude', 'perplexity'] }));
    assert.equal(settings!.display, 'header');
    const items = contextualItems(settings!, page);
    assert.deepEqual(items.map((item) => [item.label, item.action]), [
      ['Copy page', 'copy'],
      ['View as Markdown', 'link'],
      ['Open in ChatGPT', 'link'],
      ['Open in Claude', 'link'],
      ['Open in Perplexity', 'link'],
    ]);
    assert.equal(items[1]!.href, page.markdown);
    for (const item of items.slice(2)) assert.ok(new URL(item.href!).search.includes(encodeURIComponent(page.markdown)));
  });

  it('fills $page and $path into custom entries, and leaves out what it cannot offer or must not link', () => {
    const { settings, issues } = contextualSettings(
      config({
        display: 'toc',
        options: [
          { title: 'Tweet', href: { base: 'https://x.com/intent/tweet', query: [{ key: 'text', value: 'See $page' }] } },
          { title: 'Plain', href: '/feedback?from=$path' },
          'mcp',
          { title: 'Evil', href: 'javascript:alert(1)' },
        ],
      }),
    );
    assert.equal(settings!.display, 'toc');
    assert.deepEqual(contextualItems(settings!, page).map((item) => item.href), [
      'https://x.com/intent/tweet?text=See%20https%3A%2F%2Fdocs.example.com%2Fguides%2Fa',
      '/feedback?from=/guides/a',
    ]);
    assert.deepEqual(issues.map((issue) => [issue.code, issue.at.join('.')]), [['unsafe-link', 'contextual.options.3.href']]);
    assert.deepEqual(contextualSettings(config({ options: ['copy', 'gemini'] })).issues.map((issue) => [issue.code, issue.at.join('.')]), [['unknown-contextual-option', 'contextual.options.1']]);
  });

  it("connects editors to the site's MCP server: its URL to copy, and install links for Cursor and VS Code", () => {
    const { settings } = contextualSettings(config({ options: ['mcp', 'cursor', 'vscode'] }), { mcp: true });
    const items = contextualItems(settings!, page, mcpConnection('Acme', 'https://docs.example.com', '', '/mcp'));
    assert.deepEqual(items.map((item) => [item.label, item.action]), [
      ['Copy MCP server', 'copy-text'],
      ['Connect to Cursor', 'link'],
      ['Connect to VS Code', 'link'],
    ]);
    assert.equal(items[0]!.text, 'https://docs.example.com/mcp');
    assert.match(items[1]!.href!, /^cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?name=acme&config=/);
    assert.match(items[2]!.href!, /^vscode:mcp\/install\?/);
  });

  it('leaves the MCP entries out, with a warning, on a site that has no MCP server to connect to', () => {
    const { settings, issues } = contextualSettings(config({ options: ['copy', 'mcp', 'vscode'] }), { mcp: false });
    assert.deepEqual(settings!.options, ['copy']);
    assert.deepEqual(issues.map((issue) => [issue.code, issue.at.join('.')]), [
      ['no-mcp-server', 'contextual.options.1'],
      ['no-mcp-server', 'contextual.options.2'],
    ]);
  });

  it('offers every entry Mintlify documents that a self-hosted site can: more assistants, the MCP install command, a PDF, the API spec', () => {
    const { settings, issues } = contextualSettings(config({ options: ['grok', 'aistudio', 'devin', 'add-mcp', 'download-pdf', 'download-spec'] }), { mcp: true });
    assert.deepEqual(issues, []);
    const mcp = mcpConnection('Acme', 'https://docs.example.com', '', '/mcp');
    const items = contextualItems(settings!, page, mcp);
    assert.deepEqual(items.map((item) => [item.label, item.action]), [
      ['Open in Grok', 'link'],
      ['Open in Google AI Studio', 'link'],
      ['Open in Devin', 'link'],
      ['Copy MCP install command', 'copy-text'],
      ['Download PDF', 'print'],
    ]);
    for (const item of items.slice(0, 3)) assert.ok(new URL(item.href!).search.includes(encodeURIComponent(page.markdown)));
    assert.equal(items[3]!.text, 'npx add-mcp https://docs.example.com/mcp');
    // The spec only on an API page, where there is one to download.
    const apiItems = contextualItems(settings!, { ...page, spec: '/api/openapi.yaml' }, mcp);
    assert.deepEqual(apiItems.at(-1), { label: 'Download API spec', description: 'Download the OpenAPI file of this API', action: 'download', href: '/api/openapi.yaml', icon: 'file-code' });
    assert.ok(items.every((item) => item.icon));
  });

  it("says which entries need Mintlify's hosted services, and fills $mcp in custom ones", () => {
    const options = ['assistant', 'devin-desktop', 'devin-mcp', 'copy', { title: 'Add', icon: { name: 'plus', style: 'solid' as const }, href: { base: 'https://tool.example/add', query: [{ key: 'server', value: '$mcp' }] } }];
    const { settings, issues } = contextualSettings(config({ options }), { mcp: true });
    assert.deepEqual(issues.map((issue) => [issue.code, issue.at.join('.')]), [
      ['hosted-contextual-option', 'contextual.options.0'],
      ['hosted-contextual-option', 'contextual.options.1'],
      ['hosted-contextual-option', 'contextual.options.2'],
    ]);
    const items = contextualItems(settings!, page, mcpConnection('Acme', 'https://docs.example.com', '', '/mcp'));
    assert.equal(items[1]!.href, 'https://tool.example/add?server=https%3A%2F%2Fdocs.example.com%2Fmcp');
    assert.deepEqual(items[1]!.icon, { name: 'plus', style: 'solid' });
    // Without a server to name, the entry that names it is left out, with a warning.
    const without = contextualSettings(config({ options }), { mcp: false });
    assert.deepEqual(without.issues.at(-1)!.code, 'no-mcp-server');
    assert.deepEqual(without.settings!.options, ['copy']);
  });
});
