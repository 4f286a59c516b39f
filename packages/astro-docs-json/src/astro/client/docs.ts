// The layout's behaviour. Everything works without it (menus are <details>, links are
// links); it adds the theme toggle, the mobile menu, banner dismissal and keyboard
// niceties.

const root = document.documentElement;

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}

// Theme: the head script applied the stored or system theme before first paint.
const themeButton = document.querySelector<HTMLButtonElement>('[data-theme-button]');
function showTheme() {
  const dark = root.dataset.theme === 'dark';
  themeButton?.setAttribute('aria-pressed', String(dark));
  // Mintlify's hook for dark mode, which the docs' own styles and Tailwind's `dark:` use.
  root.classList.toggle('dark', dark);
}
showTheme();
themeButton?.addEventListener('click', () => {
  root.dataset.theme = root.dataset.theme === 'dark' ? 'light' : 'dark';
  store('docs-theme', root.dataset.theme);
  showTheme();
});

// Mobile menu: the sidebar as a panel over the page, just below the header (which a
// banner above it may have pushed down).
const menuButton = document.querySelector<HTMLButtonElement>('[data-menu-button]');
const sidebar = document.getElementById('sidebar');
function setMenu(open: boolean) {
  if (open) {
    const header = document.querySelector('.topbar');
    if (header) root.style.setProperty('--menu-top', `${header.getBoundingClientRect().bottom}px`);
    root.dataset.menuOpen = '';
  } else {
    delete root.dataset.menuOpen;
  }
  menuButton?.setAttribute('aria-expanded', String(open));
  if (open) revealCurrentLink();
}

/** Scrolls the sidebar, not the page, to the current page's link. */
function revealCurrentLink() {
  const current = sidebar?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!sidebar || !current) return;
  const top = current.getBoundingClientRect().top - sidebar.getBoundingClientRect().top;
  if (top < 0 || top > sidebar.clientHeight - 40) sidebar.scrollTop += top - sidebar.clientHeight / 3;
}
revealCurrentLink();
menuButton?.addEventListener('click', () => setMenu(!('menuOpen' in root.dataset)));
sidebar?.addEventListener('click', (event) => {
  if ((event.target as Element).closest('a')) setMenu(false);
});

// Banner: a dismissed banner stays dismissed, on every page, until its content changes.
document.querySelector('[data-banner-close]')?.addEventListener('click', () => {
  const id = root.dataset.bannerId;
  if (!id) return;
  const dismissed = new Set((root.dataset.dismissed ?? '').split(' ').filter(Boolean));
  dismissed.add(id);
  root.dataset.dismissed = [...dismissed].join(' ');
  root.dataset.bannerHidden = '';
  store('docs-dismissed-banners', root.dataset.dismissed);
  document.getElementById('content')?.focus();
});

// Disclosure menus in the top bar: one open at a time, closed by Escape or a click elsewhere.
const menus = [...document.querySelectorAll<HTMLDetailsElement>('details.menu')];
for (const menu of menus) {
  menu.addEventListener('toggle', () => {
    if (menu.open) menus.filter((other) => other !== menu).forEach((other) => (other.open = false));
  });
}
document.addEventListener('click', (event) => {
  for (const menu of menus) if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
});
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const open = menus.find((menu) => menu.open);
  if (open) {
    open.open = false;
    open.querySelector('summary')?.focus();
  } else if ('menuOpen' in root.dataset) {
    setMenu(false);
    menuButton?.focus();
  }
});

// On this page: mark the heading being read.
const tocLinks = new Map(
  [...document.querySelectorAll<HTMLAnchorElement>('.toc a')].map((link) => [decodeURIComponent(link.hash.slice(1)), link]),
);
if (tocLinks.size > 0 && 'IntersectionObserver' in window) {
  const observer = new IntersectionObserver(
    (entries) => {
      const visible = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target.id);
      if (visible.length === 0) return;
      tocLinks.forEach((link) => link.removeAttribute('aria-current'));
      tocLinks.get(visible[0]!)?.setAttribute('aria-current', 'true');
    },
    { rootMargin: '0px 0px -70% 0px' },
  );
  for (const id of tocLinks.keys()) {
    const heading = document.getElementById(id);
    if (heading) observer.observe(heading);
  }
}

// Tabs: blocks marked [data-tabs] become an ARIA tab list (arrow keys move between tabs).
// Its panels are its children with data-tab-label or, in a code group
// ([data-tabs="code"]), its code blocks, named by their titles. Without this script every
// block shows, each under its title. data-tabs-default picks the first tab shown; groups
// marked data-tabs-sync follow one another: choosing "Python" in one chooses it in all.
// A code group marked data-tabs-dropdown (`<CodeGroup dropdown>`) gets a menu of its
// blocks' languages instead of tabs.

/** A way to choose one panel of a group: a tab list or a menu. */
interface PanelChooser {
  element: HTMLElement;
  /** Shows the chosen one as chosen (not the panels: `select` does). */
  show: (index: number, focus: boolean) => void;
}

const syncedTabs: Array<{ labels: string[]; select: (index: number) => void }> = [];

/** The panel's icon, if its title has one (<Tab icon>, a code block's `icon=`). */
const panelIcon = (panel: HTMLElement) => panel.querySelector(':scope > [data-tab-title] .icon, :scope > .code-block-header .icon');

function tabList(container: HTMLElement, containerIndex: number, panels: HTMLElement[], labels: string[], choose: (index: number, focus?: boolean) => void): PanelChooser {
  const list = document.createElement('div');
  list.setAttribute('role', 'tablist');
  const label = container.getAttribute('aria-label');
  if (label) list.setAttribute('aria-label', label);
  const tabs = panels.map((panel, index) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.id = `tab-${containerIndex}-${index}`;
    tab.textContent = labels[index]!;
    const icon = panelIcon(panel);
    if (icon) tab.prepend(icon.cloneNode(true));
    tab.setAttribute('role', 'tab');
    panel.id ||= `panel-${containerIndex}-${index}`;
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    tab.setAttribute('aria-controls', panel.id);
    tab.addEventListener('click', () => choose(index));
    tab.addEventListener('keydown', (event) => {
      const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: panels.length - 1 };
      if (!(event.key in moves)) return;
      event.preventDefault();
      choose((moves[event.key]! + panels.length) % panels.length, true);
    });
    list.append(tab);
    return tab;
  });
  const show = (index: number, focus: boolean) => {
    tabs.forEach((tab, i) => {
      tab.setAttribute('aria-selected', String(i === index));
      tab.tabIndex = i === index ? 0 : -1;
    });
    if (focus) tabs[index]!.focus();
  };
  return { element: list, show };
}

/** Language names for the menu of a code group, by Shiki's language ids; others show as written. */
const LANGUAGE_NAMES: Record<string, string> = {
  bash: 'Bash', sh: 'Shell', shell: 'Shell', shellscript: 'Shell', zsh: 'Zsh', powershell: 'PowerShell', js: 'JavaScript', javascript: 'JavaScript',
  jsx: 'JSX', ts: 'TypeScript', typescript: 'TypeScript', tsx: 'TSX', py: 'Python', python: 'Python', rb: 'Ruby', ruby: 'Ruby', go: 'Go',
  rs: 'Rust', rust: 'Rust', java: 'Java', kt: 'Kotlin', kotlin: 'Kotlin', swift: 'Swift', php: 'PHP', cs: 'C#', csharp: 'C#', c: 'C',
  cpp: 'C++', dart: 'Dart', json: 'JSON', yaml: 'YAML', yml: 'YAML', toml: 'TOML', html: 'HTML', css: 'CSS', sql: 'SQL', graphql: 'GraphQL',
  http: 'HTTP', mdx: 'MDX', md: 'Markdown', markdown: 'Markdown', xml: 'XML', curl: 'cURL', plaintext: 'Text', text: 'Text',
};

/** A menu of the group's blocks, by language (by title where two share one), above the block shown, whose title it repeats. */
function dropdownMenu(container: HTMLElement, panels: HTMLElement[], labels: string[], choose: (index: number) => void): PanelChooser {
  const bar = document.createElement('div');
  bar.className = 'code-group-bar';
  const title = document.createElement('span');
  title.className = 'code-group-bar-title';
  const select = document.createElement('select');
  select.setAttribute('aria-label', container.getAttribute('aria-label') ? `${container.getAttribute('aria-label')}: language` : 'Language');
  const languages = panels.map((panel) => panel.dataset.language ?? '');
  panels.forEach((panel, index) => {
    const language = languages[index]!;
    const shared = !language || languages.indexOf(language) !== languages.lastIndexOf(language);
    select.add(new Option(shared ? labels[index]! : (LANGUAGE_NAMES[language] ?? language), String(index)));
  });
  select.addEventListener('change', () => choose(Number(select.value)));
  bar.append(title, select);
  const show = (index: number) => {
    select.value = String(index);
    const panel = panels[index]!;
    const icon = panelIcon(panel);
    title.replaceChildren(...(icon ? [icon.cloneNode(true)] : []), panel.dataset.title ?? labels[index]!);
  };
  return { element: bar, show };
}

document.querySelectorAll<HTMLElement>('[data-tabs]').forEach((container, containerIndex) => {
  const code = container.dataset.tabs === 'code';
  const panels = [...container.children].filter(
    (child): child is HTMLElement =>
      child instanceof HTMLElement && ('tabLabel' in child.dataset || (code && (child.classList.contains('code-block') || child.localName === 'pre'))),
  );
  if (panels.length < 2) return;
  const labels = panels.map((panel, index) => panel.dataset.tabLabel || panel.dataset.title || panel.dataset.language || `Tab ${index + 1}`);
  const select = (index: number, focus = false) => {
    chooser.show(index, focus);
    panels.forEach((panel, i) => (panel.hidden = i !== index));
  };
  const group = { labels, select };
  const choose = (index: number, focus = false) => {
    select(index, focus);
    if (!('tabsSync' in container.dataset)) return;
    for (const other of syncedTabs) {
      const match = other.labels.indexOf(labels[index]!);
      if (other !== group && match >= 0) other.select(match);
    }
  };
  const chooser = code && 'tabsDropdown' in container.dataset ? dropdownMenu(container, panels, labels, choose) : tabList(container, containerIndex, panels, labels, choose);
  if ('tabsSync' in container.dataset) syncedTabs.push(group);
  container.prepend(chooser.element);
  container.dataset.tabsReady = '';
  const initial = Number(container.dataset.tabsDefault ?? 0);
  select(Number.isInteger(initial) && initial >= 0 && initial < panels.length ? initial : 0);
});

// The section tabs: a row wider than the screen scrolls sideways, with the current tab in
// view and an edge faded (docs.css) while there is more of the row beyond it.
const sectionsRow = document.querySelector<HTMLElement>('.topbar-sections');
if (sectionsRow) {
  const currentTab = sectionsRow.querySelector<HTMLElement>('[aria-current]');
  const showOverflow = () => {
    sectionsRow.toggleAttribute('data-more-start', sectionsRow.scrollLeft > 1);
    sectionsRow.toggleAttribute('data-more-end', sectionsRow.scrollLeft + sectionsRow.clientWidth < sectionsRow.scrollWidth - 1);
  };
  if (currentTab && currentTab.offsetLeft + currentTab.offsetWidth > sectionsRow.clientWidth) {
    sectionsRow.scrollLeft = currentTab.offsetLeft - sectionsRow.clientWidth / 3;
  }
  sectionsRow.addEventListener('scroll', showOverflow, { passive: true });
  addEventListener('resize', showOverflow);
  showOverflow();
}
