// Code blocks' buttons, from the attributes their options gave them (core/html/code-blocks.ts):
// a copy button on every block not marked `nocopy`, and on a long `expandable` block a
// button that shows all of it. Without them, every block shows whole and its code is
// copied by selecting it. Added to the page's blocks (`code-blocks.ts`), and to those a
// React component draws in the browser (`astro/react/code-block.ts`).

const COPY_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect x="9" y="9" width="12" height="12" rx="2"/><path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1"/></svg>';
const COPIED_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M20 6 9 17l-5-5"/></svg>';

/** An expandable block longer than this many lines starts collapsed (the styles show about as many). */
const COLLAPSED_LINES = 10;

/**
 * The code as a reader would use it: its lines, without those a diff marks as removed.
 * Line numbers and diff markers are drawn by the styles, and are not in the text.
 */
function codeText(block: HTMLElement): string {
  const code = block.querySelector('pre code') ?? block.querySelector('pre');
  if (!code) return '';
  const lines = [...code.querySelectorAll(':scope > .line')];
  if (lines.length === 0) return code.textContent ?? '';
  return lines
    .filter((line) => !line.matches('.diff.remove'))
    .map((line) => line.textContent ?? '')
    .join('\n');
}

/** One live region for the page, which says "Copied" to screen readers. */
let copyStatus: HTMLElement | undefined;
function announce(message: string) {
  if (!copyStatus) {
    copyStatus = document.createElement('p');
    copyStatus.className = 'visually-hidden';
    copyStatus.setAttribute('role', 'status');
    document.body.append(copyStatus);
  }
  copyStatus.textContent = message;
}

function addCopyButton(block: HTMLElement) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'code-copy';
  button.setAttribute('aria-label', 'Copy code');
  button.innerHTML = COPY_ICON;
  let reset: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener('click', async () => {
    let message = 'Copied';
    try {
      await navigator.clipboard.writeText(codeText(block));
    } catch {
      message = 'Copying failed';
    }
    button.setAttribute('aria-label', message);
    button.toggleAttribute('data-copied', message === 'Copied');
    if (message === 'Copied') button.innerHTML = COPIED_ICON;
    announce(message);
    clearTimeout(reset);
    reset = setTimeout(() => {
      button.setAttribute('aria-label', 'Copy code');
      button.removeAttribute('data-copied');
      button.innerHTML = COPY_ICON;
      announce('');
    }, 2000);
  });
  block.append(button);
}

function addExpandButton(block: HTMLElement, id: string) {
  const pre = block.querySelector('pre');
  const lineCount = pre?.querySelectorAll('code > .line').length ?? 0;
  if (!pre || lineCount <= COLLAPSED_LINES) return;
  pre.id ||= id;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'code-expand';
  button.setAttribute('aria-controls', pre.id);
  const show = (expanded: boolean) => {
    block.toggleAttribute('data-collapsed', !expanded);
    button.setAttribute('aria-expanded', String(expanded));
    button.textContent = expanded ? 'Show fewer lines' : `Show all ${lineCount} lines`;
  };
  button.addEventListener('click', () => {
    const expanded = block.hasAttribute('data-collapsed');
    show(expanded);
    // Collapsing a block read to its end would leave the reader far below it.
    if (!expanded && block.getBoundingClientRect().top < 0) block.scrollIntoView({ block: 'start' });
  });
  show(false);
  pre.after(button);
}

/** The block's buttons; `id` names its code for the expand button, unless it has a name. */
export function addCodeBlockButtons(block: HTMLElement, id: string): void {
  // Copying needs a secure context (https, or localhost).
  if (!('nocopy' in block.dataset) && navigator.clipboard) addCopyButton(block);
  if ('expandable' in block.dataset) addExpandButton(block, id);
}
