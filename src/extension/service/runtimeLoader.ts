/**
 * Loads the heavy parts on first use, from their own bundles next to dist/extension.js:
 * the client runtime (dist/serviceClient.js) and the local service with its renderer
 * (dist/localService.js, ~5 MB). Only types are imported statically, so esbuild keeps
 * both out of dist/extension.js (scripts/build.mjs builds them as separate entries).
 */
import * as path from 'node:path';
import type * as ClientRuntimeModule from './clientRuntime';
import type * as LocalServiceModule from '../../cli/localService';

export type ClientRuntime = typeof ClientRuntimeModule;
export type LocalServiceRuntime = typeof LocalServiceModule;

let clientRuntime: ClientRuntime | undefined;
let localServiceRuntime: LocalServiceRuntime | undefined;

/** Requires dist/<bundle> of the installed extension (a computed path: esbuild leaves it to run time). */
export function loadSiblingBundle<T>(extensionPath: string, bundle: string): T {
  // A computed path: esbuild leaves this require to run time.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(extensionPath, 'dist', bundle)) as T;
}

export function loadClientRuntime(extensionPath: string): ClientRuntime {
  return (clientRuntime ??= loadSiblingBundle<ClientRuntime>(extensionPath, 'serviceClient.js'));
}

export function loadLocalServiceRuntime(extensionPath: string): LocalServiceRuntime {
  return (localServiceRuntime ??= loadSiblingBundle<LocalServiceRuntime>(extensionPath, 'localService.js'));
}
