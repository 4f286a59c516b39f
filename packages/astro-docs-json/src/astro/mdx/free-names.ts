/**
 * The names a piece of JavaScript uses without defining them: its free identifiers, read
 * from its syntax tree (ESTree, as the parser gives it) with the scopes JavaScript gives
 * names: a function's parameters and declarations, a block's `let`, `const`, `class` and
 * `function`, a `catch`'s parameter. Property names (`a.b`, `{ b: 1 }`), labels and JSX
 * tag names are not uses of a name.
 */

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** A use of a name nothing in the code defines; `shorthand` when it is a shorthand property (`{ name }`), which names the property too. */
export interface FreeName {
  name: string;
  start: number;
  end: number;
  shorthand: boolean;
}

interface Scope {
  names: Set<string>;
  parent?: Scope;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
const children = (node: Node): Node[] =>
  Object.entries(node).flatMap(([key, value]) => (key === 'type' ? [] : Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : []));
const defines = (scope: Scope | undefined, name: string): boolean => scope !== undefined && (scope.names.has(name) || defines(scope.parent, name));

/** The names a pattern binds: `a`, `{ a, b: [c, ...d] }`, `e = 1`. */
function boundNames(pattern: unknown): string[] {
  if (!isNode(pattern)) return [];
  if (pattern.type === 'Identifier') return [pattern.name as string];
  if (pattern.type === 'ObjectPattern') return (pattern.properties as Node[]).flatMap((property) => boundNames(property.type === 'RestElement' ? property.argument : property.value));
  if (pattern.type === 'ArrayPattern') return (pattern.elements as unknown[]).flatMap(boundNames);
  if (pattern.type === 'AssignmentPattern') return boundNames(pattern.left);
  if (pattern.type === 'RestElement') return boundNames(pattern.argument);
  return [];
}

/** The names the statements of a block declare in it. */
function blockNames(statements: readonly Node[]): string[] {
  return statements.flatMap((statement) => {
    if (statement.type === 'VariableDeclaration') return (statement.declarations as Node[]).flatMap((declarator) => boundNames(declarator.id));
    if ((statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') && isNode(statement.id)) return [statement.id.name as string];
    return [];
  });
}

/** The `var`s of a function's body, in blocks nested in it too (not in functions nested in it). */
function varNames(node: Node): string[] {
  if (/Function/.test(node.type)) return [];
  const own = node.type === 'VariableDeclaration' && node.kind === 'var' ? (node.declarations as Node[]).flatMap((declarator) => boundNames(declarator.id)) : [];
  return [...own, ...children(node).flatMap(varNames)];
}

/**
 * The names a node that opens a scope declares in it: a block's (and a program's), a class's
 * own name, a `for`'s head, a `catch`'s parameter; undefined for a node that opens none.
 * (A function's scope is made where it is visited.)
 */
function scopeNames(node: Node): string[] | undefined {
  switch (node.type) {
    case 'Program':
    case 'BlockStatement':
    case 'StaticBlock':
      return blockNames(node.body as Node[]);
    case 'ClassDeclaration':
    case 'ClassExpression':
      return isNode(node.id) ? [node.id.name as string] : [];
    case 'ForStatement':
    case 'ForInStatement':
    case 'ForOfStatement': {
      const head = (node.init ?? node.left) as Node | null;
      return head?.type === 'VariableDeclaration' ? blockNames([head]) : [];
    }
    case 'CatchClause':
      return boundNames(node.param);
    default:
      return undefined;
  }
}

const inScope = (names: Iterable<string>, parent: Scope | undefined): Scope => ({ names: new Set(names), ...(parent ? { parent } : {}) });

/** The free names of `root`, in the order they come. */
export function freeNames(root: Node): FreeName[] {
  const found: FreeName[] = [];
  const use = (identifier: Node, scope: Scope | undefined, shorthand = false) => {
    const name = identifier.name as string;
    if (!defines(scope, name)) found.push({ name, start: identifier.start, end: identifier.end, shorthand });
  };
  /** A pattern's uses: its default values and computed keys (`{ [k]: a = b }`); its names are declared, or assigned (`({ a } = b)`: `assign`). */
  const pattern = (node: unknown, scope: Scope | undefined, assign: boolean): void => {
    if (!isNode(node)) return;
    if (node.type === 'Identifier') return assign ? use(node, scope) : undefined;
    if (node.type === 'AssignmentPattern') return (pattern(node.left, scope, assign), visit(node.right as Node, scope));
    if (node.type === 'Property') {
      if (node.computed) visit(node.key as Node, scope);
      if (assign && node.shorthand && isNode(node.value) && node.value.type === 'Identifier') return use(node.value, scope, true);
      return pattern(node.value, scope, assign);
    }
    if (node.type === 'MemberExpression') return visit(node, scope);
    children(node).forEach((child) => pattern(child, scope, assign));
  };
  const visitFunction = (node: Node, scope: Scope | undefined) => {
    const body = node.body as Node;
    const own = [...(node.type === 'FunctionExpression' && isNode(node.id) ? [node.id.name as string] : []), ...(node.type === 'ArrowFunctionExpression' ? [] : ['arguments']), ...(node.params as Node[]).flatMap(boundNames)];
    const inner = inScope([...own, ...varNames(body), ...(body.type === 'BlockStatement' ? blockNames(body.body as Node[]) : [])], scope);
    (node.params as Node[]).forEach((param) => pattern(param, inner, false));
    if (body.type === 'BlockStatement') (body.body as Node[]).forEach((statement) => visit(statement, inner));
    else visit(body, inner);
  };
  const visit = (node: Node, scope: Scope | undefined): void => {
    switch (node.type) {
      case 'Identifier':
        return use(node, scope);
      case 'MemberExpression':
        visit(node.object as Node, scope);
        return node.computed ? visit(node.property as Node, scope) : undefined;
      case 'Property':
      case 'MethodDefinition':
      case 'PropertyDefinition':
        if (node.computed) visit(node.key as Node, scope);
        if (node.type === 'Property' && node.shorthand && isNode(node.value) && node.value.type === 'Identifier') return use(node.value, scope, true);
        return isNode(node.value) ? visit(node.value, scope) : undefined;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return visitFunction(node, scope);
      case 'VariableDeclarator':
        pattern(node.id, scope, false);
        return isNode(node.init) ? visit(node.init, scope) : undefined;
      case 'AssignmentExpression':
        pattern(node.left, scope, true);
        return visit(node.right as Node, scope);
      case 'LabeledStatement':
        return visit(node.body as Node, scope);
      case 'BreakStatement':
      case 'ContinueStatement':
      case 'MetaProperty':
        return undefined;
      default: {
        // A class's name, a `catch`'s parameter, a `for`'s variables: declared in the scope they open.
        const names = scopeNames(node);
        const inner = names ? inScope(names, scope) : scope;
        return children(node).forEach((child) => visit(child, inner));
      }
    }
  };
  visit(root, undefined);
  return found;
}
