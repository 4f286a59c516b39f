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
});
