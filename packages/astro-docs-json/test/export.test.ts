// `export`: a built site's own links made relative for reading from disk, and a zip archive
// the system's own tools read.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { filesOfPaths, relativeCss, relativeHtml } from '../src/core/export/relative-links.ts';
import { zipArchive } from '../src/core/export/zip.ts';

const files = filesOfPaths(['index.html', 'guides/intro.html', 'guides/index.html', 'guides.html', '_astro/docs.css', 'images/logo.png', 'fonts/a.woff2']);

describe('export: links for reading from disk', () => {
  it('makes the site\'s own links relative to the page, to the files that serve them', () => {
    const html = '<a href="/">Home</a><a href="/guides/intro#setup">Intro</a><a href="/guides">G</a><link href="/_astro/docs.css" rel="stylesheet"><img src="/images/logo.png" srcset="/images/logo.png 1x, /images/logo.png 2x">' +
      '<a href="https://example.com/x">out</a><a href="#top">top</a><a href="//cdn.example.com/a.js">cdn</a><a href="/nowhere">gone</a><a href="/guides/intro?tab=2&amp;x=1">q</a>';
    assert.equal(
      relativeHtml(html, 'guides/intro.html', files),
      '<a href="../index.html">Home</a><a href="intro.html#setup">Intro</a><a href="../guides.html">G</a><link href="../_astro/docs.css" rel="stylesheet"><img src="../images/logo.png" srcset="../images/logo.png 1x, ../images/logo.png 2x">' +
        '<a href="https://example.com/x">out</a><a href="#top">top</a><a href="//cdn.example.com/a.js">cdn</a><a href="/nowhere">gone</a><a href="intro.html">q</a>',
    );
    assert.equal(relativeHtml('<a href="/guides/intro">x</a>', 'index.html', files), '<a href="guides/intro.html">x</a>');
  });

  it('makes style sheets\' urls relative to the sheet', () => {
    assert.equal(relativeCss('@font-face{src:url(/fonts/a.woff2) format("woff2")}a{background:url("/images/logo.png")}', '_astro/docs.css', files), '@font-face{src:url(../fonts/a.woff2) format("woff2")}a{background:url("../images/logo.png")}');
  });

  it('leaves a style sheet\'s data: URLs as they are', () => {
    const css = '.icon.i0{--icon-mask:url("data:image/svg+xml,%3Csvg%2F%3E")}';
    assert.equal(relativeCss(css, '_docs/icons-ab.css', files), css);
  });
});

describe('export: zip archive', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'zip-'));
  after(() => rmSync(work, { recursive: true, force: true }));

  it('is read by unzip, names and contents intact, compressed where that is smaller', () => {
    const text = 'A page. '.repeat(500);
    const zip = zipArchive([
      { name: 'index.html', data: Buffer.from(text) },
      { name: 'guides/élan.html', data: Buffer.from('<p>é</p>') },
      { name: 'images/dot.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    ]);
    assert.ok(zip.length < text.length, 'deflated');
    const file = path.join(work, 'site.zip');
    writeFileSync(file, zip);
    assert.match(execFileSync('unzip', ['-t', file], { encoding: 'utf8' }), /No errors detected/);
    assert.equal(execFileSync('unzip', ['-p', file, 'index.html'], { encoding: 'utf8' }), text);
    assert.equal(execFileSync('unzip', ['-p', file, 'guides/élan.html'], { encoding: 'utf8' }), '<p>é</p>');
    assert.deepEqual([...execFileSync('unzip', ['-p', file, 'images/dot.png'])], [0x89, 0x50, 0x4e, 0x47]);
  });
});
