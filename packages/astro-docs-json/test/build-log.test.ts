// What `build` prints: Astro's lines, with the build's progress instead of a line per file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AstroLoggerMessage } from 'astro';
import { advanceProgress, resetProgress } from '../src/astro/build/build-progress.ts';
import { progressLog, showingProgress } from '../src/cli/build-log.ts';

const info = (label: string | null, message: string, newLine = true): AstroLoggerMessage => ({ level: 'info', label, message, newLine });
/** Astro's line for a file, coloured as it writes it, then its time. */
const fileLine = (file: string) => [info(null, `  \x1b[34m├─\x1b[39m \x1b[2m${file}\x1b[22m`, false), info('SKIP_FORMAT', ' \x1b[2m(+3ms)\x1b[22m')];

/** A build of `files` files, `pages` of them searched, printed through a fresh progress view. */
function printed(live: boolean, files: number, pages: number, events: (progress: ReturnType<typeof progressLog>) => void) {
  const out: string[] = [];
  const astro: string[] = [];
  resetProgress();
  const view = showingProgress({ write: (text) => out.push(text) }, live);
  const log = progressLog({ write: (event) => astro.push(event.message) }, view);
  advanceProgress({ toRender: files, toIndex: pages });
  events(log);
  return { out, astro };
}

describe('build log', () => {
  it('counts the files Astro renders instead of printing them, and passes its other lines through', () => {
    const { out, astro } = printed(false, 20, 0, (log) => {
      log.write(info('build', 'Building static entrypoints...'));
      for (let file = 0; file < 20; file++) {
        const [name, time] = fileLine(`/page-${file}/index.html`);
        log.write(name!);
        if (file === 5) log.write({ level: 'warn', label: 'astro-docs-json', message: 'a component failed', newLine: true });
        log.write(time!);
      }
      log.write(info(null, '✓ Completed in 1.2s.'));
    });
    assert.deepEqual(astro, ['Building static entrypoints...', 'a component failed', '✓ Completed in 1.2s.']);
    // A line at every tenth of the way where output is kept, each once.
    assert.equal(out.length, 11);
    assert.equal(out[0], '  0 of 20 files rendered (0%)\n');
    assert.equal(out[5], '  10 of 20 files rendered (50%)\n');
    assert.equal(out.at(-1), '  20 of 20 files rendered (100%)\n');
  });

  it('counts files rendered at once, and those an incremental build keeps', () => {
    const { out, astro } = printed(false, 3, 0, (log) => {
      const [a, b, c] = [fileLine('/a.html'), fileLine('/b.html'), fileLine('/c.html')];
      for (const event of [a[0]!, b[0]!, a[1]!, b[1]!, c[0]!, info('SKIP_FORMAT', ' \x1b[32m(cached)\x1b[39m')]) log.write(event);
    });
    assert.deepEqual(astro, []);
    assert.equal(out.at(-1), '  3 of 3 files rendered (100%)\n');
  });

  it('prints the files as Astro does when it does not know how many there are (an adapter renders them)', () => {
    const { out, astro } = printed(false, 0, 0, (log) => fileLine('/a.html').forEach((event) => log.write(event)));
    assert.equal(astro.length, 2);
    assert.deepEqual(out, []);
  });

  it('says how far search is, and when it is done', () => {
    const { out } = printed(false, 2, 4, (log) => {
      for (const event of [...fileLine('/a.html'), ...fileLine('/b.html')]) log.write(event);
      advanceProgress({ indexed: 4 });
    });
    assert.deepEqual(out.slice(-2), ['  2 of 2 files rendered (100%) · search index: 0 of 4 pages\n', '  2 of 2 files rendered (100%) · search index: 4 of 4 pages\n']);
  });

  it('on a terminal, redraws one line, which other lines push down, and ends it when done', () => {
    const screen: string[] = [];
    resetProgress();
    const view = showingProgress({ write: (text) => screen.push(text) }, true);
    const log = progressLog({ write: (event) => screen.push(`${event.message}\n`) }, view);
    advanceProgress({ toRender: 1 });
    log.write(info('build', 'vite'));
    for (const event of fileLine('/a.html')) log.write(event);
    log.write(info('build', 'Complete!'));
    const line = (text: string) => `\r\x1b[2K  ${text}`;
    assert.equal(screen.join(''), `${line('0 of 1 files rendered (0%)')}\r\x1b[2Kvite\n  0 of 1 files rendered (0%)${line('1 of 1 files rendered (100%)')}\nComplete!\n`);
  });
});
