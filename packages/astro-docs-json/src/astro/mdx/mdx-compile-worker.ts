/**
 * The compiling worker (`mdx-compile-ahead.ts`): compiles the MDX files it is sent with the
 * settings of the site's Markdown processor, rebuilt here from what can cross to a thread
 * (docs.json's Markdown and the serialisable settings): the plugins are this package's own,
 * as the main thread's are when the site adds none.
 */
import { workerData } from 'node:worker_threads';
import { answerOnThread } from '../../core/off-thread.ts';
import { MdxCompilation } from './mdx-compile.ts';
import { settingsOnThread, type AheadJob, type CompileWorkerData } from './mdx-compile-ahead.ts';

const data = workerData as CompileWorkerData;
const compilation = new MdxCompilation(data.docsDir, settingsOnThread(data), data.languages);

// What fails here the main thread compiles again, to report the failure as it always does.
answerOnThread((job: AheadJob) => compilation.compile(job.file, job.text, job.key, job.content));
