/**
 * Loads the local service (for --offline and serve) on first use. From the sources that is
 * ./localService; in the bundle this `require` is left to run time (scripts/build.mjs, `lazy`)
 * and finds dist/engine.js, which holds it, next to dist/cli.js.
 */
import type * as LocalServiceModule from './localService';

/** What the CLI uses of the engine (dist/engine.js exports more: the client, runCli, …). */
export type EngineApi = typeof LocalServiceModule;

let loaded: EngineApi | undefined;

export function loadEngine(): EngineApi {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle, see above
  loaded ??= require('./localService') as EngineApi;
  return loaded;
}
