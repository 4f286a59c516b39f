// The page's code blocks get their buttons (code-block-buttons.ts).
import { addCodeBlockButtons } from './code-block-buttons.ts';

document.querySelectorAll<HTMLElement>('.code-block').forEach((block, index) => addCodeBlockButtons(block, `code-block-${index + 1}`));
