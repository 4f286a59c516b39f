// The 404 page: an address that can only mean one page goes there; otherwise, as on
// Mintlify, the home page, unless docs.json `errors.404.redirect` is false: then the pages
// with the closest addresses are listed.
import { closestPages, redirectTarget, type PageLink } from '../../core/paths/not-found.ts';

const box = document.querySelector<HTMLElement>('[data-not-found]');
if (box) void suggest(box);

async function suggest(box: HTMLElement) {
  const base = box.dataset.base ?? '';
  const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) || '/' : location.pathname;
  let pages: PageLink[];
  try {
    const pairs = (await (await fetch(box.dataset.pages!)).json()) as Array<[string, string]>;
    pages = pairs.map(([url, title]) => ({ url, title }));
  } catch {
    return;
  }
  const target = redirectTarget(path, pages, { near: box.dataset.redirect === 'near', home: box.dataset.home });
  if (target) {
    location.replace(`${base}${target}${location.search}${location.hash}`);
    return;
  }
  const closest = closestPages(path, pages);
  const list = box.querySelector('[data-closest]');
  if (!list || closest.length === 0) return;
  for (const page of closest) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `${base}${page.url}`;
    link.textContent = page.title;
    const address = document.createElement('code');
    address.textContent = page.url;
    item.append(link, ' ', address);
    list.append(item);
  }
  list.closest('section')!.hidden = false;
}
