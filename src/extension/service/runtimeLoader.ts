/**
 * Loads the heavy parts on first use, from their own bundles next to dist/extension.js: the
 * engine (dist/engine.js: HTTP client, task runner, redaction registry, client errors, the
 * local service and its renderer) and the fix engine (dist/fixEngine.js, via
 * src/extension/schema/schemaProvider.ts). Only types are imported statically, so esbuild keeps
 * them out of dist/extension.js. The web entry swaps this module for
 * src/extension/web/runtimeLoader.ts (same exports), which has every part in its one bundle.
 */
import * as path from 'node:path';
import type * as EngineModule from '../../cli/engine';

export type Engine = typeof EngineModule;

/**
 * What the extension uses of an engine in both hosts: the web entry's engine
 * (src/web/engine.ts, bundled statically by src/extension/web/runtimeLoader.ts) exports these
 * names with compatible types. The rest (`runCli`, `createVisualDiffer`) serves the tasks and
 * Compare with…, which only the Node extension host has (src/extension/nodeHost.ts).
 */
export type EngineSurface = Pick<
  Engine,
  | 'ReportClient'
  | 'ReportServiceError'
  | 'FileWriteError'
  | 'runTask'
  | 'longPollSecondsFor'
  | 'pdfPageCount'
  | 'jpegSize'
  | 'redact'
  | 'registerSecret'
  | 'mapValidationErrors'
  | 'startLocalService'
>;

let engine: Engine | undefined;

/** Requires dist/<bundle> of the installed extension (a computed path: esbuild leaves it to run time). */
export function loadSiblingBundle<T>(extensionPath: string, bundle: string): T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
  return require(path.join(extensionPath, 'dist', bundle)) as T;
}

/** The engine, loaded once per extension host. */
export function loadEngine(extensionPath: string): Engine {
  return (engine ??= loadSiblingBundle<Engine>(extensionPath, 'engine.js'));
}

/** The engine if something has loaded it already (errors from it can exist only then). */
export function loadedEngine(): Engine | undefined {
  return engine;
}

/**
 * Tests running from the sources use the engine's modules as they are instead of dist/engine.js.
 * @public Read by its unit test, which require()s this module after the vscode stub (knip cannot follow that).
 */
export function provideEngine(replacement: Engine | undefined): void {
  engine = replacement;
}
