import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fitLlmsTxt } from '../src/core/discovery/llms.ts';
import { declaredAddress, httpProbe } from '../src/core/score/http-probe.ts';
import { fullTextLinks } from '../src/core/score/llms-checks.ts';
import { llmsDirectives, markdownTargets } from '../src/core/score/llms-txt-format.ts';
import { AGENT_CHECKS, scoreProbe, scoreSite, type ScoreReport } from '../src/core/score/score.ts';
import { jsonLdTypes, refreshTarget } from '../src/core/score/site-checks.ts';
import { outputFileFor, sitemapAddress, sitePath } from '../src/core/score/site-probe.ts';

const MINTLIFY_IDS = [
  'llmsTxtExists',
  'llmsTxtValid',
  'llmsTxtSize',
  'llmsTxtLinksResolve',
  'llmsTxtLinksMarkdown',
  'llmsTxtDirective',
  'llmsTxtFullExists',
  'llmsTxtFullSize',
  'llmsTxtFullValid',
  'llmsTxtFullLinksResolve',
  'skillMd',
  'contentNegotiationMarkdown',
  'contentNegotiationPlaintext',
  'mcpServerDiscoverable',
  'mcpToolCount',
  'openApiSpec',
  'robotsTxtAllowsAI',
  'sitemapExists',
  'structuredData',
  'responseLatency',
];

/** A site ready for agents, as files; each "break" below changes one thing in it. */
function readySite(origin: string): Record<string, string> {
  return {
    '/': `<!doctype html><html><head><link rel="canonical" href="${origin}/"><script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","name":"Acme"}</script></head><body>Home</body></html>`,
    '/guide': '<!doctype html><html><body>Guide</body></html>',
    '/index.md': '# Home\n\nWelcome.\n',
    '/guide.md': '# Guide\n\nSee [home](/).\n',
    '/llms.txt': `# Acme\n\n> Acme's docs.\n\nEvery page is linked as Markdown.\n\n## Docs\n\n- [Home](${origin}/index.md): Start.\n- [Guide](${origin}/guide.md)\n\n## OpenAPI Specs\n\n- [openapi](${origin}/openapi.json)\n\n## Optional\n\n- [Blog](https://blog.example)\n`,
    '/llms-full.txt': `# Home\nSource: ${origin}/\n\nWelcome.\n\n# Guide\nSource: ${origin}/guide\n\nSee [home](/).\n`,
    '/skill.md': '---\nname: acme\ndescription: Use Acme.\n---\n\n# Acme\n',
    '/.well-known/mcp.json': JSON.stringify({ url: `${origin}/mcp` }),
    '/openapi.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'Acme', version: '1' }, paths: {} }),
    '/robots.txt': `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
    '/sitemap.xml': `<?xml version="1.0"?><urlset><url><loc>${origin}/</loc></url></urlset>`,
  };
}

interface StandIn {
  files: Record<string, string>;
  negotiates: boolean;
  mcpTools: string[];
  delayMs: number;
}

function typeOf(pathname: string): string {
  if (pathname.endsWith('.md')) return 'text/markdown; charset=utf-8';
  if (pathname.endsWith('.txt')) return 'text/plain; charset=utf-8';
  if (pathname.endsWith('.json')) return 'application/json';
  if (pathname.endsWith('.xml')) return 'application/xml';
  return 'text/html; charset=utf-8';
}

/** Answers a JSON-RPC message as a stateless MCP server with `tools` would. */
function answerMcp(request: IncomingMessage, response: ServerResponse, tools: string[]): void {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const message = JSON.parse(body) as { id?: number; method: string };
    if (message.id === undefined) return void response.writeHead(202).end();
    const result = message.method === 'initialize' ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'x', version: '1' } } : { tools: tools.map((name) => ({ name, inputSchema: { type: 'object' } })) };
    response.writeHead(200, { 'content-type': 'text/event-stream' }).end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result })}\n\n`);
  });
}

function answer(site: StandIn, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url!, 'http://x');
  if (url.pathname === '/mcp' && request.method === 'POST') return answerMcp(request, response, site.mcpTools);
  const accept = request.headers.accept ?? '';
  const markdown = site.negotiates && /text\/(markdown|plain)/.test(accept) ? site.files[url.pathname === '/' ? '/index.md' : `${url.pathname}.md`] : undefined;
  const body = markdown ?? site.files[url.pathname];
  setTimeout(() => {
    if (body === undefined) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><p>Not found</p>');
    const type = markdown ? (accept.includes('text/plain') ? 'text/plain; charset=utf-8' : 'text/markdown; charset=utf-8') : typeOf(url.pathname);
    response.writeHead(200, { 'content-type': type, vary: 'Accept' }).end(body);
  }, site.delayMs);
}

const failing = (report: ScoreReport) => report.checks.filter((check) => check.pass !== true).map((check) => check.id);

describe('score URL, against a stand-in server', () => {
  let site: StandIn = { files: {}, negotiates: true, mcpTools: [], delayMs: 0 };
  const server = createServer((request, response) => answer(site, request, response));
  let origin = '';
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  /** Serves the ready site with `change` made to it, and scores it. */
  async function scoreWith(change: (site: StandIn) => void = () => {}): Promise<ScoreReport> {
    site = { files: readySite(origin), negotiates: true, mcpTools: ['search'], delayMs: 0 };
    change(site);
    return scoreProbe(httpProbe(origin, { requestTimeoutMs: 3000 }));
  }

  it('scores a ready site 100, with every one of the twenty checks by its id', async () => {
    const report = await scoreWith();
    assert.deepEqual(report.checks.map((check) => check.id), MINTLIFY_IDS);
    assert.deepEqual(failing(report), []);
    assert.equal(report.score, 100);
    assert.equal(AGENT_CHECKS.reduce((sum, check) => sum + check.weight, 0), 100);
  });

  const breaks: Array<[string, (site: StandIn) => void, string[]]> = [
    ['llmsTxtExists', (s) => delete s.files['/llms.txt'], ['llmsTxtExists', 'llmsTxtValid', 'llmsTxtSize', 'llmsTxtLinksResolve', 'llmsTxtLinksMarkdown', 'llmsTxtDirective']],
    ['llmsTxtValid', (s) => (s.files['/llms.txt'] = s.files['/llms.txt']!.replace('## Docs\n', '## Docs\nSome prose.\n')), ['llmsTxtValid']],
    ['llmsTxtSize', (s) => (s.files['/llms.txt'] = s.files['/llms.txt']!.replace('Start.', 'x'.repeat(100_001))), ['llmsTxtSize']],
    ['llmsTxtLinksResolve', (s) => delete s.files['/guide.md'], ['llmsTxtLinksResolve']],
    ['llmsTxtLinksMarkdown', (s) => (s.files['/llms.txt'] = s.files['/llms.txt']!.replace(`${origin}/guide.md`, `${origin}/guide`)), ['llmsTxtLinksMarkdown']],
    ['llmsTxtDirective', (s) => (s.files['/llms.txt'] = s.files['/llms.txt']!.replace('Every page is linked as Markdown.\n\n', '')), ['llmsTxtDirective']],
    ['llmsTxtFullExists', (s) => delete s.files['/llms-full.txt'], ['llmsTxtFullExists', 'llmsTxtFullSize', 'llmsTxtFullValid', 'llmsTxtFullLinksResolve']],
    ['llmsTxtFullSize', (s) => (s.files['/llms-full.txt'] += 'x'.repeat(10 * 1024 * 1024 + 1)), ['llmsTxtFullSize']],
    ['llmsTxtFullValid', (s) => (s.files['/llms-full.txt'] = 'Just text, no headings.\n'), ['llmsTxtFullValid']],
    ['llmsTxtFullLinksResolve', (s) => (s.files['/llms-full.txt'] += '\nSee [gone](/gone).\n'), ['llmsTxtFullLinksResolve']],
    ['skillMd', (s) => (s.files['/skill.md'] = '# No frontmatter\n'), ['skillMd']],
    ['contentNegotiation', (s) => (s.negotiates = false), ['contentNegotiationMarkdown', 'contentNegotiationPlaintext']],
    ['mcpServerDiscoverable', (s) => delete s.files['/.well-known/mcp.json'], ['mcpServerDiscoverable', 'mcpToolCount']],
    ['mcpToolCount', (s) => (s.mcpTools = []), ['mcpToolCount']],
    ['openApiSpec', (s) => (s.files['/openapi.json'] = '{"not":"a spec"}'), ['openApiSpec']],
    ['robotsTxtAllowsAI', (s) => (s.files['/robots.txt'] = `User-agent: GPTBot\nDisallow: /\n\nSitemap: ${origin}/sitemap.xml\n`), ['robotsTxtAllowsAI']],
    ['sitemapExists', (s) => delete s.files['/sitemap.xml'], ['sitemapExists']],
    ['structuredData', (s) => (s.files['/'] = s.files['/']!.replace(/<script[\s\S]*<\/script>/, '')), ['structuredData']],
    ['responseLatency', (s) => (s.delayMs = 1100), ['responseLatency']],
  ];
  for (const [name, change, expected] of breaks) {
    it(`fails ${name}, and what depends on it, when only that is broken`, async () => {
      const report = await scoreWith(change);
      assert.deepEqual(failing(report), expected);
      assert.ok(report.score < 100);
    });
  }

  it('fails the dependents of a failing check unrun, and weighs the score', async () => {
    const report = await scoreWith((s) => delete s.files['/llms.txt']);
    const valid = report.checks.find((check) => check.id === 'llmsTxtValid')!;
    assert.deepEqual([valid.pass, valid.detail], [false, 'Not run: llmsTxtExists fails.']);
    // The 10 + 5 + 3 + 5 + 4 + 3 of the llms.txt checks are lost; the spec is found at /openapi.json.
    assert.equal(report.score, 70);
  });

  it('follows no link or redirect to another origin, and names what it could not reach', async () => {
    const report = await scoreWith((s) => {
      s.files['/llms.txt'] = s.files['/llms.txt']!.replace(`${origin}/guide.md`, 'https://elsewhere.example/guide.md');
    });
    const links = report.checks.find((check) => check.id === 'llmsTxtLinksResolve')!;
    assert.match(links.detail, /1 link to other sites not followed/);
    const probe = httpProbe(origin);
    assert.equal(await probe.get('//elsewhere.example/x'), undefined);
    const unreachable = httpProbe('http://127.0.0.1:9', { requestTimeoutMs: 2000 });
    assert.equal(await unreachable.get('/'), undefined);
  });

  it('reads no more of a body than it needs', async () => {
    await scoreWith((s) => (s.files['/big.txt'] = 'x'.repeat(5 * 1024 * 1024)));
    const response = (await httpProbe(origin).get('/big.txt', { maxBytes: 1024 }))!;
    // Sent in chunks, with no Content-Length: its whole size is not known, and not read to learn it.
    assert.deepEqual([response.body.length, response.truncated, response.size], [1024, true, undefined]);
  });
});

/** The files of a site (by path) as a built folder. */
function outDirOf(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-score-'));
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(dir, file === '/' ? 'index.html' : file.replace(/^\//, '').replace(/^(guide)$/, '$1.html'));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return dir;
}

describe('score of a built folder', () => {
  it('marks the checks that need a server, and scores the rest', async () => {
    const report = await scoreSite({ outDir: outDirOf(readySite('https://docs.acme.example')), siteUrl: 'https://docs.acme.example' });
    const server = report.checks.filter((check) => check.pass === null).map((check) => check.id);
    assert.deepEqual(server, ['contentNegotiationMarkdown', 'contentNegotiationPlaintext', 'mcpToolCount', 'responseLatency']);
    assert.match(report.checks.find((check) => check.id === 'responseLatency')!.detail, /^Needs a server/);
    assert.deepEqual(failing(report).filter((id) => !server.includes(id)), []);
    assert.equal(report.score, 100);
  });

  it('finds the site address in robots.txt when it is not given', async () => {
    const files = readySite('https://docs.acme.example');
    files['/llms.txt'] += '\n## More\n\n- [Gone](https://docs.acme.example/gone.md)\n';
    const report = await scoreSite({ outDir: outDirOf(files) });
    const links = report.checks.find((check) => check.id === 'llmsTxtLinksResolve')!;
    assert.deepEqual(links.findings.map((finding) => `${finding.file}:${finding.line} ${finding.message}`), ['llms.txt:22 https://docs.acme.example/gone.md leads to no page or file.']);
  });
});

describe('score helpers', () => {
  it('takes a link to the site, or to the address it was built for, as a path of the site', () => {
    const probe = { origin: 'http://localhost:4321', base: '', aliases: ['https://docs.acme.example/docs'] };
    assert.equal(sitePath(probe, 'https://docs.acme.example/docs/guide.md'), '/guide.md');
    assert.equal(sitePath(probe, 'https://docs.acme.example/blog'), undefined);
    assert.equal(sitePath(probe, 'http://localhost:4321/x#y'), '/x');
    assert.equal(sitePath(probe, '/guide'), '/guide');
    assert.equal(sitePath(probe, 'mailto:a@b.example'), undefined);
    // A link no file can answer, from a page's text: no page, and no failure.
    const outDir = outDirOf({ '/guide.md': '# Guide' });
    assert.equal(outputFileFor(outDir, `/${'a'.repeat(300)}`), undefined);
    assert.equal(outputFileFor(outDir, '/guide.md/index.html'), undefined);
    assert.equal(outputFileFor(outDir, '/guide.md'), path.join(outDir, 'guide.md'));
    assert.equal(declaredAddress('<link href="https://docs.acme.example/docs/" rel="canonical">', '/'), 'https://docs.acme.example/docs');
    assert.equal(declaredAddress('<link rel=canonical href=https://docs.acme.example/docs/start>', '/start'), 'https://docs.acme.example/docs');
    assert.equal(declaredAddress('<link rel="canonical" href="/start">', '/'), undefined);
    assert.equal(sitemapAddress('User-agent: *\nAllow: /\n\nSitemap: https://docs.acme.example/docs/sitemap-index.xml\n'), 'https://docs.acme.example/docs');
  });

  it('reads link targets with escaped and balanced parentheses, as CommonMark does', () => {
    assert.deepEqual(markdownTargets('See ![run](/images/run\\(\\).png), [a](/b(1).md) and [c](<d.md> "t").'), ['/images/run().png', '/b(1).md', 'd.md']);
  });

  it("reads llms-full.txt's links: sources, and links in prose, not in code", () => {
    const text = [
      '# Guide',
      'Source: https://docs.acme.example/guide',
      'See [setup](/setup) and `[not](/a-link)` then [after code](/after).',
      '````md',
      '[inside](/fence) and ```',
      'Source: /not-a-source',
      '````',
      '~~~',
      '[tilde](/fence)',
      '~~~',
      '  Source: /indented',
      'Last [one](</x.md> "t").',
    ].join('\n');
    assert.deepEqual(fullTextLinks(text), [
      { url: 'https://docs.acme.example/guide', line: 2 },
      { url: '/setup', line: 3 },
      { url: '/after', line: 3 },
      { url: '/x.md', line: 12 },
    ]);
  });

  it('tells the directions of an llms.txt from its summary', () => {
    assert.deepEqual(llmsDirectives('# A\n\n> Summary.\n\n## Docs\n'), []);
    assert.deepEqual(llmsDirectives('# A\n\n> Summary.\n\n> ## Agent Instructions\n> Cite versions.\n\n## Docs\n'), ['> ## Agent Instructions', '> Cite versions.']);
    assert.deepEqual(llmsDirectives('# A\n\n> Summary.\n\nRead the .md copies.\n'), ['Read the .md copies.']);
  });

  it('follows a home page that only redirects, to find its structured data', async () => {
    const files = readySite('https://docs.acme.example');
    files['/guide'] = files['/']!.replace('<head>', '<head><title>Guide</title>');
    files['/'] = '<!DOCTYPE html><html><head><meta http-equiv="refresh" content="0;url=/guide"><link rel="canonical" href="/guide"></head></html>';
    const report = await scoreSite({ outDir: outDirOf(files), siteUrl: 'https://docs.acme.example' });
    assert.equal(report.checks.find((check) => check.id === 'structuredData')!.detail, 'The home page (/guide, where / leads) has 1 JSON-LD block (WebSite).');
    assert.equal(refreshTarget("<meta content='0; URL=/a' http-equiv=refresh>"), '/a');
    assert.equal(refreshTarget('<meta http-equiv="refresh" content="30">'), undefined);
  });

  it('counts JSON-LD blocks and their types, @graph included', () => {
    const html = '<script type="application/ld+json">{"@graph":[{"@type":"WebSite"},{"@type":["Organization"]}]}</script><script type=application/ld+json>{oops</script>';
    assert.deepEqual(jsonLdTypes(html), { blocks: 1, invalid: 1, types: ['WebSite', 'Organization'] });
  });

  it('keeps llms.txt within its limit: descriptions shortened first, then the last pages left out', () => {
    const entries = Array.from({ length: 50 }, (_, index) => ({ label: `Page ${index}`, url: `https://x.example/p${index}.md`, description: 'd'.repeat(300) }));
    const sections = [
      { title: 'Docs', entries, pages: true },
      { title: 'Optional', entries: [{ label: 'Blog', url: 'https://blog.example' }], pages: false },
    ];
    const shortened = fitLlmsTxt(['# X'], sections, 8000);
    assert.ok(shortened.length <= 8000);
    assert.match(shortened, /- \[Page 49\]\(https:\/\/x\.example\/p49\.md\): d{100}\n/);
    const cut = fitLlmsTxt(['# X'], sections, 1200);
    assert.ok(cut.length <= 1200, `${cut.length}`);
    assert.match(cut, /leaves out the last \d+ of its 50 pages/);
    assert.match(cut, /- \[Page 0\]\(https:\/\/x\.example\/p0\.md\)\n/);
    assert.match(cut, /## Optional\n\n- \[Blog\]/);
  });

  it('keeps the longest llms.txt that fits, to the character', () => {
    const entries = [
      { label: 'A [draft]', url: 'https://x.example/a.md', description: 'é'.repeat(150) },
      { label: 'B', url: 'https://x.example/b.md' },
      { label: 'C', url: 'https://x.example/c.md', description: 'c'.repeat(40) },
    ];
    const sections = [{ title: 'Docs', entries, pages: true }, { title: 'Empty', entries: [], pages: true }];
    const whole = fitLlmsTxt(['# X', '', '> Y'], sections, 100_000);
    assert.equal(whole, `# X\n\n> Y\n\n## Docs\n\n- [A \\[draft\\]](https://x.example/a.md): ${'é'.repeat(150)}\n- [B](https://x.example/b.md)\n- [C](https://x.example/c.md): ${'c'.repeat(40)}\n`);
    assert.equal(fitLlmsTxt(['# X', '', '> Y'], sections, whole.length), whole, 'fits exactly');
    const shorter = fitLlmsTxt(['# X', '', '> Y'], sections, whole.length - 1);
    assert.equal(shorter, whole.replace('é'.repeat(150), 'é'.repeat(100)), 'one character more: descriptions of 100');
    const bare = whole.replace(`: ${'é'.repeat(150)}`, '').replace(`: ${'c'.repeat(40)}`, '');
    assert.equal(fitLlmsTxt(['# X', '', '> Y'], sections, bare.length), bare);
    assert.match(fitLlmsTxt(['# X', '', '> Y'], sections, bare.length - 1), /leaves out the last \d+ of its 3 pages/);
  });
});
