// Behaviour of the built-in components (components/mdx/) in the browser. Each works
// without it: tooltips show on hover and focus through the styles, accordions and trees
// are <details>, and tabs are handled with the layout's (docs.ts). The views' menu and the
// changelog's tag filter are page-filters.ts; links to what a component hides, deep-links.ts.
// Image zoom and GitHub cards load their code only on pages that have them.
import './page-filters.ts';
import './deep-links.ts';
import { zoomableImages } from './zoomable-images.ts';

const zoomable = zoomableImages(document);
if (zoomable.length > 0) void import('./image-zoom.ts').then(({ enableZoom }) => enableZoom(zoomable));
if (document.querySelector('[data-github-repo]')) void import('./github-repo.ts');
if (document.querySelector('[data-repo-stars], [data-discord-invite]')) void import('./community-counts.ts');

// Tooltips: Escape hides the tip under the pointer or focus (WCAG 1.4.13), until the
// pointer or focus leaves the term.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  for (const tooltip of document.querySelectorAll<HTMLElement>('.tooltip:hover, .tooltip:focus-within')) tooltip.dataset.dismissed = '';
});
for (const tooltip of document.querySelectorAll<HTMLElement>('.tooltip')) {
  const reset = () => {
    if (!tooltip.matches(':hover, :focus-within')) delete tooltip.dataset.dismissed;
  };
  tooltip.addEventListener('mouseleave', reset);
  tooltip.addEventListener('focusout', () => requestAnimationFrame(reset));
}

// Prompts: "Copy prompt" puts the prompt's text on the clipboard; "Open in Cursor" opens it
// there. Both need this script, so they are hidden until it runs.
for (const prompt of document.querySelectorAll<HTMLElement>('[data-prompt]')) {
  const body = prompt.querySelector<HTMLElement>('[data-prompt-text]');
  if (!body) continue;
  const promptText = () => body.innerText.trim();
  const status = prompt.querySelector<HTMLElement>('[data-prompt-status]');
  const copy = prompt.querySelector<HTMLButtonElement>('[data-prompt-copy]');
  const label = copy?.querySelector<HTMLElement>('[data-prompt-copy-label]');
  if (copy && navigator.clipboard) {
    copy.hidden = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    copy.addEventListener('click', async () => {
      let message: string;
      try {
        await navigator.clipboard.writeText(promptText());
        message = 'Copied';
      } catch {
        message = 'Copying failed';
      }
      if (label) label.textContent = message;
      if (status) status.textContent = message === 'Copied' ? 'Prompt copied to the clipboard' : message;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (label) label.textContent = 'Copy prompt';
        if (status) status.textContent = '';
      }, 2000);
    });
  }
  const cursor = prompt.querySelector<HTMLAnchorElement>('[data-prompt-cursor]');
  if (cursor) {
    const url = new URL(cursor.href);
    url.searchParams.set('text', promptText());
    cursor.href = url.href;
    cursor.hidden = false;
  }
}

// Request and response examples (hand-written, or an operation's samples and examples) and
// panels: on screens 1280 px wide or more, they take the table of contents' column in its
// place, as on Mintlify, and follow the reader down the page. Elsewhere, and without this
// script, they stay where the page has them.
const sideContent = [...document.querySelectorAll<HTMLElement>('.content > .code-example, .content > .side-panel, .api-operation > .code-example')];
const main = document.querySelector<HTMLElement>('.page:not([data-mode]) main');
if (sideContent.length && main) {
  const column = document.createElement('div');
  // `content`: the page's styles for code blocks and the like apply here too.
  column.className = 'side-column content';
  const places = sideContent.map((element) => element.parentNode!.insertBefore(document.createComment(''), element));
  // The table of contents' column (`#panel`, Toc.astro) gives its place to the side column.
  const toc = main.querySelector<HTMLElement>('#panel');
  const wide = matchMedia('(min-width: 80rem)');
  const place = () => {
    if (wide.matches) {
      column.append(...sideContent);
      main.append(column);
    } else {
      sideContent.forEach((element, index) => places[index]!.after(element));
      column.remove();
    }
    if (toc) toc.hidden = wide.matches;
  };
  wide.addEventListener('change', place);
  place();
}

// The page menu's "Download PDF": the browser's print dialog, which saves the page as a PDF
// (the print styles leave out the site's chrome).
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-print-page]')) {
  button.closest<HTMLElement>('[data-copy-item]')!.hidden = false;
  button.addEventListener('click', () => {
    button.closest('details')?.removeAttribute('open');
    window.print();
  });
}

// The page menu's copy entries: the page's Markdown copy ("Copy page"), or the text the
// entry holds (the MCP server), put on the clipboard.
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy-page], [data-copy-text]')) {
  if (!navigator.clipboard) continue;
  button.closest<HTMLElement>('[data-copy-item]')!.hidden = false;
  const status = button.closest('[data-contextual]')?.querySelector<HTMLElement>('[data-copy-status]');
  const label = button.querySelector('.menu-entry')?.firstChild;
  const idle = label?.textContent ?? '';
  button.addEventListener('click', async () => {
    const { copyPage, copyText } = button.dataset;
    let message = copyPage ? 'Page copied as Markdown' : 'Copied to the clipboard';
    try {
      let text = copyText ?? '';
      if (copyPage) {
        const response = await fetch(copyPage);
        if (!response.ok) throw new Error(String(response.status));
        text = await response.text();
      }
      await navigator.clipboard.writeText(text);
    } catch {
      message = 'Copying failed';
    }
    if (status) status.textContent = message;
    if (label) label.textContent = message === 'Copying failed' ? message : 'Copied';
    setTimeout(() => {
      if (label) label.textContent = idle;
    }, 2000);
  });
}
