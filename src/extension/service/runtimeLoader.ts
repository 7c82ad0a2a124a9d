/**
 * Loads the heavy parts on first use, from their own bundles next to dist/extension.js: the
 * engine (dist/engine.js: HTTP client, task runner, redaction registry, client errors, the
 * local service and its renderer) and the fix engine (dist/fixEngine.js, via
 * src/extension/schema/schemaProvider.ts). Only types are imported statically, so esbuild keeps
 * them out of dist/extension.js.
 */
import * as path from 'node:path';
import type * as EngineModule from '../../cli/engine';

export type Engine = typeof EngineModule;

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
