// Search, over the Pagefind indexes that `astro build` writes: those of the reader's version
// and language (the dialog's `data-indexes`), merged when a large section has several.

interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: { title?: string } }>;
}
interface Pagefind {
  options(options: { baseUrl: string }): Promise<void>;
  mergeIndex(indexPath: string, options: { baseUrl: string }): Promise<void>;
  debouncedSearch(query: string, options: object, timeout?: number): Promise<{ results: PagefindResult[] } | null>;
}

const dialog = document.querySelector<HTMLDialogElement>('[data-search-dialog]');
const input = dialog?.querySelector<HTMLInputElement>('input[type="search"]');
const status = dialog?.querySelector<HTMLElement>('.search-status');
const list = dialog?.querySelector<HTMLUListElement>('.search-results');
const base = dialog?.dataset.base ?? '';
const [primary, ...merged] = (dialog?.dataset.indexes ?? '').split(' ').filter(Boolean);

let pagefind: Promise<Pagefind | undefined> | undefined;
function loadPagefind(): Promise<Pagefind | undefined> {
  if (!primary) return Promise.resolve(undefined);
  pagefind ??= import(/* @vite-ignore */ `${base}/pagefind/${primary}/pagefind.js`)
    .then(async (module: Pagefind) => {
      await module.options({ baseUrl: `${base}/` });
      for (const index of merged) await module.mergeIndex(`${base}/pagefind/${index}/`, { baseUrl: `${base}/` });
      return module;
    })
    .catch(() => undefined);
  return pagefind;
}

/** Pagefind names pages by their files (`guides/intro.html`); the site's URLs have no extension. */
function pageUrl(url: string): string {
  return url.replace(/\/index\.html$/, '/').replace(/\.html$/, '') || '/';
}

function open() {
  if (!dialog || dialog.open) return;
  dialog.showModal();
  input?.focus();
  input?.select();
  void loadPagefind();
}

async function search(query: string) {
  if (!list || !status) return;
  if (query.trim() === '') {
    list.replaceChildren();
    status.textContent = '';
    return;
  }
  if (!primary) {
    status.textContent = 'No pages of this version and language are searchable.';
    return;
  }
  const engine = await loadPagefind();
  if (!engine) {
    status.textContent = 'Search works in the built site: run astro build, then astro preview.';
    return;
  }
  const response = await engine.debouncedSearch(query, {}, 150);
  if (!response) return; // a newer query replaced this one
  const results = await Promise.all(response.results.slice(0, 10).map((result) => result.data()));
  list.replaceChildren(
    ...results.map((result) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = pageUrl(result.url);
      const title = document.createElement('strong');
      title.textContent = result.meta.title ?? link.pathname;
      const excerpt = document.createElement('span');
      // Pagefind escapes the page text and marks the matches with <mark>.
      excerpt.innerHTML = result.excerpt;
      link.append(title, excerpt);
      item.append(link);
      return item;
    }),
  );
  status.textContent = results.length ? `${response.results.length} result${response.results.length === 1 ? '' : 's'}` : `No results for “${query}”.`;
}

document.querySelectorAll('[data-search-open]').forEach((button) => button.addEventListener('click', open));
document.addEventListener('keydown', (event) => {
  const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable="true"]');
  if ((event.key === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !typing)) {
    event.preventDefault();
    open();
  }
});
input?.addEventListener('input', () => void search(input.value));

// Arrow keys move between the box and the results.
dialog?.addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = [...(list?.querySelectorAll('a') ?? [])];
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
  event.preventDefault();
  if (next < 0) input?.focus();
  else links[Math.min(next, links.length - 1)]?.focus();
});
dialog?.addEventListener('click', (event) => {
  if (event.target === dialog) dialog.close();
});
