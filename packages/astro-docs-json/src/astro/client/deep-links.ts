// Links into the page's components: `#id` (on arrival, or a link followed on the page)
// opens what hides its target, then scrolls to it: the accordions and other <details>
// around it, the tab it is in (or is), the view it is in. Opening an accordion puts its
// anchor in the address, so that it can be shared, as on Mintlify.
import { showView } from './page-filters.ts';

/**
 * The element `#id` names: by its id decoded (`#caf%C3%A9` is `café`), or as written, as a
 * tab's id keeps its escapes on Mintlify (`%ED%95%9C`) and a link may too.
 */
function targetOf(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  const written = hash.slice(1);
  try {
    return document.getElementById(decodeURIComponent(written)) ?? document.getElementById(written);
  } catch {
    return document.getElementById(written); // a `%` that escapes nothing
  }
}

/** Opens everything that hides `target`, outermost last: each is found from the target up. */
function reveal(target: HTMLElement): boolean {
  let changed = false;
  for (let element: HTMLElement | null = target; element; element = element.parentElement) {
    if (element instanceof HTMLDetailsElement && !element.open) {
      element.open = true;
      changed = true;
    }
    if (element.getAttribute('role') === 'tabpanel' && element.hidden) {
      document.querySelector<HTMLElement>(`[role="tab"][aria-controls="${CSS.escape(element.id)}"]`)?.click();
      changed = true;
    }
    if (element.dataset.view !== undefined && element.hidden) {
      showView(element.dataset.view);
      changed = true;
    }
  }
  return changed;
}

function follow(hash: string) {
  const target = targetOf(hash);
  // The browser scrolled to a target it could see; one that was hidden is scrolled to now.
  if (target && reveal(target)) target.scrollIntoView();
}

follow(location.hash);
addEventListener('hashchange', () => follow(location.hash));

// An accordion opened by its reader: its anchor in the address, without a jump.
for (const accordion of document.querySelectorAll<HTMLDetailsElement>('details.accordion[id]')) {
  accordion.querySelector(':scope > summary')?.addEventListener('click', () => {
    if (!accordion.open) history.replaceState(history.state, '', `#${encodeURIComponent(accordion.id)}`);
  });
}
