/**
 * The built-in components as React components, for the code React renders: `.jsx` snippets
 * written for React, and the page's components that React renders or is given
 * (`withReactGlobals` declares each one it names with `builtIn`). On Mintlify every
 * built-in is a React component; here they are Astro's, which exist only on the server.
 *
 * The built-ins a React component is likely to draw from its state have a twin that React
 * draws the same way, on the server and in the browser: the callouts, cards and columns,
 * tabs, and `<CodeBlock>` (drawn by the build, highlighted by the browser when its code
 * changes there). Every other one is drawn by the server as on any page (`ServerHtml`), and
 * kept as drawn in the browser; should a React component give it other props there, it
 * shows its children alone, and says so on the browser's console.
 */
import { createElement as h, useEffect, type FunctionComponent, type ReactNode } from 'react';
import { builtInMembers } from '../../core/markdown/built-in-components.ts';
import type { CalloutKind } from '../components/mdx/callout-kinds.ts';
import { Callout } from './callout.ts';
import { Card, Column, Columns } from './card.ts';
import { CodeBlock } from './code-block.ts';
import { ServerHtml } from './server-html.ts';
import { Tab, Tabs } from './tabs.ts';

type Component = FunctionComponent<Record<string, unknown> & { children?: ReactNode }>;

const callout = (kind: CalloutKind): Component => (props) => h(Callout, { ...props, kind });

const twins: Record<string, Component> = {
  Callout: callout('callout'),
  Card: Card as Component,
  CardGroup: Columns as Component,
  Check: callout('check'),
  CodeBlock: CodeBlock as Component,
  Column: Column as Component,
  Columns: Columns as Component,
  Danger: callout('danger'),
  Info: callout('info'),
  Note: callout('note'),
  Tab: Tab as Component,
  Tabs: Tabs as Component,
  Tip: callout('tip'),
  Warning: callout('warning'),
};

const made = new Map<string, Component>();

/** The React component of the built-in `name`, with its members (`Tree.Folder`); one per name. */
export function builtIn(name: string): Component {
  let component = made.get(name);
  if (!component) {
    const twin = twins[name];
    component = twin ? Object.assign(named(name, (props) => h(twin, { ...props, componentName: name })), { twin }) : drawnByServer(name);
    for (const member of builtInMembers(name) ?? []) Object.assign(component, { [member]: drawnByServer(`${name}.${member}`) });
    made.set(name, component);
  }
  return component;
}

function drawnByServer(name: string): Component {
  return named(name, ({ children, ...props }) => h(ServerHtml, { what: name, props: { ...props, children }, fallback: h(Undrawn, { name }, children) }));
}

/** A drawn built-in that the browser cannot draw from its new props: its children. */
function Undrawn({ name, children }: { name: string; children?: ReactNode }): ReactNode {
  useEffect(() => warnOnce(name), [name]);
  return children;
}

const warned = new Set<string>();
function warnOnce(name: string) {
  if (warned.has(name)) return;
  warned.add(name);
  console.warn(`astro-docs-json: <${name}> was drawn when the site was built; given other props in the browser, it shows its content alone.`);
}

const named = (name: string, component: Component): Component => Object.assign(component, { displayName: name });
