/** The thread that analyses page files beside the calling one (`file-analysis.ts`): a file's name and text in, its analysis out. */
import { answerOnThread } from '../off-thread.ts';
import { analyzeText } from './file-analysis.ts';

answerOnThread(analyzeText);
