/** The thread that writes the MCP index (`mcp-index-thread.ts`). */
import { answerOnThread } from '../../core/off-thread.ts';
import { writeMcpIndexOf } from './mcp-index-thread.ts';

answerOnThread(writeMcpIndexOf);
