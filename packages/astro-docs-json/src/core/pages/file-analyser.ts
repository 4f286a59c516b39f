/** The thread that analyses page files beside the calling one (`page-files.ts`): a file's name and text in, its analysis out. */
import { answerOnThread } from '../off-thread.ts';
import { analyzeText } from './page-files.ts';

answerOnThread(analyzeText);
