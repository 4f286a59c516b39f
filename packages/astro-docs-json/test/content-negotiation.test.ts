import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { headersFile } from '../src/core/discovery/headers-file.ts';
import { pageMarkdownPath, pageResponseHeaders, parseAccept, preferredPageFormat } from '../src/core/discovery/content-negotiation.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('the form a request prefers', () => {
  it('answers Markdown to text/markdown, and plain text to text/plain', () => {
    assert.equal(preferredPageFormat('text/markdown'), 'markdown');
    assert.equal(preferredPageFormat('text/plain'), 'plain');
    assert.equal(preferredPageFormat('TEXT/Markdown; charset=utf-8'), 'markdown', 'types are case-insensitive; other parameters count as none');
    assert.equal(preferredPageFormat('text/markdown, text/plain'), 'markdown', 'Markdown before plain text at the same weight');
    assert.equal(preferredPageFormat('text/plain, text/markdown;q=0.5'), 'plain');
  });

  it('answers HTML to browsers, to no header, and to anything that prefers nothing of ours', () => {
    assert.equal(preferredPageFormat(BROWSER), 'html');
    assert.equal(preferredPageFormat('text/html'), 'html');
    for (const accept of [undefined, null, '', '   ', '*/*', 'text/*', '*/*;q=0.1, text/*;q=0.1']) {
      assert.equal(preferredPageFormat(accept), 'html', String(accept));
    }
  });

  it('weighs each form by q, the most specific range first', () => {
    assert.equal(preferredPageFormat('text/markdown;q=0.9, text/html'), 'html');
    assert.equal(preferredPageFormat('text/html;q=0.5, text/markdown'), 'markdown');
    assert.equal(preferredPageFormat('text/markdown;q=0.1, text/html'), 'html');
    assert.equal(preferredPageFormat('text/html;q=0.5, text/*'), 'markdown', 'text/* weighs Markdown above the HTML named at 0.5');
    assert.equal(preferredPageFormat('text/markdown, */*;q=0.1'), 'markdown');
    assert.equal(preferredPageFormat('text/markdown ; q=1.000 , text/html ; q=0.999'), 'markdown');
    assert.equal(preferredPageFormat('text/html;q=0.5, text/markdown;q=0.5'), 'html', 'a tie goes to HTML');
  });

  it('leaves out a form weighed 0', () => {
    assert.equal(preferredPageFormat('text/html;q=0, text/markdown;q=0.1'), 'markdown');
    assert.equal(preferredPageFormat('text/markdown;q=0, */*'), 'html');
    assert.equal(preferredPageFormat('text/*, text/html;q=0'), 'markdown', 'text/* holds for Markdown, not for the HTML refused by name');
    assert.equal(preferredPageFormat('text/html;q=0, text/markdown;q=0, text/plain;q=0'), 'html', 'nothing acceptable: HTML, as a server answers by default');
  });

  it('answers HTML to types of its own only', () => {
    assert.equal(preferredPageFormat('application/json'), 'html');
    assert.equal(preferredPageFormat('image/png, application/pdf;q=0.9'), 'html');
    assert.equal(preferredPageFormat('application/*'), 'html');
  });

  it('reads past malformed ranges, and leaves them out', () => {
    for (const accept of ['text', 'markdown', '/markdown', 'text/', '*/markdown', ';q=1', ',,,', 'text/markdown;q=2', 'text/markdown;q=abc', 'text/markdown;q=0.1234', 'text/markdown;q=-1', 'text/mark down']) {
      assert.equal(preferredPageFormat(accept), 'html', accept);
    }
    assert.equal(preferredPageFormat('garbage, text/markdown'), 'markdown');
    assert.equal(preferredPageFormat('text/markdown;q=2, text/plain'), 'plain', 'only the malformed range is left out');
    assert.equal(preferredPageFormat('text/markdown;profile="a, b", text/html;q=0.5'), 'markdown', 'a comma in a quoted value does not end the range');
    assert.equal(preferredPageFormat(`${'x/y, '.repeat(10_000)}text/markdown`), 'html', 'a header longer than a client sends is read only so far');
  });

  it('parses the ranges with their weights', () => {
    assert.deepEqual(parseAccept('text/html, text/markdown;q=0.5, */*;q=0'), [
      { type: 'text', subtype: 'html', q: 1 },
      { type: 'text', subtype: 'markdown', q: 0.5 },
      { type: '*', subtype: '*', q: 0 },
    ]);
  });
});

describe('the Markdown copy of a requested page', () => {
  const pages = new Set(['/', '/quickstart', '/guides/intro', '/fr', '/café']);
  const isPage = (url: string) => pages.has(url);

  it('is the page\'s URL with .md, and /index.md for the root', () => {
    assert.equal(pageMarkdownPath('/quickstart', '', isPage), '/quickstart.md');
    assert.equal(pageMarkdownPath('/guides/intro', '', isPage), '/guides/intro.md');
    assert.equal(pageMarkdownPath('/', '', isPage), '/index.md');
    assert.equal(pageMarkdownPath('/fr', '', isPage), '/fr.md');
    assert.equal(pageMarkdownPath('/caf%C3%A9', '', isPage), '/café.md', 'the path is decoded');
  });

  it('drops trailing slashes', () => {
    assert.equal(pageMarkdownPath('/quickstart/', '', isPage), '/quickstart.md');
    assert.equal(pageMarkdownPath('/guides/intro//', '', isPage), '/guides/intro.md');
  });

  it('takes the base path off first', () => {
    assert.equal(pageMarkdownPath('/docs/quickstart', '/docs', isPage), '/quickstart.md');
    assert.equal(pageMarkdownPath('/docs', '/docs', isPage), '/index.md');
    assert.equal(pageMarkdownPath('/docs/', '/docs/', isPage), '/index.md');
    assert.equal(pageMarkdownPath('/quickstart', '/docs', isPage), undefined, 'outside the base');
    assert.equal(pageMarkdownPath('/docsquickstart', '/docs', isPage), undefined);
  });

  it('is none for what is not a page', () => {
    for (const pathname of ['/favicon.svg', '/quickstart.md', '/index.md', '/missing', '/images/logo.png', '/%E0%A4%A', '/guides/../quickstart', '/./quickstart', '/quickstart%00', 'quickstart']) {
      assert.equal(pageMarkdownPath(pathname, '', isPage), undefined, pathname);
    }
    // A check by the files there may say yes to any path: these never reach it.
    assert.equal(pageMarkdownPath('/guides/%2E%2E/secret', '', () => true), undefined, 'an escaped .. is a .. too');
    assert.equal(pageMarkdownPath('/notes.MD', '', () => true), undefined);
    assert.equal(pageMarkdownPath('/a\\..\\b', '', () => true), undefined);
  });
});

describe('the headers of a page response', () => {
  it('vary by Accept and link the files for machines the site publishes, under the base path', () => {
    assert.deepEqual(pageResponseHeaders('', () => true), {
      Vary: 'Accept',
      Link: '</llms.txt>; rel="llms-txt", </llms-full.txt>; rel="llms-full-txt", </.well-known/mcp/server-card.json>; rel="mcp-server-card", </.well-known/agent-skills/index.json>; rel="agent-skills"',
      'X-Llms-Txt': '/llms.txt',
    });
    const withoutMcp = pageResponseHeaders('/docs/', (path) => path !== '/.well-known/mcp/server-card.json');
    assert.equal(withoutMcp.Link, '</docs/llms.txt>; rel="llms-txt", </docs/llms-full.txt>; rel="llms-full-txt", </docs/.well-known/agent-skills/index.json>; rel="agent-skills"');
    assert.equal(withoutMcp['X-Llms-Txt'], '/docs/llms.txt');
    assert.deepEqual(pageResponseHeaders('', () => false), { Vary: 'Accept' });
  });
});

describe('the _headers file of a static site', () => {
  const headers = { Vary: 'Accept', 'X-Llms-Txt': '/llms.txt' };
  const rule = "# astro-docs-json: the pages' headers, written again by every build\n/*\n  Vary: Accept\n  X-Llms-Txt: /llms.txt\n# astro-docs-json: end\n";

  it('is one rule for every path, after the site\'s own rules', () => {
    assert.equal(headersFile([], headers), rule);
    assert.equal(headersFile([undefined, '/api/*\n  X-Own: 1\n'], headers), `/api/*\n  X-Own: 1\n\n${rule}`);
    assert.equal(headersFile(['/a\n  X-A: 1', '/b\n  X-B: 1\n'], headers), `/a\n  X-A: 1\n\n/b\n  X-B: 1\n\n${rule}`, 'both of the site\'s files');
    assert.equal(headersFile(['/a\n  X-A: 1\n', '/a\n  X-A: 1\n'], headers), `/a\n  X-A: 1\n\n${rule}`, 'the same file twice counts once');
  });

  it('is written again, not added twice, over a file a build wrote', () => {
    const once = headersFile(['/api/*\n  X-Own: 1\n'], headers);
    assert.equal(headersFile([once], headers), once);
    assert.equal(headersFile([headersFile([], { Vary: 'Accept' })], headers), rule, 'the rule of the build before is replaced');
  });
});

describe('astro-docs-json/negotiation', () => {
  it('is the same code for a host\'s edge functions, which import it without Node or any package', async () => {
    const negotiation = await import('astro-docs-json/negotiation');
    assert.equal(negotiation.preferredPageFormat('text/plain'), 'plain');
    assert.equal(negotiation.pageMarkdownPath('/docs/a', '/docs', () => true), '/a.md');
    const importsOf = (module: string) => [...readFileSync(new URL(module, import.meta.url), 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]);
    assert.deepEqual(importsOf('../src/core/discovery/content-negotiation.ts'), ['../paths/page-path.ts']);
    assert.deepEqual(importsOf('../src/core/paths/page-path.ts'), []);
  });
});
