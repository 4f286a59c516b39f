/**
 * No half-written site: a build that fails at any phase (bundling, rendering, the steps
 * after) removes its output folder, so that a deploy step never publishes a partial site
 * and a reader never mistakes one for the real thing.
 */
import { rmSync } from 'node:fs';
import type { Plugin } from 'vite';

export interface OutputGuard {
  /** The build starts writing `outDir`. */
  arm(outDir: string): void;
  /** The build finished: what it wrote stays. */
  disarm(): void;
  /** The build failed: remove what it wrote. */
  removeOutput(): void;
  /** Removes the output when a bundling step fails. */
  vitePlugin: Plugin;
}

export function outputGuard(): OutputGuard {
  let outDir = '';
  // Set while a build runs: a process that ends before the build finished leaves nothing.
  const onExit = () => guard.removeOutput();
  const guard: OutputGuard = {
    arm(dir) {
      outDir = dir;
      process.once('exit', onExit);
    },
    disarm() {
      outDir = '';
      process.off('exit', onExit);
    },
    removeOutput() {
      if (outDir) rmSync(outDir, { recursive: true, force: true });
      guard.disarm();
    },
    vitePlugin: {
      name: 'astro-docs-json:output-guard',
      apply: 'build',
      buildEnd(error) {
        if (error) guard.removeOutput();
      },
    },
  };
  return guard;
}
