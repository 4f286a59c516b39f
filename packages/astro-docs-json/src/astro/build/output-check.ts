/** The thread that tells whether the output folder is as the last build left it (`outputAsLeft` in `kept-output.ts`). */
import { answerOnThread } from '../../core/off-thread.ts';
import { outputMatchesRecord } from './kept-output.ts';

answerOnThread(outputMatchesRecord);
