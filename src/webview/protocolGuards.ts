/**
 * Runtime narrowing of the messages between the extension and the result viewer
 * (src/webview/protocol.ts declares them): each side ignores what it does not expect.
 *
 * Browser-safe: no 'vscode', no Node imports.
 */
import type { TaskKind } from '../core/api/types';
import type { HostToViewerMessage, ViewerToHostMessage } from './protocol';

/** Every TaskKind, for checking a kind that arrives in a message (a Record: the compiler keeps it complete). */
const TASK_KINDS: Readonly<Record<TaskKind, true>> = { build: true, preview: true };

const HOST_TYPES: ReadonlySet<string> = new Set<HostToViewerMessage['type']>([
  'showStatus',
  'showPdf',
  'showJpeg',
  'showFailed',
  'showValidationErrors',
  'showError',
  'setReportName',
  'livePaused',
  'highlight',
  'sourceMap',
  'setRebuildLabel',
  'showEmpty',
  'viewerSettings',
  'exported',
  'find',
  'liveAvailable',
]);

/** Narrow an incoming `message` event payload; anything else is ignored by the viewer. */
export function isHostToViewerMessage(data: unknown): data is HostToViewerMessage {
  return typeof data === 'object' && data !== null && HOST_TYPES.has(String((data as { type?: unknown }).type));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const optional = (v: unknown, check: (v: unknown) => boolean): boolean => v === undefined || check(v);
const isString = (v: unknown): boolean => typeof v === 'string';

/** What each message from the viewer must carry; the extension acts on nothing else. */
const VIEWER_MESSAGE_CHECKS: { [T in ViewerToHostMessage['type']]: (m: Record<string, unknown>) => boolean } = {
  ready: (m) => m.restored === null || isObject(m.restored),
  rebuild: (m) => optional(m.kind, (k) => typeof k === 'string' && Object.hasOwn(TASK_KINDS, k)),
  saveAs: (m) => isString(m.url),
  openExternally: (m) => isString(m.url),
  cancelTask: (m) => optional(m.taskId, isString),
  revealError: (m) => Number.isInteger(m.index) && (m.index as number) >= 0,
  selectSource: (m) =>
    Array.isArray(m.path) && m.path.every((p) => isString(p) || Number.isInteger(p)) && optional(m.whole, (w) => typeof w === 'boolean'),
  useLocalService: () => true,
  stateChanged: (m) => isObject(m.state),
  viewerError: (m) => isString(m.message) && optional(m.url, isString),
  openExported: () => true,
  backToLive: () => true,
};

/**
 * Narrow a message from the webview (a page the extension does not trust: a compromised or
 * stale script can post anything); a wrong type or field makes it ignored.
 */
export function isViewerToHostMessage(data: unknown): data is ViewerToHostMessage {
  if (!isObject(data) || typeof data.type !== 'string' || !Object.hasOwn(VIEWER_MESSAGE_CHECKS, data.type)) return false;
  return VIEWER_MESSAGE_CHECKS[data.type as ViewerToHostMessage['type']](data);
}
