/**
 * What a result panel's rebuild button repeats, and the words that say so and what it costs:
 * what the panel shows — a live draft is redrawn (local, free), a JPEG previewed again (free),
 * a PDF built again (quota) — or, on an error page, the task that failed. The host decides:
 * the viewer cannot tell a live draft's PDF from a build's.
 */
import * as vscode from 'vscode';
import type { TaskKind } from '../../core/api/types';
import type { HostToViewerMessage } from '../../webview/protocol';

/** The live view's redraw, or a task of one kind. */
export type RebuildAction = TaskKind | 'live';

/** The rebuild button's words per action, in the display language. */
export const rebuildLabels = (): Record<RebuildAction, { label: string; title: string }> => ({
  live: { label: vscode.l10n.t('Redraw'), title: vscode.l10n.t('Redraw the live view (drawn on this machine: free, uses no quota)') },
  preview: {
    label: vscode.l10n.t('Preview'),
    title: vscode.l10n.t('Preview again: a watermarked JPEG from the service (free, uses no quota)'),
  },
  build: { label: vscode.l10n.t('Build'), title: vscode.l10n.t("Build the PDF again: uses 1 report of the service's quota") },
});

/** Error kinds about the service in use, not the report: stale once the service changes. */
export const SERVICE_ERROR_KINDS: ReadonlySet<string> = new Set([
  'auth',
  'payment',
  'quota',
  'rate_limited',
  'server',
  'network',
  'timeout',
  'bad_response',
  'other',
]);

/**
 * `content`: the panel's main content; `lastKind`: the last task's kind; `asked`: what the
 * viewer asks for (from the result it holds; used when the host has nothing on record).
 */
export function rebuildActionFor(content: HostToViewerMessage | null, lastKind: TaskKind | undefined, asked?: TaskKind): RebuildAction {
  if (content?.type === 'showPdf') return content.live ? 'live' : 'build';
  if (content?.type === 'showJpeg') return 'preview';
  // An error page: the task that failed (the viewer may still hold a live draft behind it).
  if (content && lastKind) return lastKind;
  return asked ?? lastKind ?? 'build';
}
