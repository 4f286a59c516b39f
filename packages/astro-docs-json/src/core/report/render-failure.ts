/**
 * A page that fails while it is rendered (a component that throws, one no renderer can
 * render) is one error naming the page, the component and the reason: no stack trace,
 * and reported with every other page that failed, once the build has tried them all.
 */
import type { Diagnostic } from '../diagnostics.ts';

/** The component an error of Astro's or MDX's names: "Unable to render `Counter`", "Expected component `Icon` to be defined". */
const COMPONENT = /(?:render|component)\s+`([A-Za-z_$][\w$.]*)`/;

export function renderFailure(file: string, error: unknown): Diagnostic {
  const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
  const component = COMPONENT.exec(message)?.[1];
  // The first sentence says what went wrong; Astro's errors go on with generic advice.
  const reason = message.split('\n')[0]!.replace(/\s+$/, '');
  return {
    severity: 'error',
    code: 'render-failed',
    file,
    message: `${component ? `\`<${component}>\`` : 'The page'} could not be rendered: ${name && name !== 'Error' ? `${name}: ` : ''}${reason}`,
    hint: component
      ? `Check how the page uses \`<${component}>\`, and the code that defines it.`
      : 'Check the expressions and components of the page: one of them threw while the page was rendered.',
  };
}
