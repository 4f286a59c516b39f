/**
 * A built site made to work from disk (`file://`), as `export` zips it: every link and
 * asset path of the site's own (`/guides/intro`, `/_astro/docs.css`) made relative to the
 * file that names it and to the file it leads to (`../guides/intro.html`), since from disk
 * `/` is the disk's root and no server adds `.html`. Links elsewhere, anchors and data
 * URLs stay as they are.
 */
import path from 'node:path';

/** The built file a site path is served from (`/guides/intro` → `guides/intro.html`), or undefined when the site has none. */
export type FileOfPath = (sitePath: string) => string | undefined;

const ATTRIBUTE = /(\s(?:href|src|poster|action)=)(["'])(\/(?!\/)[^"']*)\2/g;
const SRCSET = /(\ssrcset=)(["'])([^"']*)\2/g;
const CSS_URL = /url\((["']?)(\/(?!\/)[^"')]*)\1\)/g;

/** `target` (a site path, with its `?query` and `#hash`) as a path relative to the built file `from`. */
export function relativeTarget(target: string, from: string, fileOf: FileOfPath): string {
  const [, pathname = '/', rest = ''] = /^([^?#]*)(.*)$/.exec(target)!;
  const file = fileOf(pathname);
  if (file === undefined) return target;
  const relative = path.posix.relative(path.posix.dirname(from), file) || path.posix.basename(file);
  // `?query` means nothing to a file: only the hash is kept.
  const hash = rest.includes('#') ? rest.slice(rest.indexOf('#')) : '';
  return `${relative}${hash}`;
}

/** An HTML file's own links and asset paths, relative to it (`from`: its path in the build). */
export function relativeHtml(html: string, from: string, fileOf: FileOfPath): string {
  return html
    .replace(ATTRIBUTE, (_, start: string, quote: string, target: string) => `${start}${quote}${relativeTarget(decodeEntities(target), from, fileOf)}${quote}`)
    .replace(SRCSET, (_, start: string, quote: string, list: string) => `${start}${quote}${list.replace(/(^|,\s*)(\/(?!\/)\S+)/g, (__, before: string, url: string) => `${before}${relativeTarget(url, from, fileOf)}`)}${quote}`)
    .replace(CSS_URL, (_, quote: string, target: string) => `url(${quote}${relativeTarget(target, from, fileOf)}${quote})`);
}

/** A style sheet's `url(/…)`s, relative to it. */
export function relativeCss(css: string, from: string, fileOf: FileOfPath): string {
  return css.replace(CSS_URL, (_, quote: string, target: string) => `url(${quote}${relativeTarget(target, from, fileOf)}${quote})`);
}

const decodeEntities = (text: string) => text.replace(/&amp;/g, '&');

/**
 * How the site's paths map to its files, from the list of them: a file as it is, a page as
 * its `.html` (or a folder's `index.html`).
 */
export function filesOfPaths(files: Iterable<string>): FileOfPath {
  const known = new Set(files);
  return (sitePath) => {
    let decoded = sitePath;
    try {
      decoded = decodeURI(sitePath);
    } catch {
      // as written
    }
    const bare = decoded.replace(/^\/+/, '').replace(/\/+$/, '');
    const candidates = bare === '' ? ['index.html'] : [bare, `${bare}.html`, `${bare}/index.html`];
    return candidates.find((candidate) => known.has(candidate));
  };
}
