import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadSite } from '../src/core/site/load-site.ts';
import { buildSiteModel } from '../src/core/site/site-model.ts';
import { optionsSchema } from '../src/options.ts';
import { makeDocs, warnings } from './helpers.ts';

const page = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\nBody.\n`;

/** A small site: a few pages about webhooks, one about billing, a French twin, a hidden page. */
function docs(extra: Record<string, unknown> = {}): string {
  return makeDocs({
    'docs.json': {
      name: 'Kite',
      theme: 'mint',
      colors: { primary: '#0d9488' },
      redirects: [{ source: '/old-retries', destination: '/webhooks/retries' }],
      navigation: {
        languages: [
          {
            language: 'en',
            groups: [
              { group: 'Webhooks', pages: ['webhooks/overview', 'webhooks/retries', 'webhooks/signatures'] },
              { group: 'Billing', pages: ['billing/invoices'] },
            ],
          },
          { language: 'fr', groups: [{ group: 'Webhooks', pages: ['fr/webhooks/overview', 'fr/webhooks/retries'] }] },
        ],
      },
    },
    'webhooks/overview.mdx': page('Webhooks overview', 'description: Receive events from Kite as webhooks.\n'),
    'webhooks/retries.mdx': page('Webhook retries', 'icon: rotate\n'),
    'webhooks/signatures.mdx': page('Verifying webhook signatures', 'keywords: [hmac, security]\n'),
    'billing/invoices.mdx': page('Invoices'),
    'fr/webhooks/overview.mdx': page('Webhooks, vue d’ensemble'),
    'fr/webhooks/retries.mdx': page('Nouvelles tentatives des webhooks'),
    'hidden-webhook-notes.mdx': page('Webhook notes', 'hidden: true\n'),
    ...extra,
  });
}

const settings = (mode: 'automatic' | 'manual', limit = 5) => ({ relatedPages: { mode, limit } });

async function relatedOf(dir: string, url: string, options = settings('automatic')) {
  const site = await loadSite(dir, options);
  return { links: buildSiteModel(site).pages.find((view) => view.url === url)?.related, site };
}

describe('related pages', () => {
  it('suggests, in automatic mode, the pages search finds for the title, in the same language, itself and hidden pages left out', async () => {
    const { links } = await relatedOf(docs(), '/webhooks/overview');
    assert.deepEqual(
      links?.map((link) => link.url),
      ['/webhooks/retries', '/webhooks/signatures'],
    );
    assert.deepEqual(links?.[0], { title: 'Webhook retries', url: '/webhooks/retries', icon: 'rotate' });
  });

  it('keeps to the page language: a French page is offered French pages', async () => {
    const { links } = await relatedOf(docs(), '/fr/webhooks/retries');
    assert.deepEqual(links?.map((link) => link.url), ['/fr/webhooks/overview']);
  });

  it('shows no section where search finds nothing', async () => {
    const { links } = await relatedOf(docs(), '/billing/invoices');
    assert.equal(links, undefined);
  });

  it('bounds the suggestions by the limit', async () => {
    const { links } = await relatedOf(docs(), '/webhooks/overview', settings('automatic', 1));
    assert.deepEqual(links?.map((link) => link.url), ['/webhooks/retries']);
  });

  it('takes frontmatter over suggestions: paths, redirects, addresses and titled links, in their order', async () => {
    const related = 'related:\n  - /billing/invoices/\n  - /old-retries\n  - Signing spec: https://example.com/hmac\n  - Signatures: webhooks/signatures#verify\n';
    const dir = docs({ 'webhooks/overview.mdx': page('Webhooks overview', related) });
    const { links, site } = await relatedOf(dir, '/webhooks/overview');
    assert.deepEqual(links, [
      { title: 'Invoices', url: '/billing/invoices' },
      { title: 'Webhook retries', url: '/webhooks/retries', icon: 'rotate' },
      { title: 'Signing spec', url: 'https://example.com/hmac', external: true },
      { title: 'Signatures', url: '/webhooks/signatures' },
    ]);
    assert.deepEqual(warnings(site.diagnostics).filter((d) => d.code === 'related-page'), []);
  });

  it('warns of entries that lead nowhere, with the closest page, and leaves them out', async () => {
    const related = 'related:\n  - /webhooks/retry\n  - 42\n  - /billing/invoices\n';
    const dir = docs({ 'webhooks/overview.mdx': page('Webhooks overview', related) });
    const { links, site } = await relatedOf(dir, '/webhooks/overview', settings('manual'));
    assert.deepEqual(links?.map((link) => link.url), ['/billing/invoices']);
    const found = site.diagnostics.filter((d) => d.code === 'related-page');
    assert.deepEqual(
      found.map((d) => [d.severity, d.file, d.message, d.hint]),
      [
        ['warning', 'webhooks/overview.mdx', '`related[0]` names /webhooks/retry, which is no page of the site; it is left out.', 'Did you mean /webhooks/retries?'],
        ['warning', 'webhooks/overview.mdx', '`related[1]` is neither a link nor a `Title: link` pair; it is left out.', 'Write `- /path/to/page`, `- https://example.com`, or `- Title: /path/to/page`.'],
      ],
    );
  });

  it('warns when a list is longer than the limit, and shows the first ones', async () => {
    const related = 'related:\n  - /webhooks/retries\n  - /webhooks/signatures\n  - /billing/invoices\n';
    const dir = docs({ 'webhooks/overview.mdx': page('Webhooks overview', related) });
    const { links, site } = await relatedOf(dir, '/webhooks/overview', settings('manual', 2));
    assert.equal(links?.length, 2);
    assert.match(site.diagnostics.find((d) => d.code === 'related-page')!.message, /lists 3 pages; the page shows the first 2/);
  });

  it('shows, in manual mode, the lists alone; `related: false` hides the section in either mode', async () => {
    const dir = docs({ 'webhooks/retries.mdx': page('Webhook retries', 'related: false\n') });
    assert.equal((await relatedOf(dir, '/webhooks/overview', settings('manual'))).links, undefined);
    assert.equal((await relatedOf(dir, '/webhooks/retries')).links, undefined);
    assert.ok((await relatedOf(dir, '/webhooks/signatures')).links?.length);
  });

  it('shows nothing, and checks nothing, without the option', async () => {
    const dir = docs({ 'webhooks/overview.mdx': page('Webhooks overview', 'related:\n  - /nowhere\n') });
    const { links, site } = await relatedOf(dir, '/webhooks/overview', {} as ReturnType<typeof settings>);
    assert.equal(links, undefined);
    assert.equal(site.diagnostics.filter((d) => d.code === 'related-page').length, 0);
  });

  it('reads the option: manual by default, a mode, an object, or false', () => {
    const related = (value?: unknown) => optionsSchema.parse(value === undefined ? {} : { relatedPages: value }).relatedPages;
    assert.deepEqual(related(), { mode: 'manual', limit: 5 });
    assert.deepEqual(related(true), { mode: 'automatic', limit: 5 });
    assert.deepEqual(related('automatic'), { mode: 'automatic', limit: 5 });
    assert.deepEqual(related({ limit: 3 }), { mode: 'automatic', limit: 3 });
    assert.equal(related(false), undefined);
    assert.equal(optionsSchema.safeParse({ relatedPages: { limit: 11 } }).success, false);
  });
});
