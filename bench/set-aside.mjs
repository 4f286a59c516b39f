// What a benchmark run replaces (a generated site, a build's output and caches) is moved
// aside, into `.work/.trash`, and deleted only when the run ends.
//
// Deleting it just before a build would be measured in that build: on a file system that
// avoids reusing freshly freed inodes (ext4 without a journal, as on the machines this
// benchmark runs on), creating a file skips, one by one, every inode freed in the last
// minute (six minutes while the freed inodes are not yet written back). After deleting the
// previous build's 27,000 files, a 3,000-page build of ours spent about 7 s more CPU in the
// kernel creating its own. A build on CI starts from a fresh checkout and pays none of it;
// Starlight's builds here are measured the same way.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const trash = fileURLToPath(new URL('.work/.trash/', import.meta.url));
let moved = 0;

export function setAside(target) {
  if (!existsSync(target)) return;
  mkdirSync(trash, { recursive: true });
  renameSync(target, path.join(trash, `${process.pid}-${moved++}-${path.basename(target)}`));
}

process.on('exit', () => rmSync(trash, { recursive: true, force: true }));
