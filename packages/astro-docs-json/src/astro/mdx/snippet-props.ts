/**
 * A snippet's variables, as Mintlify reads them: every name an expression of a snippet
 * uses and the snippet does not define is a prop the page gives it. A page's
 * `<Run script="hello.py" />` fills ``{`uv run ${script}`}`` and `href={`/x/${script}`}`
 * alike, in text, attributes, conditions and the JSX inside them; a name no page gives is
 * undefined, and renders as nothing. MDX gives a file's props as `props`: each such name
 * is read from there (`props.script`).
 *
 * The names are found by parsing each expression (`freeNames`), not by their look: what
 * an expression declares (`(item) => item.name`), the snippet's imports and exports, the
 * built-in components and JavaScript's globals are left as they are.
 */
import type { Nodes, Root } from 'mdast';
import { parseSync } from 'vite';
import { isBuiltInComponent } from '../../core/markdown/built-in-components.ts';
import type { SourceEdit } from '../../core/markdown/url-escapes.ts';
import { freeNames } from './free-names.ts';

/** An expression of the file: its code, how it is made a program to parse, and where each of its characters is in the file. */
interface Expression {
  code: string;
  /** An attribute `{...spread}` is parsed as the spread of an object literal. */
  spread: boolean;
  at: (offset: number) => number;
}

/** `defined`: the names the snippet defines (its imports and exports, the components it uses, MDX's `props`). */
export function snippetPropEdits(source: string, tree: Root, defined: ReadonlySet<string>): SourceEdit[] {
  const isProp = (name: string) => !defined.has(name) && !(name in globalThis) && !isBuiltInComponent(name);
  const edits: SourceEdit[] = [];
  for (const { code, spread, at } of expressionsOf(source, tree)) {
    const prefix = spread ? '({' : '(';
    const { program, errors } = parseSync('expression.jsx', `${prefix}${code}\n${spread ? '})' : ')'}`, { lang: 'jsx', sourceType: 'module' });
    if (errors.length) continue; // MDX's compiler says why
    for (const { name, start, end, shorthand } of freeNames(program as never)) {
      if (!isProp(name)) continue;
      edits.push({ start: at(start - prefix.length), end: at(end - prefix.length - 1) + 1, text: `${shorthand ? `${name}: ` : ''}props.${name}` });
    }
  }
  return edits;
}

/** The expressions of the file's markup: `{…}` in its text, and attributes' values and spreads (`href={…}`, `{...rest}`). */
function expressionsOf(source: string, tree: Root): Expression[] {
  const expressions: Expression[] = [];
  const visit = (node: Nodes) => {
    const start = node.position?.start.offset;
    if ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && start !== undefined) {
      const at = located(source, start + 1, node.value);
      if (at) expressions.push({ code: node.value, spread: false, at });
    }
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && start !== undefined) {
      // Attributes have no position of their own: each is found after the one before.
      let from = start;
      for (const attribute of node.attributes) {
        const code = attribute.type === 'mdxJsxExpressionAttribute' ? attribute.value : typeof attribute.value === 'object' && attribute.value ? attribute.value.value : undefined;
        const found = code === undefined ? -1 : source.indexOf(`{${code}}`, from);
        if (code === undefined || found === -1) continue;
        expressions.push({ code, spread: attribute.type === 'mdxJsxExpressionAttribute', at: (offset) => found + 1 + offset });
        from = found + code.length + 2;
      }
    }
    if ('children' in node) (node.children as Nodes[]).forEach(visit);
  };
  visit(tree);
  return expressions;
}

/**
 * Where each character of an expression's `code` is in the file, from `from`: where it is
 * written as it is, or, inside a block quote or a list, with the markers that begin each of
 * its lines (`> `, indentation) between, which MDX's tree leaves out of its code.
 */
function located(source: string, from: number, code: string): ((offset: number) => number) | undefined {
  if (source.startsWith(code, from)) return (offset) => from + offset;
  const positions: number[] = [];
  let position = from;
  for (let index = 0; index < code.length; index++) {
    while (position < source.length && source[position] !== code[index]) {
      if (!/[\s>]/.test(source[position]!)) return undefined;
      position++;
    }
    if (position >= source.length) return undefined;
    positions.push(position++);
  }
  return (offset) => positions[offset]!;
}
