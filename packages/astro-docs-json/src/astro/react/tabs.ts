/**
 * `<Tabs>` and `<Tab>` in React, as `Tabs.astro` and `Tab.astro` draw them once the page's
 * script has made them a tab list (`client/docs.ts`): React keeps which tab is chosen, so
 * the script, which works on the page's HTML, leaves them alone (no `data-tabs`).
 */
import { Children, cloneElement, createElement as h, isValidElement, useId, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import type { BuiltInProps } from '../../core/markdown/built-in-registry.ts';
import { count, flag, plainText } from '../components/mdx/prop-values.ts';
import { ContentIcon, type NamedProps } from './parts.ts';

type TabProps = Omit<BuiltInProps<'Tab'>, 'title'> &
  NamedProps & {
    title?: ReactNode;
    /** Given by `<Tabs>`: the panel's place in the tab list. */
    panel?: { id: string; tabId: string; hidden: boolean };
  };

export function Tab({ title, icon, iconType, iconLibrary, componentName, panel, children }: TabProps): ReactNode {
  return h(
    'section',
    {
      className: 'tab-panel',
      'data-component-name': componentName,
      'data-tab-label': plainText(title),
      ...(panel ? { id: panel.id, role: 'tabpanel', 'aria-labelledby': panel.tabId, hidden: panel.hidden } : {}),
    },
    h('p', { className: 'tab-title', 'data-tab-title': '' }, icon !== undefined && h(ContentIcon, { icon, iconType, iconLibrary }), title),
    children,
  );
}

/** Whether an element is a `<Tab>`: this component, or the built-in that draws it (`built-ins.ts`). */
const isTab = (child: unknown): child is ReactElement<TabProps> =>
  isValidElement(child) && (child.type === Tab || (child.type as { twin?: unknown }).twin === Tab);

type TabsProps = BuiltInProps<'Tabs'> & NamedProps;

export function Tabs({ defaultTabIndex, borderBottom, componentName, children }: TabsProps): ReactNode {
  const tabs = Children.toArray(children).filter(isTab);
  const [chosen, choose] = useState(() => Math.min(count(defaultTabIndex, 0), Math.max(tabs.length - 1, 0)));
  const id = useId();
  const ready = tabs.length >= 2;
  const ids = (index: number) => ({ id: `${id}panel-${index}`, tabId: `${id}tab-${index}` });
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key]! + tabs.length) % tabs.length;
    choose(next);
    document.getElementById(ids(next).tabId)?.focus();
  };
  const list = h(
    'div',
    { role: 'tablist' },
    tabs.map((tab, index) =>
      h(
        'button',
        { key: index, type: 'button', role: 'tab', id: ids(index).tabId, 'aria-controls': ids(index).id, 'aria-selected': index === chosen, tabIndex: index === chosen ? 0 : -1, onClick: () => choose(index), onKeyDown: onKeyDown(index) },
        tab.props.icon !== undefined && h(ContentIcon, { icon: tab.props.icon, iconType: tab.props.iconType, iconLibrary: tab.props.iconLibrary }),
        plainText(tab.props.title) || `Tab ${index + 1}`,
      ),
    ),
  );
  let index = -1;
  const panels = Children.map(children, (child) => (ready && isTab(child) ? cloneElement(child, { panel: { ...ids(++index), hidden: index !== chosen } }) : child));
  return h('div', { className: 'tab-group', 'data-component-name': componentName, 'data-tabs-ready': ready ? '' : undefined, 'data-border-bottom': flag(borderBottom) ? '' : undefined }, ready && list, panels);
}
