/**
 * What fails once rendering has begun, reported without a stack trace and with every other
 * failure once the build has tried every page:
 * - a page whose code throws while it renders (an expression, a component it uses, a file it
 *   imports): a warning (`pageFailure`), the page built with a notice in place of its
 *   content, as Mintlify builds the rest of a site around a page that fails;
 * - a component that throws, or that no renderer can render: a warning
 *   (`componentFailure`), the page built with a notice in the component's place;
 * - a page that cannot be compiled at all (`compileFailure`): an error, as when loading the
 *   site finds it.
 */
import type { Diagnostic } from '../diagnostics.ts';
import { failurePosition } from './failure-position.ts';

/** The component an error of Astro's or MDX's names: "Unable to render `Counter`", "Expected component `Icon` to be defined". */
const COMPONENT = /(?:render|component)\s+`([A-Za-z_$][\w$.]*)`/;

/** A page that threw while it rendered; `source`, the page's file as written, gives the line where it can. */
export function pageFailure(file: string, error: unknown, source?: string): Diagnostic {
  const { message } = error instanceof Error ? error : { message: String(error) };
  const component = COMPONENT.exec(message)?.[1];
  return {
    severity: 'warning',
    code: 'page-error',
    file,
    ...(source === undefined ? {} : failurePosition(source, error)),
    message: `${component ? `\`<${component}>\` failed while the page was rendered` : 'The page failed while it was rendered'}, and shows a notice in place of its content: ${reasonOf(error)}`,
    hint: component
      ? `Check how the page uses \`<${component}>\`, and the code that defines it; the rest of the site is built.`
      : 'Check the expressions of the page and the code of the files it imports: one of them threw; the rest of the site is built.',
  };
}

/** A page whose MDX or Markdown could not be compiled when it was rendered. */
export function compileFailure(file: string, error: unknown): Diagnostic {
  return {
    severity: 'error',
    code: 'render-failed',
    file,
    message: `The page could not be compiled: ${reasonOf(error)}`,
    hint: 'Check the page’s MDX or Markdown where the reason points.',
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
