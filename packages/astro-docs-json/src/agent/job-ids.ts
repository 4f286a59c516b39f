/**
 * Which ids the endpoint will ask the admin API about. Each check here answers before any
 * upstream call, so an id that cannot be a job of this site costs the admin key nothing.
 */
import { error, notFound, type AgentJobResponse } from './responses.ts';
import { PATH_PARAMETER } from './schema.ts';

export interface JobIdRules {
  /** When given, the only projects the endpoint serves. */
  projectIds?: readonly string[] | undefined;
  /** The form ids take (a regular expression's source), beyond PATH_PARAMETER's. */
  idPattern?: string | undefined;
  /** When given, the only job ids the endpoint serves. */
  allowedJobs?: readonly string[] | undefined;
}

/** A check of a request's ids: the answer to give without an upstream call, or undefined to go on. */
export function createJobIdCheck(rules: JobIdRules) {
  // Anchored whatever the site wrote, so a pattern cannot match a part of an id.
  const pattern = rules.idPattern ? new RegExp(`^(?:${rules.idPattern})$`) : undefined;
  const allowed = rules.allowedJobs ? new Set(rules.allowedJobs) : undefined;
  return function checkIds(projectId: string | undefined, id: string | undefined): AgentJobResponse | undefined {
    if (!projectId || !id || !PATH_PARAMETER.test(projectId) || !PATH_PARAMETER.test(id)) {
      return error(400, 'projectId and id are 1 to 128 letters, digits, "_" or "-".');
    }
    if (rules.projectIds && !rules.projectIds.includes(projectId)) return notFound();
    // An id that is not of the admin API's form, or not one the site lists, is no job of it.
    if (allowed && !allowed.has(id)) return notFound();
    if (pattern && !pattern.test(id)) return notFound();
    return undefined;
  };
}
