import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildLlmsTxt } from '../src/core/discovery/llms.ts';
import { markdownUrl } from '../src/core/paths/page-path.ts';
import { pageBodyMarkdown, pageMarkdown } from '../src/core/markdown/page-markdown.ts';
import { AI_CRAWLERS, buildRobotsTxt, isAllowed } from '../src/core/discovery/robots.ts';
import { scoreSite } from '../src/core/score/score.ts';
import { validateLlmsTxt } from '../src/core/score/llms-txt-format.ts';
import { buildSiteModel } from '../src/core/site/site-model.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { makeDocs, pages } from './helpers.ts';

/** The conformance cases of Google's robots.txt parser (Apache-2.0), kept with their licence in the fixtures. */
const conformance = JSON.parse(readFileSync(new URL('./fixtures/robots-conformance/google-robotstxt-cases.json', import.meta.url), 'utf8')) as {
  cases: Array<{ test: string; googleOnly: boolean; robotstxt: string; userAgent: string; url: string; expected: boolean }>;
};

describe('robots.txt', () => {
  it('passes every RFC 9309 case of the conformance suite', (t) => {
    const rfc = conformance.cases.filter((c) => !c.googleOnly);
    const failures = rfc.filter((c) => isAllowed(c.robotstxt, c.userAgent, c.url) !== c.expected);
    assert.deepEqual(failures.map((c) => `${c.test}: ${JSON.stringify(c.robotstxt)} ${c.userAgent} ${c.url}`), []);
    const googleOnly = conformance.cases.filter((c) => c.googleOnly);
    const passing = googleOnly.filter((c) => isAllowed(c.robotstxt, c.userAgent, c.url) === c.expected).length;
    t.diagnostic(`RFC cases: ${rfc.length}/${rfc.length}; Google-only cases: ${passing}/${googleOnly.length}`);
    assert.ok(rfc.length > 70);
  });

  it('does not end a group at Content-Signal or Sitemap lines, and falls back to *', () => {
    const robots = 'User-agent: GPTBot\nContent-Signal: ai-train=no\nSitemap: https://x.example/s.xml\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
    assert.equal(isAllowed(robots, 'GPTBot', '/docs'), false);
    assert.equal(isAllowed(robots, 'gptbot', '/'), false, 'agents match case-insensitively');
    assert.equal(isAllowed(robots, 'ClaudeBot', '/docs'), true);
    assert.equal(isAllowed('User-agent: *\nDisallow: /\n', 'ClaudeBot', '/robots.txt'), true, '/robots.txt is always allowed');
  });

  it('generates a file that allows every crawler, with explained content signals and the sitemap', () => {
    const text = buildRobotsTxt('https://docs.example.com/sitemap-index.xml');
    const lines = text.split('\n');
    assert.equal(lines[0], 'User-agent: *');
    assert.ok(lines.slice(1, lines.indexOf('Content-Signal: search=yes, ai-train=yes, ai-input=yes')).every((line) => line.startsWith('#')));
    for (const signal of ['search:', 'ai-input:', 'ai-train:']) assert.ok(lines.some((line) => line.startsWith('#') && line.includes(signal)), signal);
    assert.ok(text.includes('\nAllow: /\n\nSitemap: https://docs.example.com/sitemap-index.xml\n'));
    for (const agent of AI_CRAWLERS) assert.equal(isAllowed(text, agent, '/'), true);
    assert.doesNotMatch(buildRobotsTxt(undefined), /Sitemap/);
  });
});

describe('the indexing policy and llms.txt', () => {
  const docs = {
    'docs.json': {
      name: 'Indexing',
      description: 'A site\nto index.',
      navigation: {
        global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com' }] },
        versions: [
          {
            version: 'v2',
            tabs: [
              { tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'quiet', 'secret', { group: 'Deeper', pages: ['deep'] }] }] },
              { tab: 'Out', href: 'https://elsewhere.example.com' },
            ],
          },
          { version: 'v1', pages: ['v1/index'] },
        ],
      },
    },
    ...pages('deep', 'v1/index', 'extra'),
    'index.mdx': `---\ntitle: Home [page]\ndescription: ${'word '.repeat(80)}\n---\n`,
    'quiet.mdx': '---\ntitle: Quiet\nnoindex: true\n---\n',
    'secret.mdx': '---\ntitle: Secret\nhidden: true\n---\n',
  };

  it('lists the default version\'s indexable pages by division and group, then specs and links out', async () => {
    const site = await loadSite(makeDocs(docs));
    const llms = buildLlmsTxt(buildSiteModel(site), 'https://docs.example.com');
    const description = 'word '.repeat(80).trim().slice(0, 300);
    assert.equal(
      llms,
      [
        '# Indexing',
        '',
        '> A site to index.',
        '',
        'Each page below is linked as Markdown; [llms-full.txt](https://docs.example.com/llms-full.txt) holds all of them in one file.',
        '',
        '## Guides - Start',
        '',
        `- [Home \\[page\\]](https://docs.example.com/index.md): ${description}`,
        '- [deep](https://docs.example.com/deep.md)',
        '',
        '## Optional',
        '',
        '- [Out](https://elsewhere.example.com)',
        '- [Blog](https://blog.example.com)',
        '',
      ].join('\n'),
    );
    assert.deepEqual(validateLlmsTxt(llms), []);
  });

  it('adds hidden pages with seo.indexing: "all", never pages with hidden or noindex', async () => {
    const site = await loadSite(makeDocs({ ...docs, 'docs.json': { ...docs['docs.json'], seo: { indexing: 'all' } } }));
    const model = buildSiteModel(site);
    assert.deepEqual(
      model.pages.filter((page) => page.indexable).map((page) => page.url),
      ['/', '/deep', '/v1', '/extra'],
    );
    assert.match(buildLlmsTxt(model, undefined), /## Other pages\n\n- \[extra\]\(\/extra\.md\)\n/);
  });

  it("follows Mintlify's hidden groups and `searchable`, and passes `boost` down the navigation", async () => {
    const site = await loadSite(
      makeDocs({
        'docs.json': {
          name: 'Search',
          navigation: {
            groups: [
              { group: 'Shown', boost: 2, pages: ['a', 'b', { group: 'Own', boost: 0.5, pages: ['c'] }] },
              { group: 'Hidden', hidden: true, pages: ['d', { group: 'Kept', hidden: true, searchable: true, pages: ['e'] }] },
              { group: 'Kept', hidden: true, searchable: true, pages: ['f', { group: 'Hidden again', hidden: true, pages: ['g'] }] },
            ],
          },
        },
        'a.mdx': '---\ntitle: A\nkeywords: ["tuning", " "]\n---\n',
        'b.mdx': '---\ntitle: B\nboost: 4\nsearchable: false\n---\n',
        ...pages('c', 'd', 'e', 'f', 'g'),
      }),
    );
    const views = new Map(buildSiteModel(site).pages.map((page) => [page.url, page]));
    const which = (keep: (page: NonNullable<ReturnType<typeof views.get>>) => boolean) => [...views.values()].filter(keep).map((page) => page.url);
    assert.deepEqual(which((page) => page.indexable), ['/a', '/b', '/c', '/e', '/f']);
    // `searchable: false` leaves search, not the sitemap or llms.txt.
    assert.deepEqual(which((page) => page.searchable), ['/a', '/c', '/e', '/f']);
    assert.deepEqual([...views.values()].map((page) => [page.url, page.searchBoost]), [['/a', 2], ['/b', 4], ['/c', 0.5], ['/d', undefined], ['/e', undefined], ['/f', undefined], ['/g', undefined]]);
    assert.deepEqual(views.get('/a')!.keywords, ['tuning']);
  });

  it('writes root-relative links without a site URL', async () => {
    const llms = buildLlmsTxt(buildSiteModel(await loadSite(makeDocs(docs))), undefined);
    assert.match(llms, /- \[deep\]\(\/deep\.md\)/);
    assert.equal(markdownUrl('/'), '/index.md');
  });

  it('finds format problems in an llms.txt', () => {
    assert.deepEqual(validateLlmsTxt('## No title\n'), [
      { line: 1, message: 'llms.txt must start with an H1: `# Site name`.' },
      { line: 2, message: 'There is no blockquote summary (`> What the site is about.`) under the title.' },
      { line: 1, message: 'There is no Markdown link (`[Title](url)`) to a page.' },
    ]);
    assert.deepEqual(
      validateLlmsTxt('# T\n\n> Summary.\n\nIntro text is fine.\n\n## Section\n\n- [a](/a.md)\nprose is not\n### Deep\n').map((p) => p.line),
      [10, 11],
    );
  });
});

describe('page Markdown', () => {
  it('turns components into Markdown and leaves no JSX, imports or expressions', () => {
    const source = `---
title: T
---
import Snippet from '/snippets/snippet.mdx';
export const version = '2';

Version {version}, with {'text'} and a [relative link](../other.mdx#part).

<Note>Mind **this**.</Note>

<Warning>
  Two paragraphs.

  Second one.
</Warning>

<CardGroup cols={2}>
  <Card title="Guide" href="/guide" icon="book">Read it.</Card>
</CardGroup>

<Tabs>
  <Tab title="npm">
\`\`\`bash
npm i pkg
\`\`\`
  </Tab>
</Tabs>

<Steps>
  <Step title="One">First.</Step>
  <Step title="Two">Second.</Step>
</Steps>

<ParamField path="id" type="string" required>The id.</ParamField>

<Frame caption="A diagram"><img src="./diagram.png" alt="Diagram" /></Frame>

<Snippet />
`;
    const markdown = pageMarkdown({ title: 'T', description: 'About T.' }, pageBodyMarkdown(source, { file: 'guides/t.mdx', siteUrl: 'https://d.example' }));
    assert.equal(
      markdown,
      `# T

> About T.

Version 2, with text and a [relative link](https://d.example/other#part).

> **Note:** Mind **this**.

> **Warning:** Two paragraphs.
>
> Second one.

[**Guide**](https://d.example/guide)

Read it.

**npm**

\`\`\`bash
npm i pkg
\`\`\`

1. **One**

   First.
2. **Two**

   Second.

- \`id\` (string, path, required)

  The id.

![Diagram](https://d.example/guides/diagram.png)

_A diagram_
`,
    );
    assert.doesNotMatch(markdown, /<|import |export /);
  });

  it('puts the snippets a page imports in their place, with their props and constants', () => {
    const files: Record<string, string> = {
      'snippets/intro.mdx': "import Nested from './nested.mdx';\n\nInstall Node {props.node ?? '22'} and {tool}.\n\n<Nested />\n",
      'snippets/nested.mdx': '<Tip>Nested once.<Self /></Tip>\n\nimport Self from "/snippets/nested.mdx";\n',
      'snippets/vars.mdx': "export const product = 'Acme \\'Docs\\'';\n",
    };
    const source = "import Intro from '/snippets/intro.mdx';\nimport { product as name } from '../snippets/vars.mdx';\n\n# {name}\n\n<Intro tool=\"npm\" />\n\n<Missing />\n";
    const markdown = pageBodyMarkdown(source, { file: 'guides/page.mdx', readFile: (file) => files[file] });
    assert.equal(markdown, "# Acme 'Docs'\n\nInstall Node 22 and npm.\n\n> **Tip:** Nested once.");
    // Without a way to read them, snippets are left out.
    assert.equal(pageBodyMarkdown(source, { file: 'guides/page.mdx' }), '#');
  });

  it('fills a snippet\'s props in where its code uses them: template strings, links, fallbacks', () => {
    const files: Record<string, string> = {
      'snippets/run.mdx': 'Run {`npx tsx ${script}`}, or read <a href={`/examples/${script}`}>{label ?? script}</a>; {`${missing} stays out`}.\n',
    };
    const source = "import Run from '/snippets/run.mdx';\n\n<Run script=\"greet.ts\" />\n";
    assert.equal(pageBodyMarkdown(source, { file: 'page.mdx', readFile: (file) => files[file] }), 'Run npx tsx greet.ts, or read [greet.ts](/examples/greet.ts); .');
  });

  it('keeps the HTML an element is given as its content', () => {
    const source = "<p dangerouslySetInnerHTML={{ __html: 'Press <kbd>/</kbd> to search.' }} />\n\nAfter.\n";
    assert.equal(pageBodyMarkdown(source, { file: 'page.mdx' }), 'Press <kbd>/</kbd> to search.\n\nAfter.');
  });

  it('reads what MDX cannot parse as plain Markdown', () => {
    assert.equal(pageBodyMarkdown('A bare < sign and { brace.\n', { file: 'a.mdx' }), 'A bare < sign and { brace.');
  });

  it('keeps a plain Markdown page as written, with its link targets resolved', () => {
    const options = { file: 'guides/intro.md', siteUrl: 'https://d.example', plain: true };
    const source = `---
title: Intro
---

Café: see [the *next* page](./next.md "Next"), [the root](/quickstart), [a site](https://other.example/x),
[a section](#setup) and ![a diagram](/images/d.png).

| Left | Right  |
|------|--------|
| [cell](../api/index.mdx) | *as written* |

Use [a reference][ref].

[ref]: <../reference.md>
`;
    assert.equal(
      pageBodyMarkdown(source, options),
      `Café: see [the *next* page](https://d.example/guides/next "Next"), [the root](https://d.example/quickstart), [a site](https://other.example/x),
[a section](#setup) and ![a diagram](https://d.example/images/d.png).

| Left | Right  |
|------|--------|
| [cell](https://d.example/api) | *as written* |

Use [a reference][ref].

[ref]: <https://d.example/reference>`,
    );
    // A target written otherwise than it reads (here with an escape) is found in the tree instead.
    assert.equal(pageBodyMarkdown('See [it](./a\\_b.md) *now*.\n', options), 'See [it](https://d.example/guides/a_b) _now_.');
  });
});

describe('site score', () => {
  function outDir(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-dist-'));
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    return dir;
  }
  const good = { 'llms.txt': '# Site\n\n> About.\n\n## Docs\n\n- [Home](https://d.example/index.md): Start.\n', 'index.md': '# Home\n' };

  it('checks headings, code blocks and terms in the pages, inside components too', async () => {
    const site = await loadSite(
      makeDocs({
        'docs.json': { name: 'x', navigation: { pages: ['index', 'skips', 'code'] } },
        'index.mdx': '---\ntitle: Home\n---\n\n## Fine\n\n### Also fine\n\nPlease log in first.\n\n```js\nlog in ok in code\n```\n',
        'skips.mdx': '---\ntitle: Skips\n---\n\n### Too deep at once\n',
        'code.mdx': '---\ntitle: Code\n---\n\n<Tabs>\n  <Tab title="Shell">\n```\nls\n```\n  </Tab>\n</Tabs>\n',
        'terms.yml': 'log in: sign in\nJavascript: JavaScript\n',
      }),
    );
    const scored = await scoreSite({ outDir: outDir(good), site });
    const report = Object.fromEntries(scored.checks.map((check) => [check.id, check]));
    assert.deepEqual(scored.checks.filter((check) => check.group === 'content').map((check) => [check.id, check.weight]), [['headingsSequential', 0], ['codeBlocksLabelled', 0], ['terminology', 0]]);
    assert.equal(report.headingsSequential!.pass, false);
    assert.deepEqual(report.headingsSequential!.findings.map((d) => `${d.page} ${d.file}:${d.line}`), ['/skips skips.mdx:5']);
    assert.equal(report.codeBlocksLabelled!.pass, false);
    assert.deepEqual(report.codeBlocksLabelled!.findings.map((d) => `${d.file}:${d.line}`), ['code.mdx:7']);
    assert.equal(report.terminology!.pass, false);
    assert.deepEqual(report.terminology!.findings.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`), ['index.mdx:9:8 "log in": write "sign in" (one term per concept).']);
  });
});
