// The API playground in the browser: opens the dialog, keeps credentials for the session,
// rebuilds the page's request samples from what is typed, sends the request (through the
// site's proxy when it has one, else from the browser) and shows the answer.
import { requestFromForm, type FormValues, type PlaygroundForm } from '../../core/openapi/playground-form.ts';
import { samplesFor, type SampleLanguage, type SampleRequest } from '../../core/openapi/samples.ts';
import { highlightJson } from './highlight-json.ts';

interface Model {
  form: PlaygroundForm;
  proxy?: string;
  languages: SampleLanguage[];
}

/** What the answer panel shows, whichever way the request went. */
interface Answer {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: string;
  binary: boolean;
  durationMs: number;
}

/** Answers longer than this are cut in the panel: a page is no place for megabytes. */
const SHOWN_BODY_CHARS = 200_000;
const CREDENTIAL_KEY = 'astro-docs-json:playground:';

const dialog = document.querySelector<HTMLDialogElement>('[data-playground]');
const modelScript = dialog?.querySelector('[data-playground-model]');
if (dialog && modelScript?.textContent) setUp(dialog, JSON.parse(modelScript.textContent) as Model);

function setUp(dialog: HTMLDialogElement, model: Model) {
  const form = dialog.querySelector<HTMLFormElement>('form')!;
  const open = document.querySelector<HTMLButtonElement>('[data-playground-open]');
  if (open) {
    open.hidden = false;
    open.addEventListener('click', () => dialog.showModal());
  }
  dialog.querySelector('[data-playground-close]')?.addEventListener('click', () => dialog.close());
  // A click on the backdrop (the dialog element itself, outside its content) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  restoreCredentials(form);
  const serverSelect = form.querySelector<HTMLSelectElement>('[data-server]');
  serverSelect?.addEventListener('change', () => {
    for (const group of form.querySelectorAll<HTMLElement>('[data-server-variables]')) group.hidden = group.dataset.serverVariables !== serverSelect.value;
  });
  form.addEventListener('input', (event) => {
    const target = event.target as HTMLElement;
    if (target.matches('[data-credential]')) sessionStorage.setItem(CREDENTIAL_KEY + target.dataset.field, (target as HTMLInputElement).value);
    showSamples(samplesFor(requestFromForm(formOf(form, model), valuesOf(form)), model.languages));
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(form, model);
  });
}

/** Credentials typed on another page of the site this session: kept in sessionStorage only, never in the URL. */
function restoreCredentials(form: HTMLFormElement) {
  for (const input of form.querySelectorAll<HTMLInputElement>('[data-credential]')) {
    const kept = sessionStorage.getItem(CREDENTIAL_KEY + input.dataset.field);
    if (kept) input.value = kept;
  }
}

/** The form, with the server typed in when the docs name none. */
function formOf(form: HTMLFormElement, model: Model): PlaygroundForm {
  const typed = form.querySelector<HTMLInputElement>('[data-server-url]');
  return typed ? { ...model.form, servers: [{ url: typed.value.trim().replace(/\/$/, ''), variables: [] }] } : model.form;
}

function valuesOf(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  const select = form.querySelector<HTMLSelectElement>('[data-server]');
  if (select) values.server = select.value;
  for (const element of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[data-field]')) {
    // Only the chosen server's variables count.
    if (element.closest<HTMLElement>('[data-server-variables]')?.hidden) continue;
    values[element.dataset.field!] = element instanceof HTMLInputElement && element.type === 'file' ? (element.files?.[0]?.name ?? '') : element.value;
  }
  return values;
}

/** The page's request samples, rewritten from the form (without highlighting: the text is what matters). */
function showSamples(samples: ReturnType<typeof samplesFor>) {
  const tabs = document.querySelector('[data-tabs][data-samples]');
  if (!tabs) return;
  for (const sample of samples) {
    const code = tabs.querySelector(`[data-sample="${sample.language}"] pre code`);
    if (code) code.textContent = sample.code;
  }
}

/** The first input the request cannot be sent without, with what it is called, or nothing. */
function missingInput(form: HTMLFormElement, model: Model): { element: HTMLElement; name: string } | undefined {
  const url = form.querySelector<HTMLInputElement>('[data-server-url]');
  if (url && !/^https?:\/\/[^/]/i.test(url.value.trim())) return { element: url, name: 'the server URL' };
  const required = [...model.form.parameters, ...(model.form.body?.fields ?? [])].filter((field) => field.required);
  for (const field of required) {
    const element = form.querySelector<HTMLInputElement>(`[data-field="${CSS.escape(field.id)}"]`);
    if (element && (element.type === 'file' ? !element.files?.length : element.value.trim() === '')) return { element, name: field.name };
  }
  return undefined;
}

async function send(form: HTMLFormElement, model: Model) {
  const status = form.querySelector<HTMLElement>('[data-playground-status]')!;
  const panel = form.querySelector<HTMLElement>('[data-playground-response]')!;
  const missing = missingInput(form, model);
  if (missing) {
    status.textContent = `Fill in ${missing.name} first.`;
    missing.element.focus();
    return;
  }
  const request = requestFromForm(formOf(form, model), valuesOf(form));
  const button = form.querySelector<HTMLButtonElement>('.playground-send')!;
  button.disabled = true;
  status.textContent = 'Sending…';
  panel.hidden = true;
  try {
    const body = await bodyOf(form, model.form, request);
    const answer = model.proxy ? await throughProxy(model.proxy, request, body) : await direct(request, body);
    // A page cannot set cookies on a request to another site; only the proxy can send them.
    const cookies = !model.proxy && request.headers.some(([name]) => name.toLowerCase() === 'cookie');
    status.replaceChildren(statusCode(answer), ` · ${answer.durationMs} ms`, cookies ? '. Cookies were not sent: a browser does not let a page set them on a request to another site.' : '');
    showAnswer(panel, answer);
  } catch (error) {
    status.textContent = error instanceof Error ? error.message : String(error);
  } finally {
    button.disabled = false;
  }
}

/** The body as the browser sends it: text, URL-encoded fields, or multipart with the chosen files. */
async function bodyOf(form: HTMLFormElement, model: PlaygroundForm, request: SampleRequest): Promise<BodyInit | undefined> {
  if (!request.body) return undefined;
  const { value } = request.body;
  if (model.body?.encoding === 'form') return new URLSearchParams(Object.entries(value as Record<string, string>).map(([k, v]) => [k, String(v)]));
  if (model.body?.encoding === 'multipart') {
    const data = new FormData();
    for (const field of model.body.fields) {
      const input = form.querySelector<HTMLInputElement>(`[data-field="${CSS.escape(field.id)}"]`);
      const file = input?.type === 'file' ? input.files?.[0] : undefined;
      if (file) data.append(field.name, file);
      else if ((value as Record<string, unknown>)[field.name] !== undefined) data.append(field.name, String((value as Record<string, unknown>)[field.name]));
    }
    return data;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const headersOf = (request: SampleRequest) => request.headers.filter(([name]) => name.toLowerCase() !== 'cookie');

async function direct(request: SampleRequest, body: BodyInit | undefined): Promise<Answer> {
  if (location.protocol === 'https:' && request.url.startsWith('http:')) {
    throw new Error('This page is served over HTTPS, and browsers refuse its requests to an http:// address. Choose an https:// server.');
  }
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(request.url, { method: request.method, headers: headersOf(request), ...(body === undefined ? {} : { body }), credentials: 'omit' });
  } catch {
    throw new Error(
      `No answer could be read from ${originOf(request.url)}. Browsers show a page only the answers an API allows it to read (CORS): the API may not allow this site, or it may be down or unreachable from here. The request samples run outside the browser.`,
    );
  }
  const text = await response.text();
  return { status: response.status, statusText: response.statusText, headers: [...response.headers], body: text, binary: false, durationMs: Math.round(performance.now() - started) };
}

async function throughProxy(proxy: string, request: SampleRequest, body: BodyInit | undefined): Promise<Answer> {
  const headers = [...request.headers];
  let encoded: { body?: string; bodyEncoding?: 'text' | 'base64' } = {};
  if (body !== undefined) {
    // The browser writes the multipart boundary: read the body back as bytes, with its type.
    const packed = new Request(location.href, { method: 'POST', body });
    const type = packed.headers.get('content-type');
    if (type && !headers.some(([name]) => name.toLowerCase() === 'content-type')) headers.push(['Content-Type', type]);
    const bytes = new Uint8Array(await packed.arrayBuffer());
    encoded = { body: base64(bytes), bodyEncoding: 'base64' };
  }
  let response: Response;
  try {
    response = await fetch(proxy, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ method: request.method, url: request.url, headers, ...encoded }) });
  } catch {
    throw new Error('This site\'s server did not answer: the request was not sent.');
  }
  const answer = (await response.json().catch(() => undefined)) as (Omit<Answer, 'binary'> & { bodyEncoding: string; error?: string }) | undefined;
  if (!response.ok || !answer || answer.error) throw new Error(answer?.error ?? `This site's server answered ${response.status}: the request was not sent.`);
  return { ...answer, binary: answer.bodyEncoding === 'base64' };
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : url);

function statusCode(answer: Answer): HTMLElement {
  const code = document.createElement('span');
  code.className = 'status';
  code.dataset.status = String(answer.status).charAt(0);
  code.textContent = `${answer.status} ${answer.statusText}`.trim();
  return code;
}

/** The answer's headers and body; its status is in the status line above. */
function showAnswer(panel: HTMLElement, answer: Answer) {
  const headers = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = `Headers (${answer.headers.length})`;
  const list = document.createElement('dl');
  for (const [name, value] of answer.headers) {
    const term = document.createElement('dt');
    term.textContent = name;
    const detail = document.createElement('dd');
    detail.textContent = value;
    list.append(term, detail);
  }
  headers.append(summary, list);
  panel.replaceChildren(headers, bodyBlock(answer));
  panel.hidden = false;
}

function bodyBlock(answer: Answer): HTMLElement {
  const pre = document.createElement('pre');
  pre.className = 'playground-answer-body';
  pre.tabIndex = 0;
  pre.setAttribute('aria-label', 'Response body');
  const code = document.createElement('code');
  pre.append(code);
  if (answer.binary) {
    code.textContent = `A binary body of ${Math.floor((answer.body.length * 3) / 4)} bytes.`;
    return pre;
  }
  const type = answer.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  const text = answer.body.length > SHOWN_BODY_CHARS ? `${answer.body.slice(0, SHOWN_BODY_CHARS)}\n… (cut: ${answer.body.length} characters in all)` : answer.body;
  let pretty: string | undefined;
  if (/json/i.test(type) || /^\s*[[{]/.test(text)) {
    try {
      pretty = JSON.stringify(JSON.parse(answer.body), null, 2);
    } catch {
      // Not JSON after all: shown as it came.
    }
  }
  if (pretty !== undefined && pretty.length <= SHOWN_BODY_CHARS) code.innerHTML = highlightJson(pretty);
  else code.textContent = text || '(empty body)';
  return pre;
}
