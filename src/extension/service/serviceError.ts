/**
 * Recognises the engine's errors. They are thrown by code in dist/engine.js, so they are
 * instances of the classes that bundle exports; before the engine is loaded, none can exist.
 */
import type { ReportServiceError } from '../../core/client/errors';
import { loadedEngine } from './runtimeLoader';

export function asServiceError(error: unknown): ReportServiceError | undefined {
  const engine = loadedEngine();
  return engine && error instanceof engine.ReportServiceError ? error : undefined;
}

/** A report file that could not be written (core/client/download). */
export function isFileWriteError(error: unknown): error is Error & { path: string } {
  const engine = loadedEngine();
  return engine !== undefined && error instanceof engine.FileWriteError;
}
