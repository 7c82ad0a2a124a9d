/** The shapes shared by the Preview/Build flow (submissions.ts) and its failure display (failure.ts). */
import type * as vscode from 'vscode';
import type { QuotaHeaders } from '../../core/client/apiClient';
import type { TaskKind } from '../../core/api/types';
import type { RenderNote } from '../../core/api/types';
import type { RenderNoteDiagnostics } from '../diagnostics/renderNoteDiagnostics';
import type { ServiceDiagnostics } from '../diagnostics/serviceDiagnostics';
import type { ReportLog } from '../log';
import type { QuotaStore } from '../quota/quotaStore';
import type { ClientFactory } from '../service/clientFactory';
import type { ResultPanels } from '../viewer/resultPanels';

export type SubmitTrigger = 'command' | 'save' | 'panel';

type SubmitStatus = 'success' | 'failed' | 'invalid' | 'error' | 'cancelled' | 'superseded' | 'declined';

/** What a Preview/Build command returns (tests and other extensions read it). */
export interface SubmitOutcome {
  status: SubmitStatus;
  kind: TaskKind;
  report: string;
  taskId?: string;
  /** The result file (fsPath) on success. */
  file?: string;
  pageCount?: number;
  /** Quota left after a build, from the response headers. */
  quota?: QuotaHeaders;
  errorKind?: string;
  message?: string;
  /** Problems shown for a 422. */
  diagnostics?: number;
  /** The local renderer's notes on a successful run (content cut from a single page, …); shown as diagnostics. */
  notes?: RenderNote[];
}

export interface SubmitDeps {
  context: vscode.ExtensionContext;
  log: ReportLog;
  clients: ClientFactory;
  quota: QuotaStore;
  panels: ResultPanels;
  diagnostics: ServiceDiagnostics;
  renderNotes: RenderNoteDiagnostics;
}

/** Abort reasons: a user's cancel is reported, a superseded run ends quietly. */
export const CANCELLED = 'cancelled by the user';
export const SUPERSEDED = 'superseded by a newer submission';

export function shortTaskId(taskId: string): string {
  return taskId.length > 8 ? taskId.slice(0, 8) : taskId;
}
