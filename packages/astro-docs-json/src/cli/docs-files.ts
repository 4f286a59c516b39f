/**
 * The docs folder's files as the command line's checks read them: only inside the folder,
 * and pages and snippets with docs.json's `variables` replaced, as the site shows them.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { replaceVariables } from '../core/markdown/variables.ts';
import type { Site } from '../core/site/load-site.ts';
import { ignoredFile, type IgnoredFile } from '../core/pages/mintignore.ts';
import { fileStatus } from '../core/pages/references.ts';

export interface DocsFiles {
  /** A file's text, relative to the docs folder; undefined when it is not there, lies outside or is ignored (`.mintignore`). */
  read(file: string): string | undefined;
  /** Whether the docs folder has this file (relative to it, `%` escapes allowed): images, PDFs. */
  isFile(file: string): boolean;
  /** The file a path of the site (`/drafts/intro`, `/images/x.png`) would lead to, when `.mintignore` leaves it out. */
  ignored(path: string): IgnoredFile | undefined;
}

export function docsFiles(site: Site): DocsFiles {
  const { docsDir } = site;
  const inside = (file: string) => {
    const full = path.resolve(docsDir, file);
    return full.startsWith(docsDir + path.sep) ? full : undefined;
  };
  // A file `.mintignore` leaves out is not published: it is not read, and a link to it leads nowhere, as on Mintlify.
  const usable = (file: string) => {
    const full = inside(file);
    return full !== undefined && fileStatus(docsDir, full) === 'inside' ? full : undefined;
  };
  return {
    read: (file) => {
      const full = usable(file);
      const text = full && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
      return text !== undefined && /\.mdx?$/i.test(file) ? replaceVariables(text, site.config?.variables) : text;
    },
    isFile: (file) => {
      const full = usable(decodeSafely(file));
      return full !== undefined && statSync(full).isFile();
    },
    ignored: (urlPath) => {
      const file = decodeSafely(urlPath).replace(/^\/+/, '');
      return inside(file) ? ignoredFile(docsDir, [file, `${file}.mdx`, `${file}.md`]) : undefined;
    },
  };
}

function decodeSafely(file: string): string {
  try {
    return decodeURI(file);
  } catch {
    return file;
  }
}
