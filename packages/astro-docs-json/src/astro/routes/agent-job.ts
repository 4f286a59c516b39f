// The agent job endpoint: server-rendered, it reads the admin key from the environment
// at run time and answers with the job, or a JSON error.
import type { APIRoute } from 'astro';
import agentJobs from 'virtual:astro-docs-json/agent-jobs';
import { createAgentJobHandler } from '../../agent/handler.ts';
import { createClientAddress } from '../../core/traffic/client-address.ts';
import { peerAddress } from '../server/peer-address.ts';

export const prerender = false;

const handle = createAgentJobHandler(agentJobs ?? { timeoutMs: 10_000 }, {
  // Looked up by a computed name on each request, so no bundler can inline the secret.
  env: (name) => globalThis.process?.env?.[name],
  fetch: (input, init) => fetch(input, init),
  now: Date.now,
  log: (message) => console.warn(`[astro-docs-json] ${message}`),
});

const clientOf = createClientAddress(agentJobs?.trustedProxies ?? []);

export const GET: APIRoute = async (context) => {
  const peer = peerAddress(context);
  const client = peer === undefined ? undefined : clientOf(peer, context.request.headers);
  const { status, body, headers } = await handle(context.params.projectId, context.params.id, client);
  return new Response(JSON.stringify(body), { status, headers });
};
