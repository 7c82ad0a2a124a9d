/**
 * Loads ./engine (the local service, for --offline and serve) on first use. In the bundle this
 * `require` is left to run time (scripts/build.mjs, `lazy`) and finds dist/engine.js next to
 * dist/cli.js.
 */
import type * as EngineModule from './engine';

export type EngineApi = typeof EngineModule;

let loaded: EngineApi | undefined;

export function loadEngine(): EngineApi {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle, see above
  loaded ??= require('./engine') as EngineApi;
  return loaded;
}
