// The logo, favicon, background image and font files docs.json names: one missing from the
// docs folder is a warning at its place, with what the site shows without it.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { missingConfigFiles } from '../src/core/config/config-files.ts';
import type { DocsJson } from '../src/core/schema/docs-json.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { summarizeSite } from '../src/core/report/summary.ts';
import { makeDocs, pages, summary } from './helpers.ts';

const PNG = 'not really a PNG';

describe('files docs.json names', () => {
  it('warn for each one that is not in the docs folder, at its JSON path, and for no other', () => {
    const dir = makeDocs({ 'logo/dark.png': PNG, 'logo/brand-light.svg': '<svg/>', 'favicon.svg': '<svg/>', 'fonts/Brand.woff2': 'font', ...pages('a') });
    const config = {
      name: 'x',
      logo: { light: '/logo/brand-ligth.svg', dark: '/logo/dark.png' },
      favicon: 'favicon.svg',
      background: { image: { light: '/images/bg-light.png', dark: 'https://cdn.example.com/bg.png' } },
      fonts: { family: 'Brand', source: '/fonts/Brand.woff2', body: { family: 'Body', source: '/fonts/Body.woff2' } },
      navigation: { pages: ['a'] },
    } as unknown as DocsJson;
    const issues = missingConfigFiles(config, dir);
    assert.deepEqual(issues.map((issue) => `${issue.code} ${issue.at.join('.')}`), ['missing-file logo.light', 'missing-file background.image.light', 'missing-file fonts.body.source']);
    assert.equal(issues[0]!.message, '`/logo/brand-ligth.svg` is not a file of the docs folder: the top bar shows a broken image for the logo in light mode.');
    assert.equal(issues[0]!.hint, 'Did you mean `/logo/brand-light.svg`?');
    assert.equal(issues[2]!.message, '`/fonts/Body.woff2` is not a file of the docs folder: "Body" falls back to the system\'s font.');
    assert.match(issues[1]!.hint!, /^Paths start at the docs folder/);
  });

  it('refuse a path or a link that leads out of the docs folder, without looking beside it', () => {
    const outside = path.join(tmpdir(), `astro-docs-json-outside-${process.pid}`);
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(outside, 'logo.png'), PNG);
    const dir = makeDocs(pages('a'));
    symlinkSync(path.join(outside, 'logo.png'), path.join(dir, 'linked.png'));
    const issues = missingConfigFiles({ name: 'x', logo: '/linked.png', favicon: '/../logo.png', navigation: { pages: ['a'] } } as unknown as DocsJson, dir);
    assert.deepEqual(issues.map((issue) => `${issue.code} ${issue.at.join('.')}`), ['outside-docs logo', 'outside-docs favicon']);
    assert.match(issues[1]!.message, /leads out of the docs folder: it is not published, and browsers show no icon for the site\.$/);
  });

  it('reach the build summary with docs.json\'s line', async () => {
    const site = await loadSite(makeDocs({ 'docs.json': { name: 'x', logo: '/logo.png', navigation: { pages: ['a'] } }, ...pages('a') }));
    assert.deepEqual(summary(site.diagnostics), ['warning missing-file logo']);
    assert.equal(site.diagnostics[0]!.file, 'docs.json');
    assert.equal(site.diagnostics[0]!.line, 3);
    assert.equal(summarizeSite(site).warnings.find((kind) => kind.code === 'missing-file')?.count, 1);
  });
});
