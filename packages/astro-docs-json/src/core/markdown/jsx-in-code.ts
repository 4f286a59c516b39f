/**
 * JSX inside code: an attribute's value (`label={<><Icon icon="rocket" /> Start</>}`), an
 * expression, a component a page defines (`export const X = () => <Card />`), a `.jsx`
 * snippet. MDX's tree does not parse code, so these are read from its text: well enough
 * to know which components and icons the code names, and whether it is written for React.
 */

/**
 * An opening tag of a component: `<Name` or `<Name.Member`, not preceded by a name or a
 * closing bracket (`a<B`, `useState<T>` and `f()<G` are comparisons and type arguments).
 */
const COMPONENT_TAG = /(?<![\w$)\].])<([A-Z][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?=[\s/>])/g;
const ICON_ATTRIBUTE = /\bicon\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const ICON_TYPE_ATTRIBUTE = /\biconType\s*=\s*(?:"([^"]*)"|'([^']*)')/;

export interface TagInCode {
  name: string;
  /** The tag's `icon="..."` and `iconType="..."`, where written as strings. */
  icon?: string;
  iconType?: string;
}

/** Whether a name is a component's, as JSX reads it: capitalized (`Card`), not an element's (`div`). */
export const isComponentName = (name: string) => /^[A-Z]/.test(name);

/** The members the tags in `code` give the component `name` (`<UI.Card>`: `Card`), each once. */
export function membersUsed(code: string, name: string): string[] {
  return [...new Set(componentTagsIn(code).flatMap((tag) => (tag.name.startsWith(`${name}.`) ? [tag.name.slice(name.length + 1)] : [])))];
}

/** The component tags in a piece of code, with the icons they name. */
export function componentTagsIn(code: string): TagInCode[] {
  const tags: TagInCode[] = [];
  for (const match of code.matchAll(COMPONENT_TAG)) {
    const end = code.indexOf('>', match.index);
    const attributes = code.slice(match.index + match[0].length, end === -1 ? undefined : end);
    const icon = ICON_ATTRIBUTE.exec(attributes);
    const iconType = ICON_TYPE_ATTRIBUTE.exec(attributes);
    tags.push({
      name: match[1]!,
      ...(icon ? { icon: icon[1] ?? icon[2]! } : {}),
      ...(iconType ? { iconType: iconType[1] ?? iconType[2]! } : {}),
    });
  }
  return tags;
}

/** A prop whose value is a component's name: `Block={CodeBlock}`. */
const COMPONENT_VALUE = /=\s*\{\s*([A-Z][\w$]*)\s*\}/g;

/** The components code gives as values of props (`<Playground Block={CodeBlock} />`), by their root names. */
export function componentValuesIn(code: string): string[] {
  return [...code.matchAll(COMPONENT_VALUE)].map((match) => match[1]!);
}

/** React's hooks, which Mintlify gives components without an import. */
export const REACT_HOOKS = [
  'useState',
  'useEffect',
  'useLayoutEffect',
  'useInsertionEffect',
  'useRef',
  'useMemo',
  'useCallback',
  'useContext',
  'useReducer',
  'useId',
  'useTransition',
  'useDeferredValue',
  'useSyncExternalStore',
  'useImperativeHandle',
  'useDebugValue',
  'useOptimistic',
  'useActionState',
] as const;

const HOOK_CALL = new RegExp(`\\b(?:React\\.)?(?:${REACT_HOOKS.join('|')})\\s*\\(`);
/** `onClick={...}`: an event handler, which only a component that runs in the browser needs. */
const EVENT_HANDLER = /\bon[A-Z]\w*\s*=\s*\{/;

/**
 * Whether code is written for React and means to run in the browser: it calls hooks or
 * handles events. Such components are rendered by React and hydrated; others render on
 * the server alone, where Astro's JSX can also place the built-in components inside them.
 */
export function isInteractiveReact(code: string): boolean {
  return HOOK_CALL.test(code) || EVENT_HANDLER.test(code);
}

/** The hooks code calls by their bare name, which it must then be given. */
export function hooksCalledIn(code: string): string[] {
  return REACT_HOOKS.filter((hook) => new RegExp(`(?<![\\w$.])${hook}\\s*\\(`).test(code));
}
