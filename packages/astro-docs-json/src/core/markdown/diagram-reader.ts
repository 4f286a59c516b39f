/** The thread that reads diagrams with Mermaid (`diagram-thread.ts`): a text in, Mermaid's problem with it out. */
import { answerOnThread } from '../off-thread.ts';
import { readDiagram } from './diagrams.ts';

answerOnThread(readDiagram);
