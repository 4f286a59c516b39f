/**
 * A drawing worker: draws the images it is given into the cache, one at a time, and says
 * how many it drew. The build starts it beside the pages' rendering (`social-images.ts`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SocialImageSite } from '../../core/seo/social-image.ts';
import { drawInto, SocialImageDrawer, type DrawingJob, type FontData } from './social-image-drawing.ts';

export interface WorkerInput {
  site: SocialImageSite;
  fonts: FontData[];
  jobs: DrawingJob[];
}

const { site, fonts, jobs } = workerData as WorkerInput;
const drawer = await SocialImageDrawer.create(site, fonts);
for (const job of jobs) await drawInto(drawer, job);
parentPort!.postMessage(jobs.length);
