/** `<Note>`, `<Tip>`, `<Info>`, `<Warning>`, `<Check>`, `<Danger>` and `<Callout>` in React, as `Callout.astro` draws them. */
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import type { BuiltInProps } from '../../core/markdown/built-in-registry.ts';
import { CALLOUT_LABELS, type CalloutKind } from '../components/mdx/callout-kinds.ts';
import { ContentIcon, Glyph, type NamedProps } from './parts.ts';

type CalloutProps = BuiltInProps<'Callout'> & NamedProps & { kind: CalloutKind };

export function Callout({ kind, icon, iconType, iconLibrary, color, componentName, children }: CalloutProps): ReactNode {
  return h(
    'aside',
    {
      className: 'callout',
      'data-component-name': componentName,
      'data-kind': kind,
      'aria-label': CALLOUT_LABELS[kind],
      style: typeof color === 'string' ? ({ '--callout': color } as CSSProperties) : undefined,
    },
    h('span', { className: 'callout-icon' }, icon !== undefined ? h(ContentIcon, { icon, iconType, iconLibrary }) : h(Glyph, { name: kind === 'callout' ? 'info' : kind })),
    h('div', { className: 'callout-body' }, children),
  );
}
