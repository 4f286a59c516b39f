// The page's filters: the view menu over its <View>s, and the tag filter over a
// changelog's <Update>s. Each shows part of the page, and the table of contents follows:
// it lists the headings of what is shown (page-filters-rules.ts). Without this script
// every view and update shows, and so does every entry of the table of contents.
import { tocEntryShown, updateShown, viewShown, type FilterState } from './page-filters-rules.ts';

const state: { view: string | null; tags: Set<string> } = { view: null, tags: new Set() };

const views = [...document.querySelectorAll<HTMLElement>('[data-view]')];
const updates = [...document.querySelectorAll<HTMLElement>('.update')];
const tagsOf = (update: Element) => JSON.parse(update.getAttribute('data-tags') ?? '[]') as string[];

/** The table of contents' entries, each with the heading it leads to. */
const tocEntries = [...document.querySelectorAll<HTMLAnchorElement>('.toc li > a[href^="#"]')].flatMap((link) => {
  const heading = document.getElementById(decodeURIComponent(link.hash.slice(1)));
  return heading ? [{ item: link.parentElement!, heading }] : [];
});

function syncToc(current: FilterState) {
  for (const { item, heading } of tocEntries) {
    const update = heading.closest('.update');
    item.hidden = !tocEntryShown({ view: heading.closest<HTMLElement>('[data-view]')?.dataset.view ?? null, updateTags: update ? tagsOf(update) : null }, current);
  }
}

function apply() {
  for (const view of views) view.hidden = !viewShown(view.dataset.view ?? '', state);
  for (const update of updates) update.hidden = !updateShown(tagsOf(update), state);
  syncToc(state);
}

const viewMenu = document.createElement('select');

/** Shows the view of this title (from the menu, or a link to something in it). */
export function showView(title: string) {
  if (!views.some((view) => view.dataset.view === title)) return;
  state.view = title;
  viewMenu.value = title;
  apply();
}

// Views: with two views or more on the page, a menu above the first chooses the one shown.
const viewTitles = [...new Set(views.map((view) => view.dataset.view ?? ''))];
if (viewTitles.length > 1) {
  const field = document.createElement('label');
  field.className = 'view-menu';
  field.textContent = 'View ';
  for (const title of viewTitles) viewMenu.add(new Option(title, title));
  field.append(viewMenu);
  views[0]!.before(field);
  viewMenu.addEventListener('change', () => showView(viewMenu.value));
  state.view = viewTitles[0]!;
}

// Updates: their tags, each a toggle; the updates shown are those with a tag chosen.
const allTags = [...new Set(updates.flatMap(tagsOf))];
if (allTags.length > 0) {
  const filter = document.createElement('div');
  filter.className = 'update-filter';
  filter.setAttribute('role', 'group');
  filter.setAttribute('aria-label', 'Filter updates by tag');
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('aria-live', 'polite');
  const clear = document.createElement('button');
  clear.type = 'button';
  clear.className = 'update-filter-clear';
  clear.textContent = 'Show all';
  clear.hidden = true;
  const toggles = allTags.map((tag) => {
    const toggle = document.createElement('button');
    toggle.type = 'button';
    toggle.textContent = tag;
    toggle.setAttribute('aria-pressed', 'false');
    toggle.addEventListener('click', () => {
      if (state.tags.has(tag)) state.tags.delete(tag);
      else state.tags.add(tag);
      refresh();
    });
    return toggle;
  });
  const refresh = () => {
    toggles.forEach((toggle, index) => toggle.setAttribute('aria-pressed', String(state.tags.has(allTags[index]!))));
    clear.hidden = state.tags.size === 0;
    apply();
    const shown = updates.filter((update) => !update.hidden).length;
    status.textContent = state.tags.size === 0 ? `Showing all ${updates.length} updates` : `Showing ${shown} of ${updates.length} updates`;
  };
  clear.addEventListener('click', () => {
    state.tags.clear();
    refresh();
    toggles[0]?.focus();
  });
  const label = document.createElement('span');
  label.className = 'update-filter-label';
  label.textContent = 'Filter by tag';
  filter.append(label, ...toggles, clear, status);
  updates[0]!.before(filter);
}

if (views.length > 0 || allTags.length > 0) apply();
