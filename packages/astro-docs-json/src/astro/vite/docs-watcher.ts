/**
 * The docs folder, watched for the dev server with one `fs.watch` per folder, its changes
 * handed to Vite's watcher as chokidar's own events (`add`, `change`, `unlink`, `addDir`,
 * `unlinkDir`, and `all`), so that Vite, Astro and our reload see what they always saw.
 * Vite's chokidar stats and watches every file apart: at 25,200 pages, 2 s of the dev
 * server's start on its only thread, before it answered the first page. A folder's watch
 * tells of each file in it, so the start only lists the folders. Vite's watcher is told to
 * leave the docs folder to this one (`covers`); where a folder cannot be watched (the
 * system's limit on watches), the whole folder goes back to Vite's watcher.
 */
import { lstatSync, readdirSync, realpathSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import path from 'node:path';

/** What the events go to: Vite's watcher (chokidar's `FSWatcher`). */
export interface WatchEventSink {
  emit(event: string, ...args: unknown[]): boolean;
  add(paths: string | readonly string[]): unknown;
}

/** Folders Vite's watcher leaves alone wherever they are (Vite's defaults). */
const LEFT_OUT_NAMES = new Set(['node_modules', '.git', 'test-results']);
/**
 * How long a file's events are left to settle before it is looked at: an editor that saves
 * by writing another file and renaming it over this one makes it vanish for a moment, which
 * is one change, not an unlink and an add (chokidar's `atomic` waits 100 ms for the same).
 */
const SETTLE_MS = 50;

interface WatchedFolder {
  watcher: FSWatcher;
  /** The names of the files in it (not its folders), as last seen. */
  files: Set<string>;
}

export class DocsFolderWatcher {
  private readonly root: string;
  private readonly folders = new Map<string, WatchedFolder>();
  /** Folders left out by their path (Astro's output and cache, when they are inside). */
  private leftOutFolders: string[] = [];
  private readonly settling = new Map<string, NodeJS.Timeout>();
  private sink: WatchEventSink | undefined;
  /** The docs folder's real path, and those of the folders reached through links: a link is not followed round a loop. */
  private realRoot = '';
  private readonly linkedFolders = new Set<string>();
  /** A folder could not be watched: Vite's watcher has the whole docs folder. */
  private handedBack = false;
  private closed = false;

  constructor(docsDir: string) {
    this.root = path.resolve(docsDir);
  }

  /** Whether `file` is this watcher's, which Vite's ignores (its `server.watch.ignored`). */
  readonly covers = (file: string): boolean => {
    if (this.handedBack) return false;
    const absolute = path.resolve(file);
    return within(absolute, this.root) && !this.leftOut(absolute);
  };

  /** Leaves these folders (Astro's output and cache) to Vite's watcher, which ignores them. */
  leaveOut(folders: readonly string[]): void {
    this.leftOutFolders = folders.map((folder) => path.resolve(folder));
  }

  /** Lists the docs folder's folders and watches each; what changes from now on goes to `sink`. */
  start(sink: WatchEventSink): void {
    this.sink = sink;
    this.closed = false;
    this.realRoot = realPath(this.root);
    this.linkedFolders.clear();
    if (!this.watchFolder(this.root, false)) this.handBack();
  }

  close(): void {
    this.closed = true;
    for (const timer of this.settling.values()) clearTimeout(timer);
    this.settling.clear();
    for (const folder of this.folders.values()) folder.watcher.close();
    this.folders.clear();
  }

  private leftOut(absolute: string): boolean {
    const relative = path.relative(this.root, absolute);
    if (relative && relative.split(path.sep).some((name) => LEFT_OUT_NAMES.has(name))) return true;
    return this.leftOutFolders.some((folder) => within(absolute, folder));
  }

  /** Watches `dir` and the folders under it; `announce` tells of what is in them (a folder added while watching). False when one cannot be watched. */
  private watchFolder(dir: string, announce: boolean): boolean {
    if (this.folders.has(dir) || this.leftOut(dir)) return true;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: false }, (_event, name) => this.changed(dir, name === null ? null : String(name)));
    } catch (error) {
      // Gone already is nothing to watch; anything else (too many watches) is Vite's to handle.
      return (error as NodeJS.ErrnoException).code === 'ENOENT';
    }
    watcher.on('error', () => this.removeFolder(dir));
    const files = new Set<string>();
    this.folders.set(dir, { watcher, files });
    for (const entry of entriesIn(dir)) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory() || (entry.isSymbolicLink() && statSync(file, { throwIfNoEntry: false })?.isDirectory())) {
        if (this.leftOut(file) || (entry.isSymbolicLink() && !this.followsLink(file))) continue;
        if (announce) this.send('addDir', file);
        if (!this.watchFolder(file, announce)) return false;
      } else {
        files.add(entry.name);
        if (announce) this.send('add', file);
      }
    }
    return true;
  }

  /** Something changed in `dir`: the file named is looked at once its events have settled; without a name, every file of the folder. */
  private changed(dir: string, name: string | null): void {
    if (this.closed) return;
    const names = name === null ? [...(this.folders.get(dir)?.files ?? []), ...entriesIn(dir).map((entry) => entry.name)] : [name];
    for (const each of names) {
      const file = path.join(dir, each);
      clearTimeout(this.settling.get(file));
      this.settling.set(
        file,
        setTimeout(() => {
          this.settling.delete(file);
          this.lookAt(file);
        }, SETTLE_MS),
      );
    }
  }

  /** A link to a folder is followed, as the docs are read, when it leads inside the docs folder and to a folder not reached yet. */
  private followsLink(link: string): boolean {
    const real = realPath(link);
    if (this.linkedFolders.has(real) || real === this.realRoot || !within(real, this.realRoot)) return false;
    this.linkedFolders.add(real);
    return true;
  }

  /** What `file` is now, against what it was: added, changed or removed. */
  private lookAt(file: string): void {
    if (this.closed || this.leftOut(file)) return;
    const folder = this.folders.get(path.dirname(file));
    if (!folder) return;
    const name = path.basename(file);
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats) {
      if (this.folders.has(file)) this.removeFolder(file);
      else if (folder.files.delete(name)) this.send('unlink', file);
    } else if (stats.isDirectory()) {
      if (this.folders.has(file) || (lstatSync(file).isSymbolicLink() && !this.followsLink(file))) return;
      this.send('addDir', file);
      if (!this.watchFolder(file, true)) this.handBack();
    } else if (folder.files.has(name)) {
      this.send('change', file);
    } else {
      folder.files.add(name);
      this.send('add', file);
    }
  }

  /** A folder removed: each file and folder under it is unlinked, as chokidar tells it. */
  private removeFolder(dir: string): void {
    for (const [folder, { watcher, files }] of [...this.folders]) {
      if (!within(folder, dir)) continue;
      watcher.close();
      this.folders.delete(folder);
      for (const name of files) this.send('unlink', path.join(folder, name));
      this.send('unlinkDir', folder);
    }
    this.folders.get(path.dirname(dir))?.files.delete(path.basename(dir));
  }

  /** The system would watch no more folders: Vite's watcher takes the docs folder back, as it had it before this one. */
  private handBack(): void {
    this.close();
    this.closed = false;
    this.handedBack = true;
    this.sink?.add(this.root);
  }

  private send(event: string, file: string): void {
    this.sink?.emit(event, file);
    this.sink?.emit('all', event, file);
  }
}

function entriesIn(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** Whether `file` is `folder` or inside it. */
const within = (file: string, folder: string) => file === folder || file.startsWith(folder + path.sep);
