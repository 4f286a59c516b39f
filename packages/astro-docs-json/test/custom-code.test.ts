import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanCustomCode } from '../src/core/pages/custom-code.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { makeDocs } from './helpers.ts';

describe("the docs folder's own styles and scripts", () => {
  it('are its .css files and the .js files no page imports, outside snippets, dot-folders and tool configs', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['index'] } },
      'index.mdx': "---\ntitle: Home\n---\n\nimport { Chart } from '/components/chart.js';\n\n<Chart />\n",
      'style.css': '.a { color: red; }\n',
      'themes/dark.css': '.dark .a { color: pink; }\n',
      'analytics.js': 'window.x = 1;\n',
      'components/chart.js': 'export const Chart = () => null;\n',
      'snippets/widget.js': 'export const Widget = () => null;\n',
      'tailwind.config.js': 'module.exports = {};\n',
      '.github/hooks.js': 'x();\n',
    });
    const site = await loadSite(dir);
    assert.deepEqual(await scanCustomCode(site), { styles: ['style.css', 'themes/dark.css'], scripts: ['analytics.js'] });
    assert.deepEqual(await scanCustomCode(site, ['themes']), { styles: ['style.css'], scripts: ['analytics.js'] });
  });
});
