/** `astro:build:start`: the build starts writing its output folder, which a failure at any phase removes. */
import { takeComponentFailures, takeRenderFailures } from '../build/render-failures.ts';
import type { IntegrationState } from './state.ts';

export function startBuild(state: IntegrationState): void {
  // A build before this one, in the same process, is not this one's.
  takeRenderFailures();
  takeComponentFailures();
  state.output.arm(state.outDir);
}
