import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closestPages, normalizePath, redirectTarget } from '../src/core/paths/not-found.ts';

const pages = [
  { url: '/', title: 'Home' },
  { url: '/quickstart', title: 'Quickstart' },
  { url: '/guides/install', title: 'Install' },
  { url: '/guides/configure', title: 'Configure' },
  { url: '/api/users/list-users', title: 'List users' },
  { url: '/api/users/get-a-user', title: 'Get a user' },
];

describe('the 404 page', () => {
  it('reads a path written another way as the same path', () => {
    assert.equal(normalizePath('/Guides/Install/'), '/guides/install');
    assert.equal(normalizePath('/guides/install.html'), '/guides/install');
    assert.equal(normalizePath('/guides/index.html'), '/guides');
    assert.equal(normalizePath('/'), '/');
    assert.equal(normalizePath('/%E0%A4%A'), '/%e0%a4%a');
  });

  it('sends a trailing slash, .html or other letter case to the page, whatever the redirect setting', () => {
    assert.equal(redirectTarget('/quickstart/', pages, { near: false }), '/quickstart');
    assert.equal(redirectTarget('/Guides/Install.html', pages, { near: false }), '/guides/install');
    assert.equal(redirectTarget('/quickstart', pages), undefined);
  });

  it('sends a slip of the keyboard to the one page it can mean, only when asked to', () => {
    assert.equal(redirectTarget('/guides/instal', pages), '/guides/install');
    assert.equal(redirectTarget('/guides/instal', pages, { near: false }), undefined);
    // Another folder, or too far: no guess.
    assert.equal(redirectTarget('/tutorials/install', pages), undefined);
    assert.equal(redirectTarget('/guides/setup', pages), undefined);
  });

  it("sends any other address home, as Mintlify's errors.404.redirect does, unless it is off", () => {
    assert.equal(redirectTarget('/tutorials/install', pages, { near: true, home: '/' }), '/');
    assert.equal(redirectTarget('/guides/instal', pages, { near: true, home: '/' }), '/guides/install');
    assert.equal(redirectTarget('/tutorials/install', pages, { near: false, home: '/' }), undefined);
  });

  it('lists the pages with the closest addresses, closest first', () => {
    assert.deepEqual(closestPages('/api/users/get-user', pages, 2).map((page) => page.url), ['/api/users/get-a-user', '/api/users/list-users']);
    assert.equal(closestPages('/guides/configuration', pages)[0]!.url, '/guides/configure');
    assert.deepEqual(closestPages('/zzzzzzzzzzzz/qqqqqqqqqq', pages), []);
    // A very long address is compared by its end, quickly.
    assert.ok(closestPages(`/guides/${'x'.repeat(100_000)}`, pages).length <= 5);
  });
});
