/** What the HTTP handlers share: options, keys, stores, the task runner. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResolvedOptions } from '../options';
import type { ApiKey, KeyRing } from '../keys';
import type { Ledger } from '../store/ledger';
import type { TaskStore } from '../store/taskStore';
import type { TaskRunner } from '../tasks/runner';
import type { RetentionSweeper } from '../tasks/retention';
import type { BodyChecker } from './bodyPool';
import type { RecentRenders } from '../renderReuse';

export interface ServiceContext {
  options: ResolvedOptions;
  keys: KeyRing;
  ledger: Ledger;
  store: TaskStore;
  runner: TaskRunner;
  retention: RetentionSweeper;
  /** Decodes and validates submitted bodies (large ones in a worker thread). */
  bodies: BodyChecker;
  /** Renders shared by identical bodies a moment apart (a live draft, then its Preview). */
  renders: RecentRenders;
  /** http://127.0.0.1:PORT once listening. */
  origin: string;
}

export interface ApiRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  key: ApiKey;
  ctx: ServiceContext;
}

/** A query parameter as FastAPI reads it (last value wins); undefined when absent. */
export function queryParam(url: URL, name: string): string | undefined {
  const all = url.searchParams.getAll(name);
  return all.length ? all[all.length - 1] : undefined;
}
