/**
 * Where results live on disk: `<globalStorage>/results/<hash of the report URI>/<stem>.pdf|.jpg`.
 * One folder per report, so the result panel of a report can be given exactly that folder as
 * a webview resource root, and two reports with the same file name never overwrite each
 * other's results. The commands that run tasks write here; the panels read from here.
 */
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import * as vscode from 'vscode';
import type { TaskKind } from '../../core/api/types';
import { isHostFile } from '../hostFiles';

/** `<globalStorage>/results`: the parent of every report's result folder. */
function resultsRoot(globalStorageUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(globalStorageUri, 'results');
}

/** The report's own result folder. The hash keeps paths short and free of odd characters. */
export function resultFolderFor(globalStorageUri: vscode.Uri, report: vscode.Uri): vscode.Uri {
  // @noble/hashes, not node:crypto: the web worker extension host has no Node (same digest).
  const hash = bytesToHex(sha256(utf8ToBytes(report.toString()))).slice(0, 16);
  return vscode.Uri.joinPath(resultsRoot(globalStorageUri), hash);
}

/** `sales.report.json` → `sales`; anything unsafe in a file name becomes `_`. */
export function resultStem(report: vscode.Uri): string {
  const base = report.path.split('/').pop() ?? '';
  // A result file (the PDF viewer's Save As) keeps its own name.
  const stem = base
    .replace(/\.report\.jsonc?$/i, '')
    .replace(/\.jsonc?$/i, '')
    .replace(/\.(pdf|jpe?g)$/i, '');
  // Control characters and the characters Windows refuses; leading dots would hide the file.
  const safe = stem
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
    .replace(/[\u0000-\u001f<>:"/\\|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  return safe || 'report';
}

export function resultExtension(kind: TaskKind): 'pdf' | 'jpg' {
  return kind === 'build' ? 'pdf' : 'jpg';
}

/**
 * The file a task's result is written to: a Build's PDF and a Preview's JPEG sit side by side,
 * each overwritten by the next run of its kind (write to a temporary name and rename, so the
 * viewer never reads a half-written file).
 */
export function resultFileFor(globalStorageUri: vscode.Uri, report: vscode.Uri, kind: TaskKind): vscode.Uri {
  return vscode.Uri.joinPath(resultFolderFor(globalStorageUri, report), `${resultStem(report)}.${resultExtension(kind)}`);
}

/** The live view's PDF of the report (drawn by the local renderer as the author types). */
export function liveFileFor(globalStorageUri: vscode.Uri, report: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(resultFolderFor(globalStorageUri, report), `${resultStem(report)}.live.pdf`);
}

export function fileName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? uri.path;
}

/** The folder holding `uri`. */
export function parentOf(uri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(uri, '..');
}

/** True when `child` is `parent` or inside it (same scheme and authority). */
export function isInside(child: vscode.Uri, parent: vscode.Uri): boolean {
  if (child.scheme !== parent.scheme || child.authority !== parent.authority) return false;
  const base = parent.path.endsWith('/') ? parent.path : `${parent.path}/`;
  return child.path === parent.path || child.path.startsWith(base);
}

/** True when `uri` is a file (on disk directly where the host has one: hostFiles.ts). */
export const fileExists = isHostFile;
