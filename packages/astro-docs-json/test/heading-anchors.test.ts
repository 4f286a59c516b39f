// Heading ids as Mintlify makes them. The expected ids were made by Mintlify's own code
// (@mintlify/common's slugify and its remark plugins, with remark-smartypants as its
// parser runs it) on the same titles and page, outside this repository.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import librarySlugify from '@sindresorhus/slugify';
import { satteriHeadingIdsPlugin } from '@astrojs/markdown-satteri';
import { markdownToHtml, mdxToJs } from 'satteri';
import { cleanAnchor, customAnchor, headingSlug, headingTitle, labelAnchor, PageAnchors } from '../src/core/markdown/anchors.ts';
import { docsMarkdown } from '../src/core/html/index.ts';
import { LISTED_HEADINGS, tableOfContents, type ListedHeading } from '../src/core/html/heading-anchors.ts';

/** A title as Mintlify slugs it (after its smart punctuation), and the id its page shows. */
const MINTLIFY_IDS: Array<[string, string]> = [
  ['Getting started', 'getting-started'],
  ['Config.json options', 'config-json-options'],
  ['What’s new', 'what’s-new'],
  ['Rate limits (per minute)', 'rate-limits-per-minute'],
  ['Read/write access', 'read/write-access'],
  ['Fees & billing', 'fees-&-billing'],
  ['OAuth', 'oauth'],
  ['Q&A', 'q&a'],
  ['Node.js 18+', 'node-js-18+'],
  ['v2.1.0 release notes', 'v2-1-0-release-notes'],
  ['Step 1: Install the CLI', 'step-1-install-the-cli'],
  ['Why use X?', 'why-use-x'],
  ['Don’t panic', 'don’t-panic'],
  ['C++ and C#', 'c++-and-c#'],
  ['Email: user@example.com', 'email-user@example-com'],
  ['Price: $10 / month', 'price-$10-/-month'],
  ['100% uptime', '100%-uptime'],
  ['snake_case_names', 'snake_case_names'],
  ['kebab-case--double', 'kebab-case-double'],
  ['  padded  title  ', 'padded-title'],
  ['camelCaseTitle', 'camelcasetitle'],
  ['Café au lait', 'café-au-lait'],
  ['日本語の見出し', '日本語の見出し'],
  ['Привет мир', 'привет-мир'],
  ['🚀 Launch', '-launch'],
  ['✅', ''],
  ['Setup — the long way', 'setup-—-the-long-way'],
  ['Wait…', 'wait…'],
  ['“Quoted” title', '“quoted”-title'],
  ['Path: /api/v1/users/{id}', 'path-/api/v1/users/id'],
  ['key=value pairs', 'key=value-pairs'],
  ['Arrays [1, 2, 3]', 'arrays-1-2-3'],
  ['Plan A-T', 'plan-at'],
  ["What's new", 'whats-new'],
  ['x < y > z', 'x-<-y->-z'],
  ['a ~ b * c', 'a-b-c'],
  ['Authentication & tokens', 'authentication-&-tokens'],
  ['Upgrading from v1.x', 'upgrading-from-v1-x'],
  ['GET /users/{id}', 'get-/users/id'],
  ['Set up SSO: Okta', 'set-up-sso-okta'],
  ['Node.js / Bun support', 'node-js-/-bun-support'],
  ['Ünïcödé ëverywhere', 'ünïcödé-ëverywhere'],
  ['Émojis 🎉 in headings', 'émojis--in-headings'],
];

describe('heading slugs', () => {
  it("are Mintlify's for real-looking titles", () => {
    for (const [title, id] of MINTLIFY_IDS) assert.equal(labelAnchor(title), id, title);
  });

  it('are the slug library’s, whatever the title holds', () => {
    // Mintlify's use of the library: the title lowercased, spaced with `-`, percent-encoded, then slugged.
    const library = (title: string) => {
      const encoded = encodeURIComponent(title.toLowerCase().trim().replace(/\s+/g, '-'));
      return /%[0-9A-F]{2}/.test(encoded)
        ? librarySlugify(encoded, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false })
        : librarySlugify(encoded, { decamelize: false, preserveCharacters: ['_'] });
    };
    const characters = [..."abcXYZ019 -_.!~*'()%/&?:,;\"’é日-t-s--"];
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 1000; run++) {
      const title = Array.from({ length: 1 + Math.floor(random() * 14) }, () => characters[Math.floor(random() * characters.length)]).join('');
      assert.equal(headingSlug(title), library(title), JSON.stringify(title));
    }
  });

  it('are cleaned as Mintlify cleans them: escapes decoded, punctuation and emoji dropped', () => {
    assert.equal(cleanAnchor('a%2Fb-tests'), 'a/b-tests');
    assert.equal(cleanAnchor('100%'), '100%');
    assert.equal(cleanAnchor('%E6'), '%E6'); // an escape of no character is kept
    assert.equal(cleanAnchor('why?-"now"!'), 'why-now');
    assert.equal(customAnchor(' My custom id! 🎉 '), 'My-custom-id-'); // as Mintlify: spaces become `-` after the emoji is dropped
    assert.equal(customAnchor('v1.2/<setup>'), 'v1.2/setup');
  });
});

describe('heading titles', () => {
  it('have smart punctuation as Mintlify reads them, code excepted', () => {
    assert.equal(headingTitle([{ text: "What's new" }]), 'What’s new');
    assert.equal(headingTitle([{ text: 'Q&A: "quotes" -- and... more' }]), 'Q&A: “quotes” — and… more');
    assert.equal(headingTitle([{ text: 'Use ' }, { text: "it's", code: true }, { text: " when it's ready" }]), 'Use it\'s when it’s ready');
    assert.equal(headingTitle([{ text: 'Plain title' }]), 'Plain title');
  });

  it('read a quote that opens the title from the text before it', () => {
    assert.equal(headingTitle([{ text: '"Quoted" errors' }]), '“Quoted” errors');
    assert.equal(headingTitle([{ text: '"Quoted" errors' }], 'A.'), '”Quoted” errors');
  });
});

describe('the anchors of a page', () => {
  it('count repeated Markdown headings and keep the table of contents unique', () => {
    const anchors = new PageAnchors();
    const ids = ['Intro', 'Intro', 'Intro 2', 'Intro', 'Intro'].map((title) => anchors.heading(title, undefined, true));
    assert.deepEqual(ids, ['intro', 'intro-2', 'intro-2-2', 'intro-3', 'intro-4']);
  });

  it('clean custom ids and share their uniqueness with generated ones', () => {
    const anchors = new PageAnchors();
    assert.equal(anchors.heading('Install', 'setup', true), 'setup');
    assert.equal(anchors.heading('Setup', undefined, true), 'setup-2');
    assert.equal(anchors.heading('Again', 'my custom id', true), 'my-custom-id');
    assert.equal(anchors.heading('Other', 'setup', true), 'setup-3');
  });

  it('leave what the table of contents does not list out of its uniqueness', () => {
    const anchors = new PageAnchors();
    assert.equal(anchors.heading('Details', undefined, false), 'details');
    assert.equal(anchors.entry('Details', undefined), 'details');
    assert.equal(anchors.entry('Step', 'given id'), 'given id');
  });
});

/** A page written to exercise every kind of anchor. */
const PAGE = `Some opening text.

## What's new

## Q&A: "quotes" -- and... more

## Read/write access

## Intro

## Intro

## Intro 2

## Install {#setup}

## Install again {#setup}

## Spaced id {#my custom id}

<Accordion title="Details">

## Hidden inside

</Accordion>

<h2>
Written as JSX
</h2>

<h2>One line JSX</h2>

<Heading level={3} id="from-component">
From a component
</Heading>

<Steps titleSize="h2">
  <Step title="Prepare the data">
    Text.
  </Step>
  <Step title="Skip me" noAnchor>
    Text.
  </Step>
</Steps>

<Update label="v1.2.0">
Notes.
</Update>

\`\`\`md
## Not a heading {#not-an-id}
\`\`\`

## Intro
`;

/** The page compiled as the site compiles it: Mintlify's Markdown (`docsMarkdown`), then Astro's heading ids. */
async function compile(source: string) {
  const markdown = docsMarkdown(undefined);
  const astro = { frontmatter: {}, headings: [] as Array<{ depth: number; slug: string; text: string }>, localImagePaths: new Set<string>(), remoteImagePaths: new Set<string>() };
  const result = await mdxToJs(source, {
    features: { ...markdown.features, smartPunctuation: true },
    hastPlugins: [...markdown.hastPlugins, satteriHeadingIdsPlugin()] as never,
    data: { astro },
  });
  const data = result.data as { astro: typeof astro } & Record<string, unknown>;
  return { code: result.code, toc: tableOfContents(data.astro.headings, data[LISTED_HEADINGS] as ListedHeading[]) };
}

describe('heading ids on a page', () => {
  it("are Mintlify's, for Markdown and JSX headings, <Heading>, steps and updates alike", async () => {
    const { code } = await compile(PAGE);
    const ids = [...code.matchAll(/\bid: "([^"]*)"/g)].map((match) => match[1]);
    assert.deepEqual(ids, [
      'what’s-new',
      'q&a-“quotes”-—-and…-more',
      'read/write-access',
      'intro',
      'intro-2',
      'intro-2-2',
      'setup',
      'setup-2',
      'my-custom-id',
      // the accordion's own id (core/html/component-anchors.ts), not a heading's
      'details',
      'hidden-inside',
      'written-as-jsx',
      'from-component',
      'prepare-the-data',
      'v1-2-0',
      'intro-3',
    ]);
  });

  it('are the ones the table of contents links to, which lists what Mintlify lists', async () => {
    const { toc } = await compile(PAGE);
    assert.deepEqual(
      toc.map((entry) => entry.slug),
      ['what’s-new', 'q&a-“quotes”-—-and…-more', 'read/write-access', 'intro', 'intro-2', 'intro-2-2', 'setup', 'setup-2', 'my-custom-id', 'written-as-jsx', 'from-component', 'prepare-the-data', 'v1-2-0', 'intro-3'],
    );
    assert.equal(toc.find((entry) => entry.slug === 'setup')?.text, 'Install');
  });

  it('leave `{#id}` in code as written, and show no `{#id}` of a heading', async () => {
    const { code } = await compile(PAGE);
    assert.match(code, /## Not a heading \{#not-an-id\}/);
    assert.doesNotMatch(code, /Install \{#setup\}|Spaced id \{#/);
  });

  it('are given to plain Markdown pages too', () => {
    const markdown = docsMarkdown(undefined);
    const { html } = markdownToHtml("## Setup {#install}\n\n## What's new\n\n## Setup\n", { features: markdown.features, hastPlugins: markdown.hastPlugins as never });
    assert.deepEqual([...html.matchAll(/id="([^"]*)"/g)].map((match) => match[1]), ['install', 'what’s-new', 'setup']);
  });

  it('leave a `Heading` of the page’s own alone', async () => {
    const { code } = await compile(`import { Heading } from '/snippets/heading.jsx';\n\n<Heading level={2} id="mine">\nMine\n</Heading>\n`);
    assert.match(code, /_jsx\(Heading, \{/);
  });
});
