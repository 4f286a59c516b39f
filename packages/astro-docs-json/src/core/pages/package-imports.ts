/**
 * A page's import of a package (`import { Card } from "@mintlify/components"`), as Mintlify
 * treats it: Mintlify installs nothing a docs folder names, so it drops such an import with
 * a warning and the page's components are its built-in ones. Here an import of a package
 * that is installed where the docs are built is kept (the project really has it); one of a
 * package that is not, or of Mintlify's own packages (whatever is installed, Mintlify's
 * components are the built-in ones), is dropped the same way, by the check and the build
 * alike (`content-diagnostics.ts`, `mdx-module.ts`).
 */
import { existsSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { isBuiltInComponent } from '../markdown/built-in-components.ts';
import type { ImportBinding } from '../markdown/forgiving-mdx.ts';

export type DroppedImport = 'mintlify' | 'not-installed';

/** Packages every site has: React's, which this package provides to the pages that import them. */
const PROVIDED = new Set(['react', 'react-dom']);

/** The name of the package an import names: `@scope/name` or `name`, without a path inside it. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * Packages found installed, by the folder looked from: a site imports few packages from many
 * pages. One not found is looked for again next time: `astro dev` may see it installed since.
 */
const installed = new Set<string>();

/** Whether `name` is installed for a file in `folder`: in a `node_modules` of the folder or one above, as Node and the bundler look. */
function isInstalled(folder: string, name: string): boolean {
  const key = `${folder}\0${name}`;
  if (installed.has(key)) return true;
  const parent = path.dirname(folder);
  const found = existsSync(path.join(folder, 'node_modules', name, 'package.json')) || (parent !== folder && isInstalled(parent, name));
  if (found) installed.add(key);
  return found;
}

/**
 * Why an import of a package by the docs file `file` (relative to `docsDir`) is dropped,
 * or undefined when it is kept: Node's own modules, React, and installed packages.
 */
export function droppedImport(docsDir: string, file: string, specifier: string): DroppedImport | undefined {
  const name = packageName(specifier);
  if (name === '@mintlify' || name.startsWith('@mintlify/')) return 'mintlify';
  if (isBuiltin(specifier) || PROVIDED.has(name)) return undefined;
  return isInstalled(path.dirname(path.join(docsDir, file)), name) ? undefined : 'not-installed';
}

/**
 * The built-in component that stands in for a name a dropped import binds (`fromPackage`)
 * or an import of a missing file binds: the name it imports (`{ Card }`, `{ Card as C }`),
 * or a package's default export under a built-in's name (`import Card from "…/card"`).
 */
export function builtInStandIn(binding: ImportBinding, fromPackage: boolean): string | undefined {
  const name = binding.imported === 'default' ? (fromPackage ? binding.local : undefined) : binding.imported;
  return name !== undefined && name !== '*' && isBuiltInComponent(name) ? name : undefined;
}
