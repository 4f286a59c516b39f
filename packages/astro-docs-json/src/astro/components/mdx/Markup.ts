/**
 * A prop given as markup (`title={<><Icon icon="rocket" /> Start</>}`), placed where an
 * Astro template shows it: templates print text, and the elements MDX makes are rendered
 * by MDX's JSX renderer, through a component.
 */
import { Fragment, jsx } from 'astro/jsx-runtime';

export const Markup = ({ value }: { value: unknown }) => jsx(Fragment, { children: value });
