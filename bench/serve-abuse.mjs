// The abuse case of the serving benchmark (serve.mjs): one client asks the agent endpoint
// for 3,000 made-up job ids, 50 at a time, while a second client (another loopback
// address, so that no proxy header needs to be trusted) follows a job the site knows.
import { get, inParallel } from './serve-load.mjs';
import { KNOWN_JOB } from './serve-stages.mjs';
import { statuses, table, tally, wait } from './serve-report.mjs';

const SECOND_CLIENT = '127.0.0.2';

/** The second client asks for the known job every 250 ms until `done()`. */
async function follow(site, done) {
  const seen = [];
  while (!done()) {
    seen.push(await get(`${site.url}${KNOWN_JOB}`, { localAddress: SECOND_CLIENT }));
    await wait(250);
  }
  return seen;
}

export async function abuseStage(site, mock, { ids = 3_000, parallel = 50 } = {}) {
  // The known job is read once, as a reader would, before the stranger starts: it is active
  // for its first seconds, so the site asks upstream again while the abuse goes on.
  const primed = await get(`${site.url}${KNOWN_JOB}`, { localAddress: SECOND_CLIENT });
  const before = (await mock.stats()).received;
  const made = [];
  let finished = false;
  const started = performance.now();
  const following = follow(site, () => finished);
  await inParallel(ids, parallel, async (i) => made.push(await get(`${site.url}/api/agent/demo/job/job_x${i}`)));
  const seconds = (performance.now() - started) / 1000;
  finished = true;
  const during = await following;
  const upstream = (await mock.stats()).received - before;
  const rightAfter = await get(`${site.url}${KNOWN_JOB}`, { localAddress: SECOND_CLIENT });
  // Past the cache's time for an active job (3 s) and for a failure (5 s): the site must ask again.
  await wait(6_000);
  const later = await get(`${site.url}${KNOWN_JOB}`, { localAddress: SECOND_CLIENT });
  table(
    `Abuse: ${ids} made-up job ids from one client, ${parallel} at a time, and a second client's known job`,
    ['Made-up ids: statuses', 'Took', 'Upstream calls (both clients)', 'Known job (2nd client): before', 'during', 'right after', '6 s after'],
    [[statuses(tally(made)), `${seconds.toFixed(1)} s`, upstream, primed, statuses(tally(during)), rightAfter, later]],
  );
}
