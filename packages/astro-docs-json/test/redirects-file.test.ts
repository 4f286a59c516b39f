// docs.json's redirects for static hosts that read `_redirects` (Netlify, Cloudflare Pages):
// the rules the build writes, the file beside the site's own, and the answers `preview` gives from it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveRedirects } from '../src/core/navigation/redirects.ts';
import { matchRedirect, parseRedirectsFile, redirectsFile } from '../src/core/navigation/redirects-file.ts';

const pages = ['/', '/handbook/onboarding', '/handbook/payroll', '/teams/design/charter', '/archive/2023'];

describe('the rules of `_redirects`', () => {
  it('keep a redirect with parameters one rule, paths first, in the order docs.json gives', () => {
    const { redirects, rules, issues } = resolveRedirects(
      [
        { source: '/wiki/:slug*', destination: '/handbook/:slug*' },
        { source: 'people/:team/:doc', destination: '/teams/:team/:doc', permanent: false },
        { source: '/benefits', destination: '/handbook/payroll' },
        // Covered by the first rule: a host would never reach it.
        { source: '/wiki/payroll', destination: '/' },
        { source: '/blog/:post*', destination: 'https://blog.example.org/:post*' },
      ],
      pages,
    );
    assert.deepEqual(rules, [
      { source: '/benefits', destination: '/handbook/payroll', status: 308 },
      { source: '/wiki/*', destination: '/handbook/:splat', status: 308 },
      { source: '/people/:team/:doc', destination: '/teams/:team/:doc', status: 307 },
      { source: '/blog/*', destination: 'https://blog.example.org/:splat', status: 308 },
    ]);
    // The pages that redirect stay one per old URL, for hosts that read no `_redirects`.
    assert.deepEqual(
      redirects.map((redirect) => redirect.source),
      ['/wiki/onboarding', '/wiki/payroll', '/people/design/charter', '/benefits'],
    );
    assert.deepEqual(
      issues.map((issue) => issue.code),
      ['redirect-path', 'redirect-unmatched'],
    );
    assert.match(issues[1]!.message, /is made only by a host that reads `_redirects` \(Netlify, Cloudflare Pages\)/);
  });

  it('list, one by one, a redirect whose pattern covers a page or that the format cannot say', () => {
    const { rules } = resolveRedirects(
      [
        // `/handbook/:slug*` covers its own pages: a host would redirect them, where the build keeps them.
        { source: '/handbook/:slug*', destination: '/teams/design/:slug*' },
        { source: '/old-:year', destination: '/archive/:year' },
        { source: '/:slug*/latest', destination: '/handbook/:slug*' },
      ],
      pages,
    );
    assert.deepEqual(rules, [
      { source: '/handbook/charter', destination: '/teams/design/charter', status: 308 },
      { source: '/old-2023', destination: '/archive/2023', status: 308 },
      { source: '/onboarding/latest', destination: '/handbook/onboarding', status: 308 },
      { source: '/payroll/latest', destination: '/handbook/payroll', status: 308 },
    ]);
  });
});

describe('the `_redirects` file', () => {
  const rules = [
    { source: '/benefits', destination: '/handbook/payroll', status: 308 as const },
    { source: '/wiki/*', destination: '/handbook/:splat', status: 307 as const },
    { source: '/team notes', destination: 'https://notes.example.org/x', status: 308 as const },
  ];

  it('writes each rule with its status, under the base path, after the site’s own rules, which win', () => {
    const own = '# Ours\n/benefits /perks 301\n/press/* https://press.example.org/:splat 302 # moved\n';
    const text = redirectsFile([own, undefined], rules, { base: '/docs' });
    assert.equal(
      text,
      "# Ours\n/benefits /perks 301\n/press/* https://press.example.org/:splat 302 # moved\n\n# astro-docs-json: docs.json's redirects, written again by every build\n" +
        '/docs/benefits /docs/handbook/payroll 308\n/docs/wiki/* /docs/handbook/:splat 307\n/docs/team%20notes https://notes.example.org/x 308\n# astro-docs-json: end\n',
    );
    // The site's own rule for `/docs/benefits` would be met first: ours is left out.
    const onBase = redirectsFile(['/docs/benefits /perks 301\n'], rules, { base: '/docs' });
    assert.doesNotMatch(onBase, /^\/docs\/benefits \/docs\/handbook/m);
    // Written again by the next build, not added twice.
    assert.equal(redirectsFile([text], rules, { base: '/docs' }), text);
    assert.equal(redirectsFile([], []), '');
    assert.equal(redirectsFile([own], []), own);
  });

  it('marks the rules forced for Netlify, which would serve the page that redirects instead', () => {
    assert.match(redirectsFile([], rules, { force: true }), /^\/benefits \/handbook\/payroll 308!$/m);
  });

  it('answers each redirect in preview as the hosts do: status, where it leads, the query along', () => {
    const parsed = parseRedirectsFile(
      redirectsFile(['/press/* https://press.example.org/:splat 302 # moved\n/app/* /index.html 200\n/fr/* /fr/404.html 404\n/geo /us 302 Country=us\n/bare /handbook\n'], rules, { force: true }),
    );
    assert.deepEqual(matchRedirect(parsed, '/benefits'), { status: 308, location: '/handbook/payroll' });
    assert.deepEqual(matchRedirect(parsed, '/benefits/', '?from=mail'), { status: 308, location: '/handbook/payroll?from=mail' });
    assert.deepEqual(matchRedirect(parsed, '/wiki/teams/design'), { status: 307, location: '/handbook/teams/design' });
    assert.deepEqual(matchRedirect(parsed, '/press/2024/launch'), { status: 302, location: 'https://press.example.org/2024/launch' });
    assert.deepEqual(matchRedirect(parsed, '/team%20notes'), { status: 308, location: 'https://notes.example.org/x' });
    assert.deepEqual(matchRedirect(parsed, '/bare'), { status: 301, location: '/handbook' });
    // Rewrites, other statuses and conditions are the hosts' alone.
    for (const path of ['/app/x', '/fr/x', '/geo', '/handbook/payroll']) assert.equal(matchRedirect(parsed, path), undefined, path);
    assert.deepEqual(matchRedirect(parseRedirectsFile('/:a/:a /x/:a 301\n/a-* /b 301\n'), '/p/q'), { status: 301, location: '/x/p' });
  });
});
