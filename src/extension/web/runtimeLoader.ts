/**
 * The web entry's twin of src/extension/service/runtimeLoader.ts (same exports; swapped in by
 * scripts/web-build.mjs): the web worker extension host cannot require a sibling file, so
 * dist/web/extension.js holds every part, imported here statically — the browser engine
 * (src/web/engine.ts: the client over fetch, the in-browser local service and its renderer),
 * the fix engine and the formatter. The studio itself is imported by the web entry.
 */
import * as formatter from '../../core/format/reportFormat';
import * as webEngine from '../../web/engine';
import * as fixEngine from '../schema/fixEngineEntry';
import type { Engine, EngineSurface } from '../service/runtimeLoader';

export type { Engine, EngineSurface } from '../service/runtimeLoader';

/** The browser engine honours the contract (a compile error here when it does not). */
const surface: EngineSurface = webEngine;
// Only the surface's names are reached from the web entry: the callers of the rest (tasks,
// Compare with…) are the Node host's alone (src/extension/nodeHost.ts and its web twin).
let engine: Engine | undefined = surface as Engine;

const BUNDLES: Record<string, unknown> = { 'fixEngine.js': fixEngine, 'formatter.js': formatter };

/** The part that the Node host would require from dist/<bundle>. */
export function loadSiblingBundle<T>(_extensionPath: string, bundle: string): T {
  if (bundle === 'engine.js') return surface as T;
  if (!(bundle in BUNDLES)) throw new Error(`dist/web/extension.js holds no ${bundle}`);
  return BUNDLES[bundle] as T;
}

export function loadEngine(_extensionPath: string): Engine {
  return (engine ??= surface as Engine);
}

/** Always loaded: it is part of this bundle. */
export function loadedEngine(): Engine | undefined {
  return engine;
}

export function provideEngine(replacement: Engine | undefined): void {
  engine = replacement;
}
