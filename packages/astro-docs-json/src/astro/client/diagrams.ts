// Mermaid diagrams (core/html/mermaid.ts): each `figure.mermaid-diagram` holds its text in
// a <pre>, which is what readers without JavaScript see. Here Mermaid, loaded only by the
// pages that have a diagram (components/Diagrams.astro), draws each one as SVG in the
// site's theme, again when the reader switches it, and adds Mintlify's controls: zoom in
// and out, pan in four directions, reset. They show on diagrams taller than 120 px, or as
// the block's `actions` says, in the corner its `placement` names.
import type { Mermaid } from 'mermaid';

const CONTROLS_FROM_HEIGHT = 120;
const ZOOM_STEP = 1.2;
const [MIN_SCALE, MAX_SCALE] = [0.25, 5];
const PAN_STEP = 50;

interface View {
  scale: number;
  x: number;
  y: number;
}

const figures = [...document.querySelectorAll<HTMLElement>('figure.mermaid-diagram')];
const sourceOf = (figure: HTMLElement) => figure.querySelector<HTMLElement>('.mermaid-source')?.textContent ?? '';
const isDark = () => document.documentElement.classList.contains('dark');

let loaded: Promise<Mermaid> | undefined;
/**
 * Mermaid's own browser build, which the site publishes (build/mermaid-files.ts) at the
 * address the page's preload link gives. It loads each kind of diagram, and ELK's layout
 * (`%%{init: {'flowchart': {'defaultRenderer': 'elk'}}}%%`), as a diagram needs it.
 */
function loadMermaid(): Promise<Mermaid> {
  const href = document.querySelector<HTMLLinkElement>('link[data-mermaid-module]')?.href;
  if (!href) return Promise.reject(new Error('Mermaid is not published with this page.'));
  return (loaded ??= (import(/* @vite-ignore */ href) as Promise<{ default: Mermaid }>).then((module) => module.default));
}

let renders = 0;
/** Draws every diagram in the current theme, one after the other (Mermaid's renders share state). */
async function drawAll(): Promise<void> {
  let mermaid: Mermaid;
  try {
    mermaid = await loadMermaid();
  } catch (error) {
    for (const figure of figures) showFailure(figure, error);
    return;
  }
  const dark = isDark();
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default' });
  for (const figure of figures) await draw(mermaid, figure, dark);
}

async function draw(mermaid: Mermaid, figure: HTMLElement, dark: boolean): Promise<void> {
  const source = figure.querySelector<HTMLElement>('.mermaid-source');
  if (!source) return;
  try {
    const { svg, bindFunctions } = await mermaid.render(`mermaid-diagram-${++renders}`, source.textContent ?? '');
    const canvas = canvasOf(figure);
    canvas.innerHTML = svg;
    bindFunctions?.(canvas);
    source.hidden = true;
    figure.dataset.theme = dark ? 'dark' : 'light';
    figure.dataset.drawn = '';
    figure.querySelector('.mermaid-error')?.remove();
    addControls(figure);
  } catch (error) {
    showFailure(figure, error);
  }
}

/** The diagram's text stays, with why it could not be drawn (the build warned too, with the line). */
function showFailure(figure: HTMLElement, error: unknown): void {
  figure.querySelector<HTMLElement>('.mermaid-source')?.removeAttribute('hidden');
  figure.querySelector('.mermaid-view')?.remove();
  figure.querySelector('.mermaid-controls')?.remove();
  delete figure.dataset.controls;
  let note = figure.querySelector<HTMLElement>('.mermaid-error');
  if (!note) {
    note = document.createElement('p');
    note.className = 'mermaid-error';
    note.setAttribute('role', 'note');
    figure.append(note);
  }
  note.textContent = `This diagram could not be drawn: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
}

/** The element the SVG is drawn into, inside the frame that clips it when zoomed. */
function canvasOf(figure: HTMLElement): HTMLElement {
  let canvas = figure.querySelector<HTMLElement>('.mermaid-canvas');
  if (canvas) return canvas;
  const view = document.createElement('div');
  view.className = 'mermaid-view';
  canvas = document.createElement('div');
  canvas.className = 'mermaid-canvas';
  view.append(canvas);
  figure.prepend(view);
  return canvas;
}

const views = new WeakMap<HTMLElement, View>();

function addControls(figure: HTMLElement): void {
  const actions = figure.dataset.actions;
  const canvas = figure.querySelector<HTMLElement>('.mermaid-canvas')!;
  const wanted = actions === undefined ? canvas.getBoundingClientRect().height > CONTROLS_FROM_HEIGHT : actions === 'true';
  figure.querySelector('.mermaid-controls')?.remove();
  if (!wanted) return void delete figure.dataset.controls;
  figure.dataset.controls = '';
  const view = views.get(figure) ?? { scale: 1, x: 0, y: 0 };
  views.set(figure, view);
  const apply = () => (canvas.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`);
  const controls = document.createElement('div');
  controls.className = 'mermaid-controls';
  controls.setAttribute('role', 'toolbar');
  controls.setAttribute('aria-label', 'Diagram view');
  const button = (name: string, label: string, glyph: string, act: () => void) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.dataset.control = name;
    element.setAttribute('aria-label', label);
    element.title = label;
    element.textContent = glyph;
    element.addEventListener('click', () => {
      act();
      apply();
    });
    controls.append(element);
  };
  const zoom = (factor: number) => (view.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor)));
  button('zoom-in', 'Zoom in', '+', () => zoom(ZOOM_STEP));
  button('zoom-out', 'Zoom out', '−', () => zoom(1 / ZOOM_STEP));
  button('up', 'Pan up', '↑', () => (view.y += PAN_STEP));
  button('down', 'Pan down', '↓', () => (view.y -= PAN_STEP));
  button('left', 'Pan left', '←', () => (view.x += PAN_STEP));
  button('right', 'Pan right', '→', () => (view.x -= PAN_STEP));
  button('reset', 'Reset view', '⟲', () => Object.assign(view, { scale: 1, x: 0, y: 0 }));
  figure.append(controls);
  apply();
}

if (figures.length > 0) {
  void drawAll();
  // The reader's theme switch toggles the root's `dark` class: diagrams follow it.
  new MutationObserver(() => {
    if (figures.some((figure) => figure.dataset.drawn !== undefined && (figure.dataset.theme === 'dark') !== isDark())) void drawAll();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
}
