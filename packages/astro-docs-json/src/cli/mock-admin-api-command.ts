/**
 * `mock-admin-api`: a stand-in for the admin API's agent job endpoint on a local port, for
 * trying the site's agent jobs without the service; it runs until interrupted.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { DEFAULT_MOCK_JOBS, MOCK_FAULTS, mockJobSchema, startMockAdminApi, type MockFault, type MockJob } from '../agent/mock-admin-api.ts';

const isMockFault = (value: string): value is MockFault => (MOCK_FAULTS as readonly string[]).includes(value);

export async function mockAdminApiCommand(port: string | undefined, jobsFile: string | undefined, key: string | undefined, fault: string | undefined): Promise<number> {
  if (!port || !/^\d+$/.test(port)) {
    process.stderr.write('"mock-admin-api" needs a port, like: astro-docs-json mock-admin-api --port 4330\n');
    return 2;
  }
  if (fault !== undefined && !isMockFault(fault)) {
    process.stderr.write(`--fault is one of ${MOCK_FAULTS.join(', ')}, not "${fault}".\n`);
    return 2;
  }
  let jobs: MockJob[] | undefined;
  if (jobsFile) {
    const parsed = z.array(mockJobSchema).safeParse(JSON.parse(readFileSync(jobsFile, 'utf8')));
    if (!parsed.success) {
      process.stderr.write(`${jobsFile}: ${parsed.error.issues.map((issue) => `[${issue.path.join('.')}] ${issue.message}`).join('; ')}\n`);
      return 1;
    }
    jobs = parsed.data;
  }
  const api = await startMockAdminApi({ port: Number(port), key: key ?? process.env.DOCS_ADMIN_API_KEY ?? 'mint_mock_key', fault, ...(jobs ? { jobs } : {}) });
  process.stdout.write(`Mock admin API at ${api.url}: GET /v2/agent/{projectId}/job/{id}, jobs ${(jobs ?? DEFAULT_MOCK_JOBS).map((job) => `${job.projectId}/${job.id}`).join(', ')}\n`);
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  await api.close();
  return 0;
}
