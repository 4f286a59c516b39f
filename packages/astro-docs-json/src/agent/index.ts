/** `astro-docs-json/agent`: follow agent jobs through the site's endpoint. */
export { AgentJobError, DEFAULT_ENDPOINT, getAgentJob, pollAgentJob, type AgentJob, type AgentJobStatusValue, type ClientOptions, type PollOptions } from './client.ts';
