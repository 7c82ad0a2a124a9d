/**
 * Loads ./localService on first use. In the bundle this `require` is left to run time
 * (scripts/build.mjs, `lazy`) and finds dist/localService.js next to dist/cli.js.
 */
import type * as LocalServiceModule from './localService';

export type LocalServiceApi = typeof LocalServiceModule;

let loaded: LocalServiceApi | undefined;

export function loadLocalService(): LocalServiceApi {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./localService') as LocalServiceApi;
  return loaded;
}
