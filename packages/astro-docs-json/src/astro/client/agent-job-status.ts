// <agent-job-status>: polls the site's endpoint and shows the job as it moves on.
import { pollAgentJob, type AgentJob } from '../../agent/client.ts';

const STATUS_WORDS: Record<AgentJob['status'], string> = {
  active: 'Active',
  completed: 'Completed',
  archived: 'Archived',
  failed: 'Failed',
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function time(iso: string): HTMLTimeElement {
  const node = element('time', new Date(iso).toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' }), { datetime: iso });
  return node;
}

function render(job: AgentJob): HTMLElement {
  const list = element('dl');
  const row = (term: string, ...definition: Array<Node | string>) => {
    const dd = element('dd');
    dd.append(...definition);
    list.append(element('dt', term), dd);
  };
  row('Status', element('span', STATUS_WORDS[job.status], { class: 'agent-job-status', 'data-status': job.status }));
  const repository = /^https?:\/\//.test(job.source.repository) ? element('a', job.source.repository, { href: job.source.repository }) : job.source.repository;
  row('Repository', repository, ...(job.source.ref ? [' on ', element('code', job.source.ref)] : []));
  row('Model', job.model);
  if (job.prLink) row('Pull request', element('a', job.prLink, { href: job.prLink, class: 'agent-job-pr' }));
  else if (job.status === 'completed') row('Pull request', 'None: the agent changed no files.');
  else if (job.status === 'active') row('Pull request', 'Not yet: the agent is still working.');
  row('Created', time(job.createdAt));
  if (job.archivedAt) row('Archived', time(job.archivedAt));
  return list;
}

class AgentJobStatusElement extends HTMLElement {
  private controller: AbortController | undefined;

  connectedCallback() {
    const { projectId, jobId, endpoint, interval } = this.dataset;
    const body = this.querySelector<HTMLElement>('.agent-job-body');
    if (!projectId || !jobId || !endpoint || !body) return;
    this.controller = new AbortController();
    const show = (content: Node) => body.replaceChildren(content);
    pollAgentJob(projectId, jobId, {
      endpoint,
      signal: this.controller.signal,
      ...(interval ? { intervalMs: Number(interval) } : {}),
      onUpdate: (job) => {
        this.dataset.status = job.status;
        show(render(job));
      },
    }).catch((error: Error) => {
      if (error.name !== 'AbortError') show(element('p', error.message, { class: 'agent-job-message agent-job-error' }));
    });
  }

  disconnectedCallback() {
    this.controller?.abort();
  }
}

if (!customElements.get('agent-job-status')) customElements.define('agent-job-status', AgentJobStatusElement);
