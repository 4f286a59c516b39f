// The GraphQL playground's script: sends the operation typed in the panel as a GraphQL
// POST (through the site's proxy when it has one, else from the browser) and shows the
// answer. The proxy's envelope is the one the OpenAPI playground sends (`playground/proxy.ts`).

interface Answer {
  status: number;
  statusText: string;
  body: string;
  durationMs: number;
}

for (const panel of document.querySelectorAll<HTMLElement>('[data-graphql-playground]')) {
  panel.hidden = false;
  const form = panel.querySelector('form')!;
  const status = panel.querySelector<HTMLElement>('[role="status"]')!;
  const output = panel.querySelector<HTMLElement>('.graphql-playground-response')!;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(panel, form, status, output);
  });
}

async function send(panel: HTMLElement, form: HTMLFormElement, status: HTMLElement, output: HTMLElement) {
  const fields = new FormData(form);
  const query = String(fields.get('query') ?? '');
  const variablesText = String(fields.get('variables') ?? '').trim();
  let variables: unknown;
  try {
    variables = variablesText ? JSON.parse(variablesText) : undefined;
  } catch {
    status.textContent = 'The variables are not valid JSON: nothing was sent.';
    return;
  }
  const authorization = String(fields.get('authorization') ?? '').trim();
  const headers: Array<[string, string]> = [['Content-Type', 'application/json'], ['Accept', 'application/json']];
  if (authorization) headers.push(['Authorization', authorization]);
  const body = JSON.stringify({ query, ...(variables === undefined ? {} : { variables }) });
  const endpoint = panel.dataset.endpoint!;
  status.textContent = 'Sending…';
  output.hidden = true;
  try {
    const answer = panel.dataset.proxy ? await throughProxy(panel.dataset.proxy, endpoint, headers, body) : await direct(endpoint, headers, body);
    status.textContent = `${answer.status} ${answer.statusText}`.trim() + ` · ${answer.durationMs} ms`;
    output.textContent = pretty(answer.body);
    output.hidden = false;
  } catch (failure) {
    status.textContent = failure instanceof Error ? failure.message : 'The request failed.';
  }
}

async function direct(endpoint: string, headers: Array<[string, string]>, body: string): Promise<Answer> {
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(endpoint, { method: 'POST', headers, body, credentials: 'omit' });
  } catch {
    throw new Error('The API could not be reached from your browser (it may not allow requests from this site).');
  }
  return { status: response.status, statusText: response.statusText, body: await response.text(), durationMs: Math.round(performance.now() - started) };
}

async function throughProxy(proxy: string, endpoint: string, headers: Array<[string, string]>, body: string): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(proxy, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ method: 'POST', url: endpoint, headers, body }) });
  } catch {
    throw new Error("This site's server did not answer: the request was not sent.");
  }
  const answer = (await response.json().catch(() => undefined)) as (Answer & { bodyEncoding?: string; error?: string }) | undefined;
  if (!response.ok || !answer || answer.error) throw new Error(answer?.error ?? `This site's server answered ${response.status}: the request was not sent.`);
  return { ...answer, body: answer.bodyEncoding === 'base64' ? atob(answer.body) : answer.body };
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
