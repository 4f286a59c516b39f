// Mintlify settings this site does not apply: each one a docs.json sets is named, at its place.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unsupportedSettings } from '../src/core/config/unsupported-settings.ts';
import type { DocsJson } from '../src/core/schema/docs-json.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { summarizeSite } from '../src/core/report/summary.ts';
import { compatibility } from '../src/core/report/compatibility.ts';
import { makeDocs, pages } from './helpers.ts';

describe('unsupported settings', () => {
  it('names each one docs.json sets, at its JSON path, and no other', () => {
    const config = {
      name: 'x',
      api: { asyncapi: 'events.yaml', examples: { languages: ['bash'], prefill: false, autogenerate: false }, playground: { display: 'simple' } },
      navigation: {
        tabs: [
          { tab: 'Events', asyncapi: 'events.yaml', groups: [{ group: 'G', pages: ['a'] }] },
          { tab: 'GraphQL', graphql: 'schema.graphql' },
          { tab: 'SDK', groups: [{ group: 'TypeScript', sdk: { format: 'typedoc', source: 'typedoc.json' }, pages: ['a'] }] },
        ],
      },
    } as unknown as DocsJson;
    const issues = unsupportedSettings(config);
    // `asyncapi`, `graphql` and `sdk` are applied: they are no longer named.
    assert.deepEqual(issues.map((issue) => issue.at.join('.')), ['api.examples.prefill']);
    assert.ok(issues.every((issue) => issue.severity === 'warning' && issue.code === 'unsupported-setting'));
    assert.match(issues[0]!.message, /`api\.examples\.prefill` is a Mintlify setting this site does not apply: the playground's fields start with the spec's examples\./);
    // What the site does anyway is no warning.
    assert.deepEqual(unsupportedSettings({ name: 'x', api: { examples: { prefill: true } }, navigation: { pages: ['a'] } } as unknown as DocsJson), []);
    assert.deepEqual(unsupportedSettings({ name: 'x', navigation: { pages: ['a'] } } as unknown as DocsJson), []);
  });

  it('are no unknown keys: the schema accepts where Mintlify puts them', async () => {
    const site = await loadSite(
      makeDocs({
        'docs.json': { name: 'x', navigation: { tabs: [{ tab: 'Guides', pages: ['a'] }, { tab: 'GraphQL', graphql: { source: 'schema.graphql' } }, { tab: 'SDK', groups: [{ group: 'TS', sdk: { format: 'typedoc', source: 't.json' }, pages: ['a'] }] }] } },
        ...pages('a'),
      }),
    );
    assert.deepEqual(site.diagnostics.filter((d) => d.code === 'unknown-key'), []);
    assert.deepEqual(site.diagnostics.filter((d) => d.code === 'unsupported-setting').map((d) => d.path), []);
  });

  it('reach the build summary', async () => {
    const site = await loadSite(makeDocs({ 'docs.json': { name: 'x', api: { url: 'full' }, navigation: { pages: ['a'] } }, ...pages('a') }));
    assert.ok(site.diagnostics.some((diagnostic) => diagnostic.code === 'unsupported-setting' && diagnostic.line !== undefined));
    assert.deepEqual(summarizeSite(site).warnings.find((kind) => kind.code === 'unsupported-setting'), { code: 'unsupported-setting', label: 'Mintlify settings this site does not apply', count: 1 });
  });
});
