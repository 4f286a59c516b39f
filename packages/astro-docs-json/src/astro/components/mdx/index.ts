/**
 * The components pages use without importing them (`BUILT_IN_COMPONENTS`). The site's
 * Vite plugin adds `export const Card = component('Card', [])` to each MDX file that uses
 * one, so that snippets get them as pages do.
 */
import { Fragment, jsx } from 'astro/jsx-runtime';
import { BUILT_IN_COMPONENTS } from '../../../core/markdown/built-in-components.ts';
import AgentJobStatus from '../AgentJobStatus.astro';

type Component = (...args: never[]) => unknown;

/** Renders its children and nothing else: what a component nobody provides becomes. */
export const passthrough = (props: { children?: unknown }) => jsx(Fragment, { children: props.children });

const builtIns: Record<string, Component> = {
  AgentJobStatus,
};

/**
 * The component a page's `<Name>` (or `<Name.Member>`) stands for: the built-in one, or
 * one that shows only its children. A member that the component lacks is added the same
 * way, on a wrapper, so that the built-in itself is left as it is.
 */
export function component(name: string, members: readonly string[]): Component {
  const known = Object.hasOwn(BUILT_IN_COMPONENTS, name) ? builtIns[name] : undefined;
  const knownMembers = BUILT_IN_COMPONENTS[name] ?? [];
  if (known && members.every((member) => knownMembers.includes(member))) return known;
  const base: Component = known ? (props: object) => jsx(known, props) : passthrough;
  return Object.assign(
    (props: object) => base(props as never),
    Object.fromEntries(members.map((member) => [member, (known as Record<string, Component> | undefined)?.[member] ?? passthrough])),
  );
}
