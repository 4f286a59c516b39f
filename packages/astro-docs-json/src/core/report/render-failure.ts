/**
 * A page that fails while it is rendered is one error naming the page, the component and
 * the reason: no stack trace, and reported with every other page that failed, once the
 * build has tried them all. A component that throws, or that no renderer can render, is a
 * warning instead (`componentFailure`): the page is built with a notice in its place.
 */
import type { Diagnostic } from '../diagnostics.ts';

/** The component an error of Astro's or MDX's names: "Unable to render `Counter`", "Expected component `Icon` to be defined". */
const COMPONENT = /(?:render|component)\s+`([A-Za-z_$][\w$.]*)`/;

export function renderFailure(file: string, error: unknown): Diagnostic {
  const { message } = error instanceof Error ? error : { message: String(error) };
  const component = COMPONENT.exec(message)?.[1];
  return {
    severity: 'error',
    code: 'render-failed',
    file,
    message: `${component ? `\`<${component}>\`` : 'The page'} could not be rendered: ${reasonOf(error)}`,
    hint: component
      ? `Check how the page uses \`<${component}>\`, and the code that defines it.`
      : 'Check the expressions and components of the page: one of them threw while the page was rendered.',
  };
}

/** An error's first line, after its kind: Astro's errors go on with generic advice, and a stack says nothing to the author of a page. */
export function reasonOf(error: unknown): string {
  const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
  const reason = message.split('\n')[0]!.replace(/\s+$/, '');
  return `${name && name !== 'Error' ? `${name}: ` : ''}${reason}`;
}

/**
 * A component that threw while its page was rendered, or that no renderer could render:
 * the page shows a notice in its place and the build goes on, as a page on Mintlify
 * stands when one of its components fails in the browser. `strict` makes it an error.
 */
export function componentFailure(file: string, component: string, error: unknown): Diagnostic {
  return {
    severity: 'warning',
    code: 'component-error',
    file,
    message: `\`<${component}>\` failed while the page was rendered, and shows a notice in its place: ${reasonOf(error)}`,
    hint: `Check the code that defines \`<${component}>\` and the props the page gives it; the rest of the page is built.`,
  };
}
