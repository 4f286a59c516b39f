/**
 * The admin API's agent job (spec 2.1) and error (2.2), as zod schemas: the server
 * endpoint checks what the admin API sends before passing it on.
 */
import * as z from 'zod';

export const AGENT_JOB_STATUSES = ['active', 'completed', 'archived', 'failed'] as const;

/** Spec 3.1: a client polls until the job is in one of these. */
export const FINAL_STATUSES: ReadonlySet<AgentJobStatusValue> = new Set(['completed', 'archived', 'failed']);

const dateTime = z.iso.datetime({ offset: true });

export const agentJobSchema = z.object({
  id: z.string().min(1),
  status: z.enum(AGENT_JOB_STATUSES),
  source: z.object({
    repository: z.string().min(1),
    ref: z.string().nullable(),
  }),
  model: z.string(),
  prLink: z.url().nullable(),
  createdAt: dateTime,
  archivedAt: dateTime.nullable(),
});

export type AgentJob = z.infer<typeof agentJobSchema>;
export type AgentJobStatusValue = AgentJob['status'];

export const errorBodySchema = z.object({ error: z.string() });

/** `projectId` and `id` as the endpoint accepts them, before they reach an upstream URL. */
export const PATH_PARAMETER = /^[A-Za-z0-9_-]{1,128}$/;
