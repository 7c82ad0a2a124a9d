/** What the HTTP handlers share: options, keys, stores, the task runner. */
import type { ResolvedOptions } from '../options';
import type { ApiKey, KeyRing } from '../keys';
import type { Ledger } from '../store/ledger';
import type { TaskStore } from '../store/taskStore';
import type { TaskRunner } from '../tasks/runner';
import type { RetentionSweeper } from '../tasks/retention';
import type { BodyChecker } from './bodyPool';
import type { RecentRenders } from '../renderReuse';
import type { FileAccess, ServiceRequest } from './exchange';

export interface ServiceContext {
  options: ResolvedOptions;
  keys: KeyRing;
  ledger: Ledger;
  store: TaskStore;
  runner: TaskRunner;
  retention: RetentionSweeper;
  /** Decodes and validates submitted bodies (on Node, large ones in a worker thread). */
  bodies: Pick<BodyChecker, 'check' | 'close'>;
  /** The task files and bucket copies the handlers serve. */
  files: FileAccess;
  /** Renders shared by identical bodies a moment apart (a live draft, then its Preview). */
  renders: RecentRenders;
  /** http://127.0.0.1:PORT once listening (in the browser: its in-process origin). */
  origin: string;
}

export interface ApiRequest {
  req: ServiceRequest;
  url: URL;
  key: ApiKey;
  ctx: ServiceContext;
}

/** A query parameter as FastAPI reads it (last value wins); undefined when absent. */
export function queryParam(url: URL, name: string): string | undefined {
  const all = url.searchParams.getAll(name);
  return all.length ? all[all.length - 1] : undefined;
}
