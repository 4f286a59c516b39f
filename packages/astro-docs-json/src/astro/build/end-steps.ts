/**
 * The steps of a build's end (`hooks/after-build.ts`), each named, so that one that fails
 * is one message: which step, which file, what went wrong. By then every page has been
 * rendered and written: a failure here leaves them where they are (a build that fails
 * earlier writes nothing, `output-guard.ts`), and says what the folder lacks.
 */
import path from 'node:path';
import { AstroError } from 'astro/errors';

/** A step of the build's end, and the error it failed with. */
class EndStepFailure extends Error {
  readonly step: string;

  constructor(step: string, cause: unknown) {
    super(`${step}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.step = step;
  }
}

/** `work`, whose failure names `step` ("writing the search index"). */
export function endStep<T>(step: string, work: Promise<T> | (() => Promise<T>)): Promise<T> {
  return (typeof work === 'function' ? Promise.resolve().then(work) : work).catch((error: unknown) => {
    throw error instanceof EndStepFailure ? error : new EndStepFailure(step, error);
  });
}

/** The error a failed end of the build stops with: the step, the file, the message; no stack trace. */
export function endOfBuildError(error: unknown, outDir: string, root: string): AstroError {
  const step = error instanceof EndStepFailure ? error.step : 'the end of the build';
  const cause = error instanceof EndStepFailure ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  const file = (cause as { path?: unknown } | undefined)?.path;
  const where = typeof file === 'string' && !message.includes(file) ? ` (${path.relative(root, file) || file})` : '';
  const folder = path.relative(root, outDir) || outDir;
  const failure = new AstroError(
    `Every page was rendered into ${folder}; then ${step} failed: ${message}${where}`,
    `The pages stay in ${folder}, but the site there lacks what that step writes: do not publish it. Build again; should it fail the same way, run the build with DEBUG=1 and report what it prints.`,
  );
  failure.stack = process.env.DEBUG && cause instanceof Error ? (cause.stack ?? '') : '';
  return failure;
}
