import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AstroPrerenderer } from 'astro';
import { handingOverPages } from '../src/astro/build/rendered-pages.ts';

/** A prerenderer that logs each step Astro asks of it, and renders every request as one small page. */
function loggingPrerenderer(steps: string[]): AstroPrerenderer {
  return {
    name: 'test',
    async setup() {
      steps.push('setup begins');
      await new Promise((resolve) => setTimeout(resolve, 5)); // Astro imports the bundle
      steps.push('setup ends');
    },
    async getStaticPaths() {
      steps.push('getStaticPaths');
      return [];
    },
    async render() {
      return new Response('<p>Hi</p>', { headers: { 'content-type': 'text/html' } });
    },
  } as unknown as AstroPrerenderer;
}

describe('the prerenderer that hands the pages over', () => {
  it('says the rendering starts before Astro imports the bundle, so that a rebuild reads the pages left in place meanwhile', async () => {
    const steps: string[] = [];
    const wrapped = handingOverPages(loggingPrerenderer(steps), '', undefined, () => steps.push('rendering starts'));
    await wrapped.setup!();
    await wrapped.getStaticPaths();
    assert.deepEqual(steps, ['rendering starts', 'setup begins', 'setup ends', 'getStaticPaths']);
  });

  it('hands over each page at its URL in the site, and returns the response as rendered', async () => {
    const handed: Array<[string, string]> = [];
    const wrapped = handingOverPages(loggingPrerenderer([]), '/docs', async (url, html) => void handed.push([url, new TextDecoder().decode(html)]));
    const render = (url: string) => wrapped.render(new Request(`http://localhost${url}`), {} as Parameters<AstroPrerenderer['render']>[1]);
    const response = (await render('/docs/guides/intro.html')) as Response;
    await render('/docs/index.html');
    await render('/elsewhere/page.html');
    assert.equal(await response.text(), '<p>Hi</p>');
    assert.deepEqual(handed, [
      ['/guides/intro', '<p>Hi</p>'],
      ['/', '<p>Hi</p>'],
    ]);
  });
});
