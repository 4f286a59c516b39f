/**
 * `<Card>`, `<CardGroup>`, `<Columns>` and `<Column>` in React, as `Card.astro`,
 * `Columns.astro` and `Column.astro` draw them.
 */
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import type { BuiltInProps } from '../../core/markdown/built-in-registry.ts';
import { CARD_TYPES } from '../components/mdx/card-props.ts';
import { count, flag, isExternal, text } from '../components/mdx/prop-values.ts';
import { ContentIcon, Glyph, type NamedProps } from './parts.ts';

type CardProps = Omit<BuiltInProps<'Card'>, 'title'> & NamedProps & { title?: ReactNode };

export function Card({ title, icon, iconType, iconLibrary, color, horizontal, img, cta, arrow, componentName, children, ...props }: CardProps): ReactNode {
  const href = text(props.href);
  const external = href !== undefined && isExternal(href);
  const showArrow = href !== undefined && flag(arrow, external);
  const image = text(img);
  const action = text(cta);
  const type = CARD_TYPES.find((kind) => kind === props.type);
  const iconStyle = typeof color === 'string' ? { color } : undefined;
  const cardIcon = icon !== undefined ? h(ContentIcon, { icon, iconType, iconLibrary }) : type && h(Glyph, { name: type });
  const heading = typeof title === 'number' ? String(title) : title;
  return h(
    href ? 'a' : 'div',
    {
      className: 'card-box',
      'data-component-name': componentName,
      'data-horizontal': flag(horizontal) ? '' : undefined,
      'data-type': type,
      href,
      target: external ? '_blank' : undefined,
      rel: external ? 'noopener noreferrer' : undefined,
    },
    image && h('img', { className: 'card-image', src: image, alt: '', loading: 'lazy' }),
    cardIcon && h('span', { className: 'card-icon', style: iconStyle }, cardIcon),
    h(
      'div',
      { className: 'card-text' },
      heading !== undefined && heading !== null && heading !== '' && h('p', { className: 'card-title' }, heading),
      children !== undefined && children !== null && h('div', { className: 'card-content' }, children),
      (action || showArrow) && h('span', { className: 'card-cta' }, action, showArrow && h(Glyph, { name: external ? 'external' : 'arrow' })),
    ),
    external && h('span', { className: 'visually-hidden' }, ' (opens in a new tab)'),
  );
}

export function Columns({ cols, componentName, children }: BuiltInProps<'Columns'> & NamedProps): ReactNode {
  return h('div', { className: 'columns', 'data-component-name': componentName, style: { '--cols': count(cols, 2) } as CSSProperties }, children);
}

export function Column({ componentName, children }: NamedProps): ReactNode {
  return h('div', { className: 'column', 'data-component-name': componentName }, children);
}
