import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pagePaths } from '../src/astro/render/page-paths.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { buildSiteModel } from '../src/core/site/site-model.ts';
import { makeDocs } from './helpers.ts';

describe('the paths the page route renders', () => {
  it('renders each page of the build, a link as a redirect, and / as one when no page is the index', async () => {
    const dir = makeDocs({
      'docs.json': {
        name: 'Paths',
        navigation: { versions: [{ version: 'v2', pages: ['v2/start', 'v2/elsewhere'] }, { version: 'v1', pages: ['v1/start'] }] },
      },
      'v2/start.mdx': '---\ntitle: Start\n---\n\nHello.\n',
      'v2/elsewhere.mdx': '---\ntitle: Elsewhere\nurl: https://example.com/docs\n---\n',
      'v1/start.mdx': '---\ntitle: Start\n---\n\nOld.\n',
    });
    const model = buildSiteModel(await loadSite(dir));
    const keys = new Map([['v2/start.mdx', 'key-start']]);
    const paths = pagePaths(model, { inBuildPart: () => true, cacheKey: (file) => keys.get(file) });
    assert.deepEqual(
      paths.map(({ params, props, cacheKey }) => [params.slug, props.page?.file ?? null, props.redirect ?? null, cacheKey ?? null]),
      [
        ['v2/start', 'v2/start.mdx', null, 'key-start'],
        ['v2/elsewhere', null, 'https://example.com/docs', null],
        ['v1/start', 'v1/start.mdx', null, null],
        [undefined, null, '/v2/start', null],
      ],
    );
    const v1 = pagePaths(model, { inBuildPart: (page) => page.version === 'v1', cacheKey: () => undefined });
    assert.deepEqual(v1.map(({ params }) => params.slug), ['v1/start', undefined], 'a part renders its pages, and the root redirect');
  });
});
